"""bring-in-player: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_bring_in_player(tmp_path: Path) -> None:
    """kobreli's door card becomes 2c, so willy32948's 6h is the highest and should bring in."""
    text = hand(HAND)
    text = mutate(text, "[Qc]", "[2c]", 2)
    assert audit_text(tmp_path, text) == [("bring-in-player", line_of(text, "kobreli: brings in"))]


# Full Tilt: Wren 7 and Finch are all-in from the ante, so nobody can bring in
# (Kestrel alone could bet) and nobody does; Full Tilt still prints who is "high".
ALL_IN_BUT_ONE = """\
Full Tilt Poker Game #31000000003: $10 + $1 Sit & Go (240000003), Table 1 - 40/80 Ante 7 - Limit Razz - 19:53:37 ET - 2012/11/08
Seat 1: Kestrel (994)
Seat 2: Wren 7 (6)
Seat 3: Finch (6)
Kestrel antes 7
Wren 7 antes 6, and is all in
Finch antes 6, and is all in
Uncalled bet of 1 returned to Kestrel
*** 3RD STREET *** (Total Pot: 18, 3 Players, 2 All-In)
Dealt to Kestrel [4c 8c] [8d]
Dealt to Wren 7 [Kh]
Dealt to Finch [2d]
Kestrel is high with [8d]
Kestrel shows [4c 8c 8d]
Wren 7 shows [Td Ts Kh]
Finch shows [6h 7c 2d]
*** 4TH STREET *** (Total Pot: 18, 3 Players, 2 All-In)
Dealt to Kestrel [4c 8c 8d] [8s]
Dealt to Wren 7 [Td Ts Kh] [3c]
Dealt to Finch [6h 7c 2d] [Ah]
*** 5TH STREET *** (Total Pot: 18, 3 Players, 2 All-In)
Dealt to Kestrel [4c 8c 8d 8s] [5s]
Dealt to Wren 7 [Td Ts Kh 3c] [9d]
Dealt to Finch [6h 7c 2d Ah] [5d]
*** 6TH STREET *** (Total Pot: 18, 3 Players, 2 All-In)
Dealt to Kestrel [4c 8c 8d 8s 5s] [Qd]
Dealt to Wren 7 [Td Ts Kh 3c 9d] [Jh]
Dealt to Finch [6h 7c 2d Ah 5d] [4s]
*** 7TH STREET *** (Total Pot: 18, 3 Players, 2 All-In)
Dealt to Kestrel [4c 8c 8d 8s 5s Qd] [Qc]
Dealt to Wren 7 [Td Ts Kh 3c 9d Jh] [3s]
Dealt to Finch [6h 7c 2d Ah 5d 4s] [Jc]
Kestrel shows [4c 8c 8d 8s 5s Qd Qc] a pair of Eights
Wren 7 shows [Td Ts Kh 3c 9d Jh 3s] K,J,T,9,3
Finch shows [6h 7c 2d Ah 5d 4s Jc] 6,5,4,2,A
Finch wins the pot (18) with 6,5,4,2,A
*** SUMMARY ***
Total pot 18 | Rake 0
Seat 1: Kestrel showed [4c 8c 8d 8s 5s Qd Qc] and lost with a pair of Eights
Seat 2: Wren 7 showed [Td Ts Kh 3c 9d Jh 3s] and lost with K,J,T,9,3
Seat 3: Finch showed [6h 7c 2d Ah 5d 4s Jc] and won (18) with 6,5,4,2,A
"""


@pytest.mark.parametrize("claim", ["Kestrel is high with [8d]", "Wren 7 is high with [Kh]"])
def test_all_but_one_all_in_accepts_the_player_who_can_bet_or_the_highest_door(
    tmp_path: Path, claim: str
) -> None:
    """The rules do not say who is high then: the only player who could bet, or the highest door of all."""
    text = mutate(ALL_IN_BUT_ONE, "Kestrel is high with [8d]", claim)
    assert rules_found(tmp_path, text, profile="fulltilt") == []


def test_all_but_one_all_in_still_reports_a_claim_naming_neither(tmp_path: Path) -> None:
    text = mutate(ALL_IN_BUT_ONE, "Kestrel is high with [8d]", "Finch is high with [2d]")
    assert audit_text(tmp_path, text, profile="fulltilt") == [
        ("bring-in-player", line_of(text, "Finch is high"))
    ]
