"""Writing the store's data files: new segments, segments rewritten without some files' rows,
small segments merged.

Every file is written under a name no manifest has used (the generation and a
running number) and ``fsync``-ed before the manifest that names it is
committed; nothing here changes a file that a manifest names.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import polars as pl

from razzlog.store.manifest import Segment
from razzlog.store.schema import SEGMENT_TABLES, conform, empty

SEGMENT_HANDS = 200_000  # hands per segment: a few hundred MB of rows to build, some 100 MB on disk
SMALL_SEGMENT_HANDS = SEGMENT_HANDS // 4
MAX_SMALL_SEGMENTS = 8  # more small segments than this are merged into one
ROW_GROUP_ROWS = 128 * 1024  # rows per Parquet row group: its statistics let readers skip the rest


class SegmentWriter:
    """Names and writes the segments of one import (generation)."""

    def __init__(self, root: Path, generation: int) -> None:
        self.root = root
        self.generation = generation
        self.count = 0

    def write(self, frames: dict[str, pl.DataFrame]) -> Segment:
        """A new segment holding ``frames`` (per table; a missing table is written empty)."""
        self.count += 1
        name = f"g{self.generation:06d}-{self.count:04d}"
        rows: dict[str, int] = {}
        for table in SEGMENT_TABLES:
            frame = conform(frames[table], table) if table in frames else empty(table)
            write_parquet(frame, self.root / table / f"{name}.parquet")
            rows[table] = frame.height
        hands = frames.get("hands")
        file_ids = set(hands["file_id"].unique().to_list()) if hands is not None else set()
        violations = frames.get("violations")
        if violations is not None:
            file_ids |= set(violations["file_id"].unique().to_list())
        return Segment(name, rows["hands"], rows, sorted(int(i) for i in file_ids))

    def without_files(self, segment: Segment, file_ids: set[int]) -> Segment | None:
        """``segment`` less the rows of ``file_ids`` (None if nothing is left)."""
        frames = read_segment(self.root, segment)
        hands = frames["hands"].filter(~pl.col("file_id").is_in(list(file_ids)))
        keys = hands.select("hand_key")
        kept = {
            "hands": hands,
            "player_hands": frames["player_hands"].join(keys, on="hand_key", how="semi"),
            "actions": frames["actions"].join(keys, on="hand_key", how="semi"),
            "violations": frames["violations"].filter(~pl.col("file_id").is_in(list(file_ids))),
        }
        if not kept["hands"].height and not kept["violations"].height:
            return None
        return self.write(kept)

    def merged(self, segments: Iterable[Segment]) -> Segment:
        """One segment holding the rows of ``segments``."""
        parts = [read_segment(self.root, s) for s in segments]
        return self.write(
            {t: pl.concat([p[t] for p in parts], how="vertical_relaxed") for t in SEGMENT_TABLES}
        )


def read_segment(root: Path, segment: Segment) -> dict[str, pl.DataFrame]:
    return {table: pl.read_parquet(root / segment.path(table)) for table in SEGMENT_TABLES}


def write_parquet(frame: pl.DataFrame, path: Path) -> None:
    """``frame`` as a zstd-compressed Parquet file with statistics, on disk before this returns."""
    path.parent.mkdir(parents=True, exist_ok=True)
    frame.write_parquet(path, compression="zstd", statistics=True, row_group_size=ROW_GROUP_ROWS)
    fd = os.open(path, os.O_RDONLY)
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
