"""The settlement's shortcuts for amounts the two variants share, against the arithmetic they
replace: the same amounts, printed alike (``0.1`` is not ``0.10``), in the same order.

``after_log_returns`` keeps a player's very total when the log returned them nothing (it was
``total - 0``), and ``end_pair`` computes a stack after the hand once when both variants have
the same operands.  Totals are built as the engine builds them: 0 plus each amount put in.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from razzlog.rules.settle import after_log_returns, end_pair

_ZERO = Decimal(0)
NAMES = ["ann", "bob", "cy", "dee", "eve"]

# cents, chips, tenths and huge amounts (past the context's 28 digits: sums are rounded)
amounts = st.builds(
    lambda n, places: Decimal(n).scaleb(-places),
    st.integers(-(10**6), 10**6) | st.integers(-(10**40), 10**40),
    st.integers(-2, 3),
) | st.sampled_from(
    [Decimal("0.10"), Decimal("0.1"), Decimal("1.00"), Decimal("0"), Decimal("-0"), Decimal("0.00")]
)


def _total(parts: list[Decimal]) -> Decimal:
    total = _ZERO  # as PlayerState.put: 0 until something is put in, then a sum from 0
    for part in parts:
        total = total + part
    return total


totals = st.lists(amounts, max_size=5).map(_total)


def _same(a: Decimal, b: Decimal) -> bool:
    return str(a) == str(b) and a.compare_total(b) == 0


@given(st.dictionaries(st.sampled_from(NAMES), totals), st.dictionaries(st.sampled_from(NAMES), amounts))
def test_after_log_returns_is_each_total_less_its_return(
    put: dict[str, Decimal], returned: dict[str, Decimal]
) -> None:
    reference = {p: amount - returned.get(p, _ZERO) for p, amount in put.items()}
    found = after_log_returns(put, returned)
    assert list(found) == list(reference)
    assert all(_same(found[p], reference[p]) for p in reference)


@given(amounts, totals, totals, amounts, amounts, amounts, st.booleans(), st.booleans())
def test_end_pair_is_both_variants_stacks(
    start: Decimal,
    put0: Decimal,
    put1: Decimal,
    returned: Decimal,
    back: Decimal,
    won: Decimal,
    shared_put: bool,
    shared_back: bool,
) -> None:
    put = (put0, put0 if shared_put else put1)
    if shared_back:
        back = returned
    logged, ruled = end_pair(start, put, returned, back, won)
    assert _same(logged, start - put[0] + returned + won)
    assert _same(ruled, start - put[1] + back + won)
