"""Bytes to physical lines: line breaks, encodings and BOMs (see :mod:`razzlog.sources`).

Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r``; a file's encoding mode is
decided from its first bytes (:func:`encoding_mode`); :func:`decoded_lines`
decodes a file, or the rest of one from the start of a line, chunk by chunk.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from typing import AnyStr

# A physical line longer than this is cut (the rest of it is read and
# discarded) so that a file without line breaks cannot exhaust memory.
MAX_LINE_LENGTH = 1024 * 1024

_BINARY_BREAK = re.compile(b"\r\n?|\n")
_TEXT_BREAK = re.compile("\r\n?|\n")


# How a file's bytes are decoded, decided from its first bytes (see the module's docstring).
UTF8_BOM, UTF16_LE, UTF16_BE, PLAIN = "utf-8-sig", "utf-16-le", "utf-16-be", "plain"


def encoding_mode(head: bytes) -> str:
    """The decoding of a file that starts with ``head`` (at least its first 3 bytes, if it has them)."""
    if head.startswith(codecs.BOM_UTF8):
        return UTF8_BOM
    if head.startswith(codecs.BOM_UTF16_LE):
        return UTF16_LE
    if head.startswith(codecs.BOM_UTF16_BE):
        return UTF16_BE
    return PLAIN


def decoded_lines(chunks: Iterator[bytes], mode: str | None = None) -> Iterator[tuple[str, str]]:
    """``(line, encoding)`` for every physical line of the concatenated ``chunks``.

    ``mode`` None: the chunks are a whole file, decoded as its first bytes say
    (and a BOM there is skipped); otherwise they continue a file whose
    :func:`encoding_mode` is ``mode``, from the start of a line.
    """
    if mode is None:
        head = b""
        for chunk in chunks:  # enough bytes to see a BOM
            head += chunk
            if len(head) >= 3:
                break
        mode = encoding_mode(head)
        bom = {UTF8_BOM: 3, UTF16_LE: 2, UTF16_BE: 2}.get(mode, 0)
        chunks = _prepend(head[bom:], chunks)
    if mode == UTF8_BOM:
        for raw in _split(chunks, _BINARY_BREAK, b"\n"):
            yield _strip_bom(raw.decode("utf-8", errors="replace")), UTF8_BOM
    elif mode in (UTF16_LE, UTF16_BE):
        first = next(chunks, b"")
        for line in _split(_utf16_text(first, chunks, mode), _TEXT_BREAK, "\n"):
            yield _strip_bom(line), mode
    else:
        yield from _plain_lines(chunks)


def _plain_line(raw: bytes) -> tuple[str, str]:
    """One line of a plain file: UTF-8 if it decodes as UTF-8, else cp1252; a leading BOM removed."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        line = raw.decode("cp1252", errors="replace")
        return (line[1:] if line.startswith("\ufeff") else line), "cp1252"
    return (line[1:] if line.startswith("\ufeff") else line), "utf-8"


def _plain_lines(chunks: Iterable[bytes]) -> Iterator[tuple[str, str]]:
    """:func:`_split` then :func:`_plain_line` for each line, but the lines a chunk holds whole are
    decoded in one call when they are valid UTF-8 together (most files): cut at the ASCII bytes
    of line breaks, valid UTF-8 gives valid UTF-8 pieces, so each line decodes as it would alone.
    The line that continues an earlier chunk, and a run of lines that is not valid UTF-8 or is
    longer than :data:`MAX_LINE_LENGTH` (a line in it may need cutting, in bytes), take the
    per-line path."""
    pending: bytes | None = None  # start of the current line, from earlier chunks
    after_cr = False  # the previous chunk ended with "\r": a leading "\n" belongs to it
    for chunk in chunks:
        if after_cr and chunk[:1] == b"\n":
            chunk = chunk[1:]
        after_cr = False
        end = max(chunk.rfind(b"\n"), chunk.rfind(b"\r"))  # the last line break's last byte
        if end < 0:  # no line ends in this chunk (see _split)
            if chunk:
                pending = chunk if pending is None else pending + chunk
                pending = pending[:MAX_LINE_LENGTH]
            continue
        first = _BINARY_BREAK.search(chunk)
        assert first is not None  # the chunk holds a line break
        yield _plain_line(
            (chunk[: first.start()] if pending is None else pending + chunk[: first.start()])[
                :MAX_LINE_LENGTH
            ]
        )
        pending = None
        body = chunk[first.end() : end + 1]  # whole lines, each with its line break
        if body:
            if len(body) <= MAX_LINE_LENGTH:
                try:
                    text = body.decode("utf-8")
                except UnicodeDecodeError:
                    pass
                else:
                    lines = _TEXT_BREAK.split(text)
                    lines.pop()  # the "" after the last line break
                    for line in lines:
                        yield (line[1:] if line.startswith("\ufeff") else line), "utf-8"
                    body = b""
            if body:
                pieces = _BINARY_BREAK.split(body)
                pieces.pop()
                for piece in pieces:
                    yield _plain_line(piece[:MAX_LINE_LENGTH])
        rest = chunk[end + 1 :]
        if rest:
            pending = rest[:MAX_LINE_LENGTH]
        else:
            after_cr = chunk[end:] == b"\r"  # ended with a lone "\r"
    if pending is not None:
        yield _plain_line(pending)


def _prepend(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    if first:
        yield first
    yield from rest


def _strip_bom(line: str) -> str:
    return line[1:] if line.startswith("\ufeff") else line


def _split(chunks: Iterable[AnyStr], breaks: re.Pattern[AnyStr], lf: AnyStr) -> Iterator[AnyStr]:
    """Physical lines (without their endings) of the concatenated ``chunks``.

    ``breaks`` matches one line ending; ``lf`` is ``"\\n"`` of the same type.
    """
    pending: AnyStr | None = None  # start of the current line, from earlier chunks
    after_cr = False  # the previous chunk ended with "\r": a leading "\n" belongs to it
    for chunk in chunks:
        if after_cr and chunk[:1] == lf:
            chunk = chunk[1:]
        after_cr = False
        pieces = breaks.split(chunk)  # the lines the chunk ends, then the start of the next
        rest = pieces.pop()
        if pieces:
            if pending is not None:
                pieces[0] = pending + pieces[0]
                pending = None
            for piece in pieces:
                yield piece[:MAX_LINE_LENGTH]
        if not rest:
            after_cr = bool(chunk) and chunk[-1:] != lf  # ended with a lone "\r"
        else:
            pending = rest if pending is None else pending + rest
            pending = pending[:MAX_LINE_LENGTH]
    if pending is not None:
        yield pending


def _utf16_text(first: bytes, rest: Iterator[bytes], encoding: str) -> Iterator[str]:
    """Decode UTF-16 chunks (BOM already removed), dropping a stray final odd byte."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    total = len(first)
    text = decoder.decode(first)
    if text:
        yield text
    for chunk in rest:
        total += len(chunk)
        text = decoder.decode(chunk)
        if text:
            yield text
    buffered, _ = decoder.getstate()
    if total % 2 == 1 and buffered:
        buffered = buffered[:-1]
    decoder.reset()
    text = decoder.decode(buffered, final=True)
    if text:
        yield text
