"""RZ101 duplicate-card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from razzlog.cards import Card, card_key
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
    owner: dict[object, str] = {}  # by card_key: a small int hashes faster than a Card
    reported: set[object] = set()
    # Each player's previous deal line (its cards) and shown line.  Every card of a line
    # judged for a player is theirs or already reported, so a line that only repeats the
    # cards of one judged the same way can find nothing: most lines are skipped unread.
    dealt: dict[str, tuple[Card, ...]] = {}
    shown: dict[str, tuple[Card, ...]] = {}
    deals = r.dealt  # the deal lines' fields, one per deal in log order, read natively
    n = 0
    for e in r.stream(_CARD_EVENTS):
        if type(e) is _DEAL:
            d = deals[n]
            n += 1
            player, known, new = d.player, d.known, d.new
            earlier = _NONE if known == dealt.get(player) else _clashes(owner, known, player, False, False)
            clashes = _clashes(owner, new, player, True, False)  # after the known cards: they may clash
            if earlier:
                clashes = earlier + clashes
            dealt[player] = known + new
        elif type(e) is _COMMON_CARD:
            player = "the board"
            clashes = _clashes(owner, (e.card,), player, True, False)
        elif type(e) is _SHOW or type(e) is _SUMMARY_SEAT:
            player, cards = e.player, e.cards
            if cards == shown.get(player, ()):
                continue
            clashes = _clashes(owner, cards, player, False, True)
            shown[player] = cards
        else:
            continue
        for card, holder in clashes:
            key = card_key(card)
            if key in reported:
                continue
            reported.add(key)
            who = "twice" if holder == player else f"to {holder} and to {player}"
            yield Finding(e.line, f"{card} is dealt {who}", player, _street(e))


_CARD_EVENTS: Final = frozenset({Deal, CommonCard, Show, SummarySeat})
# The event classes bound once, as C statics (compiled): any other module name is a look-up in
# the module's dict at every use.  The events are interpreted classes, so each field read is a
# Python attribute look-up too: the loop reads each field once.
_DEAL: Final = Deal
_COMMON_CARD: Final = CommonCard
_SHOW: Final = Show
_SUMMARY_SEAT: Final = SummarySeat


def _clashes(
    owner: dict[object, str], cards: tuple[Card, ...], player: str, fresh: bool, repeats: bool
) -> list[tuple[Card, str]]:
    """The cards of one line seen before that clash, with their first holder; the others are
    recorded as ``player``'s.  A card seen before clashes when another player held it, when
    it is dealt as new (``fresh``), or with ``repeats`` when the line lists it a second time."""
    found = _NONE
    # the line's own cards, kept only where asked: most lines are deals
    line: set[object] | None = set() if repeats else None
    for c in cards:
        key = card_key(c)
        holder = owner.get(key)
        if holder is None:
            owner[key] = player
        elif holder != player or fresh or (line is not None and key in line):
            found = [*found, (c, holder)]
        if line is not None:
            line.add(key)
    return found


_NONE: Final[list[tuple[Card, str]]] = []  # never appended to: a clash makes a new list


def _street(e: Deal | CommonCard | Show | SummarySeat) -> str:
    if isinstance(e, CommonCard):  # (only for a finding: rare)
        return "7th"
    return "summary" if isinstance(e, SummarySeat) else e.street.value
