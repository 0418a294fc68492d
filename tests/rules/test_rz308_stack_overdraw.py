"""stack-overdraw: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_stack_overdraw(tmp_path: Path) -> None:
    """willy32948 has $0.03 left when calling $0.08 on 5th street."""
    text = hand(HAND)
    text = mutate(text, "willy32948 ($2.17 in chips)", "willy32948 ($0.10 in chips)", 1)
    assert audit_text(tmp_path, text) == [("stack-overdraw", line_of(text, "willy32948: calls $0.08"))]
