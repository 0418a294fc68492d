"""``card_key``, the cheap hash key the card rules use for a card, against ``Card``'s own ``==``.

duplicate-card keys its dict and set by ``card_key`` rather than by ``(rank, suit)`` tuples
(built and hashed per card).  The key must be equal exactly when the cards are: for the 52
cards and for any other card (one no parser makes).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from razzlog.cards import Card, card_key

DECK = [Card(rank, suit) for rank in range(1, 14) for suit in "shdc"]
# the 52 cards (each built afresh: the parser shares one object per card, the rules must not
# depend on it) and a few no parser makes, which must still be told apart
cards = st.one_of(
    st.sampled_from(DECK).map(lambda c: Card(c.rank, c.suit)),
    st.builds(Card, st.integers(-2, 16), st.sampled_from(["s", "h", "d", "c", "x", "", "ss", "S"])),
)


def test_the_52_cards_have_52_small_int_keys() -> None:
    keys = [card_key(c) for c in DECK]
    assert len(set(keys)) == 52
    assert all(type(k) is int and 0 <= k < 256 for k in keys)


@given(cards, cards)
def test_keys_are_equal_exactly_when_the_cards_are(a: Card, b: Card) -> None:
    assert (card_key(a) == card_key(b)) == (a == b)
    if a == b:
        assert hash(card_key(a)) == hash(card_key(b))
