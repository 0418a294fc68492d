"""The parse's cheaper spellings of its small checks give what the plain ones gave.

* ``has_summary`` reads a hand's lines from the end;
* the hand's digest is taken from the masking's stripped lines (``stripped_digest``);
* the template fills keep a memo of short card lists and of declared lows;
* masking compares a ``Dealt to`` line's names with the line's rest, not with a start offset;
* masking keeps whether a line's rest after a name matches the tails, per rest;
* the header template looks for foreign currency symbols with ``str.find``.
"""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.sites import fulltilt, kingsclub, masking, winamax
from razzlog.sites.common import _CARD_OF, bracketed, has_summary, low_ranks, stripped_digest, text_digest
from razzlog.sites.template_fill import Miss, Values
from razzlog.sites.template_values import scanned_cards


def _has_summary_forward(lines: tuple[str, ...]) -> bool:
    """The check as first written: a ``Total pot`` line after the first summary line."""
    in_summary = False
    for line in lines:
        if in_summary:
            if line.startswith("Total pot "):
                return True
        elif line.startswith("*** SUMMARY ***"):
            in_summary = True
    return False


_LINES = st.sampled_from(
    ["*** SUMMARY ***", "*** SUMMARY *** x", "Total pot $1", "Total pot", "Seat 1: Bob", "", "*** RIVER ***"]
)


@settings(max_examples=2000, deadline=None)
@given(st.lists(_LINES, max_size=12).map(tuple))
def test_has_summary_read_from_the_end_is_the_forward_check(lines: tuple[str, ...]) -> None:
    assert has_summary(lines) == _has_summary_forward(lines)


def _digest_as_first_written(lines: tuple[str, ...]) -> str:
    """text_digest before the digest joined lines without blanks as they are (no ``filter``)."""
    stripped = [line.rstrip() for line in lines]
    return hashlib.blake2b("\n".join(filter(None, stripped)).encode("utf-8"), digest_size=8).hexdigest()


@settings(max_examples=500, deadline=None)
@given(st.lists(st.text(alphabet=" \t\x0bab\u00e9\u3000\ue000\U0001f600", max_size=6), max_size=8).map(tuple))
def test_the_digest_of_stripped_lines_is_the_text_digest(lines: tuple[str, ...]) -> None:
    assert stripped_digest(tuple(line.rstrip() for line in lines)) == _digest_as_first_written(lines)
    assert text_digest(lines) == _digest_as_first_written(lines)


def test_the_digest_is_the_stored_one() -> None:
    # (digests are kept in stores: the same bytes must give the same 16 hex digits forever)
    assert stripped_digest(("PokerStars Hand #1:", "", "Seat 1: Bob")) == "4cba9942ce3aa9cd"


_CARDS = st.lists(st.sampled_from(["2c", "Th", "10s", "As", "Kd", "7h"]), min_size=1, max_size=7)


@settings(max_examples=300, deadline=None)
@given(st.lists(_CARDS, max_size=30))
def test_the_card_memo_keeps_short_lists_and_gives_what_bracketed_gives(lists: list[list[str]]) -> None:
    values = Values(re.compile(r"\d+"))
    for cards in lists:
        text = "[" + " ".join(cards) + "]"
        assert values.card_list(text) == bracketed(text)
        assert values.card_list(text) == bracketed(text)  # from the memo, or made again
    assert all(len(cards) <= 2 for cards in values.cards.values())
    assert {t for t in values.cards} == {"[" + " ".join(c) + "]" for c in lists if len(c) <= 2}


def test_the_low_memo_gives_the_transformers_lows_and_refuses_what_it_refused() -> None:
    values = Values(re.compile(r"\d+"))
    for text in ["8,6,4,3,A", "10,9,8,7,6", "8,6,4,3,A"]:
        assert values.low(text) == low_ranks(text)
        assert values.lows[text] == low_ranks(text)
    for bad in ["$5", "[Ah]", "\ue0001\ue001", "8,6,X"]:
        try:
            values.low(bad)
        except Miss:
            continue
        raise AssertionError(f"{bad!r} was taken as a low")
    assert set(values.lows) == {"8,6,4,3,A", "10,9,8,7,6"}


def _dealt_to_with_offsets(
    line: str, longest: list[str], cards: re.Pattern[str], fallback: str
) -> str | None:
    """``masking._dealt_to`` as first written (``startswith`` with a start)."""
    for name in longest:
        if line.startswith(name, 9) and cards.match(line, 9 + len(name)):
            return name
    for name in longest:
        if line.startswith(name, 9) and line.startswith(fallback, 9 + len(name)):
            return name
    return None


_NAME_BITS = st.sampled_from(["Bo", "b", " ", "[", "]", "Ah", "2c", "é", "\ue000", ":", "x"])


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(st.lists(_NAME_BITS, min_size=1, max_size=4).map("".join), min_size=1, max_size=5, unique=True),
    st.lists(_NAME_BITS | st.sampled_from([" [Ah]", " [2c 3d] [Ks]", " [Ah", ": [X X Tc]"]), max_size=6).map(
        "".join
    ),
    st.sampled_from([masking.POKERSTARS, fulltilt.SYNTAX, kingsclub.SYNTAX, winamax.SYNTAX]),
)
def test_a_dealt_to_lines_name_is_the_one_the_offset_comparisons_found(
    names: list[str], tail: str, syntax: masking.Syntax
) -> None:
    longest = sorted(names, key=len, reverse=True)
    cards = re.compile(syntax.dealt_cards)
    for name in [*names, ""]:
        line = "Dealt to " + name + tail
        firsts = masking._first_chars(longest)
        got = masking._dealt_to(line, longest, firsts, masking._compiled(syntax), syntax.dealt_fallback)
        assert got == _dealt_to_with_offsets(line, longest, cards, syntax.dealt_fallback)


def _at_start_unkept(
    line: str, longest: list[str], fallback: list[str], syntax: masking.Syntax, showdown: bool
):
    """``masking._at_start`` as it was before it kept the tails' answers."""
    c = masking._compiled(syntax)
    tails = c.showdown_tails if showdown else c.tails
    for name in longest:
        if line.startswith(name) and tails.match(line, len(name)):
            return name
    for name in fallback:
        if line.startswith(name) and c.fallback_tail.match(line, len(name)):
            return name
    return None


_TAIL_BITS = st.sampled_from(
    [
        ": ",
        "bets ",
        "calls ",
        "raises ",
        " to ",
        "$1",
        "€0.04",
        "1,000",
        "checks",
        "folds",
        " [Ah 2c]",
        "shows ",
        " collected ",
        " from pot",
        "main ",
        "side ",
        " finished the tournament",
        " in 2nd place",
        " and received $10.00.",
        "antes ",
        " is low with [",
        " wins pot ($3)",
        "mucks hand",
        "\ue000",
        " ",
        "x",
    ]
)
_SYNTAXES = st.sampled_from([masking.POKERSTARS, fulltilt.SYNTAX, kingsclub.SYNTAX, winamax.SYNTAX])


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(st.lists(_NAME_BITS, min_size=1, max_size=4).map("".join), min_size=1, max_size=5, unique=True),
    st.lists(st.lists(_TAIL_BITS, max_size=6).map("".join), min_size=1, max_size=6),
    _SYNTAXES,
    st.booleans(),
)
def test_a_lines_name_is_the_one_the_unkept_tail_matches_found(
    names: list[str], tails: list[str], syntax: masking.Syntax, showdown: bool
) -> None:
    # the same rests again and again, with other names before them: each answer from the memo
    # (kept across calls, as masking keeps it across hands) is the match's
    longest = sorted(names, key=len, reverse=True)
    fallback = sorted(names, key=len) if syntax.fallback_shortest else longest
    c = masking._compiled(syntax)
    pattern, seen = (c.showdown_tails, c.showdown_seen) if showdown else (c.tails, c.tails_seen)
    assert seen is not None  # every site's tails are kept
    for _ in range(2):
        for tail in tails:
            for name in [*names, ""]:
                line = name + tail
                got, rest = masking._at_start(
                    line, longest, masking._first_chars(longest), fallback, c, pattern, seen
                )
                assert got == _at_start_unkept(line, longest, fallback, syntax, showdown)
                # the rest it hands on (masking's memo of masked lines is keyed by it)
                assert rest is None or (got is not None and rest == line[len(got) :])


_PATTERNS = st.sampled_from(
    [r"(?<=a): x", r"(?<!b)x", r"\bx", r"x\B", r"^x", r"\Ax", r"[^)]x", r": x$", r"(?: x| y)", r" (?:a|b)+"]
)


@settings(max_examples=500, deadline=None)
@given(_PATTERNS, st.text(alphabet="ab: xy)", max_size=8), st.integers(0, 8))
def test_a_kept_pattern_matches_a_lines_rest_as_it_matches_the_line_there(
    pattern: str, line: str, at: int
) -> None:
    # masking keeps the answers of the patterns whose match does not read before the position
    compiled = re.compile(pattern)
    if masking._memo(pattern) is not None:
        assert bool(compiled.match(line, at)) == bool(compiled.match(line[at:]))


def test_the_patterns_that_read_behind_are_not_kept() -> None:
    for pattern in [r"(?<=a): x", r"(?<!b)x", r"\bx", r"x\B", r"^x", r"\Ax", r"[^)]x"]:
        assert masking._memo(pattern) is None
    assert masking._memo(r": x$") == {}


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(["USD", "EUR", "GBP"]), st.text(alphabet="$€£a0\n", max_size=12), st.integers(0, 12))
def test_a_foreign_symbol_is_found_as_the_character_class_found_it(currency: str, text: str, at: int) -> None:
    from razzlog.events import HandHeader
    from razzlog.sites.common import CURRENCY_OF_SYMBOL, SYMBOL_OF_CURRENCY
    from razzlog.sites.template_head import Head, has_foreign

    symbol = SYMBOL_OF_CURRENCY[currency]
    others = "".join(s for s in CURRENCY_OF_SYMBOL if s != symbol)
    reference = re.compile("[" + others + "]")  # the header template's pattern before
    header = HandHeader(
        "pokerstars", "1", "razz", Decimal(1), Decimal(2), currency, False, None, None, None, "", "T", 8, 1
    )  # (only its type counts here: a compiled build's Head refuses anything but a HandHeader)
    head = Head(re.compile(""), header, tuple(others), 0, False)
    assert has_foreign(head, text, at) == (reference.search(text, at) is not None)


def _split_cards(text: str):
    """``Values.card_list``'s cards of a new list as they were read (mask-7: scanned_cards)."""
    try:
        return tuple([_CARD_OF[c] for c in text[1:-1].split(" ")])
    except KeyError:
        return None


_CARD_BITS = st.sampled_from(
    ["[", "]", " ", "10", "1", "0", "A", "T", "9", "2", "s", "h", "c", "x", "Ah", "10d"]
)


@settings(max_examples=5000, deadline=None)
@given(st.lists(_CARD_BITS, max_size=12).map("".join) | _CARDS.map(lambda cards: "[" + " ".join(cards) + "]"))
def test_scanned_cards_are_the_split_cards_of_a_bracketed_list(text: str) -> None:
    got = scanned_cards(text)
    if got is None:  # (what it does not read whole, the split and bracketed read as before)
        assert not re.fullmatch(r"\[(?:10|[2-9TJQKA])[shdc](?: (?:10|[2-9TJQKA])[shdc])*\]", text)
    else:
        want = _split_cards(text)
        assert want is not None and all(a is b for a, b in zip(got, want, strict=True))
