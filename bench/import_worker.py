#!/usr/bin/env python3
"""What an import's worker adds to an audit's work per hand, measured in pairs.

    python bench/import_worker.py FILE [--rounds 4]

Runs :func:`razzlog.store.rows.import_chunk` (what a worker, or the only
process with one job, does with each chunk of hands) over FILE's hands, read
and cut into chunks before the clock starts, in two modes:

* ``audit``: the rows switched off (no statistics' extraction, no extra hand
  row, no frames): parse, replay, per-hand rules and cross-hand keys, the
  audit's work;
* ``import``: as shipped.

Each stage is timed by wrapping its function with the calling thread's CPU
clock (``bench/import_stages.py``'s wrapper).  This VM's speed drifts by ±20 % over minutes, far more than what is
measured, so each round runs the two modes **at the same time**, one process
per CPU, and compares them within the round: the shared stages' ratio says
whether the import's rows slow the audit's own work (a colder cache, a
bigger heap), and the rows' stages what they add per hand.  Needs 2 CPUs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)

SHARED = ("parse", "replay", "per-hand rules", "cross-hand keys")
ROWS = ("statistics' rows", "extra hand row", "chunk frames")

CHILD = r"""
import json, sys, time
import polars as pl
from razzlog.pool import CHUNK_SIZE, in_tasks
from razzlog.sources import iter_raw_hands
import razzlog.rules.engine as engine
import razzlog.rules.replay as replay
import razzlog.sites as sites
import razzlog.store.rows as rows

path, mode = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])  # bench/: import_stages' wrapper, which times with the thread's clock
from import_stages import SECONDS as seconds, _wrap as timed

tasks = list(in_tasks(iter_raw_hands([path]), CHUNK_SIZE))
timed(sites, "parse_raw_hand", "parse")
timed(replay, "replay", "replay")
timed(engine, "hand_violations", "per-hand rules")
timed(engine, "cross_keys", "cross-hand keys")
if mode == "audit":
    empty = pl.DataFrame()
    rows.add_hand = lambda *args, **kwargs: None
    blank = (None,) * len(rows.EXTRA_HANDS)
    rows._extra_row = lambda hand, raw: blank
    rows._frames = lambda *args: (empty, empty, empty)
else:
    timed(rows, "add_hand", "statistics' rows")
    timed(rows, "_extra_row", "extra hand row")
    timed(rows, "_frames", "chunk frames")
start = time.thread_time()
count = 0
for task in tasks:
    count += len(rows.import_chunk(task, "auto", False).records)
seconds["in all"] = time.thread_time() - start
print(json.dumps({"mode": mode, "items": count, "seconds": seconds}))
"""


def _pair(path: str, first: str) -> dict[str, dict[str, float]]:
    """Both modes at once, ``first`` started first; each mode's stage seconds and item count."""
    modes = (first, "import" if first == "audit" else "audit")
    children = [
        subprocess.Popen([sys.executable, "-c", CHILD, path, mode, HERE], stdout=subprocess.PIPE, text=True)
        for mode in modes
    ]
    out: dict[str, dict[str, float]] = {}
    for child in children:
        stdout, _ = child.communicate()
        if child.returncode:
            raise SystemExit(f"a child failed with status {child.returncode}")
        result = json.loads(stdout.strip().splitlines()[-1])
        out[result["mode"]] = {**result["seconds"], "items": result["items"]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file")
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    shared_ratio: list[float] = []
    extra_us: list[float] = []
    rows_us: list[float] = []
    for round_ in range(args.rounds):
        result = _pair(args.file, "audit" if round_ % 2 == 0 else "import")
        audit, imp = result["audit"], result["import"]
        items = audit["items"]
        shared_a = sum(audit.get(s, 0.0) for s in SHARED)
        shared_i = sum(imp.get(s, 0.0) for s in SHARED)
        rows = sum(imp.get(s, 0.0) for s in ROWS)
        shared_ratio.append(shared_i / shared_a)
        extra_us.append((imp["in all"] - audit["in all"]) / items * 1e6)
        rows_us.append(rows / items * 1e6)
        stages = ", ".join(f"{s} {imp.get(s, 0.0) / items * 1e6:.1f}" for s in ROWS)
        print(
            f"round {round_ + 1}: {items} items; audit {audit['in all']:.2f} s, import {imp['in all']:.2f} s "
            f"(x{imp['in all'] / audit['in all']:.2f}); shared stages x{shared_i / shared_a:.3f}; "
            f"rows µs/hand: {stages}"
        )
    print(
        f"median: import ÷ audit's shared stages x{statistics.median(shared_ratio):.3f}; "
        f"rows {statistics.median(rows_us):.1f} µs a hand; "
        f"all the import adds {statistics.median(extra_us):.1f} µs a hand"
    )


if __name__ == "__main__":
    main()
