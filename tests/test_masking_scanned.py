"""Masking's hand-read patterns (razzlog/sites/mask_scan.py) answer as the patterns do."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.generate.stream import generate_text
from razzlog.sites import mask_scan, masking
from razzlog.sites.masking import POKERSTARS, mask_lines

_DEALT = re.compile(masking._DEALT_CARDS)
_PIECES = [" ", "[", "]", " [", "10", "1", "0", "2", "9", "A", "T", "K", "s", "h", "d", "c", "x", "\n"]
_PIECES += ["[Ah]", " [2c 3d]", " [Kh 10s 9d]", "\ue000", "é", "中", "\x00"]
_TAILS = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=2)), max_size=24).map("".join)


@settings(max_examples=5000, deadline=None)
@given(st.text(max_size=4), _TAILS)
def test_dealt_cards_are_read_as_the_pattern_matches_them(name: str, tail: str) -> None:
    line = "Dealt to " + name + tail
    at = len("Dealt to ") + len(name)
    assert mask_scan.dealt_cards_at(line, at) == (_DEALT.match(line, at) is not None)


def test_dealt_to_lines_of_a_generated_corpus_are_read_as_the_pattern_matches_them() -> None:
    found = 0
    for line in generate_text(7, 200, site="pokerstars").split("\n"):
        if line.startswith("Dealt to "):
            at = line.find(" [")
            found += mask_scan.dealt_cards_at(line, at)
            assert mask_scan.dealt_cards_at(line, at) == (_DEALT.match(line, at) is not None)
    assert found > 1000


def test_the_scanned_dealt_cards_are_only_pokerstars_pattern() -> None:
    # a site with its own "Dealt to" shape keeps its pattern (KingsClub: ": [X X Tc]")
    kings = masking.Syntax(
        POKERSTARS.seat_line,
        POKERSTARS.loose_seat_line,
        POKERSTARS.line_tails,
        ":",
        False,
        POKERSTARS.returned,
        dealt_cards=r": \[[^]]*\]$",
    )
    lines = ("header", "Seat 1: Bob (100 in chips)", "*** 3rd STREET ***", "Dealt to Bob: [X X Tc]")
    assert mask_lines(lines, kings).spans == {1: (8, 3, 3), 3: (9, 3, 3)}
    assert mask_lines(lines, POKERSTARS).spans == {1: (8, 3, 3)}  # (not PokerStars' shape)


_SEAT = re.compile(masking._STARS_SEAT_LINE)
_SEAT_PIECES = [
    "Seat ",
    "1",
    "9",
    "٣",
    ": ",
    ":",
    " ",
    "(",
    ")",
    " (",
    "$1.50",
    "1,000",
    " in chips",
    "in chips",
]
_SEAT_PIECES += [" is sitting out", "\n", "\t", "\xa0", "\u2003", "Bob", "é", "中", "\ue000", "x"]
_SEAT_LINES = st.lists(st.one_of(st.sampled_from(_SEAT_PIECES), st.text(max_size=2)), max_size=16).map(
    lambda pieces: "Seat " + "".join(pieces)
)


@settings(max_examples=5000, deadline=None)
@given(_SEAT_LINES)
def test_seat_lines_are_read_as_the_pattern_matches_them(line: str) -> None:
    m = _SEAT.fullmatch(line)
    expected = (m.group(1), m.group(2), m.start(2)) if m else None
    found = mask_scan.pokerstars_seat(line)
    assert found == (expected if "\n" not in line else None)


@settings(max_examples=1000, deadline=None)
@given(
    st.text(max_size=12), st.sampled_from(["$1.50", "1,000", "x y", "", "(1", "\u2003"]), st.text(max_size=8)
)
def test_seat_lines_with_any_name_are_read_as_the_pattern_matches_them(
    name: str, stack: str, tail: str
) -> None:
    line = f"Seat 3: {name} ({stack} in chips{tail}"
    m = _SEAT.fullmatch(line)
    expected = (m.group(1), m.group(2), m.start(2)) if m else None
    assert mask_scan.pokerstars_seat(line) == (expected if "\n" not in line else None)


def test_the_seats_of_a_generated_corpus_are_read_as_the_pattern_matches_them() -> None:
    found = 0
    for line in generate_text(9, 200, site="pokerstars").split("\n"):
        if line.startswith("Seat "):
            m = _SEAT.fullmatch(line)
            seat = mask_scan.pokerstars_seat(line)
            assert seat == ((m.group(1), m.group(2), m.start(2)) if m else None)
            found += seat is not None
    assert found > 500


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="0123456789 +-_x\u0663\u00b2", max_size=20) | st.integers(0, 10**20).map(str))
def test_ascii_numbers_are_read_as_int_reads_ascii_digits(text: str) -> None:
    expected = int(text) if text and len(text) <= 18 and all("0" <= c <= "9" for c in text) else -1
    assert mask_scan.ascii_number(text) == expected
