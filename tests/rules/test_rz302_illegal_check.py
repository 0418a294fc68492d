"""illegal-check: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_illegal_check(tmp_path: Path) -> None:
    """meg100 checks facing willy32948's 4th-street bet."""
    text = hand(HAND)
    text = mutate(text, "meg100: calls $0.04", "meg100: checks", 1)
    assert audit_text(tmp_path, text) == [("illegal-check", line_of(text, "meg100: checks"))]


_AMOUNTS = st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False) | st.sampled_from(
    [Decimal("0"), Decimal("0.00"), Decimal("1E+30"), Decimal("1")]
)


@given(st.tuples(_AMOUNTS, _AMOUNTS), st.tuples(_AMOUNTS, _AMOUNTS))
def test_owed_is_the_old_subtraction(
    current_bet: tuple[Decimal, Decimal], street_put: tuple[Decimal, Decimal]
) -> None:
    """Comparing before subtracting flags the same checks, with the same amount (text and all)."""
    from razzlog.rules.catalogue.rz302_illegal_check import _owed

    owed = [current_bet[v] - street_put[v] for v in (0, 1)]  # the rule as it was
    want = owed[0] if all(o > 0 for o in owed) else None
    got = _owed(current_bet, street_put)
    assert got == want and str(got) == str(want)
