"""Who bears what of a hand's money beyond their own bets: each winner's share of the rake, and
what the tournament the hand belongs to cost to enter."""

from __future__ import annotations

from decimal import Decimal

from razzlog.events import HandHeader
from razzlog.tournament import parse_buy_in

_ZERO = Decimal(0)
_UNIT = Decimal(10_000)  # money's smallest unit is 10^-4 (razzlog.stats.schema.SCALE)
_NONE_OF_IT = Decimal(0) / _UNIT  # a share of no units, as the general path writes it
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


def rake_shares(rake: Decimal | None, collected: list[Decimal]) -> list[Decimal]:
    """Each player's share of the hand's rake, in proportion to what they collected.

    The rake comes out of the pots the winners took, so it is theirs to bear.
    Shares are whole 10^-4 units (the money columns' scale) and add up to the
    rake exactly: each gets the rounded-down share, and the units left over go
    to the largest remainders (ties: the first seated).
    """
    total = sum(collected, _ZERO)
    if not rake or total <= 0:
        return [_ZERO] * len(collected)
    units = int(rake * _UNIT)
    winner = _sole_winner(collected)
    if winner >= 0:  # most raked hands: one winner, whose share is the whole rake
        won = int(divmod(units * collected[winner], total)[0])
        if won == units:  # no unit left over to hand out by remainders
            shares = [_NONE_OF_IT] * len(collected)
            shares[winner] = Decimal(won) / _UNIT
            return shares
    parts = [divmod(units * c, total) if c > 0 else (_ZERO, _ZERO) for c in collected]
    whole = [int(q) for q, _ in parts]
    left = units - sum(whole)
    by_remainder = sorted(range(len(parts)), key=lambda i: -parts[i][1])
    for i in by_remainder[:left]:
        whole[i] += 1
    return [Decimal(w) / _UNIT for w in whole]


def _sole_winner(collected: list[Decimal]) -> int:
    """The index of the only player who collected a positive amount; -1 if none or several did."""
    winner = -1
    for i, c in enumerate(collected):
        if c > 0:
            if winner >= 0:
                return -1
            winner = i
    return winner
