"""Tests of the ace-to-five low evaluator, board comparison and bring-in key.

The evaluator is checked against a slow reference comparator written independently
below (explicit per-shape comparison, no shared code with razzlog.cards).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.cards import (
    Card,
    best_low,
    best_low_key,
    door_card_bring_in_key,
    format_low,
    low_key,
    parse_cards,
    parse_low,
)

DECK = [Card(rank, suit) for rank in range(1, 14) for suit in "shdc"]

# ------------------------------------------------------------------ slow reference

# Pairing shapes (multiplicities, largest first), best first.  Shorter hands (boards)
# use the same categories: a lone pair is "one pair", a lone pair of pairs "two pair".
_SHAPE_CATEGORY = {
    (1,): 0, (1, 1): 0, (1, 1, 1): 0, (1, 1, 1, 1): 0, (1, 1, 1, 1, 1): 0,
    (2,): 1, (2, 1): 1, (2, 1, 1): 1, (2, 1, 1, 1): 1,
    (2, 2): 2, (2, 2, 1): 2,
    (3,): 3, (3, 1): 3, (3, 1, 1): 3,
    (3, 2): 4,
    (4,): 5, (4, 1): 5,
}  # fmt: skip


def _shape(hand: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(Counter(hand).values(), reverse=True))


def _ranks_with_count(hand: Sequence[int], n: int) -> list[int]:
    """Ranks appearing exactly ``n`` times, highest first."""
    return sorted((r for r, c in Counter(hand).items() if c == n), reverse=True)


def _cmp_desc(a: list[int], b: list[int]) -> int:
    """Compare two equally long lists of ranks from the first element on (lower wins)."""
    for x, y in zip(a, b, strict=True):
        if x != y:
            return -1 if x < y else 1
    return 0


def ref_cmp(a: Sequence[int], b: Sequence[int]) -> int:
    """-1 if low ``a`` is better than ``b``, 1 if worse, 0 if equal (same length)."""
    assert len(a) == len(b)
    ca, cb = _SHAPE_CATEGORY[_shape(a)], _SHAPE_CATEGORY[_shape(b)]
    if ca != cb:
        return -1 if ca < cb else 1
    # Same shape: compare the most significant group first, then the next ...
    # quads: the quad rank, then the kicker; full house: trips, then pair;
    # trips: trip rank then kickers high to low; two pair: high pair, low pair, kicker;
    # one pair: the pair, then kickers high to low; no pair: high card down.
    for n in (4, 3, 2, 1):
        result = _cmp_desc(_ranks_with_count(a, n), _ranks_with_count(b, n))
        if result:
            return result
    return 0


def ref_best_five(ranks: Sequence[int]) -> tuple[int, ...]:
    """Best five of ``ranks`` by brute force with the reference comparator (sorted)."""
    subsets = [tuple(sorted(c)) for c in itertools.combinations(ranks, 5)]
    return min(subsets, key=functools.cmp_to_key(ref_cmp))


def multisets(size: int) -> list[tuple[int, ...]]:
    """All rank multisets of ``size`` cards from one deck (at most four of a rank)."""
    return [
        m
        for m in itertools.combinations_with_replacement(range(1, 14), size)
        if max(Counter(m).values()) <= 4
    ]


def pokerstars_order(ranks: Sequence[int]) -> tuple[int, ...]:
    """Ranks as PokerStars prints a low: by (count desc, rank desc)."""
    count = Counter(ranks)
    return tuple(sorted(ranks, key=lambda r: (-count[r], -r)))


def to_cards(ranks: Sequence[int]) -> list[Card]:
    """Cards with the given ranks (suits assigned s, h, d, c per rank)."""
    seen: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append(Card(r, "shdc"[seen[r]]))
        seen[r] += 1
    return cards


# ------------------------------------------------------------------ low_key

SEED_004_WORST_TO_BEST = [
    "3,3,3,5,5",
    "K,K,4,3,2",
    "2,2,7,6,5",
    "A,A,T,9,8",
    "K,Q,J,T,9",
    "K,Q,J,T,7",
    "9,8,7,6,5",
    "9,7,6,5,3",
    "9,7,6,5,A",
    "6,5,4,3,2",
    "6,4,3,2,A",
    "5,4,3,2,A",
]


def test_seed_004_twelve_hand_ranking() -> None:
    hands = [parse_low(h) for h in SEED_004_WORST_TO_BEST]
    shuffled = hands[:]
    random.Random(4).shuffle(shuffled)
    best_to_worst = sorted(shuffled, key=low_key)
    assert [format_low(h) for h in best_to_worst] == SEED_004_WORST_TO_BEST[::-1]
    # strictly ordered, and the reference agrees on every pair
    keys = [low_key(h) for h in best_to_worst]
    assert all(x < y for x, y in itertools.pairwise(keys))
    for i, j in itertools.combinations(range(12), 2):
        assert ref_cmp(best_to_worst[i], best_to_worst[j]) == -1


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("7,6,5,4,3", "8,4,3,2,A"),
        ("6,4,3,2,A", "6,5,4,3,2"),
        ("A,A,T,9,8", "2,2,7,6,5"),
        ("2,2,7,6,5", "K,K,4,3,2"),
        ("K,K,4,3,2", "3,3,3,5,5"),
        ("K,Q,J,T,9", "A,A,3,2,4"),  # any no-pair beats any pair
        ("K,K,Q,Q,J", "A,A,A,3,2"),  # two pair beats trips
        ("5,5,3,3,K", "5,5,4,4,A"),  # lower second pair wins
        ("5,5,4,4,Q", "5,5,4,4,K"),  # then the kicker
        ("2,2,2,K,K", "A,A,A,A,2"),  # full house beats quads
        ("7,6", "J,3"),
        ("K,Q", "3,3"),
        ("K,J,3", "7,7,6"),
        ("2,2", "A,A,A"),
        ("K,Q,J,T", "A,A,3,2"),
    ],
)
def test_low_key_examples(better: str, worse: str) -> None:
    assert low_key(parse_low(better)) < low_key(parse_low(worse))


def test_low_key_ignores_input_order() -> None:
    assert low_key([1, 5, 3, 4, 2]) == low_key([5, 4, 3, 2, 1])
    assert low_key([3, 5, 3, 4, 4]) == low_key((4, 4, 3, 3, 5))


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_low_key_matches_reference_exhaustively(size: int) -> None:
    """Every rank multiset of ``size`` cards: low_key orders them like the reference.

    Sorting with the reference comparator and with low_key must give the same sequence,
    and neighbours must be strictly ordered by both (distinct multisets never tie).
    """
    hands = multisets(size)
    by_key = sorted(hands, key=low_key)
    by_ref = sorted(hands, key=functools.cmp_to_key(ref_cmp))
    assert by_key == by_ref
    for a, b in itertools.pairwise(by_key):
        assert low_key(a) < low_key(b)
        assert ref_cmp(a, b) == -1


def test_low_key_matches_reference_on_random_pairs() -> None:
    hands = multisets(5)
    rng = random.Random(20240504)
    for _ in range(40_000):
        a, b = rng.choice(hands), rng.choice(hands)
        ka, kb = low_key(a), low_key(b)
        expected = ref_cmp(a, b)
        assert (ka > kb) - (ka < kb) == expected, (a, b)


@pytest.mark.parametrize("bad", [[], [1, 2, 3, 4, 5, 6], [0, 2], [14], [2, 2, 2, 2, 2]])
def test_low_key_rejects_bad_input(bad: list[int]) -> None:
    with pytest.raises(ValueError):
        low_key(bad)


# ------------------------------------------------------------------ best_low


@pytest.mark.parametrize(
    ("cards", "printed"),
    [
        ("6h 3s 2s Td Qh Ts 7d", "T,7,6,3,2"),
        ("2h Ah 8d 9c Kd Th 3c", "9,8,3,2,A"),
        ("6h 8h 3d Ad Ac Kh 8c", "K,8,6,3,A"),
        ("3d 2s As 6s 5c 5d 2d", "6,5,3,2,A"),
        ("3d 3s 5h 4h", "3,3,5,4"),
        ("2h 8d Kh 6h 3d 6d 4h", "8,6,4,3,2"),
    ],
)
def test_best_low_pokerstars_examples(cards: str, printed: str) -> None:
    assert format_low(best_low(parse_cards(cards))) == printed


@pytest.mark.parametrize(
    ("cards", "printed"),
    [
        ("2s 2h 2d 2c 3s 3h 4s", "3,3,2,2,4"),  # two pair beats trips
        ("2s 2h 2d 3c 3s 4h 4s", "3,3,2,2,4"),  # lowest two pairs
        ("2s 2h 2d 2c 3s 3h 3d", "2,2,2,3,3"),  # full house beats quads; low trips
        ("Ks Kh Kd Kc 3s 3h", "K,K,K,3,3"),  # full house, not quads
        ("Ks Kh Kd Kc 3s", "K,K,K,K,3"),
        ("3s 3h 3d Kc Ks 2s", "K,K,3,3,2"),  # two pair beats trips
        ("3s 3h 3d Kc Ks 2s 2h", "3,3,2,2,K"),
        ("As Ah Ad 9c 8s 7h", "A,A,9,8,7"),
        ("9s 8s 7s 6s 5s", "9,8,7,6,5"),
        ("Kd", "K"),
        ("7s 7h 7d", "7,7,7"),
        ("8s 2h 8d 2c", "8,8,2,2"),
    ],
)
def test_best_low_paired_examples(cards: str, printed: str) -> None:
    assert format_low(best_low(parse_cards(cards))) == printed


def test_best_low_empty() -> None:
    assert best_low([]) == ()


@settings(max_examples=400, deadline=None)
@given(st.permutations(DECK).map(lambda deck: deck[:7]))
def test_best_low_of_seven_matches_brute_force(cards: list[Card]) -> None:
    ranks = [c.rank for c in cards]
    got = best_low(cards)
    assert len(got) == 5
    assert not Counter(got) - Counter(ranks)  # made of the player's cards
    assert got == pokerstars_order(got)
    assert ref_cmp(sorted(got), ref_best_five(ranks)) == 0
    assert sorted(got) == list(ref_best_five(ranks))
    assert best_low_key(cards) == low_key(got)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.permutations(DECK).map(lambda d: d[:n])))
def test_best_low_any_size(cards: list[Card]) -> None:
    ranks = [c.rank for c in cards]
    got = best_low(cards)
    assert got == pokerstars_order(got)
    if len(cards) < 5:
        assert sorted(got) == sorted(ranks)
    else:
        assert sorted(got) == list(ref_best_five(ranks))


def test_best_low_exhaustive_over_seven_rank_multisets() -> None:
    """All rank multisets of 7 cards: the fast best_low equals the brute-force best.

    low_key is checked against the reference exhaustively above, so the brute force
    here uses a precomputed low_key table for speed.
    """
    table = {m: low_key(m) for m in multisets(5)}
    for ranks in multisets(7):
        got = best_low(to_cards(ranks))
        best = min(itertools.combinations(ranks, 5), key=table.__getitem__)
        assert sorted(got) == list(best), ranks
        assert got == pokerstars_order(got)


# ------------------------------------------------------------------ boards


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("7h 6h", "Js 3s"),
        ("Qc 8s", "3h 3d"),
        ("3s Js Kh", "6h 7h 7s"),
        ("8s 7h 2c 4d", "As Ad 2s 3s"),
        ("2s", "3s"),
        ("As", "Kc"),
    ],
)
def test_board_comparisons(better: str, worse: str) -> None:
    assert best_low_key(parse_cards(better)) < best_low_key(parse_cards(worse))


def test_equal_boards_tie_regardless_of_suit() -> None:
    assert best_low_key(parse_cards("7h 6h")) == best_low_key(parse_cards("6c 7s"))


# ------------------------------------------------------------------ format / parse


def test_format_low() -> None:
    assert format_low((9, 5, 4, 2, 1)) == "9,5,4,2,A"
    assert format_low((13, 12, 11, 10, 9)) == "K,Q,J,T,9"
    assert format_low((3, 3, 5, 4)) == "3,3,5,4"


@pytest.mark.parametrize("bad", [[0], [14], [-1, 2]])
def test_format_low_rejects_bad_ranks(bad: list[int]) -> None:
    with pytest.raises(ValueError):
        format_low(bad)


@pytest.mark.parametrize(
    ("text", "ranks"),
    [
        ("9,5,4,2,A", (9, 5, 4, 2, 1)),
        ("9, 5, 4, 2, A", (9, 5, 4, 2, 1)),
        ("10,8,7,6,A", (10, 8, 7, 6, 1)),
        ("T,8,7,6,A", (10, 8, 7, 6, 1)),
        ("K,Q,J,T,9", (13, 12, 11, 10, 9)),
        ("3,3,5,4", (3, 3, 5, 4)),
    ],
)
def test_parse_low(text: str, ranks: tuple[int, ...]) -> None:
    assert parse_low(text) == ranks


@pytest.mark.parametrize("bad", ["", "9,,5", "9,5,X", "1,2,3", "11,2", "9 5 4 2 A", "9,5,"])
def test_parse_low_rejects_junk(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_low(bad)


@given(st.lists(st.integers(1, 13), min_size=1, max_size=5))
def test_format_parse_round_trip(ranks: list[int]) -> None:
    assert parse_low(format_low(ranks)) == tuple(ranks)
    assert parse_low(", ".join(format_low(ranks).split(",")).replace("T", "10")) == tuple(ranks)


# ------------------------------------------------------------------ bring-in


def key(card: str, suits: bool = True) -> tuple[int, int]:
    return door_card_bring_in_key(Card.parse(card), suit_breaks_ties=suits)


def test_bring_in_king_beats_queen() -> None:
    assert key("Ks") > key("Qs")
    assert key("Kc") > key("Qs")
    assert key("Kc", False) > key("Qs", False)


def test_bring_in_suit_order() -> None:
    assert key("Qs") > key("Qh") > key("Qd") > key("Qc")


def test_bring_in_suits_ignored_without_tie_break() -> None:
    assert key("Qs", False) == key("Qh", False) == key("Qd", False) == key("Qc", False)


def test_bring_in_ace_lowest() -> None:
    ace = key("As")
    assert all(key(str(c)) > ace for c in DECK if c.rank != 1)
    assert all(key(str(c), False) > key("As", False) for c in DECK if c.rank != 1)
    highest = max(DECK, key=lambda c: door_card_bring_in_key(c, True))
    assert str(highest) == "Ks"


def test_best_low_cache_is_bounded_and_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """best_low keeps its results per multiset of ranks, at most _BEST_LOWS_KEPT of them."""
    from razzlog import cards

    monkeypatch.setattr(cards, "_BEST_LOWS_KEPT", 8)
    monkeypatch.setattr(cards, "_BEST_LOWS", {})
    rng = random.Random(5)
    for _ in range(500):
        hand = rng.sample(DECK, rng.randint(0, 7))
        assert best_low(hand) == cards._best_low(tuple(sorted(c.rank for c in hand)))
        assert best_low(list(reversed(hand))) == best_low(hand)
        assert len(cards._BEST_LOWS) <= 8


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), max_size=9).filter(
        lambda h: max(Counter(c.rank for c in h).values(), default=0) <= 4
    )
)
def test_five_distinct_ranks_shortcut_equals_the_general_path(hand: list[Card]) -> None:
    """``best_low`` and ``best_low_key`` of five or more distinct ranks come from a bit per rank
    (``_five_lowest``), without the memos: the same as the general path (``_best_low``), which
    the other cards (fewer distinct ranks) still take; repeated cards included (at most four of
    a rank: more has no low)."""
    from razzlog import cards

    general = cards._best_low(tuple(sorted(c.rank for c in hand))) if hand else ()
    five = cards._five_lowest(hand)
    assert five is None or five == general
    assert (five is not None) == (len({c.rank for c in hand}) >= 5)
    assert best_low(hand) == general
    if hand:
        assert best_low_key(hand) == low_key(general)
