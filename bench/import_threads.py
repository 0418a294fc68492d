#!/usr/bin/env python3
"""Whose CPU an import uses: the main thread, the thread that writes its parts, the rest.

    python bench/import_threads.py FILE [--jobs N]

Imports FILE into a new store in this process (start-up imports not counted)
and prints the wall time and the CPU time (``time.thread_time``) of the main
thread, which reads and audits the hands (or with several jobs takes the
workers' chunks in order, one at a time) and so bounds the import's speed;
of the thread that writes the parts (``razzlog.store.spool``, where a checkout
has it); of the process's other threads (the pool's, polars'); and of the
workers.  Thread CPU does not depend on the machine's load as wall time does.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

import polars  # noqa: F401 - the start-up, not counted
import pyarrow  # noqa: F401

import razzlog.store.importer as importer

PART_THREAD = [0.0]


def _time_part_writes() -> None:
    try:
        import razzlog.store.spool as spool
    except ImportError:  # a checkout without the spool writes its parts on the main thread
        return
    write = spool.PartSpool._write

    def timed(self: Any, *args: Any) -> None:
        start = time.thread_time()
        try:
            write(self, *args)
        finally:
            PART_THREAD[0] += time.thread_time() - start

    spool.PartSpool._write = timed  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    _time_part_writes()
    with tempfile.TemporaryDirectory() as folder:
        thread, process, wall = time.thread_time(), time.process_time(), time.perf_counter()
        importer.import_paths([args.file], Path(folder) / "store", jobs=args.jobs)
        thread, process = time.thread_time() - thread, time.process_time() - process
        wall = time.perf_counter() - wall
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"jobs {args.jobs}: wall {wall:.2f} s; CPU s: main thread {thread:.2f}, "
        f"part writes {PART_THREAD[0]:.2f}, other threads {process - thread - PART_THREAD[0]:.2f}, "
        f"workers {usage.ru_utime + usage.ru_stime:.2f}"
    )


if __name__ == "__main__":
    main()
