"""Input: finding files, detecting their encoding and streaming hands out of them.

Everything here reads incrementally: a file (or standard input) is read in
chunks, split into physical lines, decoded line by line and cut into hands.
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
from dataclasses import dataclass, replace
from typing import BinaryIO

from razzlog.headers import (
    ARCHIVE_SEPARATOR_STARTS,
)
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
from razzlog.reducers import register as register_reducers
from razzlog.violations import Severity, Violation

STDIN = "-"
STDIN_NAME = "<stdin>"

# a file found in a folder (notes, a tournament summary…): a warning, the run goes on as if it were not there
NOT_A_HAND_HISTORY_MESSAGE = "not a hand history file (no hand header in it): skipped"
TEXT_BEFORE_HEADER_MESSAGE = f"text before the first hand header: {EXPECTED_HEADER}"
FILE_NOT_FOUND_MESSAGE = "file not found"

_CHUNK = 64 * 1024
# A "hand" longer than this many lines is not a hand: it is skipped up to the
# next header with a parse-error, so a header followed by gigabytes of other
# text cannot exhaust memory.
MAX_HAND_LINES = 20_000


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


@dataclass(frozen=True, slots=True)
class RawHand:
    """The lines of one hand, as found in the input."""

    file: str  # the path as given ("-" is "<stdin>"); in folders: join(folder, relative path)
    first_line: int  # 1-based physical line number of the header line
    lines: tuple[str, ...]  # without line endings; blank lines inside kept as ""; none trailing
    encoding: str  # "utf-8", "utf-8-sig", "utf-16-le", "utf-16-be" or "cp1252"
    # the file's context lines in force for this hand (CONTEXT_PREFIXES), as (line number, text)
    context: tuple[tuple[int, str], ...] = ()


# A context line kept with a stored hand's text (razzlog.store): before the hand's lines, as
# "\x01LINE\x01TEXT".  No hand's first line starts with \x01 (a header starts with its
# prefix, NULs aside), so a stored text that does holds context lines.
_STORED_CONTEXT = "\x01"


def stored_text(raw: RawHand) -> str:
    """A hand's text as the store keeps it: its lines joined by ``\n``, after its context lines."""
    context = [f"{_STORED_CONTEXT}{line}{_STORED_CONTEXT}{text}" for line, text in raw.context]
    return "\n".join([*context, *raw.lines])


def stored_hand(file: str, first_line: int, text: str, encoding: str) -> RawHand:
    """The hand :func:`stored_text` kept as ``text``."""
    lines = text.split("\n")
    context: list[tuple[int, str]] = []
    while len(lines) > 1 and lines[0].startswith(_STORED_CONTEXT):
        number, _, line = lines.pop(0)[1:].partition(_STORED_CONTEXT)
        context.append((int(number), line))
    return RawHand(file, first_line, tuple(lines), encoding, tuple(context))


def display_name(path: str) -> str:
    """The name used for ``path`` in hands and violations."""
    return STDIN_NAME if path == STDIN else path


def _file_violation(path: str, line: int, message: str, rule: str = "unknown-format") -> Violation:
    return Violation(
        rule=rule,
        severity=Severity.ERROR,
        file=display_name(path),
        line=line,
        site=None,
        hand_id=None,
        player=None,
        street=None,
        message=message,
    )


def _os_message(exc: OSError, what: str) -> str:
    reason = exc.strerror or str(exc)
    return f"cannot read {what}: {reason}"


def read_error(path: str, line: int, exc: OSError) -> Violation:
    """The violation for a file that could not be read at ``line`` (0: not at all)."""
    return _file_violation(path, line, _os_message(exc, "file"))


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
            yield _file_violation(path, 0, FILE_NOT_FOUND_MESSAGE)


def _walk(folder: str) -> Iterator[tuple[str, bool] | Violation]:
    try:
        with os.scandir(folder) as it:
            entries = sorted((e for e in it if not e.name.startswith(".")), key=lambda e: e.name)
    except OSError as exc:
        yield _file_violation(folder, 0, _os_message(exc, "folder"))
        return
    for entry in entries:
        full = os.path.join(folder, entry.name)
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
            is_file = not is_dir and entry.is_file()
        except OSError as exc:
            yield _file_violation(full, 0, _os_message(exc, "file"))
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


def hands_of_lines(
    path: str,
    numbered: Iterable[tuple[str, str]],
    first_lineno: int = 1,
    in_folder: bool = False,
    context: tuple[tuple[int, str], ...] = (),
) -> Iterator[RawHand | Violation]:
    """The hands of ``path`` whose ``(line, encoding)`` pairs, from line ``first_lineno`` on, are
    ``numbered``: :func:`hands_of_runs` of runs of one line."""
    return hands_of_runs(path, _one_line_runs(numbered), first_lineno, in_folder, context)


def _one_line_runs(numbered: Iterable[tuple[str, str]]) -> Iterator[tuple[list[str], str]]:
    # (a generator function: a generator expression, compiled, is read whole where it is passed,
    # and a read error would come before the hands read before it)
    for line, encoding in numbered:
        yield [line], encoding


def hands_of_runs(
    path: str,
    runs: Iterable[tuple[list[str], str]],
    first_lineno: int = 1,
    in_folder: bool = False,
    context: tuple[tuple[int, str], ...] = (),
) -> Iterator[RawHand | Violation]:
    """The hands of ``path`` whose lines, from line ``first_lineno`` on, are ``runs`` (lists of
    consecutive lines of one encoding, :func:`razzlog.lines.decoded_runs`): the whole file, or
    the rest of it from a hand header on (what :mod:`razzlog.blocks` hands to workers).  An
    ``OSError`` raised by ``runs`` becomes a violation at the line where reading failed.  No
    hand header at all is an ``unknown-format`` error at line 1, or a warning for a file found
    in a folder (``in_folder``): a folder of hand histories may hold notes or tournament
    summaries.  ``context``: the context lines (:data:`CONTEXT_PREFIXES`) in force where
    ``runs`` starts (a block of a file cut after them, :mod:`razzlog.blocks`).

    The hands of a run are yielded when the whole run is cut."""
    cutter = _HandCutter(path, first_lineno, in_folder, context)
    try:
        for lines, encoding in runs:
            cutter.feed(lines, encoding)
            if cutter.found:
                yield from cutter.take()
    except OSError as exc:
        cutter.failed(exc)
        yield from cutter.take()
        return
    cutter.ended()
    yield from cutter.take()


# How the lines that may be more than a line of the current hand start, after a first character
# that is neither ASCII whitespace nor a control: a header, a context line, KingsClub's "#"
# header, an archive separator (blank lines start with whitespace).  Each line's first
# character is looked up in _FIRST: 1, a line of the hand; 2, one if it does not start so and
# holds no NUL (a header is one whatever NULs are in it); 0, the whole test (:meth:`_HandCutter.mark`).
_MAY_BE_MORE = (*HEADER_PREFIXES, *CONTEXT_PREFIXES, "#", *ARCHIVE_SEPARATOR_STARTS)
_FIRST = bytes(0 if c <= 32 else 2 if chr(c) in {p[0] for p in _MAY_BE_MORE} else 1 for c in range(128))


class _HandCutter:
    """Cutting one file's lines into hands (:func:`hands_of_runs`): what was seen so far, and
    the hands and violations found and not yet taken (``found``).

    Most lines are one more line of the hand being collected: :meth:`feed` appends them after a
    look at their first character; the rest take :meth:`mark` and :meth:`cut`, line by line."""

    def __init__(
        self, path: str, first_lineno: int, in_folder: bool, context: tuple[tuple[int, str], ...]
    ) -> None:
        self.path = path
        self.name = display_name(path)
        self.in_folder = in_folder
        self.context = context  # the context lines in force (the last one seen)
        self.found: list[RawHand | Violation] = []
        self.lines: list[str] = []  # the current hand; empty: before the first header
        self.first_line = 0
        self.encoding = ""  # the current hand's: its header's, or "cp1252" if any line needed it
        self.blanks = 0  # blank lines seen after the current hand's last non-blank line
        self.skipping = False  # the current "hand" grew too long: ignore lines up to the next header
        self.seen_header = False
        self.text_before: int | None = None  # first non-blank line before the first header
        self.first_text: str | None = None  # and its text (what a file without a header looks like)
        self.lineno = first_lineno - 1  # the last line read
        # a line that may be a KingsClub header, held until the next line says whether it is one
        self.held: tuple[int, str, str] | None = None

    def take(self) -> list[RawHand | Violation]:
        found = self.found
        self.found = []
        return found

    def feed(self, run: list[str], encoding: str) -> None:
        """Cut the lines ``run``, in ``encoding``, that follow the lines already cut."""
        lineno = self.lineno
        cp1252 = encoding == "cp1252"
        first_chars = _FIRST
        more = _MAY_BE_MORE
        limit = MAX_HAND_LINES
        for line in run:
            lineno += 1
            lines = self.lines
            # (what mark then cut would do with the line, in short: nothing but append it)
            if lines and line and self.held is None and len(lines) + self.blanks < limit:
                first = ord(line[0])
                if first < 128:
                    kind = first_chars[first]
                    ordinary = kind == 1 or (kind == 2 and not line.startswith(more) and "\x00" not in line)
                else:  # (a first character that is no ASCII, and a line of the hand unless a space)
                    ordinary = not line[0].isspace()
                if ordinary:
                    if self.blanks:
                        lines.extend([""] * self.blanks)
                        self.blanks = 0
                    lines.append(line)
                    if cp1252:
                        self.encoding = "cp1252"
                    continue
            self.lineno = lineno
            self.mark(lineno, line, encoding)
        self.lineno = lineno

    def mark(self, lineno: int, line: str, encoding: str) -> None:
        """Decide whether the line starts a hand (for a held line: whether this one says it does)."""
        held = self.held
        if held is not None:
            self.held = None
            self.cut(held[0], held[1], held[2], SHAPED_HEADER_NEXT.fullmatch(line) is not None)
        if line.startswith(HEADER_PREFIXES) or ("\x00" in line and is_header(line)):
            self.cut(lineno, line, encoding, True)
        elif line.startswith("#") and SHAPED_HEADER.match(line):
            self.held = (lineno, line, encoding)
        else:
            self.cut(lineno, line, encoding, False)

    def finish(self) -> RawHand:
        return RawHand(self.name, self.first_line, tuple(self.lines), self.encoding, self.context)

    def cut(self, lineno: int, line: str, encoding: str, starts_hand: bool) -> None:
        """One line, in order, whether it starts a hand known."""
        if starts_hand:
            if self.lines:
                self.found.append(self.finish())
            elif not self.seen_header and self.text_before is not None:
                self.found.append(
                    _file_violation(
                        self.path, self.text_before, TEXT_BEFORE_HEADER_MESSAGE, rule="parse-error"
                    )
                )
            self.seen_header = True
            self.skipping = False
            self.lines = [line]
            self.first_line = lineno
            self.encoding = encoding
            self.blanks = 0
        elif line.startswith(CONTEXT_PREFIXES):
            # it ends the hand before it, and holds for the hands after it
            if self.lines:
                self.found.append(self.finish())
                self.lines = []
            self.skipping = False
            self.context = ((lineno, line),)
        elif self.skipping:
            return
        elif not self.lines:
            if (
                self.text_before is None
                and not self.seen_header
                and line.strip()
                and not is_archive_separator(line)
            ):
                self.text_before, self.first_text = lineno, line
        elif not line or line.isspace() or is_archive_separator(line):  # blank
            self.blanks += 1
        elif len(self.lines) + self.blanks >= MAX_HAND_LINES:
            too_long = _file_violation(
                self.path,
                self.first_line,
                f"hand runs on for more than {MAX_HAND_LINES} lines without a new hand "
                "header: skipped up to the next header",
                rule="parse-error",
            )
            # the site its header names: it is a hand, counted as one (razzlog.api.AuditSummary)
            self.found.append(replace(too_long, site=header_site(self.lines[0])))
            self.skipping = True
            self.lines = []
        else:
            if self.blanks:
                self.lines.extend([""] * self.blanks)
                self.blanks = 0
            self.lines.append(line)
            if encoding == "cp1252":
                self.encoding = "cp1252"

    def flush_held(self) -> None:
        """The input ended after a line held: it starts no hand."""
        held = self.held
        if held is not None:
            self.held = None
            self.cut(held[0], held[1], held[2], False)

    def failed(self, exc: OSError) -> None:
        """Reading failed after the lines cut so far."""
        self.flush_held()
        if self.lines:
            self.found.append(self.finish())
        self.found.append(read_error(self.path, self.lineno + 1 if self.lineno else 0, exc))

    def ended(self) -> None:
        """The input ended after the lines cut so far."""
        self.flush_held()
        if self.lines:
            self.found.append(self.finish())
        elif not self.seen_header:
            if self.in_folder:
                what = file_looks_like(self.first_text)
                message = (
                    NOT_A_HAND_HISTORY_MESSAGE if what is None else f"{what}: no hand razzlog reads, skipped"
                )
                self.found.append(replace(_file_violation(self.path, 1, message), severity=Severity.WARNING))
            else:
                self.found.append(_file_violation(self.path, 1, unknown_format_message(self.first_text)))


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
