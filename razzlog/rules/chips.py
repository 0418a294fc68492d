"""The chips of one action: what the rules call for, and the table state after it.

The betting half of the replay engine (``razzlog.rules.replay``), which reads each
event and keeps the table state these methods change; a module of its own to keep
each small.  Amounts per variant as ``razzlog.rules.replay`` explains: shared
objects while the variants agree.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from razzlog.events import Action, ActionKind, Street
from razzlog.rules.state import ZERO, PlayerState, Status
from razzlog.rules.turns import Turns

# Bound once, as C statics, and compared with ``is`` (``razzlog.rules.replay`` says why).
_ZERO: Final = ZERO  # the engine's zero: a street_put of nothing yet is this object
_IN: Final = Status.IN
_ALL_IN: Final = Status.ALL_IN
_FOLDED: Final = Status.FOLDED
# the streets and the kinds of action the chips depend on
_THIRD: Final = Street.THIRD
_FOURTH: Final = Street.FOURTH

_BRING_IN: Final = ActionKind.BRING_IN
_BET: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD


class Betting(Turns):
    """Applies an action's chips to the table state (declared here, set up by the engine)."""

    small_bet: Decimal
    big_bet: Decimal
    bets: int  # bets and full raises so far this round (the bring-in is not one)
    completion_pending: bool  # 3rd street: only the bring-in so far
    short_all_in: bool  # the round's last bet or raise was a short all-in
    short_seen: bool
    # The street and player of the latest bet or raise, not yet in ``r.aggressor``: a Street
    # hashes by a Python call (some 850 instructions a store), so a street's aggressor is
    # stored once the engine leaves the street, not at each bet and raise.
    aggressor: tuple[Street, str] | None

    def set_status(self, st: PlayerState, status: Status) -> None:
        old = st.status
        self.live_count += (status is _IN or status is _ALL_IN) - (old is _IN or old is _ALL_IN)
        self.able_count += (status is _IN) - (old is _IN)
        st.status = status

    def store_aggressor(self) -> None:
        if self.aggressor is not None:
            street, player = self.aggressor
            self.r.aggressor[street] = player
            self.aggressor = None

    def may_double(self, kind: ActionKind, amount: Decimal) -> bool:
        """Casino option: an open pair on 4th street lets the opening bet be a big bet."""
        if not self.r.profile.fourth_street_open_pair_double or self.street is not _FOURTH:
            return False
        if kind is not _BET or self.bets != 0 or amount != self.big_bet:
            return False
        # an open pair: the board's last two up cards (``add_up_card``) of equal rank
        return any(b > 15 and b & 15 == (b >> 4) & 15 for p, b in self.boards.items() if p in self.r.live)

    def wanted_put(
        self,
        kind: ActionKind,
        all_in: bool,
        stack: Decimal,
        street_put: Decimal,
        bet: Decimal,
        unit: Decimal,
        logged: Decimal,
    ) -> Decimal | None:
        """What a bet, call or bring-in should put in by the rules, in one variant (None: no rule
        says), from that variant's stack, street total and bet, and what it puts in as logged."""
        # ``x - street_put`` is ``x`` itself when nothing is in yet (``street_put`` is the round's
        # ``_ZERO``): the same value and, for an ``x`` of exponent 0 or less, printed alike; the
        # bet is, being 0 or a sum from 0 (a sum's exponent is its operands' least).  Most calls
        # and bets are a player's first chips of the round: a subtraction less, ~450 instructions.
        fresh = street_put is _ZERO
        want: Decimal | None
        if kind is _BRING_IN:
            want = self.r.table_bring_in
        elif kind is _CALL:
            want = bet if fresh else bet - street_put
        elif self.completion_pending or (self.street is _THIRD and self.bets == 0):
            want = self.small_bet - street_put
        else:
            raised = bet + unit
            want = raised if fresh else raised - street_put
        if want is None:
            return None
        if all_in and logged == stack and logged < want:
            return logged  # all-in for less is always allowed
        if logged > stack:
            return want  # stack-overdraw judges the stack; the amount itself is judged as usual
        if want == logged:
            # The usual legal action, answered by one comparison rather than two: ``logged`` is
            # within the stack, so ``min(want, stack)`` is ``want``, as is the other branch.
            return want
        return min(want, stack) if want > _ZERO else want

    def apply_action(
        self,
        a: Action,
        kind: ActionKind,
        player: str,
        all_in: bool,
        st: PlayerState,
        put: tuple[Decimal, Decimal],
        wanted: tuple[Decimal | None, Decimal | None],
        unit: Decimal,
    ) -> None:
        """Apply action ``a`` (its ``kind``, ``player`` and ``all_in``, read once by ``act``)."""
        r = self.r
        self.last_actor = player
        if kind is _FOLD:
            self.set_status(st, _FOLDED)
            r.folded_on[player] = self.street
            return
        self.acted.add(player)
        p0, p1 = st.put
        sp0, sp1 = st.street_put
        if kind is _CHECK:
            # (compared before any subtraction: most checks owe nothing, and ``c1 - sp1 > 0`` is
            # ``c1 > sp1`` at the cost of a comparison alone)
            c0, c1 = self.current
            if c1 > sp1 and c0 > sp0:
                # illegal-check: the rules' variant has the player call instead
                owed = min(c1 - sp1, st.start - p1)
                st.put = (p0, p1 + owed)
                st.street_put = (sp0, sp1 + owed)
                self.split = True
            return
        chips0 = put[0]
        chips1 = wanted[1] if wanted[1] is not None else put[1]
        total0, street0 = p0 + chips0, sp0 + chips0
        if chips1 is chips0 or not chips1.compare_total(chips0):  # equal, and printed alike
            st.put = (total0, total0 if p1 is p0 else p1 + chips1)
            st.street_put = (street0, street0 if sp1 is sp0 else sp1 + chips1)
        else:
            st.put = (total0, p1 + chips1)
            st.street_put = (street0, sp1 + chips1)
        street1 = st.street_put[1]
        if street1 is not street0:
            self.split = True
        st.left = None
        if all_in:
            self.set_status(st, _ALL_IN)
        else:
            st.left = left = st.start - total0  # the stack ``act`` reads at the player's next action
            if not left:
                self.set_status(st, _ALL_IN)
        if kind is _CALL:
            return
        before, bet1 = self.current
        bet0 = max(before, street0)
        self.current = (bet0, bet0 if bet1 is before and street1 is street0 else max(bet1, street1))
        if kind is _BRING_IN:
            r.bring_in = a
            self.completion_pending = True
            return
        # Bet, completion or raise: a full one reopens the betting for everyone.
        target = (
            self.small_bet
            if self.completion_pending or (self.bets == 0 and self.street is _THIRD)
            else before + unit
        )
        full = street0 >= target or street1 >= target
        if self.aggressor is not None and self.aggressor[0] is not self.street:
            self.store_aggressor()
        self.aggressor = (self.street, player)
        if full:
            self.bets += 1
            acted = self.acted  # (emptied, not replaced: see ``_Engine.__init__``)
            acted.clear()
            acted.add(player)
            self.completion_pending = False
            self.short_all_in = False
        else:
            self.short_all_in = True
            self.short_seen = True
