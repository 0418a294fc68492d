"""The import's parts are written on a thread (razzlog.store.spool): in order, into full segments,
and a part that cannot be written fails the import, which then commits nothing."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from razzlog.generate.stream import stream_labeled
from razzlog.store.importer import import_paths
from razzlog.store.manifest import MANIFEST, read_manifest
from razzlog.store.tables import open_store


def _log(path: Path, seed: int, hands: int) -> Path:
    path.write_text(
        "".join(t for t, _ in stream_labeled(seed, hands, (2, 8), "pokerstars", 0.1)), encoding="utf-8"
    )
    return path


def _spool_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("razzlog-parts")]


def test_parts_are_written_in_order_into_full_segments(tmp_path: Path) -> None:
    log = _log(tmp_path / "a.txt", 41, 500)
    layouts = []
    for jobs in (1, 2):
        root = tmp_path / f"store-{jobs}"
        result = import_paths([str(log)], root, jobs=jobs, segment_hands=120)
        segments = read_manifest(root).segments  # type: ignore[union-attr]
        sizes = [s.hands for s in segments]
        # a segment is closed once a part fills it (a part ends with a worker's chunk)
        assert len(sizes) > 1 and all(size >= 120 for size in sizes[:-1])
        assert sum(sizes) == result.hands_added
        hands = open_store(root).scan("hands").select("hand_key", "line").collect()
        # keys follow the file's lines across the segments, as the segments were closed in order
        assert hands["hand_key"].to_list() == list(range(result.hands_added))
        assert hands["line"].is_sorted()
        layouts.append(sizes)
        assert not _spool_threads()  # the thread ends with its read
    assert layouts[0] == layouts[1]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_part_that_cannot_be_written_fails_the_import_and_commits_nothing(
    tmp_path: Path, jobs: int
) -> None:
    log = _log(tmp_path / "a.txt", 42, 300)
    root = tmp_path / "store"
    import_paths([str(_log(tmp_path / "first.txt", 43, 50))], root)
    before = (root / MANIFEST).read_bytes()
    (root / "actions").rename(tmp_path / "actions-aside")
    (root / "actions").write_text("not a folder")  # the part's actions file cannot be made
    with pytest.raises(OSError):
        import_paths([str(log)], root, jobs=jobs, segment_hands=100)
    assert (root / MANIFEST).read_bytes() == before  # the store is as before the import
    assert not _spool_threads()  # the failed import left no thread writing
