"""RZ104 common-card."""

from __future__ import annotations

from collections.abc import Iterator

from razzlog.events import Action, ActionKind, CommonCard, Street, StreetStart
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay

DECK = 52


@rule("common-card")
def common_card(r: Replay) -> Iterator[Finding]:
    """A common card where the deck was not exhausted, or none where it was.

    Every player still in gets one card per street; only when the players
    left on 7th street outnumber the cards left in the deck does the dealer
    turn one common card for everyone (8 players to the river).

    Bad: a ``Board [5c]`` line on the river with three players left.

    Fix: deal each player their own 7th-street card while the deck lasts.
    """
    folded: set[str] = set()
    used = 0
    needed_at_river: int | None = None
    river_line = r.hand.last_line
    for e in r.hand.events:
        if isinstance(e, Action) and e.kind == ActionKind.FOLD:
            folded.add(e.player)
        elif isinstance(e, StreetStart) and e.street.is_betting:
            live = sum(1 for p in r.order if p not in folded)
            if e.street == Street.THIRD:
                used += 3 * live
            elif e.street == Street.SEVENTH:
                needed_at_river, river_line = live, e.line
            else:
                used += live
        elif isinstance(e, CommonCard):
            if needed_at_river is None or needed_at_river <= DECK - used:
                yield Finding(
                    e.line,
                    f"a common card is dealt although the deck still holds {DECK - used} cards",
                    None,
                    "7th",
                )
            return
    if needed_at_river is not None and needed_at_river > DECK - used:
        yield Finding(
            river_line,
            f"{needed_at_river} players need a 7th-street card but only {DECK - used} are left, and no common card is dealt",
            None,
            "7th",
        )
