"""Cutting input files into blocks of whole hands, so that workers read the hands themselves.

With several jobs, the process that reads the input must keep up with all the
workers.  Splitting lines, decoding them and collecting them into hands
(:func:`razzlog.sources.iter_raw_hands`) costs about a tenth of what auditing a
hand does, and pickling the lines to a worker more, so the reading process
would need a CPU of its own.  Instead it reads a file in large pieces of bytes,
cuts them just before a line that starts a hand, counts the line breaks and
sends the bytes: a :class:`HandBlock`.  The worker decodes the block and cuts
it into hands with the same code the serial reading uses
(:func:`razzlog.sources.hands_of_runs`): a block after the file's first
starts with a hand header, where that code forgets all it has seen, so
:func:`hands_of_block` over the blocks of a file yields exactly what
:func:`~razzlog.sources.iter_raw_hands` yields for it.

UTF-16 files (Full Tilt's) are cut the same way, on even offsets only, and
their line breaks counted in the decoded text.  Where bytes cannot be cut the
file is read the serial way, hand by hand: standard input (its size is unknown
and it cannot be re-read), and the rest of a file in which no hand header is
found within :data:`MAX_BLOCK_BYTES`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from razzlog.lines import PLAIN, UTF8_BOM, UTF16_BE, UTF16_LE, decoded_lines, decoded_runs, encoding_mode
from razzlog.sources import (
    CONTEXT_PREFIXES,
    HEADER_PREFIXES,
    SHAPED_HEADER,
    SHAPED_HEADER_NEXT,
    STDIN,
    RawHand,
    ReadProgress,
    hands_of_runs,
    iter_input_files,
    iter_raw_hands,
)
from razzlog.violations import Violation

BLOCK_BYTES = 384 * 1024  # a block is cut at the first hand header after this many bytes
# A piece of a file this long with no hand header to cut at is not cut: the
# rest of the file is read hand by hand (memory stays bounded).
MAX_BLOCK_BYTES = 16 * 1024 * 1024


def _cut_pattern(encoding: str) -> re.Pattern[bytes]:
    """A line break followed by a hand header, in ``encoding``: where a block may end.

    In ASCII-compatible files also a KingsClub header followed by its date line
    (:data:`razzlog.sources.SHAPED_HEADER`, exactly what the serial reading takes
    for a header; UTF-16 files, which KingsClub does not write, are not cut there:
    a block only needs to start at a header, not to end at every one)."""
    breaks = b"|".join(re.escape(c.encode(encoding)) for c in "\r\n")
    headers = b"|".join(re.escape(prefix.encode(encoding)) for prefix in HEADER_PREFIXES)
    if encoding == "ascii":
        line = SHAPED_HEADER.pattern.replace("[^\\n]", "[^\\r\\n]").encode("ascii")
        date = SHAPED_HEADER_NEXT.pattern.encode("ascii")
        headers += b"|" + line + b"[^\r\n]*(?:\r\n|\r|\n)" + date + b"(?:\r|\n)"
    return re.compile(b"(?:" + breaks + b")(?=" + headers + b")")


# Per encoding mode: the pattern, and the size of a code unit (a UTF-16 match must
# start on a character, at an even offset: the BOM and every block are even).
_CUTS = {
    PLAIN: (_cut_pattern("ascii"), 1),
    UTF8_BOM: (_cut_pattern("ascii"), 1),
    UTF16_LE: (_cut_pattern("utf-16-le"), 2),
    UTF16_BE: (_cut_pattern("utf-16-be"), 2),
}


@dataclass(frozen=True, slots=True)
class HandBlock:
    """Consecutive whole lines of a file, starting at the file's start or at a hand header."""

    file: str  # the path, as given
    first_line: int  # 1-based line number of the block's first line
    data: bytes  # ends with a line break unless it ends the file
    mode: str | None  # the file's encoding mode (razzlog.lines.encoding_mode); None: the file's start
    in_folder: bool = False  # found in a folder: no hand history in it is a warning (sources.hands_of_lines)
    # the file's context lines in force where the block starts (sources.CONTEXT_PREFIXES)
    context: tuple[tuple[int, str], ...] = ()


def hands_of_block(block: HandBlock) -> Iterator[RawHand | Violation]:
    """The hands of ``block`` (and the violations of its text), as the serial reading finds them."""
    runs = decoded_runs(iter((block.data,)), block.mode)
    return hands_of_runs(block.file, runs, block.first_line, block.in_folder, block.context)


def _context_after(
    data: bytes, mode: str, block_mode: str | None, first_line: int, context: tuple[tuple[int, str], ...]
) -> tuple[tuple[int, str], ...]:
    """The context lines in force after ``data`` (a block starting at line ``first_line`` with
    ``context`` in force): the block's last context line, decoded as the serial reading decodes
    it, or ``context``.  Only a block that holds a context prefix at all is decoded (a Merge
    file's first block, as a rule), so other files cost one ``bytes.find`` per prefix."""
    encoding = "ascii" if mode in (PLAIN, UTF8_BOM) else mode
    # (a prefix's first byte is looked for first, as fast as memory reads: most files have none)
    needles = [prefix.encode(encoding) for prefix in CONTEXT_PREFIXES]
    if not any(needle[:1] in data and needle in data for needle in needles):
        return context
    for lineno, (line, _) in enumerate(decoded_lines(iter((data,)), block_mode), start=first_line):
        if line.startswith(CONTEXT_PREFIXES):
            context = ((lineno, line),)
    return context


def iter_blocks(
    paths: Iterable[str],
    block_bytes: int = BLOCK_BYTES,
    progress: ReadProgress | None = None,
    max_block_bytes: int | None = None,
) -> Iterator[HandBlock | RawHand | Violation]:
    """Every file of ``paths`` in order, as blocks of hands where it can be cut into blocks, and
    otherwise as its hands (or the violation saying why it has none), one by one.

    ``progress``, if given, counts the bytes read; ``max_block_bytes`` (default
    :data:`MAX_BLOCK_BYTES`) is how far to read for a header to cut at."""
    longest = MAX_BLOCK_BYTES if max_block_bytes is None else max_block_bytes
    for item in iter_input_files(paths):
        if isinstance(item, Violation):
            yield item
        elif item[0] == STDIN:
            yield from iter_raw_hands([item[0]], progress)
        else:
            yield from _blocks_of_file(*item, block_bytes, longest, progress)


def _blocks_of_file(
    path: str, in_folder: bool, block_bytes: int, max_block_bytes: int, progress: ReadProgress | None
) -> Iterator[HandBlock | RawHand | Violation]:
    try:
        stream: BinaryIO = open(path, "rb")  # noqa: SIM115 - closed below, when the blocks are read
    except OSError:
        yield from iter_raw_hands([path], progress)  # says why it cannot be read, as it would
        return
    with stream:
        try:
            head = _read(stream, max(block_bytes, 3), progress)  # enough to see a BOM
        except OSError:
            yield from iter_raw_hands([path], progress)
            return
        mode = encoding_mode(head)
        yield from _cut_blocks(
            path, stream, head, mode, block_bytes, max_block_bytes, progress, in_folder=in_folder
        )


def blocks_of_range(
    path: str,
    name: str,
    start: int,
    end: int,
    first_line: int,
    mode: str | None,
    block_bytes: int = BLOCK_BYTES,
    progress: ReadProgress | None = None,
    in_folder: bool = False,
) -> Iterator[HandBlock | RawHand | Violation]:
    """The blocks of bytes ``start`` to ``end`` of ``path``, whose hands and violations are to
    name the file ``name``: the whole file (``start`` 0, ``mode`` None), or its part from the
    start of line ``first_line`` on, which (after blank lines) starts with a hand header and is
    in encoding ``mode``.  What the store reads of a file that grew (:mod:`razzlog.store`).
    ``in_folder``: the file was found in a folder (see :class:`HandBlock`).
    OSError if the file cannot be opened."""
    context = _context_before(path, start) if start else ()
    with open(path, "rb") as raw:
        raw.seek(start)
        stream = _Limited(raw, end - start)
        head = _read(stream, max(block_bytes, 3), progress)
        file_mode = encoding_mode(head) if mode is None else mode
        yield from _cut_blocks(
            name,
            stream,
            head,
            file_mode,
            block_bytes,
            MAX_BLOCK_BYTES,
            progress,
            first_line,
            mode,
            in_folder,
            context,
        )


def _context_before(path: str, start: int) -> tuple[tuple[int, str], ...]:
    """The context lines in force at byte ``start`` of ``path`` (the start of a line): the
    latest one before it, numbered as the serial reading numbers it.  The bytes before are
    searched first (a file without a context prefix is not decoded)."""

    def chunks() -> Iterator[bytes]:
        with open(path, "rb") as stream:
            left = start
            while left > 0 and (piece := stream.read(min(left, 1024 * 1024))):
                left -= len(piece)
                yield piece

    head = b"".join(c for _, c in zip(range(1), chunks(), strict=False))
    mode = encoding_mode(head)
    encoding = "ascii" if mode in (PLAIN, UTF8_BOM) else mode
    needles = [prefix.encode(encoding) for prefix in CONTEXT_PREFIXES]
    longest = max(len(n) for n in needles)
    found, tail = False, b""
    for piece in chunks():
        window = tail + piece
        if any(n in window for n in needles):
            found = True
            break
        tail = window[-longest:]
    context: tuple[tuple[int, str], ...] = ()
    if found:
        for lineno, (line, _) in enumerate(decoded_lines(chunks()), start=1):
            if line.startswith(CONTEXT_PREFIXES):
                context = ((lineno, line),)
    return context


class _Limited:
    """The next ``left`` bytes of a stream, and no more (a file still being written grows)."""

    def __init__(self, stream: BinaryIO, left: int) -> None:
        self.stream = stream
        self.left = left

    def read(self, size: int = -1) -> bytes:
        want = self.left if size < 0 else min(size, self.left)
        data = self.stream.read(want) if want else b""
        self.left -= len(data)
        return data


def _cut_blocks(
    path: str,
    stream: BinaryIO | _Limited,
    buffer: bytes,
    mode: str,
    block_bytes: int,
    max_block_bytes: int,
    progress: ReadProgress | None,
    first_line: int = 1,
    block_mode: str | None = None,  # None: the first block decodes the file's start (its BOM) itself
    in_folder: bool = False,
    context: tuple[tuple[int, str], ...] = (),  # the context lines in force at the first block
) -> Iterator[HandBlock | RawHand | Violation]:
    at_end = not buffer
    want = block_bytes
    failed: OSError | None = None
    try:
        while not at_end:
            while len(buffer) < want and not at_end:
                piece = _read(stream, block_bytes, progress)
                buffer += piece
                at_end = not piece
            cut = _last_cut(buffer, mode, first_block=block_mode is None)
            if cut is None:
                if len(buffer) < max_block_bytes and not at_end:
                    want = 2 * len(buffer)  # read on to a header to cut at
                    continue
                break
            data = buffer[:cut]  # (one copy: this process cuts every block while the workers wait)
            yield HandBlock(path, first_line, data, block_mode, in_folder, context)
            context = _context_after(data, mode, block_mode, first_line, context)
            first_line += _line_breaks(data, mode, block_mode is None)
            block_mode = mode
            buffer = buffer[cut:]
            want = block_bytes
    except OSError as exc:
        failed = exc
    if at_end and failed is None:
        if buffer or block_mode is None:  # an empty file is one (empty) block: it has no hands
            yield HandBlock(path, first_line, buffer, block_mode, in_folder, context)
        return
    # No header to cut at within MAX_BLOCK_BYTES, or reading failed: the rest is read
    # hand by hand from where the blocks stopped, by the serial reading's own code (which
    # reports a read error where it would have).
    rest = _then_fail(buffer, failed) if failed is not None else _chunks_after(buffer, stream, progress)
    yield from hands_of_runs(path, decoded_runs(rest, block_mode), first_line, in_folder, context)


def _read(stream: BinaryIO | _Limited, size: int, progress: ReadProgress | None) -> bytes:
    data = stream.read(size)
    if progress is not None:
        progress.done += len(data)
    return data


def _then_fail(buffer: bytes, exc: OSError) -> Iterator[bytes]:
    """``buffer``, then the error that stopped the reading."""
    yield buffer
    raise exc


def _chunks_after(
    buffer: bytes, stream: BinaryIO | _Limited, progress: ReadProgress | None
) -> Iterator[bytes]:
    yield buffer
    while piece := _read(stream, 64 * 1024, progress):
        yield piece


def _last_cut(buffer: bytes, mode: str, first_block: bool) -> int | None:
    """Where to end a block in ``buffer``: the start of its last line that starts a hand, or None.

    The file's first block must also hold a hand header found the same way
    before the cut, so that the text before the file's first header is judged
    in that block."""
    pattern, unit = _CUTS[mode]
    starts = _last_starts(pattern, unit, buffer) or _starts(pattern, unit, buffer, 0)
    if not starts:
        return None
    cut = starts[-1]
    if first_block and not _any_start(pattern, unit, buffer[: cut - unit]):
        return None
    return cut


# How far from a buffer's end the last hand header is looked for first: a hand or two (most
# logs' hands are 1-3 KB), then eight times as far, and so on up to the buffer's second half.
_TAIL_BYTES = 4 * 1024


def _last_starts(pattern: re.Pattern[bytes], unit: int, buffer: bytes) -> list[int]:
    """``_starts(pattern, unit, buffer, len(buffer) // 2)``, or at least its last element.

    The main process cuts every block of the input, with its CPU taken from the
    workers', so it first searches only the buffer's last hand or two (the
    pattern is tried at every byte it searches: a first window of 32 KiB cost
    ~11,000 instructions a hand of the input, and 4 KiB saved ~10,000 of
    them), then a window eight times as long, and so on.  In the
    ASCII-compatible encodings a match is the one line break before a header,
    found wherever the search starts: the last one after a window's start, if
    any, is the last one of the second half.
    (UTF-16's two-byte breaks could overlap a match at an odd offset, so it
    searches the half.)"""
    half = max(0, len(buffer) // 2)
    window = _TAIL_BYTES
    while unit == 1 and len(buffer) - window > half:
        found = _starts(pattern, unit, buffer, len(buffer) - window)
        if found:
            return found
        window *= 8
    return _starts(pattern, unit, buffer, half)


def _starts(pattern: re.Pattern[bytes], unit: int, buffer: bytes, start: int) -> list[int]:
    """Where the lines that start a hand start, in ``buffer`` from ``start``."""
    return [m.end() for m in pattern.finditer(buffer, start) if m.start() % unit == 0]


def _any_start(pattern: re.Pattern[bytes], unit: int, buffer: bytes) -> bool:
    """Whether ``_starts(pattern, unit, buffer, 0)`` is not empty (searched only up to its first
    element: the file's first block is searched from its start)."""
    return any(m.start() % unit == 0 for m in pattern.finditer(buffer))


def _line_breaks(data: bytes, mode: str, at_start: bool) -> int:
    """The physical lines ``data`` ends (``\\n``, ``\\r\\n`` or a lone ``\\r``); UTF-16 is
    counted in its text (its BOM left out at the file's start), where a break's
    bytes cannot be mistaken for part of another character."""
    if mode in (UTF16_LE, UTF16_BE):
        text = (data[2:] if at_start else data).decode(mode, errors="replace")
        return text.count("\n") + text.count("\r") - text.count("\r\n")
    breaks = data.count(b"\n")
    if b"\r" in data:  # (a byte looked for as fast as memory reads: most files have no \r)
        breaks += data.count(b"\r") - data.count(b"\r\n")
    return breaks
