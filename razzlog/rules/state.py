"""What the replay engine records: the table state beside each logged action.

Plain data, read by the rules in ``razzlog.rules.catalogue``; the engine that
fills it is ``razzlog.rules.replay``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from typing import Any

from razzlog.cards import Card
from razzlog.events import Action, ActionKind, Ante, BettingCapped, Hand, Seat, Street, StreetStart
from razzlog.rules.profiles import Profile

VARIANTS = (0, 1)
AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)


class Status(Enum):
    IN = "in"
    FOLDED = "folded"
    ALL_IN = "all-in"
    OUT = "out"  # not dealt in


_IN = Status.IN
_ALL_IN = Status.ALL_IN


@dataclass(frozen=True, slots=True)
class Step:
    """An action and the table state just before it (per variant where amounts differ)."""

    action: Action
    status: Status
    stack: tuple[Decimal, Decimal]
    street_put: tuple[Decimal, Decimal]
    current_bet: tuple[Decimal, Decimal]
    unit: Decimal
    bets: int  # bets and full raises so far this round (the bring-in is not one)
    completion_pending: bool  # 3rd street: only the bring-in so far
    due: frozenset[str]  # who the rules expect to act now (empty: nobody)
    may_raise: bool  # False after a short all-in when the actor had already acted
    short_all_in_in_round: bool
    cap: int
    put: tuple[Decimal, Decimal]  # chips the action moves, per variant (0 for checks and folds)
    wanted: tuple[Decimal | None, Decimal | None]  # what the rules call for, per variant
    live_count: int  # players not folded

    @property
    def flagged(self) -> bool:
        """The logged amount differs from the rules' amount in every variant."""
        return all(w is not None and w != p for w, p in zip(self.wanted, self.put, strict=True))


@dataclass(frozen=True, slots=True)
class RoundEnd:
    street: Street
    line: int
    pending: tuple[str, ...]  # players still owing action


@dataclass(slots=True)
class PlayerState:
    seat: int
    start: Decimal
    status: Status
    put: list[Decimal] = field(default_factory=lambda: [Decimal(0), Decimal(0)])
    street_put: list[Decimal] = field(default_factory=lambda: [Decimal(0), Decimal(0)])

    def stack(self, v: int) -> Decimal:
        return self.start - self.put[v]


@dataclass(slots=True)
class Replay:
    hand: Hand
    profile: Profile
    players: dict[str, PlayerState]
    order: list[str]  # dealt-in players in seat order
    seats: dict[str, Seat]
    antes: dict[str, Ante]
    table_ante: Decimal | None
    table_bring_in: Decimal | None
    door: dict[str, Card]
    bring_in_due: str | None
    bring_in: Action | None
    steps: list[Step]
    round_ends: list[RoundEnd]
    streets: list[StreetStart]
    folded_on: dict[str, Street]
    capped_lines: list[tuple[BettingCapped, int, bool]]  # line, bets at the time, short all-in seen
    aggressor: dict[Street, str]
    up_cards: dict[str, list[Card]]
    cache: dict[str, Any] = field(default_factory=dict)  # derived facts, computed once

    @property
    def live(self) -> frozenset[str]:
        return frozenset([p for p, s in self.players.items() if s.status is _IN or s.status is _ALL_IN])
