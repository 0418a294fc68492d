"""Names and lines from a log reach the reader as written: never as rich markup, never as
terminal control sequences (issue 14).  JSON keeps them exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.helpers import hands_with, raw_controls, run, write

MARKUP_NAMES = ["x[/]", "[/bold]z", "[bold red]x[/]", "[link=file:///etc/passwd]click[/link]"]
CONTROL_NAMES = [
    "cls\x1b[2J",
    "title\x1b]0;pwned\x07",
    "osc8\x1b]8;;http://e.vil\x1b\\",
    "c1\x9b2J",
    "del\x7f",
]


def _visible(name: str) -> str:
    from razzlog.render.text import on_terminal as visible

    return visible(name)


@pytest.mark.parametrize("name", MARKUP_NAMES + CONTROL_NAMES)
@pytest.mark.parametrize("terminal", [False, True])
def test_audit_table_shows_the_name_as_written(tmp_path: Path, name: str, terminal: bool) -> None:
    path = write(tmp_path, hands_with(name))
    result = run("audit", str(path), terminal=terminal)
    assert result.code == 1  # the injected violations, not a crash
    assert _visible(name) in result.stdout
    assert raw_controls(result.stdout) == []
    assert "pwned" not in result.stdout or "\\x1b]0;pwned" in result.stdout


@pytest.mark.parametrize("name", MARKUP_NAMES + CONTROL_NAMES)
def test_audit_table_to_a_file_is_complete(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, hands_with(name, hands=6))
    report = tmp_path / "report.txt"
    result = run("audit", str(path), "-o", str(report))
    assert result.code == 1
    text = report.read_text(encoding="utf-8")
    assert text.rstrip().splitlines()[-1].startswith("1 file, 6 hands, 6 parsed")
    assert _visible(name) in text and raw_controls(text) == []


def test_a_malformed_line_holding_markup_is_quoted_as_written(tmp_path: Path) -> None:
    text = hands_with("Hero", hands=2, violations=0.0)
    lines = text.splitlines()
    lines.insert(9, "[/]\x1b[2J oops [bold]x")
    second = max(i for i, line in enumerate(lines) if line.startswith("PokerStars Hand #"))
    lines.insert(second + 8, "\x1b]0;pwned\x07[/] oops")
    result = run("audit", str(write(tmp_path, "\n".join(lines) + "\n")), terminal=True)
    assert result.code == 1
    assert result.stdout.count("parse-error") == 3  # two in the table, one in the summary line
    assert "unexpected '[/]" in result.stdout
    assert "\\x1b]0;pwned\\x07" in result.stdout
    assert raw_controls(result.stdout) == []


@pytest.mark.parametrize("name", MARKUP_NAMES + CONTROL_NAMES)
def test_show_prints_the_name_as_written(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, hands_with(name))
    found = json.loads(run("audit", str(path), "--format", "json").stdout)
    hand_id = next(v["hand_id"] for v in found["violations"] if v["player"] == name)
    result = run("show", hand_id, str(path), terminal=True)
    assert result.code == 0
    plain = result.stdout
    assert _visible(name) in plain.replace("\x1b[1m", "").replace("\x1b[0m", "")
    assert raw_controls(plain) == []


@pytest.mark.parametrize("name", MARKUP_NAMES + CONTROL_NAMES)
@pytest.mark.parametrize("terminal", [False, True])
def test_stats_table_shows_the_name_as_written(tmp_path: Path, name: str, terminal: bool) -> None:
    path = write(tmp_path, hands_with(name, violations=0.0))
    result = run("stats", str(path), "--hero", name, terminal=terminal)
    assert result.code == 0
    assert _visible(name) in result.stdout.replace("\x1b[1m", "").replace("\x1b[0m", "")
    assert raw_controls(result.stdout) == []


@pytest.mark.parametrize("name", CONTROL_NAMES + MARKUP_NAMES)
def test_json_formats_keep_the_name_exactly(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, hands_with(name))
    jsonl = run("audit", str(path), "--format", "jsonl").stdout
    document = run("audit", str(path), "--format", "json").stdout
    stats = run("stats", str(path), "--format", "json").stdout
    parsed = run("parse", str(path)).stdout
    for text in (jsonl, document, stats, parsed):
        assert raw_controls(text) == []  # JSON's own escapes: nothing a terminal acts on
    assert name in {json.loads(line)["player"] for line in jsonl.splitlines()}
    assert name in {v["player"] for v in json.loads(document)["violations"]}
    assert name in {row["player"] for row in json.loads(stats)}
    assert name in {e.get("player") for line in parsed.splitlines() for e in json.loads(line)["events"]}


def test_store_query_table_and_json(tmp_path: Path) -> None:
    name = "[bold]q[/]\x1b[2J\x9b"
    path = write(tmp_path, hands_with(name, violations=0.0))
    store = str(tmp_path / "store")
    assert run("import", str(path), "--store", store, "--quiet").code == 0
    sql = "SELECT DISTINCT player FROM player_hands ORDER BY player"
    table = run("query", sql, "--store", store, terminal=True).stdout
    assert _visible(name) in table and raw_controls(table) == []
    rows = run("query", sql, "--store", store, "--format", "json").stdout
    assert raw_controls(rows) == [] and name in {r["player"] for r in json.loads(rows)}


def test_file_names_on_standard_error_are_visible(tmp_path: Path) -> None:
    result = run("audit", str(tmp_path / "missing\x1b[2J.txt"))
    assert result.code == 2
    assert "missing\\x1b[2J.txt" in result.stderr and raw_controls(result.stderr) == []
