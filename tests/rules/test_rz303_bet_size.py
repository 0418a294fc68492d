"""bet-size: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_bet_size(tmp_path: Path) -> None:
    """A 5th-street bet is the big bet, $0.08."""
    text = hand(HAND)
    text = mutate(
        text,
        "SilkZone: bets $0.08\nwilly32948: calls $0.08",
        "SilkZone: bets $0.04\nwilly32948: calls $0.08",
        1,
    )
    assert audit_text(tmp_path, text) == [("bet-size", line_of(text, "SilkZone: bets $0.04"))]
