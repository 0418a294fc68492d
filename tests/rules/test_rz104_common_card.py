"""common-card: a shared river card only when the deck runs out."""

from __future__ import annotations

from pathlib import Path

from razzlog.events import Street
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found


def test_river_without_common_card_is_legal(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand("35874590575")) == []


def test_common_card_with_cards_left_in_the_deck(tmp_path: Path) -> None:
    text = mutate(hand("35874590575"), "*** RIVER ***", "*** RIVER *** [5c]")
    assert audit_text(tmp_path, text) == [("common-card", line_of(text, "*** RIVER *** [5c]"))]


def test_betting_streets_are_the_streets_with_betting() -> None:
    """The tuple ``in`` tests stand for the set they replaced."""
    from razzlog.rules.catalogue.rz104_common_card import _BETTING

    assert set(_BETTING) == {s for s in Street if s.is_betting}
    assert [s for s in Street if s in _BETTING] == [s for s in Street if s.is_betting]
