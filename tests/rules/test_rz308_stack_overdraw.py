"""stack-overdraw: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from razzlog.events import Ante
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_stack_overdraw(tmp_path: Path) -> None:
    """willy32948 has $0.03 left when calling $0.08 on 5th street."""
    text = hand(HAND)
    text = mutate(text, "willy32948 ($2.17 in chips)", "willy32948 ($0.10 in chips)", 1)
    assert audit_text(tmp_path, text) == [("stack-overdraw", line_of(text, "willy32948: calls $0.08"))]


@given(st.lists(st.integers(1, 12), max_size=9))
def test_antes_by_line_are_sorted_by_line(lines: list[int]) -> None:
    """As ``sorted(key=line)`` (stable: antes on one line keep their order), sorted or not."""
    from razzlog.rules.catalogue.rz308_stack_overdraw import _by_line

    antes = [Ante(f"p{i}", Decimal(1), False, line) for i, line in enumerate(lines)]
    assert _by_line(list(antes)) == sorted(antes, key=lambda a: a.line)
