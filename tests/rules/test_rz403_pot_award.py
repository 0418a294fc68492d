"""pot-award: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35512671451"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_pot_award(tmp_path: Path) -> None:
    """Zen_fox's 9,8,3,2,A beats atlas kiwi's T,7,6,3,2 but atlas kiwi takes the pot (the summary agrees with the collection)."""
    text = hand(HAND)
    text = mutate(text, "Zen_fox collected $0.51 from pot", "atlas kiwi collected $0.51 from pot", 1)
    text = mutate(text, "and lost with Lo: T,7,6,3,2", "and won ($0.51) with Lo: T,7,6,3,2", 1)
    text = mutate(text, "and won ($0.51) with Lo: 9,8,3,2,A", "and lost with Lo: 9,8,3,2,A", 1)
    assert audit_text(tmp_path, text) == [("pot-award", line_of(text, "atlas kiwi collected"))]
