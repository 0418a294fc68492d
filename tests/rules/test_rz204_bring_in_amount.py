"""bring-in-amount: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_bring_in_amount(tmp_path: Path) -> None:
    """The bring-in at $0.04/$0.08 is $0.02; the callers still call $0.02."""
    text = hand(HAND)
    text = mutate(text, "kobreli: brings in for $0.02", "kobreli: brings in for $0.03", 1)
    assert audit_text(tmp_path, text) == [("bring-in-amount", line_of(text, "kobreli: brings in for $0.03"))]


@given(st.lists(st.sampled_from(["0.02", "0.01", "0.03", "0.020", "1"]), min_size=1, max_size=12))
def test_most_common_is_counters_most_common(amounts: list[str]) -> None:
    """The native loop picks what ``Counter.most_common(1)`` picks: the first of the most counted."""
    from razzlog.rules.catalogue.rz204_bring_in_amount import _most_common

    seen = Counter(Decimal(a) for a in amounts)
    usual, times = _most_common(seen)
    assert (usual, times) == seen.most_common(1)[0]
    assert str(usual) == str(seen.most_common(1)[0][0])  # the same key, exponent and all
