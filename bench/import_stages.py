#!/usr/bin/env python3
"""Where an import's CPU time goes, stage by stage, in one process (a script, not a test).

    python bench/import_stages.py FILE            # razzlog import FILE --jobs 1 into a new store
    python bench/import_stages.py FILE --audit    # razzlog audit FILE -f jsonl --jobs 1

Times the pipeline's functions by wrapping them, with the CPU clock of the
thread that calls them (``time.thread_time``: the machine is shared, and the
import writes its parts on a thread of its own, whose CPU the process's clock
would add to whatever the main thread was timing meanwhile), and the garbage
collector's collections per generation (``gc.callbacks``); a collection is
also counted in the stage it interrupted.  Compare two checkouts by running
each with its own ``PYTHONPATH``, in turn, a few times (bench/README.md, "Import, fourth round").
"""

from __future__ import annotations

import contextlib
import gc
import runpy
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

SECONDS: dict[str, float] = defaultdict(float)
CALLS: dict[str, int] = defaultdict(int)


def _wrap(owner: Any, name: str, label: str) -> None:
    function: Callable[..., Any] = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            SECONDS[label] += time.thread_time() - start
            CALLS[label] += 1

    setattr(owner, name, timed)


def _collections() -> None:
    started: list[float] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.thread_time())
        elif started:
            label = f"gc generation {info['generation']}"
            SECONDS[label] += time.thread_time() - started.pop()
            CALLS[label] += 1

    gc.callbacks.append(watch)


def main() -> None:
    path, audit = sys.argv[1], "--audit" in sys.argv[2:]
    _collections()
    start = time.process_time()
    import polars  # noqa: F401 - the start-up the import pays
    import pyarrow  # noqa: F401

    import razzlog.rules.engine as engine
    import razzlog.rules.replay as replay
    import razzlog.sites as sites
    import razzlog.store.importer as importer
    import razzlog.store.part as part
    import razzlog.store.rows as rows
    import razzlog.store.segments as segments

    SECONDS["start-up imports"] = time.process_time() - start
    _wrap(sites, "parse_raw_hand", "parse")
    _wrap(replay, "replay", "replay")
    _wrap(engine, "cross_facts", "cross-hand facts")
    _wrap(engine, "hand_violations", "per-hand rules")
    start = time.process_time()
    if audit:
        sys.argv = ["razzlog", "audit", path, "-f", "jsonl", "--jobs", "1", "-o", "/dev/null"]
        with contextlib.suppress(SystemExit):  # the CLI exits with its status
            runpy.run_module("razzlog", run_name="__main__")
        SECONDS["audit, in all"] = time.process_time() - start
    else:
        # (an older checkout's rows.py calls hand_rows; since the rows are column-wise, add_hand)
        _wrap(rows, "add_hand" if hasattr(rows, "add_hand") else "hand_rows", "hand_rows")
        _wrap(rows, "_extra_row", "hand columns besides the statistics'")
        _wrap(rows, "_frames", "a chunk's frames")
        _wrap(importer._Import, "_take", "main: take a chunk (with the cross-hand checks)")
        _wrap(part.PartBuffer, "frames", "main: a part's keys and joins")
        _wrap(segments.SegmentWriter, "add", "main: Parquet writes")
        _wrap(importer._Import, "plan", "main: plan (file fingerprints)")
        _wrap(importer._Import, "commit", "main: commit")
        with tempfile.TemporaryDirectory() as folder:
            importer.import_paths([path], Path(folder) / "store", jobs=1)
        SECONDS["import, in all"] = time.process_time() - start
    print(f"process, in all: {time.process_time():.2f} s of CPU")
    for label, seconds in sorted(SECONDS.items(), key=lambda item: -item[1]):
        calls = f"  ({CALLS[label]} calls)" if CALLS[label] else ""
        print(f"{label:50s} {seconds:8.3f} s{calls}")


if __name__ == "__main__":
    main()
