"""The workers' part of an import: parse, replay, audit and tabulate a block of hands.

What :class:`razzlog.parallel` does for ``audit`` (parse, replay, the per-hand
rules, the small facts the cross-hand checks need), plus the rows the store
keeps of each parsed hand, built into polars frames in the worker so that
only a few Arrow buffers per table cross back to the main process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from razzlog.collecting import WORKER
from razzlog.events import Hand, OtherGameHand
from razzlog.pickling import dumps
from razzlog.pool import Task, task_items
from razzlog.reducers import register as register_reducers
from razzlog.sources import RawHand, stored_text
from razzlog.stats.chunks import rows_frame, without_inexact
from razzlog.stats.extract import Columns, Row, add_hand, columns_of
from razzlog.stats.schema import ACTIONS_SCHEMA, HANDS_SCHEMA, MONEY, PLAYERS_ROWS
from razzlog.violations import Violation

PARSED, NOT_PARSED, INPUT_ERROR, OTHER_GAME = 0, 1, 2, 3
NO_ROWS = -1  # a parsed hand with an amount the store's money columns cannot hold exactly

# The hand columns that the statistics' rows (HANDS_SCHEMA) lack, in this order.
EXTRA_HANDS: dict[str, pl.DataType] = {
    "line": pl.Int32(),
    "last_line": pl.Int32(),
    "level": pl.String(),
    "buy_in": pl.String(),
    "ante": MONEY,
    "bring_in_amount": MONEY,
    "max_seats": pl.UInt8(),
    "digest": pl.String(),
    "encoding": pl.String(),
    "text": pl.String(),
}


def _plain(schema: dict[str, pl.DataType]) -> dict[str, pl.DataType]:
    return {name: pl.String() if isinstance(t, pl.Categorical) else t for name, t in schema.items()}


# A chunk's frames hold the statistics' columns as the store keeps them, but for money: names as
# plain strings (a Categorical made here was cast back to text in the main process) and money
# as whole units (the rows' own: razzlog.stats.units), made MONEY by PartBuffer once per part (a
# cast per chunk of 200 hands cost the workers more than the conversion itself): UNITS_COLUMNS,
# per table.
# The players' Boolean columns stay the bits of one integer (PLAYERS_ROWS), which PartBuffer
# makes columns once per part: per chunk, ~45 Series of Python booleans cost the workers more.
_HANDS, _PLAYERS, _ACTIONS = _plain(HANDS_SCHEMA), _plain(PLAYERS_ROWS), _plain(ACTIONS_SCHEMA)
UNITS_COLUMNS: dict[str, tuple[str, ...]] = {
    table: tuple(name for name, t in schema.items() if t == MONEY)
    for table, schema in (
        ("hands", HANDS_SCHEMA),
        ("player_hands", PLAYERS_ROWS),
        ("actions", ACTIONS_SCHEMA),
    )
}


@dataclass(frozen=True, slots=True)
class Record:
    """One item of the input as the main process needs it (see :mod:`razzlog.store.importer`)."""

    kind: int  # PARSED, NOT_PARSED, INPUT_ERROR or OTHER_GAME
    # the Violation or the OtherGameHand; None for a parsed hand, which its ``keys`` name (site and
    # hand id first): the header and seats as dataclasses cost the workers and the main process
    # ~3x what the keys do to pickle and unpickle, and the main process read only those two fields
    item: Any
    line: int
    found: list[Violation]  # the per-hand rules' violations (parsed hands)
    keys: Any  # the cross-hand checks' CrossKeys (parsed hands)
    row: int  # the hand's row in the chunk's frames, or NO_ROWS


@dataclass(frozen=True, slots=True)
class ImportedChunk:
    records: list[Record]
    hands: pl.DataFrame  # HANDS_SCHEMA + EXTRA_HANDS, hand_idx: the record's ``row`` (see UNITS_COLUMNS)
    players: pl.DataFrame  # PLAYERS_ROWS: the Boolean columns as BITS
    actions: pl.DataFrame


class ImportWork:
    """Picklable: what a worker does with one task (:func:`razzlog.pool.in_tasks`)."""

    def __init__(self, profile: str, open_pair_double: bool) -> None:
        self.profile = profile
        self.open_pair_double = open_pair_double

    def __call__(self, task: Task) -> bytes:
        out = dumps([import_chunk(task, self.profile, self.open_pair_double)])
        WORKER()  # (razzlog.collecting says why)
        return out


def import_chunk(task: Task, profile_name: str, open_pair_double: bool) -> ImportedChunk:
    from razzlog.rules.engine import cross_keys, hand_violations
    from razzlog.rules.profiles import profile_for
    from razzlog.rules.replay import replay
    from razzlog.sites import parse_raw_hand

    records: list[Record] = []
    # each hand is tabulated as soon as it is audited, so that its events die young (a chunk of
    # whole hands kept to the end survived into the collector's oldest generation, whose full
    # collections then cost the import ~5 %)
    hands, players = Columns(len(_HANDS)), Columns(len(_PLAYERS))
    actions, extra = Columns(len(_ACTIONS)), Columns(len(EXTRA_HANDS))
    for raw in task_items(task):
        if isinstance(raw, Violation):
            records.append(Record(INPUT_ERROR, raw, raw.line, [], None, NO_ROWS))
            continue
        parsed = parse_raw_hand(raw)
        if isinstance(parsed, Violation):
            records.append(Record(NOT_PARSED, parsed, raw.first_line, [], None, NO_ROWS))
            continue
        if isinstance(parsed, OtherGameHand):
            records.append(Record(OTHER_GAME, parsed, raw.first_line, [], None, NO_ROWS))
            continue
        profile = profile_for(profile_name, parsed.header.site, open_pair_double)
        state = replay(parsed, profile)
        found = hand_violations(parsed, state)
        records.append(Record(PARSED, None, raw.first_line, found, cross_keys(parsed, state), len(hands)))
        add_hand(parsed, len(hands), hands, players, actions)
        extra.add(_extra_row(parsed, raw))
    try:
        frames = _frames(hands, players, actions, extra)
    except ValueError:  # an amount of more than 4 decimal places: those hands get no rows
        number, (hands, players, actions) = without_inexact((hands, players, actions))
        extra_rows = extra.rows()
        extra = columns_of([extra_rows[old] for old in number], extra.width)
        records = [r if r.kind != PARSED else _renumbered(r, number.get(r.row, NO_ROWS)) for r in records]
        frames = _frames(hands, players, actions, extra)
    return ImportedChunk(records, *frames)


def _renumbered(record: Record, row: int) -> Record:
    return Record(record.kind, record.item, record.line, record.found, record.keys, row)


def _frames(
    hands: Columns, players: Columns, actions: Columns, extra: Columns
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """The hands, players and actions frames of these rows (ValueError for an amount the money
    columns would round)."""
    # the extra columns as polars made them of rows (its own Decimal conversion for the money)
    extra_series = [
        pl.Series(name, extra.column(i), dtype=t) for i, (name, t) in enumerate(EXTRA_HANDS.items())
    ]
    return (
        rows_frame(hands, _HANDS, None, as_units=True).hstack(extra_series),
        rows_frame(players, _PLAYERS, None, as_units=True),
        rows_frame(actions, _ACTIONS, None, as_units=True),
    )


def _extra_row(hand: Hand, raw: RawHand) -> Row:
    h = hand.header
    return (
        hand.first_line,
        hand.last_line,
        h.level,
        h.buy_in,
        h.ante,
        h.bring_in,
        h.max_seats,
        hand.text_digest,
        raw.encoding,
        stored_text(raw),
    )


# Pickled as constructor calls (razzlog.reducers says why): a chunk's records cross from each
# worker to the main process, one per hand.
register_reducers(globals(), __name__)
