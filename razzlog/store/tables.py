"""Reading a store: its tables as polars frames, at the generation its manifest names.

Every reader goes through :func:`open_store`, which reads the manifest once:
the :class:`Store` it returns sees that generation whole, whatever imports
commit meanwhile.  Nothing else reads the store's files.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from razzlog.rules.catalogue.rz503_duplicate_hand import SeenHands
from razzlog.store.manifest import Manifest, Segment, StoreError, read_manifest
from razzlog.store.schema import SCHEMAS, TABLES, empty
from razzlog.violations import Severity, Violation


@dataclass(frozen=True, slots=True)
class Store:
    """A store as one manifest names it."""

    root: Path
    manifest: Manifest

    def scan(self, table: str) -> pl.LazyFrame:
        """The whole table, lazily (``hands``, ``player_hands``, ``actions``, ``violations``, ``files``)."""
        if table not in TABLES:
            raise ValueError(f"no table {table!r}: the store has {', '.join(TABLES)}")
        paths = [str(self.root / p) for p in self.manifest.table_files(table)]
        if not paths:
            return empty(table).lazy()
        return pl.scan_parquet(paths, schema=SCHEMAS[table])

    def scan_segment(self, segment: Segment, table: str) -> pl.LazyFrame:
        return pl.scan_parquet(self.root / segment.path(table), schema=SCHEMAS[table])

    def files(self) -> pl.DataFrame:
        return self.scan("files").collect()

    @property
    def hands(self) -> int:
        return sum(s.hands for s in self.manifest.segments)


def open_store(root: Path) -> Store:
    """The store at ``root`` as its manifest names it now; StoreError if there is none."""
    manifest = read_manifest(root)
    if manifest is None:
        raise StoreError(f"no store at {root}: create one with 'razzlog import PATH… --store {root}'")
    return Store(root, manifest)


def seen_hands(root: Path, segments: Iterable[Segment]) -> SeenHands:
    """The stored hands' first sightings, as the ``duplicate-hand`` check keeps them."""
    seen = SeenHands()
    store = Store(root, Manifest(segments=tuple(segments)))
    first = (
        store.scan("hands")
        .filter("first_sighting")
        .select("file_id", "line", "site", "hand_id", "digest", "file")
        .sort("file_id", "line")
        .collect()
    )
    for _, line, site, hand_id, digest, file in first.iter_rows():
        seen.add(site, hand_id, digest, file, line)
    return seen


def duplicate_sources(root: Path, manifest: Manifest, file_ids: set[int]) -> set[int]:
    """The other files with a hand whose first copy is a stored hand of ``file_ids``: the
    ``duplicate-hand`` violations they hold point at hands that are about to go."""
    if not manifest.segments:
        return set()
    store = Store(root, manifest)
    ids = list(file_ids)
    firsts = (
        store.scan("hands")
        .filter(pl.col("file_id").is_in(ids) & pl.col("first_sighting"))
        .select("site", "hand_id")
    )
    copies = (
        store.scan("violations")
        .filter((pl.col("rule") == "duplicate-hand") & ~pl.col("file_id").is_in(ids))
        .join(firsts, on=["site", "hand_id"], how="semi")
        .select("file_id")
        .unique()
        .collect()
    )
    return {int(i) for i in copies["file_id"].to_list()}


__all__ = ["Store", "StoreError", "duplicate_sources", "open_store", "seen_hands", "violation_of_row"]


def violation_of_row(row: dict[str, Any]) -> Violation:
    """A row of the ``violations`` table as the audit's :class:`~razzlog.violations.Violation`."""
    return Violation(
        row["rule"],
        Severity(row["severity"]),
        row["file"],
        row["line"],
        row["site"],
        row["hand_id"],
        row["player"],
        row["street"],
        row["message"],
        row["column"],
    )
