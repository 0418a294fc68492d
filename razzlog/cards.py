"""Cards, the ace-to-five low evaluator and board comparison.

Ranks are integers with the ace low: A=1, 2..9, T=10, J=11, Q=12, K=13.
Suits are the letters ``s h d c``; they matter only for the bring-in tie-break.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from razzlog.reducers import register as register_reducers

if TYPE_CHECKING:  # (mypyc's native 64-bit int; annotations of locals are never evaluated)
    from mypy_extensions import i64

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "shdc"
# Bring-in tie-break order (RULES.md): spades > hearts > diamonds > clubs.
SUIT_STRENGTH = {"s": 4, "h": 3, "d": 2, "c": 1}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"Td"`` / ``"As"`` / ``"10h"`` into a card; raise ValueError otherwise."""
        if len(text) == 3 and text[:2] == "10":
            text = "T" + text[2]
        if len(text) != 2:
            raise ValueError(f"not a card: {text!r}")
        rank_char, suit = text[0].upper(), text[1].lower()
        if rank_char not in RANK_CHARS or suit not in SUIT_CHARS:
            raise ValueError(f"not a card: {text!r}")
        return cls(RANK_CHARS.index(rank_char) + 1, suit)

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + self.suit


def card_key(card: Card) -> object:
    """A key that is equal for equal cards and differs for different ones, cheap to hash.

    Each of the 52 cards is a small int, ``4 * rank + suit`` (4..55: an int Python keeps
    and hashes as itself); any other card (never parsed: ``Card.parse`` makes only the
    52) is its ``(rank, suit)`` tuple, which no int equals.  The card rules key their sets
    and dicts by it: a ``Card`` hashes through a tuple of its fields, and building that
    tuple per card was some 20,000 instructions a hand (duplicate-card).
    """
    rank, suit = card.rank, card.suit
    # comparisons, not a dict of suits: compiled, each is a pointer test (one-letter strings
    # are shared), where a dict look-up was some 180 instructions
    if 1 <= rank <= 13:
        if suit == "s":
            return rank * 4
        if suit == "h":
            return rank * 4 + 1
        if suit == "d":
            return rank * 4 + 2
        if suit == "c":
            return rank * 4 + 3
    return (rank, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse space-separated cards such as ``"Td 2s 9s"``."""
    return tuple(Card.parse(t) for t in text.split())


def rank_char(rank: int) -> str:
    return RANK_CHARS[rank - 1]


# --------------------------------------------------------------------------- low evaluator
#
# Categories of an ace-to-five low, best (smallest) first.  Straights and flushes never
# count; only the pairing structure does.
NO_PAIR, ONE_PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS = range(6)


def _check_ranks(ranks: Sequence[int], lo: int, hi: int) -> None:
    if not lo <= len(ranks) <= hi:
        raise ValueError(f"expected {lo} to {hi} ranks, got {len(ranks)}: {list(ranks)!r}")
    for r in ranks:
        if not (type(r) is int and 1 <= r <= 13):
            raise ValueError(f"not a rank (1..13): {r!r}")


def _grouped(counts: dict[int, int]) -> tuple[int, ...]:
    """Ranks expanded by multiplicity, ordered by (count desc, rank desc)."""
    out: list[int] = []
    for r in sorted(counts, key=lambda r: (-counts[r], -r)):
        out.extend([r] * counts[r])
    return tuple(out)


def _category(counts: dict[int, int]) -> int:
    top = max(counts.values())
    if top == 1:
        return NO_PAIR
    if top > 4:
        raise ValueError("more than four cards of one rank")
    pairs = sum(1 for c in counts.values() if c == 2)
    if top == 2:
        return TWO_PAIR if pairs >= 2 else ONE_PAIR
    if top == 3:
        return FULL_HOUSE if pairs else TRIPS
    return QUADS


def low_key(ranks: Sequence[int]) -> tuple[int, ...]:
    """Comparable key of a low of 1 to 5 ranks: SMALLER is the BETTER low.

    The key is ``(category, *ranks)`` where the category is 0 no pair < 1 one pair <
    2 two pair < 3 trips < 4 full house < 5 quads, and the ranks are ordered by
    (count desc, rank desc).  Keys of equally long hands compare like ace-to-five lows:
    ``7-6-5-4-3`` < ``8-4-3-2-A``; ``A-A-T-9-8`` < ``2-2-7-6-5`` < ``K-K-4-3-2``.
    With fewer than five ranks (a stud board on 4th-6th street) the same rules apply:
    any paired board is worse than any unpaired one, ``7-6`` beats ``J-3``.
    """
    # list.sort, not sorted(): compiled, the builtin is looked up and called as a Python
    # function with a keyword (some 2,000 instructions), the list's methods natively
    s = list(ranks)
    s.sort()
    s.reverse()
    key = tuple(s)
    found = _LOW_KEYS.get(key)
    if found is not None:
        return found
    n = len(ranks)
    if not 1 <= n <= 5 or s[-1] < 1 or s[0] > 13:
        _check_ranks(ranks, 1, 5)
    if len(set(s)) == n:  # fast path: unpaired, highest card first
        found = (NO_PAIR, *s)
    else:
        counts: dict[int, int] = {}
        for r in s:
            counts[r] = counts.get(r, 0) + 1
        found = (_category(counts), *_grouped(counts))
    if all(type(r) is int for r in s):  # 1.0 or True would find an entry of 1
        _LOW_KEYS[key] = found
    return found


# The replay and the rules ask for the same boards and hands again and again:
# results are kept per multiset of ranks (sorted).  Lows of up to 5 ranks are
# at most 8,567 multisets; shown hands have more (50,388 of 7 ranks alone, or
# any number from a log that shows too many cards), so at most _BEST_LOWS_KEPT
# of them are kept (a few MB).
_LOW_KEYS: dict[tuple[int, ...], tuple[int, ...]] = {}
_BEST_LOWS: dict[tuple[int, ...], tuple[int, ...]] = {}
_BEST_LOWS_KEPT = 16384


def best_low(cards: Sequence[Card]) -> tuple[int, ...]:
    """Ranks of the best ace-to-five low that ``cards`` (up to 7) can make.

    With five or more cards this is the best five-card low; with fewer, all the cards.
    The result is ordered as PokerStars prints it: unpaired hands highest first
    (``(9, 5, 4, 2, 1)`` for "9,5,4,2,A"), paired hands by (count desc, rank desc)
    (``(3, 3, 5, 4)``).
    """
    found = _five_lowest(cards)
    if found is not None:
        return found
    # list.sort, not sorted(): compiled, the builtin is a Python call with a keyword (low_key)
    ranks = [c.rank for c in cards]
    ranks.sort()
    key = tuple(ranks)
    found = _BEST_LOWS.get(key)
    if found is None:
        found = _best_low(key)
        if all(type(r) is int for r in key):
            if len(_BEST_LOWS) >= _BEST_LOWS_KEPT:
                _BEST_LOWS.clear()  # a bound on the memory; the common hands come back soon
            _BEST_LOWS[key] = found
    return found


def _five_lowest(cards: Sequence[Card]) -> tuple[int, ...] | None:
    """``best_low(cards)`` when the cards hold five distinct ranks: the five lowest, highest
    first; None otherwise (fewer, or a rank outside 1..13), for the general path.

    A bit per rank present, then one pass up the ranks: no sort, no memo.  A shown hand is
    seven cards, mostly a multiset of ranks not met before (some 50,000 of them), which the
    memos below missed four times in five at some 3,500 instructions a miss.
    """
    if len(cards) < 5:
        return None
    present: i64 = 0
    for c in cards:
        rank: i64 = c.rank
        if rank < 1 or rank > 13:
            return None
        present |= 1 << rank  # (compiled, a C int shifted: ranks fit its 32 bits)
    low: list[int] = []
    r: i64 = 1
    while r <= 13:
        if (present >> r) & 1:
            low.append(r)
            if len(low) == 5:
                return (low[4], low[3], low[2], low[1], low[0])
        r += 1
    return None


def _best_low(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """``best_low`` of ranks sorted low to high (not kept: ``best_low`` keeps them)."""
    if len(ranks) >= 5:
        # Five distinct ranks (the usual shown hand): the five lowest, highest first, from one
        # pass over the sorted ranks, without counting them in a dict (a 7-card hand is often
        # new: some 50,000 multisets of ranks).
        distinct: list[int] = []
        for r in ranks:
            if not distinct or distinct[-1] != r:
                distinct.append(r)
                if len(distinct) == 5:
                    return (distinct[4], distinct[3], distinct[2], distinct[1], distinct[0])
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    if len(ranks) < 5:
        return _grouped(counts)
    distinct = sorted(counts)
    # Fewer than five distinct ranks (five or more returned above): every distinct rank is used once (dropping a rank in
    # favour of an extra copy never improves the pairing category), then each missing card
    # is the extra copy that raises the pairing least: the rank with the fewest copies used
    # so far, lowest rank first.  This yields one pair < two pair < trips < full house < quads
    # with the lowest possible paired ranks.
    chosen = dict.fromkeys(distinct, 1)
    for _ in range(5 - len(distinct)):
        best: int | None = None
        for r in distinct:
            if chosen[r] < counts[r] and (best is None or chosen[r] < chosen[best]):
                best = r
        if best is None:  # pragma: no cover - impossible with >= 5 cards
            raise AssertionError("not enough cards")
        chosen[best] += 1
    return _grouped(chosen)


def best_low_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """``low_key(best_low(cards))``: the key of the best low of up to 7 cards.

    Kept per multiset of ranks as ``best_low`` keeps its result: one look-up, where the two
    functions' each sorted and looked up the ranks (some 2,000 instructions a shown hand).
    """
    five = _five_lowest(cards)
    if five is not None:  # five distinct ranks: no pair, the ranks highest first (``low_key``)
        return (NO_PAIR, *five)
    ranks = [c.rank for c in cards]
    ranks.sort()
    key = tuple(ranks)
    found = _BEST_LOW_KEYS.get(key)
    if found is None:
        found = low_key(best_low(cards))
        if all(type(r) is int for r in key):
            if len(_BEST_LOW_KEYS) >= _BEST_LOWS_KEPT:
                _BEST_LOW_KEYS.clear()  # bounded as ``_BEST_LOWS`` is
            _BEST_LOW_KEYS[key] = found
    return found


_BEST_LOW_KEYS: dict[tuple[int, ...], tuple[int, ...]] = {}


def format_low(ranks: Sequence[int]) -> str:
    """Format ranks as PokerStars does: ``(9, 5, 4, 2, 1)`` -> ``"9,5,4,2,A"``."""
    for r in ranks:
        if not (type(r) is int and 1 <= r <= 13):
            raise ValueError(f"not a rank (1..13): {r!r}")
    return ",".join(RANK_CHARS[r - 1] for r in ranks)


def start_label(hole: Sequence[Card], door: Card) -> str:
    """A 3-card start as razz players write it: the ranks low to high, ace low (``A23``,
    ``27K``), with a mark for a pair or trips: ``AA2 split`` (the door card pairs a hole
    card), ``AA2 buried`` (the pair is in the hole), ``AAA rolled-up`` (three of a kind)."""
    ranks = sorted([*(c.rank for c in hole), door.rank])
    label = "".join(RANK_CHARS[r - 1] for r in ranks)
    if ranks[0] == ranks[2]:
        return label + " rolled-up"
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        return label + (" split" if door.rank in (c.rank for c in hole) else " buried")
    return label


def parse_low(text: str) -> tuple[int, ...]:
    """Inverse of :func:`format_low`: ``"9,5,4,2,A"`` / ``"9, 5, 4, 2, A"`` / ``"10,..."``.

    Raises ValueError on anything else (empty text, empty items, unknown ranks).
    """
    out: list[int] = []
    for item in text.split(","):
        token = item.strip().upper()
        if token == "10":
            token = "T"
        if len(token) != 1 or token not in RANK_CHARS:
            raise ValueError(f"not a low: {text!r}")
        out.append(RANK_CHARS.index(token) + 1)
    return tuple(out)


def door_card_bring_in_key(card: Card, suit_breaks_ties: bool) -> tuple[int, int]:
    """Key of a 3rd-street door card: the LARGEST key must bring in.

    King highest, ace lowest; equal ranks are broken by suit (spades > hearts >
    diamonds > clubs) when ``suit_breaks_ties``, otherwise the second element is 0.
    """
    return (card.rank, SUIT_STRENGTH[card.suit] if suit_breaks_ties else 0)


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
