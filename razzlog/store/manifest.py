"""The manifest: the one small file that says which data files make up the store.

A store is a folder of Parquet files plus ``manifest.json``.  Data files are
never changed once written; an import writes new ones and then commits by
replacing the manifest atomically (write a temporary file, ``fsync``,
``rename`` over the old one, ``fsync`` the folder), as Delta Lake and Iceberg
do.  A reader opens the manifest once and reads the files it names, so it sees
the store before an import or after it, never in between, and a process
killed at any moment leaves either manifest whole.  Files that the manifest
does not name (those of an import that was killed, or replaced by a later one)
are removed after each commit, under the lock.

Imports take an exclusive lock (``flock`` on ``lock``): a second import waits
for the first.  Readers take no lock.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from razzlog.store.schema import SCHEMA_VERSION, SEGMENT_TABLES, STORE_FORMAT, TOTALS

MANIFEST = "manifest.json"
LOCK = "lock"
ENV_VAR = "RAZZLOG_STORE"


class StoreError(Exception):
    """A store that cannot be used as asked: not a store, another version, locked…"""


@dataclass(frozen=True, slots=True)
class Segment:
    """One import's rows of the four hand tables: a Parquet file per table."""

    name: str  # the files are ``<table>/<name>.parquet``
    hands: int
    rows: dict[str, int]  # per table
    file_ids: list[int]  # the files whose rows it holds
    # the statistics' sums of its rows (razzlog.store.totals): their version, and how many hands
    # they are of (no count: none could be made); None: written by an older razzlog
    totals: dict[str, int] | None = None

    def path(self, table: str) -> str:
        return f"{table}/{self.name}.parquet"

    def files(self) -> list[str]:
        """The segment's data files: one per table, and its totals if it has them."""
        written = self.totals is not None and "hands" in self.totals  # (else: none could be made)
        return [self.path(t) for t in SEGMENT_TABLES] + ([self.path(TOTALS)] if written else [])


@dataclass(frozen=True, slots=True)
class Manifest:
    generation: int = 0
    schema_version: int = SCHEMA_VERSION
    profile: str = "auto"
    open_pair_double: bool = False
    next_hand_key: int = 0
    next_file_id: int = 0
    segments: tuple[Segment, ...] = ()
    files: str | None = None  # ``files/<generation>.parquet``

    def data_files(self) -> list[str]:
        """Every data file this manifest names (relative to the store)."""
        out = [f for s in self.segments for f in s.files()]
        if self.files is not None:
            out.append(self.files)
        return out

    def table_files(self, table: str) -> list[str]:
        if table == "files":
            return [self.files] if self.files is not None else []
        return [s.path(table) for s in self.segments]

    def to_json(self) -> str:
        doc: dict[str, Any] = {"format": STORE_FORMAT, **asdict(self)}
        doc["segments"] = [asdict(s) for s in self.segments]
        return json.dumps(doc, indent=1, sort_keys=True) + "\n"


def default_store() -> Path:
    """``RAZZLOG_STORE``, or the user's data folder (XDG on Linux, as platformdirs says)."""
    configured = os.environ.get(ENV_VAR)
    if configured:
        return Path(configured).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("razzlog", appauthor=False)) / "store"


def read_manifest(root: Path) -> Manifest | None:
    """The store's manifest; None for a folder that is no store yet (missing or empty).

    StoreError for a folder that holds something else, or a store of another
    schema version (docs/store.md says what each version added; older stores are imported again).
    """
    path = root / MANIFEST
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if root.exists() and not root.is_dir():
            raise StoreError(f"{root} is a file, not a store folder") from None
        if root.is_dir() and any(
            p.name not in (LOCK, *SEGMENT_TABLES, TOTALS, "files") for p in root.iterdir()
        ):
            raise StoreError(f"{root} is not a razzlog store (no {MANIFEST}) and is not empty") from None
        return None
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        doc = json.loads(text)
    except ValueError:
        raise StoreError(f"{path} is damaged: not JSON") from None
    if not isinstance(doc, dict) or doc.get("format") != STORE_FORMAT:
        raise StoreError(f"{path} is not a razzlog store manifest")
    version = doc.get("schema_version")
    if not isinstance(version, int):
        raise StoreError(f"{path} has no schema version")
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{root} was written by a newer razzlog (store schema {version}; this razzlog reads "
            f"{SCHEMA_VERSION}): upgrade razzlog"
        )
    if version < SCHEMA_VERSION:
        raise StoreError(
            f"{root} is a store of schema {version}, which this razzlog (schema {SCHEMA_VERSION}) cannot "
            "upgrade: import the files again into a new store"
        )
    return _manifest(doc)


def _manifest(doc: dict[str, Any]) -> Manifest:
    segments = tuple(
        Segment(
            s["name"],
            int(s["hands"]),
            {k: int(v) for k, v in s["rows"].items()},
            list(s["file_ids"]),
            {k: int(v) for k, v in s["totals"].items()} if isinstance(s.get("totals"), dict) else None,
        )
        for s in doc.get("segments", [])
    )
    return Manifest(
        generation=int(doc["generation"]),
        schema_version=int(doc["schema_version"]),
        profile=str(doc.get("profile", "auto")),
        open_pair_double=bool(doc.get("open_pair_double", False)),
        next_hand_key=int(doc.get("next_hand_key", 0)),
        next_file_id=int(doc.get("next_file_id", 0)),
        segments=segments,
        files=doc.get("files"),
    )


def commit(root: Path, manifest: Manifest) -> None:
    """Make ``manifest`` the store's, atomically and durably."""
    path = root / MANIFEST
    temporary = root / f".{MANIFEST}.{os.getpid()}.tmp"
    with open(temporary, "w", encoding="utf-8") as out:
        out.write(manifest.to_json())
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)
    sync_folder(root)


def sync_folder(folder: Path) -> None:
    """Make the folder's entries (new names, renames) durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def locked(root: Path, on_wait: Callable[[str], None] | None = None, wait: bool = True) -> Iterator[None]:
    """Hold the store's import lock; wait for it (telling ``on_wait`` why), or StoreError if not ``wait``."""
    root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip() or "another process"
            message = f"{root} is being written by another import (process {holder})"
            if not wait:
                raise StoreError(message) from None
            if on_wait is not None:
                on_wait(f"{message}; waiting for it to finish")
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def collect_garbage(root: Path, manifest: Manifest | None) -> int:
    """Remove the data files that ``manifest`` does not name (left by an import that was
    killed, or replaced since); how many were removed.

    Run right after a commit, so that a folder of Parquet files read by another
    tool holds the store's rows and nothing else.  (A razzlog reader that opened
    the manifest before the commit and finds a file gone reads the new one.)"""
    keep = set(manifest.data_files()) if manifest is not None else set()
    removed = 0
    for table in (*SEGMENT_TABLES, TOTALS, "files"):
        folder = root / table
        if not folder.is_dir():
            continue
        for entry in folder.iterdir():
            if f"{table}/{entry.name}" not in keep:
                entry.unlink(missing_ok=True)
                removed += 1
    for entry in root.glob(f".{MANIFEST}.*.tmp"):
        entry.unlink(missing_ok=True)
    return removed


def check_profile(manifest: Manifest, profile: str | None, open_pair_double: bool | None) -> None:
    """StoreError if the profile asked for (None: the store's) is not the one the store's violations
    were found under."""
    asked = (
        profile or manifest.profile,
        manifest.open_pair_double if open_pair_double is None else open_pair_double,
    )
    if asked != (manifest.profile, manifest.open_pair_double):
        double = " with --open-pair-double" if manifest.open_pair_double else ""
        raise StoreError(
            f"this store's violations were found under profile '{manifest.profile}'{double}; "
            "import into another store to use another profile"
        )
