"""KingsClub hands audit under the kingsclub profile; stats nets are exact; --jobs changes nothing.

The real hands are tests/data/sites/kingsclub-*.txt (their sources are listed in
tests/sites/test_kingsclub_parse.py); samples/kingsclub-cash-razz-40-80.txt is a copy of
the first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from razzlog.api import AuditSummary, audit_paths
from razzlog.rules.profiles import profile_for

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "sites"
SAMPLE = REPO / "samples" / "kingsclub-cash-razz-40-80.txt"
RAZZ = DATA / "kingsclub-razz-40-80.txt"
MULTI_POT = DATA / "kingsclub-razz-500-1000-multi-pot.txt"
OTHER_GAMES = (DATA / "kingsclub-2-7-razz-22-44.txt", DATA / "kingsclub-stud-hilo-40-80.txt")


def _audit(*paths: Path, profile: str = "auto") -> tuple[AuditSummary, list[tuple[str, str, int]]]:
    summary = AuditSummary()
    found = []
    for report in audit_paths([str(p) for p in paths], profile):
        summary.add(report)
        found += [(v.rule, v.severity.value, v.line) for v in report.violations]
    return summary, found


def razzlog(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *map(str, args)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )


def test_auto_picks_the_kingsclub_profile() -> None:
    assert profile_for("auto", "kingsclub").name == "kingsclub"


def test_real_razz_hand_audits_clean() -> None:
    summary, found = _audit(RAZZ)
    assert (summary.hands, summary.hands_parsed, found) == (1, 1, [])
    assert SAMPLE.read_bytes() == RAZZ.read_bytes()


def test_real_multi_pot_hand_reports_only_its_oversized_completion() -> None:
    """Hero brings in for 125 (500/1,000), Player3 is all in for 225: short of the
    completion to 500. RULES.md: after the bring-in a player may call, or complete to
    the small bet (500); Player4 "raises to 625" (line 31), which is neither a
    completion (500) nor a raise over one (1,000): a real bet-size break (KingsClub's
    software made raises over a bring-in "bring-in + bet" in other logs too, see
    docs/sites/kingsclub.md). Everything else is legal: the uncalled 1,000 goes back
    (unprinted), Player4's 8-6-3-2-A beats Player3's T-9-7-5-4 for the whole 4,100, and
    every printed net and ending stack matches the play."""
    summary, found = _audit(MULTI_POT)
    assert (summary.hands, summary.hands_parsed) == (1, 1)
    assert found == [("bet-size", "error", 31)]


def test_other_games_are_counted_not_reported() -> None:
    summary, found = _audit(*OTHER_GAMES)
    assert (summary.hands, summary.hands_parsed) == (2, 0)
    assert summary.other_games == {"Limit 2-7 Razz": 1, "Limit Seven Card Stud Hi-Lo": 1}
    assert found == []


def test_a_printed_net_or_stack_that_the_play_contradicts_is_a_summary_mismatch(tmp_path: Path) -> None:
    text = RAZZ.read_text(encoding="utf-8")
    net = tmp_path / "net.txt"
    net.write_text(
        text.replace("Seat 6: Hero (2,107.40) +49", "Seat 6: Hero (2,107.40) +89"), encoding="utf-8"
    )
    stack = tmp_path / "stack.txt"
    stack.write_text(text.replace("(1,010.38) -50", "(1,000.38) -50"), encoding="utf-8")
    assert _audit(net)[1] == [("summary-mismatch", "error", 20)]
    assert _audit(stack)[1] == [("summary-mismatch", "error", 19)]


def test_a_kept_uncalled_bet_is_a_pot_award_violation(tmp_path: Path) -> None:
    """The uncalled 40 goes back unprinted; a site that awarded it as part of the pot
    (139 instead of 99) is caught, and so is the net it would print."""
    text = RAZZ.read_text(encoding="utf-8").replace("Hero wins pot (99)", "Hero wins pot (139)")
    kept = tmp_path / "kept.txt"
    kept.write_text(text, encoding="utf-8")
    rules = {rule for rule, _, _ in _audit(kept)[1]}
    assert "pot-award" in rules and "summary-mismatch" in rules


def _stats(*paths: Path, jobs: str = "1") -> list[dict[str, Any]]:
    done = razzlog("stats", *paths, "--format", "json", "--jobs", jobs, "-q")
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def test_stats_nets_are_exact_and_equal_the_printed_nets() -> None:
    rows = {r["player"]: r for r in _stats(RAZZ, MULTI_POT)}
    # Hand #39969356 (40/80, rake 1): Hero antes 10, completes to 40, bets 40 on 4th;
    #   Player0 folds, the 40 comes back; Hero wins 99: 99 + 40 - (10 + 40 + 40) = +49.
    #   Player0: ante 10 + bring-in 10 + call 30 = -50.
    # Hand #3537921 (500/1,000, no rake): Hero antes 125 and brings in 125: -250.
    #   Player0 and Player5: the ante, -125 each.  Player1: 125 + 625 + 500 = -1,250.
    #   Player2: 125 + 625 = -750.  Player3: 125 + 225 all in = -350.
    #   Player4: 125 + 625 + 500 + 1,000, 1,000 back, wins 4,100: 4,100 + 1,000 - 2,250 = +2,850.
    want = {
        "Hero": Decimal("49") + Decimal("-250"),
        "Player0": Decimal("-50") + Decimal("-125"),
        "Player1": Decimal("-1250"),
        "Player2": Decimal("-750"),
        "Player3": Decimal("-350"),
        "Player4": Decimal("2850"),
        "Player5": Decimal("-125"),
    }
    assert {p: Decimal(str(r["net"])) for p, r in rows.items()} == want
    assert {r["currency"] for r in rows.values()} == {"USD"}
    # the summaries' own nets ("Seat 6: Hero (2,107.40) +49"…) say the same, player by player
    printed: dict[str, Decimal] = {}
    for path in (RAZZ, MULTI_POT):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("Seat ") and line.endswith(tuple("0123456789")) and ") " in line:
                name = line.split(": ", 1)[1].rsplit(" (", 1)[0]
                net = line.rsplit(" ", 1)[1].replace(",", "")
                printed[name] = printed.get(name, Decimal(0)) + Decimal(net)
    assert printed == want


def test_jobs_two_gives_the_same_bytes_as_jobs_one(tmp_path: Path) -> None:
    """blocks.py cuts files at KingsClub headers (header + date line): a file of many hands."""
    parts = [p.read_text(encoding="utf-8") for p in (RAZZ, MULTI_POT, *OTHER_GAMES)]
    big = tmp_path / "session.txt"
    # each hand again with its own id, so that the file runs over several blocks
    with big.open("w", encoding="utf-8") as out:
        for n in range(400):
            for k, text in enumerate(parts):
                rest = text.split(":", 1)[1]
                out.write(f"#{n * 10 + k + 1}:{rest}\n\n")
    for command in (("audit", "--format", "jsonl"), ("stats", "--format", "json")):
        one = razzlog(*command, big, SAMPLE, "--jobs", "1", "-q")
        two = razzlog(*command, big, SAMPLE, "--jobs", "2", "-q")
        assert one.stdout == two.stdout and one.stdout
    from razzlog.blocks import HandBlock, iter_blocks

    blocks = [b for b in iter_blocks([str(big)], block_bytes=4096) if isinstance(b, HandBlock)]
    assert len(blocks) > 10
    assert all(b.data.startswith(b"#") for b in blocks[1:])
