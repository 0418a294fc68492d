"""Parsed hands → three polars tables, the one source of every statistic.

* ``hands``: one row per hand (site, hand id, table, stakes, currency,
  tournament, date and time, player count, pot and rake);
* ``players``: one row per player dealt in per hand (seat, stacks, money per
  street, net, cards known, the per-hand flags and the counts of actions the
  statistics add up);
* ``actions``: one row per betting action, in log order.

The columns are those of :mod:`razzlog.stats.schema`.  Hands are tabulated a
chunk at a time (:mod:`razzlog.stats.chunks`), possibly in other processes;
:class:`TableBuilder` puts the chunks together a block at a time, so that no
more than one block's worth of small frames is ever held besides the tables,
and drops the hands read twice once it has them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import polars as pl

from razzlog.events import Hand, OtherGameHand, count_game
from razzlog.sources import ReadProgress
from razzlog.stats.chunks import ChunkRows, TableChunk, empty, table_chunks
from razzlog.stats.schema import (
    ACTIONS_SCHEMA,
    HANDS_SCHEMA,
    MONEY,
    PLAYERS_SCHEMA,
    STATS_HANDS,
    STATS_PLAYERS,
)
from razzlog.violations import Violation

__all__ = [
    "ACTIONS_SCHEMA",
    "BATCH_HANDS",
    "HANDS_SCHEMA",
    "MONEY",
    "PLAYERS_SCHEMA",
    "TableBuilder",
    "Tables",
    "build_from_chunks",
    "build_tables",
    "load",
]

BATCH_HANDS = 4096  # hands per chunk when hands are added one by one
BLOCK_HANDS = 16_384  # chunks are put together into blocks of about this many hands


@dataclass(frozen=True, slots=True)
class Tables:
    """The statistics tables of an input, its hero, and what could not be used.

    ``players`` has an ``is_hero`` column.  ``problems`` are the input's
    violations that yielded no hand (unreadable files, hands that do not
    parse); ``duplicates`` counts hands seen again (same site and hand id)
    and left out.  ``detail`` False: only the columns the statistics read,
    money in units of 10^-4, no actions (see :mod:`razzlog.stats.schema`).
    """

    hands: pl.DataFrame
    players: pl.DataFrame
    actions: pl.DataFrame
    hero: str | None
    problems: tuple[Violation, ...] = ()
    duplicates: int = 0
    detail: bool = True
    inexact: int = 0  # hands left out: an amount of more than 4 decimal places (TableChunk.inexact)
    other_games: dict[str, int] = field(default_factory=dict)  # hands of other games, by game


class TableBuilder:
    """Collects chunks (or hands one by one); :meth:`finish` returns the :class:`Tables`."""

    def __init__(self, batch_hands: int = BATCH_HANDS, *, detail: bool = True) -> None:
        self.batch_hands = batch_hands
        self.detail = detail
        self.rows = ChunkRows(detail)
        self.parsed = 0  # hands so far, those read twice included: the next chunk's first hand_idx
        self.pending: tuple[list[pl.DataFrame], ...] = ([], [], [])
        self.pending_hands = 0
        self.blocks: tuple[list[pl.DataFrame], ...] = ([], [], [])
        self.problems: list[Violation] = []
        self.inexact = 0
        self.other_games: dict[str, int] = {}

    def add(self, item: Hand | Violation | OtherGameHand) -> None:
        """Add a parsed hand, or note a violation."""
        self.rows.add(item)
        if len(self.rows.hands) >= self.batch_hands:
            self._add_rows()

    def _add_rows(self) -> None:
        if self.rows.hands or self.rows.problems or self.rows.other_games:
            self.add_chunk(self.rows.chunk())
            self.rows = ChunkRows(self.detail)

    def add_chunk(self, chunk: TableChunk) -> None:
        """Add a chunk of tables (numbered from 0) after those added so far."""
        self.problems.extend(chunk.problems)
        self.inexact += chunk.inexact
        for game, n in chunk.other_games.items():
            count_game(self.other_games, game, n)
        if not chunk.parsed:
            return
        shift = pl.col("hand_idx") + pl.lit(self.parsed, dtype=pl.UInt32)
        for frames, frame in zip(self.pending, (chunk.hands, chunk.players, chunk.actions), strict=True):
            if frame.height:
                frames.append(frame.with_columns(shift) if self.parsed else frame)
        self.parsed += chunk.parsed
        self.pending_hands += chunk.parsed
        if self.pending_hands >= BLOCK_HANDS:
            self._to_blocks()

    def _to_blocks(self) -> None:
        """The small pending frames as one contiguous block per table (polars works slowly over
        thousands of small chunks; blocks keep the copy at the end from doubling the memory)."""
        for frames, blocks in zip(self.pending, self.blocks, strict=True):
            if frames:
                blocks.append(_concat(frames, rechunk=True))
                frames.clear()
        self.pending_hands = 0

    def finish(self, hero: str | None = None) -> Tables:
        """The tables; ``hero`` overrides the detected hero (see :func:`detected_hero`)."""
        self._add_rows()
        self._to_blocks()
        duplicates = self._drop_repeats()
        keeps = (None, None, None) if self.detail else (STATS_HANDS, STATS_PLAYERS, None)
        hands, players, actions = (
            _concat(blocks, rechunk=False) if blocks else empty(schema, keep)
            for blocks, schema, keep in zip(
                self.blocks, (HANDS_SCHEMA, PLAYERS_SCHEMA, ACTIONS_SCHEMA), keeps, strict=True
            )
        )
        self.blocks = ([], [], [])
        if not self.detail:  # the hand ids served to find the repeats; no statistic reads them
            hands = hands.drop("hand_id", strict=False)
        hero = hero if hero is not None else detected_hero(players)
        players = players.with_columns(
            is_hero=(pl.col("player") == hero) if hero is not None else pl.lit(False)
        )
        return Tables(
            hands,
            players,
            actions,
            hero,
            tuple(self.problems),
            duplicates,
            self.detail,
            self.inexact,
            self.other_games,
        )

    def _drop_repeats(self) -> int:
        """Leave out the hands seen before (same site and hand id) and number the rest 0, 1, 2…;
        return how many were left out.

        A hand keeps the number it would have had had the repeats never been
        read: the count of distinct hands before it.  Block by block, so that
        no more than one block is ever copied at a time.
        """
        hands = self.blocks[0]
        first = first_sightings(_concat(hands, rechunk=False)) if hands else None
        if first is None:
            return 0
        number = (first.cast(pl.UInt32).cum_sum() - 1).cast(pl.UInt32)  # by old hand_idx, where kept
        for blocks in self.blocks:
            for i, block in enumerate(blocks):
                kept = first.gather(block["hand_idx"])
                blocks[i] = block.filter(kept).with_columns(
                    hand_idx=number.gather(block["hand_idx"].filter(kept))
                )
        return first.len() - int(first.sum())


def _concat(frames: list[pl.DataFrame], rechunk: bool) -> pl.DataFrame:
    # relaxed: a count column is wider in a chunk that needed it (see schema.COUNT)
    return pl.concat(frames, how="vertical_relaxed", rechunk=rechunk)


def first_sightings(hands: pl.DataFrame) -> pl.Series | None:
    """Per hand, whether no earlier hand has its site and hand id; None if every hand is new.

    The hand ids' hashes, sorted, show which hands may repeat, for a fraction of
    the memory a hash table of the ids takes (there may be a handful in a
    million hands, or whole files read twice); only those are compared exactly.
    """
    hashes = hands["hand_id"].hash()
    ordered = hashes.sort()
    repeated = ordered.slice(1).filter(ordered.slice(1) == ordered.slice(0, ordered.len() - 1))
    if not repeated.len():
        return None
    maybe = hashes.is_in(repeated.unique().implode())
    rows = pl.int_range(0, hands.height, dtype=pl.UInt32, eager=True).filter(maybe)
    again = hands.filter(maybe).select(~pl.struct("site", "hand_id").is_first_distinct()).to_series()
    if not again.any():
        return None
    return pl.repeat(True, hands.height, eager=True).scatter(rows.filter(again), False)


def detected_hero(players: pl.DataFrame) -> str | None:
    """The player whose three 3rd-street cards the log shows most often (ties: by name).

    ``dealt_hole`` is a flag per player-hand, or already a count per player
    (what :mod:`razzlog.stats.stream` keeps): either way its sum is the count.
    """
    counts = (
        players.lazy()
        .group_by("player")
        .agg(hands=pl.col("dealt_hole").sum())
        .filter(pl.col("hands") > 0)
        .select(pl.col("player").cast(pl.String), "hands")
        .sort(["hands", "player"], descending=[True, False])
        .head(1)
        .collect()
    )
    return str(counts["player"][0]) if counts.height else None


def build_tables(
    items: Iterable[Hand | Violation], hero: str | None = None, *, detail: bool = True
) -> Tables:
    """The tables of parsed hands (and the violations of what did not parse).

    ``hero`` is the player whose hole cards the log shows; by default the one
    with a three-card 3rd-street ``Dealt to`` line in the most hands.
    """
    builder = TableBuilder(detail=detail)
    for item in items:
        builder.add(item)
    return builder.finish(hero)


def build_from_chunks(
    chunks: Iterable[TableChunk], hero: str | None = None, *, detail: bool = True
) -> Tables:
    """The tables of chunks made by :func:`razzlog.stats.chunks.table_chunks` (with the same ``detail``)."""
    builder = TableBuilder(detail=detail)
    for chunk in chunks:
        builder.add_chunk(chunk)
    return builder.finish(hero)


def load(
    paths: Iterable[str],
    hero: str | None = None,
    *,
    jobs: int = 1,
    detail: bool = True,
    progress: ReadProgress | None = None,
) -> Tables:
    """Read, parse and tabulate every hand under ``paths`` (files, folders, ``-``).

    ``jobs`` processes parse and tabulate (0: one per CPU); the tables are the
    same whatever their number.  The workers are not forks of this process (forks
    of a fork server that imports the main module, or new interpreters: see
    :func:`razzlog.pool.fresh_start`), so a script that asks for more
    than one job must guard its top level with ``if __name__ == "__main__":``
    (a notebook need not).  ``detail=False`` keeps only what the statistics
    read.  ``progress``, if given, counts the bytes read.
    """
    chunks = table_chunks(paths, jobs, detail=detail, progress=progress)
    return build_from_chunks(chunks, hero, detail=detail)
