"""Whose turn it is: the bring-in, the opener of each street, the next player to act,
and who has not acted when a round ends.

The turn-order half of the replay engine (``razzlog.rules.replay``), which
keeps the table state these methods read; a module of its own to keep each
small.  Every action asks who was due (``Turns.due``), so this is kept cheap:
the variants' search is shared while they agree, boards' keys are kept.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Final

from razzlog.cards import Card, door_card_bring_in_key
from razzlog.events import ActionKind, Street
from razzlog.rules.state import PlayerState, Replay, RoundEnd, Status

if TYPE_CHECKING:  # (mypyc's native 64-bit int; annotations of locals are never evaluated)
    from mypy_extensions import i64

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
    seated: list[PlayerState]  # their states, in that order (a list index, not a dict look-up)
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
    boards: dict[str, int]  # ranks of each player's last four up cards (``add_up_card``)
    betting_open: bool

    def single(self, player: str) -> frozenset[str]:
        return single(player)

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
        return self._next_able(highest_door(r.order, r.players, r.door, r.profile.bring_in_tie_by_suit))

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
        return _at(st.street_put, v) < _at(self.current, v)

    def _next_owing(self, v: int) -> str | None:
        order, seated, acted = self.order, self.seated, self.acted
        start = self.position.get(self.last_actor, -1) if self.last_actor is not None else -1
        n = len(order)
        bet = _at(self.current, v)
        unacted_owe = self.able_count >= 2
        for k in range(1, n + 1):
            i = (start + k) % n
            p = order[i]
            st = seated[i]
            if st.status is _IN and ((unacted_owe and p not in acted) or _at(st.street_put, v) < bet):
                return p
        return None


def _at(pair: tuple[Decimal, Decimal], v: int) -> Decimal:
    """``pair[v]``.  Compiled, a pair of Decimals is a C struct: indexed by a constant it is a
    field read, by a variable it is first boxed into a new tuple (some 150 instructions)."""
    return pair[1] if v else pair[0]


def highest_door(
    order: list[str], players: dict[str, PlayerState], door: dict[str, Card], suit_breaks_ties: bool
) -> str | None:
    """The player whose door card brings in: the highest door card; without the suit tie-break
    the lowest seat wins ties (None when no door card is known).

    A loop, as ``max(candidates, key=lambda ...)`` (the reference in tests/rules/test_turns.py)
    without its Python calls, some 11,000 instructions a hand; a strict ``>`` keeps the first
    of equal keys, as ``max`` does.
    """
    top: str | None = None
    top_rank = top_strength = top_seat = 0
    for p in order:
        card = door.get(p)
        if card is None:
            continue
        rank, strength = door_card_bring_in_key(card, suit_breaks_ties)
        seat = players[p].seat
        # the key (rank, strength, -seat) above the best so far, compared as ints: compiled,
        # tuples of them would be built and compared as Python objects
        if (
            top is None
            or rank > top_rank
            or (
                rank == top_rank
                and (strength > top_strength or (strength == top_strength and seat < top_seat))
            )
        ):
            top, top_rank, top_strength, top_seat = p, rank, strength, seat
    return top


def single(player: str) -> frozenset[str]:
    """``frozenset({player})``, kept across hands: most actions name who was due, often one
    player, and building the set a hand was some 1,000 instructions a player."""
    found = _SINGLES.get(player)
    if found is None:
        if len(_SINGLES) >= _SINGLES_KEPT:  # a long run meets many names: keep the memory bounded
            _SINGLES.clear()
        found = _SINGLES[player] = frozenset((player,))
    return found


_SINGLES: Final[dict[str, frozenset[str]]] = {}
_SINGLES_KEPT: Final = 20_000


def add_up_card(board: int, rank: int) -> int:
    """A board (the ranks of the last four up cards, four bits each, the newest lowest; 0: none)
    after one more up card.  An int, not a tuple of ranks: compiled, it is kept, keyed and
    compared natively, where each deal built a tuple and each street hashed every board's."""
    if not 1 <= rank <= 13:
        raise ValueError(f"not a rank (1..13): {rank!r}")
    return ((board << 4) | rank) & 0xFFFF


def board_ranks(board: int) -> list[int]:
    """The ranks of a board, oldest first."""
    ranks: list[int] = []
    while board:
        ranks.append(board & 15)
        board >>= 4
    ranks.reverse()
    return ranks


def board_code(board: int) -> int:
    """``low_key`` of a board (none counts as a king) as an int that compares as the key does:
    each of its at most five numbers plus one in four bits, left to right, short keys padded
    with 0 (so a key's prefix is less than the key, as with tuples).

    Worked out directly on native ints, no memo: its numbers are the category, then the ranks
    by count and rank, both descending (``low_key``).  Kept per board in a dict, a new board
    (some 30,000 of them, a quarter of the calls for the first thousands of hands) cost some
    2,500 instructions through ``low_key`` and a known one a boxed look-up; this, ~300.
    (tests/rules/test_turns.py compares every board of four or fewer ranks with ``low_key``.)
    """
    b: i64 = board
    counts: i64 = 0  # how many of each rank, four bits a rank
    top: i64 = 1  # the most of one rank
    if b == 0:
        counts = _RANK_UNITS[13]  # no up card: a king
    while b:
        rank = b & 15
        if rank < 1 or rank > 13 or b > 0xFFFF:
            raise ValueError(f"not a board: {board!r}")
        counts += _RANK_UNITS[rank]
        if (counts >> (4 * rank)) & 15 > top:
            top = (counts >> (4 * rank)) & 15
        b >>= 4
    # the ranks as ``low_key`` orders them, by count then rank, both descending (four bits each,
    # the first highest), how many, and how many ranks are paired
    ranks: i64 = 0
    n: i64 = 0
    paired: i64 = 0
    count = top
    while count >= 1:
        r: i64 = 13
        while r >= 1:
            if (counts >> (4 * r)) & 15 == count:
                if count == 2:
                    paired += 1
                k: i64 = 0
                while k < count:
                    ranks = (ranks << 4) | (r + 1)
                    n += 1
                    k += 1
            r -= 1
        count -= 1
    # the category as ``low_key``'s ``_category`` numbers it: no pair 0, one pair, two pair,
    # trips, full house, quads 5
    category: i64 = 0
    if top == 1:
        category = 0
    elif top == 2:
        category = 2 if paired >= 2 else 1
    elif top == 3:
        category = 4 if paired else 3
    else:
        category = 5
    return ((category + 1) << 16) | (ranks << (4 * (4 - n)))


# One of a rank in ``board_code``'s counts: ``1 << 4 * rank``, read from a table because compiled,
# a shift of the constant 1 by a 64-bit count shifts a C int, which overflows from 32 bits.
# (Typed of any length: a Final tuple of fixed length is kept unboxed, and boxed again to index.)
_RANK_UNITS: Final[tuple[int, ...]] = tuple(1 << (4 * rank) for rank in range(14))


def openers(
    order: list[str], players: dict[str, PlayerState], boards: dict[str, int]
) -> tuple[str | None, str | None] | None:
    """The best low board (the first in seat order on a tie) among the players who can act and
    among those still in (all-in too), or None when fewer than two can act.

    One pass over the seats, each player's state and board key read once: built with lists
    and a dict of keys (the reference in tests/rules/test_turns.py) it was some 10,000
    instructions a street; a list of (player, can act) pairs between two passes, some 1,000.
    (The keys of a street where fewer than two can act are looked up for nothing: that is rare.)
    """
    able = 0
    best_able: str | None = None
    best_in_hand: str | None = None
    able_key = in_hand_key = 0
    for p in order:
        status = players[p].status
        if status is not _IN and status is not _ALL_IN:
            continue
        key = board_code(boards.get(p, 0))
        # a strict ``<`` keeps the first of equal boards
        if best_in_hand is None or key < in_hand_key:
            best_in_hand, in_hand_key = p, key
        if status is _IN:
            able += 1
            if best_able is None or key < able_key:
                best_able, able_key = p, key
    if able < 2:
        return None
    return best_able, best_in_hand
