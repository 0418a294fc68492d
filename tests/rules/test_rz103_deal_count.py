"""deal-count: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_deal_count(tmp_path: Path) -> None:
    """Two new cards on 4th street."""
    text = hand(HAND)
    text = mutate(text, 'Dealt to kobreli [Qc] [8s]', 'Dealt to kobreli [Qc] [8s 2d]', 1)
    assert audit_text(tmp_path, text) == [("deal-count", line_of(text, 'Dealt to kobreli [Qc] [8s 2d]'))]
