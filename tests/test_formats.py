"""Files razzlog does not read are named from their first line; archives of the sites read are.

The first lines below are those of public hand histories of each room (the
fpdb project's regression files and the rooms' help pages).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from razzlog.formats import SITES_READ, looks_like, sites_read
from razzlog.sites import SITES
from razzlog.sources import RawHand, iter_raw_hands

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "pokerstars-cash-razz-0.04-0.08.txt"

FIRST_LINES = [
    ("***** Hand History for Game 9102733424 *****", "a PartyPoker hand history"),
    ("#Game No : 321659466", "an 888poker hand history"),
    ("***** 888poker Hand History for Game 1017245573 *****", "an 888poker hand history"),
    ("Poker Hand #HD1234567: Hold'em No Limit ($0.02/$0.05) - 2021/01/01 00:00:00", "a GGPoker"),
    ("Ignition Hand #3617296345 TBL#20208433 HOLDEM No Limit - 2017-12-27 00:34:12", "a Bovada / Ignition"),
    ("Everleaf Gaming Game #196321235", "an Everleaf"),
    ("Stage #1234567: Holdem  No Limit $0.50", "an Absolute Poker / UltimateBet"),
    ("***** Betfair Poker Hand History for Game 123 *****", "a Betfair"),
    ("Hand#123456 - 2010-01-01 12:00:00", "a Cake Poker"),
    ("GAME #1234567: Texas Hold'em NL $0.02/$0.04 2010-01-01 12:00:00", "an iPoker"),
    (
        "Game Hand #123456 - Tournament #7 - Holdem(No Limit) - Level 1 (10.00/20.00)",
        "a Winning Poker Network",
    ),
    ('<?xml version="1.0" encoding="utf-8"?>', "an XML file"),
    ("PokerStars Tournament #1234, No Limit Hold'em", "a PokerStars tournament summary"),
    ("Full Tilt Poker Tournament Summary Heads Up Sit & Go (1234)", "a Full Tilt tournament summary"),
]


@pytest.mark.parametrize(("first", "named"), FIRST_LINES)
def test_a_foreign_format_is_named_from_its_first_line(first: str, named: str) -> None:
    what = looks_like("\ufeff" + first)
    assert what is not None and what.startswith(named)


@pytest.mark.parametrize("first", ["Hello", "Seat 1: Hero ($2 in chips)", "", "# notes", "*** SUMMARY ***"])
def test_text_that_says_nothing_is_not_named(first: str) -> None:
    assert looks_like(first) is None


def test_the_sites_read_are_those_razzlog_has() -> None:
    assert tuple(site.TITLE for site in SITES) == SITES_READ
    assert sites_read().endswith(f" and {SITES_READ[-1]}") and all(t in sites_read() for t in SITES_READ)


def _razzlog(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args], capture_output=True, text=True, check=False
    )


def test_the_message_names_the_format_and_the_sites_read(tmp_path: Path) -> None:
    party = tmp_path / "party.txt"
    party.write_text("***** Hand History for Game 9102733424 *****\nTable Foo\n", encoding="utf-8")
    named = _razzlog("audit", str(party), "-f", "jsonl")
    (v,) = [json.loads(line) for line in named.stdout.splitlines()]
    assert named.returncode == 2 and v["rule"] == "unknown-format" and v["severity"] == "error"
    assert "looks like a PartyPoker hand history" in v["message"] and sites_read() in v["message"]
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "party.txt").write_bytes(party.read_bytes())
    (folder / "razz.txt").write_bytes(SAMPLE.read_bytes())
    warned = _razzlog("audit", str(folder), "-f", "jsonl")
    (w,) = [json.loads(line) for line in warned.stdout.splitlines()]
    assert warned.returncode == 0 and w["severity"] == "warning"
    assert w["message"] == "a PartyPoker hand history: no hand razzlog reads, skipped"


def _sample_hands() -> list[str]:
    return [h.strip("\n") for h in SAMPLE.read_text(encoding="utf-8-sig").split("\n\n\n") if h.strip()]


@pytest.mark.parametrize(
    "separator",
    [
        "Hand #{n}",
        "******************** # {n} **************************",
        "*********** # {n} **************",
        "BEGIN FullTiltPoker",
    ],
)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_archive_is_read_as_the_history_it_holds(tmp_path: Path, separator: str, jobs: str) -> None:
    """The sites' archives put a numbered line before each hand: the hands are those of the history."""
    hands = _sample_hands()
    plain, archive = tmp_path / "plain.txt", tmp_path / "archive.txt"
    plain.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    archive.write_text(
        "".join(separator.format(n=n) + "\n" + hand + "\n\n\n" for n, hand in enumerate(hands, 1)),
        encoding="utf-8",
    )
    expected = json.loads(_razzlog("audit", str(plain), "-f", "json").stdout)
    found = json.loads(_razzlog("audit", str(archive), "-f", "json", "--jobs", jobs).stdout)
    assert (found["hands"], found["hands_parsed"], found["violations"]) == (len(hands), len(hands), [])
    assert expected["violations"] == []
    raws = [r for r in iter_raw_hands([str(archive)]) if isinstance(r, RawHand)]
    assert [r.first_line for r in raws] == [
        2 + sum(h.count("\n") + 4 for h in hands[:i]) for i in range(len(hands))
    ]
    assert all(r.lines[-1].strip() for r in raws)


def test_indented_hand_histories_are_named(tmp_path: Path) -> None:
    indented = tmp_path / "indented.txt"
    indented.write_text(
        "\n".join(" " + line if line else line for line in SAMPLE.read_text("utf-8-sig").split("\n"))
    )
    out = _razzlog("audit", str(indented), "-f", "jsonl")
    assert "hand histories with indented lines" in json.loads(out.stdout.splitlines()[0])["message"]
