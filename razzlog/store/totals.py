"""A segment's totals: the statistics' sums of its rows per player and currency.

``razzlog stats --store`` with the default grouping (``--by player,currency``)
adds up every player-hand row of the store, some five rows a hand; the sums it
makes of one segment never change, as a segment's files never do.  So when a
segment is written (:meth:`razzlog.store.segments.SegmentWriter.close`: a new
segment, one rewritten without some files' rows, small ones merged), the
accumulator of ``stats --store`` adds up its rows once, with no selection, and
its sums per player and currency are written next to the segment's files as
``totals/<segment>.parquet``; the manifest names them in the segment's entry,
so they are committed, replaced and removed with the segment, atomically.

``stats --store`` then reads these sums instead of the rows wherever they
answer the invocation exactly (:meth:`razzlog.stats.stream.StatsAccumulator.takes_sums`);
a segment without totals (written by an older razzlog, or of another
:data:`TOTALS_VERSION`) is read from its rows, so any store answers the same.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import polars as pl

from razzlog.stats.definitions import MONEY_SUMMANDS, summands, units
from razzlog.stats.schema import MONEY, units_to_money
from razzlog.stats.stream import StatsAccumulator
from razzlog.store.manifest import Manifest, Segment, sync_folder
from razzlog.store.schema import TOTALS
from razzlog.store.stats import HANDS_AT_ONCE, row_columns, segment_rows
from razzlog.store.tables import Store

# What the sums are of and how they are derived: bumped whenever razzlog.stats.definitions
# changes what a summand means (a segment's totals of another version are not read).
TOTALS_VERSION = 1
KEYS = ["player", "currency"]


def columns() -> list[str]:
    """The totals' columns: the keys, then the summands (those of the figures, not of the
    tournament results, which need ``--by buy_in_currency``: rows)."""
    return [*KEYS, *summands(False)]


def segment_totals(root: Path, segment: Segment) -> tuple[pl.DataFrame, int, int] | None:
    """The sums of ``segment``'s rows (first sightings) per player and currency, as ``stats
    --store`` adds them up; how many hands (first sightings) it holds, and how many of those
    have a player's row.  None for a segment of no player's row (nothing to add up)."""
    accumulator = StatsAccumulator(KEYS)
    hand_columns, player_columns = row_columns(KEYS, dated=False)
    # the segment's files are read as stats --store reads them: only the root is used
    store = Store(root, Manifest())
    for rows, hands in segment_rows(store, segment, HANDS_AT_ONCE, hand_columns, player_columns):
        accumulator.add_rows(rows, hands)
    sums = accumulator.totals()
    if sums is None or not sums.height:
        return None
    return sums.select(columns()), accumulator.parsed, accumulator.selected_hands


def with_totals(root: Path, segment: Segment) -> Segment:
    """``segment`` with its totals written (``totals/<name>.parquet``, on disk before this
    returns); marked as tried (``{"version": …}``, no file) where they cannot be stored exactly
    (a sum beyond ``Decimal(38, 4)``) or there is nothing to add up: its rows are read instead."""
    from razzlog.store.segments import write_parquet  # segments calls this when it closes a segment

    tried = Segment(segment.name, segment.hands, segment.rows, segment.file_ids, {"version": TOTALS_VERSION})
    try:  # amounts too large to add up (hostile text): the rows fail as they fail
        found = segment_totals(root, segment)
        if found is None:
            return tried
        sums, hands, played = found
        money = [c for c in MONEY_SUMMANDS if c in sums.columns]
        # the amounts as the store keeps them: exact decimals (a sum beyond them: no totals)
        stored = sums.with_columns(units_to_money(pl.col(c).cast(pl.Int128)).cast(MONEY) for c in money)
    except (pl.exceptions.PolarsError, ArithmeticError):
        return tried
    # written aside and renamed: a store upgraded by an import may have had this segment's totals
    # before (an older razzlog's import dropped them from the manifest), which a reader of an
    # older manifest may be reading; the same sums, but never a half-written file
    path = root / segment.path(TOTALS)
    aside = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    write_parquet(stored, aside)
    os.replace(aside, path)
    sync_folder(path.parent)
    totals = {"version": TOTALS_VERSION, "hands": hands, "played": played}
    return Segment(segment.name, segment.hands, segment.rows, segment.file_ids, totals)


def current(segment: Segment) -> bool:
    """Whether the segment's totals were made by this version (or found impossible: no ``hands``)."""
    return segment.totals is not None and segment.totals.get("version") == TOTALS_VERSION


def completed(root: Path, segments: Iterable[Segment]) -> list[Segment]:
    """``segments``, each with totals of this version (made for those without: segments of a store
    written by an older razzlog, or of another :data:`TOTALS_VERSION`)."""
    return [s if current(s) else with_totals(root, s) for s in segments]


def read_totals(store: Store, segment: Segment) -> pl.DataFrame | None:
    """The segment's totals as :func:`segment_totals` made them (amounts in whole units, as
    Int128); None if it has none of this version (its rows are read instead)."""
    if not current(segment) or segment.totals is None or "hands" not in segment.totals:
        return None
    frame = pl.read_parquet(store.root / segment.path(TOTALS))
    if frame.columns != columns():
        return None
    return frame.with_columns(units(c).cast(pl.Int128) for c in MONEY_SUMMANDS if c in frame.columns)
