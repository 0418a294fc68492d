"""Reading a store: its tables as polars frames, at the generation its manifest names.

Every reader goes through :func:`open_store`, which reads the manifest once:
the :class:`Store` it returns sees that generation whole, whatever imports
commit meanwhile.  Nothing else reads the store's files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import polars as pl

from razzlog.rules.catalogue.rz503_duplicate_hand import SeenHands
from razzlog.store.manifest import Manifest, Segment, StoreError, read_manifest
from razzlog.store.schema import SCHEMAS, TABLES, empty
from razzlog.violations import Severity, Violation

T = TypeVar("T")

# The violations of a hand that did not become a hand: no text to parse, or another game.
UNPARSED_RULES = ("parse-error", "truncated-hand", "unknown-format")


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


def open_store(root: Path) -> Store:
    """The store at ``root`` as its manifest names it now; StoreError if there is none."""
    manifest = read_manifest(root)
    if manifest is None:
        raise StoreError(f"no store at {root}: create one with 'razzlog import PATH… --store {root}'")
    return Store(root, manifest)


def read_store(root: Path, read: Callable[[Store], T], attempts: int = 3) -> T:
    """``read(store)`` at the store's current generation; again at the next one if an import
    committed meanwhile and removed a file the first was reading (``read`` must read everything
    it needs before it returns)."""
    for _ in range(attempts):
        store = open_store(root)
        try:
            return read(store)
        except FileNotFoundError:
            if open_store(root).manifest.generation == store.manifest.generation:
                raise
    raise StoreError(f"{root} changed {attempts} times while it was read: try again")


class StoredIds:
    """Which hand ids the store holds, as sorted hashes of (site, hand id): 8 bytes a hand.

    An import asks it about each chunk of new hands; only when one of them may
    already be stored (a copied folder, a file read again) are the stored hands
    loaded into the ``duplicate-hand`` check's :class:`SeenHands`, so adding a
    day's file to a store of millions of hands does not load them all.
    """

    def __init__(self, root: Path, segments: Iterable[Segment]) -> None:
        self.root = root
        self.segments = tuple(segments)
        store = Store(root, Manifest(segments=self.segments))
        self.hashes = (
            store.scan("hands").filter("first_sighting").select(_key_hash()).collect().to_series().sort()
        )

    def may_hold(self, keys: list[tuple[str, str]]) -> bool:
        """Whether any of these (site, hand id) may be stored (a hash collision says yes)."""
        if not keys or not self.hashes.len():
            return False
        asked = pl.DataFrame(keys, schema=["site", "hand_id"], orient="row").select(_key_hash()).to_series()
        where = self.hashes.search_sorted(asked).clip(0, self.hashes.len() - 1)
        return bool((self.hashes.gather(where) == asked).any())

    def load_into(self, seen: SeenHands) -> None:
        """Every stored first sighting into ``seen`` (whose hands so far are none of them)."""
        for site, hand_id, digest, file, line in _first_sightings(self.root, self.segments).iter_rows():
            seen.add(site, hand_id, digest, file, line)


def _key_hash() -> pl.Expr:
    return pl.struct("site", "hand_id").hash().alias("key_hash")


def _first_sightings(root: Path, segments: Iterable[Segment]) -> pl.DataFrame:
    return (
        Store(root, Manifest(segments=tuple(segments)))
        .scan("hands")
        .filter("first_sighting")
        .sort("file_id", "line")
        .select("site", "hand_id", "digest", "file", "line")
        .collect()
    )


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


__all__ = [
    "UNPARSED_RULES",
    "Store",
    "StoreError",
    "StoredIds",
    "duplicate_sources",
    "open_store",
    "read_store",
    "violation_of_row",
]
