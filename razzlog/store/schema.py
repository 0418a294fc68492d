"""The store's tables and columns: what any Parquet reader finds in a store.

Five tables.  ``hands``, ``player_hands``, ``actions`` and ``violations`` are
written in *segments* (one Parquet file per table and segment, a few hundred
thousand hands each); ``files`` is one small Parquet file rewritten by every
import.  ``hand_key`` joins the hand tables; ``file_id`` joins them to
``files`` and orders the store as the files were first imported (then
``line`` within a file), which is the order ``audit`` and ``stats`` read them in.

The column lists below are the contract documented in ``docs/store.md``:
renaming or retyping a column is a new :data:`SCHEMA_VERSION`.  Money is
``Decimal(38, 4)``, exact; text is plain UTF-8 strings.
"""

from __future__ import annotations

from typing import TypeVar

import polars as pl

from razzlog.stats.schema import ACTIONS_SCHEMA, COUNTS, HANDS_SCHEMA, MONEY, PLAYERS_SCHEMA

SCHEMA_VERSION = 4
STORE_FORMAT = "razzlog-store"

SEGMENT_TABLES = ("hands", "player_hands", "actions", "violations")
# a segment's statistics sums (razzlog.store.totals): a file per segment, not one of the tables
TOTALS = "totals"
TABLES = (*SEGMENT_TABLES, "files")

KEY = pl.Int64()  # hand_key: unique in a store, never reused
OTHER_GAMES = pl.List(pl.Struct({"game": pl.String(), "hands": pl.Int64()}))


def _plain(dtype: pl.DataType) -> pl.DataType:
    """Categorical names as plain strings: a store is read by other tools and by later imports."""
    return pl.String() if isinstance(dtype, pl.Categorical) else dtype


# Counts of actions per player-hand: one byte holds almost all, but not a hand of hundreds.
COUNT = pl.UInt16()


_STATS_HANDS = {name: _plain(t) for name, t in HANDS_SCHEMA.items() if name != "hand_idx"}

HANDS: dict[str, pl.DataType] = {
    "hand_key": KEY,
    "file_id": pl.Int32(),
    "line": pl.Int32(),  # the header's line in the file
    "last_line": pl.Int32(),
    **_STATS_HANDS,  # site, hand_id, file, table, stakes, bets, currency, tournament, played_at, game…
    "level": pl.String(),
    "buy_in": pl.String(),
    "ante": MONEY,  # as the header prints it (null where it does not)
    "bring_in_amount": MONEY,
    "max_seats": pl.UInt8(),
    "digest": pl.String(),  # the hand's text digest (duplicate-hand)
    "first_sighting": pl.Boolean(),  # no earlier hand of the store has this site and hand id
    "encoding": pl.String(),
    "text": pl.String(),  # the hand's lines as read, joined by "\n"
}
PLAYER_HANDS: dict[str, pl.DataType] = {
    "hand_key": KEY,
    **{
        name: COUNT if name in COUNTS else _plain(t)
        for name, t in PLAYERS_SCHEMA.items()
        if name != "hand_idx"
    },
}
ACTIONS: dict[str, pl.DataType] = {
    "hand_key": KEY,
    **{name: _plain(t) for name, t in ACTIONS_SCHEMA.items() if name != "hand_idx"},
}
VIOLATIONS: dict[str, pl.DataType] = {
    "file_id": pl.Int32(),
    "hand_line": pl.Int32(),  # first line of the hand the violation belongs to
    "seq": pl.Int32(),  # order among the hand's violations
    "file": pl.String(),
    "line": pl.Int32(),
    "column": pl.Int32(),
    "site": pl.String(),
    "hand_id": pl.String(),
    "rule": pl.String(),
    "code": pl.String(),
    "severity": pl.String(),
    "player": pl.String(),
    "street": pl.String(),
    "message": pl.String(),
}
FILES: dict[str, pl.DataType] = {
    "file_id": pl.Int32(),
    "path": pl.String(),  # as given to the import that first read it (what violations name)
    "real_path": pl.String(),  # resolved: how a later import recognises the file
    "size": pl.Int64(),  # bytes read
    "mtime": pl.Datetime("ns", "UTC"),
    "mtime_ns": pl.Int64(),
    "digest": pl.String(),  # sha256 of the bytes read
    "encoding_mode": pl.String(),  # plain, utf-8-sig, utf-16-le, utf-16-be
    "line_breaks": pl.Int64(),
    "ends_with": pl.String(),  # the last byte kind: "lf", "cr", "text" or "empty"
    "hands": pl.Int64(),  # hands read (as audit counts them), duplicates included
    "hands_parsed": pl.Int64(),
    "hands_stored": pl.Int64(),  # rows in ``hands`` (an identical copy of a stored hand is not)
    "violations": pl.Int64(),
    "last_unparsed": pl.Boolean(),  # the file's last hand did not parse (a later import re-reads it)
    "imported_at": pl.Datetime("us", "UTC"),
    "generation": pl.Int64(),  # the import that last added to it
    "carry": pl.String(),  # JSON: the cross-hand checks' state at the file's end
    # the hands of other games (counted in ``hands``, never parsed), by game as the header names it
    "other_games": OTHER_GAMES,
}

SCHEMAS: dict[str, dict[str, pl.DataType]] = {
    "hands": HANDS,
    "player_hands": PLAYER_HANDS,
    "actions": ACTIONS,
    "violations": VIOLATIONS,
    "files": FILES,
}


def empty(table: str) -> pl.DataFrame:
    return pl.DataFrame(schema=SCHEMAS[table])


Frame = TypeVar("Frame", pl.DataFrame, pl.LazyFrame)


def conform(frame: Frame, table: str) -> Frame:
    """``frame`` with exactly the table's columns, in order and of its types."""
    schema = SCHEMAS[table]
    return frame.select(pl.col(name).cast(dtype) for name, dtype in schema.items())
