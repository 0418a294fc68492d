"""The lines of a winnings graph: per player (and currency, and stakes if asked), hand by hand,
the running totals of ``net``, ``net_showdown`` and ``net_no_showdown``.

Hands are put in the order they were played: by ``time_utc`` (each site's
printed time read in its own zone), a hand of an unknown zone by its printed
local time, and hands of the same second in input order.  Amounts of
different currencies never share a line; in big bets (``unit="bb"``) each
hand's net is divided by its own big bet, so lines of several stakes add up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

import polars as pl

from razzlog.stats.report import player_hands
from razzlog.stats.schema import units_to_money
from razzlog.stats.tables import Tables

LINES = ("net", "net_showdown", "net_no_showdown")
# the net of a hand in big bets: a float is fine for a picture (the statistics keep decimals)
_BB = pl.Float64


class Unit(StrEnum):
    MONEY = "money"  # the currency's amounts (chips for tournaments)
    BB = "bb"  # big bets


@dataclass(frozen=True, slots=True)
class Winnings:
    """The graph's data: one row per line and hand, and what the lines are."""

    frame: (
        pl.DataFrame
    )  # series, player, currency, stakes?, hand, time_utc, net, net_showdown, net_no_showdown
    unit: Unit
    series: tuple[str, ...]  # the lines' labels, in the order of their first hand

    def of(self, label: str) -> pl.DataFrame:
        """The rows of one line, in order."""
        return self.frame.filter(pl.col("series") == label)


def winnings(
    tables: Tables,
    players: Iterable[str],
    *,
    since: date | None = None,
    until: date | None = None,
    by_stakes: bool = False,
    unit: Unit = Unit.MONEY,
) -> Winnings:
    """The running totals of the selected players' hands (``@hero`` is the hero; ValueError if
    there is none).  ``hand`` counts each line's hands from 1."""
    keys = ["player", "currency", *(["stakes"] if by_stakes else [])]
    rows = player_hands(tables, list(players), since, until)
    if unit is Unit.BB:
        net = pl.col("net").to_physical().cast(_BB) / pl.col("big_bet").to_physical().cast(_BB)
        net = pl.when(pl.col("big_bet").to_physical() != 0).then(net).otherwise(0.0)
    else:
        net = pl.col("net").to_physical().cast(pl.Int64)  # units of 10^-4 until the end
    ordered = (
        rows.with_columns(pl.col(k).cast(pl.String) for k in keys)
        .with_columns(
            series=pl.struct(keys),  # one line per key, labelled below
            when=pl.coalesce(pl.col("time_utc"), pl.col("date").cast(pl.Datetime("us", "UTC"))),
            net=net,
        )
        .with_columns(
            net_showdown=pl.when("showdown").then(pl.col("net")).otherwise(0),
            net_no_showdown=pl.when("showdown").then(0).otherwise(pl.col("net")),
        )
        .sort("player", "currency", *keys[2:], "when", "hand_idx")
        .with_columns(
            hand=pl.int_range(1, pl.len() + 1, dtype=pl.UInt32).over("series"),
            **{line: pl.col(line).cum_sum().over("series") for line in LINES},
        )
    )
    if unit is Unit.MONEY:
        ordered = ordered.with_columns(units_to_money(pl.col(line)).alias(line) for line in LINES)
    frame = ordered.select(*keys, "hand", "time_utc", *LINES).collect()
    # a line's label: the player, the stakes if asked, the currency where there are several
    shown = ["player", *keys[2:]] + (["currency"] if frame["currency"].n_unique() > 1 else [])
    frame = frame.select(pl.concat_str(pl.col(shown), separator=" ").alias("series"), pl.all())
    first = frame.group_by("series").agg(pl.col("time_utc").min()).sort("time_utc", "series", nulls_last=True)
    return Winnings(frame, unit, tuple(first["series"].to_list()))
