"""Keep the cyclic garbage collector off an import's long-lived objects, and collect young ones
less often.

An import holds each chunk's records and rows for a few hundred hands; enough
of them outlive the collector's young generations that it runs a full
collection every ~1,000 hands, and a full collection walks every object of
the process: polars', pyarrow's and the parser's modules and tables, which
never become garbage (on 10k hands: 9 full collections, ~0.35 s, none of
which found anything; ``audit`` made 2).  :func:`freeze_once`, called once
those modules are loaded (after a first chunk), moves what is alive then out
of the collector's sight (:func:`gc.freeze`); what the import makes after that
is collected as before.

It also raises the young generation's threshold from 700 to :data:`YOUNG`
allocations: a hand's events and rows die by reference counting within the
hand, but a young collection every 700 allocations walks whatever of them is
alive at that moment, and promotes it to be walked again (an import of 10k
hands: ~500 young collections and 46 of the middle generation, ~0.25 s; with
the threshold at 20,000, ~10 collections, ~0.09 s).  The threshold counts
container objects allocated and not yet freed, so at most that many objects of
cyclic garbage (a few MB) wait for a collection: memory stays bounded.
"""

from __future__ import annotations

import gc

YOUNG = 20_000  # the young generation's threshold during an import (Python's default: 700)


class Frozen:
    """Freezes the process's objects and raises the young threshold at the first :meth:`freeze_once`;
    :meth:`thaw` gives both back (a process that goes on after the import, such as a test run,
    collects them again, as often as before)."""

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


WORKER = Frozen()  # a worker process's: it only ever imports, and ends with the pool
