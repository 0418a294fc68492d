"""Tournament results as statistics: tournaments finished, place, ITM, prizes, buy-ins and ROI.

A tournament counts once per player: in the hand whose log shows them finish
it (``finished`` and ``prize`` of the player-hand rows, from the sites'
``… finished the tournament in 2nd place and received $6.00.`` lines), and
costs what its header's buy-in says (``entry_cost``: buy-in, bounty and fee).
These amounts are in the buy-in's currency, not in the chips of the hands'
``net``: the columns are shown only when ``buy_in_currency`` is a group key
(:func:`razzlog.stats.report.group_keys` adds it to ``tournament``), so
amounts of different units never add up.
"""

from __future__ import annotations

import polars as pl

from razzlog.stats.definitions import Stat, count, money_sum, ratio, units

_FINISHED = count("finished")
_PRIZES = units("prize").cast(pl.Int128).sum()
_ENTRIES = units("entry_paid").cast(pl.Int128).sum()

# Tournament results: the columns a grouping by ``tournament`` or ``buy_in_currency`` adds (their
# amounts are in the buy-in's currency, which is then a key, so they never mix units).
TOURNAMENT_STATS: tuple[Stat, ...] = (
    Stat(
        "tournaments",
        "count",
        "tourneys",
        "Tournaments the log shows the player finishing: busted with a place (`X finished the "
        "tournament in 7th place`), or won (`X wins the tournament`).  A tournament whose end the "
        "log does not show is not counted here (its hands count in the other columns).",
        _FINISHED,
    ),
    Stat(
        "place",
        "count",
        "place",
        "The place printed when the player finished, for a row of one finished tournament "
        "(`--by tournament`); null otherwise.",
        pl.when(_FINISHED == 1).then(pl.col("finish_place").sum()),
    ),
    Stat(
        "itm",
        "rate",
        "ITM",
        "In the money: finished tournaments where the player received a prize, over `tournaments`.",
        ratio(count("cashed"), _FINISHED),
    ),
    Stat(
        "prizes",
        "money",
        "prizes",
        "Prizes received in the finished tournaments, as printed, in `buy_in_currency`.",
        money_sum("prize"),
    ),
    Stat(
        "buy_ins",
        "money",
        "buy-ins",
        "What entering the finished tournaments cost: buy-in, bounty and fee as the header prints "
        "them (`$10+$1`), in `buy_in_currency`.",
        money_sum("entry_paid"),
    ),
    Stat(
        "roi",
        "rate",
        "ROI",
        "Return on investment: `(prizes - buy_ins) / buy_ins` (null for freerolls).",
        ratio((_PRIZES - _ENTRIES).cast(pl.Float64), _ENTRIES.cast(pl.Float64)),
    ),
)


def tournament_aggregations() -> list[pl.Expr]:
    """The aggregations of :data:`TOURNAMENT_STATS`, named after them."""
    return [s.expr.alias(s.name) for s in TOURNAMENT_STATS]
