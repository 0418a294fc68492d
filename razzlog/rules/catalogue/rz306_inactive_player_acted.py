"""RZ306 inactive-player-acted."""

from __future__ import annotations

from typing import Final

from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status

_IN: Final = Status.IN  # bound once (a C static, compiled): enum lookups are slow

_WHY = {Status.FOLDED: "has folded", Status.ALL_IN: "is all-in", Status.OUT: "is not in the hand"}


@rule("inactive-player-acted")
def inactive_player_acted(r: Replay) -> list[Finding]:
    """A player who folded, is all-in, or is not in the hand acted.

    Bad::

        meg100: folds
        ...
        meg100: calls $0.08

    Fix: a folded or all-in player takes no further action.
    """
    found: list[Finding] = []
    for s in r.steps:
        if s.status is not _IN:
            a = s.action
            found.append(
                Finding(a.line, f"{a.player} {_WHY[s.status]} but {a.kind.value}s", a.player, a.street.value)
            )
    return found
