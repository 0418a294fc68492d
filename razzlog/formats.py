"""What a file razzlog does not read looks like, named from its first line.

An auditor's folder holds exports of other rooms and tools; "no hand history
razzlog knows" is less use than "this is a PartyPoker hand history".  Each
entry is the first-line signature of a format, from public hand histories of
those rooms.  A format razzlog reads is never named here: its header is found
first (:data:`razzlog.sources.HEADER_PREFIXES`).
"""

from __future__ import annotations

import re

# The sites razzlog reads, as users know them: razzlog.sites' TITLEs, in order (a test checks).
SITES_READ: tuple[str, ...] = ("PokerStars", "Full Tilt Poker", "Winamax", "Merge network", "KingsClub")

# (first line's start, what the file is); the first match names it
_LOOKS_LIKE: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), what)
    for pattern, what in (
        (r"PokerStars Tournament #\d+", "a PokerStars tournament summary (it holds no hands)"),
        (r"Full Tilt Poker Tournament Summary", "a Full Tilt tournament summary (it holds no hands)"),
        (r"\*{5} Hand History [Ff]or Game \d+", "a PartyPoker hand history"),
        (r"#Game No ?: ?\d+", "an 888poker hand history"),
        (r"\*{5} (?:888poker|Cassava|Pacific Poker) Hand History", "an 888poker hand history"),
        (r"Poker Hand #[A-Z]{2}\d+:", "a GGPoker hand history (PokerCraft export)"),
        (r"(?:Bovada|Bodog|Ignition) Hand #", "a Bovada / Ignition hand history"),
        (r"Everleaf Gaming Game #", "an Everleaf hand history"),
        (r"Stage #\d+:", "an Absolute Poker / UltimateBet hand history"),
        (r"\*{5} Betfair Poker Hand History", "a Betfair hand history"),
        (r"\*{5} History for hand ", "an Ongame hand history"),
        (r"Hand#\d+ - \d{4}-", "a Cake Poker hand history"),
        (r"GAME #\d+: ", "an iPoker hand history"),
        (r"Game Hand #\d+ - ", "a Winning Poker Network hand history"),
        (
            r"(?:<\?xml|<session|<HISTORY|<Game |<game )",
            "an XML file (iPoker and Microgaming write XML hand histories)",
        ),
    )
)


def looks_like(first_line: str) -> str | None:
    """What a file whose first non-blank line is ``first_line`` is, if its start says so."""
    line = first_line.lstrip("\ufeff \t")
    for pattern, what in _LOOKS_LIKE:
        if pattern.match(line):
            return what
    return None


def sites_read() -> str:
    """``PokerStars and Full Tilt Poker``: the sites razzlog reads, for messages."""
    *rest, last = SITES_READ
    return f"{', '.join(rest)} and {last}" if rest else last
