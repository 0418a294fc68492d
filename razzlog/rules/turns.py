"""Whose turn it is: the bring-in, the opener of each street, the next player to act,
and who has not acted when a round ends.

The turn-order half of the replay engine (``razzlog.rules.replay``), which
keeps the table state these methods read; a module of its own to keep each
small.  Every action asks who was due (``Turns.due``), so this is kept cheap:
the variants' search is shared while they agree, boards' keys are kept.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from razzlog.cards import door_card_bring_in_key, low_key
from razzlog.events import ActionKind, Street
from razzlog.rules.state import PlayerState, Replay, RoundEnd, Status

_THIRD: Final = Street.THIRD
_IN: Final = Status.IN
_ALL_IN: Final = Status.ALL_IN
_NOBODY: Final[frozenset[str]] = frozenset()
_CHECK: Final = ActionKind.CHECK


class Turns:
    """Who is due to act, from the engine's state (declared here, kept by the engine)."""

    r: Replay
    players: dict[str, PlayerState]
    order: list[str]  # dealt-in players in seat order
    position: dict[str, int]  # of each player in ``order``
    street: Street
    current: tuple[Decimal, Decimal]  # the bet to match, per variant
    split: bool  # some street_put or the bet differs between the variants this round
    acted: set[str]
    skipped: set[str]
    last_actor: str | None
    live_count: int
    able_count: int
    opener: frozenset[str]
    opener_known: bool
    singles: dict[str, frozenset[str]]
    boards: dict[str, tuple[int, ...]]  # ranks of each player's last four up cards
    betting_open: bool

    def single(self, player: str) -> frozenset[str]:
        found = self.singles.get(player)
        if found is None:
            found = self.singles[player] = frozenset((player,))
        return found

    def close_round(self, line: int) -> None:
        """The betting round ends at ``line``: record who still owed action (round-incomplete)."""
        if not self.betting_open:
            return
        r = self.r
        pending: list[str] = []
        if self.live_count >= 2 and (self.last_actor is not None or self.due()):
            owing = [p for p in r.order if self._owes(p, 0) and (not self.split or self._owes(p, 1))]
            if owing:
                flagged = self._flagged_this_street()
                pending = [p for p in owing if p not in flagged]
        r.round_ends.append(RoundEnd(self.street, line, tuple(pending)))
        self.betting_open = False

    def _flagged_this_street(self) -> set[str]:
        """Players whose wrong amount or illegal check already explains their unfinished round."""
        street = self.street
        return {
            s.player
            for s in self.r.steps
            if s.street is street and (s.flagged or (s.kind is _CHECK and s.current_bet[0] > s.street_put[0]))
        }

    def compute_opener(self) -> frozenset[str]:
        """4th street on: the best low board among players who can act opens.

        Computed at the first action, once the street's cards are dealt.
        """
        found = openers(self.order, self.players, self.boards)
        if found is None:
            return _NOBODY
        # RULES.md is silent on an all-in best board: accept the best board among
        # players who can act, or the next one clockwise from the best board.
        best_able, best_in_hand = found
        after = self._next_able(best_in_hand)
        if best_able == after:
            return self.single(best_able) if best_able else _NOBODY
        return frozenset([p for p in (best_able, after) if p])

    def _next_able(self, start: str | None) -> str | None:
        if start is None:
            return None
        order = self.order
        i = self.position[start]
        for k in range(len(order)):
            p = order[(i + k) % len(order)]
            if self.players[p].status is _IN:
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
        return self._next_able(top)

    def due(self) -> frozenset[str]:
        if self.last_actor is None:
            if self.street is _THIRD:
                due = self.r.bring_in_due
                if not due:
                    return _NOBODY
                return self.single(due) if self._owes(due, 0) or self._owes(due, 1) else _NOBODY
            if not self.opener_known:
                self.opener, self.opener_known = self.compute_opener(), True
            return self.opener
        if self.live_count < 2:
            return _NOBODY
        first = self._next_owing(0)
        # While the variants agree on every amount of the round, they agree on who owes.
        second = self._next_owing(1) if self.split else first
        if self.skipped:
            found = {p for p in self.skipped if self._owes(p, 0) or self._owes(p, 1)}
        elif first == second:
            return _NOBODY if first is None else self.single(first)
        else:
            found = set()
        found.update(p for p in (first, second) if p is not None)
        return frozenset(found)

    def _owes(self, p: str, v: int) -> bool:
        """Whether ``p`` still has to act: facing chips, or not yet acted while someone can answer
        (``p`` can act, so someone else can when two players can)."""
        st = self.players[p]
        if st.status is not _IN:
            return False
        # (the set look-up first: it often answers, and a Decimal comparison costs ten of it)
        if p not in self.acted and self.able_count >= 2:
            return True
        return st.street_put[v] < self.current[v]

    def _next_owing(self, v: int) -> str | None:
        order, players, acted = self.order, self.players, self.acted
        start = self.position.get(self.last_actor, -1) if self.last_actor is not None else -1
        n = len(order)
        bet = self.current[v]
        unacted_owe = self.able_count >= 2
        for k in range(1, n + 1):
            p = order[(start + k) % n]
            st = players[p]
            if st.status is _IN and ((unacted_owe and p not in acted) or st.street_put[v] < bet):
                return p
        return None


def _board_key(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """``low_key`` of a board (its last four up cards; none counts as a king), kept per board."""
    found = _BOARD_KEYS.get(ranks)
    if found is None:
        found = _BOARD_KEYS[ranks] = low_key(list(ranks) or [13])
    return found


_BOARD_KEYS: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}  # at most 13**4 + 13**3 + ... boards


def openers(
    order: list[str], players: dict[str, PlayerState], boards: dict[str, tuple[int, ...]]
) -> tuple[str | None, str | None] | None:
    """The best low board (the first in seat order on a tie) among the players who can act and
    among those still in (all-in too), or None when fewer than two can act.

    One pass over the seats, each player's state and board key read once: built with lists
    and a dict of keys (the reference in tests/rules/test_turns.py) it was some 10,000
    instructions a street.
    """
    in_hand: list[tuple[str, bool]] = []
    able = 0
    for p in order:
        status = players[p].status
        if status is _IN:
            able += 1
            in_hand.append((p, True))
        elif status is _ALL_IN:
            in_hand.append((p, False))
    if able < 2:
        return None
    best_able: str | None = None
    best_in_hand: str | None = None
    able_key: tuple[int, ...] = ()
    in_hand_key: tuple[int, ...] = ()
    # a strict ``<`` keeps the first of equal boards
    for p, can_act in in_hand:
        key = _board_key(boards.get(p, ()))
        if best_in_hand is None or key < in_hand_key:
            best_in_hand, in_hand_key = p, key
        if can_act and (best_able is None or key < able_key):
            best_able, able_key = p, key
    return best_able, best_in_hand
