"""Two of masking's patterns read by hand, for PokerStars' lines (:mod:`.masking` decides when).

Each answers exactly as the pattern it stands for (tests/test_masking_scanned.py compares them on
random lines), without ``re``: matching cost 3,000 to 5,000 instructions a line, more on the
two-byte text of names that are not Latin-1, for lines every hand has several of.
"""

from __future__ import annotations

from razzlog.sites.template_cut import cards_end


def dealt_cards_at(line: str, at: int) -> bool:
    """Whether `` \\[CARD(?: CARD)*\\](?: \\[CARD(?: CARD)*\\])?$`` matches at ``at`` (the cards
    after the name in a "Dealt to" line)."""
    n = len(line)
    end = _space_cards_end(line, at, n)
    if end < 0:
        return False
    if end < n:
        more = _space_cards_end(line, end, n)
        if more >= 0 and _ends(line, more, n):
            return True
    return _ends(line, end, n)


def _space_cards_end(line: str, at: int, n: int) -> int:
    """The end of `` \\[CARD(?: CARD)*\\]`` at ``at``, or -1."""
    if at + 1 < n and ord(line[at]) == ord(" ") and ord(line[at + 1]) == ord("["):
        return cards_end(line, at + 1, n)
    return -1


def _ends(line: str, at: int, n: int) -> bool:
    """Whether ``$`` matches at ``at``: the end, or a line break that ends the text."""
    return at == n or (at == n - 1 and ord(line[at]) == ord("\n"))


def pokerstars_seat(line: str) -> tuple[str, str, int] | None:
    """The seat number and the name a seat line's ``re.fullmatch`` of
    ``Seat (\\d+): (.+) \\((\\S+) in chips[^)]*\\)(.*)`` gives (groups 1 and 2), and where the
    name starts; None if it does not match, or if the line holds a line break (re decides)."""
    if not line.startswith("Seat ") or "\n" in line:
        return None
    colon = line.find(": ", 5)
    if colon <= 5:
        return None
    seat = line[5:colon]
    if not seat.isdecimal():  # (\d: the Unicode decimal digits)
        return None
    start = colon + 2
    # the name as long as the rest allows: the last " (" whose rest reads as a stack
    k = line.rfind(" (", start + 1)
    while k > start:
        if _stack_at(line, k + 2):
            return seat, line[start:k], start
        k = line.rfind(" (", start + 1, k + 1)
    return None


def _stack_at(line: str, at: int) -> bool:
    """Whether ``(\\S+) in chips[^)]*\\)`` matches at ``at`` (what follows it is free)."""
    # \S+ runs to the first white space, which must start " in chips": the first " in chips"
    words = line.find(" in chips", at)
    if words <= at:
        return False
    for i in range(at, words):
        if line[i].isspace():
            return False
    return line.find(")", words + 9) >= 0
