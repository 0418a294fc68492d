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
    text = mutate(text, 'atlas kiwi: shows [6h 3s 2s Td Qh Ts 7d] (Lo: T,7,6,3,2)\nZen_fox: shows [2h Ah 8d 9c Kd Th 3c] (Lo: 9,8,3,2,A)', 'Zen_fox: shows [2h Ah 8d 9c Kd Th 3c] (Lo: 9,8,3,2,A)\natlas kiwi: shows [6h 3s 2s Td Qh Ts 7d] (Lo: T,7,6,3,2)', 1)
    assert audit_text(tmp_path, text) == [("showdown-order", line_of(text, 'atlas kiwi: shows'))]


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
