"""bring-in-amount: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_bring_in_amount(tmp_path: Path) -> None:
    """The bring-in at $0.04/$0.08 is $0.02; the callers still call $0.02."""
    text = hand(HAND)
    text = mutate(text, "kobreli: brings in for $0.02", "kobreli: brings in for $0.03", 1)
    assert audit_text(tmp_path, text) == [("bring-in-amount", line_of(text, "kobreli: brings in for $0.03"))]
