"""Keep the cyclic garbage collector's full collections off an import's long-lived objects.

An import holds each chunk's records and rows for a few hundred hands; enough
of them outlive the collector's young generations that it runs a full
collection every ~1,000 hands, and a full collection walks every object of
the process: polars', pyarrow's and the parser's modules and tables, which
never become garbage (on 10k hands: 9 full collections, ~0.35 s, none of
which found anything; ``audit`` made 2).  :func:`freeze_once`, called once
those modules are loaded (after a first chunk), moves what is alive then out
of the collector's sight (:func:`gc.freeze`); what the import makes after that
is collected as before.
"""

from __future__ import annotations

import gc


class Frozen:
    """Freezes the process's objects at the first :meth:`freeze_once`; :meth:`thaw` gives them back
    (a process that goes on after the import, such as a test run, collects them again)."""

    def __init__(self) -> None:
        self.done = False

    def freeze_once(self) -> None:
        if not self.done:
            self.done = True
            gc.freeze()

    def thaw(self) -> None:
        if self.done:
            self.done = False
            gc.unfreeze()


WORKER = Frozen()  # a worker process's: it only ever imports, and ends with the pool
