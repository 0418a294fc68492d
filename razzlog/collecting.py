"""Keep the cyclic garbage collector's work in proportion over a long audit.

A hand's events, replay state and report die by reference counting within the
hand; the cyclic collector finds nothing among them.  Yet with Python's young
threshold of 700 allocations it ran ~70 young collections per 1,000 hands
(each walking whatever of the current hand was alive, and promoting it to be
walked again), and now and then a full collection walking every object of the
process: the modules, Lark's grammar and parser tables, the templates learnt,
none of which ever becomes garbage.  That was ~40 k instructions a hand
(1.7 % of an audit, callgrind) and ~4 % of its CPU time, the walks missing the
caches.

:func:`collecting_less` moves what is alive after the first item (the parser
built, the first templates learnt) out of the collector's sight
(:func:`gc.freeze`) and raises the young threshold to :data:`YOUNG`.  The
threshold counts container objects allocated and not yet freed, so at most
that many objects of cyclic garbage (a few MB) wait for a collection: memory
stays bounded.  ``import`` does the same with :class:`Frozen`: its main
process holds each chunk's records and rows for a few hundred hands, enough of
which outlived the young generations that it ran a full collection every
~1,000 hands (on 10k hands: 9, ~0.35 s, none of which found anything), and
~500 young ones (~0.25 s; ~10 and 0.09 s with the raised threshold).
(This module imports nothing of razzlog: the store, whose import loads
polars, ~1 s, and the audit share it.)
"""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")

YOUNG = 20_000  # the young generation's threshold during the run (Python's default: 700)


def collecting_less(items: Iterable[T]) -> Iterator[T]:
    """The items, with the collector frozen and its young threshold raised from the first item
    on; both are given back when the iteration ends or is closed (a process that goes on, such
    as a test run, collects as before).  A collector frozen already (by an enclosing run) is
    left as it is."""
    it = iter(items)
    try:
        first = next(it)
    except StopIteration:
        return
    if gc.get_freeze_count():
        yield first
        yield from it
        return
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(YOUNG, thresholds[0]), *thresholds[1:])
    try:
        yield first
        yield from it
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


class FrozenOnce:
    """In a pool's worker process: freezes the collector and raises its young threshold once,
    after the first task (the parser is built then); never given back, the worker ends with its
    pool.  Called in a process that is no pool's worker (a test running a task itself), it does
    nothing."""

    def __init__(self) -> None:
        self.done = False

    def __call__(self) -> None:
        if not self.done and multiprocessing.parent_process() is not None:
            self.done = True
            if not gc.get_freeze_count():
                gc.freeze()
            young, *older = gc.get_threshold()
            gc.set_threshold(max(YOUNG, young), *older)


WORKER = FrozenOnce()


class Frozen:
    """Freezes the process's objects and raises the young threshold at the first :meth:`freeze_once`
    (an import calls it once a first chunk has loaded the parser and polars); :meth:`thaw` gives
    both back (a process that goes on after the import, such as a test run, collects them again,
    as often as before)."""

    def __init__(self) -> None:
        self.done = False
        self.thresholds = gc.get_threshold()

    def freeze_once(self) -> None:
        if not self.done:
            self.done = True
            gc.freeze()
            self.thresholds = gc.get_threshold()
            gc.set_threshold(max(YOUNG, self.thresholds[0]), *self.thresholds[1:])

    def thaw(self) -> None:
        if self.done:
            self.done = False
            gc.unfreeze()
            gc.set_threshold(*self.thresholds)
