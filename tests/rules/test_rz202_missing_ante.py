"""missing-ante: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_missing_ante(tmp_path: Path) -> None:
    """willy32948 is dealt in without an ante."""
    text = hand(HAND)
    text = mutate(text, "willy32948: posts the ante $0.01\n", "", 1)
    assert audit_text(tmp_path, text) == [("missing-ante", line_of(text, "Dealt to willy32948"))]
