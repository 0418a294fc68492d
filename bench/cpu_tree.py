#!/usr/bin/env python3
"""Run a command and print the CPU of every process it started, however they were started.

    python bench/cpu_tree.py COMMAND [ARGS...]

Prints on standard error, as its last line, ``WALL USER SYSTEM MAXRSS_KIB`` (as
``/usr/bin/time -f "%e %U %S %M"`` does).  ``/usr/bin/time`` counts only the
descendants that their parents waited for: a fork server's workers are its
children, and the fork server itself outlives the command's main process and is
waited for by nobody, so their CPU was never counted.  Here this process is the
descendants' subreaper (Linux ``PR_SET_CHILD_SUBREAPER``): orphans are handed to
it, and it waits for all of them before reading its children's usage.
"""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main() -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit(f"prctl(PR_SET_CHILD_SUBREAPER): {os.strerror(ctypes.get_errno())}")
    start = time.perf_counter()
    status = subprocess.call(sys.argv[1:])
    while True:  # the orphans: a fork server, a resource tracker
        try:
            os.wait()
        except ChildProcessError:
            break
    wall = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{wall:.2f} {usage.ru_utime:.2f} {usage.ru_stime:.2f} {usage.ru_maxrss}", file=sys.stderr)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
