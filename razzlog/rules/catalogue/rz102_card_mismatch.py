"""RZ102 card-mismatch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from razzlog.cards import Card
from razzlog.events import CommonCard, Deal, Show, SummarySeat
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


def _fmt(cards: tuple[Card, ...] | list[Card]) -> str:
    return "[" + " ".join(str(c) for c in cards) + "]"


@rule("card-mismatch")
def card_mismatch(r: Replay) -> list[Finding]:
    """A player's earlier cards are repeated differently later.

    The first bracket of a ``Dealt to`` line repeats what the log dealt that
    player before; shown and summary cards must include every card the log
    dealt them, and the summary must repeat the cards they showed.

    Bad::

        Dealt to willy32948 [6h]
        Dealt to willy32948 [6d] [7h]

    Fix: repeat the cards exactly as dealt: ``Dealt to willy32948 [6h] [7h]``.
    """
    dealt: dict[str, list[Card]] = {}
    shown: dict[str, tuple[Card, ...]] = {}  # each player's last show
    found: list[Finding] = []
    deals = r.dealt  # the deal lines' fields, one per deal in log order, read natively
    n = 0
    for e in r.stream(_CARD_EVENTS):
        if type(e) is _DEAL:
            d = deals[n]
            n += 1
            player = d.player
            before = dealt.get(player)
            if before is None:
                dealt[player] = list(d.new)
                continue
            known = d.known
            if known and not _repeats(known, before, shown.get(player)):
                found.append(
                    Finding(
                        e.line,
                        f"{player}'s earlier cards were {_fmt(before)}, this line repeats them as {_fmt(known)}",
                        player,
                        d.street.value,
                    )
                )
            before.extend(d.new)
        elif type(e) is _SHOW or type(e) is _SUMMARY_SEAT:
            cards = e.cards  # (each field read once: an event's field is a Python look-up)
            if not cards:
                continue
            player = e.player
            missing = _missing(dealt.get(player, ()), cards)
            if missing:
                found.append(
                    Finding(
                        e.line,
                        f"{player} shows {_fmt(cards)} without {_fmt(missing)}, dealt to them earlier",
                        player,
                        _street(e),
                    )
                )
            elif type(e) is _SUMMARY_SEAT and player in shown and _differ(cards, shown[player]):
                found.append(
                    Finding(
                        e.line,
                        f"the summary gives {player} {_fmt(cards)}, different from the cards shown",
                        player,
                        "summary",
                    )
                )
            if type(e) is _SHOW:
                shown[player] = cards
    return found


def _missing(dealt: Sequence[Card], cards: tuple[Card, ...]) -> list[Card]:
    """The dealt cards that ``cards`` lacks.

    The parser makes one object per card, so most are found by identity, in a native
    loop (a set of ``id``s cost some 5,000 instructions a line: an int object and a hash
    per card); only the others are compared by value (a Card's ``==`` is Python code).
    """
    return [c for c in dealt if not any(x is c for x in cards) and c not in cards]


def _differ(cards: tuple[Card, ...], shown: tuple[Card, ...]) -> bool:
    """Whether two lines show different sets of cards."""
    return cards != shown and frozenset(cards) != frozenset(shown)


# The same kinds as duplicate-card's: the two rules share one pass over the events.
_CARD_EVENTS: Final = frozenset({Deal, CommonCard, Show, SummarySeat})
# Bound once, as C statics (compiled): any other module name is a dict look-up at every use.
_DEAL: Final = Deal
_SHOW: Final = Show
_SUMMARY_SEAT: Final = SummarySeat


def _street(e: Show | SummarySeat) -> str:
    return e.street.value if type(e) is _SHOW else "summary"


def _same(known: tuple[Card, ...], before: list[Card]) -> bool:
    """``list(known) == before`` without the list: a native loop, by identity first (the
    parser makes one object per card), by value only where that differs."""
    if len(known) != len(before):
        return False
    for i, card in enumerate(known):
        other = before[i]
        if card is not other and card != other:
            return False
    return True


def _repeats(known: tuple[Card, ...], before: list[Card], shown: tuple[Card, ...] | None) -> bool:
    """Whether a deal line's first bracket repeats what the log dealt before.

    Once a player has shown their hand (all-in run-outs on Full Tilt), the
    bracket may include the revealed down cards too.
    """
    if _same(known, before):
        return True
    return (
        shown is not None
        and len(set(known)) == len(known)
        and set(before) <= set(known) <= set(before) | set(shown)
    )
