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
    for lines, encoding in decoded_runs(chunks, mode):
        for line in lines:
            yield line, encoding


def decoded_runs(chunks: Iterator[bytes], mode: str | None = None) -> Iterator[tuple[list[str], str]]:
    """:func:`decoded_lines` in runs: ``(lines, encoding)``, consecutive lines of one encoding,
    as many as a chunk holds.  (What :mod:`razzlog.sources` cuts into hands: a run costs one
    step of each generator where a line cost one each.)"""
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
        for raws in _split_runs(chunks, b"\r", b"\n"):
            yield [_strip_bom(raw.decode("utf-8", errors="replace")) for raw in raws], UTF8_BOM
    elif mode in (UTF16_LE, UTF16_BE):
        first = next(chunks, b"")
        for lines in _split_runs(_utf16_text(first, chunks, mode), "\r", "\n"):
            yield _strip_boms(lines), mode
    else:
        yield from _plain_runs(chunks)


def _plain_line(raw: bytes) -> tuple[str, str]:
    """One line of a plain file: UTF-8 if it decodes as UTF-8, else cp1252; a leading BOM removed."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        line = raw.decode("cp1252", errors="replace")
        return (line[1:] if line.startswith("\ufeff") else line), "cp1252"
    return (line[1:] if line.startswith("\ufeff") else line), "utf-8"


def _plain_lines(chunks: Iterable[bytes]) -> Iterator[tuple[str, str]]:
    """:func:`_plain_runs`, line by line."""
    for lines, encoding in _plain_runs(chunks):
        for line in lines:
            yield line, encoding


def _plain_runs(chunks: Iterable[bytes]) -> Iterator[tuple[list[str], str]]:
    """The chunks' lines, each decoded by :func:`_plain_line`, in runs of one encoding, but the
    lines a chunk holds whole are decoded in one call when they are valid UTF-8 together (most
    files): cut at the ASCII bytes of line breaks, valid UTF-8 gives valid UTF-8 pieces, so each
    line decodes as it would alone.  The line that continues an earlier chunk, and a run of lines
    that is not valid UTF-8 or is longer than :data:`MAX_LINE_LENGTH` (a line in it may need
    cutting, in bytes), take the per-line path."""
    pending: bytes | None = None  # start of the current line, from earlier chunks
    after_cr = False  # the previous chunk ended with "\r": a leading "\n" belongs to it
    for chunk in chunks:
        if after_cr and chunk[:1] == b"\n":
            chunk = chunk[1:]
        after_cr = False
        end = max(chunk.rfind(b"\n"), chunk.rfind(b"\r"))  # the last line break's last byte
        if end < 0:  # no line ends in this chunk (see _split_runs)
            if chunk:
                pending = chunk if pending is None else pending + chunk
                pending = pending[:MAX_LINE_LENGTH]
            continue
        first = _BINARY_BREAK.search(chunk)
        assert first is not None  # the chunk holds a line break
        line, encoding = _plain_line(
            (chunk[: first.start()] if pending is None else pending + chunk[: first.start()])[
                :MAX_LINE_LENGTH
            ]
        )
        yield [line], encoding
        pending = None
        body = chunk[first.end() : end + 1]  # whole lines, each with its line break
        if body:
            if len(body) <= MAX_LINE_LENGTH:
                try:
                    text = body.decode("utf-8")
                except UnicodeDecodeError:
                    pass
                else:
                    lines = _split_text(text)
                    lines.pop()  # the "" after the last line break
                    yield (_strip_boms(lines) if "\ufeff" in text else lines), "utf-8"
                    body = b""
            if body:
                pieces = _split_bytes(body)
                pieces.pop()
                yield from _runs_of(_plain_line(piece[:MAX_LINE_LENGTH]) for piece in pieces)
        rest = chunk[end + 1 :]
        if rest:
            pending = rest[:MAX_LINE_LENGTH]
        else:
            after_cr = chunk[end:] == b"\r"  # ended with a lone "\r"
    if pending is not None:
        line, encoding = _plain_line(pending)
        yield [line], encoding


def _runs_of(lines: Iterable[tuple[str, str]]) -> Iterator[tuple[list[str], str]]:
    """Consecutive ``(line, encoding)`` pairs of one encoding as one run."""
    run: list[str] = []
    current = ""
    for line, encoding in lines:
        if encoding != current and run:
            yield run, current
            run = []
        current = encoding
        run.append(line)
    if run:
        yield run, current


def _split_text(text: str) -> list[str]:
    """The text's lines, as a regular expression split at ``\r\n?|\n`` gives them: a regular expression scans every character in Python's
    engine, ``str.split`` searches for one at the speed of memory (a third of the reading
    went to that scan)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def _split_bytes(data: bytes) -> list[bytes]:
    """``_BINARY_BREAK.split(data)``, as :func:`_split_text` does it."""
    if b"\r" in data:
        data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return data.split(b"\n")


def _strip_boms(lines: list[str]) -> list[str]:
    """Every line without its leading U+FEFF (one); ``lines`` itself when none has one."""
    for line in lines:
        if line.startswith("\ufeff"):
            return [_strip_bom(line) for line in lines]
    return lines


def _prepend(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    if first:
        yield first
    yield from rest


def _strip_bom(line: str) -> str:
    return line[1:] if line.startswith("\ufeff") else line


def _split_runs(chunks: Iterable[AnyStr], cr: AnyStr, lf: AnyStr) -> Iterator[list[AnyStr]]:
    """The physical lines (without their endings) of the concatenated ``chunks``, in one list per chunk that ends any (``cr``, ``lf``: ``"\\r"`` and
    ``"\\n"`` of the chunks' type)."""
    crlf = cr + lf
    pending: AnyStr | None = None  # start of the current line, from earlier chunks
    after_cr = False  # the previous chunk ended with "\r": a leading "\n" belongs to it
    for chunk in chunks:
        if after_cr and chunk[:1] == lf:
            chunk = chunk[1:]
        after_cr = False
        # the lines the chunk ends, then the start of the next
        pieces = (chunk.replace(crlf, lf).replace(cr, lf) if cr in chunk else chunk).split(lf)
        rest = pieces.pop()
        if pieces:
            if pending is not None:
                pieces[0] = pending + pieces[0]
            if len(chunk) + (len(pending) if pending is not None else 0) > MAX_LINE_LENGTH:
                pieces = [piece[:MAX_LINE_LENGTH] for piece in pieces]
            pending = None
            yield pieces
        if not rest:
            after_cr = bool(chunk) and chunk[-1:] != lf  # ended with a lone "\r"
        else:
            pending = rest if pending is None else pending + rest
            pending = pending[:MAX_LINE_LENGTH]
    if pending is not None:
        yield [pending]


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
