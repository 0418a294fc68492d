"""Money in units from the first read of each amount (razzlog.stats.units): the sums of units are
the units of the ``Decimal`` sums they replace (kept here as the reference), whole exactly when
those sums are amounts the money columns hold; and the store's money made of them
(``rows_frame(as_units=True)``, then ``units_to_money``) is the ``MONEY`` polars makes of the
``Decimal`` amounts, refused alike."""

from __future__ import annotations

from decimal import Decimal

import polars as pl
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from polars.testing import assert_series_equal

from razzlog.stats.chunks import InexactAmount, rows_frame
from razzlog.stats.extract import columns_of
from razzlog.stats.schema import MONEY, SCALE, units_to_money
from razzlog.stats.units import Units, amount_of, is_whole, to_units, units
from razzlog.store.part import money_of_units

# the parser's amounts: below 10^14, at most 6 decimal places (razzlog.sites.common)
AMOUNT = st.one_of(
    st.decimals(min_value=-(10**14), max_value=10**14, places=6, allow_nan=False, allow_infinity=False),
    st.decimals(min_value=-(10**14), max_value=10**14, places=2, allow_nan=False, allow_infinity=False),
    st.sampled_from([Decimal(0), Decimal("-0.00"), Decimal("0E-6"), Decimal("1.500000"), Decimal("7E+2")]),
)


def _exact(amount: Decimal) -> bool:
    """The reference: an amount the money columns hold (as razzlog.stats.chunks checked it)."""
    return amount == round(amount, SCALE)


@settings(deadline=None, max_examples=500)
@given(st.lists(AMOUNT, min_size=1, max_size=8), st.lists(st.booleans(), min_size=8, max_size=8))
@example([Decimal("0.00005"), Decimal("0.00005")], [True] * 8)
@example([Decimal("2.00001"), Decimal("-2")], [True] * 8)
def test_sums_of_units_are_the_units_of_the_sums(amounts: list[Decimal], remembered: list[bool]) -> None:
    total = sum(amounts, Decimal(0))
    in_units: Units = 0
    for amount, memo in zip(amounts, remembered, strict=False):
        in_units -= units(amount) if memo else to_units(amount)  # (a net subtracts)
    in_units = -in_units
    assert is_whole(in_units) == _exact(total)
    assert amount_of(in_units) == total
    if _exact(total):
        assert int(in_units) == total * 10**SCALE


@settings(deadline=None, max_examples=300)
@given(st.lists(st.none() | AMOUNT, max_size=30))
def test_the_stores_money_is_polars_money_of_the_amounts(values: list[Decimal | None]) -> None:
    schema = {"hand_idx": pl.UInt32(), "net": MONEY}
    rows = columns_of([(i, None if v is None else to_units(v)) for i, v in enumerate(values)], 2)
    if not all(v is None or _exact(v) for v in values):
        with pytest.raises(InexactAmount):
            rows_frame(rows, schema, None, as_units=True)
        return
    frame = rows_frame(rows, schema, None, as_units=True)
    assert frame.schema["net"] == pl.Int64()
    got = frame.select(units_to_money(pl.col("net")).cast(MONEY)).to_series()
    assert_series_equal(got, pl.Series("net", values, dtype=MONEY))


@settings(deadline=None, max_examples=300)
@given(
    st.lists(st.none() | st.integers(-(2**63), 2**63 - 1) | st.sampled_from([0, 1, -1, 10**4]), max_size=40),
    st.integers(0, 5),
    st.integers(1, 3),
)
@example([-1, None, 2**63 - 1, -(2**63)], 1, 2)
def test_money_of_units_is_polars_money_of_the_units(
    values: list[int | None], skip: int, chunks: int
) -> None:
    # (sliced and of several chunks, as a part's concatenated frames are: offsets and validity)
    pieces = [pl.Series("net", values, dtype=pl.Int64()) for _ in range(chunks)]
    units = pl.concat(pieces, rechunk=False).slice(skip)
    want = pl.select(units_to_money(pl.lit(units))).to_series().alias("net")
    got = money_of_units(units)
    assert got.dtype == MONEY
    assert_series_equal(got, want)
