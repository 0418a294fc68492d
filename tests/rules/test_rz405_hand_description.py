"""hand-description: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874780027"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_hand_description(tmp_path: Path) -> None:
    """The ace plays low: the best low is 6,4,3,2,A."""
    text = hand(HAND)
    text = mutate(
        text,
        "kobreli: shows [Ac Qd 6s 7h 2h 3h 4c] (Lo: 6,4,3,2,A)",
        "kobreli: shows [Ac Qd 6s 7h 2h 3h 4c] (Lo: 7,6,4,3,2)",
        1,
    )
    assert audit_text(tmp_path, text) == [("hand-description", line_of(text, "(Lo: 7,6,4,3,2)"))]
