"""Tournament values read from the text the sites print (pure functions, no parsing state).

:func:`parse_buy_in` splits :attr:`razzlog.events.HandHeader.buy_in`, the
buy-in as the header prints it, into its parts.  The forms, from real hand
histories (fpdb's regression files ``tour/Stars/…`` and ``tour/FTP/…``):

========================== ==================================================
``$200+$15 USD``           buy-in and fee (PokerStars, with the currency code)
``£5.00+£0.50 GBP``        the same in pounds (``€`` for euros)
``$12.30+$12.25+$2.45 USD`` buy-in, bounty (knockout) and fee
``300+20``, ``100+9``      play chips (play money, Home Games): no currency
``1FPP``, ``250 SC``       paid in the site's points (FPP, StarsCoin)
``Freeroll``               nothing to pay
``$2 + $0.25``, ``$5``     Full Tilt (spaces around ``+``; no fee printed)
========================== ==================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

_ZERO = Decimal(0)
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_POINTS = frozenset({"FPP", "SC"})

# one part: an optional currency symbol, then a number with optional thousands
# separators ("1,050") and decimals
_PART = r"([$€£]?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_BUY_IN = re.compile(rf"{_PART}(?: ?\+ ?{_PART})?(?: ?\+ ?{_PART})? ?([A-Z]{{2,3}})?")


@dataclass(frozen=True, slots=True)
class BuyIn:
    """A tournament's buy-in split into its parts (exact decimals, never floats).

    ``buy_in`` goes to the prize pool, ``fee`` to the site (0 when none is
    printed), ``bounty`` is the knockout part when the header prints one (the
    middle of three parts).  ``currency`` is the ISO code ("USD", "EUR",
    "GBP"…: the printed code, else the symbol's), None for play chips and
    points; ``points`` names the site's points a buy-in is paid in ("FPP",
    "SC"), None otherwise.
    """

    buy_in: Decimal
    fee: Decimal
    bounty: Decimal | None
    currency: str | None
    points: str | None = None

    @property
    def total(self) -> Decimal:
        """What a player pays to enter: buy-in, bounty and fee."""
        return self.buy_in + self.fee + (self.bounty or _ZERO)


FREEROLL = BuyIn(_ZERO, _ZERO, None, None)


def parse_buy_in(text: str | None) -> BuyIn | None:
    """The parts of a printed buy-in (see the module's table), or None if it is no buy-in razzlog knows.

    >>> parse_buy_in("$200+$15 USD")
    BuyIn(buy_in=Decimal('200'), fee=Decimal('15'), bounty=None, currency='USD', points=None)
    """
    if text is None:
        return None
    text = text.strip()
    if text == "Freeroll":
        return FREEROLL
    m = _BUY_IN.fullmatch(text)
    if m is None:
        return None
    groups = m.groups()
    unit = groups[6]
    parts = [(groups[i], groups[i + 1]) for i in (0, 2, 4) if groups[i + 1] is not None]
    symbols = {symbol for symbol, _ in parts}
    if len(symbols) > 1:  # "$10+15": one currency or none, for every part
        return None
    symbol = symbols.pop()
    amounts = [Decimal(number.replace(",", "")) for _, number in parts]
    if unit in _POINTS:
        if symbol:
            return None
        currency, points = None, unit
    elif unit is not None:  # the printed code over the symbol ("$" is not only USD)
        if len(unit) != 3:
            return None
        currency, points = unit, None
    else:
        currency, points = _SYMBOLS.get(symbol), None
    if len(amounts) == 3:
        return BuyIn(amounts[0], amounts[2], amounts[1], currency, points)
    return BuyIn(amounts[0], amounts[1] if len(amounts) == 2 else _ZERO, None, currency, points)
