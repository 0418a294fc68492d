"""Where a hand starts in a file, and what a file in which none starts looks like.

The sites' header prefixes (each site module declares its own and this list
must hold every one: a test checks), KingsClub's header shape that needs the
next line to tell, the archive separators and context lines read between hands,
and the messages for input that holds no hand razzlog reads.  Kept apart from
the parsers so that the readers (:mod:`razzlog.sources`, :mod:`razzlog.blocks`)
import no grammar.
"""

from __future__ import annotations

import re

from razzlog.formats import looks_like, sites_read

# Where a hand starts: each site's own header prefixes.  razzlog/sites/*.py
# declare them and this table must hold exactly those (a test checks), so
# sources.py needs no import of the parsers.  KingsClub has none: its header is
# found by its shape (SHAPED_HEADER below).
PREFIXES_OF_SITE: dict[str, tuple[str, ...]] = {
    "pokerstars": (
        "PokerStars Game #",
        "PokerStars Hand #",
        "PokerStars Zoom Hand #",
        "PokerStars Home Game Hand #",
    ),
    "fulltilt": ("Full Tilt Poker Game #", "FullTiltPoker Game #"),
    "winamax": ("Winamax Poker - ",),
    "merge": ('<game id="',),
}
HEADER_PREFIXES: tuple[str, ...] = tuple(p for prefixes in PREFIXES_OF_SITE.values() for p in prefixes)
SHAPED_HEADER_SITE = "kingsclub"  # the site whose headers SHAPED_HEADER finds

# The line before each hand of an archive a site sends on request (PokerStars: "Hand #1234";
# Full Tilt: "******************** # 1 **************************", "BEGIN FullTiltPoker"):
# read as a blank line, so the hands of an archive are the hands of a history.
_ARCHIVE_SEPARATOR = re.compile(r" *(?:Hand #\d+|\*{8,} # \d+ \*{8,}|BEGIN\s*FullTiltPoker)\s*$")


# How an archive separator starts after its spaces: a test of a line's start rules most lines
# out before the regular expression (razzlog.sources looks at every line of every hand).
ARCHIVE_SEPARATOR_STARTS = ("Hand #", "********", "BEGIN")


def is_archive_separator(line: str) -> bool:
    return (
        line.lstrip(" ").startswith(ARCHIVE_SEPARATOR_STARTS) and _ARCHIVE_SEPARATOR.match(line) is not None
    )


# Lines that are no hand but say something about the hands after them in the same file
# (Merge writes its game and stakes once, ``<description type="Razz" stakes="Limit $0.50/$1"/>``,
# before the ``<game>`` elements they apply to).  Such a line ends the hand before it and is
# given, with its line number, to every later hand of the file (``RawHand.context``) until the
# next one replaces it; a site module declares them as ``CONTEXT_PREFIXES`` (a test checks).
CONTEXT_PREFIXES: tuple[str, ...] = ("<description ",)

# KingsClub's header names no site ("#39969356: Limit Razz - 40/80"), and a line starting
# "#123: " may be anything (a chat line of another site's hand by a player called "#123"):
# such a line starts a hand only in this shape AND followed by a line that is a date and
# time alone ("2021-01-02 15:48:40"), which no chat or status line of any site is
# (razzlog.blocks cuts at exactly these pairs of lines too).
SHAPED_HEADER = re.compile(r"#[0-9]+: (?:No Limit|Pot Limit|Limit) [^\n]*? - [0-9][0-9,.]*/[0-9][0-9,.]*")
SHAPED_HEADER_NEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{1,2}:[0-9]{2}:[0-9]{2}[ \t]*")

EXPECTED_HEADER = "expected a line starting with 'PokerStars Hand #' or 'Full Tilt Poker Game #'"
UNKNOWN_FORMAT_MESSAGE = (
    f"the input contains no hand history razzlog knows ({EXPECTED_HEADER}; razzlog reads {sites_read()})"
)


def file_looks_like(first_text: str | None) -> str | None:
    """What a file without a hand header looks like (:func:`razzlog.formats.looks_like`), or hand
    histories whose every line was indented (a copy, not what a site writes)."""
    if first_text is None:
        return None
    if first_text.strip().startswith(HEADER_PREFIXES):
        return "hand histories with indented lines (razzlog reads them as the site writes them)"
    return looks_like(first_text)


def unknown_format_message(first_text: str | None) -> str:
    """The input holds no hand razzlog reads: what it looks like, when its first line says so,
    and the sites razzlog reads."""
    what = file_looks_like(first_text)
    if what is None:
        return UNKNOWN_FORMAT_MESSAGE
    return f"the input contains no hand history razzlog knows: it looks like {what}; razzlog reads {sites_read()}"


def header_site(header: str) -> str:
    """The site whose header starts ``header`` (a line :func:`is_header` accepts)."""
    line = without_nul(header)
    for site, prefixes in PREFIXES_OF_SITE.items():
        if line.startswith(prefixes):
            return site
    return SHAPED_HEADER_SITE


def without_nul(line: str) -> str:
    """``line`` without its NUL characters (a crash or a preallocated file leaves runs of them)."""
    return line.replace("\x00", "") if "\x00" in line else line


def is_header(line: str, next_line: str | None = None) -> bool:
    """Whether ``line`` starts a hand: it starts with a site's header prefix, NULs not counted,
    or it is a KingsClub header (:data:`SHAPED_HEADER`) and ``next_line`` is its date.

    A header is a header whatever bytes a damaged file put inside it: its hand
    is a hand of its own (whose parse reports the NUL), never more lines of the
    hand before it."""
    return (
        line.startswith(HEADER_PREFIXES)
        or ("\x00" in line and without_nul(line).startswith(HEADER_PREFIXES))
        or (next_line is not None and is_shaped_header(line, next_line))
    )


def is_shaped_header(line: str, next_line: str) -> bool:
    """Whether ``line`` and the line after it are a KingsClub header and its date."""
    return (
        line.startswith("#")
        and SHAPED_HEADER.match(line) is not None
        and SHAPED_HEADER_NEXT.fullmatch(next_line) is not None
    )
