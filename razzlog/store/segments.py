"""Writing the store's data files: new segments, segments rewritten without some files' rows,
small segments merged.

Every file is written under a name no manifest has used (the generation and a
running number) and ``fsync``-ed before the manifest that names it is
committed; nothing here changes a file that a manifest names.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

from razzlog.store.layout import arrow_schema, writer_options
from razzlog.store.manifest import Segment
from razzlog.store.schema import SEGMENT_TABLES, conform
from razzlog.store.totals import with_totals

SEGMENT_HANDS = 200_000  # hands per segment: some 100 MB on disk, ~50 files per table at 10M hands
SMALL_SEGMENT_HANDS = SEGMENT_HANDS // 4
MAX_SMALL_SEGMENTS = 8  # more small segments than this are merged into one
ROW_GROUP_ROWS = 128 * 1024  # rows per Parquet row group: its statistics let readers skip the rest
# ``hands`` holds each hand's text (some 2 KB): smaller groups, so that writing one holds less
ROW_GROUP_ROWS_OF = {"hands": 16 * 1024}
PART_HANDS = 4_096  # hands per part: what the import holds in memory before writing it out


class SegmentWriter:
    """Names and writes the segments of one import (generation).

    Rows come in parts (:meth:`add`), each written at once as row groups of
    the segment's open Parquet files (pyarrow's ``ParquetWriter``: polars writes
    a file at a time), so a segment of hundreds of thousands of hands never sits
    in memory whole; :meth:`close` finishes the files and syncs them to disk.
    """

    def __init__(self, root: Path, generation: int) -> None:
        self.root = root
        self.generation = generation
        self.count = 0
        self.writers: dict[str, pq.ParquetWriter] = {}
        self.hands = 0
        self.rows = dict.fromkeys(SEGMENT_TABLES, 0)
        self.file_ids: set[int] = set()

    def _name(self) -> str:
        return f"g{self.generation:06d}-{self.count:04d}"

    def add(self, frames: dict[str, pl.DataFrame]) -> None:
        """Rows for the segment being written (per table; a missing table adds none)."""
        for table in SEGMENT_TABLES:
            if table in frames:
                self.add_rows(table, frames[table])

    def add_rows(self, table: str, frame: pl.DataFrame) -> None:
        """Rows of one table for the segment being written."""
        if not self.writers:
            self.count += 1
            for name in SEGMENT_TABLES:
                path = self.root / name / f"{self._name()}.parquet"
                path.parent.mkdir(parents=True, exist_ok=True)
                schema = arrow_schema(name)
                self.writers[name] = pq.ParquetWriter(path, schema, **writer_options(name, schema))
        if not frame.height:
            return
        frame = conform(frame, table)
        rows = ROW_GROUP_ROWS_OF.get(table, ROW_GROUP_ROWS)
        writer = self.writers[table]
        # the file's schema, whose required columns polars' own does not have (the same types:
        # nothing is converted; a null in a required column raises)
        arrow = frame.to_arrow().cast(writer.schema)
        writer.write_table(arrow, row_group_size=rows)
        self.rows[table] += frame.height
        if table in ("hands", "violations"):
            self.file_ids |= {int(i) for i in frame["file_id"].unique().to_list()}
        self.hands = self.rows["hands"]

    def close(self) -> Segment | None:
        """The segment of the rows added since the last one (None if there were none)."""
        if not self.writers:
            return None
        for table, writer in self.writers.items():
            writer.close()
            _sync(self.root / table / f"{self._name()}.parquet")
        segment = Segment(self._name(), self.hands, dict(self.rows), sorted(self.file_ids))
        self.writers, self.hands, self.rows, self.file_ids = {}, 0, dict.fromkeys(SEGMENT_TABLES, 0), set()
        # its statistics' sums, read back from the files just written (in the page cache): every
        # segment, new, rewritten or merged, is made here, so its totals are always its rows'
        return with_totals(self.root, segment)

    def write(self, frames: dict[str, pl.DataFrame]) -> Segment:
        """A new segment holding ``frames``."""
        self.add(frames)
        segment = self.close()
        assert segment is not None
        return segment

    def without_files(self, segment: Segment, file_ids: set[int]) -> Segment | None:
        """``segment`` less the rows of ``file_ids`` (None if nothing is left), read and written a
        batch of rows at a time."""
        gone = pl.Series(sorted(file_ids), dtype=pl.Int32)
        kept_keys: list[pl.Series] = []
        for table in ("hands", "violations"):
            for batch in _batches(self.root / segment.path(table)):
                kept = batch.filter(~pl.col("file_id").is_in(gone.implode()))
                if table == "hands":
                    kept_keys.append(kept["hand_key"])
                self.add_rows(table, kept)
        keys = pl.concat(kept_keys) if kept_keys else pl.Series(dtype=pl.Int64)
        for table in ("player_hands", "actions"):
            for batch in _batches(self.root / segment.path(table)):
                self.add_rows(table, batch.filter(pl.col("hand_key").is_in(keys.implode())))
        if not self.rows["hands"] and not self.rows["violations"]:
            self.discard()
            return None
        return self.close()

    def merged(self, segments: Iterable[Segment]) -> Segment:
        """One segment holding the rows of ``segments``, read and written a batch at a time."""
        for segment in segments:
            for table in SEGMENT_TABLES:
                for batch in _batches(self.root / segment.path(table)):
                    self.add_rows(table, batch)
        merged = self.close()
        assert merged is not None
        return merged

    def discard(self) -> None:
        """Drop the segment being written (its files are garbage no manifest names)."""
        for writer in self.writers.values():
            writer.close()
        self.writers, self.hands, self.rows, self.file_ids = {}, 0, dict.fromkeys(SEGMENT_TABLES, 0), set()


def _batches(path: Path, rows: int = 64 * 1024) -> Iterator[pl.DataFrame]:
    """A Parquet file's rows, some tens of thousands at a time."""
    for batch in pq.ParquetFile(path).iter_batches(batch_size=rows):
        frame = pl.from_arrow(batch)
        assert isinstance(frame, pl.DataFrame)
        yield frame


def write_parquet(frame: pl.DataFrame, path: Path) -> None:
    """``frame`` as a zstd-compressed Parquet file with statistics, on disk before this returns."""
    path.parent.mkdir(parents=True, exist_ok=True)
    frame.write_parquet(path, compression="zstd", statistics=True, row_group_size=ROW_GROUP_ROWS)
    _sync(path)


def _sync(path: Path) -> None:
    """``path`` and its folder's entry for it on disk (before a manifest names it)."""
    for target in (path, path.parent):
        fd = os.open(target, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def compacted(writer: SegmentWriter, segments: list[Segment]) -> list[Segment]:
    """``segments``, with the small ones merged into one when there are too many of them
    (a store fed a day's file at a time would otherwise grow a file per table and day)."""
    small = [s for s in segments if s.hands < SMALL_SEGMENT_HANDS]
    if len(small) <= MAX_SMALL_SEGMENTS:
        return segments
    merged = writer.merged(small)
    return [s for s in segments if s.hands >= SMALL_SEGMENT_HANDS] + [merged]
