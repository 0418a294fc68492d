"""Statistics added up while the input is read, in memory that does not grow with it.

``razzlog stats`` knows its grouping and selection before it reads a hand, and
every statistic is a function of sums of columns
(:data:`razzlog.stats.definitions.SUMMANDS`).  So instead of a table of every
player-hand (:mod:`razzlog.stats.tables`: some 190 bytes a hand), the
:class:`StatsAccumulator` keeps, per group and player, the sums of the hands
read so far, and adds each block of chunks to them: memory grows with the
number of groups, not of hands.  What it keeps per hand is the hand's id, to
count a hand read twice once (about 16 bytes a hand).

The results are those of :func:`razzlog.stats.report.player_stats`,
:func:`~razzlog.stats.report.low_distribution` and
:func:`~razzlog.stats.report.selection_size` over the tables of the same
input (tested).  One selection is not done this way: ``@hero`` together with
other players when the hero is not named, because how many distinct hands
such a selection holds needs, for each hand, who played it;
:func:`streamable` says so, and the caller builds the tables instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date

import polars as pl

from razzlog.events import count_game
from razzlog.stats.chunks import TableChunk
from razzlog.stats.definitions import partial_sums, summands, with_summands
from razzlog.stats.report import (
    BUY_IN_CURRENCY,
    HAND_KEYS,
    HERO,
    NO_HERO,
    low_distribution,
    low_label,
    lows_of_rows,
    player_stats,
    selected,
    selection_size,
    sort_rows,
    stats_of_rows,
    with_period_keys,
)
from razzlog.stats.sessions import SESSION, SESSION_GAP_MINUTES, with_sessions
from razzlog.stats.sums import int64_sums_fit, merged, parted, split_by_player, stats_of_parts
from razzlog.stats.tables import TableBuilder, build_from_chunks, detected_hero
from razzlog.violations import Violation

BLOCK_HANDS = 16_384  # chunks are added up a block of about this many hands at a time
MERGE_PARTS = 8  # blocks whose sums are merged into the totals at once


def report_stats(
    chunks: Iterable[TableChunk],
    keys: list[str],
    players: list[str] | None = None,
    since: date | None = None,
    until: date | None = None,
    hero: str | None = None,
    *,
    lows: bool = False,
    min_hands: int = 1,
    sort: str | None = None,
    block_hands: int = BLOCK_HANDS,
    session_gap: int = SESSION_GAP_MINUTES,
) -> StatsReport:
    """What ``razzlog stats`` reports of the chunks of :func:`razzlog.stats.chunks.table_chunks`
    (``detail=False``): :func:`~razzlog.stats.report.player_stats` (or, with ``lows``,
    :func:`~razzlog.stats.report.low_distribution`) and the selection's size.

    Added up as the chunks come where the selection allows (:func:`streamable`),
    otherwise from the tables (``block_hands``: see :class:`StatsAccumulator`).
    ValueError for a selection that cannot be made (``@hero`` with no hero) or
    an unknown ``sort``.
    """
    if streamable(players, hero):
        accumulator = StatsAccumulator(
            keys, players, since, until, hero, lows=lows, block_hands=block_hands, session_gap=session_gap
        )
        for chunk in chunks:
            accumulator.add_chunk(chunk)
        result = accumulator.finish(min_hands, None if lows else sort)
    else:
        tables = build_from_chunks(chunks, hero, detail=False)
        if lows:
            frame = low_distribution(tables, keys, players, since, until, session_gap)
        else:
            frame = player_stats(tables, keys, players, since, until, min_hands, sort, session_gap)
        hands, count = selection_size(tables, players, since, until)
        result = StatsReport(
            frame,
            hands,
            count,
            tables.hero,
            tables.problems,
            tables.duplicates,
            tables.hands.height,
            tables.inexact,
            tables.other_games,
        )
    if lows and sort is not None:
        result = replace(result, frame=sort_rows(result.frame, sort, keys))
    return result


def streamable(players: Iterable[str] | None, hero: str | None) -> bool:
    """Whether :class:`StatsAccumulator` can compute this selection (see the module's docstring)."""
    wanted = list(players or ())
    return hero is not None or HERO not in wanted or len(set(wanted)) == 1


@dataclass(frozen=True, slots=True)
class StatsReport:
    """What ``razzlog stats`` reports: the figures, the selection's size and the input's problems."""

    frame: pl.DataFrame  # player_stats or low_distribution
    hands: int  # distinct hands selected
    players: int  # distinct players selected
    hero: str | None
    problems: tuple[Violation, ...]
    duplicates: int  # hands read again, left out
    parsed: int  # distinct hands in the input
    inexact: int = 0  # hands left out: an amount of more than 4 decimal places (TableChunk.inexact)
    other_games: dict[str, int] = field(default_factory=dict)  # hands of other games, by game


class StatsAccumulator:
    """Adds up the chunks of :func:`razzlog.stats.chunks.table_chunks` (``detail=False``)."""

    def __init__(
        self,
        keys: list[str],
        players: Iterable[str] | None = None,
        since: date | None = None,
        until: date | None = None,
        hero: str | None = None,
        *,
        lows: bool = False,
        block_hands: int = BLOCK_HANDS,
        session_gap: int = SESSION_GAP_MINUTES,
    ) -> None:
        wanted = None if players is None else list(dict.fromkeys(players))
        if not streamable(wanted, hero):
            raise ValueError("@hero with other players needs the hero named (--hero) to be streamed")
        self.keys = keys
        self.sum_keys = keys if "player" in keys else [*keys, "player"]
        self.tournaments = BUY_IN_CURRENCY in keys  # the tournament results are shown: their sums kept
        self.hero = hero
        self.lows = lows
        self.block_hands = block_hands
        # Sessions are runs of a player's hands in time, which sums cannot tell: with the
        # session key, the selected rows themselves are kept (a few dozen bytes each).
        self.session_gap = session_gap
        self.session_rows: list[pl.DataFrame] | None = [] if SESSION in keys else None
        # the player filter: names known now ("@hero" replaced when the hero is named), or
        # None with hero_only when it is the hero yet to be found
        self.hero_only = wanted == [HERO] and hero is None
        self.named = (
            None
            if wanted is None or self.hero_only
            else [hero if n == HERO and hero is not None else n for n in wanted]
        )
        self.since, self.until = since, until
        self.pending: list[TableChunk] = []
        self.pending_hands = 0
        self.sums: pl.DataFrame | None = None  # per group and player: the SUMMANDS (or low counts)
        # per player (or per group and player, when counted from the sums: detected_hero adds
        # them up): hands with their hole cards shown (dealt_hole)
        self.dealt: pl.DataFrame | None = None
        self.selected: pl.DataFrame | None = None  # per selected player: their hands
        # the parts added since the last merge into dealt, selected and sums (see _merge_parts)
        self.dealt_parts: list[pl.DataFrame] = []
        self.selected_parts: list[pl.DataFrame] = []
        self.sum_parts: list[pl.DataFrame] = []
        self.seen: dict[str, pl.Series] = {}  # per site: the hand ids read so far
        self.selected_hands = 0
        self.parsed = 0
        self.duplicates = 0
        self.problems: list[Violation] = []
        self.inexact = 0
        self.other_games: dict[str, int] = {}

    def add_chunk(self, chunk: TableChunk) -> None:
        """Add a chunk (its hands numbered from 0) after those added so far."""
        self.problems.extend(chunk.problems)
        self.inexact += chunk.inexact
        for game, n in chunk.other_games.items():
            count_game(self.other_games, game, n)
        if chunk.parsed:
            self.pending.append(chunk)
            self.pending_hands += chunk.parsed
            if self.pending_hands >= self.block_hands:
                self._add_block()

    def _add_block(self) -> None:
        if not self.pending:
            return
        hands_frames, players_frames = [], []
        offset = 0
        for chunk in self.pending:  # one numbering for the block
            shift = pl.col("hand_idx") + pl.lit(offset, dtype=pl.UInt32)
            hands_frames.append(chunk.hands.with_columns(shift))
            players_frames.append(chunk.players.with_columns(shift))
            offset += chunk.parsed
        self.pending, self.pending_hands = [], 0
        hands = self._first_sightings(pl.concat(hands_frames, how="vertical_relaxed"))
        players = pl.concat(players_frames, how="vertical_relaxed").join(
            hands.select("hand_idx", *HAND_KEYS), on="hand_idx", how="inner"
        )
        self.add_rows(players, hands.height)

    def add_rows(self, players: pl.DataFrame, hands: int) -> None:
        """Add player-hand rows that carry their hand's keys (``HAND_KEYS``), of ``hands`` hands
        none of which was added before (``hand_idx`` tells them apart within the call)."""
        self.parsed += hands
        if not self._counts_from_sums():
            self.dealt_parts.append(players.group_by("player").agg(pl.col("dealt_hole").sum()))
        rows = with_period_keys(selected(players.lazy(), self.named, self.since, self.until), self.keys)
        if not self.hero_only:
            self.selected_hands += rows.select(pl.col("hand_idx").n_unique()).collect().item()
        if not self._counts_from_sums():
            self.selected_parts.append(rows.group_by("player").agg(rows=pl.len()).collect())
        if self.session_rows is not None:
            self.session_rows.append(with_summands(rows, self.tournaments).collect())
        elif self.lows:
            known = rows.filter("low_known").with_columns(low_label(), rows=pl.lit(1, dtype=pl.UInt32))
            self.sum_parts.append(known.group_by(*self.sum_keys, "low").agg(pl.col("rows").sum()).collect())
        else:
            sums = partial_sums(pl.Int64 if int64_sums_fit(players) else pl.Int128, self.tournaments)
            self.sum_parts.append(
                with_summands(rows, self.tournaments).group_by(self.sum_keys).agg(sums).collect()
            )
        if len(self.sum_parts) >= MERGE_PARTS:
            self._merge_parts()

    def takes_sums(self, keys: Iterable[str] = ("player", "currency")) -> bool:
        """Whether :meth:`add_sums` can add up sums of rows per ``keys`` (and no finer) exactly:
        the groups are made of those keys, every date, no lows, sessions or tournament results,
        and at most one player asked for (how many distinct hands two players have is no sum)."""
        plain = not self.lows and self.session_rows is None and not self.tournaments
        undated = self.since is None and self.until is None
        one = self.named is None or len(self.named) == 1
        return plain and undated and one and set(self.sum_keys) <= set(keys)

    def add_sums(self, sums: pl.DataFrame, hands: int, played: int) -> None:
        """Add the sums of :meth:`add_rows`'s rows per player and other keys (a frame of
        :meth:`totals` of an accumulator without selection), of ``hands`` hands, ``played`` of
        them with a player's row; only where :meth:`takes_sums` says so.  Each player has at
        most one row per hand (as ``hero_only`` counts too), so a player's hands are their rows."""
        self.parsed += hands
        rows = sums if self.named is None else sums.filter(pl.col("player").is_in(self.named))
        if not self.hero_only:
            self.selected_hands += played if self.named is None else int(rows["rows"].sum())
        if not self._counts_from_sums():
            self.dealt_parts.append(sums.group_by("player").agg(pl.col("dealt_hole").sum()))
            self.selected_parts.append(rows.group_by("player").agg(pl.col("rows").sum()))
        values = summands(self.tournaments)
        if len(self.sum_keys) < len(sums.columns) - len(values):  # coarser groups: added up
            rows = rows.group_by(self.sum_keys).agg(pl.col(v).sum() for v in values)
        self.sum_parts.append(rows.select(*self.sum_keys, *values))
        if len(self.sum_parts) >= MERGE_PARTS:
            self._merge_parts()

    def totals(self) -> pl.DataFrame | None:
        """The sums of every row added so far, per group and player (None: no row), for
        :meth:`add_sums`; the accumulator takes no more rows after."""
        self._add_block()
        self._merge_parts()
        return self.sums

    def _counts_from_sums(self) -> bool:
        """Whether the sums tell who was dealt how many hands (``dealt``) and how many rows each
        player has selected (``selected``), so that no pass over the rows counts them: every
        row is selected (the hero, if the only player asked for, is picked at the end), and
        the sums are those of the statistics, per group and player."""
        everyone = self.named is None and self.since is None and self.until is None
        return everyone and not self.lows and self.session_rows is None

    def _merge_parts(self) -> None:
        """Add the parts' sums to the totals: a few parts at once, as merging is a group-by over
        every group so far (sums of integers and decimals: the order they are added in is moot)."""
        if self.dealt_parts:
            self.dealt = merged(self.dealt, self.dealt_parts, ["player"], ["dealt_hole"])
            self.selected = merged(self.selected, self.selected_parts, ["player"], ["rows"])
        if not self.sum_parts:  # sessions: the rows are kept as they are
            pass
        elif self.lows:
            self.sums = merged(self.sums, self.sum_parts, [*self.sum_keys, "low"], ["rows"])
        else:
            self.sums = merged(self.sums, self.sum_parts, self.sum_keys, list(summands(self.tournaments)))
        self.dealt_parts, self.selected_parts, self.sum_parts = [], [], []

    def _first_sightings(self, hands: pl.DataFrame) -> pl.DataFrame:
        """The block's hands not seen before (same site and hand id), the ids noted as seen."""
        new = hands.select(pl.struct("site", "hand_id").is_first_distinct()).to_series()
        for site in hands["site"].unique().to_list():
            seen = self.seen.get(site)
            if seen is not None:
                new = new & ~((hands["site"] == site) & hands["hand_id"].is_in(seen.implode()))
        kept = hands.filter(new)
        self.duplicates += hands.height - kept.height
        for site, ids in kept.select("site", "hand_id").group_by("site"):
            ids_of_site = ids["hand_id"].rechunk()
            name = str(site[0])
            self.seen[name] = ids_of_site if name not in self.seen else self.seen[name].append(ids_of_site)
        return kept

    def finish(self, min_hands: int = 1, sort: str | None = None) -> StatsReport:
        """The statistics (or lows) of every hand added, grouped, filtered and sorted."""
        self._add_block()
        frames = self.sum_parts if self.sums is None else [self.sums, *self.sum_parts]
        if (
            self._counts_from_sums()
            and parted(self.keys)
            and not self.hero_only
            and any(f.height for f in frames)
        ):
            self.sums, self.sum_parts = None, []  # every row, by parts of the players (sums.py)
            frame, players, dealt = stats_of_parts(split_by_player(frames), self.keys, min_hands, sort)
            hero = self.hero if self.hero is not None else detected_hero(dealt)
            return self._report(frame, self.selected_hands, players, hero)
        if self._counts_from_sums() and self.sum_parts:
            # the last parts not merged: the statistics' group-by adds them up with the totals
            frames = self.sum_parts if self.sums is None else [self.sums, *self.sum_parts]
            self.sums, self.sum_parts = pl.concat(frames, how="vertical_relaxed"), []
        self._merge_parts()
        if self._counts_from_sums() and self.sums is not None:
            # dealt_hole and rows are sums per group and player: their sums per player are the counts
            self.dealt = self.sums.select("player", "dealt_hole")
            self.selected = self.sums.lazy().group_by("player").agg(pl.col("rows").sum()).collect()
        hero = self.hero
        if hero is None and self.dealt is not None:
            hero = detected_hero(self.dealt)
        if self.hero_only and hero is None:
            raise ValueError(NO_HERO)
        # no hand: the (empty) figures of empty tables, same columns and types
        if self.session_rows:
            self.sums = pl.concat(self.session_rows, how="vertical_relaxed")
            self.session_rows = []
        if self.sums is None or self.selected is None:
            tables = TableBuilder(detail=False).finish(hero)
            if self.lows:
                frame = low_distribution(tables, self.keys)
            else:
                frame = player_stats(tables, self.keys, min_hands=min_hands, sort=sort)
            return self._report(frame, 0, 0, hero)
        sums, selected = self.sums, self.selected
        if self.hero_only:
            sums, selected = sums.filter(pl.col("player") == hero), selected.filter(pl.col("player") == hero)
        hands = int(selected["rows"].sum()) if self.hero_only else self.selected_hands
        if self.session_rows is not None:
            rows = with_sessions(sums.lazy(), self.session_gap)
            if self.lows:
                known = rows.filter("low_known").with_columns(low_label())
                frame = lows_of_rows(known, self.keys)
            else:
                frame = stats_of_rows(rows, self.keys, min_hands, sort)
        elif self.lows:
            frame = lows_of_rows(sums.lazy(), self.keys)
        else:
            frame = stats_of_rows(sums.lazy(), self.keys, min_hands, sort)
        return self._report(frame, hands, selected.height, hero)

    def _report(self, frame: pl.DataFrame, hands: int, players: int, hero: str | None) -> StatsReport:
        """The report of ``frame``, with what the input held besides (problems, repeats, other games)."""
        problems = tuple(self.problems)
        return StatsReport(
            frame,
            hands,
            players,
            hero,
            problems,
            self.duplicates,
            self.parsed,
            self.inexact,
            self.other_games,
        )
