"""The rows' cheaper objects: a header's times as the integers polars stores (``played_epochs``)
against polars' own reading of ``played_times``' objects, and a hand's rows made without leaving
cyclic garbage for the collector."""

from __future__ import annotations

import gc
from datetime import date, datetime
from pathlib import Path

import polars as pl
from hypothesis import example, given, settings

from razzlog.api import parse_paths
from razzlog.events import Hand
from razzlog.stats.extract import hand_rows
from razzlog.stats.played_times import played_epochs, played_times
from tests.test_stats_row_shortcuts import printed_times

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


_TYPES: tuple[pl.DataType, ...] = (pl.Date(), pl.Datetime(), pl.Datetime("us", "UTC"))


def _stored(value: date | datetime | None, dtype: pl.DataType) -> int | None:
    """The integer polars keeps for ``value`` in a column of ``dtype``."""
    return pl.Series([value], dtype=dtype).to_physical().item()


@settings(max_examples=3000, deadline=None)
@given(printed_times())
@example("2009/11/26 10:24:42 ET")
@example("2021/03/14 02:30:00 ET")  # in the spring's gap
@example("2021/11/07 01:30:00 ET")  # twice in the autumn's fold
@example("1883/11/18 12:03:58 ET")
@example("1969/12/31 23:59:59 ET")  # before the epoch
@example("0001/01/01 00:00:00 NZT")
@example("0002/01/01 00:00:00 NZT")
@example("9998/12/31 23:59:59 PT")
@example("9999/12/31 23:59:59 ET")
@example("2010/02/30 10:00:00 ET")
@example("2010/12/07 24:00:00 ET")
@example("2010/12/07 17:10:10 XYZ")
@example("17:10:10 CCT - 2010/12/07")
def test_played_epochs_are_what_polars_keeps_of_played_times(text: str) -> None:
    epochs = played_epochs(text)
    want = [_stored(v, t) for v, t in zip(played_times(text), _TYPES, strict=True)]
    assert list(epochs) == want, text
    for value, dtype in zip(epochs, _TYPES, strict=True):  # and the cast gives the column back
        back = pl.Series([value], dtype=pl.Int64()).cast(dtype)
        assert back.to_physical().item() == value


def _hands() -> list[Hand]:
    paths = [str(p) for p in sorted(SAMPLES.glob("*")) if p.is_file()]
    hands = [h for h in parse_paths(paths) if isinstance(h, Hand)]
    assert len(hands) > 10
    return hands


def test_a_hands_rows_leave_no_cyclic_garbage() -> None:
    # compiled, a closure in hand_rows and its environment referred to each other: every hand's
    # facts were garbage that only the collector's walks freed
    hands = _hands()
    gc.collect()
    gc.disable()
    try:
        for idx, hand in enumerate(hands):
            hand_rows(hand, idx)
            hand_rows(hand, idx, detail=False)
        assert gc.collect() == 0
    finally:
        gc.enable()
