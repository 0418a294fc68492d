"""inactive-player-acted: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_inactive_player_acted(tmp_path: Path) -> None:
    """kobreli folded on 4th street and folds again on 5th."""
    text = hand(HAND)
    text = mutate(
        text,
        "willy32948: calls $0.08\nmeg100: folds",
        "willy32948: calls $0.08\nmeg100: folds\nkobreli: folds",
        1,
    )
    assert audit_text(tmp_path, text) == [("inactive-player-acted", line_of(text, "kobreli: folds", 2))]
