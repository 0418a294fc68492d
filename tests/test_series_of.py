"""razzlog.stats.series_of: a column's Series made by polars' constructor directly is the one
``pl.Series`` makes, values, dtype and errors alike, and the chunks' special columns (money's
units, counts) keep what they were when a value needs more than the constructor."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import polars as pl
import pytest
from polars.testing import assert_series_equal

from razzlog.stats.chunks import InexactAmount, rows_frame
from razzlog.stats.extract import columns_of
from razzlog.stats.schema import ACTION_KIND, MONEY, NAME, STREET
from razzlog.stats.series_of import DIRECT, constructor, series_of

CASES: list[tuple[pl.DataType, list[Any]]] = [
    (pl.UInt8(), [1, None, 255]),
    (pl.UInt8(), [1, 256]),  # out of range: pl.Series' own error
    (pl.UInt16(), [0, 65535, None]),
    (pl.UInt32(), [7]),
    (pl.UInt64(), [2**63 + 1, 0]),
    (pl.Int32(), [-(2**31), None]),
    (pl.Int64(), [True, 2, None]),  # a bool where an int goes
    (pl.Int64(), [1, Decimal("2")]),  # a Decimal: pl.Series' fallback
    (pl.Boolean(), [True, None, False]),
    (pl.String(), ["Hero", None, "李小龙73295", "Kåre K", ""]),
    (pl.String(), ["a", 1]),  # not a string: pl.Series' error
    (NAME, ["Hero", None, "Hero", "Ölfisch"]),
    (STREET, ["3rd", "7th", None]),
    (STREET, ["8th"]),  # no such street: pl.Series' error
    (ACTION_KIND, ["bring-in", "fold"]),
    (pl.Date(), [19000, None]),  # not made by a constructor alone: pl.Series
]


def _made(make: Any) -> Any:
    try:
        return make()
    except Exception as exc:  # (the error is what is compared)
        return type(exc)


@pytest.mark.parametrize(("dtype", "values"), CASES)
def test_a_series_is_the_one_pl_series_makes(dtype: pl.DataType, values: list[Any]) -> None:
    make, cast = constructor(dtype)
    ours = _made(lambda: series_of("c", values, dtype, make, cast))
    theirs = _made(lambda: pl.Series("c", values, dtype=dtype))
    if isinstance(theirs, pl.Series):
        assert isinstance(ours, pl.Series)
        assert_series_equal(ours, theirs, categorical_as_str=True)
    else:
        assert ours is theirs


def test_this_polars_has_the_constructors() -> None:
    # (else every column takes pl.Series: right, but the cost this module saves is back)
    assert DIRECT
    assert constructor(pl.UInt8())[0] is not None and constructor(STREET) == (
        constructor(pl.String())[0],
        True,
    )
    assert constructor(pl.Date())[0] is None and constructor(MONEY)[0] is None


def test_money_and_counts_past_the_constructors_path() -> None:
    schema: dict[str, pl.DataType] = {"hand_idx": pl.UInt32(), "pot": MONEY, "folds": pl.UInt8()}
    # a whole Decimal of units (the constructor refuses it) and a count past UInt8
    frame = rows_frame(columns_of([(0, Decimal(20000), 3), (1, 5, 300)], 3), schema, None)
    assert frame["pot"].to_list() == [Decimal(2), Decimal("0.0005")]
    assert frame.schema["folds"] == pl.UInt16() and frame["folds"].to_list() == [3, 300]
    with pytest.raises(InexactAmount, match="pot"):
        rows_frame(columns_of([(0, Decimal("2.5"), 3)], 3), schema, None)
