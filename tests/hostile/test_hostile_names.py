"""Random hostile names in generated hands, through every output format (issue 14).

Each name holds what an attacker would try: markup brackets, every control
character but the line breaks, bidi and zero-width characters, text shaped
like a log line.  Every format must either show the name as written (the
table formats with their controls visible, JSON and CSV exactly) or report a
parse error for its hands, never crash, and nothing meant for a terminal may
hold a raw control character.
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from razzlog.render.text import on_terminal as visible
from razzlog.sources import HEADER_PREFIXES, without_nul
from tests.hostile.helpers import hands_with, raw_controls, run, write

CONTROLS = [chr(c) for c in (*range(0x00, 0x20), *range(0x7F, 0xA0)) if chr(c) not in "\r\n"]
TRICKY = ["[", "]", "/", "=", "[/]", "[bold]", "[link=file:///etc/passwd]", "\x1b[2J", "\x1b]0;t\x07"]
UNICODE = ["\u202e", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff", "\u05d0", "\u0627", "é", "李"]
LOG_SHAPED = [": ", "Seat 1: ", " folds", "*** SUMMARY ***", "PokerStars Hand #1: ", " ($1 in chips)"]

names = (
    st.lists(
        st.sampled_from(CONTROLS + TRICKY + UNICODE + LOG_SHAPED)
        | st.text("abcXYZ09 ._", min_size=1, max_size=3),
        min_size=1,
        max_size=5,
    )
    .map("".join)
    .filter(lambda n: n.strip() == n and n != "" and len(n) <= 40)
    # a line that starts with a hand header is a header, whatever else it holds (sources.is_header):
    # a name that starts with one starts a hand of its own at every action line
    .filter(lambda n: not without_nul(n).startswith(HEADER_PREFIXES))
)


def _shown(name: str, text: str) -> bool:
    """Whether a table shows ``name`` as written, its controls visible (rich's colours aside)."""
    return visible(name) in text.replace("\x1b[1m", "").replace("\x1b[0m", "")


def _cells(line: str) -> list[str]:
    """``line`` one entry per terminal cell: a wide character fills two (the second empty)."""
    cells: list[str] = []
    for char in line:
        cells.append(char)
        cells.extend([""] * (cell_len(char) - 1))
    return cells


def _column_shows(name: str, text: str, column: str, next_column: str) -> bool:
    """Whether the audit table's ``column`` in a file (120 cells wide) holds ``name`` whole.

    A name too wide for its column is folded onto the next lines, every character kept: the
    column's cells, read down the table and joined, hold it (spaces aside, which a fold drops).
    """
    pieces: list[str] = []
    start = end = -1
    for line in text.splitlines():
        if line.startswith("line ") and f" {column} " in line:
            start, end = line.index(column), line.index(next_column)
            continue
        if start >= 0:
            pieces.append("".join(_cells(line)[start:end]).strip())
    return visible(name).replace(" ", "") in "".join(pieces).replace(" ", "")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=names, seed=st.integers(0, 2**16))
def test_every_format_shows_the_name_or_reports_a_parse_error(name: str, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = str(write(Path(folder), hands_with(name, hands=2, seed=seed, violations=0.5)))
        audit = json.loads(run("audit", path, "--format", "json", "--jobs", "1").stdout)
        rules = {v["rule"] for v in audit["violations"]}
        assert audit["hands"] == 2
        unparsed = "parse-error" in rules or audit["hands_parsed"] < 2

        jsonl = run("audit", path, "--format", "jsonl", "--jobs", "1")
        table = run("audit", path, "--jobs", "1", terminal=True)
        filed = Path(folder) / "report.txt"
        run("audit", path, "-o", str(filed), "--jobs", "1")
        parsed = run("parse", path)
        stats_table = run("stats", path, "--hero", name, terminal=True, stdin=None)
        stats_json = run("stats", path, "--format", "json")
        stats_csv = run("stats", path, "--format", "csv")
        for result in (jsonl, table, parsed):
            assert result.code in (0, 1), result.stderr
        for result in (stats_table, stats_json, stats_csv):
            assert result.code in (0, 2), result.stderr  # 2: no hand parsed
        for text in (jsonl.stdout, table.stdout, filed.read_text("utf-8"), parsed.stdout, stats_table.stdout):
            assert raw_controls(text) == []
        assert raw_controls(stats_json.stdout) == []
        for text in (table.stderr, stats_table.stderr):
            assert raw_controls(text) == []

        if unparsed:
            return
        assert audit["hands_parsed"] == 2
        players = {e.get("player") for line in parsed.stdout.splitlines() for e in json.loads(line)["events"]}
        assert name in players
        assert name in {row["player"] for row in json.loads(stats_json.stdout)}
        assert name in {row["player"] for row in csv.DictReader(io.StringIO(stats_csv.stdout))}
        assert _shown(name, stats_table.stdout)
        if any(v["player"] == name for v in audit["violations"]):
            assert _shown(name, table.stdout)
            assert _column_shows(name, filed.read_text("utf-8"), "player", "street")
