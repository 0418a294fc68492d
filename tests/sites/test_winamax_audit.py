"""Winamax logs through the whole pipeline: audit, stats and parallel runs.

* the real razz hand (tests/data/sites/winamax-razz-8games.txt, from fpdb's
  regression files: philroberts/FPDB-for-OSX, pyfpdb/regression-test-files/
  cash/Winamax/Stud/Razz-6max-EUR-25-50-201611._8games_.txt) and the synthetic
  line kinds audit clean under ``--profile auto`` (which picks ``winamax``):
  none of them breaks a rule, so no violation may be reported;
* ``stats`` nets equal the nets worked out by hand below;
* ``--jobs 2`` prints byte for byte what ``--jobs 1`` prints, over more than the
  2 MB that one process reads alone, cut into blocks at Winamax's headers.
"""

from __future__ import annotations

import codecs
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from razzlog.api import audit_paths
from razzlog.blocks import HandBlock, hands_of_block, iter_blocks
from razzlog.generate.stream import generate_text
from razzlog.rules.profiles import profile_for
from razzlog.sources import iter_raw_hands

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "sites"
RAZZ = DATA / "winamax-razz-8games.txt"
KINDS = DATA / "winamax-line-kinds.synthetic.txt"
SAMPLE = ROOT / "samples" / "winamax-cash-razz-25-50-8games.txt"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args], capture_output=True, text=True, encoding="utf-8", cwd=ROOT
    )


def test_the_sample_is_the_real_file() -> None:
    assert SAMPLE.read_bytes() == RAZZ.read_bytes()


@pytest.mark.parametrize("path", [RAZZ, KINDS])
def test_legal_winamax_hands_audit_clean(path: Path) -> None:
    reports = list(audit_paths([str(path)]))
    assert reports and all(r.hand is not None and r.site == "winamax" for r in reports)
    assert [v.to_dict() for r in reports for v in r.violations] == []


def test_auto_picks_the_winamax_profile() -> None:
    assert profile_for("auto", "winamax").name == "winamax"


def test_a_wrong_bring_in_at_the_real_stakes_is_found(tmp_path: Path) -> None:
    """5€/25€/50€ brings in 10€ (the real log): 12€ is an error, and so is the call after it."""
    text = RAZZ.read_text(encoding="utf-8").replace("Hero brings in 10€", "Hero brings in 12€")
    text = text.replace("Hero calls 15€", "Hero calls 13€")
    path = tmp_path / "wrong.txt"
    path.write_text(text, encoding="utf-8")
    rules = [v.rule for r in audit_paths([str(path)]) for v in r.violations]
    assert rules == ["bring-in-amount"]


# --------------------------------------------------------------------------- stats

# The real hand: antes 5€ each; 3rd street Hero brings in 10 and calls 15 (25),
# Player0 completes to 25; 4th 25 each; 5th 50 each; 6th Player0 bets 50, Hero folds.
#   Hero    puts in 5 + 25 + 25 + 50 = 105, wins nothing:              -105.00
#   Player0 puts in 5 + 25 + 25 + 50 = 105 (the 50 on 6th comes back),
#           collects 258 - 50 = 208 (the pot 210 less the rake 2):     +103.00
# Line kinds (synthetic):
#   tournament: Hero 20 + 100 (+100 returned) = 120 in, 210 + 45 out:  +135 chips
#               Player0 20 + 40 + 60 = 120: -120; Player2 the ante 15: -15
#   play money: Hero 0.02 + 0.04 (0.10, 0.06 returned) in, 0.12 out:   +0.06; Player0 -0.06
#   euros:      Player1 5 + 28.90 in, 70.30 out: +36.40; Player0 5 + 28.90: -33.90; Hero -5
EXPECTED_NETS = {
    ("Hero", "EUR"): Decimal("-110.00"),  # -105 (real) - 5 (line kinds)
    ("Player0", "EUR"): Decimal("69.10"),  # +103 (real) - 33.90
    ("Player1", "EUR"): Decimal("36.40"),
    ("Hero", "chips"): Decimal("135"),
    ("Player0", "chips"): Decimal("-120"),
    ("Player2", "chips"): Decimal("-15"),
    ("Hero", "play"): Decimal("0.06"),
    ("Player0", "play"): Decimal("-0.06"),
}


def test_stats_nets_are_exact() -> None:
    result = _run("stats", str(RAZZ), str(KINDS), "--format", "json", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    nets = {(row["player"], row["currency"]): Decimal(row["net"]) for row in rows}
    assert nets == EXPECTED_NETS


def test_stats_of_the_real_hand_alone() -> None:
    rows = json.loads(_run("stats", str(RAZZ), "--format", "json").stdout)
    assert {row["player"]: Decimal(row["net"]) for row in rows} == {
        "Hero": Decimal("-105"),
        "Player0": Decimal("103"),
    }
    assert {row["player"]: row["bring_ins"] for row in rows} == {"Hero": 1, "Player0": 0}


# --------------------------------------------------------------------------- parallel


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Over 2 MB: generated Winamax hands with the real one and a BOM first."""
    path = tmp_path_factory.mktemp("winamax") / "big.txt"
    text = RAZZ.read_text(encoding="utf-8") + "\n\n\n" + generate_text(424242, 1100, site="winamax")
    path.write_bytes(codecs.BOM_UTF8 + text.encode("utf-8"))
    assert path.stat().st_size > 2 * 1024 * 1024
    return path


def test_blocks_cut_at_winamax_headers(big_file: Path) -> None:
    via_blocks = []
    for item in iter_blocks([str(big_file)], 64 * 1024):
        assert isinstance(item, HandBlock)
        via_blocks.extend(hands_of_block(item))
    assert via_blocks == list(iter_raw_hands([str(big_file)]))
    assert len(via_blocks) == 1101


@pytest.mark.parametrize("command", [["audit", "--format", "json"], ["stats", "--format", "json"]])
def test_two_jobs_print_what_one_prints(big_file: Path, command: list[str]) -> None:
    # with the real stud hands (other games: counted) and the line kinds
    inputs = [str(big_file), str(KINDS), str(DATA / "winamax-stud-8games.txt"), str(DATA)]
    one = _run(*command, *inputs, "--jobs", "1", "--no-progress")
    two = _run(*command, *inputs, "--jobs", "2", "--no-progress")
    # tests/data/sites also holds KingsClub's real hand with its one bet-size error: audit exits 1
    expected = 1 if command[0] == "audit" else 0
    assert one.returncode == two.returncode == expected, one.stderr + two.stderr
    assert one.stdout == two.stdout and one.stdout
