#!/usr/bin/env python3
"""``razzlog import`` against ``razzlog audit``, for one or more builds, runs interleaved.

    python bench/ab_import.py RUNS FILE --jobs 1 TREE [TREE...]

For each of ``RUNS`` rounds, for each tree in turn: ``audit FILE -f jsonl``
(output to a file) and ``import FILE`` into a new store, each under
``bench/cpu_tree.py`` with ``PYTHONPATH`` set to the tree.  Prints per tree the least
wall and CPU time (user + system, the workers' included) of each command, the
import ÷ audit ratio of those least times, the peak RSS (largest process) and
the store's size.  ``bench/ab.py`` cannot measure an import: a second run into
the same store finds every file unchanged.  Interleaved because the machine is
shared: a slower minute slows every command alike.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def run(tree: str, args: list[str], cwd: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MiB) of ``python -m razzlog ARGS`` with ``tree``'s code."""
    # bench/cpu_tree.py, not /usr/bin/time: a fork server's workers are not the command's children
    command = [
        sys.executable,
        str(Path(__file__).with_name("cpu_tree.py")),
        sys.executable,
        "-m",
        "razzlog",
        *args,
    ]
    # from another folder: ``-m`` puts the current folder first on the path, before PYTHONPATH
    environment = {**os.environ, "PYTHONPATH": tree}
    done = subprocess.run(command, env=environment, cwd=cwd, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 1: violations found
        raise SystemExit(f"{tree}: {' '.join(args)} failed:\n{done.stderr}")
    wall, user, system, rss = done.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(rss) / 1024


def _size(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", type=int)
    parser.add_argument("file")
    parser.add_argument("trees", nargs="+")
    parser.add_argument("--jobs", default="1")
    args = parser.parse_args()
    path = os.path.abspath(args.file)
    trees = [os.path.abspath(t) for t in args.trees]
    figures: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    sizes: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for _ in range(args.runs):
            for n, tree in enumerate(trees):
                audit = [
                    "audit",
                    path,
                    "-f",
                    "jsonl",
                    "--jobs",
                    args.jobs,
                    "-q",
                    "-o",
                    str(work / f"audit{n}"),
                ]
                figures.setdefault((tree, "audit"), []).append(run(tree, audit, work))
                store = work / f"store{n}"
                shutil.rmtree(store, ignore_errors=True)
                imported = ["import", path, "--store", str(store), "--jobs", args.jobs, "-q", "--no-progress"]
                figures.setdefault((tree, "import"), []).append(run(tree, imported, work))
                sizes[tree] = _size(store)
    for tree in trees:
        least = {}
        for what in ("audit", "import"):
            measured = figures[(tree, what)]
            least[what] = (min(w for w, _, _ in measured), min(c for _, c, _ in measured))
            walls = ", ".join(f"{w:.2f}" for w, _, _ in measured)
            peaks = ", ".join(f"{m:.0f}" for _, _, m in measured)
            print(
                f"{tree} {what}: wall min {least[what][0]:.2f} s ({walls}); "
                f"cpu min {least[what][1]:.2f} s; peak RSS {peaks} MiB"
            )
        print(
            f"{tree}: import ÷ audit {least['import'][0] / least['audit'][0]:.3f} wall, "
            f"{least['import'][1] / least['audit'][1]:.3f} cpu; store {sizes[tree]:.1f} MiB"
        )


if __name__ == "__main__":
    main()
