"""RZ503 duplicate-hand (across hands)."""

from __future__ import annotations

from array import array
from typing import Final

from razzlog.rules.base import rule
from razzlog.violations import Severity, Violation


class SeenHands:
    """Where each hand id was first seen: its text digest, file and line.

    Kept for every hand of the input, so kept compact: about 35 bytes a hand
    where the id is a number and the digest is ``text_digest``'s 16 hex digits
    (as every site's are), against some 140 for a dict of strings and ints.
    Those hands go, per site, to an ``_IdTable`` of plain arrays; any other
    (an id with letters, a digest of another shape, a line past 2**32) to a
    dict, which holds the text as it is.
    """

    __slots__ = ("_file_index", "_files", "_other", "_tables")

    def __init__(self) -> None:
        self._tables: dict[str, _IdTable] = {}
        self._other: dict[tuple[str, str], tuple[str, str, int]] = {}
        self._files: list[str] = []
        self._file_index: dict[str, int] = {}

    def first(self, site: str, hand_id: str) -> tuple[str, str, int] | None:
        """``(digest, file, line)`` of the first hand seen with this id, if any."""
        return self._look(site, hand_id, _number(hand_id))[0]

    def add(self, site: str, hand_id: str, digest: str, file: str, line: int) -> None:
        self._put(site, hand_id, _number(hand_id), digest, file, line, None)

    def first_or_add(
        self, site: str, hand_id: str, digest: str, file: str, line: int
    ) -> tuple[str, str, int] | None:
        """``first(site, hand_id)``, after which a hand not seen before is added (one look-up)."""
        key = _number(hand_id)  # (once: it parses the id)
        found, slot = self._look(site, hand_id, key)
        if found is None:
            self._put(site, hand_id, key, digest, file, line, slot)
        return found

    def _look(
        self, site: str, hand_id: str, key: int | None
    ) -> tuple[tuple[str, str, int] | None, int | None]:
        """What ``first`` answers, and the id's table slot when it is a number (``key``)."""
        if self._other:
            found = self._other.get((site, hand_id))
            if found is not None:
                return found, None
        table = self._tables.get(site)
        if key is None or table is None:
            return None, None
        slot = table.slot(key)
        entry = table.slots[slot] - 1
        if entry < 0:
            return None, slot
        return (f"{table.digests[entry]:016x}", self._files[table.files[entry]], table.lines[entry]), slot

    def _put(
        self, site: str, hand_id: str, key: int | None, digest: str, file: str, line: int, slot: int | None
    ) -> None:
        """Record a hand; ``key`` is ``_number(hand_id)``, ``slot`` its table slot if known."""
        index = self._file_index.get(file)
        if index is None:
            index = self._file_index[file] = len(self._files)
            self._files.append(file)
        value = _hex(digest)
        if key is None or value is None or not 0 <= line < _LIMIT or index >= _LIMIT:
            self._other[site, hand_id] = (digest, file, line)
            return
        if self._other:  # the latest word on an id wins, as in a dict
            self._other.pop((site, hand_id), None)
        table = self._tables.get(site)
        if table is None:
            table = self._tables[site] = _IdTable()
            slot = None
        table.put(table.slot(key) if slot is None else slot, key, value, index, line)


class _IdTable:
    """A map from 64-bit numbers to (digest, file index, line), with no Python object per entry.

    The entries are appended to four arrays; ``slots`` is an open-addressing
    index over them (entry + 1, 0 for a free slot; linear probing, at most
    two thirds full).  Multiplicative hashing spreads the consecutive ids
    that sites hand out.
    """

    __slots__ = ("digests", "files", "ids", "lines", "shift", "slots")

    def __init__(self) -> None:
        self.ids = array("Q")
        self.digests = array("Q")
        self.files = array("I")
        self.lines = array("I")
        self.slots = array("I", [0]) * 16
        self.shift = 64 - 4

    def slot(self, key: int) -> int:
        """The slot holding ``key``, or the free slot where it belongs."""
        slots, ids = self.slots, self.ids
        mask = len(slots) - 1
        i = ((key * _GOLDEN) & _MASK64) >> self.shift
        while True:
            entry = slots[i]
            if entry == 0 or ids[entry - 1] == key:
                return i
            i = (i + 1) & mask

    def put(self, slot: int, key: int, digest: int, file: int, line: int) -> None:
        """Set ``key``'s entry; ``slot`` is ``self.slot(key)``."""
        entry = self.slots[slot]
        if entry:
            self.digests[entry - 1], self.files[entry - 1], self.lines[entry - 1] = digest, file, line
            return
        self.ids.append(key)
        self.digests.append(digest)
        self.files.append(file)
        self.lines.append(line)
        self.slots[slot] = len(self.ids)
        if 3 * len(self.ids) > 2 * len(self.slots):
            self._grow()

    def _grow(self) -> None:
        # Four times larger: each entry is placed again, a Python loop, so less often.
        self.slots = array("I", [0]) * (4 * len(self.slots))
        self.shift -= 2
        slots, mask, shift = self.slots, len(self.slots) - 1, self.shift
        for entry, key in enumerate(self.ids, 1):
            i = ((key * _GOLDEN) & _MASK64) >> shift
            while slots[i]:
                i = (i + 1) & mask
            slots[i] = entry


# Final: compiled, a C static, where any other module name is a dict look-up at every use.
_GOLDEN: Final = 0x9E3779B97F4A7C15  # 2**64 / the golden ratio, odd: Knuth's multiplicative hash
_MASK64: Final = 2**64 - 1
_LIMIT: Final = 2 ** (8 * array("I").itemsize)  # what a file index or a line may reach


def _number(hand_id: str) -> int | None:
    """The id as a 64-bit number, when it is exactly one (digits, no sign, no leading zero)."""
    # (``str(int(hand_id)) == hand_id`` read by hand: ASCII digits only; compiled, the int and
    # the str cost some 1,500 instructions a hand)
    n = len(hand_id)
    if n == 0 or n > 20 or (n > 1 and ord(hand_id[0]) == ord("0")):
        return None
    value = 0
    for i in range(n):
        c = ord(hand_id[i])
        if c < ord("0") or c > ord("9"):
            return None
        if i < 18:  # (a machine word; longer ids are rare, and int reads them)
            value = value * 10 + c - ord("0")
    if n > 18:
        value = int(hand_id)
    return value if value <= _MASK64 else None


def _hex(digest: str) -> int | None:
    """``text_digest``'s 16 lower-case hex digits as a number; None for any other text."""
    # Only lower-case hex digits (not "+0…", "0_…", " …" nor upper case): then the text is
    # exactly the number's 16 digits.  (Checked character by character rather than by
    # formatting the number back, or by ``strip``, a method call: 3,000 and 1,000 instructions.)
    if len(digest) != 16:
        return None
    for i in range(16):
        c = ord(digest[i])
        if not (ord("0") <= c <= ord("9") or ord("a") <= c <= ord("f")):
            return None
    return int(digest, 16)


# Judged on the hand's keys, not the hand (the parallel audit's main process has only these):
# its site, id, text digest and place (``razzlog.rules.engine.CrossHandChecks``).
@rule("duplicate-hand", Severity.ERROR, cross_hand=True)
def duplicate_hand(
    site: str, hand_id: str, digest: str, file: str, line: int, seen: SeenHands
) -> Violation | None:
    """The same hand id appears twice: an error with different text, a warning if identical.

    Bad: ``PokerStars Game #35874566077`` twice in a folder, once with a
    different stack in it.

    Fix: keep one copy of each hand; a differing copy means one was altered.
    """
    first = seen.first_or_add(site, hand_id, digest, file, line)
    if first is None:
        return None
    first_digest, first_file, first_line = first
    same = first_digest == digest
    return Violation(
        "duplicate-hand",
        Severity.WARNING if same else Severity.ERROR,
        file,
        line,
        site,
        hand_id,
        None,
        None,
        f"hand {hand_id} already appeared at {first_file}:{first_line}"
        + ("" if same else " with different text"),
    )
