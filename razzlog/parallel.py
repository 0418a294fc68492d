"""Audit and parse on several processes, with the results in input order.

The main process reads the input in blocks of whole hands
(:mod:`razzlog.blocks`: bytes cut at hand headers, with their line numbers)
and hands them to a pool of worker processes, which split each block into
hands, parse them, replay them and run the per-hand rules.  (What cannot be
cut into blocks, standard input, is read hand by hand here and sent in
chunks of hands.)  The main process takes the results back in
input order and runs the cross-hand checks (``duplicate-hand``,
``stack-continuity``, the table's bring-ins), which need the hands in order,
on small facts computed by the workers
(:class:`~razzlog.rules.engine.CrossFacts`).  So :func:`audit_parallel` yields
what :func:`razzlog.api.audit_paths` yields, report for report and violation
for violation, and :func:`parse_parallel` what :func:`razzlog.api.parse_paths`
yields.

At most ``in_flight`` blocks or chunks are out at a time (read, not yet yielded), so
memory stays flat whatever the size of the input.  ``jobs=1`` starts no
process: it is the plain in-process pipeline.

Objects cross process boundaries pickled.  Unpickling a parsed hand (a few
hundred frozen dataclasses) costs about a quarter of what parsing it does, in
the main process, so by default the audit sends back only what a report needs:
the hand's header and seats (``keep_hands=False``).  ``keep_hands=True`` sends
every event, for callers that read ``report.hand.events``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from razzlog.api import HandReport, audit_items, audit_paths, other_game_report, parse_paths, wanted
from razzlog.blocks import BLOCK_BYTES
from razzlog.events import Hand, OtherGameHand
from razzlog.pickling import dumps
from razzlog.pool import (
    CHUNK_SIZE,
    SMALL_INPUT_BYTES,
    Task,
    cpu_jobs,
    fresh_start,
    hand_tasks,
    in_tasks,
    jobs_for,
    ordered_results,
    raw_chunks,
    task_items,
)
from razzlog.sources import RawHand, ReadProgress
from razzlog.violations import Violation

# (The pool's names, imported here before the pool had its module, stay importable from here.)
__all__ = [
    "CHUNK_SIZE",
    "SMALL_INPUT_BYTES",
    "Task",
    "audit_items_parallel",
    "audit_parallel",
    "cpu_jobs",
    "hand_tasks",
    "in_tasks",
    "jobs_for",
    "map_parsed",
    "map_raw_chunks",
    "ordered_results",
    "parse_parallel",
    "task_items",
]

T = TypeVar("T")


# --------------------------------------------------------------------------- audit


def audit_parallel(
    paths: Iterable[str],
    profile: str = "auto",
    select: set[str] | None = None,
    ignore: set[str] | None = None,
    jobs: int = 0,
    open_pair_double: bool = False,
    *,
    keep_hands: bool = False,
    chunk_size: int = CHUNK_SIZE,
    block_bytes: int = BLOCK_BYTES,
    in_flight: int | None = None,
    progress: ReadProgress | None = None,
) -> Iterator[HandReport]:
    """:func:`razzlog.api.audit_paths` on ``jobs`` processes (0: one per CPU), in input order.

    The reports are those of ``audit_paths`` (same files, lines, hand ids and
    violations in the same order), except that without ``keep_hands`` a
    parsed hand's ``report.hand`` holds its header, place and seats but no
    other events.
    """
    jobs = cpu_jobs(jobs)
    if jobs == 1:
        yield from audit_paths(paths, profile, select, ignore, open_pair_double, progress=progress)
        return
    tasks = hand_tasks(paths, chunk_size, block_bytes, progress)
    yield from _audited(tasks, profile, select, ignore, jobs, open_pair_double, keep_hands, in_flight)


def audit_items_parallel(
    items: Iterable[RawHand | Violation],
    profile: str = "auto",
    select: set[str] | None = None,
    ignore: set[str] | None = None,
    jobs: int = 0,
    open_pair_double: bool = False,
    *,
    chunk_size: int = CHUNK_SIZE,
) -> Iterator[HandReport]:
    """:func:`razzlog.api.audit_items` on ``jobs`` processes (0: one per CPU), in input order:
    the audit of hands already read (the hand store's texts, for one)."""
    jobs = cpu_jobs(jobs)
    if jobs == 1:
        yield from audit_items(items, profile, select, ignore, open_pair_double)
        return
    tasks = in_tasks(items, chunk_size)
    yield from _audited(tasks, profile, select, ignore, jobs, open_pair_double, False, None)


def _audited(
    tasks: Iterator[Task],
    profile: str,
    select: set[str] | None,
    ignore: set[str] | None,
    jobs: int,
    open_pair_double: bool,
    keep_hands: bool,
    in_flight: int | None,
) -> Iterator[HandReport]:
    """The reports of ``tasks``, audited by ``jobs`` processes; the cross-hand checks here, in order."""
    from razzlog.rules.engine import CrossHandChecks, sort_by_line

    cross = CrossHandChecks()
    work = _AuditChunk(profile, open_pair_double, keep_hands)
    for results in ordered_results(tasks, work, jobs, in_flight):
        for kind, first, found, facts in results:
            if kind == _OTHER_GAME:
                yield other_game_report(first)
                continue
            if kind == _PARSED:
                hand: Hand | None = first
                found.extend(cross.check_facts(facts))
                sort_by_line(found)
                h = facts.hand.header
                file, line, site, hand_id = facts.hand.file, facts.hand.first_line, h.site, h.hand_id
            else:
                hand = None
                if kind == _NOT_PARSED:
                    file, line, v = first
                else:  # an input error
                    v = first
                    file, line = v.file, v.line
                found = [v]
                site, hand_id = v.site, v.hand_id
            kept = (
                tuple(v for v in found if wanted(v.rule, select, ignore))
                if select or ignore
                else tuple(found)
            )
            yield HandReport(file, line, site, hand_id, hand, kept)


_PARSED, _NOT_PARSED, _INPUT_ERROR, _OTHER_GAME = 0, 1, 2, 3


class _AuditChunk:
    """The workers' part of the audit: parse, replay and per-hand rules, for one chunk."""

    def __init__(self, profile: str, open_pair_double: bool, keep_hands: bool) -> None:
        self.profile = profile
        self.open_pair_double = open_pair_double
        self.keep_hands = keep_hands

    def __call__(self, task: Task) -> bytes:
        from razzlog.rules.engine import cross_facts, hand_violations
        from razzlog.rules.profiles import profile_for
        from razzlog.rules.replay import replay
        from razzlog.sites import parse_raw_hand

        out: list[tuple[int, Any, Any, Any]] = []
        for raw in task_items(task):
            if isinstance(raw, Violation):
                out.append((_INPUT_ERROR, raw, None, None))
                continue
            parsed = parse_raw_hand(raw)
            if isinstance(parsed, Violation):
                out.append((_NOT_PARSED, (raw.file, raw.first_line, parsed), None, None))
                continue
            if isinstance(parsed, OtherGameHand):
                out.append((_OTHER_GAME, parsed, None, None))
                continue
            profile = profile_for(self.profile, parsed.header.site, self.open_pair_double)
            state = replay(parsed, profile)
            facts = cross_facts(parsed, state, slim=True)
            hand = parsed if self.keep_hands else facts.hand
            out.append((_PARSED, hand, hand_violations(parsed, state), facts))
        return dumps(out)


# --------------------------------------------------------------------------- parse


def parse_parallel(
    paths: Iterable[str],
    jobs: int = 0,
    *,
    chunk_size: int = CHUNK_SIZE,
    block_bytes: int = BLOCK_BYTES,
    in_flight: int | None = None,
    progress: ReadProgress | None = None,
) -> Iterator[Hand | Violation | OtherGameHand]:
    """:func:`razzlog.api.parse_paths` on ``jobs`` processes (0: one per CPU), in input order.

    Every parsed hand comes back whole to this process; where only something
    computed from each hand is needed, :func:`map_parsed` computes it in the
    workers instead, which is cheaper.
    """
    jobs = cpu_jobs(jobs)
    if jobs == 1:
        yield from parse_paths(paths, progress=progress)
        return
    yield from map_parsed(
        paths,
        _identity,
        jobs,
        chunk_size=chunk_size,
        block_bytes=block_bytes,
        in_flight=in_flight,
        progress=progress,
    )


def map_parsed(
    paths: Iterable[str],
    fn: Callable[[Hand | Violation | OtherGameHand], T],
    jobs: int = 0,
    *,
    chunk_size: int = CHUNK_SIZE,
    block_bytes: int = BLOCK_BYTES,
    in_flight: int | None = None,
    progress: ReadProgress | None = None,
) -> Iterator[T]:
    """``fn(item)`` for every item of ``parse_paths(paths)``, in input order, ``fn`` running in
    ``jobs`` worker processes (0: one per CPU; 1: in this process).

    ``fn`` must be picklable (a module-level function) and so must its results.
    """
    jobs = cpu_jobs(jobs)
    if jobs == 1:
        yield from map(fn, parse_paths(paths, progress=progress))
        return
    tasks = hand_tasks(paths, chunk_size, block_bytes, progress)
    for results in ordered_results(tasks, _MapChunk(fn), jobs, in_flight):
        yield from results


def map_raw_chunks(
    paths: Iterable[str],
    fn: Callable[[list[RawHand | Violation]], T],
    jobs: int = 0,
    *,
    chunk_size: int = CHUNK_SIZE,
    block_bytes: int = BLOCK_BYTES,
    in_flight: int | None = None,
    progress: ReadProgress | None = None,
    fresh: bool = False,
) -> Iterator[T]:
    """``fn(hands)`` for every run of consecutive items of ``iter_raw_hands(paths)``, in input
    order, ``fn`` running in ``jobs`` worker processes (0: one per CPU; 1: in this process).

    With one job the runs are chunks of ``chunk_size`` items; with several, the
    hands of a block of about ``block_bytes`` (:func:`hand_tasks`: the worker
    splits the lines, not this process, which shares the CPUs with it).  ``fn``
    must be picklable and so must its results.  ``fresh`` starts the workers
    as forks of a clean server process, or new interpreters, rather than forks
    of this process (:func:`razzlog.pool.fresh_start`): slower to start, but
    needed when ``fn`` uses a library that a fork cannot inherit once it has
    started threads (polars).
    """
    jobs = cpu_jobs(jobs)
    if jobs == 1:
        for chunk in raw_chunks(paths, chunk_size, progress):
            yield fn(list(task_items(chunk)))
        return
    context = fresh_start() if fresh else None
    tasks = hand_tasks(paths, chunk_size, block_bytes, progress)
    for results in ordered_results(tasks, _RawChunk(fn), jobs, in_flight, context):
        yield from results


def _identity(item: Hand | Violation | OtherGameHand) -> Hand | Violation | OtherGameHand:
    return item


class _RawChunk:
    def __init__(self, fn: Callable[[list[RawHand | Violation]], Any]) -> None:
        self.fn = fn

    def __call__(self, task: Task) -> bytes:
        return dumps([self.fn(list(task_items(task)))])


class _MapChunk:
    def __init__(self, fn: Callable[[Hand | Violation | OtherGameHand], Any]) -> None:
        self.fn = fn

    def __call__(self, task: Task) -> bytes:
        from razzlog.sites import parse_raw_hand

        fn = self.fn
        return dumps(
            [fn(item if isinstance(item, Violation) else parse_raw_hand(item)) for item in task_items(task)]
        )
