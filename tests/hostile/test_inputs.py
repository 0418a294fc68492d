"""Hostile inputs (issue 14): standard input closed or named twice, a file cut inside a
header line, special files inside folders."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from razzlog.api import audit_paths
from razzlog.render.audit import AuditTally
from razzlog.sources import iter_files
from tests.hostile.helpers import hands_with, run, write


def test_closed_standard_input_is_an_unreadable_input(tmp_path: Path) -> None:
    for command in (["audit", "-"], ["stats", "-"], ["parse", "-"]):
        result = subprocess.run(
            [sys.executable, "-m", "razzlog", *command],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
            preexec_fn=lambda: os.close(0),  # as `razzlog audit - <&-`
            timeout=60,
        )
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr
        assert "<stdin>: cannot read file: standard input is closed" in result.stderr


def test_standard_input_named_twice_is_read_once() -> None:
    text = hands_with("Hero", hands=3)
    once = json.loads(run("audit", "-", "--format", "json", stdin=text).stdout)
    twice = json.loads(run("audit", "-", "-", "--format", "json", stdin=text).stdout)
    assert twice == once
    assert "unknown-format" not in {v["rule"] for v in twice["violations"]}
    assert list(iter_files(["-", "-"])) == ["-"]


def _cut_inside_last_header(text: str) -> list[str]:
    """``text`` cut at every character of its last hand's header line, and just after it."""
    start = text.rindex("PokerStars Hand #")
    end = text.index("\n", start)
    return [text[:k] for k in range(start + len("PokerStars Hand #"), end + 2)]


def test_a_file_cut_inside_a_header_line_counts_that_hand(tmp_path: Path) -> None:
    text = hands_with("Hero", hands=3, violations=0.0)
    hand_id = text[text.rindex("PokerStars Hand #") + len("PokerStars Hand #") :].split(":")[0]
    path = tmp_path / "cut.txt"
    for cut in _cut_inside_last_header(text):
        path.write_text(cut, encoding="utf-8")
        tally = AuditTally()
        reports = list(audit_paths([str(path)]))
        for report in reports:
            tally.add(report)
        assert tally.summary.hands == 3, repr(cut[-40:])  # hands == headers present
        last = reports[-1].violations[0]
        assert last.rule == "truncated-hand", (repr(cut[-40:]), last.message)
        header = cut[cut.rindex("PokerStars Hand #") :]
        if f"#{hand_id}:" in header:
            assert last.hand_id == hand_id, repr(header)


def test_a_hand_too_long_to_be_a_hand_is_still_counted(tmp_path: Path) -> None:
    from razzlog.sources import MAX_HAND_LINES

    text = hands_with("Hero", hands=2, violations=0.0)
    second = text.rindex("PokerStars Hand #")
    padded = text[:second] + text[second:].replace("\n", "\n" + "chatter\n" * (MAX_HAND_LINES + 1), 1)
    tally = AuditTally()
    for report in audit_paths([str(write(tmp_path, padded))]):
        tally.add(report)
    assert tally.summary.hands == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_special_files_in_a_folder_are_skipped_with_a_warning(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    write(folder, hands_with("Hero", hands=2, violations=0.0), "a.txt")
    os.mkfifo(folder / "fifo")  # no writer: opening it would block for ever
    (folder / "dangling").symlink_to(tmp_path / "nowhere")
    (folder / "device").symlink_to("/dev/zero")  # endless: reading it would never finish
    server = socket.socket(socket.AF_UNIX)
    with contextlib.suppress(OSError):  # a path too long for a socket
        server.bind(str(folder / "sock"))
    result = subprocess.run(
        [sys.executable, "-m", "razzlog", "audit", str(folder), "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    server.close()
    assert result.returncode == 0, result.stderr  # warnings only
    found = json.loads(result.stdout)
    assert found["hands"] == 2
    skipped = {Path(v["file"]).name: v["message"] for v in found["violations"]}
    assert skipped["fifo"].startswith("a FIFO")
    assert skipped["dangling"].startswith("a link to nothing")
    assert skipped["device"].startswith("a device")
    assert all(v["severity"] == "warning" and v["rule"] == "unknown-format" for v in found["violations"])
    stats = run("stats", str(folder))
    assert stats.code == 0 and "fifo: a FIFO, not a hand history file: skipped" in stats.stderr
