"""Inputs the fuzz script (tools/fuzz.py) found crashing ``stats`` and ``import``: each now gives
figures or a located parse error, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HANDS = (REPO / "samples" / "pokerstars-cash-razz-0.04-0.08.txt").read_text(encoding="utf-8").split("\n\n\n")
HAND = HANDS[0]
SHOWDOWN = next(h.strip("\n") for h in HANDS if "*** SHOW DOWN ***" in h)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args], capture_output=True, text=True, check=False
    )


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hand.txt"
    path.write_text(text + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ("Seat 3: willy32948", "Seat 999999999999999999999999999999: willy32948"),
            "a seat number from 1 to 10",
        ),
        (("Seat 3: willy32948", "Seat 0: willy32948"), "a seat number from 1 to 10"),
        (("'Gotha II' 8-max", "'Gotha II' 999999999999999999999-max"), "a table of 2 to 10 seats"),
    ],
)
def test_impossible_seats_are_parse_errors(tmp_path: Path, change: tuple[str, str], expected: str) -> None:
    assert change[0] in HAND
    path = _write(tmp_path, HAND.replace(*change))
    audit = run("audit", str(path), "-f", "jsonl")
    assert audit.returncode == 1
    found = [json.loads(line) for line in audit.stdout.splitlines()]
    assert [v["rule"] for v in found] == ["parse-error"] and expected in found[0]["message"]
    for command in (
        ["stats", str(path), "-f", "json"],
        ["import", str(path), "--store", str(tmp_path / "s")],
    ):
        done = run(*command)
        assert "Traceback" not in done.stderr and done.returncode in (1, 2), done.stderr


def test_a_bet_after_the_showdown_began_counts_on_7th_street(tmp_path: Path) -> None:
    lines = SHOWDOWN.splitlines()
    at = lines.index("*** SHOW DOWN ***") + 1
    bettor = lines[at].split(":")[0]
    lines.insert(at, f"{bettor}: bets $0.08")
    path = _write(tmp_path, "\n".join(lines))
    assert run("audit", str(path), "-f", "json").returncode == 1  # the audit reports it
    for command in (
        ["stats", str(path), "-f", "json"],
        ["import", str(path), "--store", str(tmp_path / "s")],
    ):
        done = run(*command)
        assert "Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr


def test_hundreds_of_players_fit(tmp_path: Path) -> None:
    lines = HAND.splitlines()
    extra = [f"Seat {1 + i % 8}: ghost{i} ($1 in chips)" for i in range(300)]
    path = _write(tmp_path, "\n".join(lines[:2] + extra + lines[2:]))
    done = run("import", str(path), "--store", str(tmp_path / "s"), "-f", "json")
    assert "Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr
