"""A pool's workers end when the main process is killed, whatever starts them.

A worker waits for its next task on a pipe its siblings also hold, so a SIGKILLed main
process used to leave its workers (and the import's fork server) running, ~200 MB each,
until killed by hand.  Each case kills a real ``razzlog`` process mid-run and then waits
for every process it had started to end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from razzlog.generate.stream import generate_text

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="processes are read from /proc")


def _parents() -> dict[int, int]:
    """Every live process's parent, from /proc (a zombie counts as ended)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
        if state != "Z":
            parents[int(entry)] = int(parent)
    return parents


def _descendants(pid: int) -> set[int]:
    parents = _parents()
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


@pytest.fixture(scope="module")
def big_input(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Enough hands that two workers are still busy seconds after they start."""
    folder = tmp_path_factory.mktemp("logs")
    for n in range(4):
        (folder / f"gen{n}.txt").write_text(generate_text(20261203 + n, 1500), encoding="utf-8")
    return folder


@pytest.mark.parametrize("command", ["audit", "stats", "import"])
def test_workers_end_when_the_main_process_is_killed(command: str, big_input: Path, tmp_path: Path) -> None:
    args = [str(big_input), "--jobs", "2", "-o", str(tmp_path / "out")]
    if command == "import":
        args = [str(big_input), "--store", str(tmp_path / "store"), "--jobs", "2", "-q"]
    main = subprocess.Popen(
        [sys.executable, "-m", "razzlog", command, *args],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    started: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        # the workers (two; the import's also a fork server and a resource tracker)
        while len(started) < 2 and main.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
            started = _descendants(main.pid)
        time.sleep(1.0)
        started |= _descendants(main.pid)
        assert main.poll() is None, "the run ended before it could be killed: give it more hands"
        assert len(started) >= 2
        main.send_signal(signal.SIGKILL)
        main.wait()
        deadline = time.monotonic() + 30
        while (left := started & set(_parents())) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert left == set(), f"still running after their main process was killed: {sorted(left)}"
    finally:
        if main.poll() is None:
            main.kill()
            main.wait()
        for pid in started & set(_parents()):  # what this test left, if it failed
            os.kill(pid, signal.SIGKILL)
