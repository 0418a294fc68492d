"""Check that two checkouts of razzlog import the same inputs into equal stores (a tool, not a test).

    python tools/same_store.py --base /work/wt-base OTHER_INPUT... [--jobs 1,2] [--segment-hands 500]

Imports the inputs with this checkout and with ``--base`` (another checkout,
its own build, compiled or not), each into a new store, with each ``--jobs``
and each ``--segment-hands`` (``RAZZLOG_SEGMENT_HANDS``): first every input
but the last in one import, then the last in a second one (so a store of two
generations, its ``files`` table rewritten).  Then compares the two stores'
tables row for row: the rows each table's files (as the manifest names them)
hold, sorted, every column but ``files.imported_at``, and their types; and
the command's exit status.  Prints one line per table and case; exit status 0: all equal.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import polars as pl

ROOT = Path(__file__).resolve().parents[1]
TABLES = ("hands", "player_hands", "actions", "violations", "files")
IGNORED = {"files": ("imported_at",)}  # when it was imported: differs between any two imports


def _import(tree: Path, inputs: list[str], store: Path, jobs: int, segment_hands: int) -> list[int]:
    """The exit status of each import (both steps) of ``inputs`` into ``store`` by ``tree``'s code."""
    env = {**os.environ, "PYTHONPATH": str(tree), "RAZZLOG_SEGMENT_HANDS": str(segment_hands)}
    steps = [inputs[:-1], inputs[-1:]] if len(inputs) > 1 else [inputs]
    codes = []
    for step in steps:
        command = [
            sys.executable,
            "-m",
            "razzlog",
            "import",
            *step,
            "--store",
            str(store),
            "--jobs",
            str(jobs),
        ]
        # run from the store's folder: ``-m`` puts the current folder first on the path
        done = subprocess.run(command, env=env, cwd=store.parent, capture_output=True, check=False)
        codes.append(done.returncode)
    return codes


def _table(store: Path, table: str) -> pl.DataFrame:
    manifest = json.loads((store / "manifest.json").read_text(encoding="utf-8"))
    if table == "files":
        paths = [manifest["files"]]
    else:
        paths = [f"{table}/{segment['name']}.parquet" for segment in manifest["segments"]]
    frame = pl.concat([pl.read_parquet(store / p) for p in paths], how="vertical_relaxed")
    frame = frame.drop(*IGNORED.get(table, ()))
    # sortable columns only (a list column such as files.other_games cannot be a sort key)
    keys = [c for c, t in frame.schema.items() if not isinstance(t, (pl.List, pl.Struct))]
    return frame.sort(keys, nulls_last=True)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", required=True, type=Path, help="the other checkout")
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--segment-hands", default="200000", help="comma-separated")
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    inputs = [os.path.abspath(i) for i in args.inputs]
    same = True
    with tempfile.TemporaryDirectory() as folder:
        for jobs in (int(j) for j in args.jobs.split(",")):
            for segment_hands in (int(s) for s in args.segment_hands.split(",")):
                case = f"jobs {jobs}, segments of {segment_hands}"
                stores = {}
                for name, tree in (("base", args.base.resolve()), ("this", ROOT)):
                    store = Path(folder) / f"{name}-{jobs}-{segment_hands}" / "store"
                    store.parent.mkdir()
                    codes = _import(tree, inputs, store, jobs, segment_hands)
                    stores[name] = (store, codes)
                (base, base_codes), (this, this_codes) = stores["base"], stores["this"]
                if base_codes != this_codes:
                    same = False
                    print(f"{case}: exit status {base_codes} (base) and {this_codes}")
                for table in TABLES:
                    old, new = _table(base, table), _table(this, table)
                    # equals() alone takes 1 and 1.0 for equal: the types must be the same too
                    equal = old.schema == new.schema and old.equals(new, null_equal=True)
                    same &= equal
                    print(f"{case}: {table}: {old.height} rows, {'equal' if equal else 'DIFFERENT'}")
    print("equal" if same else "DIFFERENT")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
