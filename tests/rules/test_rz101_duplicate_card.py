"""duplicate-card: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_duplicate_card(tmp_path: Path) -> None:
    """Door cards Qc and 3s; meg100's 3s becomes a second Qc everywhere it appears."""
    text = hand(HAND)
    text = mutate(text, "[3s", "[Qc", 3)
    assert audit_text(tmp_path, text) == [("duplicate-card", line_of(text, "Dealt to meg100 [Qc]"))]
