"""The pool of worker processes behind every command's ``--jobs``, and the work it is given.

The main process reads the input in blocks of whole hands
(:mod:`razzlog.blocks`: bytes cut at hand headers, with their line numbers)
and hands them to a pool of worker processes, which split each block into
hands (:func:`task_items`) and do a command's work on them.  (What cannot be
cut into blocks, standard input, is read hand by hand here and sent in
chunks of hands.)  :func:`ordered_results` gives the workers' results back
in input order.

At most ``in_flight`` blocks or chunks are out at a time (read, not yet
taken), so memory stays flat whatever the size of the input.

Objects cross process boundaries pickled: a worker returns its result
pickled (:func:`razzlog.pickling.dumps`), and what it returns decides much of
what the main process spends per hand (unpickling), which it takes from the
workers' CPUs when there are as many workers as CPUs.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import select
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, cast

from razzlog.blocks import HandBlock, hands_of_block, iter_blocks
from razzlog.pipes import widen_pipes
from razzlog.sources import RawHand, ReadProgress, iter_raw_hands
from razzlog.violations import Violation

CHUNK_SIZE = 200  # hands per task: large enough that the per-task overhead is negligible

# A raw hand as sent to a worker: RawHand's fields (a plain tuple pickles faster).
_RawFields = tuple[str, int, tuple[str, ...], str, tuple[tuple[int, str], ...]]
# What a worker is given: a block of a file's bytes, or hands already read.
Task = HandBlock | list[_RawFields | Violation]


def cpu_jobs(jobs: int) -> int:
    """The number of processes for ``jobs``: itself if positive, else one per CPU."""
    if jobs > 0:
        return jobs
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


# Below this size (about 1,000 hands) an input is done before a pool of
# workers would have started and built its parsers: "one per CPU" runs it in
# this process.
SMALL_INPUT_BYTES = 2 * 1024 * 1024


def jobs_for(jobs: int, input_bytes: int | None) -> int:
    """The processes to run: ``jobs`` if positive; for 0, one per CPU, or one for a small input.

    ``input_bytes`` is the input's size, None when unknown (standard input).
    """
    if jobs > 0:
        return jobs
    if input_bytes is not None and input_bytes < SMALL_INPUT_BYTES:
        return 1
    return cpu_jobs(0)


def hand_tasks(
    paths: Iterable[str], size: int, block_bytes: int, progress: ReadProgress | None = None
) -> Iterator[Task]:
    """The input as work for the pool: blocks of a file's bytes (the worker reads the hands
    out of them, see :mod:`razzlog.blocks`), and lists of at most ``size`` hands already
    read for what cannot be cut into blocks (standard input)."""
    return in_tasks(iter_blocks(paths, block_bytes, progress), size)


def raw_chunks(
    paths: Iterable[str], size: int, progress: ReadProgress | None = None
) -> Iterator[list[_RawFields | Violation]]:
    """The input's hands in lists of ``size``."""
    return cast(Iterator[list[_RawFields | Violation]], in_tasks(iter_raw_hands(paths, progress), size))


def in_tasks(items: Iterable[HandBlock | RawHand | Violation], size: int) -> Iterator[Task]:
    """Blocks as they are; the hands and violations between them in lists of at most ``size``."""
    chunk: list[_RawFields | Violation] = []
    for item in items:
        if isinstance(item, HandBlock):
            if chunk:
                yield chunk
                chunk = []
            yield item
            continue
        chunk.append(
            item
            if isinstance(item, Violation)
            else (item.file, item.first_line, item.lines, item.encoding, item.context)
        )
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def task_items(task: Task) -> Iterator[RawHand | Violation]:
    """The hands (or input violations) of a task, in a worker."""
    if isinstance(task, HandBlock):
        yield from hands_of_block(task)
    else:
        for item in task:
            yield item if isinstance(item, Violation) else RawHand(*item)


# What a fork server imports once for every worker it forks: the reading, the parsers and the
# rules, ~0.8 G instructions (with the interpreter's start) that each spawned worker paid again
# (bench/README.md, "Import, eighth round").  Never polars nor anything that imports it: importing polars starts threads,
# and a fork of a process with polars' threads can hang in it; the workers import it after the
# fork, each in its own single-threaded child.  (tests/test_pool_start.py checks both.)
FORKSERVER_PRELOAD: tuple[str, ...] = (
    "razzlog.parallel",
    "razzlog.sites",
    "razzlog.sites.templates",
    "razzlog.sites.template_fill",
    "razzlog.grammars",
    "razzlog.rules.engine",
    "razzlog.rules.replay",
    "razzlog.rules.profiles",
)


def fresh_start() -> str:
    """The start method for workers that use polars, which a fork of this process cannot run
    once it has used polars (a ``collect`` in the child hangs): on Linux ``"forkserver"`` (forks
    of a clean server process that has imported :data:`FORKSERVER_PRELOAD`), elsewhere
    ``"spawn"`` (a new interpreter per worker; macOS has a fork server too, but forks there
    are untested here and Python itself prefers spawn on macOS)."""
    linux = sys.platform.startswith("linux")
    return "forkserver" if linux and "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def exit_with(main_pid: int) -> None:
    """In a worker (the pool's initializer): end this process as soon as ``main_pid`` has ended.

    A worker waits for its next task on a pipe that its siblings hold open too, so when the
    main process is killed (SIGKILL, power-off of a terminal) nothing tells it: the workers
    and their fork server stayed, each holding its memory, until killed by hand.
    """
    threading.Thread(target=_wait_for_end, args=(main_pid,), name="razzlog-exit-with", daemon=True).start()


def _wait_for_end(pid: int) -> None:
    try:
        # Linux: readable once the process has ended, reaped or not (a killed main process stays
        # a zombie until whoever started it reaps it, and signal 0 still reaches a zombie).
        handle = os.pidfd_open(pid)
    except (AttributeError, OSError):
        while _alive(pid):
            time.sleep(1.0)
    else:
        select.select([handle], [], [])
    os._exit(1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, as another user's
        pass
    return True


def executor(jobs: int, context: str | None = None) -> Executor:
    """A pool of ``jobs`` processes, started by ``context`` (``"spawn"``, ``"forkserver"``…;
    None: the default).  A fork server is started once per process, with the preload of the
    first pool that asks for one.  The workers end when this process ends, however it ends
    (:func:`exit_with`)."""
    mp_context = multiprocessing.get_context(context) if context is not None else None
    if context == "forkserver":
        mp_context.set_forkserver_preload(list(FORKSERVER_PRELOAD))  # type: ignore[union-attr]
    pool = ProcessPoolExecutor(
        max_workers=jobs, mp_context=mp_context, initializer=exit_with, initargs=(os.getpid(),)
    )
    widen_pipes(pool)
    return pool


def ordered_results(
    chunks: Iterator[Any],
    work: Callable[[Any], bytes],
    jobs: int,
    in_flight: int | None,
    context: str | None = None,
) -> Iterator[list[Any]]:
    """``work(chunk)`` for every chunk, run by ``jobs`` processes, unpickled, in order.

    At most ``in_flight`` chunks (default: three per process) are submitted and not yet
    yielded; the next chunk is read only when the oldest has been taken.
    """
    limit = max(1, in_flight if in_flight is not None else 3 * jobs)
    pending: deque[Future[bytes]] = deque()
    pool = executor(jobs, context)
    try:
        for chunk in chunks:
            pending.append(pool.submit(work, chunk))
            if len(pending) >= limit:
                yield pickle.loads(pending.popleft().result())
        while pending:
            yield pickle.loads(pending.popleft().result())
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
