"""RZ304 call-amount."""

from __future__ import annotations

from typing import Final

from razzlog.events import ActionKind
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status

# Bound once (C statics, compiled): enum lookups are slow.
_CALL: Final = ActionKind.CALL
_IN: Final = Status.IN


@rule("call-amount")
def call_amount(r: Replay) -> list[Finding]:
    """A call of the wrong amount.

    A call puts in exactly the difference between the bet and what the player
    already put in on this street, or their whole stack when that is less
    (then ``and is all-in``).

    Bad::

        willy32948: bets $0.04
        meg100: calls $0.02

    Fix: ``meg100: calls $0.04``.
    """
    found: list[Finding] = []
    for s in r.steps:
        if s.kind is _CALL and s.status is _IN and s.flagged:
            a = s.action
            found.append(
                Finding(
                    a.line,
                    f"{a.player} calls {a.amount}; the amount to call is {s.wanted[0]}",
                    a.player,
                    a.street.value,
                )
            )
    return found
