"""RZ503 duplicate-hand (across hands)."""

from __future__ import annotations

from collections.abc import Iterator

from razzlog.events import Hand
from razzlog.rules.base import rule
from razzlog.violations import Severity, Violation


class SeenHands:
    """Where each hand id was first seen: its text digest, file and line.

    Kept for every hand of the input, so kept small (about 150 bytes a hand):
    per site, the hand id maps to one integer packing the digest (16 hex
    digits, as ``text_digest`` makes them), the file's index and the line.
    """

    __slots__ = ("_by_site", "_file_index", "_files")

    def __init__(self) -> None:
        self._by_site: dict[str, dict[str, int | tuple[str, str, int]]] = {}
        self._files: list[str] = []
        self._file_index: dict[str, int] = {}

    def first(self, site: str, hand_id: str) -> tuple[str, str, int] | None:
        """``(digest, file, line)`` of the first hand seen with this id, if any."""
        found = self._by_site.get(site, {}).get(hand_id)
        if found is None or isinstance(found, tuple):
            return found
        return f"{found >> 64:016x}", self._files[(found >> 32) & 0xFFFFFFFF], found & 0xFFFFFFFF

    def add(self, site: str, hand_id: str, digest: str, file: str, line: int) -> None:
        index = self._file_index.get(file)
        if index is None:
            index = self._file_index[file] = len(self._files)
            self._files.append(file)
        ids = self._by_site.setdefault(site, {})
        packed = _pack(digest, index, line)
        ids[hand_id] = packed if packed is not None else (digest, file, line)


def _pack(digest: str, index: int, line: int) -> int | None:
    if len(digest) != 16 or not 0 <= line < 2**32 or index >= 2**32:
        return None
    try:
        value = int(digest, 16)
    except ValueError:
        return None
    if f"{value:016x}" != digest:
        return None  # upper case, signs, underscores…: keep the text as it is
    return value << 64 | index << 32 | line


@rule("duplicate-hand", Severity.ERROR, cross_hand=True)
def duplicate_hand(hand: Hand, seen: SeenHands) -> Iterator[Violation]:
    """The same hand id appears twice: an error with different text, a warning if identical.

    Bad: ``PokerStars Game #35874566077`` twice in a folder, once with a
    different stack in it.

    Fix: keep one copy of each hand; a differing copy means one was altered.
    """
    h = hand.header
    first = seen.first(h.site, h.hand_id)
    if first is None:
        seen.add(h.site, h.hand_id, hand.text_digest, hand.file, hand.first_line)
        return
    digest, file, line = first
    same = digest == hand.text_digest
    yield Violation(
        "duplicate-hand",
        Severity.WARNING if same else Severity.ERROR,
        hand.file,
        hand.first_line,
        h.site,
        h.hand_id,
        None,
        None,
        f"hand {h.hand_id} already appeared at {file}:{line}" + ("" if same else " with different text"),
    )
