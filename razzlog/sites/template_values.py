"""The conversions a line template's fill function applies to its slots (:mod:`.template_fill`),
as the transformer converts the same text.  Compiled by mypyc (razzlog/compiled.py): about 14 of
them a hand miss the fill's inline memo (most amounts of tournament stacks are new, and card lists
of three or more cards are never kept), and the interpreted ones cost twice as much.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from razzlog.cards import Card
from razzlog.sites.common import (
    _CARD_OF,
    MAX_SEATS,
    AmountOutOfRange,
    bracketed,
    check_range,
    low_ranks,
    money,
)

if TYPE_CHECKING:  # (mypyc's native 64-bit int, as in template_cut)
    from mypy_extensions import i64

_DIGITS: Final = re.compile(r"[0-9]+")
# PokerStars' MONEY terminal (grammars/pokerstars.lark), which money_shape reads without re
STARS_MONEY: Final = (
    r"(?=[$€£]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![.,]?\d))"
    r"[$€£]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![.,]?\d)"
)
_CARDS: Final = _CARD_OF  # (a Final: compiled code reads it without a look-up of the name)


class Miss(Exception):
    """A value the template cannot take: the hand goes through the full parse."""


# --------------------------------------------------------------------------- value conversions


class Values:
    """The conversions a filled template applies to its slots (as the transformer converts the
    same text), with small memos: the same amounts and cards recur from hand to hand."""

    def __init__(self, money_re: re.Pattern[str]) -> None:
        self.money_re = money_re  # the grammar's MONEY terminal
        # whether it is STARS_MONEY (read by money_shape first)
        self.scanned = money_re.pattern == STARS_MONEY and money_re.flags == re.UNICODE
        self.amounts: dict[str, Decimal] = {}
        self.cards: dict[str, tuple[Card, ...]] = {}
        self.lows: dict[str, tuple[int, ...]] = {}

    def amount(self, text: str) -> Decimal:
        found = self.amounts.get(text)
        if found is None:
            shape = money_shape(text) if self.scanned else -1
            if shape == 0 or (shape < 0 and self.money_re.fullmatch(text) is None):
                raise Miss
            try:
                found = _money(text) if shape > 0 else money(text)
            except AmountOutOfRange:
                raise Miss from None
            if len(self.amounts) > 4096:
                self.amounts.clear()
            self.amounts[text] = found
        return found

    def card_list(self, text: str) -> tuple[Card, ...]:
        found = self.cards.get(text)
        if found is None:
            if text[:1] != "[":
                raise Miss
            # a slot that starts with "[" is "[CARD( CARD)*]" (template_cut.cards_end): bracketed(text)
            scanned = scanned_cards(text)
            if scanned is not None:
                found = scanned
            else:
                try:
                    found = tuple([_CARDS[c] for c in text[1:-1].split(" ")])
                except KeyError:
                    found = bracketed(text)
            # Only lists of one or two cards are kept (at most 56 + 56 * 56 spellings, so the memo
            # is never cleared): longer ones ("[Kh 9c 7h]", 132,600 orders of three) rarely recur,
            # and storing them filled the memo and emptied it of the short ones every few hands.
            if len(found) <= 2:
                if len(self.cards) > 4096:
                    self.cards.clear()
                self.cards[text] = found
        return found

    def low(self, text: str) -> tuple[int, ...]:
        """A declared low (``_low``), kept: a few hundred recur."""
        found = _low(text)
        if len(self.lows) > 4096:
            self.lows.clear()
        self.lows[text] = found
        return found

    def card(self, text: str) -> Card:
        cards = self.card_list(text)
        if len(cards) != 1:
            raise Miss
        return cards[0]


# the cards by rank (2 to 9, T, J, Q, K, A: 0 to 12) and suit (s, h, d, c: 0 to 3), the same
# objects as _CARDS'; and each ASCII character's rank and suit, plus one (0: none)
_DECK: Final = [_CARDS[rank + suit] for rank in "23456789TJQKA" for suit in "shdc"]
_RANK_OF: Final = bytes("23456789TJQKA".find(chr(c)) + 1 for c in range(128))
_SUIT_OF: Final = bytes("shdc".find(chr(c)) + 1 for c in range(128))


def scanned_cards(text: str) -> tuple[Card, ...] | None:
    """The cards of ``text`` if it is exactly ``[CARD( CARD)*]`` (``CARD`` a rank of 2-9, T, J, Q,
    K, A or 10, and a suit of shdc), as ``_CARDS`` gives them; else None.  (Splitting the text and
    hashing each card's text cost 2,000 instructions a list: 9 lists a hand are new.)"""
    n: i64 = len(text)
    if n < 4 or ord(text[0]) != ord("[") or ord(text[n - 1]) != ord("]"):
        return None
    cards: list[Card] = []
    i: i64 = 1
    while True:  # text[i] is a card's first character, i < n - 1
        c: i64 = ord(text[i])
        rank: i64
        if c == ord("1"):
            if ord(text[i + 1]) != ord("0"):
                return None
            rank = 8  # ("10": T)
            i += 2
        else:
            rank = _RANK_OF[c] - 1 if c < 128 else -1
            if rank < 0:
                return None
            i += 1
        s: i64 = ord(text[i]) if i < n - 1 else 128
        suit: i64 = _SUIT_OF[s] - 1 if s < 128 else -1
        if suit < 0:
            return None
        cards.append(_DECK[rank * 4 + suit])
        i += 1
        if i == n - 1:
            return tuple(cards)
        if ord(text[i]) != ord(" ") or i + 1 >= n - 1:
            return None
        i += 1


def money_shape(text: str) -> int:
    """1 if :data:`STARS_MONEY` matches the whole of ``text``, 0 if not, -1 if ``text`` holds
    other characters than ASCII digits, ``,``, ``.`` and a leading currency symbol (``re``
    decides: ``\\d`` takes other digits too).  (The regular expression cost 6,000 instructions
    an amount, 5 new amounts a hand.)  Its look-ahead repeats its body: whatever matches the
    whole text meets it, so the whole text is ``[$€£]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?``."""
    n = len(text)
    start = 1 if n > 0 and text[0] in "$€£" else 0
    dot = -1
    commas = 0
    for i in range(start, n):
        c = ord(text[i])
        if c == ord("."):
            if dot >= 0:
                return 0  # (a second point: no match, whatever else the text holds)
            dot = i
        elif c == ord(","):
            if dot >= 0:
                return 0
            commas += 1
        elif c < ord("0") or c > ord("9"):
            return -1
    end = n if dot < 0 else dot
    if end == start or (dot >= 0 and dot == n - 1):
        return 0  # no whole part, or a point without decimals
    if commas == 0:
        return 1
    # groups of three after the first, which has one to three digits
    first = text.find(",", start)
    if first - start > 3 or first == start:
        return 0
    at = first
    while at < end:  # text[at] is a comma
        if at + 4 > end or (at + 4 < end and text[at + 4] != ","):
            return 0
        for k in range(at + 1, at + 4):
            if text[k] == ",":
                return 0
        at += 4
    return 1


def _money(text: str) -> Decimal:
    """:func:`.common.money` of a text :func:`money_shape` took (the same steps, compiled)."""
    printed = text
    if text[0] in "$€£":
        text = text[1:]
    if "," in text:
        text = text.replace(",", "")
    if len(text) > 8:  # (common.exact_amount's)
        check_range(text, printed)
    return Decimal(text)


def _number(text: str) -> int:
    if _DIGITS.fullmatch(text) is None:
        raise Miss
    return int(text)


def _seat(text: str) -> int:
    number = _number(text)
    if not 1 <= number <= MAX_SEATS:  # common.seat_of's check
        raise Miss
    return number


def _low(text: str) -> tuple[int, ...]:
    if text[:1] in "$€£[\ue000":
        raise Miss
    try:
        return low_ranks(text)
    except KeyError:
        raise Miss from None


def _marker(text: str) -> int:
    if text[:1] != "\ue000":
        raise Miss
    return int(text[1:-1])
