"""Cutting a file's lines into hands: where each hand starts and ends.

:func:`hands_of_runs` takes a file's decoded lines (runs of one encoding, from
:func:`razzlog.lines.decoded_runs`) and yields its hands (:class:`RawHand`) and
the violations of its text that belongs to no hand: text before the first
header, a "hand" too long to be one, a read error, no header at all.  A hand
starts at a site's header (KingsClub's two-line header is held one line), a
context line (a tournament's) ends it, blank lines and archive separators
between hands are dropped.  :mod:`razzlog.sources` reads whole files with it,
:mod:`razzlog.blocks` the blocks its workers are given.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Final

from razzlog.headers import (
    ARCHIVE_SEPARATOR_STARTS,
    CONTEXT_PREFIXES,
    HEADER_PREFIXES,
    SHAPED_HEADER,
    SHAPED_HEADER_NEXT,
    file_looks_like,
    header_site,
    is_archive_separator,
    is_header,
    unknown_format_message,
)
from razzlog.raw_hands import (
    MAX_HAND_LINES,
    NOT_A_HAND_HISTORY_MESSAGE,
    TEXT_BEFORE_HEADER_MESSAGE,
    RawHand,
    display_name,
    file_violation,
    read_error,
)
from razzlog.violations import Severity, Violation


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
# per ASCII first character, the prefixes of _MAY_BE_MORE that start with it (compiled,
# ``startswith`` of a tuple is a generic method call: 1,000 instructions for a "*** " line)
_MORE_OF: Final = [tuple(p for p in _MAY_BE_MORE if ord(p[0]) == c) for c in range(128)]


def _starts_with_any(line: str, prefixes: tuple[str, ...]) -> bool:
    n = len(line)
    for prefix in prefixes:
        # (the prefix's last character compared first: "*** 3rd STREET ***" is not "********",
        # nor "Hero: bets" "Hand #", without a call of ``startswith``)
        last = len(prefix) - 1
        if last < n and ord(line[last]) == ord(prefix[last]) and line.startswith(prefix):
            return True
    return False


def _unicode_space(c: int) -> bool:
    """``chr(c).isspace()`` for a character past ASCII: the Unicode white space.  (Compiled, the
    one-character string and the method call cost ~250 instructions a line that starts past ASCII,
    a few lines a hand of names in other scripts.)"""
    if c < 0x1680:
        return c == 0x85 or c == 0xA0
    return c == 0x1680 or 0x2000 <= c <= 0x200A or c in (0x2028, 0x2029, 0x202F, 0x205F, 0x3000)


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
        more_of = _MORE_OF
        limit = MAX_HAND_LINES
        for line in run:
            lineno += 1
            lines = self.lines
            # (what mark then cut would do with the line, in short: nothing but append it)
            if lines and line and self.held is None and len(lines) + self.blanks < limit:
                first = ord(line[0])
                if first < 128:
                    kind = first_chars[first]
                    ordinary = kind == 1 or (
                        kind == 2 and not _starts_with_any(line, more_of[first]) and "\x00" not in line
                    )
                else:  # (a first character that is no ASCII, and a line of the hand unless a space)
                    ordinary = not _unicode_space(first)
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
                    file_violation(
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
            too_long = file_violation(
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
                self.found.append(replace(file_violation(self.path, 1, message), severity=Severity.WARNING))
            else:
                self.found.append(file_violation(self.path, 1, unknown_format_message(self.first_text)))
