"""Rendering ``razzlog stats``: a rich table, JSON, CSV and Parquet, plus the progress bar.

Pure functions of the frames that :mod:`razzlog.stats` returns.  Money is
exact everywhere: JSON and CSV write an amount as its decimal string in the
row's currency (``"0.97"``, ``"-39445"``), Parquet keeps the ``Decimal``
column, the table formats it per currency (``$0.97``, ``-€1.20``, ``1,250``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import IO, Any, TextIO

import polars as pl
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from razzlog.render.columns import (
    FLOAT_DIGITS,
    IN_BUY_IN_CURRENCY,
    JsonRows,
    amount_text_exprs,
    amount_texts,
    json_value,
    plain_amount,
    units,
)
from razzlog.render.jsonout import games_list
from razzlog.render.polars_out import polars_target, write_strings
from razzlog.render.text import plain
from razzlog.stats.definitions import STAT_BY_NAME
from razzlog.stats.extract import CHIPS, CURRENCY_SYMBOLS, PLAY
from razzlog.stats.sessions import SESSION_STATS
from razzlog.stats.tournaments import TOURNAMENT_STATS
from razzlog.violations import Severity, Violation

# rows of write_json made at a time where it writes text: their texts take some 60 MB (each slice
# costs ~20 ms to plan)
ROWS_AT_ONCE = 40_000
# rows of write_json made at a time by polars' streaming engine, where it writes bytes: their
# intermediates a few MB, reused morsel after morsel
ROWS_AT_ONCE_STREAMED = 5_000
# every output column that is not a group key, by name
COLUMN_BY_NAME = {**STAT_BY_NAME, **{s.name: s for s in (*SESSION_STATS, *TOURNAMENT_STATS)}}


def unit_of(column: str, row: dict[str, Any]) -> str | None:
    """The unit of ``column``'s amount in ``row``: its currency, or the buy-in's (play chips
    where a tournament's buy-in names none)."""
    if column in IN_BUY_IN_CURRENCY:
        return row.get("buy_in_currency") or PLAY
    return row.get("currency")


# Left out of the table first when the terminal is too narrow (json/csv/parquet keep every column).
DROP_FIRST = (
    "rake_paid",
    "net_no_showdown",
    "net_showdown",
    "low_8_or_better",
    "bring_in_complete",
    "aggression_frequency",
    "net_bb",
    "wwsf",
    "bring_ins",
    "fold_to_steal",
    "steal_attempt",
    "third_street_raise",
    "wsd",
)


def money_text(amount: Decimal, currency: str | None) -> str:
    """``$0.97``, ``-€1.20``, ``0.50 CAD``, ``-39,445`` (chips and play money: no unit)."""
    text = plain_amount(abs(amount), currency)
    whole, dot, fraction = text.partition(".")
    text = f"{int(whole):,}{dot}{fraction}"
    sign = "-" if amount < 0 else ""
    if currency in (CHIPS, PLAY) or currency is None:
        return sign + text
    symbol = CURRENCY_SYMBOLS.get(currency)
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency}"


def iter_json_rows(frame: pl.DataFrame) -> Iterator[dict[str, Any]]:
    """The rows as JSON-ready objects: amounts as exact strings, dates as ``YYYY-MM-DD``."""
    names = frame.columns
    for rows in frame.iter_slices(10_000):  # a slice at a time: Python objects for every cell cost
        columns = [
            [json_value(v, c) for v, c in zip(rows[name].to_list(), units(rows, name).to_list(), strict=True)]
            for name in names
        ]
        for values in zip(*columns, strict=True):
            yield dict(zip(names, values, strict=True))


def write_json(frame: pl.DataFrame, out: TextIO) -> None:
    """An array of row objects (CONTRACT.md), as ``json.dump(rows, indent=2)`` writes it.

    Each value's text made a column at a time (:mod:`razzlog.render.columns`) and
    each row with the separator that follows it, by polars: Python objects for
    every cell of a million hands' 155,000 players take seconds and hundreds of
    megabytes, and so does one Python string of them.  Where the stream takes
    UTF-8 bytes (:func:`~razzlog.render.polars_out.polars_target`), polars'
    streaming engine makes and writes the rows :data:`ROWS_AT_ONCE_STREAMED` at a
    time (:func:`_sink_json`); elsewhere a slice of :data:`ROWS_AT_ONCE` rows at a
    time is made, then written.
    """
    if not frame.height or not frame.width:  # no rows (polars keeps a height without columns)
        out.write("[]\n")
        return
    out.write("[\n")
    json_rows = JsonRows(frame)
    target = polars_target(out)
    if target is not out:
        _sink_json(frame, json_rows, target)
        return
    written = 0
    for rows in frame.iter_slices(ROWS_AT_ONCE):
        written += rows.height
        # ",\n" between the rows; the last one closes the array
        last = pl.int_range(pl.len()) == rows.height - 1 if written == frame.height else pl.lit(False)
        write_strings(json_rows(rows, pl.when(last).then(pl.lit("\n]\n")).otherwise(pl.lit(",\n"))), out)


def _sink_json(frame: pl.DataFrame, json_rows: JsonRows, target: IO[bytes] | IO[str]) -> None:
    """The rows of ``frame``, then the array's end, made and written to ``target`` by polars'
    streaming engine, :data:`ROWS_AT_ONCE_STREAMED` rows at a time.

    The slices of text of :func:`write_json` cost the planning and threads of a query each
    (~20 ms) and ~150 MB of intermediate columns in their turn (40,000 rows); their pages, freed
    and taken again, cost a million hands' JSON a second of system time.  One query a morsel at
    a time reuses a few MB for the intermediates, and writes each morsel's rows as they come."""
    with pl.Config(streaming_chunk_size=ROWS_AT_ONCE_STREAMED):
        frame, texts = json_rows.exact_texts(frame)
        # every row but the last followed by ",\n" (no row index to tell it by), the last by the end
        body, last = frame.slice(0, frame.height - 1), frame.slice(frame.height - 1)
        for rows, after in ((body, ",\n"), (last, "\n]\n")):
            if rows.height:
                query = rows.lazy().select(texts).select(pl.concat_str([*json_rows.layout, pl.lit(after)]))
                query.sink_csv(target, include_header=False, quote_style="never", line_terminator="")


def write_csv(frame: pl.DataFrame, out: TextIO) -> None:
    """A header line then one line per row; amounts exact, empty where ``null``."""
    floats = [name for name, dtype in frame.schema.items() if dtype in (pl.Float32, pl.Float64)]
    money = [name for name, dtype in frame.schema.items() if isinstance(dtype, pl.Decimal)]
    target = polars_target(out)
    if target is out:  # a stream that takes text: the frame's texts made whole, then written
        rounded = frame.with_columns(pl.col(floats).round(FLOAT_DIGITS)) if floats else frame
        rounded.with_columns(amount_texts(frame, money)).write_csv(out)
        return
    # bytes: made and written a few thousand rows at a time, as write_json's (the same CSV writer)
    texts = [pl.col(name).round(FLOAT_DIGITS) for name in floats] + amount_text_exprs(frame, money)
    with pl.Config(streaming_chunk_size=ROWS_AT_ONCE_STREAMED):
        frame.lazy().with_columns(texts).sink_csv(target)


def write_parquet(frame: pl.DataFrame, path: str | Path) -> None:
    """The frame as it is (``Decimal`` amounts, ``Date`` dates)."""
    frame.write_parquet(path)


# --------------------------------------------------------------------------- table


def cell_text(name: str, value: Any, row: dict[str, Any]) -> str:
    """A statistics cell as the table format prints it (``$0.97``, ``44.4%``, ``–`` for null)."""
    return _cell(name, value, unit_of(name, row)).plain


def _cell(name: str, value: Any, currency: str | None) -> Text:
    if value is None:
        return Text("–", style="dim")
    stat = COLUMN_BY_NAME.get(name)
    if stat is None or stat.kind == "text":  # a group key, or text
        return plain(value.isoformat() if isinstance(value, date) else value)
    if stat.kind == "money":
        return Text(money_text(value, currency), style="red" if value < 0 else "green" if value > 0 else "")
    if stat.kind == "rate":
        return Text(f"{100 * value:.1f}%")
    if stat.kind == "ratio":
        return Text(f"{value:.2f}")
    if stat.kind == "number":
        return Text(f"{round(value, 2) + 0.0:,.2f}")  # + 0.0: no "-0.00"
    return Text(f"{value:,}")


def _table(columns: list[tuple[str, bool]], rows: Iterable[Sequence[Text]]) -> Table:
    """A borderless table; ``columns`` are (title, numeric) pairs."""
    table = Table(box=None, pad_edge=False, header_style="bold", show_edge=False)
    for title, numeric in columns:
        table.add_column(title, justify="right" if numeric else "left", no_wrap=numeric, overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table


def _width(widths: Iterable[int]) -> int:
    """The width of a table with these column widths (one space of padding each side, none at the edges)."""
    values = list(widths)
    return sum(values) + 2 * max(len(values) - 1, 0)


def stats_table(
    frame: pl.DataFrame, keys: Sequence[str], hero: str | None = None, width: int | None = None
) -> tuple[Table, list[str]]:
    """The figures of :func:`razzlog.stats.player_stats` as a rich table (rates as percentages).

    With ``width``, the least telling columns (``DROP_FIRST``) are left out
    until the table fits; returns the table and the names of those left out.
    """
    names = [*keys, *(c for c in frame.columns if c in COLUMN_BY_NAME and COLUMN_BY_NAME[c].in_table)]
    titles = {n: COLUMN_BY_NAME[n].label if n in COLUMN_BY_NAME else n for n in names}
    rows: list[list[Text]] = []
    for row in frame.iter_rows(named=True):
        cells = [_cell(n, row[n], unit_of(n, row)) for n in names]
        if hero is not None and row.get("player") == hero:
            cells[names.index("player")].stylize("bold")
        rows.append(cells)
    widths = {n: max([cell_len(titles[n])] + [r[i].cell_len for r in rows]) for i, n in enumerate(names)}
    shown = list(names)
    if width is not None:
        for name in DROP_FIRST:
            if _width(widths[n] for n in shown) <= width:
                break
            if name in shown:
                shown.remove(name)
    index = [names.index(n) for n in shown]
    numeric = {n for n in shown if n in COLUMN_BY_NAME and COLUMN_BY_NAME[n].kind != "text"}
    table = _table([(titles[n], n in numeric) for n in shown], ([r[i] for i in index] for r in rows))
    return table, [n for n in names if n not in shown]


def lows_table(frame: pl.DataFrame, keys: Sequence[str]) -> Table:
    """The distribution of :func:`razzlog.stats.low_distribution` as a rich table."""
    columns = [(k, False) for k in keys] + [("low", False), ("count", True), ("share", True)]
    rows = (
        [
            *(_cell(k, row[k], None) for k in keys),
            plain(row["low"]),
            Text(f"{row['count']:,}"),
            Text(f"{100 * row['share']:.1f}%"),
        ]
        for row in frame.iter_rows(named=True)
    )
    return _table(columns, rows)


def print_stats(
    console: Console, table: Table, rows: int, summary: str, empty: str = "no hands match the selection"
) -> None:
    """The table (or ``empty``: a line saying why there is none), then the summary line.

    On a file or a pipe each row stays on one line, however wide.
    """
    if rows:
        if not console.is_terminal:
            wide = console.options.update_width(100_000)
            console.width = max(console.width, console.measure(table, options=wide).maximum)
        console.print(table)
    else:
        console.print(Text(empty, style="yellow"))
    console.print(plain(summary, style="dim"), soft_wrap=True)


def summary_line(hands: int, players: int, hero: str | None, hidden: Sequence[str] = ()) -> str:
    """``9 hands, 7 players; hero: Hero`` (and the columns left out for the terminal's width)."""
    text = f"{_count(hands, 'hand')}, {_count(players, 'player')}"
    text += f"; hero: {hero}" if hero else "; no hero"
    if hidden:
        text += f"; too narrow for {', '.join(hidden)} (see --format csv or json)"
    return text


def input_messages(
    problems: Iterable[Violation],
    duplicates: int,
    hands: int,
    inexact: int = 0,
    other_games: Mapping[str, int] | None = None,
) -> tuple[list[str], list[str]]:
    """What to say on standard error about the input: (errors, notes).

    ``problems`` are the input's violations that yielded no hand, ``duplicates``
    the hands read again, ``hands`` the distinct hands parsed, ``inexact`` the hands
    left out for an amount of more than 4 decimal places, ``other_games`` the hands of other
    games by game.  Errors (the run
    exits 2): an input that cannot be read at all, or no hand anywhere.  Notes:
    files without hands, hands of other games or that do not parse, hands read
    twice; all of them are left out of the statistics.
    """
    errors: list[str] = []
    notes: list[str] = []
    games = other_games or {}
    unparsed = 0
    for v in problems:
        if v.line == 0 and v.hand_id is None:
            errors.append(f"{v.file}: {v.message}")
        elif v.rule == "unknown-format" and v.hand_id is None:
            notes.append(
                f"{v.file}: " + (v.message if v.severity is Severity.WARNING else "no hand history, left out")
            )
        else:
            unparsed += 1
    others = sum(games.values())
    if hands == 0 and not errors and (others or unparsed):
        # hands were found but none counted: one error says how many and why (not "no hand history")
        found = others + unparsed + inexact
        errors.append(f"{_count(found, 'hand')} read, none counted: {_left_out(games, unparsed, inexact)}")
    else:
        if others:
            notes.append(f"{_count(others, 'hand')} of other games left out ({games_list(games)})")
        if unparsed:
            notes.append(
                f"{_count(unparsed, 'hand')} could not be parsed, left out ('razzlog audit' says why)"
            )
        if inexact:
            notes.append(
                f"{_count(inexact, 'hand')} with an amount of more than 4 decimal places left out "
                "('razzlog audit' says why)"
            )
    if duplicates:
        notes.append(f"{_count(duplicates, 'hand')} read twice, counted once")
    if hands == 0 and not inexact and not errors:
        errors.append("no hand history found in the input")
    return errors, notes


def _left_out(other_games: Mapping[str, int], unparsed: int, inexact: int) -> str:
    """Why the hands read were left out: ``2 could not be parsed ('razzlog audit' says why)``."""
    parts = []
    if unparsed:
        parts.append(f"{unparsed:,} could not be parsed")
    if other_games:
        parts.append(f"{sum(other_games.values()):,} of other games ({games_list(other_games)})")
    if inexact:
        parts.append(f"{inexact:,} with an amount of more than 4 decimal places")
    why = " ('razzlog audit' says why)" if unparsed or inexact else ""
    return ", ".join(parts) + why


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")
