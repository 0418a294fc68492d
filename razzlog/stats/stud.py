"""The stud statistics razz players look for: steals and the answers to them, first-in play,
3-bets, continuation bets, later streets, late-street aggression and door cards.

Each is defined once, like those of :mod:`razzlog.stats.definitions` (which
lists them in ``STATS``), as a function of sums of per-hand flags and counts
that :mod:`razzlog.stats.betting` sets in the one walk over a hand's events.
Names follow the HUDs' (fpdb, stud HUDs) where they have one.
"""

from __future__ import annotations

import polars as pl

from razzlog.stats.betting import FLAG_COLUMNS
from razzlog.stats.stat import Stat, count, ratio, total

LATE_STREETS = ("4th", "5th", "6th", "7th")
# the per-hand flags and counts these statistics add up (stored columns)
STUD_FLAGS = (*FLAG_COLUMNS, "saw_5th", "saw_6th", "saw_7th")
STUD_COUNTS = ("folds_late",)
# derived per row (razzlog.stats.definitions.with_summands): won a pot having seen that street
WON_SAW = {street: f"won_saw_{street}" for street in ("5th", "6th", "7th")}


def won_saw_columns() -> dict[str, pl.Expr]:
    """The derived ``won_saw_5th``… columns of a player-hand row."""
    return {name: pl.col("won") & pl.col(f"saw_{street}") for street, name in WON_SAW.items()}


def _rate(name: str, label: str, definition: str, numerator: str, denominator: str) -> Stat:
    return Stat(name, "rate", label, definition, ratio(count(numerator), count(denominator)), in_table=False)


_late_aggressive = total("aggressive", LATE_STREETS)
_late_calls = total("calls", LATE_STREETS)
_FACING_ALONE = "their first action after it, with no raise over it yet"


def _cbet(street: str, previous: str) -> tuple[Stat, Stat]:
    return (
        _rate(
            f"cbet_{street}",
            f"CB {street}",
            f"Continuation bet on {street} street: the last player to complete or raise on "
            f"{previous} street bets {street} street at their first turn, nobody having bet before "
            f"them; over the hands where they had that turn (`cbet_opportunity_{street}`).",
            f"cbet_made_{street}",
            f"cbet_opportunity_{street}",
        ),
        _rate(
            f"fold_to_cbet_{street}",
            f"fold/CB {street}",
            f"Folds to a continuation bet on {street} street (see `cbet_{street}`), facing it alone "
            f"({_FACING_ALONE}); over the times they faced one.",
            f"folded_to_cbet_{street}",
            f"faced_cbet_{street}",
        ),
    )


def _saw(street: str) -> tuple[Stat, Stat]:
    return (
        Stat(
            f"saw_{street}",
            "count",
            f"saw {street}",
            f"Hands where the player saw {street} street: it was dealt and they had not folded before it.",
            count(f"saw_{street}"),
            in_table=False,
        ),
        _rate(
            f"won_saw_{street}",
            f"W{street}",
            f"Won when reaching {street} street: hands that saw {street} street where the player "
            f"collected from a pot, at showdown or not, over `saw_{street}`.",
            WON_SAW[street],
            f"saw_{street}",
        ),
    )


STUD_STATS: tuple[Stat, ...] = (
    _rate(
        "steal_success",
        "steal won",
        "Steal attempts (see `steal_attempt`) that won the pot at once: everyone still in folded to "
        "the steal; over the steal attempts.",
        "steal_won",
        "steal_attempt",
    ),
    _rate(
        "call_steal",
        "call/steal",
        "The bring-in's call of a steal attempt, over the hands where they faced one (see `fold_to_steal`).",
        "called_steal",
        "faced_steal",
    ),
    _rate(
        "resteal",
        "re-steal",
        "The bring-in's re-steal: a raise over a steal attempt, over the hands where they faced one "
        "(see `fold_to_steal`).  `fold_to_steal + call_steal + resteal = 1`.",
        "reraised_steal",
        "faced_steal",
    ),
    _rate(
        "complete_first_in",
        "compl. 1st in",
        "Completion first in: the player (not the bring-in) completed facing the bring-in alone, "
        "everyone before them having folded, in any position; over those turns "
        "(`first_in_opportunity`).  A steal attempt is such a completion from a late position.",
        "completed_first_in",
        "first_in_opportunity",
    ),
    _rate(
        "limp",
        "limp",
        "Limp: the player called the bring-in first in (the same turns as `complete_first_in`), "
        "over those turns.",
        "limped",
        "first_in_opportunity",
    ),
    _rate(
        "fold_to_completion",
        "fold/compl.",
        "Folds to a 3rd-street completion that is not a steal attempt (a bring-in's completion "
        f"included), facing it alone ({_FACING_ALONE}); over the times they faced one.",
        "folded_to_completion",
        "faced_completion",
    ),
    _rate(
        "three_bet",
        "3-bet",
        "3rd-street re-raise: the first raise over the completion (a 3-bet), by a player facing the "
        f"completion alone ({_FACING_ALONE}); over the times they faced it.",
        "three_bet_made",
        "three_bet_opportunity",
    ),
    _rate(
        "fold_to_three_bet",
        "fold/3-bet",
        "The completer's fold when 3-bet on 3rd street (their answer to the first raise over their "
        "completion, nobody having raised again before it); over the times they were 3-bet.",
        "folded_to_three_bet",
        "faced_three_bet",
    ),
    *_cbet("4th", "3rd"),
    *_cbet("5th", "4th"),
    _rate(
        "fold_to_bet_5th",
        "fold/5th bet",
        "Folds to the first bet of 5th street (the first big bet), facing it alone "
        f"({_FACING_ALONE}); over the times they faced one.",
        "folded_to_bet_5th",
        "faced_bet_5th",
    ),
    *_saw("5th"),
    *_saw("6th"),
    *_saw("7th"),
    Stat(
        "aggression_factor_4th_7th",
        "ratio",
        "AF 4-7",
        "Aggression factor over 4th to 7th street only, as fpdb and stud HUDs count it: bets and "
        "raises over calls on those streets.  `aggression_factor` counts every street, 3rd included.",
        ratio(_late_aggressive, _late_calls),
        in_table=False,
    ),
    Stat(
        "aggression_frequency_4th_7th",
        "rate",
        "AFq 4-7",
        "Aggression frequency over 4th to 7th street only: bets and raises over bets, raises, calls "
        "and folds on those streets (checks not counted).  `aggression_frequency` counts every street.",
        ratio(_late_aggressive, _late_aggressive + _late_calls + pl.col("folds_late").sum()),
        in_table=False,
    ),
    _rate(
        "steal_lowest_door",
        "steal low door",
        "Steal attempts made with the lowest door card among the players still to act (no player "
        "left in who can act shows a lower rank; ties count as lowest), over the steal attempts.",
        "steal_with_lowest_door",
        "steal_attempt",
    ),
    _rate(
        "complete_lowest_door",
        "compl. low door",
        "Completions first in (see `complete_first_in`) made with the lowest door card among the "
        "players still to act (as for `steal_lowest_door`), over the completions first in.",
        "completed_lowest_door",
        "completed_first_in",
    ),
)
