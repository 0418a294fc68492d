"""The hand-written cut of a masked line (razzlog/sites/template_cut.py) is the regex split it
replaced, on any line: skeleton and slots equal, character for character."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.generate.stream import generate_text
from razzlog.sites.masking import POKERSTARS, mask_lines
from razzlog.sites.template_cut import _MARKERS, _SEP, cut_line, cut_of, symbol_bits, two_deals

_RANK = r"(?:10|[2-9TJQKA])"
_CARD = _RANK + r"[shdc]"
# the slot pattern as it was first written (one branch per kind of slot)
_PLAIN_SLOT = re.compile(
    "(\ue000[0-9]+\ue001"
    rf"|\[{_CARD}(?: {_CARD})*\]"
    rf"|(?<=Lo: ){_RANK}(?:,{_RANK})*"
    r"|[$€£]?[0-9]+(?:[.,][0-9]+)*)"
)
# the pattern cut_line split lines by until the scanner (4392424): its start class, then each
# branch checking it by a lookbehind
_SLOT = re.compile(
    "([\ue000\\[$€£0-9TJQKA]"
    "(?:(?<=\ue000)[0-9]+\ue001"
    rf"|(?<=\[){_CARD}(?: {_CARD})*\]"
    rf"|(?<=Lo: 1)0(?:,{_RANK})*|(?<=Lo: [2-9TJQKA])(?:,{_RANK})*"
    r"|(?<=[$€£])[0-9]+(?:[.,][0-9]+)*"
    r"|(?<=[0-9])[0-9]*(?:[.,][0-9]+)*))"
)


def _reference(line: str) -> tuple[str, tuple[str, ...]]:
    parts = _SLOT.split(line)
    return _SEP.join(parts[0::2]), tuple(parts[1::2])


# the pieces slots are made of, their near misses, and what names hold (any text, NULs)
_PIECES = ["Lo: ", "\ue000", "\ue001", "[", "]", " ", ",", ".", "$", "€", "£", "10", "1", "0", "5"]
_PIECES += ["9", "2", "A", "T", "J", "Q", "K", "s", "h", "d", "c", "x", "Lo", "L", "o", ": ", ":"]
_PIECES += ["(", ")", "\x00", "\n", "é", "Ж", "中", "\U0001f600", "٣", "１", "\ue0000\ue001", "[Ah 10s]"]
_LINES = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=3)), max_size=40).map("".join)


def _cut(line: str) -> tuple[str, tuple[str, ...], int]:
    """cut_of's fields: the skeleton, the slots and the currency symbols' bits."""
    cut = cut_of(line)
    return cut.skeleton, cut.slots, cut.bits


@settings(max_examples=5000, deadline=None)
@given(_LINES)
def test_the_cut_is_the_old_split(line: str) -> None:
    assert cut_line(line) == _reference(line)


@settings(max_examples=2000, deadline=None)
@given(st.text(max_size=60))
def test_the_cut_of_any_text_is_the_old_split(line: str) -> None:
    assert cut_line(line) == _reference(line)


@settings(max_examples=2000, deadline=None)
@given(_LINES)
def test_the_old_split_is_the_plain_patterns(line: str) -> None:
    # (what the pattern was written to be: the reference above is the plain pattern, sped up)
    assert _SLOT.split(line) == _PLAIN_SLOT.split(line)


def test_real_masked_lines_are_cut_as_the_old_split() -> None:
    lines: list[str] = []
    for hand in generate_text(3, 300, site="pokerstars").split("\n\n\n"):
        lines += mask_lines(tuple(hand.strip("\n").split("\n")), POKERSTARS).text.split("\n")
    cuts = [cut_line(line) for line in lines]
    assert cuts == [_reference(line) for line in lines]
    assert sum(len(slots) for _, slots in cuts) > 2 * len(lines)  # (amounts, cards, names: cut)


def test_each_kind_of_slot() -> None:
    assert cut_line("\ue0003\ue001: raises $1.50 to $3,000.25") == (
        "\x00: raises \x00 to \x00",
        ("\ue0003\ue001", "$1.50", "$3,000.25"),
    )
    assert cut_line("Dealt to \ue0000\ue001 [10s Ah] [2c]") == (
        "Dealt to \x00 \x00 \x00",
        ("\ue0000\ue001", "[10s Ah]", "[2c]"),
    )
    # a low: after "Lo: " ranks (a 1 only as 10), elsewhere digits and separators
    assert cut_line("Lo: 8,7,5,3,A and Lo: 10,9 and 8,7") == (
        "Lo: \x00 and Lo: \x00 and \x00",
        ("8,7,5,3,A", "10,9", "8,7"),
    )
    assert cut_line("Lo: 1,2 Lo: 0,2 Lo: T,1") == (
        "Lo: \x00 Lo: \x00 Lo: \x00,\x00",
        ("1,2", "0,2", "T", "1"),
    )
    # near misses stay literal (but for their digits)
    assert cut_line("[1s] [Ax] \ue000x\ue001 $ T") == ("[\x00s] [Ax] \ue000x\ue001 $ T", ("1",))


def _symbols(line: str) -> int:
    """The currency bits of a line as searched for before the cut found them (symbol_bits)."""
    return sum(bit for symbol, bit in (("$", 1), ("€", 2), ("£", 4)) if symbol in line)


@settings(max_examples=5000, deadline=None)
@given(_LINES | st.text(max_size=60))
def test_the_cut_of_a_new_line_is_the_old_split_and_its_symbols(line: str) -> None:
    # (cut_of finds the symbols in the cut's own scan, mask-7; they were searched for apart)
    assert _cut(line) == (*_reference(line), _symbols(line))
    assert symbol_bits(line) == _symbols(line)


# "Dealt to" lines and their near misses (cut_of reads the usual shape apart from the scan)
_DEALT_PIECES = ["Dealt to ", "\ue000", "\ue001", "\ue0003\ue001", "\ue00031\ue001", "\ue00032\ue001"]
_DEALT_PIECES += ["\ue00007\ue001", "\ue000123\ue001", " [", "]", " ", "Ah", "10s", "2c", "Kd", "1s", "Ax"]
_DEALT_PIECES += ["$", "€", "£", "5", "Lo: ", "\n", "é", "\x00", "[Ah 10s]", " [2c]"]
_DEALT_LINES = st.builds(
    lambda tail: "Dealt to \ue000" + tail,
    st.lists(st.one_of(st.sampled_from(_DEALT_PIECES), st.text(max_size=2)), max_size=14).map("".join),
)
_CARDS = st.lists(st.sampled_from(["Ah", "10s", "2c", "Kd", "9h", "1s", "Tx"]), min_size=1, max_size=4)
_WELL_SHAPED = st.builds(
    lambda k, a, b: f"Dealt to \ue000{k}\ue001 [{' '.join(a)}]" + (f" [{' '.join(b)}]" if b else ""),
    st.integers(0, 40),
    _CARDS,
    st.none() | _CARDS,
)


@settings(max_examples=4000, deadline=None)
@given(_DEALT_LINES | _WELL_SHAPED)
def test_a_dealt_to_lines_cut_is_the_old_split(line: str) -> None:
    assert _cut(line) == (*_reference(line), _symbols(line))


def test_the_first_markers_are_cut_as_shared_constants() -> None:
    # (their hashes kept: the fill functions look markers up); another spelling is its own slice
    for line in ("\ue0007\ue001: checks", "Dealt to \ue00031\ue001 [Ah] [2c]", "x \ue00012\ue001"):
        marker = cut_line(line)[1][0]
        assert marker is _MARKERS[int(marker[1:-1])]
    assert cut_line("\ue00007\ue001: checks")[1] == ("\ue00007\ue001",)
    assert cut_line("\ue00032\ue001: checks")[1] == ("\ue00032\ue001",)


# seat lines and their near misses (cut_of reads "Seat N: MARKER (STACK in chips)" apart too)
_SEAT_PIECES = ["Seat ", "1", "9", "10", "0", ",", ".", ": ", ":", "\ue000", "\ue001", "\ue0002\ue001"]
_SEAT_PIECES += ["\ue00017\ue001", " (", "(", "$", "€", "£", "1,500", "1.50", "2,", " in chips)"]
_SEAT_PIECES += [" in chips", ")", " is sitting out", "Lo: ", "é", "\x00", "[2c]", "x"]
_SEAT_LINES = st.builds(
    lambda tail: "Seat " + tail,
    st.lists(st.one_of(st.sampled_from(_SEAT_PIECES), st.text(max_size=2)), max_size=14).map("".join),
)
_SEAT_SHAPED = st.builds(
    lambda seat, k, symbol, stack, tail: f"Seat {seat}: \ue000{k}\ue001 ({symbol}{stack}{tail}",
    st.sampled_from(["1", "9", "10", "0", "1,2", "3.", "07"]),
    st.integers(0, 40),
    st.sampled_from(["", "$", "€", "£", "$$", "x"]),
    st.sampled_from(["1500", "1,500", "1.50", "0", "1,", "1.", ".5", "", "10,000.25"]),
    st.sampled_from([" in chips)", " in chips) is sitting out", " in chips", " in chips)x", "in chips)"]),
)


@settings(max_examples=4000, deadline=None)
@given(_SEAT_LINES | _SEAT_SHAPED)
def test_a_seat_lines_cut_is_the_old_split(line: str) -> None:
    assert _cut(line) == (*_reference(line), _symbols(line))


def test_two_deals_guesses_the_lines_of_two_card_groups() -> None:
    # (which lines the template path neither looks up nor keeps: their cut is made either way)
    assert two_deals("Dealt to \ue0003\ue001 [Ah 2c] [5d]")
    assert two_deals("Dealt to \ue00012\ue001 [10s] [Kd]")
    assert not two_deals("Dealt to \ue0003\ue001 [Ah 2c 5d]")
    assert not two_deals("Dealt to \ue0003\ue001 [5d]")
    assert not two_deals("Dealt to Bob [Ah 2c] [5d]")
    assert not two_deals("\ue0003\ue001: shows [Ah 2c] [5d]")
