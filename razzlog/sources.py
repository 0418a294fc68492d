"""Input: finding files, detecting their encoding and streaming hands out of them.

Everything here reads incrementally: a file (or standard input) is read in
chunks, split into physical lines, decoded (:mod:`razzlog.lines`) and cut into
hands (:mod:`razzlog.hand_cutting`, which yields :class:`~razzlog.raw_hands.RawHand`).
Only the lines of the hand being collected are kept in memory, so files of
any size stream through.

Encoding is decided per file from its first bytes:

* ``EF BB BF`` (UTF-8 BOM): ``utf-8-sig``; undecodable bytes become U+FFFD.
* ``FF FE`` / ``FE FF`` (UTF-16 BOM): ``utf-16-le`` / ``utf-16-be``, decoded
  incrementally; a stray odd byte at the very end is dropped silently (Full
  Tilt wrote such files).
* anything else: each line is UTF-8 if it decodes as UTF-8, otherwise
  ``cp1252``; a hand's ``encoding`` is ``cp1252`` if any of its lines needed
  it. The file is never scanned twice.

Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (universal newlines, counted
as physical lines), and a leading U+FEFF (a BOM left over from concatenated
files) is removed from every line.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from razzlog.hand_cutting import hands_of_lines as hands_of_lines
from razzlog.hand_cutting import hands_of_runs as hands_of_runs
from razzlog.headers import (
    CONTEXT_PREFIXES as CONTEXT_PREFIXES,
)
from razzlog.headers import (
    EXPECTED_HEADER as EXPECTED_HEADER,
)

# Where hands start, and what a file without one looks like (re-exported: defined here first).
from razzlog.headers import (
    HEADER_PREFIXES as HEADER_PREFIXES,
)
from razzlog.headers import (
    SHAPED_HEADER as SHAPED_HEADER,
)
from razzlog.headers import (
    SHAPED_HEADER_NEXT as SHAPED_HEADER_NEXT,
)
from razzlog.headers import (
    UNKNOWN_FORMAT_MESSAGE as UNKNOWN_FORMAT_MESSAGE,
)
from razzlog.headers import (
    file_looks_like as file_looks_like,
)
from razzlog.headers import (
    header_site as header_site,
)
from razzlog.headers import (
    is_archive_separator as is_archive_separator,
)
from razzlog.headers import (
    is_header as is_header,
)
from razzlog.headers import (
    is_shaped_header as is_shaped_header,
)
from razzlog.headers import (
    unknown_format_message as unknown_format_message,
)
from razzlog.headers import (
    without_nul as without_nul,
)
from razzlog.lines import MAX_LINE_LENGTH as MAX_LINE_LENGTH  # re-exported: it was defined here first
from razzlog.lines import decoded_lines, decoded_runs
from razzlog.raw_hands import FILE_NOT_FOUND_MESSAGE as FILE_NOT_FOUND_MESSAGE
from razzlog.raw_hands import MAX_HAND_LINES as MAX_HAND_LINES
from razzlog.raw_hands import NOT_A_HAND_HISTORY_MESSAGE as NOT_A_HAND_HISTORY_MESSAGE
from razzlog.raw_hands import STDIN as STDIN
from razzlog.raw_hands import STDIN_NAME as STDIN_NAME
from razzlog.raw_hands import TEXT_BEFORE_HEADER_MESSAGE as TEXT_BEFORE_HEADER_MESSAGE
from razzlog.raw_hands import RawHand as RawHand
from razzlog.raw_hands import display_name as display_name
from razzlog.raw_hands import file_violation as file_violation
from razzlog.raw_hands import os_message
from razzlog.raw_hands import read_error as read_error
from razzlog.raw_hands import stored_hand as stored_hand
from razzlog.raw_hands import stored_text as stored_text
from razzlog.reducers import register as register_reducers
from razzlog.violations import Severity, Violation

_CHUNK = 64 * 1024


class ReadProgress:
    """How far reading has got, for a progress display: bytes read of the input's total.

    ``total`` is None when it cannot be known (standard input).  Reading adds
    to ``done`` chunk by chunk, so it can be polled from the loop that
    consumes the hands.
    """

    __slots__ = ("done", "total")

    def __init__(self, total: int | None) -> None:
        self.total = total
        self.done = 0

    @classmethod
    def of(cls, paths: Iterable[str]) -> ReadProgress:
        """The total size of the files ``paths`` name (folders walked as :func:`iter_files` does)."""
        total = 0
        for item in iter_files(paths):
            if isinstance(item, Violation):
                continue
            if item == STDIN:
                return cls(None)
            try:
                total += os.path.getsize(item)
            except OSError:
                continue
        return cls(total)


# --------------------------------------------------------------------------- files


def iter_files(paths: Iterable[str]) -> Iterator[str | Violation]:
    """Every input file named by ``paths``, in order (see :func:`iter_input_files`)."""
    for item in iter_input_files(paths):
        yield item if isinstance(item, Violation) else item[0]


def iter_input_files(paths: Iterable[str]) -> Iterator[tuple[str, bool] | Violation]:
    """Every input file named by ``paths``, in order, and whether it was found in a folder (a
    file of no hand history there is skipped with a warning, not an error: see
    :func:`hands_of_lines`).

    A folder is walked recursively in sorted order (by name, folders and files
    interleaved), skipping entries whose name starts with ``"."``; it yields
    its regular files as ``os.path.join(folder, relative path)``. Symbolic
    links to folders are not followed inside a walk. ``"-"`` is standard input
    and is yielded as is, once: a second ``"-"`` names the stream already read. A path
    that does not exist yields an ``unknown-format`` violation at line 0 ("file not
    found").  Inside a folder, what is not a regular file (a FIFO, a socket, a
    device, a link to nothing) is never opened (a FIFO would block): it yields an
    ``unknown-format`` warning saying it was skipped.
    """
    stdin_seen = False
    for path in paths:
        if path == STDIN:
            if not stdin_seen:
                yield path, False
            stdin_seen = True
        elif os.path.isdir(path):
            yield from _walk(path)
        elif os.path.exists(path):
            yield path, False
        else:
            yield file_violation(path, 0, FILE_NOT_FOUND_MESSAGE)


def _walk(folder: str) -> Iterator[tuple[str, bool] | Violation]:
    try:
        with os.scandir(folder) as it:
            entries = sorted((e for e in it if not e.name.startswith(".")), key=lambda e: e.name)
    except OSError as exc:
        yield file_violation(folder, 0, os_message(exc, "folder"))
        return
    for entry in entries:
        full = os.path.join(folder, entry.name)
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
            is_file = not is_dir and entry.is_file()
        except OSError as exc:
            yield file_violation(full, 0, os_message(exc, "file"))
            continue
        if is_dir:
            yield from _walk(full)
        elif is_file:
            yield full, True
        else:
            yield _skipped(full)


def _skipped(path: str) -> Violation:
    """The warning for a folder's entry that is not a regular file: it is never opened."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        kind = "a link to nothing" if os.path.islink(path) else "not readable"
    else:
        kind = (
            "a FIFO"
            if stat.S_ISFIFO(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "not a regular file"
        )
    return Violation(
        rule="unknown-format",
        severity=Severity.WARNING,
        file=path,
        line=1,  # not 0: the run goes on, nothing was unreadable
        site=None,
        hand_id=None,
        player=None,
        street=None,
        message=f"{kind}, not a hand history file: skipped",
    )


# --------------------------------------------------------------------------- lines


def _chunks(stream: BinaryIO, progress: ReadProgress | None = None) -> Iterator[bytes]:
    read = getattr(stream, "read1", stream.read)
    while True:
        chunk: bytes = read(_CHUNK)
        if not chunk:
            return
        if progress is not None:
            progress.done += len(chunk)
        yield chunk


def _decoded_lines(stream: BinaryIO, progress: ReadProgress | None = None) -> Iterator[tuple[str, str]]:
    """``(line, encoding)`` for every physical line of ``stream``."""
    return decoded_lines(_chunks(stream, progress))


def _open(path: str) -> BinaryIO:
    if path == STDIN:
        if sys.stdin is None:  # started with standard input closed (``razzlog audit - <&-``)
            raise OSError(errno.EBADF, "standard input is closed")
        return sys.stdin.buffer
    return open(path, "rb")  # closed by the caller


def iter_lines(path: str) -> Iterator[str]:
    """The decoded physical lines of ``path`` (``"-"``: standard input), without endings.

    Raises ``OSError`` (e.g. ``FileNotFoundError``) if the file cannot be read.
    """
    for line, _ in _iter_lines_with_encoding(path):
        yield line


def _iter_lines_with_encoding(path: str, progress: ReadProgress | None = None) -> Iterator[tuple[str, str]]:
    stream = _open(path)
    try:
        yield from _decoded_lines(stream, progress)
    finally:
        if path != STDIN:
            stream.close()


# --------------------------------------------------------------------------- hands


def iter_raw_hands(
    paths: Iterable[str], progress: ReadProgress | None = None
) -> Iterator[RawHand | Violation]:
    """Every hand of every input file, in order, or the violation saying why there is none.

    Per file: non-blank text before the first header is a ``parse-error`` (at
    its first non-blank line) if the file has hands; a file without any hand
    header is one ``unknown-format`` violation at line 1; a file that cannot be
    read is an ``unknown-format`` violation at line 0 (or at the line where
    reading failed).  A file found in a folder that holds no hand header is
    an ``unknown-format`` warning instead (notes, tournament summaries: skipped).
    ``progress``, if given, counts the bytes read.
    """
    for item in iter_input_files(paths):
        if isinstance(item, Violation):
            yield item
        else:
            yield from _hands_of_file(*item, progress)


def _hands_of_file(
    path: str, in_folder: bool = False, progress: ReadProgress | None = None
) -> Iterator[RawHand | Violation]:
    return hands_of_runs(path, _iter_runs(path, progress), in_folder=in_folder)


def _iter_runs(path: str, progress: ReadProgress | None = None) -> Iterator[tuple[list[str], str]]:
    stream = _open(path)
    try:
        yield from decoded_runs(_chunks(stream, progress))
    finally:
        if path != STDIN:
            stream.close()


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
