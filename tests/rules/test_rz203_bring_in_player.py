"""bring-in-player: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_bring_in_player(tmp_path: Path) -> None:
    """kobreli's door card becomes 2c, so willy32948's 6h is the highest and should bring in."""
    text = hand(HAND)
    text = mutate(text, '[Qc]', '[2c]', 2)
    assert audit_text(tmp_path, text) == [("bring-in-player", line_of(text, 'kobreli: brings in'))]
