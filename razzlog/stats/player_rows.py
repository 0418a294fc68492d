"""A player's row of the statistics tables, of the facts :mod:`razzlog.stats.extract`'s walk of a
hand gathered: every column (:func:`player_row`), or those the statistics read (:func:`stats_player_row`).
"""

from __future__ import annotations

from typing import Any, Final

from razzlog.cards import RANK_CHARS, Card, best_low, format_low
from razzlog.events import Street
from razzlog.stats.betting import PlayerFacts as _Player
from razzlog.stats.units import to_units_or_none

# Final: mypyc keeps these in C variables (see razzlog.stats.extract)
_STREET_INDEX: Final = {s.value: s.index for s in Street}
_THIRD: Final = Street.THIRD
# player_row's bits: the 19 Boolean columns before the flags, then the flags (razzlog.stats.schema,
# PLAYER_BOOLS, checks the count)
FLAGS_SHIFT: Final = 19

Row = tuple[Any, ...]

# A best low's text and its top card (None unless five distinct ranks), per low: a few hundred lows
# come back all the time, and formatting each again was ~5 k instructions a player at showdown.
_LOWS: dict[tuple[int, ...], tuple[str, int | None]] = {}
_LOWS_KEPT: Final = 4096


def low_of(cards: tuple[Card, ...]) -> tuple[str, int | None]:
    """``format_low(best_low(cards))``, and the low's top rank if it is five distinct ranks."""
    ranks = best_low(cards)
    found = _LOWS.get(ranks)
    if found is None:
        found = (format_low(ranks), ranks[0] if len(set(ranks)) == 5 else None)
        if len(_LOWS) >= _LOWS_KEPT:
            _LOWS.clear()
        _LOWS[ranks] = found
    return found


def cards_text(cards: tuple[Card, ...]) -> str:
    """The cards as ``str`` writes them, space-separated (read natively here: ``str(card)`` went
    through the type's slot and its wrapper, ~670 instructions a card)."""
    return " ".join([RANK_CHARS[c.rank - 1] + c.suit for c in cards])


def player_row(idx: int, p: _Player, rake_paid: int, showdown_hand: bool, reached: int) -> Row:
    """The values of ``PLAYERS_ROWS``: every column but the Boolean ones, in order, then those as the
    bits of one integer (bit i is ``PLAYER_BOOLS[i]``; :mod:`razzlog.stats.schema` says why)."""
    put = p.put
    seen = 4 if p.folded is None else _STREET_INDEX[p.folded._value_]  # the last street they were in on
    net = p.collected + p.returned - p.ante - put[0] - put[1] - put[2] - put[3] - put[4]
    at_showdown = showdown_hand and p.folded is None
    won = p.collected > 0
    low: str | None = None
    top: int | None = None
    if at_showdown and len(p.cards) >= 5:
        low, top = low_of(p.cards)
    finish = p.finish
    saw_4th = reached >= 1 and (p.folded is None or p.folded is not _THIRD)
    booleans = (  # in PLAYER_BOOLS' order: bit 0 first
        p.hole,  # dealt_hole
        finish is not None,  # finished
        p.all_in,
        saw_4th,
        at_showdown,  # showdown
        won,
        at_showdown and won,  # won_showdown
        p.vpip,
        p.third_raise,
        p.bring_in,
        p.bring_in_completed,
        p.steal_opportunity,
        p.steal_attempt,
        p.faced_steal,
        p.folded_to_steal,
        low is not None,  # low_known
        # saw 5th, 6th and 7th street: dealt, and not folded on an earlier street
        reached >= 2 and seen >= 2,
        reached >= 3 and seen >= 3,
        reached >= 4 and seen >= 4,
    )
    bits: int = p.flags << FLAGS_SHIFT
    bit = 1
    for value in booleans:
        if value:
            bits |= bit
        bit <<= 1
    return (
        idx,
        p.name,
        p.seat,
        p.stack,
        p.start,
        p.ante,
        put[0],
        put[1],
        put[2],
        put[3],
        put[4],
        p.returned,
        p.collected,
        net,
        rake_paid,
        finish.place if finish is not None else None,
        to_units_or_none(finish.prize) if finish is not None else None,
        cards_text(p.cards),
        p.folded._value_ if p.folded is not None else None,
        low,
        top,
        *p.aggressive,
        *p.calls,
        p.folds,
        p.folds_late,
        bits,
    )


def stats_player_row(idx: int, p: _Player, rake_paid: int, showdown_hand: bool, reached: int) -> Row:
    """:func:`player_row`'s values of the columns the statistics read (``STATS_PLAYERS``), in order,
    the flags as one integer (``STATS_PLAYERS_ROWS``: :mod:`razzlog.stats.chunks` makes them columns)."""
    put = p.put
    seen = 4 if p.folded is None else _STREET_INDEX[p.folded._value_]
    net = p.collected + p.returned - p.ante - put[0] - put[1] - put[2] - put[3] - put[4]
    at_showdown = showdown_hand and p.folded is None
    won = p.collected > 0
    known = at_showdown and len(p.cards) >= 5
    top: int | None = None
    if known:
        top = low_of(p.cards)[1]
    finish = p.finish
    return (
        idx,
        p.name,
        p.hole,
        p.start,
        net,
        rake_paid,
        finish is not None,
        finish.place if finish is not None else None,
        to_units_or_none(finish.prize) if finish is not None else None,
        reached >= 1 and (p.folded is None or p.folded is not _THIRD),
        at_showdown,
        won,
        at_showdown and won,
        p.vpip,
        p.third_raise,
        p.bring_in,
        p.bring_in_completed,
        p.steal_opportunity,
        p.steal_attempt,
        p.faced_steal,
        p.folded_to_steal,
        top,
        known,
        *p.aggressive,
        *p.calls,
        p.folds,
        p.folds_late,
        reached >= 2 and seen >= 2,
        reached >= 3 and seen >= 3,
        reached >= 4 and seen >= 4,
        p.flags,
    )
