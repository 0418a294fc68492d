"""build_pots: its shortcut for a hand without an all-in player, its single level summed as the
puts themselves when each is from 0 to the level, and its levels found with ``==`` rather than a
set of Decimals, give what the general way gives, to the printed digits; uncalled_excess: its one
pass gives what the sort it replaced gave."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.rules.pots import Pot, build_pots, uncalled_excess

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


# few amounts, printed several ways, so that all-in players often put in equal amounts
_FEW = st.sampled_from(["0", "0.00", "-0", "1", "1.0", "1.00", "2", "2.5", "2.50", "0.1", "0.10", "-1"]).map(
    Decimal
)


@settings(max_examples=500)
@given(
    st.lists(_AMOUNTS | _FEW, min_size=1, max_size=5),
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


def _sorted_excess(contributions: dict[str, Decimal]) -> tuple[str, Decimal] | None:
    """``uncalled_excess`` as it was written before its one pass: a stable sort by amount."""
    if not contributions:
        return None
    ranked = sorted(contributions.items(), key=lambda item: item[1], reverse=True)
    top_player, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else Decimal(0)
    if top > second:
        return top_player, top - second
    return None


# Few distinct values, so that ties (``1``, ``1.0`` and ``1.00`` among them) are common.
_CLOSE_AMOUNTS = st.builds(
    lambda units, places: Decimal(units * 10**places).scaleb(-places),
    st.integers(0, 3),
    st.sampled_from([0, 1, 2]),
)


@given(st.lists(st.one_of(_AMOUNTS, _CLOSE_AMOUNTS), max_size=5))
def test_uncalled_excess_as_the_sort(amounts: list[Decimal]) -> None:
    contributions = dict(zip(_PLAYERS, amounts, strict=False))
    got = uncalled_excess(contributions)
    want = _sorted_excess(contributions)
    # the same player and excess, to the printed digits (which of equal amounts is subtracted)
    assert (None if got is None else (got[0], str(got[1]))) == (
        None if want is None else (want[0], str(want[1]))
    )


def test_uncalled_excess_subtracts_the_first_of_equal_second_amounts() -> None:
    """Of two equal second amounts, the first in order is subtracted, as the stable sort did."""

    def excess(contributions: dict[str, str]) -> tuple[str, str] | None:
        found = uncalled_excess({p: Decimal(a) for p, a in contributions.items()})
        return None if found is None else (found[0], str(found[1]))

    assert excess({"a": "2", "b": "1.0", "c": "1.00"}) == ("a", "1.0")
    assert excess({"a": "2", "b": "1.00", "c": "1.0"}) == ("a", "1.00")
    assert excess({"b": "1.0", "a": "2", "c": "1.00"}) == ("a", "1.0")
    assert excess({"b": "1.0", "c": "1.00", "a": "2"}) == ("a", "1.0")
    assert excess({"a": "2", "b": "2.0"}) is None
    assert excess({"a": "2.0"}) == ("a", "2.0")
