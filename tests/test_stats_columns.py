"""The statistics' rows are kept column-wise (razzlog.stats.extract.Columns): the frames made of
them must be what polars makes of the same rows as tuples, value for value and type for type."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from razzlog.api import parse_paths
from razzlog.events import Hand
from razzlog.generate.stream import generate_text
from razzlog.stats.chunks import chunk_tables
from razzlog.stats.extract import Row, columns_of, hand_rows
from razzlog.stats.schema import ACTIONS_SCHEMA, HANDS_SCHEMA, MONEY, PLAYERS_SCHEMA
from razzlog.stats.units import amount_of, to_units
from tests.test_player_bits import unpacked

SAMPLES = Path(__file__).resolve().parents[1] / "samples"

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.text(max_size=5),
    st.decimals(allow_nan=False, allow_infinity=False, places=4),
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, list[Row]]:
    width = draw(st.integers(1, 6))
    rows = draw(st.lists(st.tuples(*[VALUES] * width), max_size=20))
    return width, rows


@given(tables())
def test_columns_hold_each_column_of_the_rows_in_order(table: tuple[int, list[Row]]) -> None:
    width, rows = table
    columns = columns_of(rows, width)
    assert len(columns) == len(rows) and bool(columns) == bool(rows)
    for i in range(width):
        assert columns.column(i) == [row[i] for row in rows]
    assert columns.rows() == rows


@given(tables(), st.integers(-3, 3).filter(bool))
def test_a_row_of_another_width_is_refused(table: tuple[int, list[Row]], change: int) -> None:
    width, rows = table
    columns = columns_of(rows, width)
    with pytest.raises(ValueError, match="columns"):
        columns.add((None,) * max(0, width + change) if width + change >= 0 else ())
    assert columns.rows() == rows  # nothing added
    with pytest.raises(IndexError):
        columns.column(width)


def _hands(folder: Path) -> list[Hand]:
    """The real samples and generated hands of every site (with injected violations), parsed."""
    paths = [str(p) for p in sorted(SAMPLES.glob("*")) if p.is_file()]
    for n, site in enumerate(("pokerstars", "fulltilt", "merge", "winamax", "kingsclub")):
        path = folder / f"{site}.txt"
        path.write_text(generate_text(20261202 + n, 60, site=site, violations=0.2), encoding="utf-8")
        paths.append(str(path))
    hands = [h for h in parse_paths(paths) if isinstance(h, Hand)]
    assert len(hands) > 300
    return hands


def _row_wise(rows: list[Row], schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """polars' own frame of ``rows`` as tuples, names as text, money (units in the rows) as the
    ``Decimal`` amounts."""
    plain = {name: pl.String() if isinstance(t, pl.Categorical) else t for name, t in schema.items()}
    return pl.DataFrame(amounts(rows, schema), schema=plain, orient="row")


def amounts(rows: list[Row], schema: dict[str, pl.DataType]) -> list[Row]:
    """``rows`` with their money (units: razzlog.stats.units) as the ``Decimal`` amounts, and their
    dates and times (integers: razzlog.stats.played_times, ``Epochs``) as ``date``/``datetime``."""
    as_value = {i: _VALUE_OF[str(t)] for i, t in enumerate(schema.values()) if str(t) in _VALUE_OF}
    return [
        tuple(as_value[i](v) if i in as_value and v is not None else v for i, v in enumerate(row))
        for row in rows
    ]


_EPOCH = datetime(1970, 1, 1)
_VALUE_OF: dict[str, Callable[[Any], Any]] = {
    str(MONEY): amount_of,
    str(pl.Date()): lambda days: _EPOCH.date() + timedelta(days=days),
    str(pl.Datetime()): lambda us: _EPOCH + timedelta(microseconds=us),
    str(pl.Datetime("us", "UTC")): lambda us: _EPOCH.replace(tzinfo=UTC) + timedelta(microseconds=us),
}


def _names_as_text(frame: pl.DataFrame) -> pl.DataFrame:
    return frame.with_columns(pl.col(pl.Categorical).cast(pl.String()))


def test_a_chunks_frames_are_polars_frames_of_the_row_tuples(tmp_path: Path) -> None:
    hands = _hands(tmp_path)
    chunk = chunk_tables(hands, detail=True)
    rows = [hand_rows(hand, idx) for idx, hand in enumerate(hands)]
    assert chunk.parsed == len(hands) and chunk.inexact == 0
    for frame, table, schema in (
        (chunk.hands, [r.hand for r in rows], HANDS_SCHEMA),
        # a value per column (the rows hold the Boolean ones as bits: tests/test_player_bits.py)
        (chunk.players, [unpacked(p) for r in rows for p in r.players], PLAYERS_SCHEMA),
        (chunk.actions, [a for r in rows for a in r.actions], ACTIONS_SCHEMA),
    ):
        assert frame.height == len(table) > 0
        assert_frame_equal(_names_as_text(frame), _row_wise(table, schema))


def test_money_goes_to_polars_exactly() -> None:
    schema: dict[str, pl.DataType] = {"hand_idx": pl.UInt32(), "pot": pl.Decimal(38, 4)}
    rows: list[Row] = [
        (0, to_units(Decimal("0.0001"))),
        (1, to_units(Decimal("-12345678.5"))),
        (2, None),
        (3, to_units(Decimal("1E+3"))),
    ]
    from razzlog.stats.chunks import rows_frame

    assert_frame_equal(rows_frame(columns_of(rows, 2), schema, None), _row_wise(rows, schema))


def test_rows_of_another_table_are_refused() -> None:
    from razzlog.stats.chunks import rows_frame

    with pytest.raises(ValueError, match="columns"):
        rows_frame(columns_of([(0, 1, 2)], 3), {"hand_idx": pl.UInt32()}, None)
