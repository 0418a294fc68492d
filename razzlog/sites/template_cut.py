"""Cutting a masked line into its skeleton and slots (:mod:`.templates`' first step).

A line's *slots* are the pieces a template may fill (names' markers, bracketed cards, declared
lows, amounts and other digit runs); its *skeleton* is the literal text between them, the
line's key in the template cache.  The cut of a line met before is kept (:func:`cut_kept`).

The cut is the split of the line by the pattern (tests/test_parse_templates_fields.py keeps it
and compares)::

    (\\ue000[0-9]+\\ue001 | \\[CARD(?: CARD)*\\] | (?<=Lo: )RANK(?:,RANK)* | [$€£]?[0-9]+(?:[.,][0-9]+)*)

with ``RANK`` ``(?:10|[2-9TJQKA])`` and ``CARD`` ``RANK[shdc]``: from left to right, the first of
those kinds that matches at a position is a slot, and the scan goes on after it.  It is read
here character by character (compiled: ``ord(line[i])`` reads the string's buffer), not by
``re``: the split cost 10,000 instructions a line, most of it the engine trying its start class
at every position of a two-byte string (the markers are not Latin-1), and a third of a hand's
lines are new each hand (their cards and amounts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # (mypyc's native 64-bit int: the scan's indices without int objects' checks;
    # an annotation of a local is never evaluated, so the plain Python needs no import)
    from mypy_extensions import i64

_SEP: Final = "\x00"  # joins a skeleton's literals (a hand with a NUL is never templated)

# masked lines whose cut is kept (Templates.cuts), in each of two generations: about 8 MB
MAX_CUTS = 8_192


def _is_digit(c: i64) -> bool:
    return ord("0") <= c <= ord("9")


def _is_face(c: i64) -> bool:  # the ranks written as letters
    return c == ord("T") or c == ord("J") or c == ord("Q") or c == ord("K") or c == ord("A")


# (the scan's helpers take and return native 64-bit ints: with ``int`` ones, each call and each
# index converted tagged integers, and a line's slots cost 470 instructions each)
def _digits_end(s: str, i: i64, n: i64) -> i64:
    """The end of the run of ASCII digits at ``i``."""
    while i < n and _is_digit(ord(s[i])):
        i += 1
    return i


def _rank_end(s: str, i: i64, n: i64) -> i64:
    """The end of ``10|[2-9TJQKA]`` at ``i``, or -1."""
    if i >= n:
        return -1
    c: i64 = ord(s[i])
    if c == ord("1"):
        return i + 2 if i + 1 < n and ord(s[i + 1]) == ord("0") else -1
    return i + 1 if ord("2") <= c <= ord("9") or _is_face(c) else -1


def _card_end(s: str, i: i64, n: i64) -> i64:
    """The end of a card (``RANK[shdc]``) at ``i``, or -1."""
    r = _rank_end(s, i, n)
    if r < 0 or r >= n:
        return -1
    c: i64 = ord(s[r])
    return r + 1 if c == ord("s") or c == ord("h") or c == ord("d") or c == ord("c") else -1


def cards_end(s: str, i: int, n: int) -> int:
    """The end of ``\\[CARD(?: CARD)*\\]`` at ``i`` (``s[i]`` is ``[``), or -1."""
    return _cards_end(s, i, n)


def _cards_end(s: str, i: i64, n: i64) -> i64:
    j = _card_end(s, i + 1, n)
    if j < 0:
        return -1
    while j < n and ord(s[j]) == ord(" "):
        k = _card_end(s, j + 1, n)
        if k < 0:
            break
        j = k
    return j + 1 if j < n and ord(s[j]) == ord("]") else -1


def _lows_end(s: str, i: i64, n: i64) -> i64:
    """The end of ``(?:,RANK)*`` at ``i``."""
    while i < n and ord(s[i]) == ord(","):
        r = _rank_end(s, i + 1, n)
        if r < 0:
            break
        i = r
    return i


def _number_end(s: str, i: i64, n: i64) -> i64:
    """The end of ``[0-9]*(?:[.,][0-9]+)*`` at ``i``."""
    i = _digits_end(s, i, n)
    while i + 1 < n:
        c: i64 = ord(s[i])
        if (c != ord(".") and c != ord(",")) or not _is_digit(ord(s[i + 1])):
            break
        i = _digits_end(s, i + 2, n)
    return i


def _after_lo(s: str, i: i64) -> bool:
    """Whether ``"Lo: "`` ends at ``i``."""
    return (
        i >= 4
        and ord(s[i - 1]) == ord(" ")
        and ord(s[i - 2]) == ord(":")
        and ord(s[i - 3]) == ord("o")
        and ord(s[i - 4]) == ord("L")
    )


def _slot_end(s: str, i: i64, n: i64) -> i64:
    """The end of the slot that starts at ``i``, or -1 if none does."""
    c: i64 = ord(s[i])
    if _is_digit(c):
        if c != ord("0") and _after_lo(s, i):
            if c != ord("1"):
                return _lows_end(s, i + 1, n)
            if i + 1 < n and ord(s[i + 1]) == ord("0"):
                return _lows_end(s, i + 2, n)
        return _number_end(s, i + 1, n)
    if c == 0xE000:  # masking.MARK_OPEN (then MARK_CLOSE)
        j = _digits_end(s, i + 1, n)
        return j + 1 if j > i + 1 and j < n and ord(s[j]) == 0xE001 else -1
    if c == ord("["):
        return _cards_end(s, i, n)
    if c == ord("$") or c == ord("€") or c == ord("£"):
        j = _digits_end(s, i + 1, n)
        return _number_end(s, j, n) if j > i + 1 else -1
    if _is_face(c) and _after_lo(s, i):
        return _lows_end(s, i + 1, n)
    return -1


def cut_line(line: str) -> tuple[str, tuple[str, ...]]:
    """The skeleton of a line (its literals joined by ``_SEP``, the line's key) and its slots."""
    cut = cut_of(line)
    return cut.skeleton, cut.slots


# a currency symbol's bit in symbol_bits (the three that common.CURRENCY_OF_SYMBOL knows)
SYMBOL_BITS: Final = {"$": 1, "€": 2, "£": 4}


def symbol_bits(line: str) -> int:
    """The bits (:data:`SYMBOL_BITS`) of the currency symbols ``line`` holds: a hand's lines'
    bits are or-ed, so that a foreign amount is found without joining the hand's lines."""
    bits = 0
    if "$" in line:
        bits |= 1
    if "€" in line:
        bits |= 2
    if "£" in line:
        bits |= 4
    return bits


class LineCut:
    """A line's cut as kept (:attr:`.templates.Templates.cuts`): a compiled class, read by its
    fields (a tuple of a str, a tuple and an int was unboxed by mypyc, then boxed again into a
    new tuple twice a new line: 650 instructions)."""

    def __init__(self, skeleton: str, slots: tuple[str, ...], bits: int) -> None:
        self.skeleton = skeleton  # the literals joined by _SEP (the line's key)
        self.slots = slots
        self.bits = bits  # symbol_bits of the line


# the markers masking writes for the first names (masking._MARKERS), as constants: a marker slot
# is one of these objects, not a new slice, and its hash (the fill functions look markers up) kept
_MARKERS: Final = tuple(f"\ue000{i}\ue001" for i in range(32))


def _marker(s: str, i: i64, j: i64) -> str:
    """``s[i:j]``, a marker slot (``\\ue000``, ASCII digits, ``\\ue001``)."""
    if j - i == 3:
        return _MARKERS[ord(s[i + 1]) - ord("0")]
    if j - i == 4 and ord(s[i + 1]) != ord("0"):
        k: i64 = (ord(s[i + 1]) - ord("0")) * 10 + ord(s[i + 2]) - ord("0")
        if k < 32:
            return _MARKERS[k]
    return s[i:j]


# the skeletons of "Dealt to MARKER [CARDS]" and of "Dealt to MARKER [CARDS] [CARDS]"
_DEALT_ONE: Final = f"Dealt to {_SEP} {_SEP}"
_DEALT_TWO: Final = f"Dealt to {_SEP} {_SEP} {_SEP}"


def _dealt_cut(s: str, n: i64) -> LineCut | None:
    """The cut of ``Dealt to MARKER [CARDS]( [CARDS])?`` (``s`` starts with ``"Dealt to
    \\ue000"``), the line whole; None for any other line.  A third of a hand's new lines (their
    cards are new): the skeleton a constant, no literal cut out, joined and hashed."""
    j = _digits_end(s, 10, n)
    if j == 10 or j >= n or ord(s[j]) != 0xE001:
        return None
    a: i64 = j + 1
    if a + 1 >= n or ord(s[a]) != ord(" ") or ord(s[a + 1]) != ord("["):
        return None
    b = _cards_end(s, a + 1, n)
    if b < 0:
        return None
    if b == n:
        return LineCut(_DEALT_ONE, (_marker(s, 9, a), s[a + 1 : b]), 0)
    if b + 1 >= n or ord(s[b]) != ord(" ") or ord(s[b + 1]) != ord("["):
        return None
    c = _cards_end(s, b + 1, n)
    if c != n:
        return None
    return LineCut(_DEALT_TWO, (_marker(s, 9, a), s[a + 1 : b], s[b + 1 : c]), 0)


# the skeleton of a seat line "Seat N: MARKER (STACK in chips)"
_SEAT: Final = f"Seat {_SEP}: {_SEP} ({_SEP} in chips)"
_IN_CHIPS: Final = " in chips)"


def _seat_cut(s: str, n: i64) -> LineCut | None:
    """The cut of ``Seat N: MARKER (STACK in chips)`` (``s`` starts with ``"Seat "`` and a
    digit), the line whole, the slots as the scan reads them; None for any other line.  A
    seventh of a hand's new lines (their stacks are new), cut without literals sliced, joined
    and hashed."""
    seat = _number_end(s, 6, n)
    if seat + 3 >= n or ord(s[seat]) != ord(":") or ord(s[seat + 1]) != ord(" "):
        return None
    at: i64 = seat + 2
    if ord(s[at]) != 0xE000:
        return None
    j = _digits_end(s, at + 1, n)
    if j == at + 1 or j >= n or ord(s[j]) != 0xE001:
        return None
    p: i64 = j + 3  # the stack's first character, after " ("
    if p >= n or ord(s[j + 1]) != ord(" ") or ord(s[j + 2]) != ord("("):
        return None
    c: i64 = ord(s[p])
    bits: i64 = 0
    if _is_digit(c):
        end = _number_end(s, p + 1, n)
    else:
        if c == ord("$"):
            bits = 1
        elif c == ord("€"):
            bits = 2
        elif c == ord("£"):
            bits = 4
        else:
            return None
        k = _digits_end(s, p + 1, n)
        if k == p + 1:
            return None
        end = _number_end(s, k, n)
    if n - end != len(_IN_CHIPS):
        return None
    for m in range(len(_IN_CHIPS)):
        if ord(s[end + m]) != ord(_IN_CHIPS[m]):
            return None
    return LineCut(_SEAT, (s[5:seat], _marker(s, at, j + 1), s[p:end]), bits)


def two_deals(line: str) -> bool:
    """Whether a masked line reads like ``Dealt to MARKER [CARDS] [CARDS]`` (its end): such a
    line's cards are new in 98 % of them, so its cut is not worth keeping (nor looking up: the
    line's hash).  (A guess: the cut is the same either way.)"""
    n = len(line)
    if n < 16 or ord(line[0]) != ord("D") or ord(line[9]) != 0xE000 or ord(line[n - 1]) != ord("]"):
        return False
    k = n - 2
    while k > 12 and ord(line[k]) != ord("["):
        k -= 1
    return ord(line[k - 1]) == ord(" ") and ord(line[k - 2]) == ord("]")


def cut_of(line: str) -> LineCut:
    """The cut of a line not met before: its skeleton and slots, and its :func:`symbol_bits`, in
    one scan.

    (The symbols are seen where the scan looks at a character: a slot holds one only as its
    first character.)  Lower-case letters and spaces, most of a line, are passed over first."""
    n: i64 = len(line)
    if n > 10 and ord(line[0]) == ord("D") and ord(line[9]) == 0xE000 and line.startswith("Dealt to "):
        dealt = _dealt_cut(line, n)
        if dealt is not None:
            return dealt
    elif n > 6 and ord(line[0]) == ord("S") and _is_digit(ord(line[5])) and line.startswith("Seat "):
        seat = _seat_cut(line, n)
        if seat is not None:
            return seat
    literals: list[str] = []
    slots: list[str] = []
    start: i64 = 0  # where the current literal starts
    bits: i64 = 0
    i: i64 = 0
    while i < n:
        c: i64 = ord(line[i])
        if c >= ord("a"):
            if c <= ord("z"):
                i += 1
                continue
            if c == ord("€"):
                bits |= 2
            elif c == ord("£"):
                bits |= 4
            elif c != 0xE000:  # (masking.MARK_OPEN)
                i += 1
                continue
        elif c == ord("$"):
            bits |= 1
        elif not (_is_digit(c) or c == ord("[") or _is_face(c)):
            i += 1
            continue
        end = _slot_end(line, i, n)
        if end > i:
            literals.append(line[start:i])
            slots.append(_marker(line, i, end) if c == 0xE000 else line[i:end])
            start = i = end
        else:
            i += 1
    if not slots:
        return LineCut(line, (), bits)
    literals.append(line[start:])
    return LineCut(_SEP.join(literals), tuple(slots), bits)


def cut_kept(known: dict[str, LineCut], older: dict[str, LineCut], lines: list[str]) -> list[LineCut]:
    """:func:`cut_of` of each masked line (none holds ``_SEP``), kept in ``known`` (a line
    found in ``older``, the generation before, moves to it): about 65 % of a batch's lines were
    met before (names are markers)."""
    out: list[LineCut] = []
    for line in lines:
        cut = known.get(line)
        if cut is None:
            cut = older.get(line)
            if cut is None:
                cut = cut_of(line)
            known[line] = cut
        out.append(cut)
    return out
