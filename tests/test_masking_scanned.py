"""Masking's hand-read pieces (razzlog/sites/masking.py) answer as the patterns they replaced."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.generate.stream import generate_text
from razzlog.sites import masking
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
    assert masking._dealt_cards_at(line, at) == (_DEALT.match(line, at) is not None)


def test_dealt_to_lines_of_a_generated_corpus_are_read_as_the_pattern_matches_them() -> None:
    found = 0
    for line in generate_text(7, 200, site="pokerstars").split("\n"):
        if line.startswith("Dealt to "):
            at = line.find(" [")
            found += masking._dealt_cards_at(line, at)
            assert masking._dealt_cards_at(line, at) == (_DEALT.match(line, at) is not None)
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
