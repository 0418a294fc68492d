"""pot-award: legal play raises nothing, the illegal case raises exactly this rule."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from razzlog.api import audit_paths
from razzlog.cards import Card
from razzlog.events import Muck, Show, Street
from razzlog.rules.catalogue.rz403_pot_award import winners
from razzlog.rules.pots import Pot, split_shares
from razzlog.rules.settle import Settlement
from tests.rules.helpers import audit_text, hand, line_of, mutate, rules_found

HAND = "35512671451"


def test_legal_hand_raises_nothing(tmp_path: Path) -> None:
    assert rules_found(tmp_path, hand(HAND)) == []


def test_illegal_hand_raises_exactly_pot_award(tmp_path: Path) -> None:
    """Zen_fox's 9,8,3,2,A beats atlas kiwi's T,7,6,3,2 but atlas kiwi takes the pot (the summary agrees with the collection)."""
    text = hand(HAND)
    text = mutate(text, "Zen_fox collected $0.51 from pot", "atlas kiwi collected $0.51 from pot", 1)
    text = mutate(text, "and lost with Lo: T,7,6,3,2", "and won ($0.51) with Lo: T,7,6,3,2", 1)
    text = mutate(text, "and won ($0.51) with Lo: 9,8,3,2,A", "and lost with Lo: 9,8,3,2,A", 1)
    assert audit_text(tmp_path, text) == [("pot-award", line_of(text, "atlas kiwi collected"))]


def test_a_share_short_of_the_pot_is_judged_exactly(tmp_path: Path) -> None:
    """Zen_fox, the only winner, collects less than the pot less the rake: found by the quick
    judgement (one winner takes the pot), reported with the exact judgement's figures."""
    text = hand(HAND)
    text = mutate(text, "Zen_fox collected $0.51 from pot", "Zen_fox collected $0.48 from pot", 1)
    text = mutate(text, "and won ($0.51) with Lo: 9,8,3,2,A", "and won ($0.48) with Lo: 9,8,3,2,A", 1)
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    found = [(v.rule, v.message) for r in audit_paths([str(path)], "pokerstars") for v in r.violations]
    assert (
        "pot-award",
        "Zen_fox collects 0.48; their share of the pots is 0.53 less at most 0.02 rake",
    ) in found


# Amounts as logs print them, with the exponents they print (``0.1`` and ``0.10`` both occur).
_AMOUNTS = st.builds(
    lambda units, places: Decimal(units).scaleb(-places),
    st.integers(1, 100_000),
    st.sampled_from([0, 1, 2, 3]),
)


@given(_AMOUNTS, st.sampled_from([Decimal(1), Decimal("0.01")]))
def test_a_lone_winners_exact_share_holds_the_pot(amount: Decimal, unit: Decimal) -> None:
    """What the quick judgement rests on: one winner's exact share, the pot rounded down and up
    to the smallest chip, holds the pot itself; so a collection within the pot (less the rake)
    is within the exact share too."""
    low, high = split_shares(amount, 1, unit)
    assert low <= amount <= high


def _winners_before(pot: Pot, s: Settlement) -> frozenset[str] | None:
    """``winners`` as it was: every eligible player's low valued, shown or not."""
    if len(pot.eligible) == 1:
        return pot.eligible
    shown = {p: v for p in pot.eligible if (v := s.value(p)) is not None and p not in s.mucked}
    if not shown:
        return None
    best = min(shown.values())
    return frozenset(p for p, v in shown.items() if v == best)


_DECK = [Card(rank, suit) for rank in range(1, 14) for suit in "shdc"]
_PLAYERS = ["ann", "bob", "cy", "dee"]


def _settlement(shows: dict[str, tuple[Card, ...]], mucked: set[str]) -> Settlement:
    return Settlement(
        ({}, {}),
        (None, None),
        (),
        {},
        ([], []),
        (),
        {},
        None,
        (),
        None,
        (),
        (),
        {p: Show(Street.SHOWDOWN, p, cards, (), 1) for p, cards in shows.items()},
        (),
        {p: Muck(Street.SHOWDOWN, p, True, 2) for p in mucked},
        {},
    )


@given(
    st.sets(st.sampled_from(_PLAYERS), min_size=1),
    st.dictionaries(
        st.sampled_from(_PLAYERS), st.lists(st.sampled_from(_DECK), max_size=7, unique=True).map(tuple)
    ),
    st.sets(st.sampled_from(_PLAYERS)),
)
def test_winners_as_before(eligible: set[str], shows: dict[str, tuple[Card, ...]], mucked: set[str]) -> None:
    """``winners`` values the lows only where two or more players showed: who wins is as before."""
    pot = Pot(Decimal(1), frozenset(eligible))
    assert winners(pot, _settlement(shows, mucked)) == _winners_before(pot, _settlement(shows, mucked))
