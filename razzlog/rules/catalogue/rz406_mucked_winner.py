"""RZ406 mucked-winner."""

from __future__ import annotations

from typing import Final

from razzlog.cards import best_low, best_low_key, format_low
from razzlog.events import SeatOutcome
from razzlog.rules.base import Finding, rule
from razzlog.rules.catalogue.rz403_pot_award import winners
from razzlog.rules.replay import Replay
from razzlog.rules.settle import settle

_MUCKED: Final = SeatOutcome.MUCKED  # bound once (a C static, compiled): enum lookups are slow


@rule("mucked-winner")
def mucked_winner(r: Replay) -> list[Finding]:
    """A player mucked with a hand that should have won.

    A player may muck only a hand no better than one already shown.  Judged
    when the log reveals the mucked cards (the log owner's own hand, or the
    summary's ``mucked [...]``).

    Bad (Hero holds 6,4,3,2,A)::

        HIWAII2: shows [2h 8d Kh 6h 3d 6d 4h] (Lo: 8,6,4,3,2)
        Hero: mucks hand

    Fix: Hero shows and wins the pot.
    """
    s = settle(r)
    found: list[Finding] = []
    if not s.mucked:
        return found  # (most hands: the summary's mucked cards are read only when someone mucked)
    revealed = {e.player: e.cards for e in s.summary_seats if e.outcome is _MUCKED and len(e.cards) >= 5}
    for player, muck in s.mucked.items():
        cards = revealed.get(player) or s.cards(player)
        if not muck.shown or len(cards) < 5:
            continue
        mine = best_low_key(cards)
        for pot in s.pots[0]:
            if player not in pot.eligible:
                continue
            won_by = winners(pot, s)
            if not won_by or player in won_by:
                continue
            rival = next(iter(sorted(won_by)))
            theirs = s.value(rival)
            if theirs is not None and mine < theirs:
                found.append(
                    Finding(
                        muck.line,
                        f"{player} mucks Lo: {format_low(best_low(cards))}, which beats {rival}'s winning hand",
                        player,
                        "showdown",
                    )
                )
                break
    return found
