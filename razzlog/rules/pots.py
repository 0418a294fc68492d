"""Pot arithmetic: uncalled excess, main and side pots, and who may win each.

Pure functions over contributions, so the rules and the statistics can share them.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Final


class Pot:
    """A main or side pot.  A plain class, built per pot layer: compiled, it is built without
    a Python call (a named tuple's ``__new__`` is interpreted code, some 3,000 instructions)."""

    __slots__ = ("amount", "eligible")

    def __init__(self, amount: Decimal, eligible: frozenset[str]) -> None:
        self.amount = amount
        self.eligible = eligible  # players still in the hand who contributed to every layer of it

    def __repr__(self) -> str:
        return f"Pot(amount={self.amount!r}, eligible={self.eligible!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pot) and self.amount == other.amount and self.eligible == other.eligible

    def __hash__(self) -> int:
        return hash((self.amount, self.eligible))


def uncalled_excess(contributions: Mapping[str, Decimal]) -> tuple[str, Decimal] | None:
    """The player whose contribution nobody matched, and by how much.

    The excess of the top contributor over the second-highest contributor
    goes back to them (RULES.md, "Betting").  None when the top is matched.
    """
    # One pass for the top two, not a sort by a key: a sort's Python key calls and the
    # list cost twice the comparisons.  Like the stable sort it replaces, it keeps the first
    # of equal amounts (which matters to the excess's digits: ``1.0`` is not ``1.00``).
    top_player: str | None = None
    top = second = _ZERO
    found_second = False
    for player, amount in contributions.items():
        if top_player is None:
            top_player, top = player, amount
        elif amount > top:
            top_player, top, second, found_second = player, amount, top, True
        elif not found_second or amount > second:
            second, found_second = amount, True
    if top_player is not None and top > second:
        return top_player, top - second
    return None


def build_pots(
    contributions: Mapping[str, Decimal], live: frozenset[str], all_in: frozenset[str] = frozenset()
) -> list[Pot]:
    """Main pot first, then side pots, from what each player put in (after returns).

    ``live`` are the players who did not fold.  Each all-in live player's
    total closes a layer (a player who is not all-in and put in less than the
    others caps nothing: that is a short call, judged elsewhere); folded
    players' chips count in every layer they reached but they are eligible
    for none.  Layers with the same eligible players merge, as sites print them.
    """
    live_amounts = [amount for player, amount in contributions.items() if player in live]
    top = _ZERO  # the first of the largest, as ``max(live_amounts, default=_ZERO)`` without a call
    if live_amounts:
        top = live_amounts[0]
        for amount in live_amounts:
            if amount > top:
                top = amount
    levels = _levels(contributions, live & all_in, top)
    # Loops rather than sum(min(...)): the same additions in the same order, at a
    # fraction of the cost (``b if b < a else a`` is ``min(a, b)``, to the object).
    puts = list(contributions.values())
    if len(levels) == 1:  # the usual hand: one pot, nobody all-in below the top
        level = levels[0]
        whole = _sum_within(puts, level)
        if whole is not None:
            eligible = frozenset([p for p in live if p not in all_in or contributions.get(p, _ZERO) >= level])
            return [Pot(whole, eligible)] if whole > _ZERO else []
    pots: list[Pot] = []
    previous = _ZERO
    for level in levels:
        amount = _ZERO
        for put in puts:
            amount += (level if level < put else put) - (previous if previous < put else put)
        eligible = frozenset([p for p in live if p not in all_in or contributions.get(p, _ZERO) >= level])
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount > _ZERO:
            pots.append(Pot(amount, eligible))
        previous = level
    # Chips above the highest live level (a folded player's) still belong to the last pot.  Most
    # hands have none: then every term is a zero and the sum is not used, so it is summed only
    # when some put is above the level (a subtraction and an addition a player, ~900 instructions).
    leftover = _ZERO
    if any(previous < put for put in puts):  # (compiled: a loop, no generator object)
        for put in puts:
            leftover += put - (previous if previous < put else put)
    if leftover and pots:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return pots


_ZERO: Final = Decimal(0)  # compared with, not 0: an int is converted to a new Decimal first


def _sum_within(puts: list[Decimal], level: Decimal) -> Decimal | None:
    """The one pot of a single level, when every put is from 0 to the level (else None).

    The general loop adds ``min(level, put) - min(0, put)`` a put, which is then ``put - 0``
    (or ``put - put`` for a put of 0): equal to ``put`` and, with the sum's ``_ZERO``, printed
    alike (a sum's exponent is its operands' least, and 0's is 0).  A subtraction and the
    leftover's comparison a player less, some 450 instructions each; nothing is left over,
    since no put is above the level.
    """
    amount = _ZERO
    for put in puts:
        if put < _ZERO or level < put:
            return None
        amount += put
    return amount


def _levels(contributions: Mapping[str, Decimal], closing: frozenset[str], top: Decimal) -> list[Decimal]:
    """The levels that close a pot: ``sorted({closing players' amounts above 0} | {top, if above 0})``, with a list and ``==``
    rather than a set: a Decimal's hash is some 4,000 instructions.  Of equal amounts the first
    met is kept, as the set kept it (its union adds ``top`` only when no equal amount is in)."""
    if not closing:  # the usual hand, nobody all-in: one level
        return [top] if top > _ZERO else []
    found: list[Decimal] = []
    for player, amount in contributions.items():
        if amount > _ZERO and player in closing and not any(seen == amount for seen in found):
            found.append(amount)
    if top > _ZERO and not any(seen == top for seen in found):
        found.append(top)
    found.sort()
    return found


def split_shares(amount: Decimal, winners: int, unit: Decimal) -> tuple[Decimal, Decimal]:
    """The smallest and largest share of ``amount`` split ``winners`` ways in ``unit`` chips."""
    low = (amount / winners // unit) * unit
    high = low if low * winners == amount else low + unit
    return low, high
