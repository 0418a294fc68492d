#!/usr/bin/env python3
"""Interleaved A/B of one razzlog command between builds or checkouts (a script, not a test).

    python bench/ab.py ROUNDS NAME=PYTHONPATH,NAME=PYTHONPATH COMMAND…
    python bench/ab.py 3 pure=../pure,compiled=. audit FILE -f jsonl --jobs 1

Runs ``python -m razzlog COMMAND…`` (output to /dev/null) under each
PYTHONPATH in turn, ROUNDS times (A, B, A, B…: on a shared machine a slow
spell then costs both alike), and prints each run's wall and CPU time (the
process and its children) and the minimum of each.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time


def main(rounds: int, builds: dict[str, str], command: list[str]) -> None:
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in builds}
    for r in range(rounds):
        for name, path in builds.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            proc = subprocess.run(
                [sys.executable, "-m", "razzlog", *command],
                env={**os.environ, "PYTHONPATH": path},
                stdout=subprocess.DEVNULL,
                check=False,
            )
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            runs[name].append((wall, cpu))
            print(f"round {r} {name}: wall {wall:.2f} s, CPU {cpu:.2f} s, exit {proc.returncode}", flush=True)
    for name, measured in runs.items():
        walls = ", ".join(f"{w:.2f}" for w, _ in measured)
        print(
            f"{name}: min wall {min(w for w, _ in measured):.2f} s, min CPU {min(c for _, c in measured):.2f} s ({walls})"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]), dict(b.split("=", 1) for b in sys.argv[2].split(",")), sys.argv[3:])
