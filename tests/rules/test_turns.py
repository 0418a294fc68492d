"""``turns.openers``, who may open a street from 4th on, and ``turns.highest_door``, who brings
in, against their former implementations; boards as ints (``add_up_card``, ``board_code``)
against the tuples of ranks and their ``low_key`` they replace.

``compute_opener`` once built lists of the players who can act and of those still in, a
dict of their board keys and took the best of each; ``openers`` does it in one pass.  The
former code is kept here as the reference: same players, the first in seat order on equal
boards, None when fewer than two can act.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from razzlog.cards import Card, door_card_bring_in_key, low_key
from razzlog.rules import turns
from razzlog.rules.state import PlayerState, Status
from razzlog.rules.turns import add_up_card, board_code, board_ranks, highest_door, openers, single


def _best_board(candidates: list[str], keys: dict[str, tuple[int, ...]]) -> str | None:
    best: str | None = None
    best_key: tuple[int, ...] = ()
    for p in candidates:
        key = keys[p]
        if best is None or key < best_key:
            best, best_key = p, key
    return best


def _openers_reference(
    order: list[str], players: dict[str, PlayerState], boards: dict[str, tuple[int, ...]]
) -> tuple[str | None, str | None] | None:
    can_act = [p for p in order if players[p].status is Status.IN]
    in_hand = [p for p in order if players[p].status is Status.IN or players[p].status is Status.ALL_IN]
    if len(can_act) < 2:
        return None
    keys = {p: low_key(list(boards.get(p, ())) or [13]) for p in in_hand}
    return _best_board(can_act, keys), _best_board(in_hand, keys)


NAMES = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"]
boards = st.lists(st.integers(1, 13), max_size=4).map(tuple)


def _packed(ranks: tuple[int, ...]) -> int:
    board = 0
    for rank in ranks:
        board = add_up_card(board, rank)
    return board


@given(st.lists(st.integers(1, 13), max_size=7))
def test_a_board_keeps_the_last_four_up_cards(ranks: list[int]) -> None:
    # the engine's former board: (*board, rank)[-4:] at each up card
    former: tuple[int, ...] = ()
    for rank in ranks:
        former = (*former, rank)[-4:]
    board = _packed(tuple(ranks))
    assert board_ranks(board) == list(former)
    # the open-pair test of the 4th-street double
    assert (board > 15 and board & 15 == (board >> 4) & 15) == (len(former) >= 2 and former[-1] == former[-2])


@given(boards, boards)
def test_board_codes_order_boards_as_their_low_keys(a: tuple[int, ...], b: tuple[int, ...]) -> None:
    key_a, key_b = low_key(list(a) or [13]), low_key(list(b) or [13])
    code_a, code_b = board_code(_packed(a)), board_code(_packed(b))
    assert (code_a < code_b) == (key_a < key_b)
    assert (code_a == code_b) == (key_a == key_b)


def _board_code_reference(board: int) -> int:
    """``board_code`` as it was: from ``low_key`` of the board's ranks (kept per board)."""
    code = 0
    shift = 16
    for n in low_key(board_ranks(board) or [13]):
        code |= (n + 1) << shift
        shift -= 4
    return code


def test_board_code_matches_the_reference_for_every_board() -> None:
    """Every 16-bit int: the boards of up to four ranks (``add_up_card``'s) give the former code;
    an int with a nibble that is no rank (0 under a rank, 14, 15) is refused by both."""
    for board in range(0x10000):
        try:
            expected: int | None = _board_code_reference(board)
        except ValueError:
            expected = None
        if expected is None:
            with pytest.raises(ValueError):
                board_code(board)
        else:
            assert board_code(board) == expected, hex(board)


@pytest.mark.parametrize("rank", [0, 14, 16])
def test_a_rank_out_of_range_is_refused(rank: int) -> None:
    with pytest.raises(ValueError, match="not a rank"):
        add_up_card(0, rank)


@given(
    st.lists(st.sampled_from(NAMES), unique=True, max_size=8),
    st.data(),
)
def test_openers_match_the_reference(order: list[str], data: st.DataObject) -> None:
    players = {
        p: PlayerState(i, Decimal(10), data.draw(st.sampled_from(list(Status)))) for i, p in enumerate(order)
    }
    # some players have no board yet (counted as a king), most have one
    dealt = data.draw(st.lists(st.sampled_from(order), unique=True)) if order else []
    board_of = {p: data.draw(boards) for p in dealt}
    packed = {p: _packed(board) for p, board in board_of.items()}
    assert openers(order, players, packed) == _openers_reference(order, players, board_of)


def test_equal_boards_go_to_the_first_in_seat_order() -> None:
    players = {p: PlayerState(i, Decimal(10), Status.IN) for i, p in enumerate(["a", "b", "c"])}
    boards = {"a": _packed((9, 4)), "b": _packed((4, 9)), "c": _packed((9, 5))}
    assert openers(["c", "b", "a"], players, boards) == ("b", "b")
    players["b"].status = Status.ALL_IN
    assert openers(["c", "b", "a"], players, boards) == ("a", "b")


def _highest_door_reference(
    order: list[str], players: dict[str, PlayerState], door: dict[str, Card], suit: bool
) -> str | None:
    # Turns.bring_in_due before highest_door: max() over a key of the card and the seat
    candidates = [p for p in order if p in door]
    if not candidates:
        return None
    return max(candidates, key=lambda p: (door_card_bring_in_key(door[p], suit), -players[p].seat))


cards = st.builds(Card, st.integers(1, 13), st.sampled_from("shdc"))


@given(st.lists(st.sampled_from(NAMES), unique=True, max_size=8), st.booleans(), st.data())
def test_highest_door_matches_the_reference(order: list[str], suit: bool, data: st.DataObject) -> None:
    # seats drawn, not the seat order: ties on rank (and suit) must fall to the lowest seat
    seats = data.draw(st.lists(st.integers(1, 10), min_size=len(order), max_size=len(order)))
    players = {p: PlayerState(seat, Decimal(10), Status.IN) for p, seat in zip(order, seats, strict=True)}
    # few ranks, so that equal door cards are common
    door_cards = st.builds(Card, st.integers(1, 3), st.sampled_from("shdc")) | cards
    door = (
        {p: data.draw(door_cards) for p in data.draw(st.lists(st.sampled_from(order), unique=True))}
        if order
        else {}
    )
    assert highest_door(order, players, door, suit) == _highest_door_reference(order, players, door, suit)


def test_highest_door_breaks_rank_ties_by_suit_or_by_seat() -> None:
    players = {"a": PlayerState(3, Decimal(10), Status.IN), "b": PlayerState(1, Decimal(10), Status.IN)}
    door = {"a": Card(13, "s"), "b": Card(13, "c")}
    assert highest_door(["b", "a"], players, door, True) == "a"
    assert highest_door(["b", "a"], players, door, False) == "b"  # the lower seat
    assert highest_door(["b", "a"], players, {}, False) is None


def test_single_is_kept_across_hands_and_bounded() -> None:
    one = single("ann")
    assert one == frozenset({"ann"}) and single("ann") is one
    for i in range(turns._SINGLES_KEPT + 1):  # a long run's names: the memory stays bounded
        single(f"p{i}")
    assert len(turns._SINGLES) <= turns._SINGLES_KEPT
    assert single("ann") == frozenset({"ann"})
