"""Text from a log made visible: control characters as escapes a reader can see.

Everything a hand history holds (player names, file names, hand ids, the lines
themselves) is untrusted.  The HTML template escapes it (Jinja2's
autoescaping); this turns the characters a browser would hide, swallow or act
on into text: the C0 controls except tab and line feed, DEL, the C1 controls,
and the bidirectional overrides and isolates, which can make a line read
differently from what it holds.
"""

from __future__ import annotations

import re

# C0 except \t and \n, DEL, C1; the bidi embeddings/overrides (U+202A–U+202E) and
# isolates (U+2066–U+2069).
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with each control character as its Python escape: ESC is ``\\x1b``.

    Pure and idempotent on its output's controls (the escapes are printable).
    """
    return _INVISIBLE.sub(_escape, text)
