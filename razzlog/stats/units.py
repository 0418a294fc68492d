"""Money as whole 10^-4 units, by arithmetic: for the players' columns, whose amounts are mostly
computed afresh for each hand (sums of bets, ``net``, stacks).

:mod:`razzlog.stats.chunks` remembers the units of each amount it met, but a dict look-up
hashes the ``Decimal``, and a ``Decimal`` met for the first time hashes in ~5,400 instructions
(``pow`` modulo the hash's prime): more than twice the multiplication, ``int`` and compare done
here (~2,100).  A player row's amounts are mostly new objects or zero, and zero needs neither.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

_UNIT: Final = Decimal(10) ** 4  # razzlog.stats.schema.UNIT (SCALE 4)


class InexactUnits(ValueError):
    """An amount with more decimal places than the units hold."""

    def __init__(self, amount: Decimal) -> None:
        super().__init__(amount)
        self.amount = amount


def units_of(values: list[Decimal | None]) -> list[int | None]:
    """Each amount as whole 10^-4 units (None stays None); :class:`InexactUnits` for an amount the
    units would round, as ``int(amount * 10**4) != amount * 10**4`` tells."""
    out: list[int | None] = []
    for v in values:
        if v is None:
            out.append(None)
        elif not v:
            out.append(0)
        else:
            scaled = v * _UNIT
            whole = int(scaled)
            if whole != scaled:
                raise InexactUnits(v)
            out.append(whole)
    return out
