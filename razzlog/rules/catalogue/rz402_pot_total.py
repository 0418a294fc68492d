"""RZ402 pot-total."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import VARIANTS, Replay
from razzlog.rules.settle import settle

_ZERO: Final = Decimal(0)  # (a C static, compiled: ``Decimal(0)`` is a call each time)


@rule("pot-total")
def pot_total(r: Replay) -> list[Finding]:
    """Total pot or rake inconsistent with the contributions and the amounts collected.

    Total pot = everything put in minus uncalled returns; main and side pots
    as printed must be the all-in layers of it; collected + rake = total pot.

    Bad::

        SilkZone collected $0.39 from pot
        *** SUMMARY ***
        Total pot $0.45 | Rake $0.02

    Fix: ``Total pot $0.41 | Rake $0.02`` (what the players put in).
    """
    s = settle(r)
    sp = s.summary_pot
    if sp is None:
        return []
    logged_total = _total(s.put[0]) - _total(s.returned)
    # A list, not a set: ``in`` compares the same (a Decimal's hash agrees with its ``==``), and
    # hashing a Decimal is a modular power in C, some 4,000 instructions each.  The log's total
    # first: the rules' pots are summed only when it differs (rarely; some 3,000 instructions).
    if sp.total != logged_total and sp.total not in [s.pot_total(v) for v in VARIANTS]:
        # one wrong total, one finding: the sums below follow from it
        return [
            Finding(
                sp.line,
                f"the total pot is {sp.total}, but the players put in {logged_total}",
                None,
                "summary",
            )
        ]
    collected = _total(s.collected)
    if s.collects and collected + sp.rake != sp.total:
        return [
            Finding(
                sp.line,
                f"collected {collected} plus rake {sp.rake} is {collected + sp.rake}, not the total pot {sp.total}",
                None,
                "summary",
            )
        ]
    if sp.main is not None or sp.side:
        printed = [a for a in (sp.main, *sp.side) if a is not None]
        layers = [[p.amount for p in s.pots[v]] for v in VARIANTS]
        if not any(_agrees(printed, layer, sp.rake) for layer in layers):
            want = ", ".join(str(a) for a in layers[0])
            return [
                Finding(
                    sp.line,
                    f"main and side pots are {', '.join(map(str, printed))}; the all-in layers are {want}",
                    None,
                    "summary",
                )
            ]
    return []


def _total(amounts: dict[str, Decimal]) -> Decimal:
    """``sum(amounts.values(), _ZERO)``: the same additions in the same order, in a native loop
    rather than a call of the builtin through Python's C API."""
    total = _ZERO
    for amount in amounts.values():
        total += amount
    return total


def _agrees(printed: list[Decimal], layers: list[Decimal], rake: Decimal) -> bool:
    """Printed pots equal the layers, before the rake or with the rake taken off them."""
    if printed == layers:
        return True
    return (
        len(printed) == len(layers)
        and sum(printed, _ZERO) + rake == sum(layers, _ZERO)
        and all(p <= layer for p, layer in zip(printed, layers, strict=True))
    )
