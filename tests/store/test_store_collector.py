"""The import keeps the garbage collector's full collections off the objects that outlive it
(razzlog.collecting.Frozen), and gives them back when it ends, however it ends."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from razzlog.collecting import YOUNG
from razzlog.sources import ReadProgress
from razzlog.store.importer import import_paths
from razzlog.store.rows import ImportedChunk
from tests.test_stats_parallel import corpus  # noqa: F401 - the module fixture


def _two_chunks(corpus: list[str]) -> list[str]:  # noqa: F811
    files = [p for p in corpus if Path(p).exists()]
    assert any(Path(p).name == "a.txt" for p in files)  # 300 hands: more than one chunk of 200
    return files


def test_the_collector_is_frozen_after_the_first_chunk_and_thawed_after(
    tmp_path: Path,
    corpus: list[str],  # noqa: F811
) -> None:
    frozen: list[int] = []
    young: list[int] = []

    def watch(chunks: Iterator[ImportedChunk], total: ReadProgress) -> Iterator[ImportedChunk]:
        for chunk in chunks:
            frozen.append(gc.get_freeze_count())
            young.append(gc.get_threshold()[0])
            yield chunk

    assert gc.get_freeze_count() == 0
    before = gc.get_threshold()
    assert before[0] < YOUNG
    result = import_paths(_two_chunks(corpus), tmp_path / "store", progress=watch)
    assert result.hands_added > 0
    assert len(frozen) > 1 and frozen[0] == 0 and all(count > 0 for count in frozen[1:])
    assert young[0] == before[0] and all(threshold == YOUNG for threshold in young[1:])
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before


def test_the_collector_is_thawed_when_an_import_fails(tmp_path: Path, corpus: list[str]) -> None:  # noqa: F811
    def fail(chunks: Iterator[ImportedChunk], total: ReadProgress) -> Iterator[ImportedChunk]:
        for n, chunk in enumerate(chunks):
            if n == 1:
                raise KeyboardInterrupt  # as a user's Ctrl-C, after the freeze
            yield chunk

    before = gc.get_threshold()
    with pytest.raises(KeyboardInterrupt):
        import_paths(_two_chunks(corpus), tmp_path / "store", progress=fail)
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before
