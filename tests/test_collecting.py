"""razzlog.collecting: an audit freezes the cyclic collector after its first hand and raises the
young threshold, gives both back however it ends, and still collects cyclic garbage."""

from __future__ import annotations

import gc
import multiprocessing
import weakref
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from razzlog import audit_jobs
from razzlog.cli import main
from razzlog.collecting import WORKER, YOUNG, FrozenOnce, collecting_less
from razzlog.pool import task_items
from tests.test_audit_jobs import corpus  # noqa: F401 - the module fixture


def _state() -> tuple[int, int]:
    return gc.get_freeze_count(), gc.get_threshold()[0]


def test_frozen_from_the_first_item_on_and_given_back_at_the_end() -> None:
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    seen = [(item, _state()) for item in collecting_less(iter("abc"))]
    assert [item for item, _ in seen] == ["a", "b", "c"]
    assert all(count > 0 and young == max(YOUNG, before[0]) for _, (count, young) in seen)
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_given_back_when_the_consumer_stops_or_fails() -> None:
    before = gc.get_threshold()
    items = collecting_less(range(10))
    assert next(items) == 0 and gc.get_freeze_count() > 0
    items.close()  # a consumer that stops early (a broken pipe, an exception in the writer)
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before

    def failing() -> Iterator[int]:
        yield 1
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        list(collecting_less(failing()))
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_nothing_changes_without_items_or_under_an_enclosing_freeze() -> None:
    before = gc.get_threshold()
    assert list(collecting_less([])) == [] and gc.get_threshold() == before
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert [_state() for _ in collecting_less([1, 2])] == [(frozen, before[0])] * 2
        assert gc.get_freeze_count() == frozen  # the enclosing run's freeze stays
    finally:
        gc.unfreeze()


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_cyclic_garbage_made_during_the_run_is_still_collected() -> None:
    refs: list[weakref.ref[_Cycle]] = []
    for _ in collecting_less(range(2)):
        refs.append(weakref.ref(_Cycle()))
        kept = [[] for _ in range(YOUNG + 1000)]  # container allocations: a young collection
        del kept
    assert all(ref() is None for ref in refs)


def _worker_state(calls: int) -> tuple[int, int]:
    for _ in range(calls):
        WORKER()
    return _state()


def test_a_pool_worker_freezes_once_and_the_main_process_never() -> None:
    before = gc.get_threshold()
    FrozenOnce()()  # not a pool's worker: nothing
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        fresh = pool.submit(_worker_state, 0).result()
        count, young = pool.submit(_worker_state, 2).result()
    assert fresh[0] == 0 and fresh[1] < YOUNG  # Python's default, until the first task
    assert count > 0 and young == YOUNG


def test_the_cli_audit_collects_less_and_gives_the_collector_back(
    tmp_path: Path,
    corpus: list[str],  # noqa: F811
) -> None:
    before = gc.get_threshold()
    out = tmp_path / "out.jsonl"
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    main(["audit", corpus[0], "-f", "jsonl", "-j", "1", "-o", str(out)])  # warm: the parser built
    for jobs in ("1", "2"):
        collections.clear()
        gc.callbacks.append(count)
        try:
            main(["audit", corpus[0], "-f", "jsonl", "-j", jobs, "-o", str(out)])
        finally:
            gc.callbacks.remove(count)
        assert out.stat().st_size > 0  # the corpus has violations
        # 600 hands: 33 young collections at Python's threshold; a pool's start makes a few
        assert len(collections) < 10
        assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_a_task_run_here_leaves_the_collector_alone(corpus: list[str]) -> None:  # noqa: F811
    from razzlog.pool import hand_tasks

    before = gc.get_threshold()
    work = audit_jobs.AuditWork("auto", False, None, None, "jsonl")
    task = next(iter(hand_tasks([corpus[0]], 50, 16 * 1024, None)))
    assert list(task_items(task)) and work(task)
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
