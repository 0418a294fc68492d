"""RZ104 common-card."""

from __future__ import annotations

from typing import Final

from razzlog.events import Action, ActionKind, CommonCard, Deal, Street, StreetStart
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, is_betting

# Bound once and compared with ``is``: enum lookups are slow Python code.
_FOLD: Final = ActionKind.FOLD
_THIRD: Final = Street.THIRD
_SEVENTH: Final = Street.SEVENTH

DECK: Final = 52


@rule("common-card")
def common_card(r: Replay) -> list[Finding]:
    """A common card where the deck was not exhausted, or none where it was.

    Every player still in gets one card per street; only when the players
    left on 7th street outnumber the cards left in the deck does the dealer
    turn one common card for everyone (8 players to the river).

    Bad: a ``Board [5c]`` line on the river with three players left.

    Fix: deal each player their own 7th-street card while the deck lasts.
    """
    starts: list[Street] = []
    for start in r.streets:
        street = start.street  # (read once: an event's field is a Python attribute look-up)
        if is_betting(street):  # (by identity: ``in`` a tuple of enums compares with ``==``)
            starts.append(street)
    if not r.of(CommonCard) and _enough_cards(len(r.order), starts):
        return []  # the deck lasts even if nobody folds: nothing to check
    folded: set[str] = set()
    used = 0
    needed_at_river: int | None = None
    river_line = r.hand.last_line
    for e in r.stream(_TABLE_EVENTS):
        if type(e) is _ACTION:
            if e.kind is _FOLD:
                folded.add(e.player)
        elif type(e) is _STREET_START and e.street in _BETTING:
            live = sum(1 for p in r.order if p not in folded)
            if e.street is _THIRD:
                used += 3 * live
            elif e.street is _SEVENTH:
                needed_at_river, river_line = live, e.line
            else:
                used += live
        elif type(e) is _COMMON_CARD:
            if needed_at_river is None or needed_at_river <= DECK - used:
                return [
                    Finding(
                        e.line,
                        f"a common card is dealt although the deck still holds {DECK - used} cards",
                        None,
                        "7th",
                    )
                ]
            return []
    if needed_at_river is not None and needed_at_river > DECK - used:
        return [
            Finding(
                river_line,
                f"{needed_at_river} players need a 7th-street card but only {DECK - used} are left, and no common card is dealt",
                None,
                "7th",
            )
        ]
    return []


# A tuple, not a set: ``in`` finds an enum member by identity, where a set hashes it with
# Enum.__hash__, interpreted code (some 600 instructions a test, a dozen tests a hand).
_BETTING: Final = tuple(s for s in Street if s.is_betting)
# Shared with deal-count (equal sets share one pass over the events).
_TABLE_EVENTS: Final = frozenset({StreetStart, Action, Deal, CommonCard})
_ACTION: Final = Action  # bound once, as C statics (compiled): not looked up at every use
_STREET_START: Final = StreetStart
_COMMON_CARD: Final = CommonCard


def _enough_cards(players: int, streets: list[Street]) -> bool:
    """Whether the deck serves every street's cards with all ``players`` in to the end.

    Folds only leave more cards, so then no deal can run out of cards.
    """
    used = sum(3 * players if s is _THIRD else players for s in streets if s is not _SEVENTH)
    return players <= DECK - used
