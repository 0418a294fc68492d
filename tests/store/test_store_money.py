"""The import's players' money, made ``MONEY`` through Arrow (razzlog.store.rows._arrow_money), is
what whole units by arithmetic made of it (razzlog.stats.units, the path it replaced), and refuses
the same amounts."""

from __future__ import annotations

from decimal import Decimal

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from polars.testing import assert_series_equal

from razzlog.stats.chunks import InexactAmount
from razzlog.stats.schema import MONEY, units_to_money
from razzlog.stats.units import InexactUnits, units_of
from razzlog.store.rows import _arrow_money

# the parser's amounts: below 10^14, at most 6 decimal places (razzlog.sites.common), and their
# sums and differences (a player's net), signed, within the 64-bit units the old path held
AMOUNTS = st.one_of(
    st.none(),
    st.decimals(
        min_value=-(9 * 10**14), max_value=9 * 10**14, places=6, allow_nan=False, allow_infinity=False
    ),
    st.decimals(
        min_value=-(9 * 10**14), max_value=9 * 10**14, places=2, allow_nan=False, allow_infinity=False
    ),
    st.sampled_from([Decimal(0), Decimal("-0.00"), Decimal("0E-6"), Decimal("1.500000"), Decimal("7E+2")]),
)


def reference_money(values: list[Decimal | None], name: str) -> pl.Series | None:
    """Units by arithmetic, then ``MONEY``; None where an amount has more than 4 decimal places."""
    try:
        units = pl.Series(name, units_of(values), dtype=pl.Int64)
    except InexactUnits:
        return None
    return units.to_frame().select(units_to_money(pl.col(name))).to_series()


@settings(deadline=None)
@given(st.lists(AMOUNTS, max_size=30))
def test_arrow_money_is_the_units_money(values: list[Decimal | None]) -> None:
    expected = reference_money(values, "net")
    if expected is None:
        with pytest.raises(InexactAmount):
            _arrow_money(values, "net")
    else:
        got = _arrow_money(values, "net")
        assert got.dtype == MONEY
        assert_series_equal(got, expected)
