"""RZ307 reopened-betting."""

from __future__ import annotations

from typing import Final

from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status
from razzlog.rules.state import is_aggressive  # (a bet, raise or completion)

_IN: Final = Status.IN  # bound once (a C static, compiled): enum lookups are slow


@rule("reopened-betting")
def reopened_betting(r: Replay) -> list[Finding]:
    """A raise by a player whom a short all-in did not reopen the betting for.

    An all-in for less than a full bet or raise does not reopen the betting:
    players who already acted on the round may only call or fold.

    Bad ($0.04 bet)::

        kobreli: bets $0.04
        manga130: raises $0.01 to $0.05 and is all-in
        kobreli: raises $0.04 to $0.09

    Fix: ``kobreli: calls $0.01`` (or folds).
    """
    found: list[Finding] = []
    for s in r.steps:
        if not s.may_raise and is_aggressive(s.kind) and s.status is _IN and s.bets < s.cap:
            a = s.action
            found.append(
                Finding(
                    a.line,
                    f"{a.player} raises, but the short all-in they face did not reopen the betting",
                    a.player,
                    a.street.value,
                )
            )
    return found
