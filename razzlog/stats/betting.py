"""The betting facts of one player-hand, worked out in :mod:`razzlog.stats.extract`'s one walk.

:class:`PlayerFacts` holds a player's running figures; :class:`ThirdStreet`
and :class:`LaterStreet` follow the betting of 3rd street and of 4th and 5th
street and set the player's flags: steals and the answers to them, completions
and limps first in, 3-bets, continuation bets and the folds to them.

The flags added for the stud statistics are bits of one ``int`` per player
(``flags``): setting one is an ``|=``, no list or attribute per flag, so the
walk costs about what it did; :data:`FLAG_COLUMNS` names them in bit order and
:func:`flag_values` turns them into the row's booleans.
"""

from __future__ import annotations

from typing import Final

from razzlog.cards import Card
from razzlog.events import ActionKind, Street, TournamentFinish
from razzlog.stats.units import Units

# Final: mypyc keeps them in C variables, not in the module's dict (a look-up at each use)
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_COMPLETE: Final = ActionKind.COMPLETE
_CALL: Final = ActionKind.CALL
_FOLD: Final = ActionKind.FOLD
_BRING_IN: Final = ActionKind.BRING_IN

# The flag columns, in bit order (bit i is 1 << i); their meaning is the statistics' glossary.
FLAG_COLUMNS = (
    "steal_won",
    "called_steal",
    "reraised_steal",
    "first_in_opportunity",
    "completed_first_in",
    "limped",
    "faced_completion",
    "folded_to_completion",
    "three_bet_opportunity",
    "three_bet_made",
    "faced_three_bet",
    "folded_to_three_bet",
    "steal_with_lowest_door",
    "completed_lowest_door",
    "cbet_opportunity_4th",
    "cbet_made_4th",
    "faced_cbet_4th",
    "folded_to_cbet_4th",
    "cbet_opportunity_5th",
    "cbet_made_5th",
    "faced_cbet_5th",
    "folded_to_cbet_5th",
    "faced_bet_5th",
    "folded_to_bet_5th",
)
_BIT = {name: 1 << i for i, name in enumerate(FLAG_COLUMNS)}
# Final: kept in C variables (each act read several, each a look-up in the module's dict)
STEAL_WON: Final = _BIT["steal_won"]
CALLED_STEAL: Final = _BIT["called_steal"]
RESTEAL: Final = _BIT["reraised_steal"]
FIRST_IN: Final = _BIT["first_in_opportunity"]
COMPLETED_FIRST_IN: Final = _BIT["completed_first_in"]
LIMPED: Final = _BIT["limped"]
FACED_COMPLETION: Final = _BIT["faced_completion"]
FOLDED_TO_COMPLETION: Final = _BIT["folded_to_completion"]
THREE_BET_CHANCE: Final = _BIT["three_bet_opportunity"]
THREE_BET: Final = _BIT["three_bet_made"]
FACED_THREE_BET: Final = _BIT["faced_three_bet"]
FOLDED_TO_THREE_BET: Final = _BIT["folded_to_three_bet"]
STEAL_LOWEST_DOOR: Final = _BIT["steal_with_lowest_door"]
COMPLETED_LOWEST_DOOR: Final = _BIT["completed_lowest_door"]
# per later street (index 1: 4th, 2: 5th): c-bet opportunity, c-bet, faced it, folded to it
_CBET_BITS: Final = {
    si: tuple(
        _BIT[f"{name}_{street}"] for name in ("cbet_opportunity", "cbet_made", "faced_cbet", "folded_to_cbet")
    )
    for si, street in ((1, "4th"), (2, "5th"))
}
FACED_BET_5TH: Final = _BIT["faced_bet_5th"]
FOLDED_TO_BET_5TH: Final = _BIT["folded_to_bet_5th"]
# flags → booleans a byte at a time: three lookups and two concatenations per row
_BYTES = tuple(tuple(byte & (1 << i) != 0 for i in range(8)) for byte in range(256))
_WIDTH = len(FLAG_COLUMNS)
assert _WIDTH == 24  # three bytes: flag_values below


def flag_values(flags: int) -> tuple[bool, ...]:
    """The flag columns' values of ``flags``, in :data:`FLAG_COLUMNS` order."""
    return _BYTES[flags & 255] + _BYTES[flags >> 8 & 255] + _BYTES[flags >> 16]


class PlayerFacts:
    """One player's running facts while the hand is walked."""

    __slots__ = (
        "aggressive",
        "all_in",
        "ante",
        "ante_all_in",
        "bring_in",
        "bring_in_completed",
        "calls",
        "cards",
        "collected",
        "door",
        "faced_steal",
        "finish",
        "flags",
        "folded",
        "folded_to_steal",
        "folds",
        "folds_late",
        "hole",
        "name",
        "put",
        "returned",
        "seat",
        "stack",
        "start",
        "steal_attempt",
        "steal_opportunity",
        "third_raise",
        "vpip",
    )

    def __init__(self, name: str, seat: int | None, stack: Units | None) -> None:
        # money in units (razzlog.stats.units)
        self.name = name
        self.seat = seat
        self.stack = stack
        self.ante: Units = 0
        self.ante_all_in = False
        self.put: list[Units] = [0, 0, 0, 0, 0]  # 3rd … 7th street
        self.returned: Units = 0
        self.collected: Units = 0
        self.cards: tuple[Card, ...] = ()
        self.door: Card | None = None  # the face-up card of 3rd street
        self.hole = False
        self.start: str | None = None  # the 3-card start (cards.start_label), when hole
        self.folded: Street | None = None
        self.folds = 0
        self.folds_late = 0  # folds on 4th to 7th street (the late-street aggression frequency)
        # Bets, completions and raises, and calls, per street: the aggression
        # statistics count these, so the statistics need no table of actions.
        self.aggressive = [0, 0, 0, 0, 0]
        self.calls = [0, 0, 0, 0, 0]
        self.all_in = False
        self.vpip = self.third_raise = self.bring_in = self.bring_in_completed = False
        self.steal_opportunity = self.steal_attempt = self.faced_steal = self.folded_to_steal = False
        self.flags = 0
        self.finish: TournamentFinish | None = None

    def see(self, cards: tuple[Card, ...]) -> None:
        if len(cards) > len(self.cards):
            self.cards = cards


def _lowest_door(p: PlayerFacts, others: list[PlayerFacts]) -> bool:
    """Whether no other player still to act (not folded, not all-in) shows a lower door card than ``p``."""
    if p.door is None:
        return False
    rank = p.door.rank  # ace 1 … king 13: lower is better in razz
    return all(
        q.door is None or q.door.rank >= rank for q in others if q is not p and not q.folded and not q.all_in
    )


class ThirdStreet:
    """3rd-street bookkeeping behind the VPIP, bring-in, steal, first-in and 3-bet flags.

    ``able`` counts the players who can act on 3rd street (dealt in, not all-in
    from the ante).  A player has a steal opportunity when they act facing the
    bring-in alone, everyone who acted since the bring-in folded, and at most
    two players besides the bring-in are left to act after them; completing (or
    raising) there is a steal attempt.  The bring-in faces the steal when
    everyone between the stealer and them folds too.  Facing the bring-in
    alone with only folds before them (any position) is the first-in
    opportunity: completing there is a completion first in, calling a limp.
    The completion is the first bet; the first raise over it a 3-bet.
    """

    __slots__ = (
        "able",
        "answered",
        "bets",
        "bring_in",
        "completer",
        "completer_answered",
        "first",
        "folds",
        "last_aggressor",
        "limped",
        "opened",
        "players",
        "steal_contested",
        "steal_pending",
        "stealer",
    )

    def __init__(self, able: int, players: list[PlayerFacts]) -> None:
        self.able = able
        self.players = players
        self.first = True
        self.bring_in: PlayerFacts | None = None
        self.opened = False  # a completion (or raise) was made
        self.folds = 0  # folds since the bring-in, before any call or completion
        self.limped = False  # someone called the bring-in
        self.steal_pending = False  # a steal attempt that only folds have answered so far
        self.stealer: PlayerFacts | None = None
        self.steal_contested = False  # someone called or raised the steal
        self.completer: PlayerFacts | None = None  # who made the completion (the first bet)
        self.completer_answered = False  # the completer's answer to a 3-bet is counted
        self.answered: list[PlayerFacts] = []  # who acted after the completion
        self.bets = 0  # the completion and the raises
        self.last_aggressor: PlayerFacts | None = None

    def act(self, p: PlayerFacts, kind: ActionKind) -> None:
        aggressive = kind is _RAISE or kind is _BET or kind is _COMPLETE
        if aggressive or kind is _CALL:
            p.vpip = True
        if aggressive:
            p.third_raise = True
            self.last_aggressor = p
        if self.first:  # the bring-in player opens 3rd street: brings in, or completes instead
            self.first = False
            if kind is _BRING_IN:
                self.bring_in = p
                p.bring_in = True
            elif aggressive:
                p.bring_in = p.bring_in_completed = True
                self.opened = True
                self.completer, self.bets = p, 1
            return
        if self.stealer is not None and p is not self.stealer and kind is not _FOLD:
            self.steal_contested = True
        if not self.opened:
            if self.bring_in is not None and p is not self.bring_in and not self.limped:
                p.flags |= FIRST_IN
                if aggressive:
                    p.flags |= COMPLETED_FIRST_IN | (
                        COMPLETED_LOWEST_DOOR if _lowest_door(p, self.players) else 0
                    )
                elif kind is _CALL:
                    p.flags |= LIMPED
                if self.able - 2 - self.folds <= 2:
                    p.steal_opportunity = True
                    if aggressive:
                        p.steal_attempt = True
                        self.steal_pending = True
                        self.stealer = p
                        if _lowest_door(p, self.players):
                            p.flags |= STEAL_LOWEST_DOOR
            if kind is _FOLD:
                self.folds += 1
            elif kind is _CALL:
                self.limped = True
            if aggressive:
                self.opened = True
                self.completer, self.bets = p, 1
            return
        self._facing_bets(p, kind, aggressive)
        if self.steal_pending and self.bring_in is not None:
            if p is self.bring_in:
                p.faced_steal = True
                p.folded_to_steal = kind is _FOLD
                if kind is _CALL:
                    p.flags |= CALLED_STEAL
                elif aggressive:
                    p.flags |= RESTEAL
                self.steal_pending = False
            elif kind is not _FOLD:
                self.steal_pending = False

    def _facing_bets(self, p: PlayerFacts, kind: ActionKind, aggressive: bool) -> None:
        """Answers to the completion (fold to it, 3-bet) and the completer's answer to a 3-bet."""
        completer = self.completer
        if p is completer:
            if self.bets == 2 and not self.completer_answered:
                p.flags |= FACED_THREE_BET | (FOLDED_TO_THREE_BET if kind is _FOLD else 0)
            self.completer_answered = True
        elif self.bets == 1 and p not in self.answered:
            p.flags |= THREE_BET_CHANCE | (THREE_BET if aggressive else 0)
            if completer is not None and completer is not self.stealer:  # a completion that is no steal
                p.flags |= FACED_COMPLETION | (FOLDED_TO_COMPLETION if kind is _FOLD else 0)
        self.answered.append(p)
        if aggressive:
            self.bets += 1

    def finish(self, live: list[PlayerFacts]) -> None:
        """At the end of the hand: the steal won when everyone else folded to it."""
        if self.stealer is not None and not self.steal_contested and live == [self.stealer]:
            self.stealer.flags |= STEAL_WON


class LaterStreet:
    """4th or 5th street (``si`` 1 or 2): continuation bets and the first bet, and the answers to them.

    The continuation bet is the first bet of the street, made by the previous
    street's last aggressor at their first turn; a player facing it (their
    first action after it, no raise yet) may fold to it.  On 5th street, the
    first big-bet street, the same is counted for any first bet.
    """

    __slots__ = (
        "acted",
        "aggressor",
        "answered",
        "bets",
        "bettor",
        "cbet",
        "cbet_bit",
        "chance_bit",
        "faced_bit",
        "folded_bit",
        "si",
    )

    def __init__(self, si: int, aggressor: PlayerFacts | None) -> None:
        self.si = si
        # the street's bits, read once (not a look-up of the tuple, and its unpacking, each act)
        self.chance_bit, self.cbet_bit, self.faced_bit, self.folded_bit = _CBET_BITS[si]
        self.aggressor = aggressor  # the previous street's last aggressor
        self.acted: list[PlayerFacts] = []  # who acted before the first bet
        self.answered: list[PlayerFacts] = []  # who acted after it
        self.bets = 0
        self.bettor: PlayerFacts | None = None
        self.cbet = False

    def act(self, p: PlayerFacts, kind: ActionKind) -> None:
        aggressive = kind is _BET or kind is _RAISE or kind is _COMPLETE
        if not self.bets:
            if p is self.aggressor and p not in self.acted:
                p.flags |= self.chance_bit | (self.cbet_bit if aggressive else 0)
                self.cbet = aggressive
            self.acted.append(p)
            if aggressive:
                self.bets, self.bettor = 1, p
            return
        if self.bets == 1 and p is not self.bettor and p not in self.answered:  # facing the first bet alone
            fold = kind is _FOLD
            if self.cbet:
                p.flags |= self.faced_bit | (self.folded_bit if fold else 0)
            if self.si == 2:
                p.flags |= FACED_BET_5TH | (FOLDED_TO_BET_5TH if fold else 0)
        self.answered.append(p)
        if aggressive:
            self.bets += 1
