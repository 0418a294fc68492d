"""RZ309 round-incomplete."""

from __future__ import annotations

from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


@rule("round-incomplete")
def round_incomplete(r: Replay) -> list[Finding]:
    """A street ended, or the hand ended, while the action was not complete.

    A round ends only when every player still in who is not all-in has acted
    and all of them have put in the same amount.

    Bad::

        willy32948: bets $0.04
        meg100: calls $0.04
        *** 5th STREET ***

    (SilkZone, still in, never acted.)  Fix: SilkZone calls, raises or folds
    before the next card.
    """
    found: list[Finding] = []
    for end in r.round_ends:
        for p in end.pending:
            found.append(
                Finding(
                    end.line,
                    f"{end.street.value} street ends before {p} acted on the last bet",
                    p,
                    end.street.value,
                )
            )
    return found
