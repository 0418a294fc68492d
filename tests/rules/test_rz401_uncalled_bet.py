"""uncalled-bet: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_uncalled_bet(tmp_path: Path) -> None:
    """SilkZone's uncalled 6th-street bet is $0.08."""
    text = hand(HAND)
    text = mutate(
        text, "Uncalled bet ($0.08) returned to SilkZone", "Uncalled bet ($0.04) returned to SilkZone", 1
    )
    assert audit_text(tmp_path, text) == [("uncalled-bet", line_of(text, "Uncalled bet ($0.04)"))]
