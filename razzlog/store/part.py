"""The rows an import holds before writing them: the workers' chunks, keyed and put together.

A worker numbers the hands of its chunk 0, 1, 2… (``hand_idx``); the main
process decides which of them are stored (a hand read twice is stored once)
and gives those their ``hand_key``.  Doing that per chunk cost a dozen small
polars queries for every 200 hands, which with two workers busy on two CPUs
made the main process the import's bottleneck; a part is put together once,
for some thousands of hands, with one query per table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, repeat
from typing import Any

import polars as pl
import pyarrow as pa

from razzlog.stats.schema import MONEY, SCALE, bool_columns
from razzlog.store.files import VIOLATION_COLUMNS
from razzlog.store.rows import UNITS_COLUMNS, ImportedChunk
from razzlog.store.schema import KEY, SCHEMAS, SEGMENT_TABLES, conform, empty

# a working column: where a row's chunk starts among the part's hands
_START = "_part_chunk_start"
assert all(_START not in columns for columns in SCHEMAS.values())


@dataclass(frozen=True, slots=True)
class _Frames:
    hands: pl.DataFrame
    players: pl.DataFrame
    actions: pl.DataFrame


@dataclass
class PartBuffer:
    """The rows of a part: the chunks as the workers sent them, and which of their hands to keep."""

    # the chunks' frames (not their records: a part's records kept to its end would survive into
    # the collector's oldest generation and make its full collections run ~10x as often)
    chunks: list[_Frames] = field(default_factory=list)
    # per hand row of the chunks, in order: its key (None: not stored), first sighting, file
    keys: list[int | None] = field(default_factory=list)
    first: list[bool | None] = field(default_factory=list)
    file_ids: list[int] = field(default_factory=list)
    violations: list[tuple[Any, ...]] = field(default_factory=list)
    hands: int = 0  # hands stored

    def add(
        self,
        chunk: ImportedChunk,
        rows: list[int],
        keys: list[int],
        first: list[bool],
        violations: list[tuple[Any, ...]],
        file_id: int,
    ) -> None:
        """A chunk whose hands ``rows`` (its ``hand_idx``) are stored as ``keys``."""
        height = chunk.hands.height
        chunk_keys: list[int | None] = [None] * height
        chunk_first: list[bool | None] = [None] * height
        for row, key, is_first in zip(rows, keys, first, strict=True):
            chunk_keys[row] = key
            chunk_first[row] = is_first
        if rows:
            self.chunks.append(_Frames(chunk.hands, chunk.players, chunk.actions))
            self.keys.extend(chunk_keys)
            self.first.extend(chunk_first)
            self.file_ids.extend(repeat(file_id, height))
            self.hands += len(rows)
        self.violations.extend(violations)

    def __bool__(self) -> bool:
        return bool(self.chunks or self.violations)

    def frames(self) -> dict[str, pl.DataFrame]:
        """Each table's rows of the part, as stored."""
        out = {table: empty(table) for table in SEGMENT_TABLES}
        if self.chunks:
            keys = pl.Series("hand_key", self.keys, dtype=KEY)
            hands = (
                _with_money(pl.concat([c.hands for c in self.chunks], how="vertical_relaxed"), "hands")
                .lazy()
                .with_columns(
                    keys,
                    pl.Series("first_sighting", self.first, dtype=pl.Boolean()),
                    pl.Series("file_id", self.file_ids, dtype=pl.Int32()),
                )
            )
            out["hands"] = conform(hands.filter(pl.col("hand_key").is_not_null()), "hands").collect()
            # a row's hand is the part's hand start + hand_idx, where start is its chunk's first
            starts = list(_starts(c.hands.height for c in self.chunks))
            for table, frames in (
                ("player_hands", [c.players for c in self.chunks]),
                ("actions", [c.actions for c in self.chunks]),
            ):
                start = pl.Series(
                    _START,
                    list(chain.from_iterable(map(repeat, starts, (f.height for f in frames)))),
                    dtype=pl.Int64(),
                )
                rows = (
                    _with_money(pl.concat(frames, how="vertical_relaxed"), table).lazy().with_columns(start)
                )
                if table == "player_hands":  # (conform drops the bits)
                    rows = rows.with_columns(bool_columns())
                keyed = rows.with_columns(
                    pl.lit(keys)
                    .gather(pl.col(_START) + pl.col("hand_idx").cast(pl.Int64()))
                    .alias("hand_key")
                )
                out[table] = conform(keyed.filter(pl.col("hand_key").is_not_null()), table).collect()
        if self.violations:
            # every row read for the types: a column (``column``) that is None in the first
            # hundred rows is no reason to refuse a value further down (a parse error's column)
            frame = pl.DataFrame(
                self.violations, schema=VIOLATION_COLUMNS, orient="row", infer_schema_length=None
            )
            out["violations"] = conform(frame, "violations")
        return out


def _with_money(frame: pl.DataFrame, table: str) -> pl.DataFrame:
    """``frame`` with the table's money columns (whole units: UNITS_COLUMNS) made ``MONEY``."""
    return frame.with_columns([money_of_units(frame[name]) for name in UNITS_COLUMNS[table]])


_WHOLE = pa.decimal128(MONEY.precision or 38, 0)
_MONEY = pa.decimal128(MONEY.precision or 38, SCALE)


def money_of_units(units: pl.Series) -> pl.Series:
    """Whole 10^-SCALE units (integers) as ``MONEY``, exactly: the same column as
    :func:`~razzlog.stats.schema.units_to_money` makes.  pyarrow widens the integers to decimals
    of scale 0, whose 128-bit values are the units, then those values are read with ``MONEY``'s
    scale (no arithmetic): polars' own cast to ``MONEY`` and its multiplication by 10^-SCALE
    cost the spool thread ~40 k instructions a hand."""
    whole = units.cast(pl.Int64()).to_arrow().cast(_WHOLE)
    money = pa.Array.from_buffers(
        _MONEY, len(whole), whole.buffers(), null_count=whole.null_count, offset=whole.offset
    )
    return pl.Series(units.name, money)


def _starts(heights: Iterable[int]) -> Iterator[int]:
    total = 0
    for height in heights:
        yield total
        total += height
