"""Synthetic, legal razz hands: an independent referee-style dealer and its writers.

Nothing here imports ``razzlog.rules``: the dealer re-implements the rules on its
own (``dealer.py``) so that it cannot share the replay engine's mistakes.

This module holds the plain data a played hand is made of.  Money is an integer
number of the table's smallest unit: cents for cash games, chips for
tournaments (``Stakes.cash`` says which); the writer formats it.

A hand is a list of ``Event`` in log order (antes, streets, deals, actions,
returns, showdown, collections) plus the summary numbers and one
``SeatResult`` per seat.  ``cards`` and ``end_stacks`` are the dealer's truth
(all cards each player received, stacks after the hand); they are not written.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from razzlog.cards import RANK_CHARS, Card

EVENT_KINDS = (
    "ante", "bring-in", "street", "deal", "fold", "check", "call", "bet", "raise",
    "capped", "uncalled", "showdown", "show", "muck", "collect", "noshow",
)  # fmt: skip
ACTION_KINDS = ("bring-in", "fold", "check", "call", "bet", "raise")


@dataclass(frozen=True, slots=True)
class Stakes:
    """Fixed-limit stakes in the table's unit (cents, or chips for tournaments)."""

    small_bet: int
    big_bet: int
    ante: int
    bring_in: int
    cash: bool = True
    level: str = ""  # tournaments: "V"
    buy_in: str = ""  # tournaments: "$200+$15"

    def bet_for(self, street: int) -> int:
        return self.small_bet if street <= 4 else self.big_bet


CASH_STAKES: tuple[Stakes, ...] = (
    Stakes(4, 8, 1, 2),
    Stakes(10, 20, 2, 5),
    Stakes(25, 50, 5, 10),
    Stakes(100, 200, 10, 25),
    Stakes(500, 1000, 50, 200),
)
TOURNAMENT_STAKES: tuple[Stakes, ...] = (
    Stakes(75, 150, 15, 25, cash=False, level="V", buy_in="$200+$15"),
    Stakes(100, 200, 20, 30, cash=False, level="VI", buy_in="$10+$1"),
    Stakes(400, 800, 80, 125, cash=False, level="XI", buy_in="$27+$3"),
)


@dataclass(slots=True)
class Event:
    """One log line.  ``amount`` is the number printed first on the line:

    ante / bring-in / call / bet: chips put in; raise: the increment ("raises
    <amount> to <to>"); uncalled / collect: chips returned or won.  ``street``
    is 3..7 for ``street`` events; ``old``/``new`` are a deal's repeated and new
    cards, ``new`` also holds a ``show``'s seven cards; ``pot`` is "pot",
    "main pot" or "side pot-N" for collections.
    """

    kind: str
    player: str = ""
    amount: int = 0
    to: int = 0
    all_in: bool = False
    street: int = 0
    old: tuple[Card, ...] = ()
    new: tuple[Card, ...] = ()
    desc: str = ""
    pot: str = ""


@dataclass(slots=True)
class SeatResult:
    """A summary seat line.  ``result`` is one of: ``folded`` (``street`` 3..7,
    ``didnt_bet`` only on 3rd street), ``collected`` (won without showdown),
    ``won`` / ``lost`` (showed ``cards`` with low ``desc``), ``mucked``
    (``cards`` known only for the hero)."""

    seat: int
    player: str
    result: str
    street: int = 0
    didnt_bet: bool = False
    cards: tuple[Card, ...] = ()
    amount: int = 0
    desc: str = ""


@dataclass(slots=True)
class Finish:
    """A player's tournament result, written where they bust (PokerStars):
    ``place`` is the number of players left after the hand plus one (those
    busted in one hand share it); the winner (``winner``) has place 1.
    ``prize`` is in cents, 0 for a place out of the money."""

    player: str
    place: int
    prize: int = 0
    winner: bool = False


@dataclass(slots=True)
class SeatInfo:
    seat: int
    player: str
    stack: int


@dataclass(slots=True)
class Hand:
    hand_id: int
    table: str
    stakes: Stakes
    played_at: datetime
    seats: list[SeatInfo]
    hero: str
    events: list[Event]
    total_pot: int
    pots: list[int]  # after rake, main pot first; empty when there is a single pot
    rake: int
    results: list[SeatResult]
    tournament_id: int = 0
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    end_stacks: dict[str, int] = field(default_factory=dict)
    site: str = "pokerstars"  # whose house rules the hand was dealt under
    raked_pot: int = 0  # the index in ``pots`` of the pot the rake was taken from
    finishes: list[Finish] = field(default_factory=list)  # tournament results, written before the summary

    def seat_of(self, player: str) -> int:
        return next(s.seat for s in self.seats if s.player == player)


# --- a private ace-to-five low evaluator (independent of razzlog.cards) ------


def group_key(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Key of up to five ranks, lower is a better low: the shape first
    (unpaired < one pair < two pair < trips < full house < quads), then the
    ranks grouped by multiplicity, biggest group first, each from the top."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (-counts[r], -r))
    return tuple(sorted(counts.values(), reverse=True)), tuple(order)


def best_five(ranks: Sequence[int]) -> tuple[int, ...]:
    """The five ranks (of five to seven) that make the best low."""
    if len(ranks) <= 5:
        return tuple(ranks)
    return min(itertools.combinations(ranks, 5), key=group_key)


def low_value(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The best five-card low of five to seven cards (or the key of a shorter board)."""
    return group_key(best_five([c.rank for c in cards]))


def low_text(cards: Sequence[Card]) -> str:
    """PokerStars' description, e.g. ``9,8,3,2,A`` (highest card first; pairs first)."""
    five = best_five([c.rank for c in cards])
    counts = Counter(five)
    order = sorted(counts, key=lambda r: (-counts[r], -r))
    return ",".join(RANK_CHARS[r - 1] for r in order for _ in range(counts[r]))


def money_text(amount: int, stakes: Stakes, grouping: str = "") -> str:
    """Cash as ``$0.39`` (whole dollars ``$2``, zero ``$0``), tournament chips as
    plain integers; ``grouping=","`` separates thousands (``1,500``, ``$1,250.50``)."""
    number = f"{{:{grouping}}}".format
    if not stakes.cash:
        return number(amount)
    dollars, cents = divmod(amount, 100)
    return f"${number(dollars)}" if cents == 0 else f"${number(dollars)}.{cents:02d}"


def cards_text(cards: Sequence[Card]) -> str:
    """``[6d Kd 4s]``, as both sites print cards."""
    return "[" + " ".join(str(c) for c in cards) + "]"


def board_value(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Face-up cards compared for low (who opens 4th street onwards)."""
    return group_key([c.rank for c in cards])


# --- table furniture: names, buy-ins -------------------------------------

NAMES = (
    "kobreli", "willy32948", "meg100", "SilkZone", "atlas kiwi", "Zen_fox", "wheel14059",
    "ñmanga", "Søren 9", "meg river", "Ölfisch", "A 2 3 4 5", "zen.willy36", "Jörg.K: 2",
    "[RZ] mole", "Dr. No.", "李小龙", "Ζήνων", "O'Brien", "x_Y-z 007", "low.ball.99",
    "Ivan: the 3rd", "Mølle", "Čapek", "dot.", "ÉlodieR", "Raz Putin", "pixel90710",
    "nordic52487", "[x]y[z]", "Ştefan.", "seven 2", "Ωmega:1", "üBer.7", "Kåre K",
)  # fmt: skip
TABLE_WORDS = ("Gotha", "Iris", "Vesta", "Ceres", "Pallas", "Hygiea", "Juno", "Eos")
ROMAN = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)


def roman(n: int) -> str:
    out = ""
    for value, letters in ROMAN:
        while n >= value:
            out, n = out + letters, n - value
    return out


def names_clash(a: str, b: str) -> bool:
    return a == b or any(x.startswith(y + c) for x, y in ((a, b), (b, a)) for c in ": ")


def new_name(rng: random.Random, taken: list[str]) -> str:
    while True:
        if rng.random() < 0.6:
            name = rng.choice(NAMES)
        else:
            name = rng.choice(NAMES).split()[0].rstrip(".:") + str(rng.randint(2, 99999))
        if not any(names_clash(name, t) for t in taken):
            return name


def buy_in(rng: random.Random, st: Stakes, deep: bool = False) -> int:
    r = rng.random()
    if deep:
        return rng.randint(40 * st.big_bet, 120 * st.big_bet)
    if r < 0.14:
        return rng.randint(1, st.ante + st.bring_in + st.small_bet)
    if r < 0.4:
        return rng.randint(st.small_bet, 6 * st.big_bet)
    return rng.randint(8 * st.big_bet, 50 * st.big_bet)


@dataclass(slots=True)
class Clock:
    """Hand ids, times and table numbers, shared by the tables of one run."""

    rng: random.Random
    hand_id: int = 0
    when: datetime = datetime(2026, 1, 2, 10, 24, 42)
    tables: int = 0
    first_ids: tuple[int, int] = (200_000_000_000, 260_000_000_000)

    def __post_init__(self) -> None:
        self.hand_id = self.rng.randint(*self.first_ids)
        self.when += timedelta(seconds=self.rng.randint(0, 40 * 86400))


def refill(rng: random.Random, seats: dict[int, tuple[str, int]], st: Stakes, hero: str, leave: bool) -> None:
    """Replace busted players (and, if ``leave``, the shortest other player).

    The player who leaves is not seated again under the same name: with
    another stack, the log would read as that player's chips changing
    between hands (stack-continuity)."""
    gone: list[str] = []
    if leave:
        seat = min((s for s in seats if seats[s][0] != hero), key=lambda s: seats[s][1])
        gone.append(seats[seat][0])
        seats[seat] = (seats[seat][0], 0)
    for seat in [s for s, (_, stack) in seats.items() if stack <= 0]:
        del seats[seat]
        taken = [hero, *gone, *(n for n, _ in seats.values())]
        free = [s for s in range(1, 9) if s not in seats]
        seats[rng.choice(free)] = (new_name(rng, taken), buy_in(rng, st))


# --- reading a hand back: chips and cards as its log states them --------


def replay_chips(h: Hand) -> tuple[dict[str, int], int]:
    """Stacks after the hand as the log implies them, and the number of actions
    that overdraw a stack or whose all-in flag disagrees with it."""
    stacks = {s.player: s.stack for s in h.seats}
    committed: dict[str, int] = {}
    problems = 0
    for e in h.events:
        if e.kind == "street":
            committed = {}
        elif e.kind in ("uncalled", "collect"):
            stacks[e.player] += e.amount
        elif e.kind in ("ante", "bring-in", "call", "bet", "raise"):
            put = e.to - committed.get(e.player, 0) if e.kind == "raise" else e.amount
            if e.kind != "ante":
                committed[e.player] = committed.get(e.player, 0) + put
            stacks[e.player] -= put
            problems += stacks[e.player] < 0 or (stacks[e.player] == 0) != e.all_in
    return stacks, problems


def implied_end_stacks(hand: Hand) -> dict[str, int]:
    return replay_chips(hand)[0]


def event_streets(h: Hand) -> list[int]:
    """The street (3..7, 8 for the showdown) of each event."""
    out, street = [], 0
    for e in h.events:
        street = e.street if e.kind == "street" else 8 if e.kind == "showdown" else street
        out.append(street)
    return out


def logged_cards(h: Hand) -> set[Card]:
    cards = {c for e in h.events for c in (*e.old, *e.new)}
    return cards | {c for r in h.results for c in r.cards}


def sole_winner(h: Hand) -> Event | None:
    collects = [e for e in h.events if e.kind == "collect"]
    return collects[0] if len(collects) == 1 and not h.pots else None


def shift_pot(h: Hand, delta: int, player: str) -> bool:
    """The single pot grows by ``delta``, all of it to its only winner ``player``."""
    win = sole_winner(h)
    if win is None or win.player != player or win.amount + delta <= 0:
        return False
    win.amount += delta
    h.total_pot += delta
    for r in h.results:
        if r.player == player:
            r.amount += delta
    return True


def no_uncalled(h: Hand) -> bool:
    return not any(e.kind == "uncalled" for e in h.events)


from razzlog.generate.inject import RULES, inject  # noqa: E402
from razzlog.generate.stream import generate_labeled, generate_text, write_hand  # noqa: E402
from razzlog.generate.tables import generate_hands, generate_session  # noqa: E402

__all__ = [
    "CASH_STAKES",
    "RULES",
    "TOURNAMENT_STAKES",
    "Event",
    "Finish",
    "Hand",
    "SeatInfo",
    "SeatResult",
    "Stakes",
    "generate_hands",
    "generate_labeled",
    "generate_session",
    "generate_text",
    "implied_end_stacks",
    "inject",
    "write_hand",
]
