#!/usr/bin/env python3
"""Benchmark the hand store (a script, not a test).

    python bench/store.py [--size 100000] [--big 1000000] [--jobs 1,2] [--out bench/results-store.json]

On the cached corpora of bench/run.py, each command in a fresh process
(hands/s, peak RSS of the largest process and of the process tree):

* ``audit FILE --format jsonl`` and ``import FILE --store NEW`` with each
  ``--jobs``, in the same run, so the two compare on an equally busy machine;
* with ``--big``: a folder of that many hands (the 10k-hand batch files,
  hard-linked) imported with the most jobs, then: its re-import unchanged,
  ``stats --store --format json`` (every player: 155,000 rows; and with
  ``--min-hands 50``, a few hundred), ``audit --store --format json``, a
  ``query`` group-by, ``show --store`` of one hand, and the store's size on disk.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run as bench  # noqa: E402 - bench/run.py: corpora and the measuring wrapper

WORK = bench.CACHE / "store"


def _rate(hands: int, result: dict[str, object]) -> dict[str, object]:
    wall = float(result["wall"])  # type: ignore[arg-type]
    return {
        "wall_s": round(wall, 3),
        "hands_per_s": round(hands / wall, 1) if hands else None,
        "max_rss_mib": round(int(result["max_rss"]) / 2**20, 1),  # type: ignore[call-overload]
        "tree_rss_mib": round(int(result["tree_rss"]) / 2**20, 1),  # type: ignore[call-overload]
    }


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _first_hand_id(path: Path) -> str:
    """The id of the first hand of a corpus file (a hand halfway through the store)."""
    with path.open(encoding="utf-8") as lines:
        header = next(line for line in lines if line.startswith("PokerStars Hand #"))
    return header.split("#", 1)[1].split(":", 1)[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--big", type=int, default=0)
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--out", type=Path, default=HERE / "results-store.json")
    args = parser.parse_args()
    razzlog = bench.razzlog_cmd()
    rows: list[dict[str, object]] = []
    WORK.mkdir(parents=True, exist_ok=True)

    if args.size:
        path = bench.corpus(args.size, 2)
        hands = bench.count_hands(path)
        for jobs in [int(j) for j in args.jobs.split(",")]:
            audit = bench.measure(
                [*razzlog, "audit", str(path), "-f", "jsonl", "-j", str(jobs), "--no-progress"]
            )
            store = WORK / f"import-{args.size}-{jobs}"
            shutil.rmtree(store, ignore_errors=True)
            imported = bench.measure(
                [*razzlog, "import", str(path), "--store", str(store), "-j", str(jobs), "--no-progress"]
            )
            a, i = _rate(hands, audit), _rate(hands, imported)
            rows.append({"what": f"audit {hands} hands", "jobs": jobs, **a})
            rows.append(
                {
                    "what": f"import {hands} hands",
                    "jobs": jobs,
                    **i,
                    "vs_audit": round(i["wall_s"] / a["wall_s"], 3),
                }
            )  # type: ignore[operator]
            rows.append({"what": f"store size {hands} hands", "mib": round(_size(store) / 2**20, 1)})
            print(rows[-3], rows[-2], rows[-1], sep="\n", flush=True)

    if args.big:
        batches = -(-args.big // bench.BATCH)
        bench.corpus(batches * bench.BATCH, 2)  # makes the batch files
        folder = WORK / f"folder-{batches * bench.BATCH}"
        folder.mkdir(exist_ok=True)
        for i in range(batches):
            link = folder / bench._batch(i).name
            if not link.exists():
                os.link(bench._batch(i), link)
        hands = batches * bench.BATCH
        store = WORK / f"store-{hands}"
        jobs = max(int(j) for j in args.jobs.split(","))
        steps: list[tuple[str, list[str], int]] = [
            ("import", ["import", str(folder), "--store", str(store), "-j", str(jobs), "--no-progress"], hands),
            ("re-import unchanged", ["import", str(folder), "--store", str(store), "--no-progress"], hands),
            ("stats --store", ["stats", "--store", str(store), "-f", "json", "--no-progress"], hands),
            (
                "stats --store --min-hands 50",
                ["stats", "--store", str(store), "-f", "json", "--min-hands", "50", "--no-progress"],
                hands,
            ),
            ("audit --store", ["audit", "--store", str(store), "-f", "json"], hands),
            (
                "query group-by",
                ["query", "--store", str(store), "-f", "csv",
                 "SELECT player, COUNT(*) AS hands, SUM(net) AS net FROM player_hands GROUP BY player"],
                hands,
            ),
            ("show --store", ["show", _first_hand_id(bench._batch(batches // 2)), "--store", str(store)], 1),
        ]  # fmt: skip
        if store.exists() and (store / "manifest.json").exists():
            steps = steps[1:]  # imported by an earlier run: measure the rest
        for what, argv, n in steps:
            rows.append({"what": f"{what} ({hands} hands)", **_rate(n, bench.measure([*razzlog, *argv]))})
            print(rows[-1], flush=True)
        rows.append({"what": f"store size {hands} hands", "mib": round(_size(store) / 2**20, 1)})
        print(rows[-1], flush=True)

    doc = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": bench.machine(),
        "rows": rows,
    }
    args.out.write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
