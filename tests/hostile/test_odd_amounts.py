"""One hand with an amount the statistics cannot hold exactly must not cost the run (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

from razzlog.stats.chunks import chunk_tables
from tests.hostile.helpers import hands_with, run, write


def _with_odd_call(text: str) -> tuple[str, str]:
    """``text`` with its first ``calls $2`` made ``calls $2.00001``, and that hand's id."""
    at = text.index(": calls $2\n")
    header = text.rindex("PokerStars Hand #", 0, at)
    hand_id = text[header + len("PokerStars Hand #") : text.index(":", header)]
    return text[:at] + ": calls $2.00001\n" + text[at + len(": calls $2\n") :], hand_id


def test_stats_skips_counts_and_reports_the_hand(tmp_path: Path) -> None:
    text, odd_id = _with_odd_call(hands_with("Hero", hands=12, violations=0.0))
    path = write(tmp_path, text)
    for args in ([], ["--format", "csv"], ["--format", "json"], ["--by", "player,date"], ["--jobs", "2"]):
        result = run("stats", str(path), *args)
        assert result.code == 0, result.stderr
        assert "1 hand with an amount of more than 4 decimal places left out" in result.stderr
    rows = json.loads(run("stats", str(path), "--format", "json", "--player", "Hero").stdout)
    assert rows[0]["hands"] == 11
    audit = json.loads(run("audit", str(path), "--format", "json").stdout)
    assert audit["hands"] == 12 and odd_id in {v["hand_id"] for v in audit["violations"]}


def test_the_selection_that_builds_tables_skips_it_too(tmp_path: Path) -> None:
    text, _ = _with_odd_call(hands_with("Hero", hands=12, violations=0.0))
    path = write(tmp_path, text)
    result = run("stats", str(path), "--player", "@hero", "--player", "kobreli", "--format", "json")
    assert result.code == 0, result.stderr
    assert "left out" in result.stderr


def test_a_chunk_renumbers_the_hands_it_keeps(tmp_path: Path) -> None:
    from razzlog.api import parse_paths

    text, _ = _with_odd_call(hands_with("Hero", hands=8, violations=0.0))
    hands = list(parse_paths([str(write(tmp_path, text))]))
    for detail in (True, False):
        chunk = chunk_tables(hands, detail=detail)
        assert chunk.inexact == 1 and chunk.parsed == 7
        assert chunk.hands["hand_idx"].to_list() == list(range(7))
        assert set(chunk.players["hand_idx"].to_list()) == set(range(7))


def test_an_inexact_amount_is_refused_every_time_it_comes() -> None:
    """The units of amounts met before are remembered (razzlog.stats.units): never an inexact one,
    which must be refused again in the next chunk (and equal amounts written differently have the
    same units)."""
    from decimal import Decimal

    import pytest

    from razzlog.stats.chunks import InexactAmount, rows_frame
    from razzlog.stats.extract import columns_of
    from razzlog.stats.schema import MONEY
    from razzlog.stats.units import units

    schema = {"hand_idx": pl.UInt32(), "pot": MONEY}
    for _ in range(2):
        with pytest.raises(InexactAmount):
            rows_frame(
                columns_of([(0, units(Decimal("2"))), (1, units(Decimal("2.00001")))], 2), schema, None
            )
    frame = rows_frame(
        columns_of(
            [(0, units(Decimal("2"))), (1, units(Decimal("2.00"))), (2, None), (3, units(Decimal("-0.5")))], 2
        ),
        schema,
        None,
    )
    assert frame["pot"].to_list() == [Decimal("2"), Decimal("2"), None, Decimal("-0.5")]
    in_units = rows_frame(
        columns_of([(0, units(Decimal("2.00"))), (1, units(Decimal("12.3456")))], 2),
        schema,
        ("hand_idx", "pot"),
    )
    assert in_units["pot"].to_list() == [20000, 123456]
