"""RZ303 bet-size."""

from __future__ import annotations

from typing import Final

from razzlog.events import ActionKind
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status
from razzlog.rules.state import is_aggressive  # (a bet, raise or completion)

# Bound once (C statics, compiled): enum lookups are slow.
_IN: Final = Status.IN
_RAISE: Final = ActionKind.RAISE


@rule("bet-size")
def bet_size(r: Replay) -> list[Finding]:
    """A bet, completion or raise of the wrong amount.

    Fixed limit: on 3rd and 4th street bets and raises are one small bet
    (a completion brings the bring-in up to one small bet); on 5th to 7th one
    big bet.  Less is allowed only all-in.  A printed raise ``raises X to Y``
    must raise by X over the bet it faced.

    Bad ($0.04/$0.08, 5th street)::

        SilkZone: bets $0.04

    Fix: ``SilkZone: bets $0.08``.
    """
    found: list[Finding] = []
    for s in r.steps:
        if not is_aggressive(s.kind) or s.status is not _IN:
            continue
        a = s.action
        if s.flagged:
            want = s.wanted[0]
            total = s.street_put[0] + (want or 0)
            what = (
                "completes"
                if s.completion_pending or (s.bets == 0 and a.street.value == "3rd")
                else "bets"
                if a.kind == ActionKind.BET
                else "raises"
            )
            found.append(
                Finding(
                    a.line,
                    f"{a.player} {what} to {s.street_put[0] + s.put[0]} on {a.street.value} street; the limit is {total}",
                    a.player,
                    a.street.value,
                )
            )
        elif (
            a.kind is _RAISE
            and a.to is not None
            and a.amount != a.to - s.current_bet[0]
            and a.amount != a.to - s.current_bet[1]
        ):
            found.append(
                Finding(
                    a.line,
                    f"{a.player} raises {a.amount} to {a.to}, but the bet was {s.current_bet[0]}",
                    a.player,
                    a.street.value,
                )
            )
    return found
