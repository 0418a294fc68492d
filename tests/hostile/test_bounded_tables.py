"""The table formats hold a bounded number of rows (issue 14): the rest are counted, not laid out.

A damaged hand of thousands of seat lines has tens of thousands of violations;
rich lays a table out whole, so the audit table, ``show`` and the query table
show their first rows and say how many more there are (by rule for the audit),
while json and jsonl keep every one.  Ordinary hands are shown as before.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import polars as pl
from rich.console import Console

from razzlog.render.audit import MAX_TABLE_ROWS
from razzlog.render.store import rows_table
from tests.hostile.helpers import hands_with, run, write

EXTRA_LINES = 400
SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "pokerstars-cash-razz-0.04-0.08.txt"


def crowded_hand(tmp_path: Path, extra_lines: int = EXTRA_LINES) -> tuple[Path, str]:
    """One generated hand with a betting line repeated ``extra_lines`` times before its end (each
    repeat several violations: out of turn, a call of the wrong amount, a stack overdrawn).  Seat
    lines cannot crowd a hand any more: a seat beyond 10 is a parse error."""
    text = hands_with("Hero", hands=1, violations=0.0)
    lines = text.split("\n")
    end = next(k for k, line in enumerate(lines) if line.startswith(("*** SHOW DOWN", "*** SUMMARY")))
    action = next(
        line
        for line in reversed(lines[:end])
        if ": " in line and line.split(": ", 1)[1].startswith(("checks", "bets", "calls", "folds", "raises"))
    )
    hand_id = re.search(r"#(\d+):", lines[0])
    assert hand_id is not None
    return write(tmp_path, "\n".join(lines[:end] + [action] * extra_lines + lines[end:])), hand_id.group(1)


def test_the_audit_table_shows_the_first_rows_and_counts_the_rest(tmp_path: Path) -> None:
    path, _ = crowded_hand(tmp_path)
    every = [json.loads(line) for line in run("audit", "--format", "jsonl", str(path)).stdout.splitlines()]
    assert len(every) > 5 * MAX_TABLE_ROWS
    table = run("audit", str(path)).stdout
    rows = [line for line in table.splitlines() if re.match(r"\s*\d+(?::\d+)?\s+RZ\d{3}\s", line)]
    assert len(rows) == MAX_TABLE_ROWS
    more = re.search(r"… (\d+) more violations in this hand, not shown \(([^)]*)\)", table)
    assert more is not None, table[-2000:]
    assert int(more.group(1)) == len(every) - MAX_TABLE_ROWS
    rest = Counter(v["rule"] for v in every[MAX_TABLE_ROWS:])
    assert (
        dict((rule, int(n)) for rule, n in (part.rsplit(" ", 1) for part in more.group(2).split(", ")))
        == rest
    )
    # the summary still counts every violation, and the exit code is unchanged
    assert f"action-order {sum(v['rule'] == 'action-order' for v in every)}" in table


def test_an_ordinary_audit_table_has_no_more_line(tmp_path: Path) -> None:
    path = write(tmp_path, hands_with("Hero", hands=5, violations=1.0))
    table = run("audit", str(path)).stdout
    assert "more violation" not in table and "RZ" in table


def test_show_counts_the_violations_it_does_not_show() -> None:
    from dataclasses import replace

    from razzlog.api import parse_paths
    from razzlog.render.hand_view import hand_view
    from razzlog.render.show import MAX_VIOLATIONS_PER_LINE, print_hand
    from razzlog.violations import Severity, Violation

    hand = next(h for h in parse_paths([str(SAMPLE)]) if not isinstance(h, Violation))
    row_line = next(e.line for e in hand.events if type(e).__name__ == "Action")
    one = Violation(
        "action-order", Severity.ERROR, hand.file, row_line, "pokerstars",
        hand.header.hand_id, "Hero", "3rd", "x",
    )  # fmt: skip
    on_a_line = [replace(one, message=f"finding {k}") for k in range(500)]
    nowhere = [replace(one, line=0, message=f"elsewhere {k}") for k in range(500)]
    console = Console(width=200, record=True)
    print_hand(console, hand_view(hand, on_a_line + nowhere))
    out = console.export_text()
    assert f"finding {MAX_VIOLATIONS_PER_LINE - 1}" in out and f"finding {MAX_VIOLATIONS_PER_LINE}" not in out
    assert f"{500 - MAX_VIOLATIONS_PER_LINE} more violations" in out  # under the line
    assert "elsewhere 199" in out and "elsewhere 200" not in out  # and not tied to a line
    assert len(out.splitlines()) < 1000


def test_the_query_table_shows_its_first_rows() -> None:
    frame = pl.DataFrame({"n": list(range(1000)), "name": [f"p{k}" for k in range(1000)]})
    console = Console(width=120, record=True)
    console.print(rows_table(frame, limit=50))
    out = console.export_text()
    assert "p49" in out and "p50" not in out
    assert "… 950 more rows, not shown: --format csv or json lists every one" in out
    small = Console(width=120, record=True)
    small.print(rows_table(frame.head(3)))
    assert "more row" not in small.export_text()


def test_import_takes_a_parse_error_after_many_violations_without_a_column(tmp_path: Path) -> None:
    # found by tools/fuzz.py: the store's violation rows were typed from their first hundred,
    # whose "column" was always None, and a parse error's column further down crashed the import
    path, _ = crowded_hand(tmp_path, 100)
    broken = hands_with("Hero", hands=1, seed=9, violations=0.0).replace(": calls ", ": callz ", 1)
    with path.open("a", encoding="utf-8") as out:
        out.write("\n\n\n" + broken)
    result = run("import", "-j", "1", "--store", str(tmp_path / "store"), str(path))
    assert result.code == 1, result.stderr
    rows = run(
        "query",
        "--store",
        str(tmp_path / "store"),
        "--format",
        "json",
        "select rule, \"column\" from violations where rule = 'parse-error'",
    )
    assert [r["rule"] for r in json.loads(rows.stdout)] == ["parse-error"]
    assert json.loads(rows.stdout)[0]["column"] is not None
