"""card-mismatch: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from razzlog.cards import Card
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35874566077"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_card_mismatch(tmp_path: Path) -> None:
    """willy32948's door card 6h is repeated as 6d on 4th street."""
    text = hand(HAND)
    text = mutate(text, "Dealt to willy32948 [6h] [7h]", "Dealt to willy32948 [6d] [7h]", 1)
    assert audit_text(tmp_path, text) == [("card-mismatch", line_of(text, "Dealt to willy32948 [6d] [7h]"))]


_CARDS = st.builds(Card, st.integers(1, 13), st.sampled_from("shdc"))


@given(st.lists(_CARDS, max_size=8), st.lists(_CARDS, max_size=8), st.lists(st.booleans(), max_size=8))
def test_missing_is_the_old_set_of_ids(dealt: list[Card], shown: list[Card], same: list[bool]) -> None:
    """Found by identity or by value as before: some shown cards are the dealt objects themselves."""
    from razzlog.rules.catalogue.rz102_card_mismatch import _missing

    cards = tuple(d if keep else c for d, c, keep in zip(dealt, shown, same, strict=False)) + tuple(
        shown[len(same) :]
    )
    present = {id(c) for c in cards}
    want = [c for c in dealt if id(c) not in present and c not in cards]  # the rule as it was
    got = _missing(dealt, cards)
    assert got == want and all(g is w for g, w in zip(got, want, strict=True))


@given(st.lists(_CARDS, max_size=7), st.lists(_CARDS, max_size=7), st.booleans())
def test_same_is_list_equality(known: list[Card], before: list[Card], shared: bool) -> None:
    """``_same`` (a native loop, identity first) against the list comparison it replaced, for
    cards shared as the parser shares them and for equal cards built apart."""
    from razzlog.rules.catalogue.rz102_card_mismatch import _same

    if shared:
        before = known[: len(before)] + before[len(known) :]
    assert _same(tuple(known), before) == (list(known) == before)
