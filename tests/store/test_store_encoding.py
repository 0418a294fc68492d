"""The segments' Parquet files write the columns whose values never repeat without a dictionary
(razzlog.store.segments.UNIQUE_COLUMNS), and the others with one, as pyarrow does by default."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from razzlog.generate.stream import generate_text
from razzlog.store.importer import import_paths
from razzlog.store.schema import SCHEMAS, SEGMENT_TABLES
from razzlog.store.segments import UNIQUE_COLUMNS


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
