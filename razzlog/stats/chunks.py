"""Hands → table chunks: the rows of a few hundred hands at a time, as small DataFrames.

A chunk's tables number its hands from 0 (``hand_idx``); the
:class:`~razzlog.stats.tables.TableBuilder` that puts chunks together shifts
them and drops the hands read twice.  So a chunk depends on nothing but its
own hands, and chunks can be made anywhere: :func:`table_chunks` makes them in
worker processes, which send back DataFrames (pickled as Arrow IPC: a few
buffers per column) instead of millions of Python objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import polars as pl

from razzlog.events import Hand, OtherGameHand, count_game
from razzlog.sources import RawHand, ReadProgress
from razzlog.stats.betting import FLAG_COLUMNS
from razzlog.stats.extract import Columns, Row, add_hand, columns_of
from razzlog.stats.schema import (
    ACTIONS_SCHEMA,
    BITS,
    COUNT,
    COUNTS,
    FLAGS,
    HANDS_SCHEMA,
    MONEY,
    PLAYER_BOOLS,
    PLAYERS_ROWS,
    PLAYERS_SCHEMA,
    SCALE,
    STATS_HANDS,
    STATS_HANDS_SCHEMA,
    STATS_PLAYERS,
    STATS_PLAYERS_ROWS,
    UNITS,
    bool_columns,
    columns,
    units_to_money,
)
from razzlog.stats.series_of import Constructor, constructor, series_of, wrap
from razzlog.stats.units import InexactUnits, Units, is_whole, whole_units
from razzlog.violations import Violation


@dataclass(frozen=True, slots=True)
class TableChunk:
    """The tables of a run of hands of the input, and the violations of what did not parse.

    ``file`` and ``last_line`` say where in the input the chunk ends (for a
    progress display).
    """

    hands: pl.DataFrame
    players: pl.DataFrame
    actions: pl.DataFrame
    problems: tuple[Violation, ...]
    file: str
    last_line: int
    # hands parsed but left out: an amount the money columns cannot hold exactly
    # (more than SCALE decimal places, ``calls $2.00001``); 'razzlog audit' reports them
    inexact: int = 0
    other_games: dict[str, int] = field(default_factory=dict)  # hands of other games, by game

    @property
    def parsed(self) -> int:
        """Hands parsed (those read twice included)."""
        return self.hands.height


def empty(schema: dict[str, pl.DataType], keep: tuple[str, ...] | None) -> pl.DataFrame:
    """A table with no rows, as stored (see :func:`razzlog.stats.schema.columns`)."""
    return pl.DataFrame(schema=columns(schema, keep))


# the flag columns of the narrow rows' FLAGS (razzlog.stats.betting: bit i is FLAG_COLUMNS[i])
_FLAG_COLUMNS = [((pl.col(FLAGS) & (1 << i)) != 0).alias(name) for i, name in enumerate(FLAG_COLUMNS)]


class ChunkRows:
    """Collects the rows of parsed hands; :meth:`chunk` turns them into a :class:`TableChunk`.

    ``detail=False`` keeps only what the statistics read (no actions, money as units).
    ``narrow`` (only without detail) makes only those columns' values in the first place
    (``hand_rows(detail=False)``): the same frames, but :meth:`chunk` raises
    :class:`InexactAmount` rather than leave out hands, as which hands the full rows leave out
    depends on amounts the narrow rows do not hold; the caller tabulates the hands again, not
    narrow (:class:`_Tabulate`).
    """

    def __init__(self, detail: bool = True, *, narrow: bool = False) -> None:
        if detail and narrow:
            raise ValueError("narrow rows are the statistics' columns only: not with detail")
        self.detail = detail
        self.narrow = narrow
        self.hands = Columns(len(STATS_HANDS_SCHEMA if narrow else HANDS_SCHEMA))
        self.players = Columns(len(STATS_PLAYERS_ROWS if narrow else PLAYERS_ROWS))
        self.actions = Columns(len(ACTIONS_SCHEMA))
        self.problems: list[Violation] = []
        self.file = ""
        self.last_line = 0
        self.inexact = 0
        self.other_games: dict[str, int] = {}

    def add(self, item: Hand | Violation | OtherGameHand) -> None:
        if isinstance(item, Violation):
            self.problems.append(item)
            self.file, self.last_line = item.file, item.line
            return
        if isinstance(item, OtherGameHand):
            count_game(self.other_games, item.game)
            self.file, self.last_line = item.file, item.first_line
            return
        actions = self.actions if self.detail else None
        add_hand(item, len(self.hands), self.hands, self.players, actions, detail=not self.narrow)
        self.file, self.last_line = item.file, item.last_line

    def chunk(self) -> TableChunk:
        """The chunk of the rows added; hands with an amount the money columns would round are
        left out and counted (one odd hand must not cost the run: it is checked only when a
        chunk fails, so the usual path pays nothing)."""
        try:
            return self._chunk()
        except InexactAmount:
            if self.narrow:
                raise
            self._drop_inexact()
            return self._chunk()

    def _drop_inexact(self) -> None:
        """Leave out the hands any of whose rows holds an inexact amount; renumber the rest."""
        before = len(self.hands)
        _, (self.hands, self.players, self.actions) = without_inexact(
            (self.hands, self.players, self.actions)
        )
        self.inexact += before - len(self.hands)

    def _chunk(self) -> TableChunk:
        # the hand ids go with the chunk to find the hands read twice (see TableBuilder)
        hands_keep, players_keep = (None, None) if self.detail else ((*STATS_HANDS, "hand_id"), STATS_PLAYERS)
        if self.narrow:
            hands = rows_frame(self.hands, STATS_HANDS_SCHEMA, hands_keep)
            players = rows_frame(self.players, STATS_PLAYERS_ROWS, tuple(STATS_PLAYERS_ROWS))
            players = players.with_columns(_FLAG_COLUMNS).drop(FLAGS)
        else:
            hands = rows_frame(self.hands, HANDS_SCHEMA, hands_keep)
            players = players_frame(self.players, players_keep)
        return TableChunk(
            hands,
            players,
            rows_frame(self.actions, ACTIONS_SCHEMA, None) if self.detail else empty(ACTIONS_SCHEMA, None),
            tuple(self.problems),
            self.file,
            self.last_line,
            self.inexact,
            self.other_games,
        )


def chunk_tables(items: Iterable[Hand | Violation | OtherGameHand], detail: bool = True) -> TableChunk:
    """The chunk of ``items`` (parsed hands and violations)."""
    rows = ChunkRows(detail)
    for item in items:
        rows.add(item)
    return rows.chunk()


def table_chunks(
    paths: Iterable[str],
    jobs: int = 1,
    *,
    detail: bool = True,
    chunk_size: int | None = None,
    block_bytes: int | None = None,
    in_flight: int | None = None,
    progress: ReadProgress | None = None,
) -> Iterator[TableChunk]:
    """The chunks of the input's hands, in input order, made by ``jobs`` processes (0: one per CPU).

    ``chunk_size``: hands per chunk (default :data:`razzlog.parallel.CHUNK_SIZE`); with
    several jobs a chunk is rather the hands of a block of about ``block_bytes`` of a
    file (default :data:`razzlog.blocks.BLOCK_BYTES`), which the worker reads itself
    (see :func:`razzlog.parallel.map_raw_chunks`).  At most ``in_flight`` chunks
    (default: three per process) are read and not yet yielded.  ``jobs=1`` starts no
    process.  Where the chunks end changes nothing in what they add up to.
    """
    # imported here: razzlog.parallel brings the sites' parsers (~0.2 s), which the statistics
    # of a store (razzlog.stats, razzlog.store.stats) never use
    from razzlog.blocks import BLOCK_BYTES
    from razzlog.parallel import CHUNK_SIZE, map_raw_chunks

    # Not forks of this process: the workers use polars, and a forked child of a
    # process that has used polars' thread pool hangs in it.
    yield from map_raw_chunks(
        paths,
        _Tabulate(detail),
        jobs,
        chunk_size=CHUNK_SIZE if chunk_size is None else chunk_size,
        block_bytes=BLOCK_BYTES if block_bytes is None else block_bytes,
        in_flight=in_flight,
        progress=progress,
        fresh=True,
    )


class _Tabulate:
    """Parse a chunk of raw hands and tabulate it (in a worker process)."""

    def __init__(self, detail: bool) -> None:
        self.detail = detail

    def __call__(self, raws: list[RawHand | Violation]) -> TableChunk:
        if self.detail:
            return _tabulated(raws, ChunkRows(True))
        try:  # the statistics' columns only (ChunkRows: narrow), what 'razzlog stats' reads
            return _tabulated(raws, ChunkRows(False, narrow=True))
        except InexactAmount:  # rare: the full rows tell which hands to leave out
            return _tabulated(raws, ChunkRows(False))


def _tabulated(raws: list[RawHand | Violation], rows: ChunkRows) -> TableChunk:
    from razzlog.sites import parse_raw_hand

    for item in raws:
        rows.add(item if isinstance(item, Violation) else parse_raw_hand(item))
    return rows.chunk()


# --------------------------------------------------------------------------- rows → frames


class InexactAmount(ValueError):
    """An amount with more decimal places than the money columns hold."""


def _exact(row: Row) -> bool:
    return all(is_whole(v) for v in row)


def without_inexact(tables: tuple[Columns, Columns, Columns]) -> tuple[dict[int, int], tuple[Columns, ...]]:
    """The hands, players and actions rows (``hand_idx`` first in each) less the hands any of whose
    rows holds an amount the money columns would round, renumbered 0, 1, 2…; with the new
    number of each hand kept (old ``hand_idx`` -> new).  (Rare: the rows go through tuples.)"""
    rows = [table.rows() for table in tables]
    bad = {row[0] for table in rows for row in table if not _exact(row)}
    kept = [row[0] for row in rows[0] if row[0] not in bad]
    number = {old: new for new, old in enumerate(kept)}
    renumbered = (
        columns_of([(number[row[0]], *row[1:]) for row in table_rows if row[0] in number], table.width)
        for table, table_rows in zip(tables, rows, strict=True)
    )
    return number, tuple(renumbered)


def _units(values: list[Units | None], name: str, make: Constructor | None = None) -> pl.Series:
    """A money column's units as ``Int64``; InexactAmount for an amount that ``MONEY`` would round."""
    if make is not None:  # ints, as the units of an amount are unless it is inexact (rare)
        try:
            return wrap(make(name, values, True))
        except (TypeError, OverflowError):  # a Decimal: whole_units says whether it is inexact
            pass
    try:
        return pl.Series(name, whole_units(values), dtype=pl.Int64)
    except InexactUnits as exc:
        raise InexactAmount(f"{name}: {exc.amount} has more than {SCALE} decimal places") from None


def _narrow(units: pl.Series) -> pl.Series:
    """``units`` as the narrower of ``UNITS`` where every value fits (chunks put together take the
    wider where any needs it)."""
    narrow = UNITS[0]
    return units.cast(narrow) if units.is_between(-(2**31), 2**31 - 1).all() else units


def _count_type(values: Sequence[int]) -> pl.DataType:
    top = max(values, default=0)
    return COUNT if top <= 0xFF else pl.UInt16() if top <= 0xFFFF else pl.UInt32()


def _counts(values: list[int], name: str, make: Constructor | None) -> pl.Series:
    """A count column as the smallest type of ``_count_type``: ``COUNT`` unless a value does not
    fit, which its constructor says (without a ``max`` of the values in Python)."""
    if make is not None:
        try:
            return wrap(make(name, values, True))
        except (TypeError, OverflowError):
            pass
    return pl.Series(name, values, dtype=_count_type(values))


# How rows_frame makes each column of a schema (_plan): money's units, counts, temporal columns
# of integers, any other
_MONEY, _COUNT, _TEMPORAL, _OTHER = range(4)
Plan = tuple[tuple[int, str, pl.DataType, int, Constructor | None, bool], ...]
# per schema (by identity: the schemas are the module constants), kept with the schema, so that
# its id cannot name another dict
_PLANS: dict[int, tuple[dict[str, pl.DataType], Plan]] = {}


def _plan(schema: dict[str, pl.DataType]) -> Plan:
    """Per column of ``schema``: its place, name, dtype, how it is made and by what constructor
    (:mod:`razzlog.stats.series_of`); worked out once per schema (comparing polars dtypes is
    interpreted code: a few thousand instructions a column of every chunk)."""
    known = _PLANS.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    plan: list[tuple[int, str, pl.DataType, int, Constructor | None, bool]] = []
    for i, (name, dtype) in enumerate(schema.items()):
        if dtype == MONEY:
            plan.append((i, name, dtype, _MONEY, *constructor(pl.Int64())))
        elif name in COUNTS:
            plan.append((i, name, dtype, _COUNT, *constructor(COUNT)))
        elif isinstance(dtype, pl.Date) or (isinstance(dtype, pl.Datetime) and dtype.time_unit == "us"):
            plan.append((i, name, dtype, _TEMPORAL, *constructor(pl.Int64())))
        else:
            plan.append((i, name, dtype, _OTHER, *constructor(dtype)))
    if len(_PLANS) > 64:  # (schemas made on the fly, by tests)
        _PLANS.clear()
    _PLANS[id(schema)] = (schema, tuple(plan))
    return tuple(plan)


def players_frame(rows: Columns, keep: tuple[str, ...] | None) -> pl.DataFrame:
    """:func:`rows_frame` of the full players' rows (``PLAYERS_ROWS``), with their Boolean columns
    made of the bits: the columns of ``PLAYERS_SCHEMA`` (or those of ``keep``), in its order."""
    frame = rows_frame(rows, PLAYERS_ROWS, None if keep is None else (*keep, BITS))
    names = [name for name in PLAYERS_SCHEMA if keep is None or name in keep]
    return frame.with_columns(bool_columns(tuple(n for n in names if n in PLAYER_BOOLS))).select(names)


def rows_frame(
    rows: Columns,
    schema: dict[str, pl.DataType],
    keep: tuple[str, ...] | None,
    *,
    as_units: bool = False,
) -> pl.DataFrame:
    """One DataFrame of a table's rows (laid out as ``schema``), built column by column.

    The rows hold money as units (:mod:`razzlog.stats.units`), which go to
    polars as they are, checked to be whole (:class:`InexactAmount`); with
    every column (``keep`` None) they then become ``MONEY``, otherwise they
    stay in units.  ``as_units``: every column, money left as ``Int64`` units
    (the caller makes it ``MONEY`` with
    :func:`~razzlog.stats.schema.units_to_money`, once for many frames).
    """
    if not rows:
        if as_units:
            return pl.DataFrame(schema={n: pl.Int64() if t == MONEY else t for n, t in schema.items()})
        return empty(schema, keep)
    series: list[pl.Series] = []
    in_units: list[str] = []
    if rows.width != len(schema):
        raise ValueError(f"rows of {rows.width} columns for {len(schema)}")
    for i, name, dtype, kind, make, cast in _plan(schema):
        if keep is not None and name not in keep:
            continue
        values = rows.column(i)
        if kind == _MONEY:
            units = _units(values, name, make)
            series.append(units if keep is None else _narrow(units))
            in_units.append(name)
        elif kind == _COUNT:
            series.append(_counts(values, name, make))
        elif kind == _TEMPORAL:
            # integers (razzlog.stats.played_times: Epochs), as polars holds them
            series.append(series_of(name, values, pl.Int64(), make).cast(dtype))
        else:
            series.append(series_of(name, values, dtype, make, cast))
    frame = pl.DataFrame(series)
    if keep is None and in_units and not as_units:
        frame = frame.with_columns(units_to_money(pl.col(in_units)))
    return frame
