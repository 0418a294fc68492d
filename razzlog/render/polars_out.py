"""Text that polars writes to a report's stream itself, as bytes where the stream takes UTF-8.

``stats -f json`` over a million hands writes some 200 MB.  Joined into one
Python ``str`` and written through the text stream, that text is copied three
times (polars' strings to a ``str``, checked for its widest character; the
``str`` encoded back to UTF-8): about a second.  polars' CSV writer writes its
strings' bytes as they are, with ``quote_style="never"`` nothing quoted or
escaped, and with no separator and no line terminator a one-column frame
comes out as its strings one after the other.  Where the stream's bytes are
UTF-8 and its newlines are written as they are, those bytes go to the stream's
binary buffer directly: the very bytes the text stream would have written.
Elsewhere the strings are joined and written as text, as before.
"""

from __future__ import annotations

import codecs
import os
from typing import IO, TextIO

import polars as pl


def polars_target(out: TextIO) -> IO[str] | IO[bytes]:
    """Where polars writes text meant for ``out``: its binary buffer (``out`` flushed first, so
    the bytes come after what was written before) where that holds the same bytes, else ``out``.

    The same bytes: ``out`` encodes UTF-8, and translates no newline (``os.linesep`` is
    ``\\n``, or the stream was opened with ``newline=""``, which this cannot tell, so
    only the former is trusted)."""
    buffer = getattr(out, "buffer", None)
    encoding = getattr(out, "encoding", None)
    if buffer is None or not encoding or os.linesep != "\n":
        return out
    try:
        if codecs.lookup(encoding).name != "utf-8":
            return out
    except LookupError:
        return out
    out.flush()
    return buffer  # type: ignore[no-any-return]


def write_strings(texts: pl.Series, out: TextIO) -> None:
    """The strings of ``texts`` (no null) one after the other, as ``out.write("".join(texts))``
    would write them."""
    if texts.null_count():
        raise ValueError("write_strings: a null has no text")
    target = polars_target(out)
    if target is out:  # a stream that takes text (polars writes text only to a UTF-8 one)
        out.write(texts.str.join("").item() if texts.len() else "")
        return
    texts.to_frame().write_csv(target, include_header=False, quote_style="never", line_terminator="")
