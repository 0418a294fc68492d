"""cap-exceeded: one bet and three raises per round; the cap line is checked, not trusted."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

CAPPED = "35512671451"  # 3rd street: bring-in, complete, raise, raise, raise = capped


def test_capped_round_is_legal(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(CAPPED)) == []


def test_fourth_raise_is_cap_exceeded(tmp_path: Path) -> None:
    text = mutate(
        hand(CAPPED),
        "Betting is capped\natlas kiwi: calls $0.04",
        "Betting is capped\natlas kiwi: raises $0.04 to $0.20\nZen_fox: calls $0.04",
    )
    text = mutate(text, "Zen_fox collected $0.51", "Zen_fox collected $0.59")
    text = mutate(text, "Total pot $0.53", "Total pot $0.61")
    text = mutate(text, "and won ($0.51)", "and won ($0.59)")
    assert audit_text(tmp_path, text) == [
        ("cap-exceeded", line_of(text, "atlas kiwi: raises $0.04 to $0.20"))
    ]


def test_cap_line_before_the_cap_is_flagged(tmp_path: Path) -> None:
    text = mutate(
        hand("35874566077"), "willy32948: bets $0.04\n", "willy32948: bets $0.04\nBetting is capped\n"
    )
    assert audit_text(tmp_path, text) == [("cap-exceeded", line_of(text, "Betting is capped"))]


def test_bring_in_does_not_count_towards_the_cap(tmp_path: Path) -> None:
    """Bring-in, complete and three raises is exactly capped (the real river cap shows bet + 3 raises)."""
    assert rules_found(tmp_path, hand("35874780027")) == []
