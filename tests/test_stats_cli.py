"""``razzlog stats``: the CONTRACT's keys and formats, the options, exit codes and the progress bar.

Inputs are real files in ``tmp_path``: the real PokerStars session, the
hand-made hands of ``tests/test_stats.py`` and generated corpora.  Exit codes
and the progress bar run real processes; the rest goes through typer's runner.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import select
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from razzlog.cli import app
from razzlog.generate.stream import generate_text
from razzlog.stats import load, player_stats, stat_columns
from tests.test_stats import HANDS

REPO = Path(__file__).resolve().parents[1]
CONTRACT_KEYS = [
    "player", "currency", "hands", "net", "net_bb", "bb_per_100", "vpip", "third_street_raise",
    "bring_ins", "steal_attempt", "fold_to_steal", "aggression_factor", "wtsd", "wsd", "wwsf",
]  # fmt: skip


@pytest.fixture
def real(tmp_path: Path) -> Path:
    path = tmp_path / "real.txt"
    path.write_bytes((REPO / "samples" / "pokerstars-cash-razz-0.04-0.08.txt").read_bytes())
    return path


@pytest.fixture
def made(tmp_path: Path) -> Path:
    path = tmp_path / "made.txt"
    path.write_text(HANDS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Over a megabyte of generated hands: large enough for the progress bar."""
    path = tmp_path_factory.mktemp("large") / "large.txt"
    path.write_text(generate_text(20261130, 600), encoding="utf-8")
    assert path.stat().st_size > 1_000_000
    return path


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["stats", *map(str, args)], env={"COLUMNS": "200"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def rows_json(*args: str | Path) -> list[dict[str, Any]]:
    code, out, err = invoke("--format", "json", *args)
    assert code == 0, err
    rows = json.loads(out)
    assert isinstance(rows, list)
    return rows


def razzlog(*args: str | Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", "stats", *map(str, args)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
        timeout=120,
        **kwargs,
    )


def test_json_is_an_array_of_rows_with_the_contract_keys(real: Path) -> None:
    rows = rows_json(real)
    assert [r["player"] for r in rows][:4] == ["Hero", "SilkZone", "kobreli", "meg100"]  # 9 hands each
    for row in rows:
        assert list(row)[: len(stat_columns())] == stat_columns()
        assert set(CONTRACT_KEYS) <= set(row)
    hero = next(r for r in rows if r["player"] == "Hero")
    # exact money as a string; Hero called in 4 of 9 hands on 3rd street; 6 aggressive actions, 7 calls
    assert (hero["currency"], hero["hands"], hero["net"], hero["bring_ins"]) == ("USD", 9, "-0.27", 1)
    assert hero["vpip"] == pytest.approx(4 / 9)
    assert hero["aggression_factor"] == pytest.approx(6 / 7)
    assert hero["bb_per_100"] == pytest.approx(100 * -0.27 / 0.08 / 9)
    assert hero["fold_to_steal"] is None  # never faced a steal: null, not 0


def test_csv_has_the_same_columns_and_exact_amounts(real: Path) -> None:
    code, out, _ = invoke("--format", "csv", real)
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == stat_columns()
    by_player = {r["player"]: r for r in rows}
    assert {p: r["net"] for p, r in by_player.items()} == {
        "Hero": "-0.27",
        "SilkZone": "0.33",
        "kobreli": "0.97",
        "meg100": "-0.51",
        "HIWAII2": "0.05",
        "manga130": "-0.68",
        "willy32948": "-0.15",
    }
    assert by_player["willy32948"]["wsd"] == ""  # null: never went to showdown
    assert float(by_player["kobreli"]["wsd"]) == pytest.approx(2 / 3)


def test_parquet_needs_output_and_round_trips(real: Path, tmp_path: Path) -> None:
    proc = razzlog("--format", "parquet", real)
    assert proc.returncode == 2
    assert "--output" in proc.stderr and proc.stdout == ""
    target = tmp_path / "stats.parquet"
    code, out, _ = invoke("--format", "parquet", "--output", target, real)
    assert code == 0 and out == ""
    back = pl.read_parquet(target)
    assert back.equals(player_stats(load([str(real)])))
    assert back.schema["net"] == pl.Decimal(38, 4)
    assert dict(back.select("player", "net").rows())["kobreli"] == Decimal("0.97")


def test_table_shows_percentages_money_and_hand_counts(real: Path, tmp_path: Path) -> None:
    target = tmp_path / "stats.txt"
    code, out, _ = invoke("--output", target, real)
    assert code == 0 and out == ""
    text = target.read_text(encoding="utf-8")
    assert "\x1b[" not in text
    lines = text.splitlines()
    header = lines[0].split()
    assert header[:4] == ["player", "currency", "hands", "net"] and "VPIP" in header and "WTSD" in header
    hero = lines[1].split()
    assert hero[:4] == ["Hero", "USD", "9", "-$0.27"]
    assert "44.4%" in hero  # VPIP 4/9
    assert any(line.split()[:4] == ["kobreli", "USD", "9", "$0.97"] for line in lines)
    assert lines[-1] == "9 hands, 7 players; hero: Hero"


def test_player_since_until_min_hands_and_sort(made: Path) -> None:
    rows = rows_json(
        "--player", "Hero", "--player", "Bob", "--since", "2009-11-27", "--until", "2009/11/28", made
    )
    assert [(r["player"], r["hands"], r["net"]) for r in rows] == [("Bob", 2, "-0.42"), ("Hero", 2, "0.48")]
    assert [r["player"] for r in rows_json("--min-hands", "2", made)] == ["Bob", "Cat", "Hero"]
    assert [r["player"] for r in rows_json("--sort", "net", made)] == ["Hero", "Cat", "Dan", "Bob"]
    assert [r["player"] for r in rows_json("--sort", "player:desc", made)] == ["Hero", "Dan", "Cat", "Bob"]
    by_date = rows_json("--by", "date", "--sort", "date:asc", made)
    assert [(r["date"], r["currency"], r["hands"], r["net"]) for r in by_date] == [
        ("2009-11-26", "USD", 4, "0.00"),
        ("2009-11-27", "USD", 3, "-0.01"),
        ("2009-11-28", "USD", 3, "-0.03"),
        ("2009-11-29", "USD", 3, "-0.02"),
    ]


def test_hero_is_detected_and_can_be_named(made: Path) -> None:
    assert [r["player"] for r in rows_json("--player", "@hero", made)] == ["Hero"]
    assert [r["player"] for r in rows_json("--hero", "Cat", "--player", "@hero", made)] == ["Cat"]


def test_lows_distribution(made: Path) -> None:
    rows = rows_json("--lows", "--by", "player", made)
    assert [(r["player"], r["low"], r["count"], r["share"]) for r in rows] == [
        ("Bob", "9-low", 1, 1.0),
        ("Cat", "8-low", 1, 1.0),
        ("Hero", "7-low", 1, 0.5),
        ("Hero", "paired", 1, 0.5),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--by", "player,seat"], "unknown grouping 'seat'"),
        (["--since", "26/11/2009"], "not a date"),
        (["--until", "2009-02-30"], "not a date"),
        (["--sort", "luck"], "cannot sort by 'luck'"),
        (["--sort", "net:up"], "cannot sort by 'net:up'"),
        (["--min-hands", "-1"], "--min-hands"),
        (["--format", "xml"], "--format"),
    ],
)
def test_usage_errors_exit_2(real: Path, args: list[str], message: str) -> None:
    proc = razzlog(*args, real)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert proc.stdout == ""


def test_unreadable_input_exits_2_after_the_rest(real: Path, tmp_path: Path) -> None:
    proc = razzlog("--format", "json", tmp_path / "missing.txt", real)
    assert proc.returncode == 2
    assert "missing.txt: file not found" in proc.stderr
    assert len(json.loads(proc.stdout)) == 7
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n", encoding="utf-8")
    proc = razzlog(notes)
    assert proc.returncode == 2
    assert "no hand history found" in proc.stderr


def test_hands_that_do_not_parse_are_left_out_with_a_note(real: Path, tmp_path: Path) -> None:
    garbled = tmp_path / "garbled.txt"
    garbled.write_bytes((REPO / "samples" / "violations" / "truncated-and-garbled.txt").read_bytes())
    proc = razzlog("--format", "json", real, garbled)
    assert proc.returncode == 0
    assert "2 hands could not be parsed, left out" in proc.stderr
    assert razzlog("--quiet", "--format", "json", real, garbled).stderr == ""


def test_hands_found_but_none_parsed_say_how_many_and_why(tmp_path: Path) -> None:
    """Not "no hand history found" nor "no hands match the selection": hands were read, none counted."""
    garbled = tmp_path / "garbled.txt"
    garbled.write_bytes((REPO / "samples" / "violations" / "truncated-and-garbled.txt").read_bytes())
    proc = razzlog(garbled)
    assert proc.returncode == 2
    assert "2 hands read, none counted: 2 could not be parsed ('razzlog audit' says why)" in proc.stderr
    assert "no hand history found" not in proc.stderr
    assert "could not be parsed, left out" not in proc.stderr  # said once, in the error
    assert "no hands match the selection" not in proc.stdout
    assert "no hand counted" in proc.stdout


def test_a_narrow_terminal_hides_the_least_telling_columns(real: Path) -> None:
    from razzlog.render.stats import stats_table
    from razzlog.stats.report import group_keys

    frame = player_stats(load([str(real)]))
    _, hidden = stats_table(frame, group_keys("player"), width=1000)
    assert hidden == []
    table, hidden = stats_table(frame, group_keys("player"), width=100)
    # dropped in the order of DROP_FIRST until the rest fits, reported in table order
    assert hidden == [
        "net_showdown", "net_no_showdown", "rake_paid", "net_bb", "bring_ins", "bring_in_complete", "fold_to_steal", "aggression_frequency", "wwsf", "low_8_or_better",
    ]  # fmt: skip
    assert [c.header for c in table.columns] == [
        "player", "currency", "hands", "net", "BB/100", "VPIP", "3rd raise", "steal", "AF", "WTSD", "W$SD",
    ]  # fmt: skip


def test_a_hand_read_twice_counts_once(made: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.txt"
    copy.write_text(HANDS, encoding="utf-8")
    proc = razzlog("--format", "json", made, copy)
    assert proc.returncode == 0
    assert "4 hands read twice, counted once" in proc.stderr
    assert {r["player"]: r["hands"] for r in json.loads(proc.stdout)} == {
        "Bob": 4,
        "Cat": 4,
        "Hero": 4,
        "Dan": 1,
    }


def test_no_progress_bar_when_stderr_is_not_a_terminal(large: Path) -> None:
    proc = razzlog("--format", "csv", large)
    assert proc.returncode == 0
    assert proc.stderr == ""
    assert len(proc.stdout.splitlines()) > 2


def test_progress_bar_on_a_terminal(large: Path) -> None:
    leader, follower = pty.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "razzlog", "stats", "--format", "csv", str(large)],
            stdout=subprocess.DEVNULL,
            stderr=follower,
            cwd=REPO,
            env={**os.environ, "TERM": "xterm", "COLUMNS": "100"},
        )
        os.close(follower)
        seen = b""
        while True:
            ready, _, _ = select.select([leader], [], [], 60)
            if not ready:
                break
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            seen += chunk
        assert proc.wait(timeout=60) == 0
    finally:
        os.close(leader)
    assert b"reading" in seen and b"hands" in seen


def test_a_terminal_table_shows_a_screenful(tmp_path: Path) -> None:
    """On a terminal the table stops at a screenful (and says so); to a file it keeps 200 rows."""
    import os
    import pty

    out = tmp_path / "pty.txt"
    pid, fd = pty.fork()
    if pid == 0:  # the child: razzlog on the pseudo-terminal, 20 lines high
        os.environ.update({"LINES": "20", "COLUMNS": "400"})
        os.execv(
            sys.executable,
            [
                sys.executable,
                "-m",
                "razzlog",
                "stats",
                str(REPO / "samples"),
                "--by",
                "player,site,table",
                "-q",
            ],
        )
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.waitpid(pid, 0)
    text = b"".join(chunks).decode("utf-8", "replace")
    out.write_text(text, encoding="utf-8")
    assert "the first 14 of" in text and "(--limit 0: all)" in text
    to_file = razzlog(str(REPO / "samples"), "--by", "player,site,table", "-q")
    assert "the first" not in to_file.stdout
