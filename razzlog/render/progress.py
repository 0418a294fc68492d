"""A progress bar on standard error for long runs: bytes read, hands done, hands/s, ETA.

The bar follows the bytes read (:class:`~razzlog.sources.ReadProgress`), the
only measure of the whole input known before it is parsed, so the percentage
and the ETA are by size; the hands counted are those that have come out of
the pipeline.  The bar is redrawn a few times a second, not per hand, so it
costs nothing measurable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from time import monotonic
from typing import TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from razzlog.sources import ReadProgress

T = TypeVar("T")

_REDRAW_EVERY = 0.1  # seconds between updates of the bar's figures


class HandsColumn(ProgressColumn):
    """``12,345 hands  1,234 hands/s`` (the rate over the whole run so far)."""

    def render(self, task: Task) -> Text:
        hands: int = task.fields.get("hands", 0)
        elapsed = task.finished_time if task.finished else task.elapsed
        rate = hands / elapsed if elapsed else 0.0
        return Text(f"{hands:,} hands  {rate:,.0f} hands/s", style="progress.data.speed")


def make_progress(console: Console, sized: bool) -> Progress:
    """The bar's columns; without a known size (standard input) no percentage or ETA."""
    columns: list[ProgressColumn | str] = [TextColumn("{task.description}"), BarColumn()]
    if sized:
        columns += [TaskProgressColumn(), DownloadColumn()]
    columns += [HandsColumn(), TimeElapsedColumn()]
    if sized:
        columns += [TextColumn("ETA"), TimeRemainingColumn()]
    return Progress(*columns, console=console, refresh_per_second=4)


def _one(item: object) -> int:
    return 1


def tracked(
    items: Iterable[T],
    reading: ReadProgress,
    description: str,
    console: Console,
    hands_in: Callable[[T], int] = _one,
) -> Iterator[T]:
    """``items`` unchanged, with a progress bar drawn on ``console`` meanwhile.

    ``hands_in(item)`` is the number of hands an item stands for (one by default).
    """
    with make_progress(console, reading.total is not None) as bar:
        task = bar.add_task(description, total=reading.total, hands=0)
        hands = 0
        redraw_at = 0.0
        for item in items:
            hands += hands_in(item)
            now = monotonic()
            if now >= redraw_at:
                bar.update(task, completed=reading.done, hands=hands)
                redraw_at = now + _REDRAW_EVERY
            yield item
        bar.update(task, completed=reading.total if reading.total is not None else reading.done, hands=hands)
