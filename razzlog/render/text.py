"""Text from a log made safe to show: control characters as escapes a reader can see.

Everything a hand history holds (player names, table names, file names, hand
ids, the quoted lines of parse errors) is untrusted: anyone at a table chooses
a name.  Two things must never happen to it on the way to the reader:

* rich must not read it as markup (``[/]`` crashes a run, ``[link=…]`` makes a
  hyperlink that hides the name): it reaches rich as :func:`plain` ``Text``,
  never as a ``str`` that rich would parse;
* the terminal (or a browser) must not act on its control characters (clear
  screen, window titles, hyperlinks, bidi overrides that make a line read
  differently): :func:`visible` turns them into printable escapes.

JSON stays exact: :func:`json_safe` writes those same characters as JSON's
own ``\\uXXXX`` escapes, which decode to the very text of the log.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich is imported when first needed: the CLI's error lines use visible() too
    from rich.text import Text

# C0 except \t and \n, DEL, C1; the bidi embeddings/overrides (U+202A–U+202E) and
# isolates (U+2066–U+2069).
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# What json.dumps(ensure_ascii=False) leaves raw: DEL, C1 and the bidi controls
# (it escapes C0 itself).  They can only stand inside JSON strings.
_RAW_IN_JSON = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with each control character as its Python escape: ESC is ``\\x1b``.

    Pure and idempotent on its output's controls (the escapes are printable).
    """
    return _INVISIBLE.sub(_escape, text)


def on_terminal(text: str) -> str:
    """:func:`visible`, and tabs too: in a name or a quoted line on a terminal (or in a
    table written to a file) a tab would pass for spaces."""
    return visible(text).replace("\t", "\\x09")


def plain(text: object, style: str = "") -> Text:
    """``text`` (a log's string, or None for empty) as rich ``Text``: no markup, controls visible
    (:func:`on_terminal`)."""
    from rich.text import Text

    return Text(on_terminal("" if text is None else str(text)), style=style)


def json_safe(encoded: str) -> str:
    """JSON text with DEL, C1 and bidi controls as ``\\uXXXX`` escapes: the same JSON value,
    nothing a terminal acts on."""
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", encoded)
