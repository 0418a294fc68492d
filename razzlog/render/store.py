"""Rendering the store's commands: the import's summary, query results."""

from __future__ import annotations

import json
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any, TextIO

import polars as pl
from rich.console import Group
from rich.table import Table
from rich.text import Text

from razzlog.render.jsonout import by_count, games_list
from razzlog.render.text import json_safe, plain
from razzlog.store.plan import STATUSES
from razzlog.store.result import ImportResult
from razzlog.violations import CODE_BY_NAME


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def import_lines(result: ImportResult) -> list[str]:
    """What an import did, a line per subject (files, hands, violations, the store)."""
    files = ", ".join(f"{result.files[s]:,} {s}" for s in STATUSES)
    hands = (
        f"hands: {result.hands_read:,} read, {result.hands_parsed:,} parsed, {result.hands_added:,} added"
        f", {result.identical:,} already stored (identical copies)"
        f", {result.conflicting:,} with the id of a stored hand but other text"
        f", {result.not_parsed:,} not parsed"
    )
    if result.other_games:
        hands += f", {sum(result.other_games.values()):,} of other games ({games_list(result.other_games)})"
    if result.violations:
        ordered = sorted(result.violations.items(), key=lambda kv: CODE_BY_NAME.get(kv[0], kv[0]))
        listed = ", ".join(f"{rule} {n:,}" for rule, n in ordered)
        violations = f"violations: {sum(result.violations.values()):,} ({listed})"
    else:
        violations = "violations: none"
    lines = [f"files: {files}", hands, violations]
    if result.unstorable:
        lines.append(
            f"not stored: {_count(result.unstorable, 'parsed hand')} with an amount of more than 4 decimal "
            "places (their violations are kept; 'razzlog audit' on the files replays them)"
        )
    store = f"store: {result.store} holds {_count(result.hands_in_store, 'hand')} (generation {result.generation})"
    return [*lines, store]


def import_document(result: ImportResult) -> dict[str, Any]:
    """The import's summary as one JSON object."""
    return {
        "store": str(result.store),
        "generation": result.generation,
        "files": {s: result.files[s] for s in STATUSES},
        "hands_read": result.hands_read,
        "hands_parsed": result.hands_parsed,
        "hands_added": result.hands_added,
        "hands_identical": result.identical,
        "hands_conflicting": result.conflicting,
        "hands_not_parsed": result.not_parsed,
        "hands_not_stored": result.unstorable,
        "other_games": by_count(result.other_games),
        "violations": dict(sorted(result.violations.items(), key=lambda kv: CODE_BY_NAME.get(kv[0], kv[0]))),
        "unreadable": [v.to_dict() for v in result.problems],
        "hands_in_store": result.hands_in_store,
    }


def _plain(value: Any) -> Any:
    """A cell as JSON holds it: amounts as exact decimal text, times as ISO 8601."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def write_rows_json(frame: pl.DataFrame, out: TextIO) -> None:
    """An array of row objects, one per line of output."""
    out.write("[")
    separator = "\n"
    for row in frame.iter_rows(named=True):
        encoded = json.dumps({k: _plain(v) for k, v in row.items()}, ensure_ascii=False)
        out.write(separator + "  " + json_safe(encoded))
        separator = ",\n"
    out.write("\n]\n" if frame.height else "]\n")


# The rows the table format shows: rich lays a table out whole, in memory and time that grow
# with its rows (``select * from actions`` has millions); csv and json write every row.
MAX_TABLE_ROWS = 200


def rows_table(frame: pl.DataFrame, limit: int = MAX_TABLE_ROWS) -> Table | Group:
    """A query's result as a rich table of its first ``limit`` rows (the others counted on a line
    under it); every cell plain text (it comes from the logs)."""
    table = Table(header_style="bold", show_edge=False, pad_edge=False, box=None)
    for name, dtype in frame.schema.items():
        table.add_column(plain(name), justify="right" if dtype.is_numeric() else "left")
    for row in frame.head(limit).iter_rows():
        table.add_row(*(plain(None if v is None else _plain(v)) for v in row))
    if frame.height <= limit:
        return table
    more = frame.height - limit
    note = f"… {more} more row{'' if more == 1 else 's'}, not shown: --format csv or json lists every one"
    return Group(table, Text(note, style="dim"))
