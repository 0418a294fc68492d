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
"""

from __future__ import annotations

from decimal import Decimal

from razzlog.cards import door_card_bring_in_key, low_key
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
from razzlog.rules.profiles import Profile
from razzlog.rules.state import AGGRESSIVE, VARIANTS, PlayerState, Replay, RoundEnd, Status, Step
from razzlog.rules.structures import expected_amounts

_BETTING = frozenset(s for s in Street if s.is_betting)
_ZERO = Decimal(0)
_ZEROS = (_ZERO, _ZERO)
_IN = Status.IN
_ALL_IN = Status.ALL_IN

__all__ = ["AGGRESSIVE", "VARIANTS", "PlayerState", "Replay", "RoundEnd", "Status", "Step", "replay"]


def replay(hand: Hand, profile: Profile) -> Replay:
    seats: dict[str, Seat] = {}
    antes: dict[str, Ante] = {}
    dealt: set[str] = set()
    for e in hand.events:
        if type(e) is Seat:
            seats[e.player] = e
        elif type(e) is Deal or type(e) is Action:
            dealt.add(e.player)
        elif type(e) is Ante:
            dealt.add(e.player)
            antes[e.player] = e
    players = {
        name: PlayerState(seat.seat, seat.stack, Status.IN)
        for name, seat in seats.items()
        if not seat.sitting_out or name in dealt
    }
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
        {},
    )
    _Engine(state).run()
    return state


def _best_board(candidates: list[str], keys: dict[str, tuple[int, ...]]) -> str | None:
    """The candidate with the best (lowest) board, the first in seat order on a tie."""
    boards = [(keys[p], i, p) for i, p in enumerate(candidates)]
    return min(boards)[2] if boards else None


class _Engine:
    def __init__(self, r: Replay) -> None:
        self.r = r
        self.street = Street.THIRD
        self.betting_open = False
        # players not folded, and players who can act (kept by set_status)
        self.live_count = sum(1 for s in r.players.values() if s.status is _IN or s.status is _ALL_IN)
        self.able_count = sum(1 for s in r.players.values() if s.status is _IN)
        self.reset_round()

    def set_status(self, st: PlayerState, status: Status) -> None:
        old = st.status
        self.live_count += (status is _IN or status is _ALL_IN) - (old is _IN or old is _ALL_IN)
        self.able_count += (status is _IN) - (old is _IN)
        st.status = status

    def reset_round(self) -> None:
        self.current = [Decimal(0), Decimal(0)]
        self.bets = 0
        self.completion_pending = False
        self.acted: set[str] = set()
        self.last_actor: str | None = None
        self.short_all_in = False
        self.short_seen = False
        self.doubled = False  # 4th street played for big bets (open-pair option)
        # Players passed over by an out-of-turn action may still act next
        # without a second action-order finding for the same disorder.
        self.skipped: set[str] = set()
        self.opener: frozenset[str] = frozenset()
        self.opener_known = False
        for p in self.r.players.values():
            p.street_put = [Decimal(0), Decimal(0)]

    def run(self) -> None:
        for event in self.r.hand.events:
            self.apply(event)
        self.close_round(self.r.hand.last_line)
        if self.r.bring_in_due is None:
            self.r.bring_in_due = self.bring_in_due()

    # -- events ---------------------------------------------------------------

    def apply(self, event: Event) -> None:
        r = self.r
        if type(event) is Action:
            self.act(event)
        elif type(event) is Deal:
            self.deal(event)
        elif isinstance(event, Ante):
            player = r.players.get(event.player)
            if player is not None:
                ruled = event.amount
                if r.table_ante is not None and not event.all_in and event.amount != r.table_ante:
                    ruled = min(r.table_ante, player.start)
                player.put[0] += event.amount
                player.put[1] += ruled
                if player.stack(0) <= 0:
                    self.set_status(player, Status.ALL_IN)
        elif isinstance(event, StreetStart):
            if event.street == Street.THIRD and r.table_ante:
                for name, player in r.players.items():
                    if name not in r.antes:  # missing-ante: the rules' variant posts it
                        player.put[1] += min(r.table_ante, player.start)
            if event.street in _BETTING and event.street != Street.THIRD:
                self.close_round(event.line)
                self.street = event.street
                self.reset_round()
                self.open_street()
            elif event.street not in _BETTING:
                self.close_round(event.line)
                self.betting_open = False
            r.streets.append(event)
        elif isinstance(event, BettingCapped):
            r.capped_lines.append((event, self.bets, self.short_seen))
        elif isinstance(event, UncalledReturn | Collect) and self.betting_open:
            # Betting is over once the pot is being dealt with.
            self.close_round(event.line)

    def deal(self, event: Deal) -> None:
        r = self.r
        if event.street == Street.THIRD and event.new:
            door = event.new[-1]
            r.door.setdefault(event.player, door)
        if event.new and event.street != Street.SEVENTH:
            ups = r.up_cards.setdefault(event.player, [])
            if event.street == Street.THIRD:
                ups[:] = [event.new[-1]]
            else:
                ups.append(event.new[-1])
        if event.street == Street.THIRD and not self.betting_open:
            self.betting_open = True

    def open_street(self) -> None:
        self.betting_open = True
        self.opener_known = False

    def compute_opener(self) -> frozenset[str]:
        """4th street on: the best low board among players who can act opens.

        Computed at the first action, once the street's cards are dealt.
        """
        r = self.r
        can_act = [p for p in r.order if r.players[p].status == Status.IN]
        in_hand = [p for p in r.order if r.players[p].status in (Status.IN, Status.ALL_IN)]
        if len(can_act) < 2:
            return frozenset()
        up_cards = r.up_cards
        keys = {p: low_key([c.rank for c in up_cards.get(p, [])][-4:] or [13]) for p in in_hand}
        # RULES.md is silent on an all-in best board: accept the best board among
        # players who can act, or the next one clockwise from the best board.
        return frozenset(
            filter(None, (_best_board(can_act, keys), self._next_able(_best_board(in_hand, keys))))
        )

    def _next_able(self, start: str | None) -> str | None:
        if start is None:
            return None
        i = self.r.order.index(start)
        for k in range(len(self.r.order)):
            p = self.r.order[(i + k) % len(self.r.order)]
            if self.r.players[p].status == Status.IN:
                return p
        return None

    def bring_in_due(self) -> str | None:
        r = self.r
        suit = r.profile.bring_in_tie_by_suit
        candidates = [p for p in r.order if p in r.door]
        if not candidates:
            return None
        # Highest door card; without the suit tie-break the lowest seat wins ties.
        top = max(candidates, key=lambda p: (door_card_bring_in_key(r.door[p], suit), -r.players[p].seat))
        start = r.order.index(top)
        for k in range(len(r.order)):
            p = r.order[(start + k) % len(r.order)]
            if r.players[p].status == Status.IN:
                return p
        return None

    # -- actions ---------------------------------------------------------------

    def unit(self) -> Decimal:
        h = self.r.hand.header
        if self.doubled:
            return h.big_bet
        return h.small_bet if self.street in (Street.THIRD, Street.FOURTH) else h.big_bet

    def may_double(self, a: Action) -> bool:
        """Casino option: an open pair on 4th street lets the opening bet be a big bet."""
        if not self.r.profile.fourth_street_open_pair_double or self.street != Street.FOURTH:
            return False
        if a.kind != ActionKind.BET or self.bets != 0 or a.amount != self.r.hand.header.big_bet:
            return False
        return any(
            len(ups) >= 2 and len({c.rank for c in ups[-2:]}) == 1
            for p, ups in self.r.up_cards.items()
            if p in self.r.live
        )

    def due(self) -> frozenset[str]:
        r = self.r
        if self.last_actor is None:
            if self.street == Street.THIRD:
                due = r.bring_in_due
                if not due:
                    return frozenset()
                return frozenset({due}) if self._owes(due, 0) or self._owes(due, 1) else frozenset()
            if not self.opener_known:
                self.opener, self.opener_known = self.compute_opener(), True
            return self.opener
        if self.live_count < 2:
            return frozenset()
        found = {p for p in self.skipped if self._owes(p, 0) or self._owes(p, 1)}
        for v in VARIANTS:
            nxt = self._next_owing(v)
            if nxt is not None:
                found.add(nxt)
        return frozenset(found)

    def _owes(self, p: str, v: int) -> bool:
        """Whether ``p`` still has to act: facing chips, or not yet acted while someone can answer
        (``p`` can act, so someone else can when two players can)."""
        st = self.r.players[p]
        if st.status is not _IN:
            return False
        if st.street_put[v] < self.current[v]:
            return True
        return p not in self.acted and self.able_count >= 2

    def _next_owing(self, v: int) -> str | None:
        order = self.r.order
        start = order.index(self.last_actor) if self.last_actor in order else -1
        n = len(order)
        for k in range(1, n + 1):
            p = order[(start + k) % n]
            if self._owes(p, v):
                return p
        return None

    def act(self, a: Action) -> None:
        r = self.r
        if a.street != self.street and a.street in _BETTING:
            self.street = a.street
        if self.street == Street.THIRD and r.bring_in is None and r.bring_in_due is None:
            r.bring_in_due = self.bring_in_due()
        st = r.players.get(a.player)
        status = st.status if st else Status.OUT
        due = self.due() if self.betting_open or self.street == Street.THIRD else frozenset()
        if self.street == Street.THIRD and a.kind == ActionKind.BRING_IN and r.bring_in is None:
            due = frozenset({a.player}) | due
        if self.may_double(a):
            self.doubled = True
        zero = _ZEROS
        put: tuple[Decimal, Decimal] = zero
        wanted: tuple[Decimal | None, Decimal | None] = (None, None)
        if st is not None:
            put = (self.logged_put(a, st, 0), self.logged_put(a, st, 1))
            wanted = (self.wanted_put(a, st, 0, put[0]), self.wanted_put(a, st, 1, put[1]))
        step = Step(
            a,
            status,
            (st.start - st.put[0], st.start - st.put[1]) if st else zero,
            (st.street_put[0], st.street_put[1]) if st else zero,
            (self.current[0], self.current[1]),
            self.unit(),
            self.bets,
            self.completion_pending,
            due,
            a.player not in self.acted or not self.short_all_in,
            self.short_seen,
            1 + r.profile.raises_per_round,
            put,
            wanted,
            self.live_count,
        )
        r.steps.append(step)
        if st is None or status != Status.IN:
            return
        if due and a.player not in due:
            self.skipped |= due
        self.skipped.discard(a.player)
        self.apply_action(a, st, put, wanted)

    def wanted_put(self, a: Action, st: PlayerState, v: int, logged: Decimal) -> Decimal | None:
        """What this action should put in by the rules, in variant ``v`` (None: no rule says);
        ``logged`` is ``logged_put(a, st, v)``."""
        if a.kind in (ActionKind.CHECK, ActionKind.FOLD):
            return _ZERO
        stack = st.start - st.put[v]
        want: Decimal | None
        if a.kind == ActionKind.BRING_IN:
            want = self.r.table_bring_in
        elif a.kind == ActionKind.CALL:
            want = self.current[v] - st.street_put[v]
        elif self.completion_pending or (self.street == Street.THIRD and self.bets == 0):
            want = self.r.hand.header.small_bet - st.street_put[v]
        else:
            want = self.current[v] + self.unit() - st.street_put[v]
        if want is None:
            return None
        if a.all_in and logged == stack and logged < want:
            return logged  # all-in for less is always allowed
        if logged > stack:
            return want  # stack-overdraw judges the stack; the amount itself is judged as usual
        return min(want, stack) if want > 0 else want

    def logged_put(self, a: Action, st: PlayerState, v: int) -> Decimal:
        if a.kind in (ActionKind.RAISE, ActionKind.COMPLETE) and a.to is not None:
            return a.to - st.street_put[v]
        if a.kind in (ActionKind.CHECK, ActionKind.FOLD):
            return _ZERO
        return a.amount

    def apply_action(
        self,
        a: Action,
        st: PlayerState,
        put: tuple[Decimal, Decimal],
        wanted: tuple[Decimal | None, Decimal | None],
    ) -> None:
        r = self.r
        kind = a.kind
        self.last_actor = a.player
        if kind == ActionKind.FOLD:
            self.set_status(st, Status.FOLDED)
            r.folded_on[a.player] = self.street
            return
        self.acted.add(a.player)
        if kind == ActionKind.CHECK:
            owed = self.current[1] - st.street_put[1]
            if owed > 0 and self.current[0] > st.street_put[0]:
                # illegal-check: the rules' variant has the player call instead
                owed = min(owed, st.stack(1))
                st.put[1] += owed
                st.street_put[1] += owed
            return
        corrected = wanted[1] if wanted[1] is not None else put[1]
        for v, chips in ((0, put[0]), (1, corrected)):
            st.put[v] += chips
            st.street_put[v] += chips
        if st.stack(0) == 0 or a.all_in:
            self.set_status(st, Status.ALL_IN)
        if kind == ActionKind.BRING_IN:
            r.bring_in = a
            self.current = [max(self.current[v], st.street_put[v]) for v in VARIANTS]
            self.completion_pending = True
            return
        if kind == ActionKind.CALL:
            return
        # Bet, completion or raise: a full one reopens the betting for everyone.
        before = self.current[0]
        self.current = [max(self.current[v], st.street_put[v]) for v in VARIANTS]
        target = (
            r.hand.header.small_bet
            if self.completion_pending or (self.bets == 0 and self.street == Street.THIRD)
            else before + self.unit()
        )
        full = st.street_put[0] >= target or st.street_put[1] >= target
        r.aggressor[self.street] = a.player
        if full:
            self.bets += 1
            self.acted = {a.player}
            self.completion_pending = False
            self.short_all_in = False
        else:
            self.short_all_in = True
            self.short_seen = True

    def close_round(self, line: int) -> None:
        if not self.betting_open:
            return
        r = self.r
        pending: list[str] = []
        if self.live_count >= 2 and (self.last_actor is not None or self.due()):
            owing = [p for p in r.order if self._owes(p, 0) and self._owes(p, 1)]
            if owing:
                flagged = self._flagged_this_street()
                pending = [p for p in owing if p not in flagged]
        r.round_ends.append(RoundEnd(self.street, line, tuple(pending)))
        self.betting_open = False

    def _flagged_this_street(self) -> set[str]:
        """Players whose wrong amount or illegal check already explains their unfinished round."""
        street = self.street
        return {
            s.action.player
            for s in self.r.steps
            if s.action.street == street
            and (s.flagged or (s.action.kind == ActionKind.CHECK and s.current_bet[0] > s.street_put[0]))
        }
