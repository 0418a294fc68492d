"""Two of masking's patterns read by hand, for PokerStars' lines (:mod:`.masking` decides when).

Each answers exactly as the pattern it stands for (tests/test_masking_scanned.py compares them on
random lines), without ``re``: matching cost 3,000 to 5,000 instructions a line, more on the
two-byte text of names that are not Latin-1, for lines every hand has several of.
"""

from __future__ import annotations

import re
from typing import Final

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
    if ascii_number(seat) < 0 and not seat.isdecimal():  # (\d: the Unicode decimal digits)
        return None
    start = colon + 2
    # the name as long as the rest allows: the last " (" whose rest reads as a stack
    k = line.rfind(" (", start + 1)
    while k > start:
        if _stack_at(line, k + 2):
            return seat, line[start:k], start
        k = line.rfind(" (", start + 1, k + 1)
    return None


def ascii_number(text: str) -> int:
    """The number ``text`` writes in ASCII digits (at least one), else -1.  (Compiled, a method
    call such as ``isdecimal`` costs some 250 instructions and ``int`` 450: a seat line asked both.)"""
    n = len(text)
    if n == 0 or n > 18:  # (no overflow of a machine word)
        return -1
    value = 0
    for i in range(n):
        c = ord(text[i])
        if c < ord("0") or c > ord("9"):
            return -1
        value = value * 10 + c - ord("0")
    return value


def _stack_at(line: str, at: int) -> bool:
    """Whether ``(\\S+) in chips[^)]*\\)`` matches at ``at`` (what follows it is free)."""
    # \S+ runs to the first white space, which must start " in chips": the first " in chips"
    words = line.find(" in chips", at)
    if words <= at:
        return False
    for i in range(at, words):
        c = ord(line[i])
        if c == 32 or (9 <= c <= 13) or (28 <= c <= 31) or (c >= 128 and line[i].isspace()):
            return False  # (str.isspace's ASCII white space, the rest asked)
    return line.find(")", words + 9) >= 0


def starts_at(line: str, prefix: str, at: int) -> bool:
    """``line.startswith(prefix, at)`` (compiled, ``startswith`` with a start is a generic method
    call, 1,000 instructions; comparing the characters costs a tenth)."""
    n = len(prefix)
    if at < 0 or at + n > len(line):
        return False
    for k in range(n):  # noqa: SIM110 - a loop, not a generator (compiled)
        if ord(line[at + k]) != ord(prefix[k]):
            return False
    return True


_SUMMARY_SEAT: Final = re.compile(r"Seat \d+: ")


def summary_seat(line: str, seats: dict[int, str], longest: list[str]) -> tuple[str | None, int]:
    """The name in a summary's ``Seat N: NAME …`` line and where it starts: the name seated at
    seat N if it is followed by a space or the end, else the longest name so followed; None if
    none is."""
    # the seat number's ASCII digits read here; any other text takes the general path
    n = len(line)
    colon = 5
    number = 0
    while colon < n and 48 <= ord(line[colon]) <= 57:
        number = number * 10 + ord(line[colon]) - 48
        colon += 1
    if colon > 5 and colon + 1 < n and ord(line[colon]) == 58 and ord(line[colon + 1]) == 32:
        name = seats.get(number)
    else:
        colon = line.find(": ", 5)
        name = seats.get(int(line[5:colon])) if colon > 5 and line[5:colon].isdigit() else None
    if name is not None:
        pos = colon + 2
        if starts_at(line, name, pos):
            end = pos + len(name)
            if end == n or ord(line[end]) == 32:
                return name, pos
    m = _SUMMARY_SEAT.match(line)
    if m:
        pos = m.end()
        for name in longest:
            end = pos + len(name)
            if starts_at(line, name, pos) and (end == n or ord(line[end]) == 32):
                return name, pos
    return None, 0


# --------------------------------------------------------------------------- PokerStars' tails


def _digit(line: str, i: int, n: int) -> bool:
    """Whether ``\\d`` matches ``line[i]`` (a Unicode decimal digit, as ``re`` reads it)."""
    if i >= n:
        return False
    c = ord(line[i])
    return ord("0") <= c <= ord("9") or (c >= 128 and line[i].isdecimal())


def _money_end(line: str, at: int, n: int) -> int:
    """The end of masking's ``_MONEY``, ``[$€£]?\\d[\\d,]*(?:\\.\\d+)?``, matched greedily at
    ``at``, or -1.  (What follows it in a tail is never a digit, a comma or a point, so that the
    greedy match is the only one that can go on.)"""
    i = at
    if i < n and ord(line[i]) in (ord("$"), ord("€"), ord("£")):
        i += 1
    if not _digit(line, i, n):
        return -1
    i += 1
    while i < n and (ord(line[i]) == ord(",") or _digit(line, i, n)):
        i += 1
    if i + 1 < n and ord(line[i]) == ord(".") and _digit(line, i + 1, n):
        i += 2
        while _digit(line, i, n):
            i += 1
    return i


def stars_tail(rest: str) -> bool:
    """Whether PokerStars' ``line_tails`` (masking.POKERSTARS) matches at the start of ``rest``
    (the line after a name): ``re`` cost 4,000 instructions a new rest, 3 a hand.  The word after
    ": " picks the one branch that may match (``startswith`` without a start is the fast one)."""
    n = len(rest)
    if rest.startswith(" collected "):  # " collected MONEY from (?:main |side )?pot"
        end = _money_end(rest, 11, n)
        if end < 0 or not starts_at(rest, " from ", end):
            return False
        end += 6
        if starts_at(rest, "main ", end) or starts_at(rest, "side ", end):
            end += 5
        return starts_at(rest, "pot", end)
    if n < 3 or not rest.startswith(": "):
        return False
    c = ord(rest[2])
    if c == ord("c"):
        if rest.startswith(": calls "):
            return _money_end(rest, 8, n) >= 0
        return rest.startswith(": checks") and _ends(rest, 8, n)
    if c == ord("b"):
        if rest.startswith(": bets "):
            return _money_end(rest, 7, n) >= 0
        return rest.startswith(": brings in for ") and _money_end(rest, 16, n) >= 0
    if c == ord("p"):
        return rest.startswith(": posts the ante ") and _money_end(rest, 17, n) >= 0
    if c == ord("r"):  # ": raises MONEY to MONEY"
        end = _money_end(rest, 9, n) if rest.startswith(": raises ") else -1
        return end >= 0 and starts_at(rest, " to ", end) and _money_end(rest, end + 4, n) >= 0
    if c == ord("f"):  # ": folds(?: CARDS)?$"
        if not rest.startswith(": folds"):
            return False
        if _ends(rest, 7, n):
            return True
        end = _space_cards_end(rest, 7, n)
        return end >= 0 and _ends(rest, end, n)
    if c == ord("s"):
        return rest.startswith(": shows [") and cards_end(rest, 8, n) >= 0
    if c == ord("m"):
        return rest.startswith(": mucks hand") and _ends(rest, 12, n)
    return rest.startswith(": doesn't show hand") and _ends(rest, 19, n)
