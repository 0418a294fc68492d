"""Two builds of razzlog, one command, runs interleaved: the least wall time and the peak RSS.

    python bench/ab.py RUNS OLD_TREE NEW_TREE -- stats --store STORE -f json

runs ``python -m razzlog ARGS`` with ``PYTHONPATH`` set to each tree in turn
(old, new, old, new…) under ``/usr/bin/time``, the output to a file of each
tree's, and prints per tree the least wall time, the least CPU time (user +
system), the peak RSS of each run and the sha256 of the last output.
Interleaved because the machine is shared: a slower minute slows both.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def run(tree: str, args: list[str], out: Path) -> tuple[float, float, float]:
    """(wall s, cpu s, peak RSS MiB) of one run, its output written to ``out``."""
    command = [
        "/usr/bin/time",
        "-f",
        "%e %U %S %M",
        sys.executable,
        "-m",
        "razzlog",
        *args,
        "-q",
        "-o",
        str(out),
    ]
    # run from the output's folder: ``-m`` puts the current folder first on the path, before
    # PYTHONPATH, so from a source tree every run would be that tree's
    environment = {**os.environ, "PYTHONPATH": tree}
    done = subprocess.run(
        command, env=environment, cwd=out.parent, capture_output=True, text=True, check=True
    )
    wall, user, system, rss = done.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(rss) / 1024


def main() -> None:
    runs, old, new = int(sys.argv[1]), os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    args = sys.argv[sys.argv.index("--") + 1 :]
    figures: dict[str, list[tuple[float, float, float]]] = {old: [], new: []}
    with tempfile.TemporaryDirectory() as folder:
        outputs = {tree: Path(folder) / f"out{n}" for n, tree in enumerate((old, new))}
        for _ in range(runs):
            for tree in (old, new):
                figures[tree].append(run(tree, args, outputs[tree]))
        for tree, measured in figures.items():
            digest = hashlib.sha256(outputs[tree].read_bytes()).hexdigest()[:16]
            walls = ", ".join(f"{w:.2f}" for w, _, _ in measured)
            peaks = ", ".join(f"{m:.0f}" for _, _, m in measured)
            print(
                f"{tree}: wall min {min(w for w, _, _ in measured):.2f} s ({walls}); "
                f"cpu min {min(c for _, c, _ in measured):.2f} s; peak RSS {peaks} MiB; sha256 {digest}"
            )


if __name__ == "__main__":
    main()
