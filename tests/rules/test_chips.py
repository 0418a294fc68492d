"""``Betting.wanted_put``: its shortcuts for the usual legal amount (the logged amount equal to the
rules' one: no second comparison) and for a player with nothing in yet (no subtraction) give what
it gave before, in every case, amounts printed alike or not."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from razzlog.events import ActionKind, Hand, Street
from razzlog.rules.profiles import profile_for
from razzlog.rules.replay import _Engine, replay
from razzlog.rules.state import ZERO
from razzlog.sites import parse_raw_hand
from razzlog.sources import iter_raw_hands
from razzlog.violations import Violation

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "pokerstars-cash-razz-0.04-0.08.txt"
# Amounts as logs print them, with the exponents they print (``0.1`` and ``0.10`` both occur).
_AMOUNTS = st.builds(
    lambda units, places: Decimal(units).scaleb(-places), st.integers(-5, 60), st.sampled_from([0, 1, 2])
)
_KINDS = st.sampled_from([ActionKind.BRING_IN, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE])


def _reference(
    e: _Engine,
    kind: ActionKind,
    all_in: bool,
    stack: Decimal,
    street_put: Decimal,
    bet: Decimal,
    unit: Decimal,
    logged: Decimal,
) -> Decimal | None:
    """``wanted_put`` as it was before the shortcut."""
    want: Decimal | None
    if kind is ActionKind.BRING_IN:
        want = e.r.table_bring_in
    elif kind is ActionKind.CALL:
        want = bet - street_put
    elif e.completion_pending or (e.street is Street.THIRD and e.bets == 0):
        want = e.small_bet - street_put
    else:
        want = bet + unit - street_put
    if want is None:
        return None
    if all_in and logged == stack and logged < want:
        return logged
    if logged > stack:
        return want
    return min(want, stack) if want > Decimal(0) else want


def _engine() -> _Engine:
    raw = next(r for r in iter_raw_hands([str(SAMPLE)]) if not isinstance(r, Violation))
    hand = parse_raw_hand(raw)
    assert isinstance(hand, Hand)
    return _Engine(replay(hand, profile_for("auto", hand.header.site, False)))


_ENGINE = _engine()


@given(
    _KINDS,
    st.booleans(),
    st.lists(_AMOUNTS, min_size=6, max_size=6),
    st.booleans(),
    st.sampled_from([Street.THIRD, Street.FOURTH, Street.FIFTH]),
    st.integers(0, 3),
    st.one_of(st.none(), _AMOUNTS),
)
def test_wanted_put_as_before(
    kind: ActionKind,
    all_in: bool,
    amounts: list[Decimal],
    pending: bool,
    street: Street,
    bets: int,
    bring_in: Decimal | None,
) -> None:
    e = _ENGINE
    stack, street_put, bet, unit, logged, small = amounts
    e.completion_pending, e.street, e.bets, e.small_bet = pending, street, bets, small
    e.r.table_bring_in = bring_in
    # equal amounts often, as in legal play: the logged amount is then the rules' one
    loggeds = (logged, bet - street_put, small - street_put, bet + unit - street_put, stack)
    _assert_as_before(e, (kind, all_in, stack, street_put, bet, unit), loggeds)


# an action's kind, all-in, and its stack, street put, bet and unit
_Args = tuple[ActionKind, bool, Decimal, Decimal, Decimal, Decimal]


def _assert_as_before(e: _Engine, args: _Args, loggeds: tuple[Decimal, ...]) -> None:
    """``wanted_put`` gives the reference's amount, printed alike, for each logged amount."""
    for logged in loggeds:
        got = e.wanted_put(*args, logged)
        want = _reference(e, *args, logged)
        assert got is want or (got is not None and want is not None and str(got) == str(want) and got == want)


_FIVE = st.lists(_AMOUNTS, min_size=5, max_size=5)
_STREETS = st.sampled_from([Street.THIRD, Street.FOURTH, Street.FIFTH])


@given(_KINDS, st.booleans(), _FIVE, st.booleans(), _STREETS, st.integers(0, 3))
def test_wanted_put_of_a_player_with_nothing_in_as_before(
    kind: ActionKind, all_in: bool, amounts: list[Decimal], pending: bool, street: Street, bets: int
) -> None:
    """A player with nothing in yet this round (``street_put`` the engine's zero, by identity): the
    call or bet is then not subtracted from; the same amount, printed alike, since the bet to
    match is 0 or a sum from it, as the engine keeps it."""
    e = _ENGINE
    stack, bet_put, unit, logged, small = amounts
    bet = ZERO + bet_put  # the engine's bets are sums from its zero: their exponent is at most 0
    e.completion_pending, e.street, e.bets, e.small_bet = pending, street, bets, small
    e.r.table_bring_in = None
    _assert_as_before(e, (kind, all_in, stack, ZERO, bet, unit), (logged, bet, bet + unit, small, stack))
