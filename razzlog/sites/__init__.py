"""The sites razzlog reads, and the dispatch from a hand's first line to its parser.

Each site is one module (``razzlog/sites/<site>.py``) with one grammar
(``grammars/<site>.lark``; Merge's XML brings its own reader), exposing ``NAME``,
``TITLE``, ``HEADER_PREFIXES`` and ``parse_hand(raw) -> Hand | Violation |
OtherGameHand``.  Adding a site means writing those two files, listing the
module in ``SITES`` and its prefixes in :data:`razzlog.headers.PREFIXES_OF_SITE`.
"""

from __future__ import annotations

from typing import Protocol

from razzlog.events import Hand, OtherGameHand
from razzlog.formats import sites_read
from razzlog.sites import fulltilt, kingsclub, merge, pokerstars, winamax
from razzlog.sources import SHAPED_HEADER, RawHand, without_nul
from razzlog.violations import Severity, Violation


class Site(Protocol):
    NAME: str
    TITLE: str
    HEADER_PREFIXES: tuple[str, ...]

    def parse_hand(self, raw: RawHand) -> Hand | Violation | OtherGameHand: ...


SITES: tuple[Site, ...] = (pokerstars, fulltilt, winamax, merge, kingsclub)


def site_for(first_line: str) -> Site | None:
    """The site whose header prefix starts ``first_line`` (NULs not counted), if any."""
    line = without_nul(first_line).lstrip("\ufeff")
    for site in SITES:
        if line.startswith(site.HEADER_PREFIXES):
            return site
    # KingsClub's header has no prefix of its own (razzlog.sources.SHAPED_HEADER): the
    # hand splitting checked the date line after it
    if SHAPED_HEADER.match(line):
        return kingsclub
    return None


def parse_raw_hand(raw: RawHand) -> Hand | Violation | OtherGameHand:
    """Parse one hand with the parser of its site (a hand of another game is only named)."""
    first = raw.lines[0] if raw.lines else ""
    site = site_for(first)
    if site is None:
        shown = first if len(first) <= 40 else first[:40] + "…"
        return Violation(
            rule="unknown-format",
            severity=Severity.ERROR,
            file=raw.file,
            line=raw.first_line,
            site=None,
            hand_id=None,
            player=None,
            street=None,
            message=f"no parser reads a hand starting {shown!r}: razzlog reads {sites_read()}",
        )
    return site.parse_hand(raw)
