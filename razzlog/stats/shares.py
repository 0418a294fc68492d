"""Who bears what of a hand's money beyond their own bets: each winner's share of the rake, and
what the tournament the hand belongs to cost to enter."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from razzlog.events import HandHeader
from razzlog.stats.units import Units, amount_of
from razzlog.tournament import parse_buy_in

_ZERO = Decimal(0)
# products of units below this are exact in Decimal arithmetic (28 digits) too
_EXACT = 10**27
# A tournament's entry per printed buy-in: its hands repeat one text, and reading it again
# (regex and Decimal sums) was ~37 k instructions a tournament hand.
_ENTRIES: dict[str | None, tuple[Decimal | None, str | None]] = {}
_ENTRIES_KEPT = 1024


def entry_of(header: HandHeader) -> tuple[Decimal | None, str | None]:
    """A tournament hand's entry cost (buy-in, bounty and fee) and its unit; (None, None) for cash
    or a buy-in razzlog cannot read."""
    if not header.is_tournament:
        return None, None
    text = header.buy_in
    found = _ENTRIES.get(text)
    if found is None:
        buy_in = parse_buy_in(text)
        found = (None, None) if buy_in is None else (buy_in.total, buy_in.currency or buy_in.points)
        if len(_ENTRIES) >= _ENTRIES_KEPT:
            _ENTRIES.clear()
        _ENTRIES[text] = found
    return found


def rake_shares(rake: Units | None, collected: list[Units]) -> list[int]:
    """Each player's share of the hand's rake, in proportion to what they collected (the amounts
    in units, razzlog.stats.units; the shares in whole units).

    The rake comes out of the pots the winners took, so it is theirs to bear.
    Shares are whole 10^-4 units (the money columns' scale) and add up to the
    rake exactly: each gets the rounded-down share, and the units left over go
    to the largest remainders (ties: the first seated).
    """
    total = sum(collected, 0)
    if not rake or total <= 0:
        return [0] * len(collected)
    rake_units = int(rake)  # (a Decimal of more places: its whole units, as int() rounds toward 0)
    if not _small_ints(rake_units, collected, total):
        # the Decimal arithmetic of the amounts themselves, which rounds products beyond its
        # precision (28 digits): the same shares as when the amounts were Decimals
        return _decimal_shares(rake_units, [amount_of(c) for c in collected])
    # ints: exact, as the Decimal arithmetic is below its precision; its quotients truncate toward 0
    return _shares(rake_units, collected, total)


def _shares(units: int, collected: list[Any], total: Any) -> list[int]:
    winner = _sole_winner(collected)
    if winner >= 0:  # most raked hands: one winner, whose share is the whole rake
        won = int(_truncated(units * collected[winner], total)[0])
        if won == units:  # no unit left over to hand out by remainders
            shares = [0] * len(collected)
            shares[winner] = won
            return shares
    parts = [_truncated(units * c, total) if c > 0 else (0, 0) for c in collected]
    whole = [int(q) for q, _ in parts]
    left = units - sum(whole)
    by_remainder = sorted(range(len(parts)), key=lambda i: -parts[i][1])
    for i in by_remainder[:left]:
        whole[i] += 1
    return whole


def _small_ints(rake: int, collected: list[Units], total: Units) -> bool:
    """Whether the amounts are whole units, and small enough that their products are below
    28 digits (where the Decimal arithmetic of the amounts is exact too)."""
    if not isinstance(total, int) or total >= _EXACT:
        return False
    top = 0
    for c in collected:
        if not isinstance(c, int):
            return False
        top = max(top, abs(c))
    return abs(rake) * top < _EXACT


def _truncated(a: Any, b: Any) -> tuple[Any, Any]:
    """``divmod(a, b)`` for ``b > 0`` as ``Decimal`` divides: the quotient rounded toward zero."""
    if a >= 0:
        q, r = divmod(a, b)
        return q, r
    q, r = divmod(-a, b)
    return -q, -r


def _decimal_shares(units: int, collected: list[Decimal]) -> list[int]:
    """:func:`rake_shares` of amounts as ``Decimal`` (whose products round beyond 28 digits)."""
    return _shares(units, collected, sum(collected, _ZERO))


def _sole_winner(collected: list[Any]) -> int:
    """The index of the only player who collected a positive amount; -1 if none or several did."""
    winner = -1
    for i, c in enumerate(collected):
        if c > 0:
            if winner >= 0:
                return -1
            winner = i
    return winner
