"""The conversions a line template's fill function applies to its slots (:mod:`.template_fill`),
as the transformer converts the same text.  Compiled by mypyc (razzlog/compiled.py): about 14 of
them a hand miss the fill's inline memo (most amounts of tournament stacks are new, and card lists
of three or more cards are never kept), and the interpreted ones cost twice as much.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from razzlog.cards import Card
from razzlog.sites.common import _CARD_OF, MAX_SEATS, AmountOutOfRange, bracketed, low_ranks, money

_DIGITS: Final = re.compile(r"[0-9]+")
_CARDS: Final = _CARD_OF  # (a Final: compiled code reads it without a look-up of the name)


class Miss(Exception):
    """A value the template cannot take: the hand goes through the full parse."""


# --------------------------------------------------------------------------- value conversions


class Values:
    """The conversions a filled template applies to its slots (as the transformer converts the
    same text), with small memos: the same amounts and cards recur from hand to hand."""

    def __init__(self, money_re: re.Pattern[str]) -> None:
        self.money_re = money_re  # the grammar's MONEY terminal
        self.amounts: dict[str, Decimal] = {}
        self.cards: dict[str, tuple[Card, ...]] = {}
        self.lows: dict[str, tuple[int, ...]] = {}

    def amount(self, text: str) -> Decimal:
        found = self.amounts.get(text)
        if found is None:
            if self.money_re.fullmatch(text) is None:
                raise Miss
            try:
                found = money(text)
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
