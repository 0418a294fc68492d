"""RZ101 duplicate-card."""

from __future__ import annotations

from typing import Final

from razzlog.cards import Card, card_key
from razzlog.events import CommonCard, Deal, Show, SummarySeat
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


@rule("duplicate-card")
def duplicate_card(r: Replay) -> list[Finding]:
    """One card appears twice in a hand.

    A card dealt as new must not have been seen before in the hand; a card a
    player shows must not belong to another player.

    Bad::

        Dealt to kobreli [Qc]
        Dealt to meg100 [Qc]

    Fix: the log is corrupt or the deck was not a single 52-card deck; every
    card of a hand is unique.
    """
    # Each card's first holder, by ``card_key``: a slot of a list for the 52 cards (its key is
    # a small int: a list's item is read and set natively, a dict's costs some 400
    # instructions a card), a dict for any other card (never parsed: its key is a tuple).
    owners: list[str | None] = [None] * _KEYS
    odd: dict[object, str] = {}
    reported: set[object] = set()
    # Each player's previous deal line (its cards) and shown line.  Every card of a line
    # judged for a player is theirs or already reported, so a line that only repeats the
    # cards of one judged the same way can find nothing: most lines are skipped unread.
    dealt: dict[str, tuple[Card, ...]] = {}
    shown: dict[str, tuple[Card, ...]] = {}
    found: list[Finding] = []
    deals = r.dealt  # the deal lines' fields, one per deal in log order, read natively
    n = 0
    for e in r.stream(_CARD_EVENTS):
        if type(e) is _DEAL:
            d = deals[n]
            n += 1
            player, known, new = d.player, d.known, d.new
            earlier = (
                _NONE if known == dealt.get(player) else _clashes(owners, odd, known, player, False, False)
            )
            clashes = _clashes(owners, odd, new, player, True, False)  # after the known cards: they may clash
            if earlier:
                clashes = earlier + clashes
            dealt[player] = known + new
        elif type(e) is _COMMON_CARD:
            player = "the board"
            clashes = _clashes(owners, odd, (e.card,), player, True, False)
        elif type(e) is _SHOW or type(e) is _SUMMARY_SEAT:
            player, cards = e.player, e.cards
            if cards == shown.get(player, ()):
                continue
            clashes = _clashes(owners, odd, cards, player, False, True)
            shown[player] = cards
        else:
            continue
        for card, holder in clashes:
            key = card_key(card)
            if key in reported:
                continue
            reported.add(key)
            who = "twice" if holder == player else f"to {holder} and to {player}"
            found.append(Finding(e.line, f"{card} is dealt {who}", player, _street(e)))
    return found


_CARD_EVENTS: Final = frozenset({Deal, CommonCard, Show, SummarySeat})
# The event classes bound once, as C statics (compiled): any other module name is a look-up in
# the module's dict at every use.  In the pure build the events are interpreted classes, so each
# field read is a Python attribute look-up too: the loop reads each field once.
_DEAL: Final = Deal
_COMMON_CARD: Final = CommonCard
_SHOW: Final = Show
_SUMMARY_SEAT: Final = SummarySeat


def _clashes(
    owners: list[str | None],
    odd: dict[object, str],
    cards: tuple[Card, ...],
    player: str,
    fresh: bool,
    repeats: bool,
) -> list[tuple[Card, str]]:
    """The cards of one line seen before that clash, with their first holder; the others are
    recorded as ``player``'s.  A card seen before clashes when another player held it, when
    it is dealt as new (``fresh``), or with ``repeats`` when the line lists it a second time."""
    found = _NONE
    # the line's own cards, kept only where asked: most lines are deals
    line: set[object] | None = set() if repeats else None
    for c in cards:
        key = card_key(c)
        if isinstance(key, int) and 0 <= key < _KEYS:
            holder = owners[key]
            if holder is None:
                owners[key] = player
        else:
            holder = odd.get(key)
            if holder is None:
                odd[key] = player
        if holder is not None and (holder != player or fresh or (line is not None and key in line)):
            found = [*found, (c, holder)]
        if line is not None:
            line.add(key)
    return found


_NONE: Final[list[tuple[Card, str]]] = []  # never appended to: a clash makes a new list
_KEYS: Final = 56  # ``card_key`` of the 52 cards: 4 * rank + suit, 4 to 55


def _street(e: Deal | CommonCard | Show | SummarySeat) -> str:
    if isinstance(e, CommonCard):  # (only for a finding: rare)
        return "7th"
    return "summary" if isinstance(e, SummarySeat) else e.street.value
