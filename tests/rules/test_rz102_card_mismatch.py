"""card-mismatch: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_card_mismatch(tmp_path: Path) -> None:
    """willy32948's door card 6h is repeated as 6d on 4th street."""
    text = hand(HAND)
    text = mutate(text, "Dealt to willy32948 [6h] [7h]", "Dealt to willy32948 [6d] [7h]", 1)
    assert audit_text(tmp_path, text) == [("card-mismatch", line_of(text, "Dealt to willy32948 [6d] [7h]"))]
