"""Grouped statistics over the tables: select, group, aggregate, filter, sort.

Each function returns a polars DataFrame with the group keys first; the CLI
renders it, a notebook uses it as is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date

import polars as pl

from razzlog.stats.definitions import STATS, aggregations, with_summands
from razzlog.stats.sessions import (
    SESSION,
    SESSION_GAP_MINUTES,
    SESSION_STAT_NAMES,
    session_aggregations,
    with_sessions,
)
from razzlog.stats.tables import Tables
from razzlog.stats.tournaments import TOURNAMENT_STATS, tournament_aggregations

GROUP_KEYS = (
    "player",
    "site",
    "stakes",
    "currency",
    "date",
    "week",
    "month",
    "year",
    SESSION,
    "table",
    "game",
    "club",
    "tournament",
    "buy_in_currency",
    "start",
)
BUY_IN_CURRENCY = "buy_in_currency"  # the unit of the tournament results' amounts: a key when they are shown
# calendar keys, from the hand's date as the site prints it (so they agree with ``date``)
PERIODS = {"week": "%G-W%V", "month": "%Y-%m", "year": "%Y"}
DEFAULT_BY = ("player", "currency")
HERO = "@hero"  # a --player value that stands for the hero
NO_HERO = "no hero: no player's hole cards are shown; name one with --hero"
LOW_LABELS = [f"{r}-low" for r in "56789TJQK"] + ["paired"]
# a hand's columns that the player-hand rows carry: group keys, filters and the divisors
HAND_KEYS = (
    "site",
    "stakes",
    "currency",
    "date",
    "time_utc",
    "table",
    "tournament",
    "big_bet",
    "entry_cost",
    "buy_in_currency",
    "game",
    "club",
)
_HAND_COLUMNS = ("hand_idx", *HAND_KEYS)
_DATE = re.compile(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})")


def group_keys(by: str | Iterable[str]) -> list[str]:
    """The grouping columns for ``by`` (``"player,stakes"`` or a sequence), ``currency`` included.

    Raises ValueError for an unknown key.  ``currency`` is added (last) when
    missing: amounts of different currencies, chips and play money never add up.
    """
    items = by.split(",") if isinstance(by, str) else list(by)
    keys: list[str] = []
    for item in items:
        key = item.strip()
        if not key:
            continue
        if key not in GROUP_KEYS:
            raise ValueError(f"unknown grouping {key!r}: use {', '.join(GROUP_KEYS)}")
        if key not in keys:
            keys.append(key)
    if SESSION in keys and "player" not in keys:  # a session is one player's
        keys.insert(0, "player")
    if "tournament" in keys and BUY_IN_CURRENCY not in keys:  # prizes and buy-ins: in their own unit
        keys.append(BUY_IN_CURRENCY)
    if "currency" not in keys:
        keys.append("currency")
    return keys


def with_period_keys(rows: pl.LazyFrame, keys: Iterable[str]) -> pl.LazyFrame:
    """``rows`` (with their hand's ``date``) with the calendar keys among ``keys``: ``week``
    (ISO, ``2009-W48``), ``month`` (``2009-11``) and ``year`` (``2009``)."""
    periods = [pl.col("date").dt.strftime(PERIODS[k]).alias(k) for k in keys if k in PERIODS]
    return rows.with_columns(periods) if periods else rows


def parse_date(text: str) -> date:
    """``2009-11-26`` or ``2009/11/26`` as a date; ValueError otherwise."""
    m = _DATE.fullmatch(text.strip())
    try:
        if m is None:
            raise ValueError
        return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        raise ValueError(f"not a date: {text!r} (use YYYY-MM-DD)") from None


def stat_columns(by: str | Iterable[str] = DEFAULT_BY) -> list[str]:
    """The columns of :func:`player_stats` for this grouping, in order."""
    keys = group_keys(by)
    tournaments = [s.name for s in TOURNAMENT_STATS] if BUY_IN_CURRENCY in keys else []
    return keys + list(SESSION_STAT_NAMES if SESSION in keys else ()) + tournaments + [s.name for s in STATS]


def low_columns(by: str | Iterable[str] = DEFAULT_BY) -> list[str]:
    """The columns of :func:`low_distribution` for this grouping, in order."""
    return [*group_keys(by), "low", "count", "share"]


def resolve_players(tables: Tables, players: Iterable[str] | None) -> list[str] | None:
    """The player filter with ``@hero`` replaced by the hero (ValueError if there is none)."""
    if players is None:
        return None
    out: list[str] = []
    for name in players:
        if name == HERO:
            if tables.hero is None:
                raise ValueError(NO_HERO)
            name = tables.hero
        if name not in out:
            out.append(name)
    return out


def player_hands(
    tables: Tables,
    players: Iterable[str] | None = None,
    since: date | None = None,
    until: date | None = None,
) -> pl.LazyFrame:
    """The selected player-hand rows joined with their hand's columns (dates inclusive)."""
    rows = tables.players.lazy()
    wanted = resolve_players(tables, players)
    if wanted is not None:
        rows = rows.filter(pl.col("player").is_in(wanted))
    hands = tables.hands
    index = hands["hand_idx"]
    positions = pl.int_range(0, hands.height, dtype=pl.UInt32, eager=True)
    if index.equals(positions, check_names=False, check_dtypes=False):
        # Hand i is row i (as the builder makes them): look the columns up by position, which
        # copies them per player-hand row but builds no join table over every hand.
        rows = rows.with_columns(
            pl.lit(hands[c]).gather(pl.col("hand_idx")).alias(c) for c in _HAND_COLUMNS[1:]
        )
    else:
        rows = rows.join(hands.lazy().select(_HAND_COLUMNS), on="hand_idx", how="inner")
    return selected(rows, None, since, until)


def selected(
    rows: pl.LazyFrame, players: list[str] | None, since: date | None, until: date | None
) -> pl.LazyFrame:
    """The player-hand ``rows`` (with their hand's ``date``) of ``players`` (names; None: all),
    played from ``since`` to ``until`` (inclusive; None: no bound)."""
    if players is not None:
        rows = rows.filter(pl.col("player").is_in(players))
    if since is not None:
        rows = rows.filter(pl.col("date") >= since)
    if until is not None:
        rows = rows.filter(pl.col("date") <= until)
    return rows


def selection_size(
    tables: Tables,
    players: Iterable[str] | None = None,
    since: date | None = None,
    until: date | None = None,
) -> tuple[int, int]:
    """How many distinct hands and players the selection holds."""
    row = (
        player_hands(tables, players, since, until)
        .select(pl.col("hand_idx").n_unique().alias("hands"), pl.col("player").n_unique().alias("players"))
        .collect()
        .row(0)
    )
    return int(row[0]), int(row[1])


def player_stats(
    tables: Tables,
    by: str | Iterable[str] = DEFAULT_BY,
    players: Iterable[str] | None = None,
    since: date | None = None,
    until: date | None = None,
    min_hands: int = 1,
    sort: str | None = None,
    session_gap: int = SESSION_GAP_MINUTES,
) -> pl.DataFrame:
    """One row per group: the keys of ``by`` (and ``currency``) then every statistic of ``STATS``.

    ``players`` keeps only those players' hands (``@hero`` is the hero);
    ``since``/``until`` keep the hands played on those dates (inclusive);
    groups with fewer than ``min_hands`` hands are left out.  ``sort`` is an
    output column, optionally suffixed ``:asc`` or ``:desc`` (default: numbers
    descending, text ascending); the default sorts by ``hands``, most first.
    Ties are broken by the keys.  ``by`` may hold ``session`` (see
    :mod:`razzlog.stats.sessions`; ``session_gap`` minutes end one).
    """
    keys = group_keys(by)
    rows = with_summands(player_hands(tables, players, since, until))
    if SESSION in keys:
        rows = with_sessions(rows, session_gap)
    return stats_of_rows(with_period_keys(rows, keys), keys, min_hands, sort)


def stats_of_rows(
    rows: pl.LazyFrame, keys: list[str], min_hands: int = 1, sort: str | None = None
) -> pl.DataFrame:
    """:func:`player_stats` of selected rows that hold the group keys and the SUMMANDS
    (player-hand rows, or sums of them: :mod:`razzlog.stats.stream`); with ``session`` among the
    keys, player-hand rows with their session and ``time_utc``."""
    return _sorted(unsorted_stats(rows, keys, min_hands), default_sort(sort, keys), keys).collect()


def unsorted_stats(rows: pl.LazyFrame, keys: list[str], min_hands: int = 1) -> pl.LazyFrame:
    """:func:`stats_of_rows` before it is sorted: the groups in no set order."""
    return (
        rows.group_by(keys)
        .agg(
            aggregations()
            + (session_aggregations() if SESSION in keys else [])
            + (tournament_aggregations() if BUY_IN_CURRENCY in keys else [])
        )
        .filter(pl.col("hands") >= min_hands)
        .with_columns(_keys_as_text(rows, keys))
        .select(stat_columns(keys))
    )


def default_sort(sort: str | None, keys: Sequence[str]) -> str:
    """``sort``, or the figures' order: sessions read best in time order, other groups most hands
    first."""
    return sort or (f"{SESSION}:asc" if SESSION in keys else "hands")


def _keys_as_text(rows: pl.LazyFrame, keys: Iterable[str]) -> list[pl.Expr]:
    """The group keys stored as ``Categorical`` back to ``String``: text sorts and prints as text."""
    schema = rows.collect_schema()
    return [pl.col(k).cast(pl.String) for k in keys if isinstance(schema[k], pl.Categorical)]


def check_sort(sort: str, columns: Sequence[str]) -> tuple[str, str]:
    """``COLUMN[:asc|:desc]`` as (column, order); ValueError unless the column is one of ``columns``."""
    column, _, order = sort.partition(":")
    column = column.strip()
    if column not in columns or order not in ("", "asc", "desc"):
        raise ValueError(
            f"cannot sort by {sort!r}: use one of {', '.join(columns)}, optionally with :asc or :desc"
        )
    return column, order


def sort_rows(frame: pl.DataFrame, sort: str, keys: Sequence[str]) -> pl.DataFrame:
    """``frame`` sorted by ``sort`` (``COLUMN[:asc|:desc]``), then by ``keys``; ValueError if unknown."""
    return _sorted(frame.lazy(), sort, keys).collect()


def _sorted(rows: pl.LazyFrame, sort: str, keys: Sequence[str]) -> pl.LazyFrame:
    # Sorting in the query makes the rows once: a sorted copy of a frame of many groups (a
    # million generated hands have 155,000 players) would hold them twice.
    schema = rows.collect_schema()
    column, order = check_sort(sort, schema.names())
    numeric = schema[column].is_numeric() or schema[column] == pl.Date()
    descending = order == "desc" or (order == "" and numeric)
    rest = [k for k in keys if k != column]
    return rows.sort([column, *rest], descending=[descending] + [False] * len(rest), nulls_last=True)


def low_distribution(
    tables: Tables,
    by: str | Iterable[str] = DEFAULT_BY,
    players: Iterable[str] | None = None,
    since: date | None = None,
    until: date | None = None,
    session_gap: int = SESSION_GAP_MINUTES,
) -> pl.DataFrame:
    """The final lows at showdown per group: ``keys…, low, count, share``.

    ``low`` is ``5-low`` … ``K-low`` for an unpaired low by its highest card,
    or ``paired``; ``share`` is ``count`` over the group's known lows
    (``showdown_lows``).  Only the lows that occur are listed, best first.
    """
    keys = group_keys(by)
    rows = player_hands(tables, players, since, until)
    if SESSION in keys:  # sessions are runs of all the player's hands, not only those with a known low
        rows = with_sessions(rows, session_gap)
    rows = with_period_keys(rows, keys).filter("low_known")
    return lows_of_rows(rows.with_columns(low_label(), rows=pl.lit(1, dtype=pl.UInt32)), keys)


def low_label() -> pl.Expr:
    """A known final low's label (``LOW_LABELS``), from ``final_low_top``, as ``low``."""
    return (
        pl.when(pl.col("final_low_top").is_null())
        .then(pl.lit("paired"))
        .otherwise(pl.col("final_low_top").replace_strict(list(range(5, 14)), LOW_LABELS[:-1]))
        .cast(pl.Enum(LOW_LABELS))
        .alias("low")
    )


def lows_of_rows(rows: pl.LazyFrame, keys: list[str]) -> pl.DataFrame:
    """:func:`low_distribution` of selected rows with known lows that hold the group keys,
    ``low`` and ``rows`` (how many player-hands a row stands for)."""
    return (
        rows.group_by(*keys, "low")
        .agg(count=pl.col("rows").sum())
        .with_columns(*_keys_as_text(rows, keys), share=(pl.col("count") / pl.col("count").sum().over(keys)))
        .sort([*keys, "low"], nulls_last=True)
        .collect()
    )
