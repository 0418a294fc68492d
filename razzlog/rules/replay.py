"""The replay engine: re-plays one hand's events and records what the rules judge.

The engine never decides that something is a violation.  It applies each
logged event to a table state and records, beside it, what the state was:
who was due to act, what they owed, how many bets the round had… The rules in
``razzlog.rules.catalogue`` compare the log with that record.

Amounts are tracked in two *variants*: 0 follows the chips as logged, 1
replaces an amount a rule would flag with the amount the rules call for.  An
action is judged legal when it is legal in either variant, so one wrong amount
is reported once, at its root, whether the site's later lines followed the
wrong chips or the right ones.

Speed: this runs once per hand, so the common case is kept cheap.  While the
two variants agree, they hold the very same ``Decimal`` objects, and whatever
variant 1 would compute from them is variant 0's result (same operands, same
result, to the last digit of the exponent).  Two amounts are shared only when
``compare_total`` finds them equal and printed alike (``0.1`` is not ``0.10``).
Amounts stay ``Decimal``: they reach the messages as printed.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final, TypeVar, cast

from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    BettingCapped,
    Collect,
    Deal,
    Event,
    Hand,
    Seat,
    Street,
    StreetStart,
    UncalledReturn,
)
from razzlog.rules.chips import Betting
from razzlog.rules.profiles import Profile
from razzlog.rules.state import AGGRESSIVE, VARIANTS, ZERO, Dealt, PlayerState, Replay, RoundEnd, Status, Step
from razzlog.rules.structures import expected_amounts
from razzlog.rules.turns import add_up_card, single

# Enum members are bound once and compared with ``is``: an enum's class attribute,
# hash and ``.value`` are slow Python code, and the engine runs for every event.
# ``Final`` matters once compiled: mypyc keeps a Final name in a C static, and looks
# any other module name (``Street`` too) up in the module's globals dict at every use.
_THIRD: Final = Street.THIRD
_FOURTH: Final = Street.FOURTH
_SEVENTH: Final = Street.SEVENTH
_SHOWDOWN: Final = Street.SHOWDOWN
_SUMMARY: Final = Street.SUMMARY
# Amounts are compared with _ZERO, never with 0: a Decimal compared with an int first converts
# it to a new Decimal, twice the cost of the comparison.
_ZERO: Final = ZERO  # (state.py's: one object, see ``Betting.wanted_put``)
_ZEROS: Final = (_ZERO, _ZERO)
_NONES: Final[tuple[Decimal | None, Decimal | None]] = (None, None)
_NOBODY: Final[frozenset[str]] = frozenset()
_IN: Final = Status.IN
_ALL_IN: Final = Status.ALL_IN
_OUT: Final = Status.OUT
_BRING_IN: Final = ActionKind.BRING_IN
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_RAISE: Final = ActionKind.RAISE
_COMPLETE: Final = ActionKind.COMPLETE
# The event classes the engine handles, as C statics (see ``_Engine.run``).
_ACTION: Final = Action
_DEAL: Final = Deal
_STREET_START: Final = StreetStart
_ANTE: Final = Ante
_UNCALLED_RETURN: Final = UncalledReturn
_COLLECT: Final = Collect
_BETTING_CAPPED: Final = BettingCapped

E = TypeVar("E")

__all__ = ["AGGRESSIVE", "VARIANTS", "PlayerState", "Replay", "RoundEnd", "Status", "Step", "replay"]


def replay(hand: Hand, profile: Profile) -> Replay:
    # One pass sorts the events by kind: the engine's setup and the rules read these lists.
    # (Events come in runs of one kind: seats, antes, deals, actions.  The list of the run's
    # kind is kept at hand, which spares most dict look-ups, some 4,000 instructions a hand.)
    by_kind: dict[type, list[Event]] = {}
    run_kind: type | None = None
    run: list[Event] = []
    for e in hand.events:
        kind = type(e)
        if kind is not run_kind:
            found = by_kind.get(kind)
            if found is None:
                found = by_kind[kind] = []
            run_kind, run = kind, found
        run.append(e)
    seats = {e.player: e for e in _of(by_kind, Seat)}
    antes = {e.player: e for e in _of(by_kind, Ante)}
    players = {name: PlayerState(seat.seat, seat.stack, _IN) for name, seat in seats.items()}
    away = [name for name, seat in seats.items() if seat.sitting_out]
    if away:  # a seat listed as sitting out is in the hand only if dealt, acting or anteing
        dealt = (
            {e.player for e in _of(by_kind, Deal)} | {e.player for e in _of(by_kind, Action)} | antes.keys()
        )
        for name in away:
            if name not in dealt:
                del players[name]
    order = sorted(players, key=lambda p: players[p].seat)
    table_ante, table_bring_in = expected_amounts(hand, list(antes.values()))
    state = Replay(
        hand,
        profile,
        players,
        order,
        seats,
        antes,
        table_ante,
        table_bring_in,
        {},
        None,
        None,
        [],
        [],
        [],
        {},
        [],
        {},
        _by_kind=by_kind,
    )
    _Engine(state).run()
    return state


def is_betting(street: Street) -> bool:
    """``street.is_betting``, by identity: the property is Python code, and ``in`` a tuple of
    the betting streets compares each member it passes over with ``==`` (some 350 instructions)."""
    return street is not _SHOWDOWN and street is not _SUMMARY


def _of(by_kind: dict[type, list[Event]], kind: type[E]) -> list[E]:
    return cast(list[E], by_kind.get(kind, []))


class _Engine(Betting):
    """Applies the events to the table state (who is due to act: ``Turns``; an action's chips:
    ``Betting``)."""

    def __init__(self, r: Replay) -> None:
        self.r = r
        self.players = r.players
        self.order = r.order
        self.seated = [r.players[p] for p in r.order]
        self.position = {p: i for i, p in enumerate(r.order)}
        header = r.hand.header  # its bets read once (in the pure build, a header's field is a Python look-up)
        self.small_bet = header.small_bet
        self.big_bet = header.big_bet
        self.cap = 1 + r.profile.raises_per_round
        self.double_option = r.profile.fourth_street_open_pair_double
        self.boards: dict[str, int] = {}  # ranks of each player's last four up cards (add_up_card)
        self.street = _THIRD
        self.betting_open = False
        self.aggressor = None
        # players not folded, and players who can act (kept by set_status)
        self.live_count = sum(1 for s in r.players.values() if s.status is _IN or s.status is _ALL_IN)
        self.able_count = sum(1 for s in r.players.values() if s.status is _IN)
        # Built once and emptied at each round (``reset_round``): a new set a street and a bet
        # was an allocation and a deallocation each, some 4,000 instructions a hand.
        self.acted: set[str] = set()
        # Players passed over by an out-of-turn action may still act next
        # without a second action-order finding for the same disorder.
        self.skipped: set[str] = set()
        self.reset_round()

    def reset_round(self) -> None:
        self.current = _ZEROS
        self.split = False  # some street_put or the bet differs between the variants this round
        self.bets = 0
        self.completion_pending = False
        self.acted.clear()
        self.last_actor: str | None = None
        self.short_all_in = False
        self.short_seen = False
        self.doubled = False  # 4th street played for big bets (open-pair option)
        self.skipped.clear()
        self.opener: frozenset[str] = _NOBODY
        self.opener_known = False
        for p in self.players.values():
            p.street_put = _ZEROS

    def run(self) -> None:
        r = self.r
        # A chain of ``type(e) is`` tests, not a dict of methods: compiled, each handler is then a
        # native call; through the dict each was a Python call (vectorcall and argument parsing,
        # some 600 instructions an event: 2 % of the replay and rules).  Actions and deals first:
        # they are most of the events.  The other kinds change nothing.
        for e in r.hand.events:
            if type(e) is _ACTION:
                self.act(e)
            elif type(e) is _DEAL:
                self.deal(e)
            elif type(e) is _STREET_START:
                self.street_start(e)
            elif type(e) is _ANTE:
                self.ante(e)
            elif type(e) is _UNCALLED_RETURN or type(e) is _COLLECT:
                self.pot_dealt(e)
            elif type(e) is _BETTING_CAPPED:
                self.capped(e)
        self.close_round(r.hand.last_line)
        self.store_aggressor()
        if r.bring_in_due is None:
            r.bring_in_due = self.bring_in_due()

    # -- events ---------------------------------------------------------------

    def ante(self, event: Ante) -> None:
        r = self.r
        player = self.players.get(event.player)
        if player is None:
            return
        amount = ruled = event.amount
        if r.table_ante is not None and not event.all_in and amount != r.table_ante:
            ruled = min(r.table_ante, player.start)
        p0, p1 = player.put
        n0 = p0 + amount
        player.put = (n0, n0 if p1 is p0 and ruled is amount else p1 + ruled)
        player.left = left = player.start - n0
        if left <= _ZERO:
            self.set_status(player, _ALL_IN)

    def street_start(self, event: StreetStart) -> None:
        r = self.r
        street = event.street
        if street is _THIRD and r.table_ante:
            for name, player in self.players.items():
                if name not in r.antes:  # missing-ante: the rules' variant posts it
                    player.put = (player.put[0], player.put[1] + min(r.table_ante, player.start))
        betting = is_betting(street)
        if betting and street is not _THIRD:
            self.close_round(event.line)
            self.street = street
            self.reset_round()
            self.betting_open = True
            self.opener_known = False
        elif not betting:
            self.close_round(event.line)
            self.betting_open = False
        r.streets.append(event)

    def capped(self, event: BettingCapped) -> None:
        self.r.capped_lines.append((event, self.bets, self.short_seen))

    def pot_dealt(self, event: UncalledReturn | Collect) -> None:
        if self.betting_open:  # betting is over once the pot is being dealt with
            self.close_round(event.line)

    def deal(self, event: Deal) -> None:
        # Each field read once (an interpreted event's field is a Python look-up), kept for the card rules.
        new, street, player = event.new, event.street, event.player
        self.r.dealt.append(Dealt(street, player, event.known, new, event.line))
        if not new:
            if street is _THIRD:
                self.betting_open = True
            return
        if street is _THIRD:
            self.r.door.setdefault(player, new[-1])
            self.boards[player] = add_up_card(0, new[-1].rank)
            self.betting_open = True
        elif street is not _SEVENTH:
            self.boards[player] = add_up_card(self.boards.get(player, 0), new[-1].rank)

    # -- actions ---------------------------------------------------------------

    def act(self, a: Action) -> None:
        r = self.r
        # The action's fields, read once: each read of an interpreted event's field (the pure
        # build's) is a Python attribute lookup; the Step keeps them as native fields for the rules.
        player, kind, a_street, line, all_in, amount = a.player, a.kind, a.street, a.line, a.all_in, a.amount
        street = self.street
        if a_street is not street and is_betting(a_street):
            self.street = street = a_street
        third = street is _THIRD
        if third and r.bring_in is None and r.bring_in_due is None:
            r.bring_in_due = self.bring_in_due()
        st = self.players.get(player)
        status = st.status if st is not None else _OUT
        due = self.due() if self.betting_open or third else _NOBODY
        if third and kind is _BRING_IN and r.bring_in is None:
            # (``frozenset({player}) | due``, built only when it is a new set)
            if not due:
                due = single(player)
            elif player not in due:
                due = frozenset({player}) | due
        if self.double_option and self.may_double(kind, amount):
            self.doubled = True
        # the bet: big from 5th street, or on 4th when doubled
        unit = (
            self.big_bet
            if self.doubled or (street is not _THIRD and street is not _FOURTH)
            else self.small_bet
        )
        may_raise = player not in self.acted or not self.short_all_in
        current = self.current
        if st is None:
            r.steps.append(
                Step(
                    a, status, _ZEROS, _ZEROS, current, unit, self.bets, self.completion_pending,
                    due, may_raise, self.short_seen, self.cap, _ZEROS, _NONES, self.live_count,
                    kind, player, a_street, line, all_in,
                )
            )  # fmt: skip
            return
        p0, p1 = st.put
        s0 = st.left  # ``st.start - p0``, kept by the ante and the player's last action
        if s0 is None:
            s0 = st.start - p0
        stack = (s0, s0 if p1 is p0 else st.start - p1)
        street_put = st.street_put
        put: tuple[Decimal, Decimal]
        wanted: tuple[Decimal | None, Decimal | None]
        if kind is _CHECK or kind is _FOLD:
            put = wanted = _ZEROS
        else:
            sp0, sp1 = street_put
            c0, c1 = current
            # What the action puts in as logged: a raise or completion to a printed total
            # puts in what it lacks; anything else, its amount.
            to = a.to if kind is _RAISE or kind is _COMPLETE else None
            logged0 = amount if to is None else to - sp0
            wanted0 = self.wanted_put(kind, all_in, stack[0], sp0, c0, unit, logged0)
            if p1 is p0 and sp1 is sp0 and c1 is c0:
                put, wanted = (logged0, logged0), (wanted0, wanted0)
            else:
                logged1 = amount if to is None else to - sp1
                put = (logged0, logged1)
                wanted = (wanted0, self.wanted_put(kind, all_in, stack[1], sp1, c1, unit, logged1))
        r.steps.append(
            Step(
                a, status, stack, street_put, current, unit, self.bets, self.completion_pending,
                due, may_raise, self.short_seen, self.cap, put, wanted, self.live_count,
                kind, player, a_street, line, all_in,
            )
        )  # fmt: skip
        if status is not _IN:
            return
        if due and player not in due:
            self.skipped |= due
        if self.skipped:
            self.skipped.discard(player)
        self.apply_action(a, kind, player, all_in, st, put, wanted, unit)
