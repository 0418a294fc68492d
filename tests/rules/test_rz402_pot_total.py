"""pot-total: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_pot_total(tmp_path: Path) -> None:
    """The players put in $0.41."""
    text = hand(HAND)
    text = mutate(text, "Total pot $0.41 | Rake $0.02", "Total pot $0.43 | Rake $0.04", 1)
    assert audit_text(tmp_path, text) == [("pot-total", line_of(text, "Total pot $0.43"))]
