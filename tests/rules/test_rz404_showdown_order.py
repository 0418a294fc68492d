"""showdown-order: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from razzlog.api import audit_paths
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35512671451"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_showdown_order(tmp_path: Path) -> None:
    """atlas kiwi bet the river and must show first."""
    text = hand(HAND)
    text = mutate(
        text,
        "atlas kiwi: shows [6h 3s 2s Td Qh Ts 7d] (Lo: T,7,6,3,2)\nZen_fox: shows [2h Ah 8d 9c Kd Th 3c] (Lo: 9,8,3,2,A)",
        "Zen_fox: shows [2h Ah 8d 9c Kd Th 3c] (Lo: 9,8,3,2,A)\natlas kiwi: shows [6h 3s 2s Td Qh Ts 7d] (Lo: T,7,6,3,2)",
        1,
    )
    assert audit_text(tmp_path, text) == [("showdown-order", line_of(text, "atlas kiwi: shows"))]


def test_a_muck_out_of_turn_is_worded_as_a_muck(tmp_path: Path) -> None:
    """atlas kiwi, due first, mucks after Zen_fox showed: the message speaks of a muck, not a show."""
    text = hand(HAND)
    text = mutate(
        text,
        "atlas kiwi: shows [6h 3s 2s Td Qh Ts 7d] (Lo: T,7,6,3,2)\nZen_fox: shows [2h Ah 8d 9c Kd Th 3c] (Lo: 9,8,3,2,A)",
        "Zen_fox: shows [2h Ah 8d 9c Kd Th 3c] (Lo: 9,8,3,2,A)\natlas kiwi: mucks hand",
    )
    text = mutate(
        text,
        "Seat 2: atlas kiwi showed [6h 3s 2s Td Qh Ts 7d] and lost with Lo: T,7,6,3,2",
        "Seat 2: atlas kiwi mucked [6h 3s 2s Td Qh Ts 7d]",
    )
    path = tmp_path / "muck.txt"
    path.write_text(text, encoding="utf-8")
    [found] = [v for r in audit_paths([str(path)], "pokerstars") for v in r.violations]
    assert (found.rule, found.line) == ("showdown-order", line_of(text, "atlas kiwi: mucks"))
    assert found.message.startswith("atlas kiwi mucks after Zen_fox, who was due after them;")
    assert "shows" not in found.message


# A Full Tilt hand: nobody bets 7th street, so Full Tilt's order starts with Søren79086 (who
# bet 6th) and Hero mucks in turn; PokerStars' starts with the lowest seat, Hero's.
FULL_TILT_MUCK = """\
Full Tilt Poker Game #24943917354: Table Basalt - $0.50/$1 Ante $0.10 - Limit Razz - 1:23:14 ET - 2010/04/03
Seat 2: Hero ($55.10)
Seat 8: Søren79086 ($51.70)
Hero antes $0.10
Søren79086 antes $0.10
*** 3RD STREET ***
Dealt to Hero [Kd Ad] [7h]
Dealt to Søren79086 [Kh]
Søren79086 is high with [Kh]
Søren79086 brings in for $0.15
Hero calls $0.15
*** 4TH STREET ***
Dealt to Hero [Kd Ad 7h] [9d]
Dealt to Søren79086 [Kh] [5c]
Hero checks
Søren79086 checks
*** 5TH STREET ***
Dealt to Hero [Kd Ad 7h 9d] [Ts]
Dealt to Søren79086 [Kh 5c] [2d]
Hero checks
Søren79086 checks
*** 6TH STREET ***
Dealt to Hero [Kd Ad 7h 9d Ts] [Ac]
Dealt to Søren79086 [Kh 5c 2d] [As]
Hero checks
Søren79086 bets $1
Hero calls $1
*** 7TH STREET ***
Dealt to Hero [Kd Ad 7h 9d Ts Ac] [Ks]
Hero checks
Søren79086 checks
*** SHOW DOWN ***
Søren79086 shows [Qd 9c Kh 5c 2d As Kc] Q,9,5,2,A
Hero mucks
Søren79086 wins the pot ($2.38) with Q,9,5,2,A
*** SUMMARY ***
Total pot $2.50 | Rake $0.12
Seat 2: Hero mucked [Kd Ad 7h 9d Ts Ac Ks] - K,T,9,7,A
Seat 8: Søren79086 showed [Qd 9c Kh 5c 2d As Kc] and won ($2.38) with Q,9,5,2,A
"""


def test_a_full_tilt_muck_under_the_pokerstars_profile_is_worded_as_a_muck(tmp_path: Path) -> None:
    """The issue's case: ``--profile pokerstars`` on a Full Tilt log said "Hero shows out of turn"
    of a muck line."""
    assert rules_found(tmp_path, FULL_TILT_MUCK, profile="fulltilt") == []  # in turn by Full Tilt's rules
    path = tmp_path / "fulltilt.txt"
    path.write_text(FULL_TILT_MUCK, encoding="utf-8")
    [found] = [v for r in audit_paths([str(path)], "pokerstars") for v in r.violations]
    assert (found.rule, found.line, found.player) == (
        "showdown-order",
        line_of(FULL_TILT_MUCK, "Hero mucks"),
        "Hero",
    )
    assert found.message == (
        "Hero mucks after Søren79086, who was due after them; the order is Hero, Søren79086 (starting with Hero)"
    )
