"""Progress: bytes read counted by the sources, the job count for an input, the bar on stderr."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from razzlog.generate.stream import generate_text
from razzlog.parallel import SMALL_INPUT_BYTES, cpu_jobs, jobs_for
from razzlog.sources import STDIN, ReadProgress, iter_raw_hands

RAZZLOG = [sys.executable, "-m", "razzlog"]
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _corpus(tmp_path: Path, hands: int = 40) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text(generate_text(seed=5, hands=hands), encoding="utf-8")
    return path


def test_total_is_the_size_of_every_file_a_folder_holds(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.txt").write_bytes(b"x" * 10)
    (tmp_path / "two.txt").write_bytes(b"y" * 7)
    (tmp_path / ".hidden").write_bytes(b"z" * 100)  # skipped by the walk, as by the audit
    assert ReadProgress.of([str(tmp_path)]).total == 17
    assert ReadProgress.of([str(tmp_path / "two.txt"), str(tmp_path / "missing")]).total == 7
    assert ReadProgress.of([str(tmp_path), STDIN]).total is None


def test_reading_counts_every_byte_as_the_hands_stream(tmp_path: Path) -> None:
    path = _corpus(tmp_path, 300)
    reading = ReadProgress.of([str(path), str(SAMPLES / "fulltilt-cash-razz-0.10-0.20.utf16.txt")])
    seen: list[int] = []
    for _ in iter_raw_hands([str(path), str(SAMPLES / "fulltilt-cash-razz-0.10-0.20.utf16.txt")], reading):
        seen.append(reading.done)
    assert len(seen) == 301
    assert seen == sorted(seen) and seen[0] < reading.total  # type: ignore[operator]
    assert reading.done == reading.total


def test_jobs_for_small_inputs_one_process_else_one_per_cpu() -> None:
    assert jobs_for(3, 10) == 3
    assert jobs_for(1, None) == 1
    assert jobs_for(0, SMALL_INPUT_BYTES - 1) == 1
    assert jobs_for(0, SMALL_INPUT_BYTES) == cpu_jobs(0)
    assert jobs_for(0, None) == cpu_jobs(0)


def _audit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RAZZLOG, "audit", *args], capture_output=True, text=True, encoding="utf-8")


def test_progress_bar_goes_to_stderr_and_leaves_the_report_alone(tmp_path: Path) -> None:
    path = _corpus(tmp_path)
    with_bar, without = tmp_path / "with.jsonl", tmp_path / "without.jsonl"
    shown = _audit(str(path), "--format", "jsonl", "--progress", "-o", str(with_bar))
    hidden = _audit(str(path), "--format", "jsonl", "--no-progress", "-o", str(without))
    assert shown.returncode == hidden.returncode == 0
    assert "auditing" in shown.stderr and "40 hands" in shown.stderr and "hands/s" in shown.stderr
    assert hidden.stderr == ""
    assert with_bar.read_bytes() == without.read_bytes()


def test_standard_input_has_a_bar_without_percentage_or_eta(tmp_path: Path) -> None:
    text = _corpus(tmp_path).read_text(encoding="utf-8")
    done = subprocess.run(
        [*RAZZLOG, "audit", "-", "--format", "jsonl", "--progress"],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert done.returncode == 0 and done.stdout == ""
    assert "40 hands" in done.stderr and "hands/s" in done.stderr
    assert "ETA" not in done.stderr and "%" not in done.stderr


def test_no_bar_by_default_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    done = _audit(str(_corpus(tmp_path)), "--format", "jsonl")
    assert done.returncode == 0 and done.stderr == ""


def _stats(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RAZZLOG, "stats", *args], capture_output=True, text=True, encoding="utf-8")


def test_stats_progress_bar_counts_the_hands_and_leaves_the_figures_alone(tmp_path: Path) -> None:
    path = _corpus(tmp_path)
    shown = _stats(str(path), "--format", "json", "--progress")
    hidden = _stats(str(path), "--format", "json")
    assert shown.returncode == hidden.returncode == 0
    assert "reading" in shown.stderr and "40 hands" in shown.stderr and "hands/s" in shown.stderr
    assert "hands/s" not in hidden.stderr
    assert shown.stdout == hidden.stdout
