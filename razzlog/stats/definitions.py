"""Every statistic, defined once: a polars aggregation and its glossary entry.

A statistic is an aggregation evaluated per group (``group_by(keys).agg``)
over the player-hand rows of :mod:`razzlog.stats.tables` joined with their
hand's row (so ``big_bet`` and ``currency`` are at hand), one row per player
dealt in per hand.  The aggression statistics add up the counts of actions
each row carries (``aggressive_3rd``…, ``calls_3rd``…, ``folds``): the same
sums as over the actions themselves, without a table of them.

Rates are fractions 0–1, ``null`` where the denominator is 0.  The glossary
(``docs/glossary.md``) is generated from these definitions by
:func:`razzlog.stats.glossary.glossary_markdown`.
"""

from __future__ import annotations

import polars as pl

from razzlog.stats.schema import STREETS, units_to_money

# Stat, count and ratio are also imported from here (sessions, tournaments): re-exported
from razzlog.stats.stat import Stat as Stat
from razzlog.stats.stat import count as count
from razzlog.stats.stat import ratio as ratio
from razzlog.stats.stat import total
from razzlog.stats.stud import STUD_COUNTS, STUD_FLAGS, STUD_STATS, WON_SAW, won_saw_columns

_aggressive = total("aggressive")
_calls = total("calls")


def units(column: str) -> pl.Expr:
    """An amount in whole 10^-4 units: the integer of a ``Decimal(38, 4)``, or the column itself
    where it holds units (tables without detail, whose integers may be narrow: add them as Int128)."""
    return pl.col(column).to_physical()


# A hand's net in big bets, as a decimal of 18 places.  Decimals add up
# exactly, so the sum is the same whatever order the rows are added in (the
# rounding of a float sum depends on it, and polars' streaming engine adds in
# no fixed order); each hand's quotient is off by at most 5e-19.
_BB = pl.Decimal(38, 18)

# Every statistic is a function of sums of columns (SUMMANDS) over the group's
# rows: so it is the same over the player-hand rows themselves and over rows
# that are already sums of some of them (razzlog.stats.stream adds up the hands
# as they are read, in memory that does not grow with the input).  The columns
# the tables do not store are derived from them by with_summands.
_ROWS = pl.col("rows").sum()
_net_bb = pl.col("net_bb").sum().cast(pl.Float64)

# stored flags and counts the statistics add up
_SUMMED_FLAGS = (
    "dealt_hole",
    "vpip",
    "third_raise",
    "bring_in",
    "bring_in_completed",
    "steal_opportunity",
    "steal_attempt",
    "faced_steal",
    "folded_to_steal",
    "saw_4th",
    "showdown",
    "won_showdown",
    "low_known",
    "finished",
    *STUD_FLAGS,
)
_SUMMED_COUNTS = (
    *(f"aggressive_{s}" for s in STREETS),
    *(f"calls_{s}" for s in STREETS),
    "folds",
    *STUD_COUNTS,
)
# derived per row by with_summands
_DERIVED = (
    "rows",
    "showdown_saw_4th",
    "won_saw_4th",
    "low_8",
    "net_bb",
    "net_showdown",
    "net_no_showdown",
    "cashed",
    "entry_paid",
    *WON_SAW.values(),
)
# amounts, summed as whole 10^-4 units (derived ones are units already)
MONEY_SUMMANDS = ("net", "rake_paid", "net_showdown", "net_no_showdown", "prize", "entry_paid")
SUMMANDS = (*_DERIVED, *_SUMMED_FLAGS, *_SUMMED_COUNTS, "net", "rake_paid", "prize", "finish_place")


# the SUMMANDS that only the tournament results add up (razzlog.stats.tournaments: shown when
# buy_in_currency is a group key); the other statistics need neither them nor what they are of
TOURNAMENT_SUMMANDS = ("cashed", "entry_paid", "finished", "prize", "finish_place")


def summands(tournaments: bool = True) -> tuple[str, ...]:
    """SUMMANDS, without the tournament results' unless ``tournaments``."""
    return SUMMANDS if tournaments else tuple(c for c in SUMMANDS if c not in TOURNAMENT_SUMMANDS)


def with_summands(rows: pl.LazyFrame, tournaments: bool = True) -> pl.LazyFrame:
    """Player-hand rows (joined with their hand's ``big_bet``) with the derived columns of SUMMANDS
    (of :func:`summands`: without ``tournaments``, the rows need no ``prize``, ``finished`` nor
    ``entry_cost``)."""
    derived = {
        "rows": pl.lit(1, dtype=pl.UInt32),
        "showdown_saw_4th": pl.col("showdown") & pl.col("saw_4th"),
        "won_saw_4th": pl.col("won") & pl.col("saw_4th"),
        "low_8": (pl.col("final_low_top") <= 8).fill_null(False),
        # A big bet of 0 has no quotient: such hands are left out (null) rather than fail.
        "net_bb": pl.when(pl.col("big_bet") != 0).then(units("net").cast(_BB) / units("big_bet").cast(_BB)),
        # winnings split as trackers split them: hands that went to showdown, and the rest
        "net_showdown": pl.when("showdown").then(units("net").cast(pl.Int64)).otherwise(0),
        "net_no_showdown": pl.when("showdown").then(0).otherwise(units("net").cast(pl.Int64)),
        **won_saw_columns(),
    }
    if tournaments:  # a tournament counts once per player: in the hand that shows them finish it
        derived["cashed"] = (pl.col("prize").to_physical() > 0).fill_null(False)
        derived["entry_paid"] = pl.when("finished").then(units("entry_cost").cast(pl.Int64)).otherwise(0)
    return rows.with_columns(**derived)


def partial_sums(
    money: type[pl.DataType] | pl.DataType = pl.Int128, tournaments: bool = True
) -> list[pl.Expr]:
    """The sums of SUMMANDS over a group, named after them: rows of the same meaning as the
    player-hand rows, for the statistics (money as 10^-4 units, counts as integers).

    ``money``: the type the amounts are added up in: Int128, exact whatever the rows, or Int64
    where the caller knows that no group's sum can overflow it (about a third faster).
    ``tournaments``: as for :func:`summands`."""
    return [
        (units(c).cast(money) if c in MONEY_SUMMANDS else pl.col(c)).sum().alias(c)
        for c in summands(tournaments)
    ]


def money_sum(column: str) -> pl.Expr:
    """The group's sum of an amount column, exact, as ``MONEY``."""
    return units_to_money(units(column).cast(pl.Int128).sum())


def _af(street: str) -> Stat:
    return Stat(
        f"af_{street}",
        "ratio",
        f"AF {street}",
        f"The aggression factor on {street} street only.",
        ratio(total("aggressive", (street,)), total("calls", (street,))),
        in_table=False,
    )


STATS: tuple[Stat, ...] = (
    Stat(
        "hands",
        "count",
        "hands",
        "Hands the player was dealt into (a hand of a group without `player` counts once per player in it).",
        _ROWS,
    ),
    Stat(
        "net",
        "money",
        "net",
        "Won minus put in, exact, in the group's currency: for each hand, what the player collected "
        "from the pots plus any uncalled bet returned to them, minus their ante, bring-in, bets, "
        "calls, completions and raises (the rake is never theirs).",
        money_sum("net"),
    ),
    Stat(
        "net_showdown",
        "money",
        "net SD",
        "`net` of the hands where the player went to showdown (see `showdowns`).",
        money_sum("net_showdown"),
    ),
    Stat(
        "net_no_showdown",
        "money",
        "net non-SD",
        "`net` of the other hands: folded, or won without a showdown.  "
        "`net_showdown + net_no_showdown = net`.",
        money_sum("net_no_showdown"),
    ),
    Stat(
        "rake_paid",
        "money",
        "rake",
        "The player's share of the rake of the pots they won: each hand's rake split among the "
        "players who collected, in proportion to what they collected (exact to 0.0001; the shares "
        "of a hand add up to its rake).  Not part of `net`, which is already after rake.",
        money_sum("rake_paid"),
    ),
    Stat(
        "net_bb",
        "number",
        "net BB",
        "Net in big bets: the sum over hands of the hand's net divided by that table's big bet "
        "(the 4th-street-and-later bet; `$0.08` at `$0.04/$0.08`).",
        _net_bb,
    ),
    Stat(
        "bb_per_100",
        "number",
        "BB/100",
        "Big bets won per 100 hands: `100 × net_bb / hands`.",
        100 * _net_bb / _ROWS,
    ),
    Stat(
        "vpip",
        "rate",
        "VPIP",
        "Voluntarily put chips in on 3rd street: hands where the player called, completed or "
        "raised on 3rd street (a bring-in player who completes counts; the ante and the bring-in "
        "alone do not), over `hands`.",
        ratio(count("vpip"), _ROWS),
    ),
    Stat(
        "third_street_raise",
        "rate",
        "3rd raise",
        "Hands where the player completed or raised on 3rd street (the bring-in player completing "
        "included), over `hands`.",
        ratio(count("third_raise"), _ROWS),
    ),
    Stat(
        "bring_ins",
        "count",
        "bring-ins",
        "Hands where the player had the bring-in: posted it, or completed instead of posting it.",
        count("bring_in"),
    ),
    Stat(
        "bring_in_complete",
        "rate",
        "BI compl.",
        "How often the bring-in player completed instead of bringing in: such hands over `bring_ins`.",
        ratio(count("bring_in_completed"), count("bring_in")),
    ),
    Stat(
        "steal_attempt",
        "rate",
        "steal",
        "A steal opportunity is a 3rd-street turn facing only the bring-in, where everyone who "
        "acted after the bring-in folded and at most two players besides the bring-in are left "
        "to act (players all-in from the ante do not count); completing (or raising) there is a "
        "steal attempt.  Attempts over opportunities.",
        ratio(count("steal_attempt"), count("steal_opportunity")),
    ),
    Stat(
        "fold_to_steal",
        "rate",
        "fold/steal",
        "The bring-in's response to a steal attempt: hands where the player brought in, a steal "
        "attempt followed, everyone between the stealer and the bring-in folded, and the bring-in "
        "then folded; over the hands where they faced such a steal.",
        ratio(count("folded_to_steal"), count("faced_steal")),
    ),
    Stat(
        "aggression_factor",
        "ratio",
        "AF",
        "Aggression factor: the player's bets, completions and raises over their calls, on all "
        "streets (the bring-in is neither; not a rate: it can exceed 1).",
        ratio(_aggressive, _calls),
    ),
    *(_af(street) for street in STREETS),
    Stat(
        "aggression_frequency",
        "rate",
        "AFq",
        "Aggression frequency: bets, completions and raises over bets, completions, raises, calls "
        "and folds (checks and the bring-in not counted), on all streets.",
        ratio(_aggressive, _aggressive + _calls + pl.col("folds").sum()),
    ),
    Stat(
        "saw_4th",
        "count",
        "saw 4th",
        "Hands where the player saw 4th street: 4th street was dealt and they had not folded on 3rd.",
        count("saw_4th"),
        in_table=False,
    ),
    Stat(
        "showdowns",
        "count",
        "showdowns",
        "Hands where the player went to showdown: they had not folded when the betting ended and "
        "at least one other player had not either.",
        count("showdown"),
        in_table=False,
    ),
    Stat(
        "wtsd",
        "rate",
        "WTSD",
        "Went to showdown: `showdowns` (those that saw 4th street) over `saw_4th`.",
        ratio(count("showdown_saw_4th"), count("saw_4th")),
    ),
    Stat(
        "wsd",
        "rate",
        "W$SD",
        "Won money at showdown: showdowns where the player collected from a pot (a split or a "
        "side pot counts), over `showdowns`.",
        ratio(count("won_showdown"), count("showdown")),
    ),
    Stat(
        "wwsf",
        "rate",
        "WWSF",
        "Won when saw 4th street: hands that saw 4th street where the player collected from a "
        "pot, at showdown or not, over `saw_4th`.",
        ratio(count("won_saw_4th"), count("saw_4th")),
    ),
    Stat(
        "showdown_lows",
        "count",
        "lows",
        "Showdowns where the log shows at least five of the player's cards, so their final low "
        "is known (the best ace-to-five low of the cards shown; the hero's own cards count).",
        count("low_known"),
        in_table=False,
    ),
    Stat(
        "low_8_or_better",
        "rate",
        "8-low+",
        "Final lows of 8-high or better (unpaired, highest card 8 or lower), over `showdown_lows`. "
        "`razzlog.stats.low_distribution` (and `razzlog stats --lows`) gives every rank.",
        ratio(count("low_8"), count("low_known")),
    ),
    *STUD_STATS,  # razzlog.stats.stud: the stud statistics, not shown by the table format
)
STAT_BY_NAME = {s.name: s for s in STATS}


def aggregations() -> list[pl.Expr]:
    """The aggregations of every statistic, named after the statistic."""
    return [s.expr.alias(s.name) for s in STATS]
