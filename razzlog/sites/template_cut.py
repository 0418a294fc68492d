"""Cutting a masked line into its skeleton and slots (:mod:`.templates`' first step).

A line's *slots* are the pieces a template may fill (names' markers, bracketed cards, declared
lows, amounts and other digit runs); its *skeleton* is the literal text between them, the
line's key in the template cache.  The cut of a line met before is kept (:func:`cut_kept`).
"""

from __future__ import annotations

import re
from typing import Final

_RANK = r"(?:10|[2-9TJQKA])"
_CARD = _RANK + r"[shdc]"
# One capturing group: re.split gives [literal, slot, literal, slot, ..., literal].  A slot is a
# name's marker, cards, a declared low (after "Lo: ") or an amount or other digit run, tried in
# that order (tests/test_parse_templates_fields.py has the plain pattern).  The slot's first
# character is taken by one character class, each branch then checking it by a lookbehind: re
# skips to the next such character instead of trying every branch everywhere (half the cost).
_SLOT = re.compile(
    "([\ue000\\[$€£0-9TJQKA]"
    "(?:(?<=\ue000)[0-9]+\ue001"
    rf"|(?<=\[){_CARD}(?: {_CARD})*\]"
    rf"|(?<=Lo: 1)0(?:,{_RANK})*|(?<=Lo: [2-9TJQKA])(?:,{_RANK})*"
    r"|(?<=[$€£])[0-9]+(?:[.,][0-9]+)*"
    r"|(?<=[0-9])[0-9]*(?:[.,][0-9]+)*))"
)
_SEP: Final = "\x00"  # joins a skeleton's literals (a hand with a NUL is never templated)

# masked lines whose cut is kept (Templates.cuts), in each of two generations: about 8 MB
MAX_CUTS = 8_192


def cut_line(line: str) -> tuple[str, tuple[str, ...]]:
    """The skeleton of a line (its literals joined by ``_SEP``, the line's key) and its slots."""
    parts = _SLOT.split(line)
    return _SEP.join(parts[0::2]), tuple(parts[1::2])


def cut_lines(text: str) -> tuple[list[str], list[str]]:
    """:func:`cut_line` of each line of ``text`` in one split: each line's skeleton, and the slots
    of all its lines in order (line i's are the next ``key.count(_SEP)``).

    One split of the whole text, not one a line (a third of the cost for 65 lines): a slot never
    holds a line break and the pattern's lookbehinds never reach one, so each line's slots and
    literals are those a split of the line alone gives.  (The test compares the two.)
    """
    parts = _SLOT.split(text)
    return _SEP.join(parts[0::2]).split("\n"), parts[1::2]


def cut_kept(
    known: dict[str, tuple[str, tuple[str, ...]]],
    older: dict[str, tuple[str, tuple[str, ...]]],
    lines: list[str],
) -> list[tuple[str, tuple[str, ...]]]:
    """:func:`cut_line` of each masked line (none holds ``_SEP``), kept in ``known`` (a line
    found in ``older``, the generation before, moves to it): about 65 % of a batch's lines were
    met before (names are markers), and the split cost 7,700 instructions a line, 40 % of the
    template path.  The lines not kept are cut in one split."""
    out: list[tuple[str, tuple[str, ...]]] = []
    new: list[int] = []  # the lines not kept
    for i, line in enumerate(lines):
        cut = known.get(line)
        if cut is None:
            cut = older.get(line)
            if cut is None:
                new.append(i)
                cut = ("", ())
            else:
                known[line] = cut
        out.append(cut)
    if not new:
        return out
    keys, slots = cut_lines("\n".join([lines[i] for i in new]))
    at = 0
    for k, i in enumerate(new):
        key = keys[k]
        width = key.count(_SEP)
        cut = out[i] = (key, tuple(slots[at : at + width]))
        known[lines[i]] = cut
        at += width
    return out
