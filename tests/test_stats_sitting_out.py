"""Sitting-out players are not dealt in: no hand, no street seen, no showdown, in any statistic.

Generated hands of both sites get one more seated player who sits out (the
seat line's mark, Full Tilt's ``NAME is sitting out`` line, and the summary's
``Seat K: NAME is sitting out``); every statistic of every grouping must be
what it is without that player, on the text and through the hand store.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from razzlog.cli import app
from razzlog.generate.stream import generate_text

SLEEPER = "Sleeper"
_SEAT = re.compile(r"Seat (\d+): ")


def _with_sitter(hand: str, site: str, style: str) -> str:
    """``hand`` with a sitting-out player in the lowest free seat.

    ``style``: ``seat`` marks the seat line (and the summary lists them), ``line``
    prints Full Tilt's ``NAME is sitting out`` under an unmarked seat line,
    ``summary`` leaves the seat line unmarked and only the summary says it.
    """
    lines = hand.split("\n")
    first_seats: list[int] = []  # the seat lines at the top (the summary repeats "Seat N: ")
    for i, line in enumerate(lines):
        if _SEAT.match(line):
            first_seats.append(i)
        elif first_seats:
            break
    taken = {int(_SEAT.match(lines[i]).group(1)) for i in first_seats}  # type: ignore[union-attr]
    free = min(set(range(1, 9)) - taken)
    template = lines[first_seats[0]]
    name_end = template.rindex(" (")
    seat = f"Seat {free}: {SLEEPER}{template[name_end:]}"
    if style == "seat":
        seat += ", is sitting out" if site == "fulltilt" else " is sitting out"
    extra = [seat] + ([f"{SLEEPER} is sitting out"] if style == "line" else [])
    last = first_seats[-1]
    lines[last + 1 : last + 1] = extra
    while lines and not lines[-1]:
        lines.pop()
    lines.append(f"Seat {free}: {SLEEPER} is sitting out")
    return "\n".join(lines) + "\n"


def _corpus(site: str, style: str | None) -> str:
    hands = generate_text(424242, 40, players=(2, 6), site=site).strip().split("\n\n\n")
    return "\n\n\n".join(_with_sitter(h, site, style) if style else h.strip() + "\n" for h in hands)


def _stats(path: Path, *args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(app, ["stats", "--format", "json", "--jobs", "1", *args, str(path)])
    assert result.exit_code == 0, result.stdout + result.stderr
    rows = json.loads(result.stdout)
    assert isinstance(rows, list)
    return rows


BYS = ["player,currency", "site", "stakes", "date", "table", "player,month", "player,session"]


@pytest.mark.parametrize(
    ("site", "style"),
    [("pokerstars", "seat"), ("pokerstars", "summary"), ("fulltilt", "seat"), ("fulltilt", "line")],
)
def test_a_sitting_out_player_changes_no_statistic(tmp_path: Path, site: str, style: str) -> None:
    plain, sitting = tmp_path / "plain.txt", tmp_path / "sitting.txt"
    plain.write_text(_corpus(site, None), encoding="utf-8")
    sitting.write_text(_corpus(site, style), encoding="utf-8")
    assert sitting.read_text(encoding="utf-8").count(f"{SLEEPER} is sitting out") >= 40
    for by in BYS:
        assert _stats(sitting, "--by", by) == _stats(plain, "--by", by), by
    assert not [r for r in _stats(sitting, "--by", "player") if r["player"] == SLEEPER]


def test_a_sitting_out_player_is_not_in_the_store(tmp_path: Path) -> None:
    sitting = tmp_path / "sitting.txt"
    sitting.write_text(_corpus("fulltilt", "line"), encoding="utf-8")
    store = tmp_path / "store"
    imported = CliRunner().invoke(app, ["import", "--store", str(store), "--jobs", "1", str(sitting)])
    assert imported.exit_code == 0, imported.stdout + imported.stderr
    from_store = CliRunner().invoke(app, ["stats", "--format", "json", "--store", str(store), "--by", "site"])
    assert json.loads(from_store.stdout) == _stats(sitting, "--by", "site")
    queried = CliRunner().invoke(
        app,
        [
            "query",
            "--store",
            str(store),
            "--format",
            "json",
            f"SELECT COUNT(*) AS n FROM player_hands WHERE player = '{SLEEPER}'",
        ],
    )
    assert json.loads(queried.stdout) == [{"n": 0}]
