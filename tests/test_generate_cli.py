"""`razzlog generate` as a user runs it: deterministic bytes, labelled violations the audit finds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from razzlog.api import audit_paths

RAZZLOG = [sys.executable, "-m", "razzlog"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RAZZLOG, *args], capture_output=True, text=True, encoding="utf-8")


def test_same_seed_same_bytes_and_hands_parse(tmp_path: Path) -> None:
    first = _run("generate", "--hands", "60", "--seed", "11")
    second = _run("generate", "--hands", "60", "--seed", "11")
    other = _run("generate", "--hands", "60", "--seed", "12")
    assert first.returncode == 0 and first.stdout == second.stdout != other.stdout
    path = tmp_path / "g.txt"
    path.write_text(first.stdout, encoding="utf-8")
    reports = list(audit_paths([str(path)]))
    assert len(reports) == 60 and all(r.hand is not None and r.violations == () for r in reports)


def test_labels_name_the_violation_of_each_injected_hand(tmp_path: Path) -> None:
    hands, labels = tmp_path / "hands.txt", tmp_path / "labels.jsonl"
    done = _run(
        "generate",
        "-n",
        "300",
        "--seed",
        "3",
        "--violations",
        "0.4",
        "--labels",
        str(labels),
        "-o",
        str(hands),
    )
    assert done.returncode == 0
    want = {d["hand_id"]: d["rule"] for d in map(json.loads, labels.read_text(encoding="utf-8").splitlines())}
    assert 60 < len(want) < 180
    got = {r.hand_id: sorted(v.rule for v in r.violations) for r in audit_paths([str(hands)])}
    wrong = {h: (want.get(h), rules) for h, rules in got.items() if rules != ([want[h]] if h in want else [])}
    # bring-ins at stakes without a known structure can pass unseen in a table's first hands
    assert all(w == "bring-in-amount" and rules == [] for w, rules in wrong.values())


def test_usage_errors_exit_2() -> None:
    assert _run("generate", "--players", "1-9").returncode == 2
    assert _run("generate", "--violations", "0.2").returncode == 2  # no --labels
    assert _run("generate", "--site", "partypoker").returncode == 2


def test_audit_with_two_jobs_prints_exactly_what_one_job_prints(tmp_path: Path) -> None:
    hands, labels = tmp_path / "hands.txt", tmp_path / "labels.jsonl"
    assert (
        _run(
            "generate",
            "-n",
            "500",
            "--seed",
            "8",
            "--violations",
            "0.3",
            "--labels",
            str(labels),
            "-o",
            str(hands),
        ).returncode
        == 0
    )
    one = _run("audit", str(hands), "--format", "jsonl")
    two = _run("audit", str(hands), "--format", "jsonl", "--jobs", "2")
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout and one.stdout.count("\n") > 100


def test_full_tilt_hands_audit_clean_and_their_labels_are_found(tmp_path: Path) -> None:
    hands, labels = tmp_path / "tilt.txt", tmp_path / "labels.jsonl"
    done = _run(
        "generate",
        "-n",
        "300",
        "--seed",
        "4",
        "--site",
        "fulltilt",
        "--violations",
        "0.3",
        "--labels",
        str(labels),
        "-o",
        str(hands),
    )
    assert done.returncode == 0 and done.stdout == ""
    assert hands.read_text(encoding="utf-8").startswith("Full Tilt Poker Game #")
    want = {d["hand_id"]: d["rule"] for d in map(json.loads, labels.read_text(encoding="utf-8").splitlines())}
    assert 50 < len(want) < 140
    reports = list(audit_paths([str(hands)]))
    assert len(reports) == 300 and {r.site for r in reports} == {"fulltilt"}
    got = {r.hand_id: sorted(v.rule for v in r.violations) for r in reports}
    assert {h: rules for h, rules in got.items() if rules} == {h: [rule] for h, rule in want.items()}


def test_full_tilt_in_utf16_as_the_site_wrote_it(tmp_path: Path) -> None:
    path = tmp_path / "tilt16.txt"
    assert (
        _run(
            "generate",
            "-n",
            "40",
            "--seed",
            "2",
            "--site",
            "fulltilt",
            "--encoding",
            "utf-16",
            "-o",
            str(path),
        ).returncode
        == 0
    )
    piped = subprocess.run(
        [*RAZZLOG, "generate", "-n", "40", "--seed", "2", "--site", "fulltilt", "--encoding", "utf-16"],
        capture_output=True,
    )
    data = path.read_bytes()
    assert data.startswith(b"\xff\xfe") and piped.stdout == data
    utf8 = _run("generate", "-n", "40", "--seed", "2", "--site", "fulltilt")
    assert data[2:].decode("utf-16-le") == utf8.stdout
    reports = list(audit_paths([str(path)]))
    assert len(reports) == 40 and all(r.hand is not None and r.violations == () for r in reports)
