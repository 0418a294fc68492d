"""RZ405 hand-description."""

from __future__ import annotations

from typing import Final

from razzlog.cards import best_low, format_low
from razzlog.events import CommonCard, Deal, Show, SummarySeat
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


@rule("hand-description")
def hand_description(r: Replay) -> list[Finding]:
    """A declared low differs from the best low of the shown cards.

    The ranks are compared, not their printed order.

    Bad::

        kobreli: shows [Ac Qd 6s 7h 2h 3h 4c] (Lo: 7,6,4,3,2)

    Fix: ``(Lo: 6,4,3,2,A)``: the ace plays low.
    """
    found: list[Finding] = []
    declared: dict[str, tuple[int, ...]] = {}
    for e in r.stream(_CARD_EVENTS):
        if not (type(e) is _SHOW or type(e) is _SUMMARY_SEAT):
            continue
        description = e.description  # (each field read once: an event's field is a Python look-up)
        if not description:
            continue
        cards = e.cards
        if not cards:
            continue
        player = e.player
        if type(e) is _SUMMARY_SEAT and declared.get(player) == description:
            continue  # the summary repeats the declaration already judged
        if type(e) is _SHOW:
            declared[player] = description
        best = best_low(cards)
        # (printed as ``best_low`` orders them, nearly always: then no sort is needed)
        if description != best and sorted(description) != sorted(best):
            street = e.street.value if type(e) is _SHOW else "summary"
            found.append(
                Finding(
                    e.line,
                    f"{player} declares Lo: {format_low(description)}, but the best low of those cards is {format_low(best)}",
                    player,
                    street,
                )
            )
    return found


# Shown cards come in Show and SummarySeat lines; asking for the kinds duplicate-card
# asks for shares its pass over the events (the other kinds are passed over).
_CARD_EVENTS: Final = frozenset({Deal, CommonCard, Show, SummarySeat})
_SHOW: Final = Show  # bound once, as C statics (compiled): not looked up at every use
_SUMMARY_SEAT: Final = SummarySeat
