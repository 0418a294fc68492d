"""razzlog.parallel: the same reports and hands as the in-process pipeline, in the same order."""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from razzlog import blocks, parallel, pool
from razzlog.api import HandReport, audit_paths, parse_paths
from razzlog.events import Hand
from razzlog.generate.stream import generate_labeled
from razzlog.sources import RawHand, ReadProgress
from razzlog.violations import Violation

try:
    import fcntl
except ImportError:  # (Windows: the pipes keep their size)
    fcntl = None  # type: ignore[assignment]

HANDS = 1500
BLOCK = 32 * 1024  # small blocks: many tasks, several in flight
CHUNK = 16  # hands per task where a file cannot be cut into blocks


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Two files of generated hands with injected violations, a third repeating some of
    them (one altered: duplicate-hand both ways), a fourth repeating others in UTF-16
    (cut into blocks on even offsets), a file that is no hand history and a missing file."""
    folder = tmp_path_factory.mktemp("parallel")
    text, labels = generate_labeled(20240611, HANDS, violations=0.3)
    assert labels
    hands = re.split(r"\n(?=PokerStars Hand #)", text)
    half = len(hands) // 2
    (folder / "a.txt").write_text("\n".join(hands[:half]), encoding="utf-8")
    (folder / "b.txt").write_text("\n".join(hands[half:]), encoding="utf-8")
    altered = re.sub(r"\((\$?[\d.]+) in chips\)", "(1234 in chips)", hands[3], count=1)
    (folder / "c.txt").write_text("\n".join([hands[1], altered, hands[half + 2]]), encoding="utf-8")
    (folder / "d.txt").write_bytes(codecs.BOM_UTF16_LE + "\r\n".join(hands[:40]).encode("utf-16-le"))
    (folder / "notes.txt").write_text("no hands here\n", encoding="utf-8")
    return [str(folder / n) for n in ("a.txt", "b.txt", "c.txt", "d.txt", "notes.txt", "missing.txt")]


@pytest.fixture(scope="module")
def serial(corpus: list[str]) -> list[HandReport]:
    return list(audit_paths(corpus))


@pytest.fixture(scope="module")
def first_file(corpus: list[str], serial: list[HandReport]) -> list[HandReport]:
    """The reports of the first file (the same alone as at the head of the corpus)."""
    return [r for r in serial if r.file == corpus[0]]


def _key(report: HandReport) -> tuple[object, ...]:
    return (
        report.file,
        report.first_line,
        report.site,
        report.hand_id,
        report.hand is None,
        report.violations,
    )


def test_audit_parallel_yields_the_serial_reports_in_order(
    corpus: list[str], serial: list[HandReport]
) -> None:
    rules = {v.rule for r in serial for v in r.violations}
    assert {"duplicate-hand", "unknown-format"} <= rules and len(rules) > 10
    assert [
        _key(r) for r in parallel.audit_parallel(corpus, jobs=2, block_bytes=BLOCK, chunk_size=CHUNK)
    ] == [_key(r) for r in serial]


def test_audit_parallel_keeps_whole_hands_on_request(corpus: list[str], first_file: list[HandReport]) -> None:
    found = parallel.audit_parallel(corpus[:1], jobs=2, block_bytes=BLOCK, chunk_size=CHUNK, keep_hands=True)
    assert list(found) == first_file


def test_audit_parallel_without_whole_hands_keeps_header_and_seats(
    corpus: list[str], first_file: list[HandReport]
) -> None:
    slim = list(parallel.audit_parallel(corpus[:1], jobs=2, block_bytes=BLOCK, chunk_size=CHUNK))
    for full, light in zip(first_file, slim, strict=True):
        assert full.hand is not None and light.hand is not None
        assert light.hand.header == full.hand.header
        assert light.hand.seats == full.hand.seats
        assert (light.hand.file, light.hand.first_line, light.hand.last_line) == (
            full.hand.file,
            full.hand.first_line,
            full.hand.last_line,
        )


def test_audit_parallel_filters_and_profiles_like_the_serial_audit(corpus: list[str]) -> None:
    options: dict[str, object] = {
        "profile": "casino",
        "select": {"duplicate-hand", "stack-continuity", "bring-in-amount", "bet-size"},
        "ignore": {"bet-size"},
    }
    serial = [_key(r) for r in audit_paths(corpus, **options)]  # type: ignore[arg-type]
    assert any(key[-1] for key in serial)
    found = parallel.audit_parallel(corpus, jobs=2, block_bytes=BLOCK, chunk_size=CHUNK, **options)  # type: ignore[arg-type]
    assert [_key(r) for r in found] == serial


def test_parse_parallel_yields_the_serial_hands_in_order(corpus: list[str]) -> None:
    serial = list(parse_paths(corpus))
    assert any(isinstance(item, Violation) for item in serial)
    assert list(parallel.parse_parallel(corpus, jobs=2, block_bytes=BLOCK, chunk_size=CHUNK)) == serial


def test_map_parsed_runs_a_function_of_each_hand(corpus: list[str]) -> None:
    serial = [_events(item) for item in parse_paths(corpus)]
    assert list(parallel.map_parsed(corpus, _events, jobs=2, block_bytes=BLOCK, chunk_size=CHUNK)) == serial


def _events(item: Hand | Violation) -> int:
    return -1 if isinstance(item, Violation) else len(item.events)


def test_one_job_runs_in_this_process(corpus: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(jobs: int) -> None:
        raise AssertionError("jobs=1 must not start processes")

    monkeypatch.setattr(pool, "executor", no_pool)
    assert list(parallel.audit_parallel(corpus[2:], jobs=1)) == list(audit_paths(corpus[2:]))
    assert list(parallel.parse_parallel(corpus[2:], jobs=1)) == list(parse_paths(corpus[2:]))
    assert list(parallel.map_parsed(corpus[2:], _events, jobs=1)) == [
        _events(h) for h in parse_paths(corpus[2:])
    ]


def test_input_is_read_only_as_far_as_the_blocks_in_flight(corpus: list[str]) -> None:
    block = 16 * 1024
    progress = ReadProgress.of(corpus[:1])
    assert progress.total is not None and progress.total > 40 * block
    reports = parallel.audit_parallel(corpus[:1], jobs=2, block_bytes=block, in_flight=3, progress=progress)
    next(reports)
    # three blocks in flight and the one being cut, each under two reads of `block` bytes
    assert progress.done <= (3 + 1) * 2 * block
    reports.close()


def test_hands_that_cannot_be_cut_into_blocks_go_in_chunks_in_flight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text, _ = generate_labeled(7, 120)
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    # no header to cut at within 1 KiB: the file is read hand by hand in this process
    monkeypatch.setattr(blocks, "MAX_BLOCK_BYTES", 1024)
    read = 0
    real = blocks.hands_of_runs

    def counting(*args: Any) -> Iterator[RawHand | Violation]:
        nonlocal read
        for item in real(*args):
            read += 1
            yield item

    monkeypatch.setattr(blocks, "hands_of_runs", counting)
    reports = parallel.audit_parallel([str(path)], jobs=2, block_bytes=1024, chunk_size=10, in_flight=3)
    next(reports)
    assert 0 < read <= 3 * 10 + 1
    assert len(list(reports)) == 119
    assert read == 120
    assert [r.hand_id for r in parallel.audit_parallel([str(path)], jobs=2, block_bytes=1024)] == [
        r.hand_id for r in audit_paths([str(path)])
    ]


def test_cpu_jobs() -> None:
    assert parallel.cpu_jobs(3) == 3
    assert parallel.cpu_jobs(0) >= 1


def test_dumps_round_trips_events(corpus: list[str]) -> None:
    import pickle

    items = list(parse_paths(corpus[2:]))
    assert pickle.loads(parallel.dumps(items)) == items


def test_seen_hands_give_back_exactly_what_was_kept() -> None:
    """The cross-hand state the main process keeps for every hand (duplicate-hand) is packed."""
    from razzlog.rules.catalogue.rz503_duplicate_hand import SeenHands

    seen = SeenHands()
    kept = [
        ("pokerstars", "1", "00ff00ff00ff00ff", "a.txt", 7),
        ("pokerstars", "2", "", "b.txt", 9),
        ("fulltilt", "1", "ABCDEF0123456789", "a.txt", 2**33),
        ("fulltilt", "2", "0123456789abcdef", "c.txt", 0),
    ]
    for site, hand_id, digest, file, line in kept:
        seen.add(site, hand_id, digest, file, line)
    for site, hand_id, digest, file, line in kept:
        assert seen.first(site, hand_id) == (digest, file, line)
    assert seen.first("pokerstars", "3") is None


@pytest.mark.skipif(not hasattr(fcntl, "F_GETPIPE_SZ"), reason="pipe sizes are set on Linux only")
def test_the_pools_pipes_hold_whole_blocks_and_results() -> None:
    """A block (and a block's results) crosses to and from a worker in one write: no worker waits
    for this process to be given a CPU for each 64 KiB piece (razzlog.pipes)."""
    executor = pool.executor(2)
    try:
        ends = [executor._call_queue._writer, executor._result_queue._reader]  # type: ignore[attr-defined]
        sizes = [fcntl.fcntl(end.fileno(), fcntl.F_GETPIPE_SZ) for end in ends]
        assert all(size >= 2 * blocks.BLOCK_BYTES for size in sizes), sizes
        assert executor.submit(len, b"x" * blocks.BLOCK_BYTES).result() == blocks.BLOCK_BYTES
    finally:
        executor.shutdown()
