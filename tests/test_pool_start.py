"""How the pools whose workers use polars start them: forks of a clean fork server, never of
this process (a fork of a process that has used polars can hang in it), with the parsers and
the rules imported once in the server rather than in every worker."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from razzlog import pool
from razzlog.generate.stream import generate_text

REPO = Path(__file__).resolve().parents[1]
LINUX = sys.platform.startswith("linux")


def _run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """A real process: a hang is a failure after ``timeout`` seconds, not a stuck suite."""
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
        timeout=timeout,
        check=False,
    )


@pytest.mark.skipif(not LINUX, reason="threads are counted in /proc")
def test_the_fork_servers_preload_neither_imports_polars_nor_starts_a_thread() -> None:
    code = (
        "import importlib, json, os, sys\n"
        f"for name in {list(pool.FORKSERVER_PRELOAD)!r}: importlib.import_module(name)\n"
        "heavy = [m for m in ('polars', 'pyarrow', 'numpy') if m in sys.modules]\n"
        "print(json.dumps([heavy, len(os.listdir('/proc/self/task'))]))\n"
    )
    done = _run("-c", code, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [[], 1]


def _where(_: int) -> bytes:
    """In a worker: its parent, which preloaded modules it found imported, and a polars query's
    result (the query that hangs in a fork of a process that has used polars)."""
    total = pl.LazyFrame({"a": [1, 2, 3]}).select(pl.col("a").sum()).collect().item()
    preloaded = [name for name in pool.FORKSERVER_PRELOAD if name in sys.modules]
    return pickle.dumps([(os.getppid(), preloaded, total)])


@pytest.mark.skipif(not LINUX, reason="a fork server is the start on Linux")
def test_polars_workers_are_forks_of_a_preloaded_server_and_run_polars() -> None:
    assert pool.fresh_start() == "forkserver"
    pl.LazyFrame({"a": [1]}).select(pl.col("a") + 1).collect()  # this process has used polars
    batches = pool.ordered_results(iter(range(4)), _where, 2, None, pool.fresh_start())
    results = [result for batch in batches for result in batch]
    parents = {parent for parent, _, _ in results}
    assert os.getpid() not in parents  # spawned workers are this process's children
    assert all(preloaded == list(pool.FORKSERVER_PRELOAD) for _, preloaded, _ in results)
    assert [total for _, _, total in results] == [6] * 4


def test_two_job_import_and_stats_finish_and_equal_one_jobs(tmp_path: Path) -> None:
    """The import's and the statistics' pools, with two workers, in real processes."""
    logs = tmp_path / "logs"
    logs.mkdir()
    for n in range(2):
        (logs / f"gen{n}.txt").write_text(generate_text(20261203 + n, 300, violations=0.1), encoding="utf-8")
    outputs: dict[str, list[str]] = {}
    for jobs in ("1", "2"):
        store = tmp_path / f"store{jobs}"
        done = _run("-m", "razzlog", "import", str(logs), "--store", str(store), "--jobs", jobs, "-q")
        assert done.returncode in (0, 1), done.stderr
        stored = _run("-m", "razzlog", "audit", "--store", str(store), "-f", "json")
        stats = _run("-m", "razzlog", "stats", str(logs), "--jobs", jobs, "-f", "json")
        assert stats.returncode == 0, stats.stderr
        outputs[jobs] = [stored.stdout, stats.stdout]
    assert outputs["2"] == outputs["1"]
    assert json.loads(outputs["2"][1])  # rows, not an empty table
