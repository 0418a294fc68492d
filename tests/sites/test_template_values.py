"""The fill functions' conversions, compiled in template_values.py, give what the interpreted ones
of template_fill.py gave (kept here as the reference): the same values, and Miss (or the same
error) for the same texts."""

from __future__ import annotations

import re
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.cards import Card
from razzlog.sites import pokerstars
from razzlog.sites.common import _CARD_OF, MAX_SEATS, AmountOutOfRange, bracketed, low_ranks, money
from razzlog.sites.template_values import Miss, Values, _low, _marker, _number, _seat

_DIGITS = re.compile(r"[0-9]+")


class OldValues:
    """template_fill.Values at 4392424."""

    def __init__(self, money_re: re.Pattern[str]) -> None:
        self.money_re = money_re
        self.amounts: dict[str, Decimal] = {}
        self.cards: dict[str, tuple[Card, ...]] = {}

    def amount(self, text: str) -> Decimal:
        found = self.amounts.get(text)
        if found is None:
            if self.money_re.fullmatch(text) is None:
                raise Miss
            try:
                found = money(text)
            except AmountOutOfRange:
                raise Miss from None
            self.amounts[text] = found
        return found

    def card_list(self, text: str) -> tuple[Card, ...]:
        found = self.cards.get(text)
        if found is None:
            if text[:1] != "[":
                raise Miss
            try:
                found = tuple([_CARD_OF[c] for c in text[1:-1].split(" ")])
            except KeyError:
                found = bracketed(text)
            if len(found) <= 2:
                self.cards[text] = found
        return found

    def card(self, text: str) -> Card:
        cards = self.card_list(text)
        if len(cards) != 1:
            raise Miss
        return cards[0]


def old_number(text: str) -> int:
    if _DIGITS.fullmatch(text) is None:
        raise Miss
    return int(text)


def old_seat(text: str) -> int:
    number = old_number(text)
    if not 1 <= number <= MAX_SEATS:
        raise Miss
    return number


def old_low(text: str) -> tuple[int, ...]:
    if text[:1] in "$€£[\ue000":
        raise Miss
    try:
        return low_ranks(text)
    except KeyError:
        raise Miss from None


def old_marker(text: str) -> int:
    if text[:1] != "\ue000":
        raise Miss
    return int(text[1:-1])


def _outcome(convert: object, text: str) -> object:
    try:
        return ("ok", repr(convert(text)))  # type: ignore[operator]
    except Miss:
        return ("miss",)
    except Exception as exc:  # the same error, whatever it is (the template path catches some)
        return (type(exc).__name__,)


_MONEY = re.compile(pokerstars.PARSER.parser()[0].get_terminal("MONEY").pattern.to_regexp())
_AMOUNTS = st.text(st.sampled_from("$€£0123456789.,\ue000\ue001[] A"), max_size=22) | st.sampled_from(
    ["0", "$0", "$1,234.56", "123456789012345", "1234567.1234567", "$3,8.04", "0.000001", "12"]
)
_CARD_TEXTS = st.lists(st.sampled_from(["2c", "Th", "10s", "As", "Kd", "7h", "Xx", "", "1"]), max_size=7).map(
    lambda cards: "[" + " ".join(cards) + "]"
) | st.text(st.sampled_from("[]2Tc0s1 hA"), max_size=12)
_SLOTS = st.text(st.sampled_from("0123456789,AKT\ue000\ue001$[]x١"), max_size=6)


@settings(max_examples=500, deadline=None)
@given(st.lists(_AMOUNTS, max_size=20))
def test_amounts_are_the_old_conversions(texts: list[str]) -> None:
    new, old = Values(_MONEY), OldValues(_MONEY)
    for text in texts + texts:  # the second time from the memos
        assert _outcome(new.amount, text) == _outcome(old.amount, text)


@settings(max_examples=500, deadline=None)
@given(st.lists(_CARD_TEXTS, max_size=20))
def test_cards_are_the_old_conversions(texts: list[str]) -> None:
    new, old = Values(_MONEY), OldValues(_MONEY)
    for text in texts + texts:
        assert _outcome(new.card_list, text) == _outcome(old.card_list, text)
        assert _outcome(new.card, text) == _outcome(old.card, text)
    assert new.cards.keys() == old.cards.keys()


@settings(max_examples=500, deadline=None)
@given(_SLOTS)
def test_numbers_seats_lows_and_markers_are_the_old_conversions(text: str) -> None:
    values = Values(_MONEY)
    assert _outcome(_number, text) == _outcome(old_number, text)
    assert _outcome(_seat, text) == _outcome(old_seat, text)
    assert _outcome(_low, text) == _outcome(old_low, text)
    assert _outcome(values.low, text) == _outcome(old_low, text)
    assert _outcome(_marker, text) == _outcome(old_marker, text)
