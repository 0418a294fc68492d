"""A NUL inside a hand's header line (issue 14): a header is a header whatever bytes are in it.

The hand is a hand of its own, reported by a parse error at the NUL; the hand
before it parses as it would without it, and the count of hands is the count
of headers, read serially, in blocks by workers, and for both sites.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from razzlog.api import audit_paths
from razzlog.blocks import hands_of_block, iter_blocks
from razzlog.generate.stream import generate_labeled
from razzlog.render.audit import AuditTally
from razzlog.sources import RawHand, is_header, iter_raw_hands
from razzlog.violations import Violation
from tests.hostile.helpers import run

PREFIX = {"pokerstars": "PokerStars Hand #", "fulltilt": "Full Tilt Poker Game #"}


def _text(site: str) -> str:
    return generate_labeled(11, 3, site=site, violations=0.0)[0]


def _with_nul(text: str, site: str, offset: int, run: int = 1) -> tuple[str, int]:
    """``text`` with ``run`` NULs ``offset`` characters into its second header, and that header's line."""
    start = text.index(PREFIX[site], 1)
    return text[: start + offset] + "\x00" * run + text[start + offset :], text.count("\n", 0, start) + 1


def _tally(path: Path) -> tuple[AuditTally, list[Violation]]:
    tally = AuditTally()
    found: list[Violation] = []
    for report in audit_paths([str(path)]):
        tally.add(report)
        found.extend(report.violations)
    return tally, found


@pytest.mark.parametrize("site", ["pokerstars", "fulltilt"])
@pytest.mark.parametrize("offset", [0, 4, 10, 16])
def test_a_nul_in_a_header_prefix_leaves_the_hand_its_own(tmp_path: Path, site: str, offset: int) -> None:
    text = _text(site)
    damaged, line = _with_nul(text, site, offset)
    path = tmp_path / "hands.txt"
    path.write_text(damaged, encoding="utf-8")
    tally, found = _tally(path)
    assert tally.summary.hands == 3  # the headers present
    assert tally.summary.hands_parsed == 2
    errors = [v for v in found if v.rule == "parse-error"]
    assert len(errors) == 1, [v.message for v in found]
    error = errors[0]
    assert error.line == line  # the damaged hand's own error, not the previous hand's
    assert error.column is not None and error.column <= offset + 1
    assert error.hand_id is not None and error.hand_id in text.splitlines()[line - 1]
    # the hand before it is untouched
    path.write_text(text, encoding="utf-8")
    clean, clean_found = _tally(path)
    first = text.splitlines()[0]
    assert [v.message for v in clean_found if v.line < line] == [v.message for v in found if v.line < line]
    assert clean.summary.hands == 3 and first.startswith(PREFIX[site])


@pytest.mark.parametrize("site", ["pokerstars", "fulltilt"])
def test_a_run_of_nuls_before_a_header_is_part_of_it(tmp_path: Path, site: str) -> None:
    # what a crash leaves in a preallocated log: NULs, then the next hand written after them
    damaged, line = _with_nul(_text(site), site, 0, run=5000)
    path = tmp_path / "hands.txt"
    path.write_text(damaged, encoding="utf-8")
    tally, found = _tally(path)
    assert tally.summary.hands == 3
    assert [v.line for v in found if v.rule == "parse-error"] == [line]


def test_a_nul_inside_the_hand_number_leaves_no_id(tmp_path: Path) -> None:
    text = _text("pokerstars")
    damaged, line = _with_nul(text, "pokerstars", len(PREFIX["pokerstars"]) + 3)
    path = tmp_path / "hands.txt"
    path.write_text(damaged, encoding="utf-8")
    tally, found = _tally(path)
    assert tally.summary.hands == 3
    (error,) = [v for v in found if v.rule == "parse-error"]
    assert (error.line, error.column, error.hand_id) == (line, len(PREFIX["pokerstars"]) + 4, None)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_blocks_cut_as_the_serial_reading_does(tmp_path: Path, encoding: str) -> None:
    text = generate_labeled(3, 40, violations=0.0)[0]
    starts = [i for i in range(len(text)) if text.startswith("PokerStars Hand #", i)]
    for k in reversed(starts[1::3]):  # a NUL in every third header, at the start or inside
        at = k + (k % 7)
        text = text[:at] + "\x00" + text[at:]
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding=encoding)
    serial = list(iter_raw_hands([str(path)]))
    assert sum(isinstance(h, RawHand) for h in serial) == len(starts)
    in_blocks: list[RawHand | Violation] = []
    for item in iter_blocks([str(path)], block_bytes=2048):
        in_blocks.extend(hands_of_block(item) if not isinstance(item, RawHand | Violation) else [item])
    assert in_blocks == serial
    serial_report = json.loads(run("audit", "-j", "1", "--format", "json", str(path)).stdout)
    parallel_report = json.loads(run("audit", "-j", "2", "--format", "json", str(path)).stdout)
    assert parallel_report == serial_report
    assert serial_report["hands"] == len(starts)


def test_is_header() -> None:
    assert is_header("PokerStars Hand #1: Razz")
    assert is_header("\x00\x00PokerStars Hand #1: Razz")
    assert is_header("Full\x00 Tilt Poker Game #1: x")
    assert not is_header("PokerXStars Hand #1: Razz")
    assert not is_header("\x00")
    assert not is_header("Seat 1: PokerStars Hand #1 (1 in chips)")
