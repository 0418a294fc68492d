"""call-amount: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_call_amount(tmp_path: Path) -> None:
    """The bet to call is $0.04."""
    text = hand(HAND)
    text = mutate(text, "meg100: calls $0.04", "meg100: calls $0.03", 1)
    assert audit_text(tmp_path, text) == [("call-amount", line_of(text, "meg100: calls $0.03"))]
