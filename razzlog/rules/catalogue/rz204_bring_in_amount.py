"""RZ204 bring-in-amount."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Final

from razzlog.events import Action, ActionKind
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay
from razzlog.rules.structures import bring_in_range

_BRING_IN: Final = ActionKind.BRING_IN  # bound once (a C static, compiled): enum lookups are slow
_ZERO: Final = Decimal(0)


@rule("bring-in-amount")
def bring_in_amount(r: Replay) -> list[Finding]:
    """A bring-in of the wrong size.

    The bring-in is the table's bring-in: printed in the header, or known
    for the site and stakes; otherwise within the profile's fraction of the
    small bet (``pokerstars`` a quarter to a half, ``fulltilt`` a fifth to
    0.45, ``casino`` two fifths to a half) and the same as earlier hands at
    the table.  A player may bring in for less only when that puts them all-in.

    Bad ($0.04/$0.08 PokerStars, bring-in $0.02)::

        kobreli: brings in for $0.03

    Fix: ``kobreli: brings in for $0.02``, or complete with ``bets $0.04``.
    """
    bounds: tuple[Decimal, Decimal] | None = None  # worked out when a bring-in needs them
    found: list[Finding] = []
    for s in r.steps:
        if s.kind is not _BRING_IN:
            continue
        a = s.action
        want = s.wanted[0]
        if want is not None:
            if a.amount != want:
                found.append(
                    Finding(
                        a.line,
                        f"{a.player} brings in for {a.amount}; the table's bring-in is {want}",
                        a.player,
                        "3rd",
                    )
                )
            continue
        if a.all_in:
            continue
        if bounds is None:
            bounds = bring_in_range(r.hand, r.profile)
        low, high = bounds
        if not low <= a.amount <= high:
            found.append(
                Finding(
                    a.line,
                    f"{a.player} brings in for {a.amount}; a bring-in here is more than {low} and less than {high}",
                    a.player,
                    "3rd",
                )
            )
    return found


def bring_in_to_compare(r: Replay) -> Action | None:
    """The bring-in that ``against_table`` judges: one whose size the stakes do not fix.

    None when there is no bring-in, it is all-in, the table's bring-in is
    known, or it is out of range (already judged by the range check).
    """
    a = r.bring_in
    if a is None or a.all_in or r.table_bring_in is not None:
        return None
    low, high = bring_in_range(r.hand, r.profile)
    if not low <= a.amount <= high:
        return None
    return a


# A bring-in as the cross-hand checks keep it: amount, line, player.
BringInKey = tuple[Decimal, int, str]


def against_table(a: BringInKey | None, seen: Counter[Decimal]) -> list[Finding]:
    """Where the stakes' bring-in is unknown: judge it against earlier hands at the table.

    ``a`` is ``bring_in_to_compare(replay)``'s amount, line and player; ``seen``
    counts the bring-ins of earlier hands at the same table and stakes.  A
    bring-in is flagged when another amount is established there (seen at least
    twice, and more often than this one); it is then counted either way.
    """
    found: list[Finding] = []
    if a is None:
        return found
    amount, line, player = a
    if seen:
        usual, times = _most_common(seen)
        if times >= 2 and amount != usual and seen[amount] < times:
            found.append(
                Finding(
                    line,
                    f"{player} brings in for {amount}; earlier hands at this table brought in for {usual}",
                    player,
                    "3rd",
                )
            )
    seen[amount] += 1
    return found


def _most_common(seen: Counter[Decimal]) -> tuple[Decimal, int]:
    """``seen.most_common(1)[0]`` of a non-empty counter: the first of the most counted, in
    insertion order (``most_common(1)`` is ``max``, which keeps the first).  A native loop:
    ``most_common`` is interpreted code (heapq), some 8,000 instructions a hand."""
    usual, times = _ZERO, 0
    first = True
    for amount, n in seen.items():
        if first or n > times:
            usual, times, first = amount, n, False
    return usual, times
