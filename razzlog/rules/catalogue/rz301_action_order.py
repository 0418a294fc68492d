"""RZ301 action-order."""

from __future__ import annotations

from collections.abc import Iterator

from razzlog.events import ActionKind, Street
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status


@rule("action-order")
def action_order(r: Replay) -> Iterator[Finding]:
    """A player acted out of turn, or the wrong player opened a street.

    3rd street starts with the bring-in and goes clockwise; from 4th street
    the best low board opens (a paired board is worse than any unpaired one;
    ties go to the lowest seat).  Nobody acts once the round is complete.

    Bad (4th street, boards 7h-6h and Js-3s)::

        meg100: bets $0.04

    Fix: willy32948 (7-6) acts first.
    """
    for i, s in enumerate(r.steps):
        a = s.action
        if s.status != Status.IN or a.kind == ActionKind.BRING_IN:
            continue
        opening = i == 0 or r.steps[i - 1].action.street != a.street
        if opening and a.street == Street.THIRD and r.bring_in is None:
            continue  # bring-in-player reports a missing bring-in
        if not s.due:
            yield Finding(
                a.line,
                f"{a.player} acts on {a.street.value} street when no action is pending",
                a.player,
                a.street.value,
            )
        elif a.player not in s.due:
            want = " or ".join(sorted(s.due))
            what = "opens" if opening else "acts"
            yield Finding(
                a.line,
                f"{a.player} {what} out of turn on {a.street.value} street; {want} is due to act",
                a.player,
                a.street.value,
            )
