"""The reference splitting of bytes or text into physical lines, by regular expression.

What ``razzlog.lines`` did before it split with ``str.split`` (the tests compare
the reading against it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import AnyStr

from razzlog.lines import MAX_LINE_LENGTH

BINARY_BREAK = re.compile(b"\r\n?|\n")
TEXT_BREAK = re.compile("\r\n?|\n")


def split_lines(chunks: Iterable[AnyStr], breaks: re.Pattern[AnyStr], lf: AnyStr) -> Iterator[AnyStr]:
    """Physical lines (without their endings) of the concatenated ``chunks``.

    ``breaks`` matches one line ending; ``lf`` is ``"\\n"`` of the same type.
    (The reading did this until it split runs of lines with ``str.split``:
    :func:`razzlog.lines._split_runs`.)
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
