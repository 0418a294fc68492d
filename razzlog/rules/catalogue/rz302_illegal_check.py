"""RZ302 illegal-check."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from razzlog.events import ActionKind
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import VARIANTS, Replay, Status

# Bound once (C statics, compiled): enum lookups are slow.
_CHECK: Final = ActionKind.CHECK
_IN: Final = Status.IN


@rule("illegal-check")
def illegal_check(r: Replay) -> Iterator[Finding]:
    """A check while facing a bet (the bring-in counts as a bet to call).

    Bad::

        willy32948: bets $0.04
        meg100: checks

    Fix: ``meg100: calls $0.04``, raise, or fold.
    """
    for s in r.steps:
        if s.kind is not _CHECK or s.status is not _IN:
            continue
        a = s.action
        owed = [s.current_bet[v] - s.street_put[v] for v in VARIANTS]
        if all(o > 0 for o in owed):
            yield Finding(
                a.line, f"{a.player} checks facing a bet of {owed[0]} to call", a.player, a.street.value
            )
