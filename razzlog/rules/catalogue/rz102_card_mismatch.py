"""RZ102 card-mismatch."""

from __future__ import annotations

from collections.abc import Iterator

from razzlog.cards import Card
from razzlog.events import Deal, Show, SummarySeat
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


def _fmt(cards: tuple[Card, ...] | list[Card]) -> str:
    return "[" + " ".join(str(c) for c in cards) + "]"


@rule("card-mismatch")
def card_mismatch(r: Replay) -> Iterator[Finding]:
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
    shown: dict[str, frozenset[Card]] = {}
    for e in r.hand.events:
        if isinstance(e, Deal):
            before = dealt.get(e.player)
            if before is not None and e.known and not _repeats(e.known, before, shown.get(e.player)):
                yield Finding(
                    e.line,
                    f"{e.player}'s earlier cards were {_fmt(before)}, this line repeats them as {_fmt(e.known)}",
                    e.player,
                    e.street.value,
                )
            dealt.setdefault(e.player, []).extend(e.new)
        elif isinstance(e, Show | SummarySeat) and e.cards:
            missing = [c for c in dealt.get(e.player, []) if c not in e.cards]
            street = e.street.value if isinstance(e, Show) else "summary"
            if missing:
                yield Finding(
                    e.line,
                    f"{e.player} shows {_fmt(e.cards)} without {_fmt(missing)}, dealt to them earlier",
                    e.player,
                    street,
                )
            elif e.player in shown and isinstance(e, SummarySeat) and frozenset(e.cards) != shown[e.player]:
                yield Finding(
                    e.line,
                    f"the summary gives {e.player} {_fmt(e.cards)}, different from the cards shown",
                    e.player,
                    street,
                )
            if isinstance(e, Show):
                shown[e.player] = frozenset(e.cards)


def _repeats(known: tuple[Card, ...], before: list[Card], revealed: frozenset[Card] | None) -> bool:
    """Whether a deal line's first bracket repeats what the log dealt before.

    Once a player has shown their hand (all-in run-outs on Full Tilt), the
    bracket may include the revealed down cards too.
    """
    if list(known) == before:
        return True
    return (
        revealed is not None
        and len(set(known)) == len(known)
        and set(before) <= set(known) <= set(before) | revealed
    )
