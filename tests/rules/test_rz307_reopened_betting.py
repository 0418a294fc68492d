"""reopened-betting: a short all-in raise does not reopen the betting for players who acted."""

from __future__ import annotations

from pathlib import Path

from tests.rules.helpers import audit_text, line_of, mutate, rules_found

SHORT_ALL_IN = (Path(__file__).parents[1] / "data" / "short-all-in.txt").read_text(encoding="utf-8")


def test_calls_after_a_short_all_in_raise_are_legal(tmp_path: Path) -> None:
    assert rules_found(tmp_path, SHORT_ALL_IN) == []


def test_raise_by_a_player_who_already_acted_is_reopened_betting(tmp_path: Path) -> None:
    """Cleo bet, Bob raised all-in short of a full raise; Cleo may only call or fold."""
    text = mutate(
        SHORT_ALL_IN, "Cleo: calls $0.02\nAnna: calls $0.02", "Cleo: raises $0.04 to $0.10\nAnna: calls $0.06"
    )
    text = mutate(
        text,
        "Cleo collected $0.27 from pot",
        "Cleo collected $0.08 from side pot\nCleo collected $0.27 from main pot",
    )
    text = mutate(
        text, "Total pot $0.27 | Rake $0", "Total pot $0.35 Main pot $0.27. Side pot $0.08. | Rake $0"
    )
    text = mutate(text, "and won ($0.27)", "and won ($0.35)")
    assert audit_text(tmp_path, text) == [("reopened-betting", line_of(text, "Cleo: raises"))]
