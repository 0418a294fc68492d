"""Two checks of a hand's whole lines that every parse makes, compiled by mypyc
(razzlog/compiled.py): whether the hand reaches its summary, and its text's digest.  Interpreted,
the summary's check cost about 8,500 instructions a hand and the digest's ``filter`` 10,000 (a
hand's stripped lines are never blank in most logs: they are joined as they are)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def stripped_digest(stripped: tuple[str, ...]) -> str:
    """:func:`.common.text_digest` of lines already without trailing whitespace (a hand's
    :attr:`.masking.Masked.lines`: the parse does not strip them twice): blank lines left out,
    the others joined by ``"\\n"``, encoded in UTF-8, hashed by BLAKE2b (8 bytes), in hex."""
    kept = [line for line in stripped if line] if _has_blank(stripped) else stripped
    return hashlib.blake2b("\n".join(kept).encode("utf-8"), digest_size=8).hexdigest()


def _has_blank(lines: tuple[str, ...]) -> bool:
    # (``"" in lines`` compared each line generically: 7,600 instructions a hand)
    return any(not line for line in lines)  # (compiled: a loop)


def has_summary(lines: Sequence[str]) -> bool:
    """Whether the hand reaches its summary's ``Total pot`` line (a ``Total pot`` line after a
    ``*** SUMMARY ***`` line).  Read from the end: the summary is a hand's last lines."""
    total = False
    i = len(lines) - 1
    while i >= 0:
        line = lines[i]
        if line.startswith("Total pot "):
            total = True
        elif total and line.startswith("*** SUMMARY ***"):
            return True
        i -= 1
    return False
