"""Cutting input files into blocks of whole hands, so that workers read the hands themselves.

With several jobs, the process that reads the input must keep up with all the
workers.  Splitting lines, decoding them and collecting them into hands
(:func:`razzlog.sources.iter_raw_hands`) costs about a tenth of what auditing a
hand does, and pickling the lines to a worker more, so the reading process
would need a CPU of its own.  Instead it reads a file in large pieces of bytes,
cuts them just before a line that starts a hand, counts the line breaks and
sends the bytes: a :class:`HandBlock`.  The worker decodes the block and cuts
it into hands with the same code the serial reading uses
(:func:`razzlog.sources.hands_of_lines`): a block after the file's first
starts with a hand header, where that code forgets all it has seen, so
:func:`hands_of_block` over the blocks of a file yields exactly what
:func:`~razzlog.sources.iter_raw_hands` yields for it.

Where bytes cannot be cut safely the file is read the serial way, hand by hand:
standard input (its size is unknown and it cannot be re-read), UTF-16 files
(a header's bytes there depend on the alignment), and the rest of a file in
which no hand header is found within :data:`MAX_BLOCK_BYTES`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from razzlog.sources import (
    HEADER_PREFIXES,
    PLAIN,
    STDIN,
    UTF8_BOM,
    RawHand,
    ReadProgress,
    decoded_lines,
    encoding_mode,
    hands_of_lines,
    iter_files,
    iter_raw_hands,
    read_error,
)
from razzlog.violations import Violation

BLOCK_BYTES = 384 * 1024  # a block is cut at the first hand header after this many bytes
# A piece of a file this long with no hand header to cut at is not cut: the
# rest of the file is read hand by hand (memory stays bounded).
MAX_BLOCK_BYTES = 16 * 1024 * 1024

# A line break followed by a hand header: where a block may end.
_CUT = re.compile(
    b"[\r\n](?=" + b"|".join(re.escape(prefix.encode("ascii")) for prefix in HEADER_PREFIXES) + b")"
)


@dataclass(frozen=True, slots=True)
class HandBlock:
    """Consecutive whole lines of a file, starting at the file's start or at a hand header."""

    file: str  # the path, as given
    first_line: int  # 1-based line number of the block's first line
    data: bytes  # ends with a line break unless it ends the file
    mode: str | None  # the file's encoding mode (razzlog.sources.encoding_mode); None: the file's start


def hands_of_block(block: HandBlock) -> Iterator[RawHand | Violation]:
    """The hands of ``block`` (and the violations of its text), as the serial reading finds them."""
    lines = decoded_lines(iter((block.data,)), block.mode)
    return hands_of_lines(block.file, lines, block.first_line)


def iter_blocks(
    paths: Iterable[str],
    block_bytes: int = BLOCK_BYTES,
    progress: ReadProgress | None = None,
    max_block_bytes: int = MAX_BLOCK_BYTES,
) -> Iterator[HandBlock | RawHand | Violation]:
    """Every file of ``paths`` in order, as blocks of hands where it can be cut into blocks, and
    otherwise as its hands (or the violation saying why it has none), one by one.

    ``progress``, if given, counts the bytes read."""
    for item in iter_files(paths):
        if isinstance(item, Violation):
            yield item
        elif item == STDIN:
            yield from iter_raw_hands([item], progress)
        else:
            yield from _blocks_of_file(item, block_bytes, max_block_bytes, progress)


def _blocks_of_file(
    path: str, block_bytes: int, max_block_bytes: int, progress: ReadProgress | None
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
        if mode not in (PLAIN, UTF8_BOM):
            if progress is not None:
                progress.done -= len(head)
            yield from iter_raw_hands([path], progress)
            return
        yield from _cut_blocks(path, stream, head, mode, block_bytes, max_block_bytes, progress)


def _cut_blocks(
    path: str,
    stream: BinaryIO,
    buffer: bytes,
    mode: str,
    block_bytes: int,
    max_block_bytes: int,
    progress: ReadProgress | None,
) -> Iterator[HandBlock | RawHand | Violation]:
    first_line = 1
    block_mode: str | None = None  # the first block decodes the file's start (its BOM) itself
    at_end = not buffer
    want = block_bytes
    try:
        while not at_end:
            while len(buffer) < want and not at_end:
                piece = _read(stream, block_bytes, progress)
                buffer += piece
                at_end = not piece
            cut = _last_cut(buffer, first_block=block_mode is None)
            if cut is None:
                if len(buffer) < max_block_bytes and not at_end:
                    want = 2 * len(buffer)  # read on to a header to cut at
                    continue
                break
            yield HandBlock(path, first_line, buffer[:cut], block_mode)
            first_line += _line_breaks(buffer[:cut])
            block_mode = mode
            buffer = buffer[cut:]
            want = block_bytes
    except OSError as exc:
        # What was read up to the last line break is read; then, as the serial
        # reading does, the violation at the first line that could not be.
        whole = max(buffer.rfind(b"\n"), buffer.rfind(b"\r")) + 1
        if whole or block_mode is None:
            yield HandBlock(path, first_line, buffer[:whole], block_mode)
        lines_read = first_line - 1 + _line_breaks(buffer[:whole])
        yield read_error(path, lines_read + 1 if lines_read else 0, exc)
        return
    if at_end:
        if buffer or block_mode is None:  # an empty file is one (empty) block: it has no hands
            yield HandBlock(path, first_line, buffer, block_mode)
        return
    # No header to cut at within MAX_BLOCK_BYTES: the rest of the file is read hand
    # by hand, from where the blocks stopped.
    lines = decoded_lines(_chunks_after(buffer, stream, progress), block_mode)
    yield from hands_of_lines(path, lines, first_line)


def _read(stream: BinaryIO, size: int, progress: ReadProgress | None) -> bytes:
    data = stream.read(size)
    if progress is not None:
        progress.done += len(data)
    return data


def _chunks_after(buffer: bytes, stream: BinaryIO, progress: ReadProgress | None) -> Iterator[bytes]:
    yield buffer
    while piece := _read(stream, 64 * 1024, progress):
        yield piece


def _last_cut(buffer: bytes, first_block: bool) -> int | None:
    """Where to end a block in ``buffer``: the start of its last line that starts a hand, or None.

    The file's first block must also hold a hand header found the same way
    before the cut, so that the text before the file's first header is judged
    in that block."""
    cuts = list(_CUT.finditer(buffer, max(0, len(buffer) // 2))) or list(_CUT.finditer(buffer))
    if not cuts:
        return None
    last = cuts[-1]
    cut = last.end()
    if first_block and _CUT.search(buffer[: cut - 1]) is None:
        return None
    return cut


def _line_breaks(data: bytes) -> int:
    """The physical lines ``data`` ends (``\\n``, ``\\r\\n`` or a lone ``\\r``)."""
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
