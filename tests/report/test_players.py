"""The report's players part: the statistics and sessions on the page are those of ``razzlog stats``,
the graph is inline SVG that names no address, and names stay text."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from .helpers import REPO, SAMPLES, assert_offline

PLAYERS = ("@hero", "SilkZone", "kobreli")


class _Cells(HTMLParser):
    """The ``data-column``/``data-value`` cells of one table, row by row."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id, self.inside, self.rows = table_id, False, []  # type: ignore[var-annotated]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table":
            self.inside = found.get("id") == self.table_id
        elif self.inside and tag == "tr":
            self.rows.append({})
        elif self.inside and tag == "td" and "data-column" in found:
            self.rows[-1][found["data-column"]] = json.loads(found["data-value"] or "null")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = False


def table_values(html: str, table_id: str) -> list[dict[str, Any]]:
    parser = _Cells(table_id)
    parser.feed(html)
    return [row for row in parser.rows if row]


def razzlog(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args], capture_output=True, text=True, cwd=REPO, check=False
    )


def stats_json(*args: str) -> list[dict[str, Any]]:
    done = razzlog("stats", *args, "-f", "json", "-q")
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def assert_same_as_stats(html: str, source: list[str]) -> None:
    players = [a for p in PLAYERS for a in ("--player", p)]
    for table_id, by in (("player-stats", "player,currency"), ("player-sessions", "session")):
        shown = table_values(html, table_id)
        want = stats_json(
            *source, *players, "--by", by, "--sort", "hands" if by != "session" else "session:desc"
        )
        assert shown and len(shown) == len(want), table_id
        for row, expected in zip(shown, want, strict=True):
            assert row == {k: expected[k] for k in row}, table_id


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("players") / "report.html"
    done = razzlog("report", str(SAMPLES), "-o", str(out), *(a for p in PLAYERS for a in ("--player", p)))
    assert done.returncode == 1, done.stderr  # the samples' violations
    return out.read_text(encoding="utf-8")


def test_the_page_holds_the_statistics_and_sessions_of_stats(page: str) -> None:
    assert_same_as_stats(page, [str(SAMPLES)])


def test_the_graph_is_inline_svg_naming_no_address(page: str) -> None:
    svg = re.search(r"<figure class=\"graph\">(.*?)</figure>", page, re.S)
    assert svg is not None and svg.group(1).lstrip().startswith("<svg")
    assert_offline(page)


def test_the_store_gives_the_same_players_part(page: str, tmp_path: Path) -> None:
    store = tmp_path / "store"
    assert razzlog("import", str(SAMPLES), "--store", str(store), "--format", "json").returncode == 1
    out = tmp_path / "stored.html"
    done = razzlog(
        "report", "--store", str(store), "-o", str(out), *(a for p in PLAYERS for a in ("--player", p))
    )
    assert done.returncode == 1, done.stderr
    players_part = re.compile(r'<section id="players">.*?</section>', re.S)
    assert players_part.search(out.read_text(encoding="utf-8")).group(0) == players_part.search(page).group(0)  # type: ignore[union-attr]


def test_hostile_names_stay_text(tmp_path: Path) -> None:
    from tests.test_stats_history import _hand, _write

    name = "<script>alert(1)</script> $\\frac{ \x1b[2J"
    path = _write(tmp_path, [_hand(1, "2009/11/26 10:00:00 ET").replace("Hero", name)])
    out = tmp_path / "hostile.html"
    done = razzlog("report", str(path), "-o", str(out), "--player", name)
    assert done.returncode in (0, 1), done.stderr
    html = out.read_text(encoding="utf-8")
    assert "<script" not in html and "\x1b" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert table_values(html, "player-stats")[0]["player"] == name


def test_a_player_with_no_hands_is_said(tmp_path: Path) -> None:
    out = tmp_path / "nobody.html"
    done = razzlog("report", str(SAMPLES), "-o", str(out), "--player", "nobody at all")
    assert done.returncode == 1, done.stderr
    assert "None of them has a hand in the input." in out.read_text(encoding="utf-8")


def test_standard_input_cannot_be_read_twice() -> None:
    done = razzlog("report", "-", "--player", "Hero")
    assert done.returncode == 2 and "not '-'" in done.stderr
