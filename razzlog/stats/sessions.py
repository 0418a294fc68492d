"""Sessions: one player's run of hands with no gap longer than a few minutes, across tables.

A player who sits at three tables for an evening plays one session, however
the hands of the tables interleave.  Hands are placed in time by
``time_utc`` (each site's printed time read in its own time zone:
:mod:`razzlog.clock`), so sessions that span sites and zones are compared on
one clock; a hand whose time zone razzlog does not know has no session
(``null``).  The ``session`` key of a row is the session's start, in UTC.
"""

from __future__ import annotations

import polars as pl

from razzlog.stats.definitions import Stat, ratio

SESSION_GAP_MINUTES = 30
SESSION = "session"
_ISO = "%Y-%m-%dT%H:%M:%SZ"
_HOURS = (pl.col("time_utc").max() - pl.col("time_utc").min()).dt.total_seconds() / 3600
_HANDS = pl.col("rows").sum()

# The columns a row of ``--by session`` adds after its keys.
SESSION_STATS: tuple[Stat, ...] = (
    Stat(
        "end",
        "text",
        "end",
        "`--by session` only: the time of the session's last hand, in UTC (the `session` key is its first).",
        pl.col("time_utc").max().dt.strftime(_ISO),
    ),
    Stat(
        "duration_minutes",
        "number",
        "minutes",
        "`--by session` only: minutes from the session's first hand to its last (0 for one hand).",
        _HOURS * 60,
    ),
    Stat(
        "tables",
        "count",
        "tables",
        "`--by session` only: the distinct tables the session's hands were played at.",
        pl.col("table").n_unique(),
    ),
    Stat(
        "hands_per_hour",
        "number",
        "hands/h",
        "`--by session` only: `hands` over the session's duration in hours (null for a session of "
        "no duration).",
        ratio(_HANDS.cast(pl.Float64), _HOURS),
    ),
    Stat(
        "net_per_hour",
        "number",
        "net/h",
        "`--by session` only: `net` over the session's duration in hours, in the row's currency "
        "(a rate, so a float; `net` itself stays exact).",
        ratio(pl.col("net").to_physical().cast(pl.Float64).sum() / 10_000, _HOURS),
    ),
)
SESSION_STAT_NAMES = tuple(s.name for s in SESSION_STATS)


def with_sessions(rows: pl.LazyFrame, gap_minutes: int = SESSION_GAP_MINUTES) -> pl.LazyFrame:
    """Player-hand ``rows`` (with ``player`` and ``time_utc``) with their ``session``: the start of
    the player's run of hands that holds them, where a gap longer than ``gap_minutes`` ends a run.

    The rows come back ordered by player and time (ties in their order).
    """
    gap = pl.duration(minutes=gap_minutes)
    timed = rows.filter(pl.col("time_utc").is_not_null()).sort("player", "time_utc", maintain_order=True)
    numbered = timed.with_columns(
        run=(pl.col("time_utc").diff().over("player") > gap).fill_null(True).cum_sum().over("player")
    ).with_columns(
        pl.col("time_utc").min().over("player", "run").dt.strftime(_ISO).alias(SESSION),
    )
    untimed = rows.filter(pl.col("time_utc").is_null()).with_columns(pl.lit(None, pl.String).alias(SESSION))
    return pl.concat([numbered.drop("run"), untimed], how="vertical")


def session_aggregations() -> list[pl.Expr]:
    """The aggregations of :data:`SESSION_STATS`, named after them."""
    return [s.expr.alias(s.name) for s in SESSION_STATS]
