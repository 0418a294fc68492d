"""``razzlog stats --store``: the statistics of the stored hands, no text parsed.

The store's ``hands`` and ``player_hands`` hold every column the statistics
read (and more), so the same :class:`~razzlog.stats.stream.StatsAccumulator`
that adds up the text path's chunks adds up the stored rows, some 60,000 hands
at a time, each row given its hand's keys by position (:func:`with_hand_columns`:
a join of a million rows cost seconds).  (The one selection
the accumulator cannot add up, ``@hero`` with other players and no hero named,
goes through :func:`~razzlog.stats.stream.report_stats` with each segment as a
:class:`~razzlog.stats.chunks.TableChunk`.)  Only first sightings are read (a
later hand with a stored hand's site and id is what the text path counts
once), so the order of the segments does not matter.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date

import polars as pl

from razzlog.stats.chunks import TableChunk, empty
from razzlog.stats.definitions import TOURNAMENT_SUMMANDS, units
from razzlog.stats.report import BUY_IN_CURRENCY, HAND_KEYS, PERIODS, sort_rows
from razzlog.stats.schema import ACTIONS_SCHEMA, STATS_HANDS, STATS_PLAYERS, UNIT
from razzlog.stats.sessions import SESSION, SESSION_GAP_MINUTES
from razzlog.stats.stream import StatsAccumulator, StatsReport, report_stats, streamable
from razzlog.stats.tables import Tables, build_from_chunks
from razzlog.store.files import stored_other_games
from razzlog.store.manifest import Segment
from razzlog.store.tables import UNPARSED_RULES, Store, violation_of_row
from razzlog.violations import Violation

_HAND_COLUMNS = [c for c in (*STATS_HANDS, "hand_id") if c != "hand_idx"]
_PLAYER_COLUMNS = [c for c in STATS_PLAYERS if c != "hand_idx"]
PLAYER_KEYS = ("start",)  # the group keys among the player-hand columns (besides the player)
# at most this many hands added up at a time: some 300,000 rows, ~100 MB with their temporaries
HANDS_AT_ONCE = 60_000


def stored_stats(
    store: Store,
    keys: list[str],
    players: list[str] | None = None,
    since: date | None = None,
    until: date | None = None,
    hero: str | None = None,
    *,
    lows: bool = False,
    min_hands: int = 1,
    sort: str | None = None,
    session_gap: int = SESSION_GAP_MINUTES,
) -> StatsReport:
    """What :func:`razzlog.stats.stream.report_stats` reports of the stored files' text."""
    if streamable(players, hero):
        from razzlog.store import totals  # which reads the segments' rows with this module's functions

        # added up a part of a segment at a time, each row with its hand's keys
        accumulator = StatsAccumulator(keys, players, since, until, hero, lows=lows, session_gap=session_gap)
        accumulator.problems.extend(_problems(store))
        accumulator.other_games = stored_other_games(store.files())
        hand_columns, player_columns = row_columns(keys, dated=since is not None or until is not None)
        sums = accumulator.takes_sums(totals.KEYS)
        for segment in store.manifest.segments:
            found = totals.read_totals(store, segment) if sums else None
            if found is not None:  # the segment's rows added up when it was written
                assert segment.totals is not None
                accumulator.add_sums(found, segment.totals["hands"], segment.totals["played"])
                continue
            for rows, hands in segment_rows(store, segment, HANDS_AT_ONCE, hand_columns, player_columns):
                accumulator.add_rows(rows, hands)
        result = accumulator.finish(min_hands, None if lows else sort)
        if lows and sort is not None:
            result = replace(result, frame=sort_rows(result.frame, sort, keys))
    else:
        result = report_stats(
            stored_chunks(store),
            keys,
            players,
            since,
            until,
            hero,
            lows=lows,
            min_hands=min_hands,
            sort=sort,
            session_gap=session_gap,
        )
    duplicates = (
        store.scan("violations").filter(pl.col("rule") == "duplicate-hand").select(pl.len()).collect().item()
    )
    return replace(result, duplicates=int(duplicates))


def stored_chunks(store: Store) -> Iterator[TableChunk]:
    """One chunk per segment (first sightings only); the first carries the input's problems and
    hands of other games."""
    problems = _problems(store)
    other_games = stored_other_games(store.files())
    for segment in store.manifest.segments:
        hands = (
            store.scan_segment(segment, "hands")
            .filter("first_sighting")
            .select("hand_key", *_HAND_COLUMNS)
            .with_row_index("hand_idx")
            .with_columns(_units("big_bet"), _units("entry_cost"))
            .collect()
        )
        players = (
            store.scan_segment(segment, "player_hands")
            .select("hand_key", *_PLAYER_COLUMNS)
            .join(hands.lazy().select("hand_key", "hand_idx"), on="hand_key", how="inner")
            .with_columns(_units("net"), _units("rake_paid"), _units("prize"))
            .select("hand_idx", *_PLAYER_COLUMNS)
            .collect()
        )
        actions = empty(ACTIONS_SCHEMA, None)
        yield TableChunk(hands.drop("hand_key"), players, actions, problems, "", 0, 0, other_games)
        problems, other_games = (), {}
    if problems or other_games:
        actions = empty(ACTIONS_SCHEMA, None)
        yield TableChunk(pl.DataFrame(), pl.DataFrame(), actions, problems, "", 0, 0, other_games)


def row_columns(keys: list[str], *, dated: bool = True) -> tuple[list[str], list[str]]:
    """The hand and player-hand columns that the statistics grouped by ``keys`` read: the keys,
    the date (if ``dated``, a selection by date, or calendar keys), the divisors (``big_bet``,
    and ``entry_cost`` for the tournament results), the time and tables for sessions, and every
    player column but a key's (a string per row, read and joined in vain) and, unless the
    tournament results are shown (``buy_in_currency`` a key), but theirs."""
    tournaments = BUY_IN_CURRENCY in keys
    needed = {
        *keys,
        "currency",
        *(["date"] if dated or any(k in PERIODS for k in keys) else []),
        "big_bet",
        *(["entry_cost"] if tournaments else []),
        *(["time_utc", "table"] if SESSION in keys else []),
    }
    hand_columns = [c for c in HAND_KEYS if c in needed]
    player_columns = [c for c in _PLAYER_COLUMNS if c not in PLAYER_KEYS or c in keys]
    return hand_columns, [c for c in player_columns if tournaments or c not in TOURNAMENT_SUMMANDS]


def segment_rows(
    store: Store, segment: Segment, hands_at_once: int, hand_columns: list[str], player_columns: list[str]
) -> Iterator[tuple[pl.DataFrame, int]]:
    """The segment's player-hand rows of first sightings, with their hand's keys, in parts of
    at most ``hands_at_once`` hands, as equal as can be (the row groups' statistics on
    ``hand_key`` let each query read only its own; a part of the whole segment reads it
    without a filter); and how many hands (first sightings) each time."""
    hands = (
        store.scan_segment(segment, "hands")
        .select(pl.col("hand_key").alias("hand_idx"), "first_sighting", *hand_columns)
        .with_columns(_units(c) for c in ("big_bet", "entry_cost") if c in hand_columns)
        .collect()
        .sort("hand_idx")
    )
    parts = -(-hands.height // hands_at_once)
    for n in range(parts):
        part = hands[n * hands.height // parts : (n + 1) * hands.height // parts]
        query = store.scan_segment(segment, "player_hands")
        if parts > 1:
            low, high = part["hand_idx"][0], part["hand_idx"][-1]
            query = query.filter(pl.col("hand_key").is_between(low, high))
        players = (
            query.select(pl.col("hand_key").alias("hand_idx"), *player_columns)
            .with_columns(_money_units(c) for c in ("net", "rake_paid", "prize") if c in player_columns)
            .collect()
        )
        yield with_hand_columns(players, part, hand_columns), int(part["first_sighting"].sum())


def with_hand_columns(players: pl.DataFrame, hands: pl.DataFrame, columns: list[str]) -> pl.DataFrame:
    """The ``players`` rows whose hand is one of ``hands`` and a first sighting, with that hand's
    ``columns``: what an inner join on ``hand_idx`` gives (in the rows' order), but each hand's
    row found by position (``hands`` sorted by ``hand_idx``, each once: where the keys are
    consecutive, a row's hand is at its key less the first; else by a binary search) and its
    columns gathered, which copies no more than the columns added (a join of a million rows
    built its output a column at a time in some 3 s)."""
    keys = hands["hand_idx"]
    if not keys.len() or not players.height:
        return players.clear().with_columns(hands[c].clear() for c in columns)
    rows = players["hand_idx"]
    first, last, low, high = keys[0], keys[-1], rows.min(), rows.max()
    if last - first + 1 == keys.len() and first <= low and high <= last:
        at = (rows - first).cast(pl.UInt32)
        kept = None if hands["first_sighting"].all() else hands["first_sighting"].gather(at)
    else:
        at = keys.search_sorted(rows).clip(0, keys.len() - 1)
        kept = (keys.gather(at) == rows) & hands["first_sighting"].gather(at)
    out = players.with_columns(hands[c].gather(at) for c in columns)
    return out if kept is None or kept.all() else out.filter(kept)


def _units(column: str) -> pl.Expr:
    return (pl.col(column) * int(UNIT)).cast(pl.Int64)


def _money_units(column: str) -> pl.Expr:
    """:func:`_units` of a stored amount (``MONEY``: its integer is the units), without the
    decimal product: a cast of the integer, which fails where the units overflow as the
    product's cast does."""
    return units(column).cast(pl.Int64)


def _problems(store: Store) -> tuple[Violation, ...]:
    rows = (
        store.scan("violations")
        .filter(pl.col("rule").is_in(UNPARSED_RULES))
        .sort("file_id", "hand_line", "seq")
        .collect()
    )
    return tuple(violation_of_row(r) for r in rows.iter_rows(named=True))


def stored_tables(store: Store, hero: str | None = None) -> Tables:
    """The statistics tables (``detail=False``) of the stored hands: what
    :func:`razzlog.stats.load` gives for the stored files' text, for the views that need the
    player-hand rows themselves (graphs, reports)."""
    return build_from_chunks(stored_chunks(store), hero, detail=False)
