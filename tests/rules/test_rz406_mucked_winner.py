"""mucked-winner: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35531698697"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_mucked_winner(tmp_path: Path) -> None:
    """Hero mucks a wheel (5,4,3,2,A) against lucky8239's 8,7,6,5,3."""
    text = hand(HAND)
    text = mutate(text, "Dealt to Hero [Qd 2s 3d Td Ad] [9h]", "Dealt to Hero [Qd 2s 3d Td Ad] [5h]", 1)
    text = mutate(text, "Dealt to Hero [Qd 2s 3d Td Ad 9h] [7h]", "Dealt to Hero [Qd 2s 3d Td Ad 5h] [4h]", 1)
    text = mutate(
        text, "Seat 5: Hero mucked [Qd 2s 3d Td Ad 9h 7h]", "Seat 5: Hero mucked [Qd 2s 3d Td Ad 5h 4h]", 1
    )
    assert audit_text(tmp_path, text) == [("mucked-winner", line_of(text, "Hero: mucks hand"))]
