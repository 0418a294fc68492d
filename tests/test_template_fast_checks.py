"""The parse's checks done without ``re`` or a joined text answer as the ones they stand for: a
header date's check (template_head.played_at_valid against common.check_played_at), a line's
currency symbols (template_cut.symbol_bits against the character class the header template
searched the joined text with), the template look-up by parser stack then skeleton (against the
look-up by both), an amount's shape and value (template_values.money_shape and _money against the
MONEY terminal and common.money), and the masked lines masking keeps (against the lines masked
anew from their spans)."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from razzlog.events import Hand
from razzlog.generate.stream import generate_text
from razzlog.sites import pokerstars
from razzlog.sites.common import (
    CURRENCY_OF_SYMBOL,
    AmountOutOfRange,
    ImpossibleValue,
    check_played_at,
    money,
)
from razzlog.sites.masking import POKERSTARS, Masked, mask_lines
from razzlog.sites.template_cut import SYMBOL_BITS, symbol_bits
from razzlog.sites.template_head import _Token, played_at_valid
from razzlog.sites.template_values import STARS_MONEY, _money, money_shape
from razzlog.sources import RawHand
from tests.test_parse_templates import generated_hands

# PokerStars' DATETIME terminal (grammars/pokerstars.lark): the texts the check is asked about
_DATETIME = re.compile(r"\d{4}\/\d{1,2}\/\d{1,2}(?: -)? \d{1,2}:\d{2}:\d{2}(?: \(?[A-Z]{2,5}\)?)?")


def _reference(text: str) -> bool:
    try:
        check_played_at(_Token(text))  # type: ignore[arg-type]
    except ImpossibleValue:
        return False
    return True


_DIGIT = st.sampled_from("0123456789") | st.sampled_from("٣۴१")  # also Unicode digits (\d takes them)


def _digits(least: int, most: int) -> st.SearchStrategy[str]:
    return st.lists(_DIGIT, min_size=least, max_size=most).map("".join)


_DATES = st.tuples(
    _digits(4, 4),
    _digits(1, 2),
    _digits(1, 2),
    st.sampled_from([" ", " - "]),
    _digits(1, 2),
    _digits(2, 2),
    _digits(2, 2),
    st.sampled_from(["", " ET", " (CET)", " UTC"]),
).map(lambda p: f"{p[0]}/{p[1]}/{p[2]}{p[3]}{p[4]}:{p[5]}:{p[6]}{p[7]}")


@settings(max_examples=3000, deadline=None)
@given(_DATES | st.text("0123456789/: -ETC٣", max_size=24))
@example("2026/01/26 0:12:20 ET")
@example("2024/2/29 23:59:59")
@example("2023/02/29 10:00:00 ET")
@example("2100/02/29 10:00:00")
@example("2000/02/29 10:00:00")
@example("0000/01/01 10:00:00")
@example("2026/04/31 10:00:00")
@example("2026/12/31 24:00:00")
@example("2026/12/31 23:60:00")
@example("2026/12/31 23:59:60")
@example("2026/13/01 10:00:00")
@example("2026/00/01 10:00:00")
@example("2026/01/00 10:00:00")
@example("2026/01/01 - 10:00:00")
def test_a_date_is_checked_as_the_transformer_checks_it(text: str) -> None:
    got = played_at_valid(text)
    if got is not None:
        assert _DATETIME.match(text) is not None  # (the shape it reads is the terminal's)
        assert got == _reference(text)


@pytest.mark.parametrize(
    "text", ["2026/01/26 0:12:20 ET", "2009/11/26 - 10:24:42", "2024/2/29 23:59:59 CET", "2026/13/45 1:00:00"]
)
def test_the_common_dates_are_checked_without_re(text: str) -> None:
    assert played_at_valid(text) == _reference(text)
    assert played_at_valid(text) is not None


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="$€£a0 \ue000¥", max_size=12))
def test_a_lines_symbols_are_those_the_character_class_finds(line: str) -> None:
    for symbol, bit in SYMBOL_BITS.items():
        assert bool(symbol_bits(line) & bit) == (re.search("[" + symbol + "]", line) is not None)


def test_every_currency_symbol_has_a_bit() -> None:
    assert SYMBOL_BITS.keys() == CURRENCY_OF_SYMBOL.keys()
    assert sorted(SYMBOL_BITS.values()) == [1, 2, 4]


@pytest.fixture(scope="module")
def warm() -> list[RawHand]:
    if not pokerstars.PARSER.use_templates:
        pytest.skip("templates need lark-cython")
    hands = generated_hands(23, 200)
    for raw in hands:
        pokerstars.parse_hand(raw)
    return hands


def test_the_templates_by_stack_are_the_templates_by_key(warm: list[RawHand]) -> None:
    cache = pokerstars.PARSER._templates
    assert cache is not None and cache.lines
    by_key = {
        (stack, skeleton): kept
        for stack, kept_of in cache.by_stack.items()
        for skeleton, kept in kept_of.items()
    }
    assert by_key.keys() == cache.lines.keys()
    assert all(by_key[key] is cache.lines[key] for key in by_key)


@pytest.mark.parametrize("symbol", ["€", "£", "$"])
def test_a_foreign_symbol_in_any_line_after_the_header_sends_the_hand_to_lark(
    warm: list[RawHand], symbol: str
) -> None:
    cache = pokerstars.PARSER._templates
    assert cache is not None

    def templated(r: RawHand) -> bool:
        masked = mask_lines(r.lines, POKERSTARS)
        return cache.parse(masked.masked, masked.names, r.first_line) is not None

    raw = next(r for r in warm if "USD" in r.lines[0] and templated(r))
    for at in range(1, len(raw.lines)):
        lines = list(raw.lines)
        lines[at] = lines[at] + " " + symbol  # (a chat line's text, a name's...)
        changed = RawHand(raw.file, raw.first_line, tuple(lines), raw.encoding)
        masked = mask_lines(changed.lines, POKERSTARS)
        got = cache.parse(masked.masked, masked.names, changed.first_line)
        if symbol != "$":
            assert got is None
        want = pokerstars.full_parse(changed)
        assert repr(pokerstars.parse_hand(changed)) == repr(want)
        if got is not None:
            assert isinstance(want, Hand)
            assert repr(got) == repr((want.header, list(want.events)))


# --------------------------------------------------------------------------- amounts and masked lines

_MONEY_TEXTS = st.text(st.sampled_from("$€£0123456789,.١a "), max_size=16) | st.sampled_from(
    ["$1,234.56", "1,000,000", "1,00", "1234,567", ",123", "1.", ".5", "$", "", "$3,8.04", "12,345.6,7"]
)


@settings(max_examples=5000, deadline=None)
@given(_MONEY_TEXTS)
def test_an_amounts_shape_is_the_money_terminals_match(text: str) -> None:
    money_re = re.compile(STARS_MONEY)
    shape = money_shape(text)
    if shape >= 0:
        assert shape == (money_re.fullmatch(text) is not None)
    else:  # only texts with characters it does not read are left to re
        rest = text[1:] if text and text[0] in "$€£" else text
        assert any(not ("0" <= c <= "9" or c in ",.") for c in rest)


def test_pokerstars_amounts_are_read_by_the_scanner() -> None:
    cache = pokerstars.PARSER.parser() and pokerstars.PARSER._templates
    if cache is None:
        pytest.skip("templates need lark-cython")
    assert cache.values.money_re.pattern == STARS_MONEY  # (the grammar's terminal, as written here)
    assert cache.values.scanned
    assert money_shape("$1,234.56") == 1 and money_shape("1٣") == -1


@settings(max_examples=2000, deadline=None)
@given(_MONEY_TEXTS)
def test_an_amounts_value_is_moneys(text: str) -> None:
    if money_shape(text) != 1:
        return
    try:
        want: object = money(text)
    except AmountOutOfRange:
        want = AmountOutOfRange
    try:
        got: object = _money(text)
    except AmountOutOfRange:
        got = AmountOutOfRange
    assert repr(got) == repr(want)


def _masked_from_spans(masked: Masked) -> list[str]:
    """Each masked line rebuilt from its original line and its span (what masking did before it
    kept masked lines)."""
    out = list(masked.lines)
    for i, (pos, marker_len, name_len) in masked.spans.items():
        marker = masked.masked[i][pos : pos + marker_len]
        assert masked.names[int(marker[1:-1])] == masked.lines[i][pos : pos + name_len]
        out[i] = masked.lines[i][:pos] + marker + masked.lines[i][pos + name_len :]
    return out


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["Hero", "Bob", "Bob B", "Jörg.K: 2", "Ωmega", "x"]))
def test_kept_masked_lines_are_the_lines_masked_anew(seed: int, rename: str) -> None:
    # the same rests after other names and markers, hand after hand (the memo kept across them)
    text = generate_text(seed, 3, site="pokerstars")
    for hand in text.split("\n\n\n"):
        lines = tuple(hand.strip("\n").split("\n"))
        seats = [m.group(1) for line in lines if (m := re.match(r"Seat \d+: (.+?) \(", line))]
        for changed in (lines, tuple(line.replace(seats[0], rename) for line in lines) if seats else lines):
            masked = mask_lines(changed, POKERSTARS)
            assert list(masked.masked) == _masked_from_spans(masked)
            assert masked.text == "\n" + "\n".join(masked.masked)
