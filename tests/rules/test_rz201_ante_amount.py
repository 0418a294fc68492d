"""ante-amount: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_ante_amount(tmp_path: Path) -> None:
    """The $0.04/$0.08 table's ante is $0.01."""
    text = hand(HAND)
    text = mutate(text, "kobreli: posts the ante $0.01", "kobreli: posts the ante $0.02", 1)
    assert audit_text(tmp_path, text) == [("ante-amount", line_of(text, "kobreli: posts the ante $0.02"))]
