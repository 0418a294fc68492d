"""RZ503 duplicate-hand (across hands)."""

from __future__ import annotations

from collections.abc import Iterator

from razzlog.events import Hand
from razzlog.rules.base import rule
from razzlog.violations import Severity, Violation


@rule("duplicate-hand", Severity.ERROR, cross_hand=True)
def duplicate_hand(hand: Hand, seen: dict[tuple[str, str], tuple[str, str, int]]) -> Iterator[Violation]:
    """The same hand id appears twice: an error with different text, a warning if identical.

    Bad: ``PokerStars Game #35874566077`` twice in a folder, once with a
    different stack in it.

    Fix: keep one copy of each hand; a differing copy means one was altered.
    """
    h = hand.header
    key = (h.site, h.hand_id)
    first = seen.get(key)
    if first is None:
        seen[key] = (hand.text_digest, hand.file, hand.first_line)
        return
    digest, file, line = first
    same = digest == hand.text_digest
    yield Violation(
        "duplicate-hand",
        Severity.WARNING if same else Severity.ERROR,
        hand.file,
        hand.first_line,
        h.site,
        h.hand_id,
        None,
        None,
        f"hand {h.hand_id} already appeared at {file}:{line}" + ("" if same else " with different text"),
    )
