"""Each profile difference (RULES.md, "Profiles"): the same hand is legal under one
profile and a violation under another."""

from __future__ import annotations

from pathlib import Path

from razzlog.api import audit_paths
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found


def test_bring_in_tie_by_suit_or_by_seat(tmp_path: Path) -> None:
    """Door cards Jc (seat 5) and Jd (seat 6): the diamond brings in by suit,
    seat 5 by position (casino)."""
    text = mutate(hand("35874817957"), "Dealt to meg100 [Ah]", "Dealt to meg100 [Jc]")
    assert rules_found(tmp_path, text, profile="pokerstars") == []
    assert rules_found(tmp_path, text, profile="fulltilt") == []
    assert audit_text(tmp_path, text, profile="casino") == [
        ("bring-in-player", line_of(text, "HIWAII2: brings in"))
    ]


def test_showdown_order_when_the_river_is_checked(tmp_path: Path) -> None:
    """River checked: kobreli (seat 1) shows first; SilkZone bet 6th street last."""
    text = hand("35874721245")
    assert rules_found(tmp_path, text, profile="pokerstars") == []
    expected = [("showdown-order", line_of(text, "SilkZone: shows"))]
    assert audit_text(tmp_path, text, profile="fulltilt") == expected
    # casino also breaks the three-queen door tie by seat, not suit
    bring_in = ("bring-in-player", line_of(text, "Hero: brings in"))
    assert audit_text(tmp_path, text, profile="casino") == [bring_in, *expected]


def test_all_in_players_showing_with_side_pots(tmp_path: Path) -> None:
    """Side pots; Ölfisch made the last raise but the all-in meg river shows first:
    fulltilt does not judge all-in players' order, casino does."""
    text = hand("35544450671")
    assert rules_found(tmp_path, text, profile="pokerstars") == []
    assert rules_found(tmp_path, text, profile="fulltilt") == []
    assert audit_text(tmp_path, text, profile="casino") == [
        ("showdown-order", line_of(text, "Ölfisch: shows"))
    ]


def test_bring_in_size_of_unknown_stakes(tmp_path: Path) -> None:
    """A EUR table has no known structure: a bring-in of half the small bet fits
    pokerstars and casino, not Full Tilt's quarter-ish bring-in."""
    text = hand("35874566077").replace("USD)", "EUR)").replace("$", "€")
    assert rules_found(tmp_path, text, profile="pokerstars") == []
    assert rules_found(tmp_path, text, profile="casino") == []
    assert audit_text(tmp_path, text, profile="fulltilt") == [
        ("bring-in-amount", line_of(text, "brings in for"))
    ]


def test_fourth_street_double_bet_with_an_open_pair(tmp_path: Path) -> None:
    """SilkZone shows 3h 3d on 4th street; willy32948 opens for a big bet."""
    text = mutate(
        hand("35874566077"),
        "willy32948: bets $0.04\nmeg100: calls $0.04\nSilkZone: calls $0.04",
        "willy32948: bets $0.08\nmeg100: calls $0.08\nSilkZone: calls $0.08",
    )
    text = mutate(text, "SilkZone collected $0.39", "SilkZone collected $0.51")
    text = mutate(text, "Total pot $0.41", "Total pot $0.53")
    text = mutate(text, "SilkZone collected ($0.39)", "SilkZone collected ($0.51)")
    path = tmp_path / "double.txt"
    path.write_text(text, encoding="utf-8")

    def found(open_pair_double: bool) -> list[str]:
        reports = audit_paths([str(path)], "casino", open_pair_double=open_pair_double)
        return [v.rule for r in reports for v in r.violations]

    assert found(open_pair_double=True) == []
    assert found(open_pair_double=False) == ["bet-size"]


def test_auto_picks_the_sites_profile(tmp_path: Path) -> None:
    """auto on a PokerStars hand is pokerstars: the checked-river order is legal."""
    assert rules_found(tmp_path, hand("35874721245"), profile="auto") == []


def test_open_pair_double_from_the_command_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    text = mutate(
        hand("35874566077"),
        "willy32948: bets $0.04\nmeg100: calls $0.04\nSilkZone: calls $0.04",
        "willy32948: bets $0.08\nmeg100: calls $0.08\nSilkZone: calls $0.08",
    )
    text = mutate(text, "SilkZone collected $0.39", "SilkZone collected $0.51")
    text = mutate(text, "Total pot $0.41", "Total pot $0.53")
    text = mutate(text, "SilkZone collected ($0.39)", "SilkZone collected ($0.51)")
    path = tmp_path / "double.txt"
    path.write_text(text, encoding="utf-8")
    base = [sys.executable, "-m", "razzlog", "audit", str(path), "--profile", "casino", "-q"]
    assert subprocess.run([*base, "--open-pair-double"], capture_output=True).returncode == 0
    assert subprocess.run(base, capture_output=True).returncode == 1
