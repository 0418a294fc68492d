"""razzlog graph: the lines are the statistics' net hand by hand, drawn in the terminal or a file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from razzlog.api import parse_paths
from razzlog.graph import Unit, winnings
from razzlog.graph.labels import for_matplotlib
from razzlog.graph.picture import picture
from razzlog.graph.terminal import terminal_graph
from razzlog.stats import build_tables, player_stats
from tests.test_stats_history import _hand, _write

REPO = Path(__file__).resolve().parents[1]
SAMPLES = str(REPO / "samples")
DOLLAR_SAMPLES = (("pokerstars", "0.04-0.08.txt"), ("fulltilt", "0.10-0.20.utf16.txt"))


def razzlog(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args], capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def tables():  # type: ignore[no-untyped-def]
    return build_tables(parse_paths([SAMPLES]), detail=False)


def test_each_line_ends_at_the_statistics_net(tables) -> None:  # type: ignore[no-untyped-def]
    names = ["Hero", "SilkZone", "Søren 9"]
    lines = winnings(tables, names)
    stats = player_stats(tables, "player,currency", players=names)
    last = lines.frame.group_by("player", "currency").agg(pl.all().last())
    joined = stats.join(last, on=["player", "currency"])
    assert joined.height == stats.height == 4  # Hero in dollars and (Winamax) in euros
    assert (joined["net"] == joined["net_right"]).all()
    assert (joined["hands"] == joined["hand"]).all()
    assert (joined["net_showdown"] == joined["net_showdown_right"]).all()
    frame = lines.frame
    assert (frame["net_showdown"] + frame["net_no_showdown"] == frame["net"]).all()


def test_big_bets_end_at_net_bb(tables) -> None:  # type: ignore[no-untyped-def]
    lines = winnings(tables, ["@hero"], unit=Unit.BB, by_stakes=True)
    stats = player_stats(tables, "player,stakes", players=["@hero"])
    ends = {
        r["stakes"]: r["net"]
        for r in lines.frame.group_by("stakes").agg(pl.all().last()).iter_rows(named=True)
    }
    assert ends == pytest.approx({r["stakes"]: r["net_bb"] for r in stats.iter_rows(named=True)})
    assert lines.series == (
        "Hero $0.04/$0.08 USD",
        "Hero $0.10/$0.20 USD",
        "Hero €25/€50 EUR",
        "Hero $40/$80 USD",
    )


def test_hands_are_in_the_order_they_were_played(tmp_path: Path) -> None:
    # written out of order, in two time zones: 16:10 CET is 10:10 ET
    path = _write(
        tmp_path,
        [
            _hand(3, "2009/11/26 10:20:00 ET"),
            _hand(1, "2009/11/26 10:00:00 ET"),
            _hand(2, "2009/11/26 16:10:00 CET"),
        ],
    )
    lines = winnings(build_tables(parse_paths([str(path)]), detail=False), ["Hero"])
    assert [t.minute for t in lines.frame["time_utc"]] == [0, 10, 20]


def test_an_unknown_player_has_no_line(tables) -> None:  # type: ignore[no-untyped-def]
    assert winnings(tables, ["nobody"]).series == ()
    done = razzlog("graph", SAMPLES, "--player", "nobody")
    assert done.returncode == 2 and "no hands of nobody" in done.stderr


def test_the_terminal_drawing_is_plain_text_off_a_terminal() -> None:
    # the dollar samples: one line for Hero (the Winamax sample's Hero plays in euros)
    dollars = [str(REPO / "samples" / f"{site}-cash-razz-{stakes}") for site, stakes in DOLLAR_SAMPLES]
    done = razzlog("graph", *dollars, "--width", "60", "--height", "12", "-q")
    assert done.returncode == 0, done.stderr
    assert "Winnings of Hero" in done.stdout and "non-showdown" in done.stdout
    assert "\x1b" not in done.stdout
    assert len(done.stdout.splitlines()) == 12


def test_pictures_are_png_and_svg_and_the_same_from_the_store(tmp_path: Path) -> None:
    png, svg = tmp_path / "g.png", tmp_path / "g.svg"
    assert (
        razzlog("graph", SAMPLES, "-o", str(png), "--player", "Hero", "--player", "SilkZone").returncode == 0
    )
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert razzlog("graph", SAMPLES, "-o", str(svg)).returncode == 0
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text and 'href="http' not in text
    store = tmp_path / "store"
    assert razzlog("import", SAMPLES, "--store", str(store), "-q").returncode in (0, 1)
    again = tmp_path / "again.svg"
    assert razzlog("graph", "--store", str(store), "-o", str(again)).returncode == 0
    assert again.read_bytes() == svg.read_bytes()
    bad = razzlog("graph", SAMPLES, "-o", str(tmp_path / "g.jpg"))
    assert bad.returncode == 2 and "name a .png or .svg file" in bad.stderr


def test_names_are_text_not_markup(tmp_path: Path) -> None:
    odd = "$\\frac{x\x1b[2J"  # mathtext that does not parse, and a terminal escape
    path = _write(tmp_path, [_hand(1, "2009/11/26 10:00:00 ET").replace("Hero", odd)])
    tables = build_tables(parse_paths([str(path)]), detail=False)
    lines = winnings(tables, [odd, "kobreli"])
    assert "\x1b" not in terminal_graph(lines, 60, 12, colour=False)
    assert picture(lines, "svg").startswith(b"<?xml")  # matplotlib would fail on unescaped "$\frac{"
    assert for_matplotlib("a$b$") == "a\\$b\\$"
