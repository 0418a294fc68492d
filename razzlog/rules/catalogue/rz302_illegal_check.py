"""RZ302 illegal-check."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from razzlog.events import ActionKind
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import VARIANTS, Replay, Status

# Bound once (C statics, compiled): enum lookups are slow.
_CHECK: Final = ActionKind.CHECK
_IN: Final = Status.IN


@rule("illegal-check")
def illegal_check(r: Replay) -> list[Finding]:
    """A check while facing a bet (the bring-in counts as a bet to call).

    Bad::

        willy32948: bets $0.04
        meg100: checks

    Fix: ``meg100: calls $0.04``, raise, or fold.
    """
    found: list[Finding] = []
    for s in r.steps:
        if s.kind is not _CHECK or s.status is not _IN:
            continue
        owed = _owed(s.current_bet, s.street_put)
        if owed is not None:
            a = s.action
            found.append(
                Finding(a.line, f"{a.player} checks facing a bet of {owed} to call", a.player, a.street.value)
            )
    return found


def _owed(current_bet: tuple[Decimal, Decimal], street_put: tuple[Decimal, Decimal]) -> Decimal | None:
    """What a check leaves owed (the rules' first variant), when a bet is owed in every variant.

    Compared before subtracting (a Decimal's difference is positive exactly when it is the
    greater), so that a legal check builds no Decimal.
    """
    if all(current_bet[v] > street_put[v] for v in VARIANTS):
        return current_bet[0] - street_put[0]
    return None
