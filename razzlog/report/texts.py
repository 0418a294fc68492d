"""The text of the few hands the report shows in detail, found again after the audit.

The audit does not keep hands (with several jobs it does not even send their
events back to the main process), so the hands to show are read again: from
their files, skipping the blocks of bytes that hold none of them
(:mod:`razzlog.blocks`, the audit's own reader), or from the store's
``hands`` table (:mod:`razzlog.report.stored`).  A hand that cannot be found
again (standard input, a file changed since) is shown from its violations only.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence

from razzlog.api import HandReport
from razzlog.blocks import HandBlock, hands_of_block, iter_blocks
from razzlog.sources import STDIN_NAME, RawHand
from razzlog.violations import Violation


def file_texts(reports: Sequence[HandReport]) -> dict[tuple[str, int], RawHand]:
    """The hands of ``reports`` read again from their files, by (file, first line)."""
    wanted: dict[str, list[int]] = {}
    for r in reports:
        if r.file != STDIN_NAME:
            wanted.setdefault(r.file, []).append(r.first_line)
    found: dict[tuple[str, int], RawHand] = {}
    for file, lines in wanted.items():
        lines = sorted(set(lines))
        try:
            for raw in _hands_at(file, lines):
                found[(raw.file, raw.first_line)] = raw
        except OSError:  # gone since the audit: shown without its text
            continue
    return found


def _hands_at(file: str, lines: list[int]) -> Iterator[RawHand]:
    """The hands of ``file`` that start at one of ``lines`` (sorted); reading stops after the last."""
    last = lines[-1]
    starts = set(lines)
    block: HandBlock | None = None  # held until the next block says where it ends

    def holds(start: int, end: int | None) -> bool:
        i = bisect_left(lines, start)
        return i < len(lines) and (end is None or lines[i] < end)

    def starting_in(items: Iterable[RawHand | Violation]) -> Iterator[RawHand]:
        for item in items:
            if isinstance(item, RawHand) and item.first_line in starts:
                yield item

    for item in iter_blocks([file]):
        if not isinstance(item, HandBlock):  # the rest of a file that is read hand by hand
            if block is not None and holds(block.first_line, _line_of(item)):
                yield from starting_in(hands_of_block(block))
            block = None
            yield from starting_in([item])
            if _line_of(item) >= last:
                return
            continue
        if block is not None and holds(block.first_line, item.first_line):
            yield from starting_in(hands_of_block(block))
        block = item
        if block.first_line > last:
            return
    if block is not None and holds(block.first_line, None):
        yield from starting_in(hands_of_block(block))


def _line_of(item: RawHand | Violation) -> int:
    return item.first_line if isinstance(item, RawHand) else item.line
