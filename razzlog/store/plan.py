"""Which files an import reads, and from where: new, grown, unchanged or replaced.

See :mod:`razzlog.store.fingerprint` for how a change is recognised.  A grown
file is read from the line after the last one read only when that is safe:
the bytes read ended with a ``\\n``, the file's last hand parsed (a hand cut off
by a site still writing it is read again whole, with its file) and the new
bytes start, after blank lines, with a hand header.  Otherwise it is replaced.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from razzlog.lines import decoded_lines
from razzlog.sources import is_header
from razzlog.store.fingerprint import Fingerprint, fingerprint

NEW, GROWN, UNCHANGED, REPLACED = "new", "grown", "unchanged", "replaced"
STATUSES = (NEW, GROWN, UNCHANGED, REPLACED)
_PEEK = 64 * 1024


@dataclass(frozen=True, slots=True)
class FilePlan:
    """One input file and what this import does with it."""

    file_id: int
    path: str  # to open
    name: str  # what its hands and violations call it (the path it was first imported as)
    real_path: str
    status: str
    offset: int  # the byte to read from
    first_line: int  # that byte's line
    mode: str | None  # the file's encoding mode when reading from the middle, else None
    fingerprint: Fingerprint | None  # of the bytes to have read after this import (None: unchanged)
    mtime_ns: int
    old: dict[str, Any] | None  # the file's row in ``files`` before this import
    in_folder: bool = False  # found in a folder: no hand history in it is a warning (sources.hands_of_lines)

    @property
    def reads(self) -> bool:
        return self.status in (NEW, GROWN, REPLACED) and self.fingerprint is not None

    @property
    def bytes_to_read(self) -> int:
        return self.fingerprint.size - self.offset if self.fingerprint is not None and self.reads else 0


def storable(path: str) -> str:
    """A path as the store's (UTF-8) tables can hold it: bytes of a name that are not UTF-8 (which
    Python keeps as lone surrogates) as ``\\xe9`` escapes."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def plan_file(path: str, file_id: int, old: dict[str, Any] | None) -> FilePlan:
    """What to do with ``path``, given its row in ``files`` (None: never imported).  OSError if it
    cannot be read."""
    real = storable(os.path.realpath(path))
    stat = os.stat(path)
    if old is None:
        return _whole(path, storable(path), real, file_id, NEW, stat.st_mtime_ns, None)
    name = str(old["path"])
    if stat.st_size == old["size"] and stat.st_mtime_ns == old["mtime_ns"]:
        return FilePlan(file_id, path, name, real, UNCHANGED, 0, 1, None, None, stat.st_mtime_ns, old)
    size = int(old["size"])
    if stat.st_size < size:
        return _whole(path, storable(path), real, file_id, REPLACED, stat.st_mtime_ns, old)
    prints = fingerprint(path, prefix=size)
    if prints.prefix_digest != old["digest"]:
        return _whole(path, storable(path), real, file_id, REPLACED, stat.st_mtime_ns, old, prints)
    if prints.size == size:  # touched, not changed
        return FilePlan(file_id, path, name, real, UNCHANGED, 0, 1, None, prints, stat.st_mtime_ns, old)
    added = _added(path, size, prints.mode)
    if added == "blank":  # nothing to read, but the file's row takes the new bytes
        return FilePlan(file_id, path, name, real, UNCHANGED, 0, 1, None, prints, stat.st_mtime_ns, old)
    if old["ends_with"] != "lf" or old["last_unparsed"] or added != "hands":
        return _whole(path, storable(path), real, file_id, REPLACED, stat.st_mtime_ns, old, prints)
    first_line = int(old["line_breaks"]) + 1
    return FilePlan(
        file_id, path, name, real, GROWN, size, first_line, prints.mode, prints, stat.st_mtime_ns, old
    )


def _whole(
    path: str,
    name: str,
    real: str,
    file_id: int,
    status: str,
    mtime_ns: int,
    old: dict[str, Any] | None,
    prints: Fingerprint | None = None,
) -> FilePlan:
    prints = prints if prints is not None else fingerprint(path)
    return FilePlan(file_id, path, name, real, status, 0, 1, None, prints, mtime_ns, old)


def _added(path: str, offset: int, mode: str) -> str:
    """What the bytes from ``offset`` on hold: ``"hands"`` (blank lines, then a hand header),
    ``"blank"`` (only blank lines) or ``"other"``."""
    with open(path, "rb") as stream:
        stream.seek(offset)
        head = stream.read(_PEEK)
    lines = decoded_lines(iter((head,)), mode)
    for line, _ in lines:
        if line.strip():
            # (a KingsClub header is one only with its date line after it)
            following = next(lines, None)
            return "hands" if is_header(line, following[0] if following else None) else "other"
    return "blank" if len(head) < _PEEK else "other"
