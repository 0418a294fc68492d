"""RZ101 duplicate-card."""

from __future__ import annotations

from collections.abc import Iterator

from razzlog.cards import Card
from razzlog.events import CommonCard, Deal, Show, SummarySeat
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


@rule("duplicate-card")
def duplicate_card(r: Replay) -> Iterator[Finding]:
    """One card appears twice in a hand.

    A card dealt as new must not have been seen before in the hand; a card a
    player shows must not belong to another player.

    Bad::

        Dealt to kobreli [Qc]
        Dealt to meg100 [Qc]

    Fix: the log is corrupt or the deck was not a single 52-card deck; every
    card of a hand is unique.
    """
    owner: dict[Card, str] = {}
    reported: set[Card] = set()

    def seen(card: Card, player: str, line: int, street: str | None, fresh: bool) -> Finding | None:
        holder = owner.get(card)
        if holder is None:
            owner[card] = player
            return None
        if (holder != player or fresh) and card not in reported:
            reported.add(card)
            who = "twice" if holder == player else f"to {holder} and to {player}"
            return Finding(line, f"{card} is dealt {who}", player, street)
        return None

    for e in r.hand.events:
        found: list[Finding | None] = []
        if isinstance(e, Deal):
            street = e.street.value
            found += [seen(c, e.player, e.line, street, False) for c in e.known]
            found += [seen(c, e.player, e.line, street, True) for c in e.new]
        elif isinstance(e, CommonCard):
            found.append(seen(e.card, "the board", e.line, "7th", True))
        elif isinstance(e, Show | SummarySeat):
            street = e.street.value if isinstance(e, Show) else "summary"
            repeats = _repeats(e.cards)
            found += [seen(c, e.player, e.line, street, i in repeats) for i, c in enumerate(e.cards)]
        yield from (f for f in found if f is not None)


def _repeats(cards: tuple[Card, ...]) -> set[int]:
    """Positions of cards listed a second time in one line."""
    if len(set(cards)) == len(cards):
        return set()
    return {i for i, c in enumerate(cards) if c in cards[:i]}
