"""common-card: a shared river card only when the deck runs out."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found


def test_river_without_common_card_is_legal(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand("35874590575")) == []


def test_common_card_with_cards_left_in_the_deck(tmp_path: Path) -> None:
    text = mutate(hand("35874590575"), "*** RIVER ***", "*** RIVER *** [5c]")
    assert audit_text(tmp_path, text) == [("common-card", line_of(text, "*** RIVER *** [5c]"))]
