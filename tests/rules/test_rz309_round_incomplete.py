"""round-incomplete: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874590575"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_round_incomplete(tmp_path: Path) -> None:
    """meg100 never acts on 6th street."""
    text = hand(HAND)
    text = mutate(text, "SilkZone: checks\nmeg100: checks\n", "SilkZone: checks\n", 1)
    assert audit_text(tmp_path, text) == [("round-incomplete", line_of(text, "*** RIVER ***"))]
