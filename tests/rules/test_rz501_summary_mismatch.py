"""summary-mismatch: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_summary_mismatch(tmp_path: Path) -> None:
    """meg100 folded on 5th street."""
    text = hand(HAND)
    text = mutate(
        text, "Seat 5: meg100 folded on the 5th Street", "Seat 5: meg100 folded on the 4th Street", 1
    )
    assert audit_text(tmp_path, text) == [
        ("summary-mismatch", line_of(text, "Seat 5: meg100 folded on the 4th Street"))
    ]
