"""Money as whole 10^-4 units (the money columns' scale, razzlog.stats.schema.SCALE), from the first
read of each amount: the rows of :mod:`razzlog.stats.extract` hold units, not ``Decimal``.

An amount is converted once, where the walk of a hand reads it from an event, and everything after
is integer arithmetic: the ``Decimal`` sums of a hand's bets (~470 instructions an operation) and
the conversion of each row's amounts afterwards (pyarrow's read a ``Decimal`` through its text,
~1,500 instructions a value) cost the import more than the walk's other work on money.

An amount with more decimal places than the units hold (``calls $2.00001``; rare: a hostile log)
is kept as its exact multiple, a ``Decimal`` that is not whole (:data:`Units`): the arithmetic of
int and ``Decimal`` mixes exactly, so that a row's value is whole exactly when the ``Decimal``
arithmetic on the printed amounts gave an amount the money columns hold, as before.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

# Whole units (int), or an amount the units cannot hold as its exact multiple (a Decimal)
Units = int | Decimal

_UNIT: Final = Decimal(10) ** 4
# Units of the amounts met before, by amount: the parser hands out one Decimal per printed amount
# and reuses it (razzlog.sites.template_values), whose hash a Decimal keeps once computed, so the
# amounts that recur (the stakes, the antes, the bets) cost a look-up.  Equal Decimals (2 and 2.00)
# have the same units.  Bounded: emptied when full.  (Keyed by the object's id instead, which
# spares the comparison with an equal Decimal of another parse, it cost as much: the id's int is
# a new object each look-up, ~16 k instructions a hand either way.)
_KNOWN: Final[dict[Decimal, Units]] = {}
_KEPT: Final = 1 << 14


class InexactUnits(ValueError):
    """An amount with more decimal places than the units hold."""

    def __init__(self, amount: Decimal) -> None:
        super().__init__(amount)
        self.amount = amount


def to_units(amount: Decimal) -> Units:
    """``amount`` in units: for amounts that seldom recur (stacks, pots), where hashing a new
    ``Decimal`` for a look-up (~5,000 instructions) costs more than this.

    Read from the amount's text (plain digits with at most 4 decimal places: ``str`` of a
    ``Decimal`` writes only ASCII), ~1,500 instructions where the arithmetic below took ~3,600 (a
    multiplication, ``int`` and a mixed comparison); anything else (a sign, an exponent, more
    places, a special value) by that arithmetic, as before; and so is a text of more than 24
    characters, whose product may have more digits than the context's 28 (rounded: as before)."""
    text = str(amount)
    if len(text) > 24:
        return _scaled(amount)
    n = 0
    places = -1  # digits after the point; -1: no point yet
    for i in range(len(text)):
        c = ord(text[i])
        if 48 <= c <= 57:
            n = n * 10 + c - 48
            if places >= 0:
                places += 1
        elif c == 46 and places < 0:
            places = 0
        else:
            return _scaled(amount)
    if places > 4:
        return _scaled(amount)
    if places < 0:
        places = 0
    while places < 4:  # (not a tuple of the scales: compiled, a Final tuple is built at each use)
        n *= 10
        places += 1
    return n


def _scaled(amount: Decimal) -> Units:
    scaled = amount * _UNIT
    whole = int(scaled)
    return whole if whole == scaled else scaled


def units(amount: Decimal) -> Units:
    """``amount`` in units, remembered: for amounts that recur (bets, antes, stakes)."""
    found = _KNOWN.get(amount)
    if found is None:
        found = to_units(amount)
        if len(_KNOWN) >= _KEPT:
            _KNOWN.clear()
        _KNOWN[amount] = found
    return found


def units_or_none(amount: Decimal | None) -> Units | None:
    return None if amount is None else units(amount)


def to_units_or_none(amount: Decimal | None) -> Units | None:
    return None if amount is None else to_units(amount)


def whole_units(values: list[Units | None]) -> list[int | None]:
    """The values of a money column as ints; :class:`InexactUnits` (with the amount as printed)
    for one that is not whole units."""
    out: list[int | None] = []
    for v in values:
        if v is None or isinstance(v, int):
            out.append(v)
        else:
            whole = int(v)
            if whole != v:
                raise InexactUnits(v / _UNIT)
            out.append(whole)
    return out


def is_whole(value: object) -> bool:
    """Whether a row's value is no amount the units cannot hold (a ``Decimal`` that is not whole)."""
    return not isinstance(value, Decimal) or value == int(value)


def amount_of(value: Units) -> Decimal:
    """The amount ``value`` units are (exact)."""
    return value / _UNIT if isinstance(value, Decimal) else Decimal(value) / _UNIT
