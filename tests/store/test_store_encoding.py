"""The segments' Parquet files as razzlog.store.layout lays them out: the columns whose values
never repeat without a dictionary (UNIQUE_COLUMNS), required columns where never null, statistics
where readers filter."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest

from razzlog.generate.stream import generate_text
from razzlog.store.importer import import_paths
from razzlog.store.layout import NEVER_NULL, STATISTICS, UNIQUE_COLUMNS
from razzlog.store.schema import SCHEMAS, SEGMENT_TABLES
from razzlog.store.segments import SegmentWriter


def test_unique_columns_are_written_without_a_dictionary(tmp_path: Path) -> None:
    assert all(any(c in SCHEMAS[t] for t in SEGMENT_TABLES) for c in UNIQUE_COLUMNS)  # no stale name
    path = tmp_path / "hands.txt"
    path.write_text(generate_text(20261205, 40, site="pokerstars"), encoding="utf-8")
    import_paths([str(path)], tmp_path / "store")
    dictionaries: dict[str, bool] = {}
    for table in SEGMENT_TABLES:
        for file in (tmp_path / "store" / table).glob("*.parquet"):
            meta = pq.ParquetFile(file).metadata
            for i in range(meta.num_columns if meta.num_row_groups else 0):
                column = meta.row_group(0).column(i)
                dictionaries[column.path_in_schema] = column.dictionary_page_offset is not None
    assert not any(dictionaries[c] for c in UNIQUE_COLUMNS)
    assert dictionaries["site"] and dictionaries["player"] and dictionaries["put"]  # (names, amounts)


def test_files_declare_the_layouts_required_columns_and_statistics(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(generate_text(20261206, 40, site="pokerstars"), encoding="utf-8")
    import_paths([str(path)], tmp_path / "store")
    for table in ("hands", "player_hands", "actions"):
        (file,) = (tmp_path / "store" / table).glob("*.parquet")
        parquet = pq.ParquetFile(file)
        required = {f.name for f in parquet.schema_arrow if not f.nullable}
        assert required == NEVER_NULL[table], table
        group = parquet.metadata.row_group(0)
        with_statistics = {
            group.column(i).path_in_schema for i in range(group.num_columns) if group.column(i).is_stats_set
        }
        assert with_statistics == set(STATISTICS[table]), table
        # polars reads the types it wrote: nullability is no part of them
        assert pl.read_parquet(file).schema == pl.Schema(SCHEMAS[table]), table


def test_a_null_in_a_required_column_is_refused_not_written(tmp_path: Path) -> None:
    writer = SegmentWriter(tmp_path, 1)
    rows = pl.DataFrame({"hand_key": [1, None], "seq": [0, 1]}).with_columns(
        [
            pl.lit(None, dtype=t).alias(c)
            for c, t in SCHEMAS["actions"].items()
            if c not in ("hand_key", "seq")
        ]
    )
    with pytest.raises(ValueError, match="null values to non-nullable"):
        writer.add_rows("actions", rows)
    writer.discard()
