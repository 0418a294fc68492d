"""RZ301 action-order."""

from __future__ import annotations

from typing import Final

from razzlog.events import ActionKind, Street
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status

# Bound once (C statics, compiled): enum lookups are slow.
_IN: Final = Status.IN
_BRING_IN: Final = ActionKind.BRING_IN
_THIRD: Final = Street.THIRD


@rule("action-order")
def action_order(r: Replay) -> list[Finding]:
    """A player acted out of turn, or the wrong player opened a street.

    3rd street starts with the bring-in and goes clockwise; from 4th street
    the best low board opens (a paired board is worse than any unpaired one;
    ties go to the lowest seat).  Nobody acts once the round is complete.

    Bad (4th street, boards 7h-6h and Js-3s)::

        meg100: bets $0.04

    Fix: willy32948 (7-6) acts first.
    """
    found: list[Finding] = []
    street: Street | None = None  # of the step before
    for s in r.steps:  # the step's own copies of the action's fields: native reads
        opening = s.street is not street
        street = s.street
        if s.status is not _IN or s.kind is _BRING_IN:
            continue
        if opening and street is _THIRD and r.bring_in is None:
            continue  # bring-in-player reports a missing bring-in
        if s.player in s.due:
            continue
        a = s.action
        if not s.due:
            found.append(
                Finding(
                    a.line,
                    f"{a.player} acts on {a.street.value} street when no action is pending",
                    a.player,
                    a.street.value,
                )
            )
        else:
            want = " or ".join(sorted(s.due))
            what = "opens" if opening else "acts"
            found.append(
                Finding(
                    a.line,
                    f"{a.player} {what} out of turn on {a.street.value} street; {want} is due to act",
                    a.player,
                    a.street.value,
                )
            )
    return found
