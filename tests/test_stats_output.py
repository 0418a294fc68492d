"""``stats -f json/csv``: the texts polars makes a column at a time are the per-value path's.

The writers build every value's text with polars expressions
(:mod:`razzlog.render.columns`).  Each test here holds them to a reference
written independently in Python, value by value: ``json.dumps`` of the rows
(``indent=2``, then :func:`~razzlog.render.text.json_safe`), ``round(x, 6)``,
:func:`~razzlog.render.columns.plain_amount`.  First for adversarial values
one column type at a time, then for the statistics of generated and real hands
in every grouping, from the text and from a store.
"""

from __future__ import annotations

import io
import json
import math
import os
import random
import re
import subprocess
import sys
from datetime import date
from decimal import Decimal, localcontext
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from razzlog.cli import ALLOCATOR_SETTINGS, return_freed_memory
from razzlog.cli.stats import STORE_FREED_AFTER_MS
from razzlog.generate.stream import generate_text
from razzlog.render import stats as render
from razzlog.render.columns import JsonRows, amount_texts, json_texts, plain_amount
from razzlog.render.text import json_safe
from razzlog.stats.chunks import table_chunks
from razzlog.stats.extract import CHIPS, PLAY
from razzlog.stats.report import group_keys
from razzlog.stats.stream import report_stats
from razzlog.store.importer import import_paths
from razzlog.store.stats import stored_stats
from razzlog.store.tables import open_store

REPO = Path(__file__).resolve().parent.parent


def _unit(row: dict[str, Any], name: str) -> str | None:
    if name in ("prizes", "buy_ins") and "buy_in_currency" in row:
        return row["buy_in_currency"] or PLAY
    return row.get("currency")


def _reference_value(value: Any, unit: str | None) -> Any:
    if isinstance(value, Decimal):
        return plain_amount(value, unit)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return round(value, 6)
    return value


def reference_json(frame: pl.DataFrame) -> str:
    """What ``write_json`` promises: ``json.dump(rows, indent=2)`` of the rows, value by value."""
    rows = [
        {name: _reference_value(value, _unit(row, name)) for name, value in row.items()}
        for row in frame.iter_rows(named=True)
    ]
    return json_safe(json.dumps(rows, indent=2, ensure_ascii=False)) + "\n"


def reference_csv(frame: pl.DataFrame) -> str:
    """polars' CSV of the frame with ratios rounded by polars and amounts by :func:`plain_amount`."""
    floats = [n for n, t in frame.schema.items() if t in (pl.Float32, pl.Float64)]
    money = [n for n, t in frame.schema.items() if isinstance(t, pl.Decimal)]
    amounts = {
        name: pl.Series(
            name,
            [
                None if v is None else plain_amount(v, _unit(r, name))
                for v, r in zip(frame[name], frame.iter_rows(named=True), strict=True)
            ],
            dtype=pl.String,
        )
        for name in money
    }
    return frame.with_columns(pl.col(floats).round(6)).with_columns(amounts.values()).write_csv()


def written(frame: pl.DataFrame, write: Any) -> str:
    out = io.StringIO()
    write(frame, out)
    return out.getvalue()


def written_as_bytes(frame: pl.DataFrame, write: Any) -> str:
    """What ``write`` writes to a UTF-8 stream over bytes, which polars writes to itself."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", newline="")
    write(frame, out)
    out.flush()
    return raw.getvalue().decode("utf-8")


# --------------------------------------------------------------------------- values


ODD_FLOATS = [
    0.0, -0.0, 1.0, -1.0, 1e-05, -1e-05, 0.0001, -0.0001, 0.00001, 0.000099, 0.00005, 0.0000015,
    0.0000005, -0.0000005, 0.0000025, 2.5e-7, -4e-7, 1e-7, 0.1 + 0.2, 1 / 3, -2 / 3, 0.015625,
    0.0078125, -0.0078125, 123456.7890125, 999999.9999995, 999999999.9999995, 1e9, -1e9, 1e15,
    1e16, 1.5e17, 1e300, -1e300, 5e-324, -5e-324, 2.2250738585072014e-308, math.pi, -110.00000000000001,
    math.nan, math.inf, -math.inf, 4503599627370495.5, 9007199254740993.0,
]  # fmt: skip


def _random_floats(count: int) -> list[float]:
    rng = random.Random(20261201)
    values = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.4:  # ratios: a count over a count
            values.append(rng.randrange(0, 5000) / rng.randrange(1, 5000))
        elif kind < 0.6:  # figures near a half-millionth: where rounding is decided
            values.append((rng.randrange(-(10**9), 10**9) + 0.5) / 1e6 * rng.choice((1, -1, 1 + 1e-15)))
        else:  # any magnitude, either sign
            values.append(rng.choice((1, -1)) * 10 ** rng.uniform(-9, 17))
    return values


def test_float_texts_are_repr_of_round() -> None:
    values = [*ODD_FLOATS, *_random_floats(100_000), None]
    got = json_texts(pl.DataFrame({"x": pl.Series(values, dtype=pl.Float64)}))[0].to_list()
    expected = ["null" if v is None else json.dumps(round(v, 6)) for v in values]
    assert got == expected
    assert got[:6] == ["0.0", "-0.0", "1.0", "-1.0", "1e-05", "-1e-05"]
    assert got[ODD_FLOATS.index(0.1 + 0.2)] == "0.3"
    assert got[ODD_FLOATS.index(math.nan) :][:3] == ["NaN", "Infinity", "-Infinity"]


def test_float32_texts_are_repr_of_round() -> None:
    values = [0.1, -0.0, 1e-5, 3.4e38, None, 1 / 3]
    column = pl.Series(values, dtype=pl.Float32)
    expected = ["null" if v is None else json.dumps(round(v, 6)) for v in column.to_list()]
    assert json_texts(pl.DataFrame({"x": column}))[0].to_list() == expected


AMOUNTS = [
    "0", "0.97", "-0.97", "-0.0001", "0.0001", "1.2", "-1.2", "100", "-39445", "0.5", "12.3456",
    "99999999999999999999.99", "123456789012345678901234.5", "-100000000000000000000000000", None,
]  # fmt: skip


@pytest.mark.parametrize("scale", [0, 2, 4, 6])
def test_amount_texts_are_plain_amount(scale: int) -> None:
    units = ["USD", "EUR", CHIPS, PLAY, None, "CAD"]
    pairs = [(a, u) for a in AMOUNTS for u in units]
    with localcontext(prec=60):  # the test's amounts in the column's places (the huge ones too)
        amounts = [None if a is None else Decimal(a).quantize(Decimal(1).scaleb(-scale)) for a, _ in pairs]
    frame = pl.DataFrame(
        {
            "net": pl.Series(amounts, dtype=pl.Decimal(38, scale)),
            "currency": [u for _, u in pairs],
        }
    )
    column = frame["net"].to_list()  # as polars holds them (scale places)
    expected = [None if a is None else plain_amount(a, u) for a, (_, u) in zip(column, pairs, strict=True)]
    assert amount_texts(frame, ["net"])[0].to_list() == expected
    assert json_texts(frame)[0].to_list() == ["null" if e is None else f'"{e}"' for e in expected]
    if scale == 4:  # pairs: each amount in each unit
        assert expected[:3] == ["0.00", "0.00", "0"]
        assert expected[12:15] == ["-0.97", "-0.97", "-0.97"]
        assert expected[AMOUNTS.index("-0.0001") * 6 + 2] == "-0.0001"
        assert expected[AMOUNTS.index("123456789012345678901234.5") * 6 + 2] == "123456789012345678901234.5"
        assert (
            expected[AMOUNTS.index("-100000000000000000000000000") * 6] == "-100000000000000000000000000.00"
        )


def test_prizes_are_in_the_buy_in_currency() -> None:
    frame = pl.DataFrame(
        {
            "buy_in_currency": ["USD", None, "", CHIPS],
            "currency": [CHIPS, CHIPS, "USD", "USD"],
            "prizes": pl.Series(
                [Decimal("3"), Decimal("3"), Decimal("3"), Decimal("3.5")], dtype=pl.Decimal(38, 4)
            ),
            "net": pl.Series([Decimal("3")] * 4, dtype=pl.Decimal(38, 4)),
        }
    )
    assert written(frame, render.write_json) == reference_json(frame)
    assert json.loads(written(frame, render.write_json))[0]["prizes"] == "3.00"
    assert written(frame, render.write_csv) == reference_csv(frame)


NAMES = [
    "Hero", 'say "hi"', "back\\slash", "tab\there", "new\nline", "\x00nul", "\x1b[31mred", "\x7fdel",
    "\x85next", "\x9fc1", "\u202eevil", "\u2066iso\u2069", "\u2028line sep", "Ünïcødé", "名字", "😀 non-BMP",
    "[/]", "", None, "\u200bzero width", "\ufeffbom",
]  # fmt: skip


def test_string_texts_escape_as_json_dumps_then_json_safe() -> None:
    frame = pl.DataFrame({"player": NAMES})
    expected = ["null" if n is None else json_safe(json.dumps(n, ensure_ascii=False)) for n in NAMES]
    assert json_texts(frame)[0].to_list() == expected
    assert "\x1b" not in "".join(expected) and "\u202e" not in "".join(expected)


def test_every_column_type_as_json_dumps_writes_it() -> None:
    frame = pl.DataFrame(
        {
            "player": NAMES[:4],
            "date": [date(2026, 1, 2), date(999, 12, 31), None, date(9999, 12, 31)],
            "hands": pl.Series([0, 1, None, 4_294_967_295], dtype=pl.UInt32),
            "place": pl.Series([-1, None, 2**62, 0], dtype=pl.Int64),
            "won": [True, False, None, True],
            "low": pl.Series(["5-low", "paired", None, "8-low"], dtype=pl.Enum(["5-low", "8-low", "paired"])),
            "nothing": pl.Series([None] * 4, dtype=pl.Null),  # no rule for this type: the per-value path
            "currency": ["USD", None, CHIPS, "EUR"],
            "net": pl.Series([Decimal("-0.97"), None, Decimal("5"), Decimal("0")], dtype=pl.Decimal(38, 4)),
            "vpip": [0.25, None, -0.0, 1e-05],
        }
    )
    assert written(frame, render.write_json) == reference_json(frame)
    assert written(frame, render.write_csv) == reference_csv(frame)
    # and as polars' streaming engine writes them, where the stream takes bytes
    assert written_as_bytes(frame, render.write_json) == reference_json(frame)
    assert written_as_bytes(frame, render.write_csv) == reference_csv(frame)


def test_empty_frames() -> None:
    assert written(pl.DataFrame({"player": pl.Series([], dtype=pl.String)}), render.write_json) == "[]\n"
    assert written(pl.DataFrame([pl.Series("x", [1, 2])]).drop("x"), render.write_json) == "[]\n"
    assert (
        written_as_bytes(pl.DataFrame({"player": pl.Series([], dtype=pl.String)}), render.write_json)
        == "[]\n"
    )
    assert json.dumps([], indent=2) + "\n" == "[]\n"


def test_many_rows_are_written_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "ROWS_AT_ONCE", 7)  # several slices, the last one short
    monkeypatch.setattr(render, "ROWS_AT_ONCE_STREAMED", 7)  # and several morsels
    frame = pl.DataFrame({"player": [f"p{i}" for i in range(30)], "vpip": [i / 7 for i in range(30)]})
    assert written(frame, render.write_json) == reference_json(frame)
    assert written_as_bytes(frame, render.write_json) == reference_json(frame)
    assert written_as_bytes(frame.head(7), render.write_json) == reference_json(frame.head(7))
    assert written_as_bytes(frame.head(1), render.write_json) == reference_json(frame.head(1))
    assert (
        written_as_bytes(frame, render.write_csv) == written(frame, render.write_csv) == reference_csv(frame)
    )


def test_streamed_rows_with_values_polars_cannot_write_are_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bytes polars' streaming engine writes a morsel at a time, where some values of some
    columns need the per-value path (ties, tiny figures, names to escape): those columns' texts
    made whole first, the others (dates before year 1000 too) by polars' rules."""
    monkeypatch.setattr(render, "ROWS_AT_ONCE_STREAMED", 1000)
    floats = [*ODD_FLOATS, *_random_floats(5_000)]
    rows = len(floats)
    frame = pl.DataFrame(
        {
            "player": [NAMES[i % len(NAMES)] for i in range(rows)],
            "vpip": pl.Series(floats, dtype=pl.Float64),
            "wtsd": pl.Series([i / 7 for i in range(rows)], dtype=pl.Float64),  # every text polars'
            "date": [date(999 + i % 3, 1, 1) for i in range(rows)],
            "nothing": pl.Series([None] * rows, dtype=pl.Null),
            "currency": ["USD", CHIPS] * (rows // 2) + ["EUR"] * (rows % 2),
            "net": pl.Series([Decimal(i) / 100 for i in range(rows)], dtype=pl.Decimal(38, 4)),
        }
    )
    with_texts, _ = JsonRows(frame).exact_texts(frame)
    # made whole: the names and the floats, each under a name of its own
    assert with_texts.columns == [*frame.columns, "player text", "vpip text"]
    assert written_as_bytes(frame, render.write_json) == reference_json(frame)
    # a column of the frame with the name a text would take: the text takes another
    clash = frame.rename({"wtsd": "player text"})
    assert JsonRows(clash).exact_texts(clash)[0].columns[-2:] == ["player text'", "vpip text"]
    assert written_as_bytes(clash, render.write_json) == reference_json(clash)


# --------------------------------------------------------------------------- the statistics


GROUPINGS = [
    "player,currency",
    "month",
    "site,stakes,date,week,year,table,game,club",
    "session",
    "tournament",
    "start",
    "player,game",
]


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Generated hands, the real samples (cash games, tournaments, home games) and hands that do not parse."""
    folder = tmp_path_factory.mktemp("stats-output")
    text = generate_text(20261202, 400, violations=0.1)
    # a player whose name a terminal would act on, and one JSON must escape
    text = text.replace("Hero", "Hero\u202e\x1b]0;x\x07").replace("atlas", 'at"las\\')
    (folder / "generated.txt").write_text(text, encoding="utf-8")
    samples = sorted((REPO / "samples").glob("*.*")) + sorted((REPO / "tests/data/mixed/razz").glob("*.txt"))
    return [str(folder / "generated.txt"), *(str(p) for p in samples)]


@pytest.fixture(scope="module")
def store(hands: list[str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stats-output-store") / "store"
    import_paths(hands, root, segment_hands=150)
    return root


def _check(frame: pl.DataFrame) -> None:
    assert frame.height
    text = written(frame, render.write_json)
    assert text == reference_json(frame)
    assert written_as_bytes(frame, render.write_json) == text
    assert written(frame, render.write_csv) == reference_csv(frame)
    assert written_as_bytes(frame, render.write_csv) == reference_csv(frame)
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", text)


@pytest.mark.parametrize("by", GROUPINGS)
def test_text_path_statistics_written_as_the_reference(hands: list[str], by: str) -> None:
    _check(report_stats(table_chunks(hands, 1, detail=False), group_keys(by)).frame)


@pytest.mark.parametrize("by", GROUPINGS)
def test_stored_statistics_written_as_the_reference(store: Path, by: str) -> None:
    frame = stored_stats(open_store(store), group_keys(by)).frame
    _check(frame)
    if by == "player,currency":
        names = frame["player"].to_list()
        assert any("\u202e" in n for n in names) and any('"' in n for n in names)


def test_selections_and_lows_written_as_the_reference(store: Path) -> None:
    stored = open_store(store)
    _check(stored_stats(stored, group_keys("player"), players=["@hero", "Hero\u202e\x1b]0;x\x07"]).frame)
    _check(stored_stats(stored, group_keys("player"), hero="Hero\u202e\x1b]0;x\x07", players=["@hero"]).frame)
    _check(stored_stats(stored, group_keys("player"), lows=True).frame)


def test_parquet_keeps_the_frame(store: Path, tmp_path: Path) -> None:
    frame = stored_stats(open_store(store), group_keys("tournament")).frame
    render.write_parquet(frame, tmp_path / "stats.parquet")
    assert pl.read_parquet(tmp_path / "stats.parquet").equals(frame)


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_the_command_writes_the_reference(store: Path, fmt: str) -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "razzlog",
            "stats",
            "--store",
            str(store),
            "-f",
            fmt,
            "--by",
            "player,stakes",
            "-q",
        ],
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    frame = stored_stats(open_store(store), group_keys("player,stakes")).frame
    expected = reference_json(frame) if fmt == "json" else reference_csv(frame)
    assert run.stdout == expected.encode("utf-8")


def test_freed_memory_goes_back_after_a_while_from_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    name, _ = ALLOCATOR_SETTINGS
    monkeypatch.delenv(name, raising=False)
    return_freed_memory(STORE_FREED_AFTER_MS)
    assert f"dirty_decay_ms:{STORE_FREED_AFTER_MS}," in os.environ[name]
    assert "muzzy_decay_ms:0" in os.environ[name] and "dirty_decay_ms:0" not in os.environ[name]
