"""Which seated name a line of a hand starts with, and the line masked (:mod:`.masking`'s
matching of names, compiled by mypyc).

Names are matched with str.startswith over lists sorted by length (longest first, ties in seat
order), trying them in the order a regular expression alternation "NAME1|NAME2|…" would, so that
no pattern is compiled per hand.  Each name's first character (``firsts``, -1 for an empty name)
is compared first: most names cannot start a line, and comparing two ints costs a tenth of
``startswith``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from razzlog.sites.mask_scan import dealt_cards_at, stars_tail


@dataclass(frozen=True, slots=True)
class _Compiled:
    """A syntax's patterns that do not depend on the names (compiled once per syntax)."""

    tails: re.Pattern[str]  # what may follow a name at the start of a line
    showdown_tails: re.Pattern[str]  # the same in the showdown section
    fallback_tail: re.Pattern[str]
    returned: re.Pattern[str]  # the "Uncalled bet" line up to the name
    dealt_cards: re.Pattern[str]  # what follows the name in a "Dealt to" line
    dealt_scanned: bool  # whether it is _DEALT_CARDS (read by mask_scan.dealt_cards_at, not re)
    # whether a line's rest after a name matches ``tails`` / ``showdown_tails``, kept (None: the
    # pattern reads what comes before it, :func:`_memo`): ": calls $0.02", ": folds"... recur
    # from hand to hand, and a look-up costs a tenth of the match (masking's largest part)
    tails_seen: dict[str, bool] | None
    showdown_seen: dict[str, bool] | None
    # whether the tails are PokerStars' (read by mask_scan.stars_tail, a new rest's match cost
    # 4,000 instructions), and the showdown's own (``showdown_tails`` without ``tails``)
    stars_tails: bool
    showdown_only: re.Pattern[str] | None


_DEALT_TO: Final = len("Dealt to ")
# the rests of lines _at_start keeps the answer of, per pattern (emptied when full: about 2 MB)
MAX_TAILS: Final = 16_384
# what lets a pattern's match at a line's position differ from its match of the line's rest:
# a lookbehind, an anchor or a word boundary (conservative: "^" also in "[^...]")
_READS_BEHIND = re.compile(r"\(\?<[=!]|\\[bBAG]|\^")


def _memo(pattern: str) -> dict[str, bool] | None:
    """An empty memo for ``pattern``'s matches, if its match at ``pos`` in a line is always its
    match of ``line[pos:]``."""
    return None if _READS_BEHIND.search(pattern) else {}


def _first_chars(names: list[str]) -> list[int]:
    return [ord(name[0]) if name else -1 for name in names]


def _longest_first(names: list[str]) -> list[str]:
    """``sorted(names, key=len, reverse=True)`` (stable: ties keep their order), without a call
    of ``sorted`` with a key (a table's few names)."""
    out: list[str] = []
    for name in names:
        k = len(out)
        while k > 0 and len(out[k - 1]) < len(name):
            k -= 1
        out.insert(k, name)
    return out


def _at_start(
    line: str,
    longest: list[str],
    firsts: list[int],
    fallback: list[str],
    c: _Compiled,
    tails: re.Pattern[str],
    seen: dict[str, bool] | None,
) -> tuple[str | None, str | None]:
    """The name a line starts with: the first (longest) whose remainder has a valid shape
    (``tails``, whose answers ``seen`` keeps), else the first in ``fallback`` order followed by
    the fallback tail; and the line after the name when ``seen`` was asked about it (else
    None).  ``firsts``: the first characters of ``longest``'s names."""
    first = ord(line[0]) if line else -2
    for j in range(len(longest)):
        head = firsts[j]
        if head != first and head >= 0:
            continue
        name = longest[j]
        if not line.startswith(name):
            continue
        if seen is None:
            if tails.match(line, len(name)):
                return name, None
            continue
        rest = line[len(name) :]
        valid = seen.get(rest)
        if valid is None:
            valid = _tail_at_start(c, tails, rest)
            if len(seen) >= MAX_TAILS:
                seen.clear()
            seen[rest] = valid
        if valid:
            return name, rest
    for name in fallback:
        if line.startswith(name) and c.fallback_tail.match(line, len(name)):
            return name, None
    return None, None


def _tail_at_start(c: _Compiled, tails: re.Pattern[str], rest: str) -> bool:
    """Whether ``tails`` (``c.tails`` or ``c.showdown_tails``) matches at the start of ``rest``."""
    if not c.stars_tails or c.showdown_only is None:
        return tails.match(rest) is not None
    if stars_tail(rest):
        return True
    # (the showdown's pattern is the tails' or its own: "|" joins them)
    return tails is not c.tails and c.showdown_only.match(rest) is not None


# per marker (of the first len(_MARKERS)): the rest of a line after the name it starts with ->
# the masked line.  ": checks", ": calls $0.02"... recur: the masked line is then the same string
# object, whose hash the template path's memo of cuts already knows (emptied when full)
MAX_MASKED: Final = 2_048


def _masked_at_start(memo: dict[str, str], marker: str, rest: str) -> str:
    """``marker + rest``, kept in ``memo`` (the marker's)."""
    found = memo.get(rest)
    if found is None:
        found = marker + rest
        if len(memo) >= MAX_MASKED:
            memo.clear()
        memo[rest] = found
    return found


def _dealt_to(line: str, longest: list[str], firsts: list[int], c: _Compiled, fallback: str) -> str | None:
    """``Dealt to NAME [cards]``: the longest name followed by cards, else by ``fallback``
    (a space: the start of the cards).  ``firsts``: the first characters of ``longest``'s names."""
    # (the names compared with the line's rest: compiled, ``startswith`` with a start is a
    # generic method call, 1,000 instructions, and this loop tries every name of ~14 lines a hand)
    rest = line[_DEALT_TO:]
    first = ord(rest[0]) if rest else -2
    found = -1
    for j in range(len(longest)):
        head = firsts[j]
        if (head == first or head < 0) and rest.startswith(longest[j]):
            if found >= 0:  # (names that start one another: "Bob", "Bob B")
                return _dealt_to_among(line, rest, longest, firsts, first, c, fallback)
            found = j
    if found < 0:
        return None
    # One name fits (most lines): it is the answer if cards or the fallback follow it, and
    # PokerStars' cards start with its fallback, a space (what the cards' scan cost: 900 a line)
    name = longest[found]
    n = len(name)
    if c.dealt_scanned and fallback == " ":
        return name if n < len(rest) and ord(rest[n]) == ord(" ") else None
    if _cards_at(line, _DEALT_TO + n, c) or rest.startswith(fallback, n):
        return name
    return None


def _dealt_to_among(
    line: str, rest: str, longest: list[str], firsts: list[int], first: int, c: _Compiled, fallback: str
) -> str | None:
    """:func:`_dealt_to` where several names start ``rest`` (``line`` after "Dealt to ")."""
    for j in range(len(longest)):
        head = firsts[j]
        name = longest[j]
        if (
            (head == first or head < 0)
            and rest.startswith(name)
            and _cards_at(line, _DEALT_TO + len(name), c)
        ):
            return name
    for j in range(len(longest)):
        head = firsts[j]
        name = longest[j]
        if (head == first or head < 0) and rest.startswith(name) and rest.startswith(fallback, len(name)):
            return name
    return None


def _cards_at(line: str, at: int, c: _Compiled) -> bool:
    """Whether a "Dealt to" line's cards (``c.dealt_cards``) follow at ``at``."""
    return dealt_cards_at(line, at) if c.dealt_scanned else c.dealt_cards.match(line, at) is not None
