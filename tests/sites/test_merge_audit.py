"""Merge's real razz game audited and counted; --jobs 2 gives the bytes --jobs 1 gives.

The real game (``tests/data/sites/merge-razz-0.50-1-allin.txt``, from fpdb's regression
files: philroberts/FPDB-for-OSX,
``pyfpdb/regression-test-files/cash/Merge/Stud/Razz-USD-0.50-1.00-201111.allIn.txt``) is
a legal hand: the audit reports nothing in it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from razzlog.api import audit_paths
from razzlog.blocks import HandBlock, hands_of_block, iter_blocks
from razzlog.generate.stream import generate_text
from razzlog.sources import RawHand, iter_raw_hands

ROOT = Path(__file__).resolve().parents[2]
RAZZ = ROOT / "tests" / "data" / "sites" / "merge-razz-0.50-1-allin.txt"
SAMPLES = [
    ROOT / "samples" / "merge-cash-razz-0.50-1-allin.xml",
    ROOT / "samples" / "merge-format-examples.synthetic.xml",
]


def razzlog(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_the_real_game_audits_clean_under_its_own_profile() -> None:
    # Everything in it is legal: the antes and bring-in are Merge's $0.50/$1 structure
    # ($0.05, $0.10); the completion and three raises reach the cap with three players;
    # the short all-in raise on 4th (0.91 over 0.50) is called for 0.41; the 9-low
    # (9-8-6-3-2, as the log declares) beats J-8-7-4-A; 7.58 of the 7.97 put in is paid.
    (report,) = list(audit_paths([str(RAZZ)]))
    assert report.hand is not None
    assert report.violations == ()


def test_stats_nets_are_exact() -> None:
    result = razzlog("stats", str(RAZZ), "--format", "json")
    assert result.returncode == 0, result.stderr
    nets = {row["player"]: Decimal(row["net"]) for row in json.loads(result.stdout)}
    assert nets == {
        # ante 0.05 + 3rd street to 2.00 + all in for the last 0.91 of a 2.96 stack
        "OJLimpson82": Decimal("-2.96"),
        # ante 0.05 + 2.00 on 3rd, folds on 4th
        "6infamous9": Decimal("-2.05"),
        # wins 7.58, put in 0.05 + 2.00 + 0.91 = 2.96: 7.58 - 2.96
        "TheWuster74": Decimal("4.62"),
    }


def test_jobs_two_gives_the_same_bytes_as_jobs_one_on_the_samples() -> None:
    one = razzlog("audit", *map(str, SAMPLES), "--format", "jsonl", "--jobs", "1")
    two = razzlog("audit", *map(str, SAMPLES), "--format", "jsonl", "--jobs", "2")
    assert (one.returncode, one.stdout) == (two.returncode, two.stdout)


def test_blocks_carry_the_description_to_games_far_from_it(tmp_path: Path) -> None:
    # one description, then games: cut into small blocks, every game still has it
    text = generate_text(11, 40, site="merge")
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("<description "))
    kept = [line for i, line in enumerate(lines) if i == first or not line.startswith("<description ")]
    path = tmp_path / "one-description.xml"
    path.write_text("\n".join(kept), encoding="utf-8")
    serial = list(iter_raw_hands([str(path)]))
    blocks = list(iter_blocks([str(path)], block_bytes=4096))
    assert sum(isinstance(b, HandBlock) for b in blocks) > 5
    cut = [h for b in blocks for h in (hands_of_block(b) if isinstance(b, HandBlock) else [b])]
    assert cut == serial
    assert all(isinstance(h, RawHand) and h.context == ((1, lines[first]),) for h in serial)
    assert len(serial) == 40


def test_a_folder_mixing_sites_reads_each(tmp_path: Path) -> None:
    (tmp_path / "ps.txt").write_text(generate_text(3, 2), encoding="utf-8")
    (tmp_path / "merge.xml").write_text(generate_text(3, 2, site="merge"), encoding="utf-8")
    sites = sorted({r.hand.header.site for r in audit_paths([str(tmp_path)]) if r.hand is not None})
    assert sites == ["merge", "pokerstars"]


def test_the_store_keeps_the_description_with_each_game(tmp_path: Path) -> None:
    # a file with one description, imported, then grown by more games and imported again:
    # the games read from the middle of the file have the description too
    text = generate_text(4, 6, site="merge")
    lines = [
        line for i, line in enumerate(text.split("\n")) if i == 0 or not line.startswith("<description ")
    ]
    starts = [i for i, line in enumerate(lines) if line.startswith("<game ")]
    folder = tmp_path / "logs"
    folder.mkdir()
    log = folder / "session.xml"
    log.write_text("\n".join(lines[: starts[3]]) + "\n", encoding="utf-8")
    store = str(tmp_path / "store")
    assert razzlog("import", str(folder), "--store", store).returncode == 0
    log.write_text("\n".join(lines), encoding="utf-8")
    assert razzlog("import", str(folder), "--store", store).returncode == 0
    from_text = razzlog("audit", str(folder), "--format", "json").stdout
    for profile in ("auto", "casino"):  # the store's own rows, and a re-parse of its texts
        from_store = razzlog("audit", "--store", store, "--profile", profile, "--format", "json")
        found = json.loads(from_store.stdout)
        assert (found["hands"], found["hands_parsed"]) == (6, 6)
    assert json.loads(razzlog("audit", "--store", store, "--format", "json").stdout) == json.loads(from_text)


def test_stored_text_round_trips_the_context() -> None:
    from razzlog.sources import stored_hand, stored_text

    raw = RawHand("f.xml", 7, ('<game id="1-2">', "</game>"), "cp1252", ((1, '<description type="Razz"/>'),))
    assert stored_hand("f.xml", 7, stored_text(raw), "cp1252") == raw
    plain = RawHand("f.txt", 1, ("PokerStars Hand #1:", "x"), "utf-8")
    assert stored_text(plain) == "PokerStars Hand #1:\nx"
    assert stored_hand("f.txt", 1, stored_text(plain), "utf-8") == plain
