"""An import killed at any moment leaves the store as it was before or as it is after.

A real ``razzlog import`` process is killed with SIGKILL at random moments
(reading, writing segments, committing, collecting garbage); after each kill
the store must read exactly as before the import or as after a complete one,
and a new import must then leave it as a clean import would.  Two imports
started together must both finish, one after the other, into the same store.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from razzlog.store.importer import import_paths
from tests.store.helpers import contents, same_contents

HANDS = 600


def _generated(path: Path, seed: int, hands: int) -> None:
    from razzlog.generate.stream import stream_labeled

    path.write_text(
        "".join(t for t, _ in stream_labeled(seed, hands, (2, 8), "pokerstars", 0.1)), encoding="utf-8"
    )


def _import(paths: list[Path], root: Path, jobs: int = 1) -> subprocess.Popen[bytes]:
    env = {**os.environ, "RAZZLOG_SEGMENT_HANDS": "50"}  # many segments: many moments to be killed in
    command = [
        sys.executable,
        "-m",
        "razzlog",
        "import",
        *map(str, paths),
        "--store",
        str(root),
        "--jobs",
        str(jobs),
        "--fail-on",
        "never",
    ]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("crash")
    _generated(folder / "old.txt", 31, HANDS // 2)
    _generated(folder / "new.txt", 32, HANDS)
    return {"old": folder / "old.txt", "new": folder / "new.txt"}


# with 2 jobs the parts are written by the spool's thread while the workers' chunks come in
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_killed_import_leaves_the_store_before_or_after(
    tmp_path: Path, logs: dict[str, Path], jobs: int
) -> None:
    base = tmp_path / "base"
    import_paths([str(logs["old"])], base)
    before = contents(base, volatile=True)
    after_root = tmp_path / "after"
    shutil.copytree(base, after_root)
    started = time.monotonic()
    done = _import([logs["old"], logs["new"]], after_root, jobs)
    assert done.wait(120) == 0, done.stderr.read() if done.stderr else ""
    duration = time.monotonic() - started
    after = contents(after_root)

    rng = random.Random(20261201)
    outcomes = {"before": 0, "after": 0}
    for _ in range(12):
        root = tmp_path / "killed"
        shutil.rmtree(root, ignore_errors=True)
        shutil.copytree(base, root)
        process = _import([logs["old"], logs["new"]], root, jobs)
        time.sleep(rng.uniform(0.05, duration * 1.1))
        process.send_signal(signal.SIGKILL)
        process.wait()
        state = contents(root, volatile=True)
        if same_contents(state, before):
            outcomes["before"] += 1
        else:
            assert same_contents(contents(root), after), "the store is neither before nor after the import"
            outcomes["after"] += 1
        import_paths([str(logs["old"]), str(logs["new"])], root)
        assert same_contents(contents(root), after)
        leftovers = {p.relative_to(root).as_posix() for p in root.rglob("*.parquet")}
        from razzlog.store.tables import open_store

        assert leftovers == set(open_store(root).manifest.data_files())  # no file of the killed import left
    assert outcomes["before"] > 0  # the kills did land during the import


def test_two_imports_at_once_wait_for_each_other(tmp_path: Path, logs: dict[str, Path]) -> None:
    root = tmp_path / "store"
    first = _import([logs["new"]], root)
    second = _import([logs["old"], logs["new"]], root)
    assert first.wait(120) == 0 and second.wait(120) == 0
    clean = tmp_path / "clean"
    import_paths([str(logs["new"]), str(logs["old"])], clean)
    # whichever ran first, every hand is stored once
    assert contents(root)["hands"].height == contents(clean)["hands"].height
