"""What the report reads from the hand store beside the audit's reports.

``audit --store`` reports only the hands with violations (the import counted
the clean ones per file), so the per-file counts come from the ``files`` table
and each file's site from its hands; the hands shown in detail are parsed
again from the ``hands`` table's text, as ``razzlog show --store`` does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import polars as pl

from razzlog.api import HandReport
from razzlog.report.collect import StoredFile
from razzlog.sources import RawHand, stored_hand
from razzlog.store.tables import Store


def stored_files(store: Store) -> list[StoredFile]:
    """Every stored file in the store's order, with its site (of its first hand, or of its first
    violation when none parsed) and its counts of hands read and parsed."""
    first_site = pl.col("site").drop_nulls().first()
    sites = pl.concat(
        [
            store.scan("hands").group_by("file_id").agg(first_site, pl.lit(0).alias("rank")),
            store.scan("violations").group_by("file_id").agg(first_site, pl.lit(1).alias("rank")),
        ],
        how="vertical_relaxed",
    )
    site_of = (
        sites.filter(pl.col("site").is_not_null())
        .sort("file_id", "rank")
        .group_by("file_id", maintain_order=True)
        .agg(pl.col("site").first())
    )
    files = (
        store.scan("files")
        .select("file_id", "path", "hands", "hands_parsed")
        .join(site_of, on="file_id", how="left")
        .sort("file_id")
        .collect()
    )
    return [
        StoredFile(row["path"], row["site"], row["hands"], row["hands_parsed"])
        for row in files.iter_rows(named=True)
    ]


class StoredTexts:
    """The hands' texts from the store (a :data:`~razzlog.report.collect.HandTexts`)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def __call__(self, reports: Sequence[HandReport]) -> Mapping[tuple[str, int], RawHand]:
        """By (file, line); an identical copy of a hand (stored once) by its first copy's text."""
        places = [(r.file, r.first_line) for r in reports if r.hand_id is not None]
        if not places:
            return {}
        asked = pl.LazyFrame(places, schema={"file": pl.String, "line": pl.Int32}, orient="row")
        hands = self.store.scan("hands").select("file", "line", "encoding", "text")
        found = {
            (row["file"], row["line"]): _raw(row, row["file"], row["line"])
            for row in asked.join(hands, on=["file", "line"], how="inner").collect().iter_rows(named=True)
        }
        missing = [r for r in reports if r.hand_id is not None and (r.file, r.first_line) not in found]
        if not missing:
            return found
        ids = pl.LazyFrame(
            [(r.site, r.hand_id) for r in missing],
            schema={"site": pl.String, "hand_id": pl.String},
            orient="row",
        )
        firsts = (
            self.store.scan("hands")
            .filter("first_sighting")
            .select("site", "hand_id", "encoding", "text")
            .join(ids, on=["site", "hand_id"], how="inner")
            .collect()
        )
        by_id = {(row["site"], row["hand_id"]): row for row in firsts.iter_rows(named=True)}
        for r in missing:
            row = by_id.get((r.site, r.hand_id))
            if row is not None:
                found[(r.file, r.first_line)] = _raw(row, r.file, r.first_line)
        return found


def _raw(row: dict[str, object], file: str, line: int) -> RawHand:
    text, encoding = row["text"], row["encoding"]
    assert isinstance(text, str) and isinstance(encoding, str)
    return stored_hand(file, line, text, encoding)
