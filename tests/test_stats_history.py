"""Statistics over time: calendar keys, sessions across tables and time zones, the winnings split
(showdown / no showdown) and each winner's share of the rake."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from razzlog.api import parse_paths
from razzlog.stats import build_tables, player_stats
from razzlog.stats.report import group_keys, stat_columns
from razzlog.stats.shares import rake_shares

REPO = Path(__file__).resolve().parents[1]
SAMPLE = (REPO / "samples" / "pokerstars-cash-razz-0.04-0.08.txt").read_text(encoding="utf-8")
FIRST_HAND = SAMPLE.split("\n\n\n")[0].strip("\n")
HEADER = FIRST_HAND.splitlines()[0]


def _hand(hand_id: int, when: str, table: str = "Gotha II") -> str:
    """The sample's first hand with another id, time (as printed after the stakes) and table."""
    lines = FIRST_HAND.splitlines()
    lines[0] = HEADER.replace("35874566077", str(hand_id)).replace("2009/11/26 10:24:42 ET", when)
    lines[1] = lines[1].replace("Gotha II", table)
    return "\n".join(lines)


def _write(tmp_path: Path, hands: list[str]) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    return path


def _sessions(path: Path, gap: int = 30) -> pl.DataFrame:
    tables = build_tables(parse_paths([str(path)]))
    return player_stats(tables, "session", players=["Hero"], session_gap=gap)


def test_a_pause_longer_than_the_gap_starts_a_session(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        [
            _hand(1, "2009/11/26 10:00:00 ET"),
            _hand(2, "2009/11/26 10:30:00 ET"),  # 30 minutes later: still the same session
            _hand(3, "2009/11/26 11:00:01 ET"),  # 30 minutes and a second: a new one
        ],
    )
    frame = _sessions(path)
    assert frame["session"].to_list() == ["2009-11-26T15:00:00Z", "2009-11-26T16:00:01Z"]
    assert frame["end"].to_list() == ["2009-11-26T15:30:00Z", "2009-11-26T16:00:01Z"]
    assert frame["hands"].to_list() == [2, 1]
    assert frame["duration_minutes"].to_list() == [30.0, 0.0]
    assert frame["hands_per_hour"].to_list() == [4.0, None]  # no duration, no rate
    assert _sessions(path, gap=31)["hands"].to_list() == [3]


def test_sessions_span_tables_and_time_zones(tmp_path: Path) -> None:
    # 16:10 CET is 10:10 ET (UTC+1 and UTC-5 in November): between the other two hands
    path = _write(
        tmp_path,
        [
            _hand(1, "2009/11/26 10:00:00 ET", "Alpha"),
            _hand(2, "2009/11/26 10:25:00 ET", "Alpha"),
            _hand(3, "2009/11/26 16:10:00 CET", "Beta"),
        ],
    )
    frame = _sessions(path, gap=15)
    assert frame.height == 1
    row = frame.row(0, named=True)
    assert (row["session"], row["end"], row["tables"], row["hands"]) == (
        "2009-11-26T15:00:00Z",
        "2009-11-26T15:25:00Z",
        2,
        3,
    )
    net = row["net"]
    assert row["net_per_hour"] == pytest.approx(float(net) / (25 / 60))


def test_a_hand_in_an_unknown_time_zone_has_no_session(tmp_path: Path) -> None:
    path = _write(tmp_path, [_hand(1, "2009/11/26 10:00:00 ET"), _hand(2, "2009/11/26 10:05:00 XYZ")])
    frame = _sessions(path)
    assert frame["session"].to_list() == ["2009-11-26T15:00:00Z", None]


def test_session_keeps_the_player_and_the_columns_in_order() -> None:
    assert group_keys("session") == ["player", "session", "currency"]
    columns = stat_columns("session")
    assert columns[:9] == [
        "player", "session", "currency", "end", "duration_minutes", "tables", "hands_per_hour", "net_per_hour", "hands",
    ]  # fmt: skip


def test_calendar_keys_follow_the_printed_date(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        [
            _hand(1, "2009/12/31 23:00:00 ET"),  # 2009-W53 (ISO), December
            _hand(2, "2010/01/04 09:00:00 ET"),  # 2010-W01, January
            _hand(3, "2010/01/05 09:00:00 ET"),
        ],
    )
    tables = build_tables(parse_paths([str(path)]))
    by = player_stats(tables, "week,month,year", players=["Hero"], sort="week:asc")
    assert by.select("week", "month", "year", "hands").rows() == [
        ("2009-W53", "2009-12", "2009", 1),
        ("2010-W01", "2010-01", "2010", 2),
    ]


def test_the_showdown_split_adds_up_to_net_and_the_rake_shares_to_the_rake() -> None:
    paths = [str(p) for p in sorted((REPO / "samples").glob("*.txt"))]
    tables = build_tables(parse_paths(paths))
    rows = tables.players.join(tables.hands.select("hand_idx", "rake"), on="hand_idx")
    per_hand = rows.group_by("hand_idx").agg(
        pl.col("rake_paid").sum(), pl.col("rake").first(), pl.col("collected").sum()
    )
    won = per_hand.filter(pl.col("collected") > 0)
    assert won.height and (won["rake_paid"] == won["rake"].fill_null(0)).all()
    frame = player_stats(tables, "player")
    assert (frame["net_showdown"] + frame["net_no_showdown"] == frame["net"]).all()
    assert frame["rake_paid"].sum() == rows["rake_paid"].sum() > 0
    # a player who never went to showdown won or lost nothing there
    quiet = frame.filter(pl.col("showdowns") == 0)
    assert (quiet["net_showdown"] == 0).all()


@given(
    st.integers(min_value=0, max_value=10**6),
    st.lists(st.integers(min_value=0, max_value=10**7), min_size=1, max_size=9),
)
def test_rake_shares_add_up_to_the_rake_in_proportion(rake_cents: int, collected_cents: list[int]) -> None:
    # in 10^-4 units (razzlog.stats.units), as the rows hold money: a cent is 100
    rake = rake_cents * 100
    collected = [c * 100 for c in collected_cents]
    shares = rake_shares(rake, collected)
    total = sum(collected)
    if total == 0:
        assert shares == [0] * len(collected)
        return
    assert sum(shares) == rake
    for share, c in zip(shares, collected, strict=True):
        assert type(share) is int  # whole units
        assert abs(share - Fraction(rake * c, total)) < 1
        assert c > 0 or share == 0


def test_the_cli_groups_by_month_and_session(tmp_path: Path) -> None:
    path = _write(tmp_path, [_hand(1, "2009/11/26 10:00:00 ET"), _hand(2, "2009/11/26 11:00:00 ET")])

    def run(*args: str) -> list[dict[str, object]]:
        done = subprocess.run(
            [sys.executable, "-m", "razzlog", "stats", str(path), "-f", "json", "--player", "Hero", *args],
            capture_output=True,
            text=True,
            check=True,
        )
        return list(json.loads(done.stdout))

    assert [r["month"] for r in run("--by", "month")] == ["2009-11"]
    assert [r["hands"] for r in run("--by", "session")] == [1, 1]
    assert [r["hands"] for r in run("--by", "session", "--session-gap", "60")] == [2]
