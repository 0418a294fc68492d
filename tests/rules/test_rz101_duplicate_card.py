"""duplicate-card: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from razzlog.cards import Card, card_key
from razzlog.rules.catalogue.rz101_duplicate_card import _KEYS, _clashes
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_duplicate_card(tmp_path: Path) -> None:
    """Door cards Qc and 3s; meg100's 3s becomes a second Qc everywhere it appears."""
    text = hand(HAND)
    text = mutate(text, "[3s", "[Qc", 3)
    assert audit_text(tmp_path, text) == [("duplicate-card", line_of(text, "Dealt to meg100 [Qc]"))]


# The cards' first holders are kept in a list slot per ``card_key`` for the 52 cards, in a
# dict for any other card; the reference is the dict of every key it replaced.
def _clashes_by_dict(
    owner: dict[object, str], cards: tuple[Card, ...], player: str, fresh: bool, repeats: bool
) -> list[tuple[Card, str]]:
    found: list[tuple[Card, str]] = []
    line: set[object] | None = set() if repeats else None
    for c in cards:
        key = card_key(c)
        holder = owner.get(key)
        if holder is None:
            owner[key] = player
        elif holder != player or fresh or (line is not None and key in line):
            found = [*found, (c, holder)]
        if line is not None:
            line.add(key)
    return found


_DECK = [Card(rank, suit) for rank in range(1, 14) for suit in "shdc"]
# the 52 (each built afresh) and cards no parser makes, whose keys are no small int
_CARDS = st.one_of(
    st.sampled_from(_DECK).map(lambda c: Card(c.rank, c.suit)),
    st.builds(Card, st.integers(-1, 15), st.sampled_from(["s", "h", "x"])),
)
_LINES = st.lists(
    st.tuples(
        st.lists(_CARDS, max_size=7).map(tuple),
        st.sampled_from(["ann", "bob", "cy"]),
        st.booleans(),
        st.booleans(),
    ),
    max_size=14,
)


@given(_LINES)
def test_clashes_as_keyed_by_a_dict(lines: list[tuple[tuple[Card, ...], str, bool, bool]]) -> None:
    owner: dict[object, str] = {}
    owners: list[str | None] = [None] * _KEYS
    odd: dict[object, str] = {}
    for cards, player, fresh, repeats in lines:
        assert _clashes(owners, odd, cards, player, fresh, repeats) == _clashes_by_dict(
            owner, cards, player, fresh, repeats
        )
