"""The store's commands as a user runs them: ``import``, ``audit/stats/show --store``, ``query``.

Real processes (``python -m razzlog``) on copies of the samples: the outputs
with ``--store`` are byte for byte those of the same command on the files.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def razzlog(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "120", **(env or {})},
        cwd=cwd,
        check=False,
    )


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The samples copied to a folder, and a store they were imported into."""
    folder = tmp_path_factory.mktemp("cli") / "logs"
    shutil.copytree(REPO / "samples", folder)
    (folder / "notes.txt").write_text("no hand here\n", encoding="utf-8")  # skipped with a warning
    store = folder.parent / "store"
    done = razzlog("import", str(folder), "--store", str(store), "--format", "json", "--jobs", "1")
    assert done.returncode == 1, done.stderr  # the samples' violations: exit 1, as audit
    summary = json.loads(done.stdout)
    assert summary["files"]["new"] == len([p for p in folder.rglob("*") if p.is_file()])
    assert summary["hands_read"] == summary["hands_added"] + summary["hands_not_parsed"]
    return folder, store


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "-f", "json"],
        ["audit", "-f", "jsonl", "--select", "RZ001,hand-description"],
        ["audit", "-f", "table"],
        ["audit", "-f", "json", "--profile", "casino"],
        ["audit", "-f", "json", "--profile", "fulltilt", "--ignore", "parse-error"],
        ["stats", "-f", "json"],
        ["stats", "-f", "csv", "--by", "site,stakes,player"],
        ["stats", "-f", "table", "--player", "@hero"],
        ["stats", "-f", "json", "--lows", "--by", "site"],
        ["stats", "-f", "json", "--by", "session", "--session-gap", "5"],
        ["stats", "-f", "csv", "--by", "month,stakes", "--player", "@hero"],
        ["stats", "-f", "json", "--by", "session,week", "--player", "@hero", "--player", "Player3"],
        ["stats", "-f", "json", "--by", "start", "--player", "@hero"],
        ["stats", "-f", "csv", "--by", "site,start", "--lows"],
        ["show", "35874566077"],
        ["show", "35874566077", "--profile", "casino"],
    ],
)
def test_the_store_answers_as_the_files_do(imported: tuple[Path, Path], args: list[str]) -> None:
    folder, store = imported
    command, *options = args
    if command == "show":
        from_files = razzlog(command, options[0], str(folder), *options[1:])
        from_store = razzlog(command, options[0], "--store", str(store), *options[1:])
    else:
        from_files = razzlog(command, str(folder), *options)
        from_store = razzlog(command, "--store", str(store), *options)
    assert from_store.returncode == from_files.returncode, from_store.stderr
    assert from_store.stdout == from_files.stdout
    assert from_store.stderr == from_files.stderr


def test_import_reports_what_it_did(imported: tuple[Path, Path]) -> None:
    folder, store = imported
    again = razzlog("import", str(folder), "--store", str(store))
    assert again.returncode == 0, again.stderr  # nothing new imported: no violation found now
    files = len([p for p in folder.rglob("*") if p.is_file()])
    assert again.stdout.startswith(f"files: 0 new, 0 grown, {files} unchanged, 0 replaced\n")
    assert "hands: 0 read" in again.stdout


def test_the_default_store_comes_from_the_environment(tmp_path: Path) -> None:
    env = {"RAZZLOG_STORE": str(tmp_path / "mine"), "XDG_DATA_HOME": str(tmp_path / "xdg")}
    done = razzlog("import", str(REPO / "samples" / "pokerstars-cash-razz-0.04-0.08.txt"), env=env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "mine" / "manifest.json").is_file()
    del env["RAZZLOG_STORE"]
    done = razzlog("import", str(REPO / "samples" / "pokerstars-cash-razz-0.04-0.08.txt"), env=env)
    assert (tmp_path / "xdg" / "razzlog" / "store" / "manifest.json").is_file()
    counted = razzlog("query", "-f", "json", "SELECT COUNT(*) AS n FROM hands", env=env)
    assert json.loads(counted.stdout) == [{"n": 9}]


def test_query_formats_and_errors(imported: tuple[Path, Path]) -> None:
    _, store = imported
    sql = "SELECT hand_id, pot, time_utc FROM hands WHERE hand_id = '35874566077'"
    as_json = json.loads(razzlog("query", "--store", str(store), "-f", "json", sql).stdout)
    assert as_json == [{"hand_id": "35874566077", "pot": "0.4100", "time_utc": "2009-11-26T15:24:42+00:00"}]
    as_csv = razzlog("query", "--store", str(store), "-f", "csv", sql).stdout
    assert as_csv.splitlines() == [
        "hand_id,pot,time_utc",
        "35874566077,0.4100,2009-11-26T15:24:42.000000+0000",
    ]
    table = razzlog("query", "--store", str(store), sql)
    assert "35874566077" in table.stdout and table.returncode == 0
    bad = razzlog("query", "--store", str(store), "SELECT * FROM nowhere")
    assert bad.returncode == 2 and "query failed" in bad.stderr


def test_store_usage_errors(imported: tuple[Path, Path], tmp_path: Path) -> None:
    folder, store = imported
    both = razzlog("stats", str(folder), "--store", str(store))
    assert both.returncode == 2 and "not both" in both.stderr
    neither = razzlog("audit")
    assert neither.returncode == 2 and "--store" in neither.stderr
    missing = razzlog("audit", "--store", str(tmp_path / "none"))
    assert missing.returncode == 2 and "no store" in missing.stderr
    absent = razzlog("show", "1", "--store", str(store))
    assert absent.returncode == 2 and "not found" in absent.stderr
    stdin = razzlog("import", "-", "--store", str(tmp_path / "s"))
    assert stdin.returncode == 2 and "standard input" in stdin.stderr


def test_import_draws_the_audit_progress_bar_when_asked(tmp_path: Path) -> None:
    done = razzlog(
        "import",
        str(REPO / "samples"),
        "--store",
        str(tmp_path / "s"),
        "--progress",
        "-q",
        "--fail-on",
        "never",
    )
    assert done.returncode == 0, done.stderr
    assert "importing" in done.stderr and "hands" in done.stderr
    assert done.stdout == ""


def test_the_stats_table_shows_its_first_rows_and_says_how_many_more(imported: tuple[Path, Path]) -> None:
    _, store = imported
    every = razzlog("stats", "--store", str(store), "--limit", "0")
    three = razzlog("stats", "--store", str(store), "--limit", "3")
    assert every.returncode == three.returncode == 0
    players = len(json.loads(razzlog("stats", "--store", str(store), "-f", "json", "--limit", "3").stdout))
    assert players > 3  # json holds every row
    assert f"the first 3 of {players} rows (--limit 0: all)" in three.stdout
    assert "--limit" not in every.stdout
    assert len(three.stdout.splitlines()) < len(every.stdout.splitlines())
