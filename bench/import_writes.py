#!/usr/bin/env python3
"""What an import's part writes cost with one job: the audit, and the import three ways.

    python bench/import_writes.py FILE [--rounds 5]

Each run is a fresh process that runs the CLI in-process (start-up not
counted; polars and pyarrow imported first for every mode, the audit's too):

* ``audit``: ``audit FILE -f jsonl -j 1`` to /dev/null;
* ``import``: ``import FILE --store NEW -j 1`` as shipped, each part written by
  the spool's thread (:mod:`razzlog.store.spool`) while the next is read;
* ``same-thread``: the same import with each part written on the main thread
  when it is full (no overlap);
* ``unwritten``: the same import with the parts dropped (the rows are built,
  never put together into the tables nor written): the cost of the rows alone.

The modes run interleaved, round after round (this machine's speed drifts
by ±20 % over minutes), and each line gives the wall time, the main thread's
CPU (``time.thread_time``: it reads, parses, audits and tabulates, so it bounds
the import), the process's user and system CPU and minor page faults.  The
summary gives each mode's least and median wall time, and their ratio to the
audit's in the same round.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

MODES = ("audit", "import", "same-thread", "unwritten")

# run in a child process: the measured command and its variant, one JSON line on stderr's last line
CHILD = r"""
import json, os, resource, sys, tempfile, time
from concurrent.futures import Future
import polars, pyarrow  # noqa: F401 - start-up, not counted
import razzlog.store.spool as spool
from razzlog.cli import main

class Inline:  # an executor that runs what it is given at once, on the caller's thread
    def __init__(self, *args, **kwargs):
        pass
    def submit(self, fn, *args):
        done = Future()
        try:
            done.set_result(fn(*args))
        except BaseException as exc:
            done.set_exception(exc)
        return done
    def shutdown(self, wait=True, cancel_futures=False):
        pass

mode, path = sys.argv[1], sys.argv[2]
if mode == "same-thread":
    spool.ThreadPoolExecutor = Inline  # PartSpool.put as it is, its writes run before it returns
elif mode == "unwritten":
    spool.PartSpool._write = lambda self, part, close: None
os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
with tempfile.TemporaryDirectory() as folder:
    argv = (["audit", path, "-f", "jsonl", "-j", "1", "--no-progress"] if mode == "audit"
            else ["import", path, "--store", folder + "/store", "-j", "1", "--no-progress"])
    before = resource.getrusage(resource.RUSAGE_SELF)
    thread, wall = time.thread_time(), time.perf_counter()
    code = main(argv)
    wall, thread = time.perf_counter() - wall, time.thread_time() - thread
    after = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({
    "wall": wall, "main_thread": thread,
    "user": after.ru_utime - before.ru_utime, "system": after.ru_stime - before.ru_stime,
    "minor_faults": after.ru_minflt - before.ru_minflt, "max_rss_mib": after.ru_maxrss / 1024,
}), file=sys.stderr)
sys.exit(code)  # the command's own status: run() refuses a failed run
"""


def run(mode: str, path: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode, path], capture_output=True, text=True, check=False
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"{mode} failed ({done.returncode}):\n{done.stderr}")
    result: dict[str, float] = json.loads(done.stderr.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", help="also write every run as JSON to this file")
    args = parser.parse_args()
    path = str(Path(args.file).resolve())
    runs: dict[str, list[dict[str, float]]] = {mode: [] for mode in MODES}
    for round_ in range(args.rounds):
        # the order turns each round, so that no mode always runs first
        order = MODES[round_ % len(MODES) :] + MODES[: round_ % len(MODES)]
        for mode in order:
            r = run(mode, path)
            runs[mode].append(r)
            print(
                f"round {round_ + 1} {mode:12s} wall {r['wall']:6.2f} s  main thread {r['main_thread']:6.2f}"
                f"  user {r['user']:6.2f}  system {r['system']:5.2f}  faults {int(r['minor_faults']):7,}"
                f"  rss {r['max_rss_mib']:5.0f} MiB",
                flush=True,
            )
    print()
    audit = [r["wall"] for r in runs["audit"]]
    for mode in MODES:
        walls = [r["wall"] for r in runs[mode]]
        ratios = [w / a for w, a in zip(walls, audit, strict=True)]
        print(
            f"{mode:12s} wall least {min(walls):6.2f} s, median {statistics.median(walls):6.2f} s;"
            f" ÷ the audit of its round: median {statistics.median(ratios):.2f}"
            f" (from {min(ratios):.2f} to {max(ratios):.2f})"
        )
    if args.out:
        Path(args.out).write_text(json.dumps({"file": path, "runs": runs}, indent=1) + "\n")


if __name__ == "__main__":
    main()
