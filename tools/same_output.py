"""Check that two builds of razzlog write byte-identical reports (a tool, not a test).

    python tools/same_output.py --base 2be44da                 # this checkout against a commit
    python tools/same_output.py --base 2be44da --hands 20000 --seeds 3
    python tools/same_output.py --base-python /other/venv/bin/python   # e.g. compiled vs pure

For speed work (issue 16) the rule is "output unchanged".  This writes three
kinds of input into a temporary folder:

* clean generated hands of every site the generator writes;
* generated hands of every site where a fifth of the hands carry one injected
  violation;
* damaged hands: the same generator's hands cut into inputs of 1 to 20 hands
  and damaged at random by ``tools/fuzz.py``'s mutations (lines dropped,
  duplicated, swapped or moved, digits, dates, amounts and cards changed, bytes
  flipped, encodings), so that every error path is exercised;

then runs, with both builds, ``razzlog audit`` on each kind in the ``jsonl``,
``json`` and ``table`` formats under every profile with 1 and 2 jobs, and
``razzlog stats -f json``, and compares standard output, standard error and
the exit status byte for byte.  ``--base REV`` checks out that commit in a
temporary git worktree (run with this checkout's Python and ``PYTHONPATH``);
``--base-python`` runs the base with another interpreter on this checkout
(a compiled and a pure build of the same code).  Exit status 0: identical.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fuzz import make_input  # the damage of the fuzzer, shared

from razzlog.generate.stream import WRITERS, generate_text, stream_labeled
from razzlog.rules.profiles import PROFILES as NAMED_PROFILES

ROOT = Path(__file__).resolve().parents[1]
SITES = tuple(WRITERS)  # every site the generator writes
PROFILES = ("auto", *NAMED_PROFILES)
# the sites whose text the fuzzer's line and byte mutations damage (Merge's XML loses its
# elements' structure to them, which its own tests cover)
DAMAGED_SITES = tuple(site for site in SITES if site != "merge")


def write_inputs(folder: Path, hands: int, seed: int) -> dict[str, list[Path]]:
    """The three kinds of input, each a list of files."""
    kinds: dict[str, list[Path]] = {"clean": [], "violations": [], "damaged": []}
    per_site = max(1, hands // len(SITES))
    for n, site in enumerate(SITES):
        for kind, rate in (("clean", 0.0), ("violations", 0.2)):
            path = folder / kind / f"{site}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(
                generate_text(seed * 101 + n, per_site, site=site, violations=rate), encoding="utf-8"
            )
            kinds[kind].append(path)
    rng = random.Random(f"{seed}/damage")
    donors = [text for text, _ in stream_labeled(seed, 50, site="pokerstars", violations=0.2)]
    donors += [text for text, _ in stream_labeled(seed + 1, 50, site="fulltilt", violations=0.2)]
    damaged = folder / "damaged"
    damaged.mkdir()
    pool = [
        text
        for n, site in enumerate(DAMAGED_SITES)
        for text, _ in stream_labeled(seed * 211 + n, per_site, site=site, violations=0.2)
    ]
    rng.shuffle(pool)
    at = 0
    while at < len(pool):
        take = rng.randint(1, 20)
        data, _ = make_input(rng, pool[at : at + take], donors)
        path = damaged / f"{at:06d}.txt"
        path.write_bytes(data)
        kinds["damaged"].append(path)
        at += take
    return kinds


def commands(kinds: dict[str, list[Path]]) -> list[list[str]]:
    out: list[list[str]] = []
    for paths in kinds.values():
        files = [str(p) for p in paths]
        for profile in PROFILES:
            for jobs in ("1", "2"):
                for fmt in ("jsonl", "json", "table"):
                    out.append(["audit", *files, "-f", fmt, "--profile", profile, "--jobs", jobs])
        out.append(["stats", *files, "-f", "json", "--jobs", "2"])
    return out


def run(python: str, tree: Path, args: list[str]) -> str:
    env = dict(os.environ, PYTHONPATH=str(tree), COLUMNS="120", NO_COLOR="1", PYTHONHASHSEED="0")
    done = subprocess.run([python, "-m", "razzlog", *args], capture_output=True, env=env, cwd=tree)
    digest = hashlib.sha256(done.stdout + b"\0" + done.stderr).hexdigest()
    return f"{done.returncode} {digest}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", help="a git revision to compare this checkout with")
    ap.add_argument("--base-python", default=sys.executable, help="the interpreter of the base")
    ap.add_argument("--hands", type=int, default=2000, help="hands per kind of input")
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    different = 0
    with tempfile.TemporaryDirectory(prefix="razzlog-same-") as tmp:
        base_tree = ROOT
        if args.base:
            base_tree = Path(tmp) / "base"
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base_tree), args.base],
                check=True,
            )
        try:
            for seed in range(args.seeds):
                folder = Path(tmp) / f"inputs-{seed}"
                folder.mkdir()
                kinds = write_inputs(folder, args.hands, seed)
                todo = commands(kinds)

                def both(cmd: list[str]) -> tuple[list[str], str, str]:
                    new = run(sys.executable, ROOT, cmd)
                    return cmd, new, run(args.base_python, base_tree, cmd)

                with ThreadPoolExecutor(args.workers) as pool:
                    for cmd, new, old in pool.map(both, todo):
                        if new != old:
                            different += 1
                            shown = " ".join(a if not a.startswith(tmp) else Path(a).name for a in cmd[:8])
                            print(f"DIFFERENT: {shown} …  new {new}  base {old}")
                counts = {kind: len(paths) for kind, paths in kinds.items()}
                print(f"seed {seed}: {len(todo)} runs compared, files {counts}")
        finally:
            if args.base:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_tree)])
    print("identical" if different == 0 else f"{different} runs differ")
    return 0 if different == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
