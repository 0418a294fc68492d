"""action-order: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_action_order(tmp_path: Path) -> None:
    """meg100 calls the bring-in before willy32948, who sits between them."""
    text = hand(HAND)
    text = mutate(
        text,
        "willy32948: calls $0.02\nmeg100: calls $0.02",
        "meg100: calls $0.02\nwilly32948: calls $0.02",
        1,
    )
    assert audit_text(tmp_path, text) == [("action-order", line_of(text, "meg100: calls $0.02"))]
