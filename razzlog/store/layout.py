"""How the segment tables' columns are laid out in Parquet: which are required (never null),
which carry statistics, how they are encoded.

None of this changes what a reader gets (polars, pyarrow and DuckDB read the
same values and types); it is what the import's writer thread spends its CPU
on.  Per stored hand, writing a part cost ~138 k instructions, of which:

* the definition levels of nullable columns (a run-length encoding per page,
  and the spaced write path): a column that can never be null is declared
  *required* and has none;
* the min/max statistics of every column of every row group (~190 M
  instructions per 10k hands, most of it the decimals and strings of
  ``player_hands`` and ``actions``): kept on the columns a reader filters
  on, which lets it skip row groups;
* a dictionary hashed for each integer column: written as
  ``DELTA_BINARY_PACKED`` instead (no hashing, and smaller once compressed).
"""

from __future__ import annotations

from typing import Any

import polars as pl
import pyarrow as pa

from razzlog.stats.schema import PLAYER_BOOLS
from razzlog.store.schema import SCHEMAS, SEGMENT_TABLES

_STREETS = ("3rd", "4th", "5th", "6th", "7th")
# Columns that are never null, by how they are made: the keys, file ids and first sightings
# that PartBuffer sets on the rows it keeps, and the values the statistics' extraction always
# gives (typed, in code compiled with mypyc that checks the types: names, cards, amounts in
# units, counts, and the Boolean columns made of an integer's bits).  A null in one of them
# fails the write (SegmentWriter's cast to the file's schema raises ValueError): it is never
# written as something else.
NEVER_NULL: dict[str, frozenset[str]] = {
    "hands": frozenset(
        {"hand_key", "file_id", "line", "last_line", "digest", "first_sighting", "encoding", "text"}
    ),
    "player_hands": frozenset(
        {
            "hand_key",
            "player",
            "ante",
            *(f"put_{s}" for s in _STREETS),
            "returned",
            "collected",
            "net",
            "rake_paid",
            "cards",
            *(f"aggressive_{s}" for s in _STREETS),
            *(f"calls_{s}" for s in _STREETS),
            "folds",
            "folds_late",
            *PLAYER_BOOLS,
        }
    ),
    "actions": frozenset({"hand_key", "seq", "street", "player", "kind", "put", "all_in"}),
    "violations": frozenset(),
}
# Columns with min/max statistics: what readers filter on (``hand_key`` ranges for the
# statistics of a segment read in parts, ``file_id``, ``first_sighting``, ``site``, ``date``,
# ``time_utc``…).  Every column of ``hands`` but its text and digest (a few rows per hand: cheap),
# every column of ``violations`` (a few rows per file); of the wide tables, the key (and the
# player): their decimals', strings' and Booleans' statistics were most of the cost.
_NO_STATISTICS = frozenset({"text", "digest"})
STATISTICS: dict[str, list[str]] = {
    "hands": [c for c in SCHEMAS["hands"] if c not in _NO_STATISTICS],
    "player_hands": ["hand_key", "player"],
    "actions": ["hand_key"],
    "violations": list(SCHEMAS["violations"]),
}
# Columns whose values (nearly) never repeat within a row group: written plain.  A dictionary
# page of each column is pyarrow's default, and for these it was hashing and then falling back
# for nothing: without it a part's files cost ~25 % less CPU to write, and the files are smaller.
UNIQUE_COLUMNS = frozenset({"hand_id", "played_at", "digest", "text", "cards"})
# Values encoded at a time: pyarrow's default (1,024) checks the page size and loops over its
# encoders eight times as often.
WRITE_BATCH = 8_192


def arrow_schema(table: str) -> pa.Schema:
    """The table's columns as written: its types, required where never null."""
    schema = pl.DataFrame(schema=SCHEMAS[table]).to_arrow().schema
    required = NEVER_NULL[table]
    fields = [f.with_nullable(f.name not in required) for f in schema]
    return pa.schema(fields, metadata=schema.metadata)


def _delta(dtype: pa.DataType) -> bool:
    return bool(pa.types.is_integer(dtype) or pa.types.is_temporal(dtype))


def writer_options(table: str, schema: pa.Schema) -> dict[str, Any]:
    """``pyarrow.parquet.ParquetWriter``'s options for a file of ``table``."""
    # integers, dates and times (keys, lines, counts, seats: sorted or small) as deltas
    delta = [f.name for f in schema if _delta(f.type)]
    return {
        "compression": "zstd",
        "write_statistics": STATISTICS[table],
        "use_dictionary": [c for c in schema.names if c not in UNIQUE_COLUMNS and c not in delta],
        "column_encoding": dict.fromkeys(delta, "DELTA_BINARY_PACKED") or None,
        "write_batch_size": WRITE_BATCH,
    }


assert set(NEVER_NULL) == set(STATISTICS) == set(SEGMENT_TABLES)
assert all(NEVER_NULL[t] <= set(SCHEMAS[t]) and set(STATISTICS[t]) <= set(SCHEMAS[t]) for t in SEGMENT_TABLES)
