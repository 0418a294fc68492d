"""What the replay engine records: the table state beside each logged action.

Plain data, read by the rules in ``razzlog.rules.catalogue``; the engine that
fills it is ``razzlog.rules.replay``.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from enum import Enum
from typing import Any, Final, TypeVar

from razzlog.cards import Card
from razzlog.events import Action, ActionKind, Ante, BettingCapped, Event, Hand, Seat, Street, StreetStart
from razzlog.rules.profiles import Profile

VARIANTS: Final = (0, 1)
AGGRESSIVE: Final = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
# The engine's zero, one object: a round's and a hand's amounts start from it, and
# ``Betting.wanted_put`` knows a player with nothing in yet by it (``is``).
ZERO: Final = Decimal(0)
_ZERO: Final = ZERO
E = TypeVar("E")


class Status(Enum):
    IN = "in"
    FOLDED = "folded"
    ALL_IN = "all-in"
    OUT = "out"  # not dealt in


_IN: Final = Status.IN
_ALL_IN: Final = Status.ALL_IN
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_COMPLETE: Final = ActionKind.COMPLETE


def is_aggressive(kind: ActionKind) -> bool:
    """``kind in AGGRESSIVE``, by identity: ``in`` compares each member it passes over with
    ``==``, a Python comparison, and the step rules ask it of every call, check and fold."""
    return kind is _BET or kind is _RAISE or kind is _COMPLETE


class Step:
    """An action and the table state just before it (per variant where amounts differ).

    Built once per action by the engine and never changed after.  A plain class, not a
    named tuple: compiled, it is a native class, which the engine builds and the rules
    read without a Python call (a named tuple's ``__new__`` is interpreted code, about
    3,400 instructions a step, and its tuple fields were boxed to build it).

    The action's own fields the rules test on every step (``kind``, ``player``,
    ``street``, ``line``, ``all_in``) are copied here too, read once by the engine: when
    the events were interpreted classes (as they still are in the pure build), each read
    of their fields from compiled code was a Python attribute lookup (about 160
    instructions), a native field's a C load, and reading ``s.kind`` rather than
    ``s.action.kind`` saved about 5 % of the replay's and rules' instructions.  The
    compiled build's events are native classes too (razzlog/compiled.py) and read as
    cheaply; the rules read the copies all the same.
    """

    __slots__ = (
        "action", "all_in", "bets", "cap", "completion_pending", "current_bet", "due", "kind", "line",
        "live_count", "may_raise", "player", "put", "short_all_in_in_round", "stack", "status", "street",
        "street_put", "unit", "wanted",
    )  # fmt: skip

    def __init__(
        self,
        action: Action,
        status: Status,
        stack: tuple[Decimal, Decimal],
        street_put: tuple[Decimal, Decimal],
        current_bet: tuple[Decimal, Decimal],
        unit: Decimal,
        bets: int,
        completion_pending: bool,
        due: frozenset[str],
        may_raise: bool,
        short_all_in_in_round: bool,
        cap: int,
        put: tuple[Decimal, Decimal],
        wanted: tuple[Decimal | None, Decimal | None],
        live_count: int,
        kind: ActionKind,
        player: str,
        street: Street,
        line: int,
        all_in: bool,
    ) -> None:
        self.action = action
        self.kind = kind  # the action's (as are player, street, line and all_in)
        self.player = player
        self.street = street
        self.line = line
        self.all_in = all_in
        self.status = status
        self.stack = stack
        self.street_put = street_put
        self.current_bet = current_bet
        self.unit = unit
        self.bets = bets  # bets and full raises so far this round (the bring-in is not one)
        self.completion_pending = completion_pending  # 3rd street: only the bring-in so far
        self.due = due  # who the rules expect to act now (empty: nobody)
        self.may_raise = may_raise  # False after a short all-in when the actor had already acted
        self.short_all_in_in_round = short_all_in_in_round
        self.cap = cap
        self.put = put  # chips the action moves, per variant (0 for checks and folds)
        self.wanted = wanted  # what the rules call for, per variant
        self.live_count = live_count  # players not folded

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _STEP_FIELDS)
        return f"Step({fields})"

    @property
    def flagged(self) -> bool:
        """The logged amount differs from the rules' amount in every variant."""
        w0, w1 = self.wanted
        p0, p1 = self.put
        return w0 is not None and w0 != p0 and w1 is not None and w1 != p1


_STEP_FIELDS: Final = (
    "action", "status", "stack", "street_put", "current_bet", "unit", "bets", "completion_pending",
    "due", "may_raise", "short_all_in_in_round", "cap", "put", "wanted", "live_count",
)  # fmt: skip


class Dealt:
    """A deal line's fields, read once by the engine for the card rules (one per ``Deal``, in log
    order).  For the reason ``Step`` copies its action's: an interpreted event's field read from
    compiled code is a Python look-up (about 160 instructions), and the engine and three card rules
    read a deal line's player and cards, some 13 reads a line; a native field is a C load.
    """

    __slots__ = ("known", "line", "new", "player", "street")

    def __init__(
        self, street: Street, player: str, known: tuple[Card, ...], new: tuple[Card, ...], line: int
    ) -> None:
        self.street = street
        self.player = player
        self.known = known
        self.new = new
        self.line = line

    def __repr__(self) -> str:
        return f"Dealt(street={self.street!r}, player={self.player!r}, known={self.known!r}, new={self.new!r}, line={self.line!r})"


class RoundEnd:
    """A betting round's end: its street, the line that ends it, the players still owing action.

    A plain class for the reason ``Step`` is one: compiled, it is built without a Python call
    (a named tuple's ``__new__`` is interpreted code, some 3,000 instructions, and a hand
    ends four or five rounds).
    """

    __slots__ = ("line", "pending", "street")

    def __init__(self, street: Street, line: int, pending: tuple[str, ...]) -> None:
        self.street = street
        self.line = line
        self.pending = pending  # players still owing action

    def __repr__(self) -> str:
        return f"RoundEnd(street={self.street!r}, line={self.line!r}, pending={self.pending!r})"


class PlayerState:
    """One player's chips as the engine replays them.

    A plain class, not a slotted dataclass: compiled, a dataclass is built through its
    generated ``__init__``, interpreted code (about 1,900 instructions a player, 8,500 a
    ``Replay``); a plain class is a native call.  (Nothing compares two: ``==`` is identity.)
    """

    __slots__ = ("left", "put", "seat", "start", "status", "street_put")

    def __init__(
        self,
        seat: int,
        start: Decimal,
        status: Status,
        # Per variant; tuples replaced on change, so that a Step can share them.
        put: tuple[Decimal, Decimal] = (_ZERO, _ZERO),
        street_put: tuple[Decimal, Decimal] = (_ZERO, _ZERO),
    ) -> None:
        self.seat = seat
        self.start = start
        self.status = status
        self.put = put
        self.street_put = street_put
        # ``start - put[0]`` once worked out (None until then): the engine's subtraction,
        # kept for the player's next action rather than done again
        self.left: Decimal | None = None

    def __repr__(self) -> str:
        return (
            f"PlayerState(seat={self.seat!r}, start={self.start!r}, status={self.status!r}, "
            f"put={self.put!r}, street_put={self.street_put!r})"
        )

    def stack(self, v: int) -> Decimal:
        return self.start - self.put[v]


class Replay:
    """A replayed hand: the table state the engine built, read by the rules.

    A plain class for the reason ``PlayerState`` is one (built once a hand).
    """

    __slots__ = (
        "_by_kind", "_streams", "aggressor", "antes", "bring_in", "bring_in_due", "cache", "capped_lines",
        "dealt", "door", "folded_on", "hand", "order", "players", "profile", "round_ends", "seats", "steps",
        "streets", "table_ante", "table_bring_in",
    )  # fmt: skip

    def __init__(
        self,
        hand: Hand,
        profile: Profile,
        players: dict[str, PlayerState],
        order: list[str],
        seats: dict[str, Seat],
        antes: dict[str, Ante],
        table_ante: Decimal | None,
        table_bring_in: Decimal | None,
        door: dict[str, Card],
        bring_in_due: str | None,
        bring_in: Action | None,
        steps: list[Step],
        round_ends: list[RoundEnd],
        streets: list[StreetStart],
        folded_on: dict[str, Street],
        capped_lines: list[tuple[BettingCapped, int, bool]],
        aggressor: dict[Street, str],
        cache: dict[str, Any] | None = None,
        dealt: list[Dealt] | None = None,
        _by_kind: dict[type, list[Any]] | None = None,
        _streams: dict[frozenset[type], list[Event]] | None = None,
    ) -> None:
        self.hand = hand
        self.profile = profile
        self.players = players
        self.order = order  # dealt-in players in seat order
        self.seats = seats
        self.antes = antes
        self.table_ante = table_ante
        self.table_bring_in = table_bring_in
        self.door = door
        self.bring_in_due = bring_in_due
        self.bring_in = bring_in
        self.steps = steps
        self.round_ends = round_ends
        self.streets = streets
        self.folded_on = folded_on
        self.capped_lines = capped_lines  # line, bets at the time, short all-in seen
        self.aggressor = aggressor
        self.cache: dict[str, Any] = {} if cache is None else cache  # derived facts, computed once
        self.dealt: list[Dealt] = [] if dealt is None else dealt  # the deal lines' fields, in log order
        self._by_kind = _by_kind
        self._streams: dict[frozenset[type], list[Event]] = {} if _streams is None else _streams

    @property
    def live(self) -> frozenset[str]:
        return frozenset([p for p, s in self.players.items() if s.status is _IN or s.status is _ALL_IN])

    def of(self, kind: type[E]) -> Sequence[E]:
        """The hand's events of one kind, in log order.

        One pass over the events sorts them all by kind, so the rules do not
        each scan every event.
        """
        by_kind = self._by_kind
        if by_kind is None:
            by_kind = self._by_kind = {}
            for e in self.hand.events:
                found = by_kind.get(type(e))
                if found is None:
                    by_kind[type(e)] = [e]
                else:
                    found.append(e)
        return by_kind.get(kind, ())  # list[Any]: no cast(), a call per use

    def stream(self, kinds: frozenset[type]) -> list[Event]:
        """The hand's events of these kinds, in log order (computed once per set of kinds).

        Rules that judge events of several kinds in their order share it; the
        kinds are exact event classes (events are never subclassed).
        """
        found = self._streams.get(kinds)
        if found is None:
            # ``type(e) in kinds`` by identity over a tuple: a set look-up is a C call of some
            # 100 instructions an event, a pointer test a few (types are equal only to themselves)
            wanted = tuple(kinds)
            found = []
            for e in self.hand.events:
                kind = type(e)
                for k in wanted:
                    if kind is k:
                        found.append(e)
                        break
            self._streams[kinds] = found
        return found
