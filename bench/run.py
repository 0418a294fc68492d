#!/usr/bin/env python3
"""Benchmark razzlog end to end on generated corpora (a script, not a test).

    python bench/run.py [--sizes 10000,100000,1000000] [--jobs 1,2] [--commands audit,stats]
                        [--out bench/results.json]

For each size it generates (once: cached under bench/.cache/) a PokerStars
corpus of that many legal hands, then measures, each in a fresh process:

* ``razzlog audit FILE --format jsonl [--jobs J] > /dev/null``;
* ``razzlog stats FILE --format json [--jobs J] > /dev/null``;
* a baseline: a plain Python regex scan counting the hand headers of the file;
* ``razzlog --help`` (start-up time).

On a commit whose CLI has no ``--jobs``, audit with J > 1 runs
``razzlog.parallel.audit_parallel`` through ``python -c`` (the same writer as
the CLI's) and stats with J > 1 is not measured.

Figures: wall time, hands/s, the ratio of the baseline's hands/s to it (how
many times slower than reading the file with a regex), the peak RSS of the
largest single process (``getrusage(RUSAGE_CHILDREN)`` in a wrapper process)
and the peak of the whole process tree's memory, its processes' proportional
set sizes added up, so that pages a forked worker shares with its parent
count once (sampled every 200 ms from /proc, Linux only: reading PSS costs
the kernel some time, less often would miss short peaks, more often slows
the measured run).  A table is printed and everything is written as JSON
with the machine, CPU count, Python version, date and commit.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = HERE / ".cache"
BATCH = 10_000  # hands per generated batch (one seed each); corpora are batches concatenated
SEED = 20_260_101

BASELINE = r"""
import re, sys
header = re.compile(rb"^(?:PokerStars (?:Game|Hand|Zoom Hand|Home Game Hand) #|Full ?Tilt ?Poker Game #)", re.M)
n = 0
with open(sys.argv[1], "rb") as f:
    rest = b""
    while True:
        block = f.read(1 << 20)
        if not block:
            break
        block = rest + block
        cut = block.rfind(b"\n") + 1
        n += len(header.findall(block, 0, cut))
        rest = block[cut:]
    n += len(header.findall(rest))
print(n)
"""

AUDIT_PARALLEL = r"""
import sys
from razzlog.parallel import audit_parallel
from razzlog.render import audit as render
render.run(audit_parallel([sys.argv[1]], jobs=int(sys.argv[2])), render.JsonlWriter(sys.stdout))
"""


# --------------------------------------------------------------------------- corpora


def _batch(index: int) -> Path:
    return CACHE / f"batch-{SEED + index}-{BATCH}.txt"


def _write_batch(index: int, hands: int) -> str:
    from razzlog.generate.stream import generate_text

    path = CACHE / f"batch-{SEED + index}-{hands}.txt"
    if not path.exists():
        tmp = path.with_suffix(".tmp")
        tmp.write_text(generate_text(SEED + index, hands), encoding="utf-8")
        tmp.replace(path)
    return str(path)


def corpus(size: int, workers: int) -> Path:
    """A file of ``size`` generated hands (rounded up to whole batches above one batch)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    if size <= BATCH:
        if not (CACHE / f"batch-{SEED}-{size}.txt").exists():
            print(f"generating {size} hands…", flush=True)
        return Path(_write_batch(0, size))
    batches = -(-size // BATCH)
    path = CACHE / f"corpus-{batches * BATCH}.txt"
    if path.exists():
        return path
    missing = [i for i in range(batches) if not _batch(i).exists()]
    if missing:
        print(f"generating {len(missing)} batches of {BATCH} hands on {workers} processes…", flush=True)
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for done, _ in enumerate(pool.map(_write_batch, missing, [BATCH] * len(missing)), start=1):
                rate = done * BATCH / (time.perf_counter() - start)
                print(f"  {done}/{len(missing)} batches ({rate:.0f} hands/s)", flush=True)
    tmp = path.with_suffix(".tmp")
    with tmp.open("wb") as out:
        for i in range(batches):
            with _batch(i).open("rb") as f:
                shutil.copyfileobj(f, out)
            out.write(b"\n\n")
    tmp.replace(path)
    return path


def count_hands(path: Path) -> int:
    return int(
        subprocess.run([sys.executable, "-c", BASELINE, str(path)], capture_output=True, check=True).stdout
    )


# --------------------------------------------------------------------------- measuring


def _tree_rss(root: int) -> int:
    """Memory in bytes of ``root`` and its descendants (Linux /proc), 0 if unknown.

    Each process counts its proportional set size (PSS: pages shared with
    others, such as a forked worker's copy-on-write pages, divided among
    them), or its RSS where PSS cannot be read.
    """
    total, frontier, seen = 0, [root], {root}
    while frontier:
        pid = frontier.pop()
        try:
            total += _memory(pid)
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as f:
                    for child in map(int, f.read().split()):
                        if child not in seen:
                            seen.add(child)
                            frontier.append(child)
        except (OSError, ValueError):
            continue  # the process ended meanwhile
    return total


def _memory(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    with open(f"/proc/{pid}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _child(argv: Sequence[str]) -> None:
    """Run ``argv`` (output to /dev/null), print JSON: wall time and peak RSS."""
    peak_tree = 0
    with open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        proc = subprocess.Popen(list(argv), stdout=devnull, stderr=subprocess.PIPE)
        done = threading.Event()

        def sample() -> None:
            nonlocal peak_tree
            while not done.wait(0.2):
                peak_tree = max(peak_tree, _tree_rss(proc.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        if sys.platform.startswith("linux"):
            sampler.start()
        _, err = proc.communicate()
        wall = time.perf_counter() - start
        done.set()
    if sampler.is_alive():
        sampler.join()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB elsewhere
    print(
        json.dumps(
            {
                "wall": wall,
                "returncode": proc.returncode,
                "max_rss": usage.ru_maxrss * scale,
                "tree_rss": peak_tree,
                "cpu": usage.ru_utime + usage.ru_stime,
                "stderr": err.decode("utf-8", "replace")[-2000:],
            }
        )
    )


def measure(argv: Sequence[str]) -> dict[str, object]:
    """Run ``argv`` under a fresh wrapper process and return its figures."""
    out = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps(list(argv))], capture_output=True, check=True
    )
    result: dict[str, object] = json.loads(out.stdout)
    # 1: violations found, but also what Python exits with on an uncaught exception
    if result["returncode"] not in (0, 1) or "Traceback (most recent call last)" in str(result["stderr"]):
        raise SystemExit(f"{' '.join(argv)} failed ({result['returncode']}):\n{result['stderr']}")
    return result


def razzlog_cmd() -> list[str]:
    """The razzlog of the interpreter running the bench (not another one earlier on PATH)."""
    beside = Path(sys.executable).with_name("razzlog")
    exe = str(beside) if beside.is_file() else shutil.which("razzlog")
    return [exe] if exe else [sys.executable, "-m", "razzlog"]


def has_option(command: str, option: str) -> bool:
    out = subprocess.run([*razzlog_cmd(), command, "--help"], capture_output=True, text=True, env=_wide_env())
    return out.returncode == 0 and option in out.stdout


def _wide_env() -> dict[str, str]:
    return {**os.environ, "COLUMNS": "200", "TERM": "dumb"}


# --------------------------------------------------------------------------- main


def machine() -> dict[str, object]:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "razzlog", "grammars"], cwd=ROOT, capture_output=True
    )
    try:
        import lark_cython  # noqa: F401

        parser = "lark-cython"
    except ImportError:
        parser = "lark"
    from razzlog.compiled import build

    if os.environ.get("RAZZLOG_LARK_CYTHON") == "0":
        parser = "lark (RAZZLOG_LARK_CYTHON=0)"
    return {
        "node": platform.node(),
        "machine": platform.machine(),
        "system": f"{platform.system()} {platform.release()}",
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "parser": parser,
        "build": build(),  # pure Python or compiled with mypyc (razzlog.compiled)
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": commit.stdout.strip() + ("+changes" if dirty.stdout.strip() else ""),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="10000,100000", help="corpus sizes in hands (comma-separated)")
    parser.add_argument("--jobs", default=f"1,{os.cpu_count() or 1}", help="worker counts (comma-separated)")
    parser.add_argument("--commands", default="audit,stats", help="what to measure: audit, stats")
    parser.add_argument("--out", default=str(HERE / "results.json"), help="JSON output")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(json.loads(args.child))
        return
    sizes = [int(s) for s in args.sizes.split(",") if s]
    jobs = list(dict.fromkeys(int(j) for j in args.jobs.split(",") if j))
    razzlog = razzlog_cmd()
    audit_jobs = has_option("audit", "--jobs")
    stats_jobs = has_option("stats", "--jobs")
    commands = set(args.commands.split(","))
    has_stats = "stats" in commands and has_option("stats", "--format")

    info = machine()
    print(
        f"{info['node']} ({info['machine']}, {info['cpu_count']} CPUs), Python {info['python']}, "
        f"{info['parser']}, commit {info['commit']}"
    )
    help_runs = [measure([*razzlog, "--help"])["wall"] for _ in range(3)]
    startup = min(float(w) for w in help_runs)  # type: ignore[arg-type]
    print(f"razzlog --help: {startup:.2f} s")

    rows: list[dict[str, object]] = []
    for size in sizes:
        path = corpus(size, max(jobs))
        hands = count_hands(path)
        mib = path.stat().st_size / 2**20
        base = measure([sys.executable, "-c", BASELINE, str(path)])
        base_rate = hands / float(base["wall"])  # type: ignore[arg-type]
        rows.append(_row("baseline regex scan", size, hands, 1, base, base_rate, ""))
        for j in jobs if "audit" in commands else []:
            if audit_jobs:
                cmd = [*razzlog, "audit", str(path), "--format", "jsonl", "--jobs", str(j)]
                how = "cli"
            elif j == 1:
                cmd = [*razzlog, "audit", str(path), "--format", "jsonl"]
                how = "cli"
            else:
                cmd = [sys.executable, "-c", AUDIT_PARALLEL, str(path), str(j)]
                how = "audit_parallel"
            rows.append(_row("audit jsonl", size, hands, j, measure(cmd), base_rate, how))
            print(_fmt(rows[-1]), flush=True)
        if has_stats:
            for j in jobs:
                if stats_jobs:
                    cmd = [*razzlog, "stats", str(path), "--format", "json", "--jobs", str(j)]
                elif j == 1:
                    cmd = [*razzlog, "stats", str(path), "--format", "json"]
                else:
                    continue
                rows.append(_row("stats json", size, hands, j, measure(cmd), base_rate, "cli"))
                print(_fmt(rows[-1]), flush=True)
        print(f"  ({hands} hands, {mib:.0f} MiB; baseline {base_rate:,.0f} hands/s)")

    print()
    print(table(rows))
    result = {"machine": info, "startup_seconds": startup, "results": rows}
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten: {args.out}")


def _row(
    what: str, size: int, hands: int, jobs: int, m: dict[str, object], base_rate: float, how: str
) -> dict[str, object]:
    wall = float(m["wall"])  # type: ignore[arg-type]
    rate = hands / wall
    return {
        "what": what,
        "size": size,
        "hands": hands,
        "jobs": jobs,
        "via": how,
        "seconds": round(wall, 3),
        "hands_per_s": round(rate, 1),
        "times_baseline": round(base_rate / rate, 1),
        "max_rss_mib": round(int(m["max_rss"]) / 2**20, 1),  # type: ignore[call-overload]
        "tree_rss_mib": round(int(m["tree_rss"]) / 2**20, 1),  # type: ignore[call-overload]
        "cpu_seconds": round(float(m["cpu"]), 2),  # type: ignore[arg-type]
    }


def _fmt(row: dict[str, object]) -> str:
    return (
        f"  {row['what']:<20} {row['hands']:>8} hands  jobs={row['jobs']}  {row['seconds']:>8.2f} s  "
        f"{row['hands_per_s']:>9,.0f} hands/s  peak {row['tree_rss_mib']} MiB (tree PSS)"
    )


def table(rows: list[dict[str, object]]) -> str:
    """A Markdown table of the measurements."""
    head = (
        "| what | hands | jobs | seconds | hands/s | × baseline | peak RSS, largest process (MiB) "
        "| peak PSS, process tree (MiB) |"
    )
    lines = [head, "|" + " --- |" * 8]
    for r in rows:
        lines.append(
            f"| {r['what']} | {r['hands']:,} | {r['jobs']} | {r['seconds']:.2f} | {r['hands_per_s']:,.0f} "
            f"| {r['times_baseline']} | {r['max_rss_mib']} | {r['tree_rss_mib']} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
