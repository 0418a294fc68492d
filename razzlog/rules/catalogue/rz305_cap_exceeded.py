"""RZ305 cap-exceeded."""

from __future__ import annotations

from typing import Final

from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status
from razzlog.rules.state import is_aggressive  # (a bet, raise or completion)

_IN: Final = Status.IN  # bound once (a C static, compiled): enum lookups are slow


@rule("cap-exceeded")
def cap_exceeded(r: Replay) -> list[Finding]:
    """A raise after the betting was capped.

    A round allows one bet and three raises (on 3rd street the completion is
    the bet; the bring-in does not count).  The site's ``Betting is capped``
    line is checked, not trusted: it must come only when the round is capped.

    Bad::

        kobreli: bets $0.08
        SilkZone: raises $0.08 to $0.16
        kobreli: raises $0.08 to $0.24
        SilkZone: raises $0.08 to $0.32
        kobreli: raises $0.08 to $0.40

    Fix: after the third raise players may only call or fold.
    """
    found: list[Finding] = []
    heads_up_uncapped = not r.profile.cap_heads_up
    for s in r.steps:
        if not is_aggressive(s.kind) or s.status is not _IN:
            continue
        if heads_up_uncapped and s.live_count <= 2:
            continue
        if s.bets >= s.cap:
            a = s.action
            found.append(
                Finding(
                    a.line,
                    f"{a.player} raises after the betting was capped at {s.cap} bets on {a.street.value} street",
                    a.player,
                    a.street.value,
                )
            )
    for event, bets, short_all_in in r.capped_lines:
        # A short all-in raise may or may not count towards the cap on a site.
        if bets < r.profile.raises_per_round + (0 if short_all_in else 1):
            found.append(
                Finding(
                    event.line,
                    f"the log says betting is capped after {bets} of {1 + r.profile.raises_per_round} bets",
                    None,
                    event.street.value,
                )
            )
    return found
