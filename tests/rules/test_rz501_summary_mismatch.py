"""summary-mismatch: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from razzlog.api import audit_paths
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_summary_mismatch(tmp_path: Path) -> None:
    """meg100 folded on 5th street."""
    text = hand(HAND)
    text = mutate(
        text, "Seat 5: meg100 folded on the 5th Street", "Seat 5: meg100 folded on the 4th Street", 1
    )
    assert audit_text(tmp_path, text) == [
        ("summary-mismatch", line_of(text, "Seat 5: meg100 folded on the 4th Street"))
    ]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "Seat 8: SilkZone collected ($0.39)",
            "Seat 8: SilkZone collected ($0.38)",
            "the summary says SilkZone collected 0.38; they collected 0.39",
        ),
        (
            "Seat 8: SilkZone collected ($0.39)",
            "Seat 8: SilkZone folded on the 7th Street",
            "the summary says SilkZone folded, but they did not fold",
        ),
        (
            "Seat 3: willy32948 folded on the 6th Street",
            "Seat 3: willy32948 collected ($0.39)",
            "the summary says willy32948 collected, but they folded on 6th street",
        ),
        (
            "Seat 7: Hero folded on the 3rd Street (didn't bet)",
            "Seat 7: Hero folded on the 3rd Street",
            "the summary says Hero bet, but they put in 0",
        ),
        (
            "Seat 1: kobreli folded on the 4th Street",
            "Seat 1: kobreli folded on the 4th Street (didn't bet)",
            "the summary says kobreli did not bet, but they put in",
        ),
    ],
)
def test_each_outcome_is_judged(tmp_path: Path, old: str, new: str, message: str) -> None:
    """Each kind of summary line against the play (the outcome checks, one by one)."""
    text = mutate(hand(HAND), old, new)
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    found = [
        (v.rule, v.line, v.message) for r in audit_paths([str(path)], "pokerstars") for v in r.violations
    ]
    assert [(rule, line) for rule, line, _ in found] == [("summary-mismatch", line_of(text, new))]
    assert found[0][2].startswith(message), found[0][2]
