"""The table's ante and bring-in, which PokerStars does not print in its header.

In order of trust: the header (Full Tilt prints the ante), the site's known
betting structures for the stakes, and for the ante the amount most players
posted in this very hand.  When nothing says what the bring-in should be,
the rule falls back to the profile's range for the bring-in.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from razzlog.events import Ante, Hand
from razzlog.rules.profiles import Profile

D = Decimal

# (site, currency, small bet) -> (ante, bring-in), from real site logs.
# Tournament chips have currency None.
KNOWN_STRUCTURES: dict[tuple[str, str | None, Decimal], tuple[Decimal, Decimal]] = {
    ("pokerstars", "USD", D("0.04")): (D("0.01"), D("0.02")),
    ("pokerstars", "USD", D("0.10")): (D("0.02"), D("0.05")),
    ("pokerstars", None, D("30")): (D("6"), D("9")),
    ("pokerstars", None, D("50")): (D("10"), D("15")),
    ("pokerstars", None, D("75")): (D("15"), D("25")),
    ("pokerstars", None, D("200")): (D("40"), D("60")),
    ("fulltilt", "USD", D("0.10")): (D("0.02"), D("0.03")),
    ("winamax", "EUR", D("25")): (D("5"), D("10")),  # 5€/25€/50€, brings in 10€
    # Merge: razz $0.50/$1 (its razz log; its 7-stud log at $0.50/$1 too), $0.25/$0.50 (its
    # 7-stud H/L8 and HORSE logs: a stud structure, assumed the same for razz)
    ("merge", "USD", D("0.50")): (D("0.05"), D("0.10")),
    ("merge", "USD", D("0.25")): (D("0.02"), D("0.05")),
    # KingsClub (fpdb's regression files): the bring-in is the ante
    ("kingsclub", "USD", D("40")): (D("10"), D("10")),
    ("kingsclub", "USD", D("500")): (D("125"), D("125")),
}


def bring_in_range(hand: Hand, profile: Profile) -> tuple[Decimal, Decimal]:
    """For stakes without a known bring-in: the lowest and highest bring-in accepted.

    PokerStars tournaments bring in for about 15 % of the big bet, rounded to
    chips the level uses (75/150 brings in 25): 12–17 % is accepted.  Other
    stakes take the profile's fractions of the small bet.
    """
    h = hand.header
    if h.site == "pokerstars" and h.is_tournament and profile.name == "pokerstars":
        return h.big_bet * D("0.12"), h.big_bet * D("0.17")
    low, high = profile.bring_in_fraction
    return h.small_bet * low, h.small_bet * high


def expected_amounts(hand: Hand, antes: list[Ante]) -> tuple[Decimal | None, Decimal | None]:
    """The table's ante and bring-in for this hand (None where nothing tells)."""
    h = hand.header
    known = _known(h.site, None if h.is_tournament else h.currency, h.small_bet)
    ante, bring_in = h.ante, h.bring_in
    if ante is None:  # (the tournament rule only then: it divides and rounds, some 5,000 instructions)
        rule = known or _tournament_rule(hand)
        ante = rule[0] if rule else _most_posted(antes)
    if bring_in is None and known:
        bring_in = known[1]
    return ante, bring_in


# KNOWN_STRUCTURES by site and currency, for ``_known``.
_BY_TABLE: Final[dict[tuple[str, str | None], list[tuple[Decimal, tuple[Decimal, Decimal]]]]] = {}
for (_site, _currency, _bet), _amounts in KNOWN_STRUCTURES.items():
    _BY_TABLE.setdefault((_site, _currency), []).append((_bet, _amounts))


def _known(site: str, currency: str | None, small_bet: Decimal) -> tuple[Decimal, Decimal] | None:
    """``KNOWN_STRUCTURES.get((site, currency, small_bet))`` without hashing the Decimal (a
    modular power in C, some 4,000 instructions, once a hand): equal Decimals hash alike, so
    the dict finds the entry whose bet is ``==`` to ``small_bet``, as this scan does."""
    for bet, amounts in _BY_TABLE.get((site, currency), ()):
        if bet == small_bet:
            return amounts
    return None


_TENTH: Final = D(10)
_FIFTEEN_PERCENT: Final = D("0.15")
_ONE: Final = D(1)


def _tournament_rule(hand: Hand) -> tuple[Decimal, Decimal] | None:
    """PokerStars stud tournaments: ante 10 % and bring-in 15 % of the big bet (real logs).

    Only the ante is taken from it: the bring-in is rounded in ways the logs
    do not all show, so unknown levels use ``bring_in_range``.
    """
    h = hand.header
    if h.site != "pokerstars" or not h.is_tournament:
        return None
    big_bet = h.big_bet
    # kept per big bet, by its text (a Decimal's hash is some 4,000 instructions; the text tells
    # the amount and its digits, all the result depends on): a tournament has few levels
    text = str(big_bet)
    if text in _RULES:
        return _RULES[text]
    found: tuple[Decimal, Decimal] | None = None
    ante, bring_in = big_bet / _TENTH, big_bet * _FIFTEEN_PERCENT
    if ante == ante.to_integral_value() and bring_in == bring_in.to_integral_value():
        found = ante.quantize(_ONE), bring_in.quantize(_ONE)
    if len(_RULES) >= _RULES_KEPT:  # a bound on the memory of a long run
        _RULES.clear()
    _RULES[text] = found
    return found


_RULES: Final[dict[str, tuple[Decimal, Decimal] | None]] = {}
_RULES_KEPT: Final = 1024


def _most_posted(antes: list[Ante]) -> Decimal | None:
    """The ante most players posted in full; None when there is no clear majority.

    As ``Counter(...).most_common(2)`` did (the first posted of equal amounts is the one
    kept), with lists and ``==``: a Counter hashed every amount (some 4,000 instructions a
    Decimal) and was interpreted code, about 22,000 instructions a hand.
    """
    amounts: list[Decimal] = []
    counts: list[int] = []
    for a in antes:
        if a.all_in:
            continue
        amount = a.amount
        for i, seen in enumerate(amounts):
            if seen == amount:
                counts[i] += 1
                break
        else:
            amounts.append(amount)
            counts.append(1)
    if not counts:
        return None
    most = max(counts)
    if counts.count(most) > 1:
        return None
    return amounts[counts.index(most)]
