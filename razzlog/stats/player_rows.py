"""A player's row of the statistics tables, of the facts :mod:`razzlog.stats.extract`'s walk of a
hand gathered: every column (:func:`player_row`), or those the statistics read (:func:`stats_player_row`).
"""

from __future__ import annotations

from typing import Any, Final

from razzlog.cards import RANK_CHARS, SUIT_CHARS, Card, best_low, format_low
from razzlog.events import Street
from razzlog.stats.betting import PlayerFacts as _Player
from razzlog.stats.units import to_units_or_none

# Final: mypyc keeps these in C variables (see razzlog.stats.extract)
_STREET_INDEX: Final = {s.value: s.index for s in Street}
_THIRD: Final = Street.THIRD
_FOURTH: Final = Street.FOURTH
_FIFTH: Final = Street.FIFTH
_SIXTH: Final = Street.SIXTH
_SEVENTH: Final = Street.SEVENTH
_SHOWDOWN: Final = Street.SHOWDOWN
_SUMMARY: Final = Street.SUMMARY
# each street's value, by its index
_STREET_VALUES: Final[list[str]] = [s.value for s in Street]
# player_row's bits: the 19 Boolean columns before the flags, then the flags (razzlog.stats.schema,
# PLAYER_BOOLS, checks the count)
FLAGS_SHIFT: Final = 19

Row = tuple[Any, ...]

# A best low's text and its top card (None unless five distinct ranks), per low: a few hundred lows
# come back all the time, and formatting each again was ~5 k instructions a player at showdown.
_LOWS: dict[tuple[int, ...], tuple[str, int | None]] = {}
_LOWS_KEPT: Final = 4096


def street_index(street: Street) -> int:
    """``street.index``, by identity (an enum's ``_value_`` is an attribute read in Python)."""
    if street is _THIRD:
        return 0
    if street is _FOURTH:
        return 1
    if street is _FIFTH:
        return 2
    if street is _SIXTH:
        return 3
    if street is _SEVENTH:
        return 4
    if street is _SHOWDOWN:
        return 5
    if street is _SUMMARY:
        return 6
    return _STREET_INDEX[street._value_]


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


# Each card's text by suit, then rank (ace 1 at 0): a look-up, not a new string a card
_TEXTS: Final = {suit: tuple(rank + suit for rank in RANK_CHARS) for suit in SUIT_CHARS}


def cards_text(cards: tuple[Card, ...]) -> str:
    """The cards as ``str`` writes them, space-separated (read natively here: ``str(card)`` went
    through the type's slot and its wrapper, ~670 instructions a card)."""
    texts: list[str] = []
    for c in cards:
        by_rank = _TEXTS.get(c.suit)
        texts.append(
            by_rank[c.rank - 1]
            if by_rank is not None and 0 < c.rank <= 13
            else RANK_CHARS[c.rank - 1] + c.suit
        )
    return " ".join(texts)


def player_row(idx: int, p: _Player, rake_paid: int, showdown_hand: bool, reached: int) -> Row:
    """The values of ``PLAYERS_ROWS``: every column but the Boolean ones, in order, then those as the
    bits of one integer (bit i is ``PLAYER_BOOLS[i]``; :mod:`razzlog.stats.schema` says why)."""
    put = p.put
    folded = p.folded
    seen = 4 if folded is None else street_index(folded)  # the last street they were in on
    net = p.collected + p.returned - p.ante - put[0] - put[1] - put[2] - put[3] - put[4]
    at_showdown = showdown_hand and p.folded is None
    won = p.collected > 0
    low: str | None = None
    top: int | None = None
    if at_showdown and len(p.cards) >= 5:
        low, top = low_of(p.cards)
    finish = p.finish
    saw_4th = reached >= 1 and (p.folded is None or p.folded is not _THIRD)
    aggressive, calls = p.aggressive, p.calls  # (5 each: the streets')
    # in PLAYER_BOOLS' order, bit 0 first; each bit set by a test of its own (a tuple of the 19
    # values and a loop over it boxed and tested each value again: ~2 k instructions a row)
    bits: int = p.flags << FLAGS_SHIFT
    if p.hole:  # dealt_hole
        bits |= 1
    if finish is not None:  # finished
        bits |= 2
    if p.all_in:
        bits |= 4
    if saw_4th:
        bits |= 8
    if at_showdown:  # showdown
        bits |= 16
        if won:  # won_showdown
            bits |= 64
    if won:
        bits |= 32
    if p.vpip:
        bits |= 128
    if p.third_raise:
        bits |= 256
    if p.bring_in:
        bits |= 512
    if p.bring_in_completed:
        bits |= 1024
    if p.steal_opportunity:
        bits |= 2048
    if p.steal_attempt:
        bits |= 4096
    if p.faced_steal:
        bits |= 8192
    if p.folded_to_steal:
        bits |= 16384
    if low is not None:  # low_known
        bits |= 32768
    # saw 5th, 6th and 7th street: dealt, and not folded on an earlier street
    if reached >= 2 and seen >= 2:
        bits |= 65536
    if reached >= 3 and seen >= 3:
        bits |= 131072
    if reached >= 4 and seen >= 4:
        bits |= 262144
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
        None if folded is None else _STREET_VALUES[seen],
        low,
        top,
        aggressive[0],
        aggressive[1],
        aggressive[2],
        aggressive[3],
        aggressive[4],
        calls[0],
        calls[1],
        calls[2],
        calls[3],
        calls[4],
        p.folds,
        p.folds_late,
        bits,
    )


def stats_player_row(idx: int, p: _Player, rake_paid: int, showdown_hand: bool, reached: int) -> Row:
    """:func:`player_row`'s values of the columns the statistics read (``STATS_PLAYERS``), in order,
    the flags as one integer (``STATS_PLAYERS_ROWS``: :mod:`razzlog.stats.chunks` makes them columns)."""
    put = p.put
    seen = 4 if p.folded is None else street_index(p.folded)
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
