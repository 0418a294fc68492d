"""build_pots: its shortcut for a hand without an all-in player gives what the general way gives."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from razzlog.rules.pots import Pot, build_pots

_PLAYERS = ["a", "b", "c", "d", "e"]
# Amounts as logs print them, with the exponents they print (``0.1`` and ``0.10`` both occur).
_AMOUNTS = st.builds(
    lambda units, places: Decimal(units).scaleb(-places), st.integers(0, 400), st.sampled_from([0, 1, 2])
)


def _general(contributions: dict[str, Decimal], live: frozenset[str], all_in: frozenset[str]) -> list[Pot]:
    """``build_pots`` as it was written before its shortcut: the levels always from a set."""
    live_amounts = [amount for player, amount in contributions.items() if player in live]
    top = max(live_amounts, default=Decimal(0))
    closing = live & all_in
    levels = sorted(
        {amount for player, amount in contributions.items() if amount > 0 and player in closing}
        | ({top} if top > 0 else set())
    )
    puts = list(contributions.values())
    pots: list[Pot] = []
    previous = Decimal(0)
    for level in levels:
        amount = Decimal(0)
        for put in puts:
            amount += (level if level < put else put) - (previous if previous < put else put)
        eligible = frozenset(
            [p for p in live if p not in all_in or contributions.get(p, Decimal(0)) >= level]
        )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount > 0:
            pots.append(Pot(amount, eligible))
        previous = level
    leftover = Decimal(0)
    for put in puts:
        leftover += put - (previous if previous < put else put)
    if leftover and pots:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return pots


@given(
    st.lists(_AMOUNTS, min_size=1, max_size=5),
    st.sets(st.sampled_from(_PLAYERS)),
    st.sets(st.sampled_from(_PLAYERS)),
)
def test_build_pots_as_the_general_way(amounts: list[Decimal], live: set[str], all_in: set[str]) -> None:
    contributions = dict(zip(_PLAYERS, amounts, strict=False))
    got = build_pots(contributions, frozenset(live), frozenset(all_in))
    want = _general(contributions, frozenset(live), frozenset(all_in))
    # the same pots, to the printed digits (str: ``0.1`` is not ``0.10``)
    assert [(str(p.amount), p.eligible) for p in got] == [(str(p.amount), p.eligible) for p in want]


def test_pots_compare_as_the_named_tuples_did() -> None:
    """pot-award compares the two variants' pot lists with ``==``: by amount and eligible
    players, as the named tuples' equality did (``1`` equals ``1.0``)."""
    everyone = frozenset({"a", "b"})
    assert [Pot(Decimal("1"), everyone)] == [Pot(Decimal("1.0"), everyone)]
    assert Pot(Decimal("1"), everyone) != Pot(Decimal("2"), everyone)
    assert Pot(Decimal("1"), everyone) != Pot(Decimal("1"), frozenset({"a"}))
