"""showdown-order: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35512671451"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_showdown_order(tmp_path: Path) -> None:
    """atlas kiwi bet the river and must show first."""
    text = hand(HAND)
    text = mutate(text, 'atlas kiwi: shows [6h 3s 2s Td Qh Ts 7d] (Lo: T,7,6,3,2)\nZen_fox: shows [2h Ah 8d 9c Kd Th 3c] (Lo: 9,8,3,2,A)', 'Zen_fox: shows [2h Ah 8d 9c Kd Th 3c] (Lo: 9,8,3,2,A)\natlas kiwi: shows [6h 3s 2s Td Qh Ts 7d] (Lo: T,7,6,3,2)', 1)
    assert audit_text(tmp_path, text) == [("showdown-order", line_of(text, 'atlas kiwi: shows'))]
