"""deal-count: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from razzlog.events import Street
from razzlog.generate.stream import generate_text
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_deal_count(tmp_path: Path) -> None:
    """Two new cards on 4th street."""
    text = hand(HAND)
    text = mutate(text, "Dealt to kobreli [Qc] [8s]", "Dealt to kobreli [Qc] [8s 2d]", 1)
    assert audit_text(tmp_path, text) == [("deal-count", line_of(text, "Dealt to kobreli [Qc] [8s 2d]"))]


def test_a_player_who_folds_without_a_card_for_the_street_is_reported_at_the_fold(tmp_path: Path) -> None:
    """kobreli's 4th-street line is missing and kobreli folds on 4th: the fold is where it shows."""
    text = mutate(hand(HAND), "Dealt to kobreli [Qc] [8s]\n", "")
    assert audit_text(tmp_path, text) == [("deal-count", line_of(text, "kobreli: folds"))]


def test_a_player_who_acts_without_a_card_is_reported_once(tmp_path: Path) -> None:
    """meg100 checks, then folds, on 5th street without a line for it: one finding, at the check."""
    text = mutate(hand(HAND), "Dealt to meg100 [3s Js] [Kh]\n", "")
    assert audit_text(tmp_path, text) == [("deal-count", line_of(text, "meg100: checks"))]


_STREET_HEADER = re.compile(r"\*\*\* (3rd|4th|5th|6th|7th|RIVER|SHOW|SUMMARY|3RD|4TH|5TH|6TH|7TH)")


def _up_street_deal_lines(lines: list[str]) -> list[int]:
    """Indexes of the ``Dealt to`` lines of 3rd to 6th street (face-up cards: always printed)."""
    found, up = [], False
    for i, line in enumerate(lines):
        header = _STREET_HEADER.match(line)
        if header:
            up = header.group(1).lower() in ("3rd", "4th", "5th", "6th")
        elif up and line.startswith("Dealt to "):
            found.append(i)
    return found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    site=st.sampled_from(["pokerstars", "fulltilt"]),
    pick=st.integers(min_value=0, max_value=10**6),
)
def test_dropping_any_deal_line_is_reported(tmp_path: Path, seed: int, site: str, pick: int) -> None:
    """A generated legal hand with one 3rd-to-6th-street ``Dealt to`` line removed reports deal-count."""
    lines = generate_text(seed, 1, site=site).splitlines()
    candidates = _up_street_deal_lines(lines)
    dropped = candidates[pick % len(candidates)]
    text = "\n".join(lines[:dropped] + lines[dropped + 1 :]) + "\n"
    found = rules_found(tmp_path, text, profile=site)
    assert "deal-count" in found, (lines[dropped], found)


@given(st.sampled_from([None, *Street]), st.lists(st.sampled_from(list(Street)), unique=True).map(tuple))
def test_position_is_index_or_minus_one(street: Street | None, streets: tuple[Street, ...]) -> None:
    from razzlog.rules.catalogue.rz103_deal_count import _position

    assert _position(street, streets) == (streets.index(street) if street in streets else -1)
