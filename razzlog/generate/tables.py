"""Tables and sessions: consecutive hands dealt at one table, stacks carried over.

``generate_session`` plays one table; it stops early if the hero busts.
Busted players are replaced by new players; a player at or below the ante is
replaced when fewer than two players could act.  ``generate_hands`` strings
sessions of 5–40 hands together.  Everything is drawn from one seeded
generator, so a seed gives the same hands every time.

A PokerStars tournament table belongs to a field (:class:`Field`): a sit & go
of the players first seated, or a multi-table tournament of more.  Players
from other tables take the seats of busted ones only while the field has
players elsewhere; each bust gets its place (and its prize in the money), and
the tournament's last hand its winner, after which the session ends.  The
field draws from its own generator (seeded by the tournament id), so the
deal's generator draws what it drew before results were written.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta

from razzlog.generate import TABLE_WORDS, Clock, Finish, Hand, Stakes, buy_in, new_name, refill, roman
from razzlog.generate.dealer import Game
from razzlog.generate.house import POKERSTARS, House, Reject
from razzlog.generate.showdown import build_hand

Mutator = Callable[[Hand], Hand]

# Full Tilt named its tables with one word ("Table Mart"); a run that needs
# more tables than words numbers the second round.
FULLTILT_TABLES = (
    "Ardent", "Basalt", "Cobalt", "Dunmore", "Ember", "Fennel", "Garnet", "Harrow",
    "Islay", "Juniper", "Kestrel", "Larch", "Marlow", "Nettle", "Oriel", "Pewter",
)  # fmt: skip


def _table_name(rng: random.Random, ctx: Clock, stakes: Stakes, tid: int, house: House) -> str:
    if house is POKERSTARS:
        return (
            f"{rng.choice(TABLE_WORDS)} {roman(ctx.tables)}"
            if stakes.cash
            else f"{tid} {rng.randint(1, 300)}"
        )
    if house.site == "kingsclub":
        # a tournament's table: 'T<id> [<table>]' (fpdb's KingsClubToFpdb.py)
        return (
            f"T{tid} [{rng.randint(1, 30)}]"
            if not stakes.cash
            else f"{rng.choice(TABLE_WORDS)} Mix {ctx.tables}"
        )
    if not stakes.cash:
        return "1"  # a sit & go plays at its table 1
    lap, k = divmod(ctx.tables - 1, len(FULLTILT_TABLES))
    return FULLTILT_TABLES[k] + (f" {lap + 1}" if lap else "")


def _cents(text: str) -> int:
    """``"$200"`` -> 20000, ``"$0.10"`` -> 10."""
    dollars, _, cents = text.lstrip("$").partition(".")
    return int(dollars) * 100 + int(cents.ljust(2, "0")[:2])


@dataclass(slots=True)
class Field:
    """The players still in one tournament, at this table and at others, and what places pay."""

    rng: random.Random  # the field's own generator (busts at other tables)
    left: int
    prizes: dict[int, int]  # place -> cents
    out: set[str] = field(default_factory=set)  # who busted: never seated again in this tournament

    @classmethod
    def start(cls, tid: int, seated: int, stakes: Stakes) -> Field:
        rng = random.Random(f"{tid}/field")
        entrants = seated if rng.random() < 0.5 else rng.randint(seated + 1, 50 * seated)
        pool = entrants * _cents(stakes.buy_in.split("+")[0])
        paid = 1 if entrants <= 3 else 2 if entrants <= 5 else 3 if entrants <= 10 else entrants // 8
        shares = paid * (paid + 1) // 2  # place p gets (paid - p + 1) shares, the odd cents go to 1st
        prizes = {p: pool * (paid - p + 1) // shares for p in range(1, paid + 1)}
        prizes[1] += pool - sum(prizes.values())
        return cls(rng, entrants, prizes)

    def refill(
        self, rng: random.Random, seats: dict[int, tuple[str, int]], st: Stakes, hero: str, leave: bool
    ) -> bool:
        """:func:`~razzlog.generate.refill` within the field: a busted seat is taken by a
        player from another table while there is one; False when a player should
        leave (the deal keeps failing) and nobody could take the seat."""
        gone: list[str] = []
        if leave:
            if self.left <= len(seats):
                return False
            seat = min((s for s in seats if seats[s][0] != hero), key=lambda s: seats[s][1])
            gone.append(seats[seat][0])  # moved to another table, still in
            seats[seat] = (seats[seat][0], 0)
        for seat in [s for s, (_, stack) in seats.items() if stack <= 0]:
            del seats[seat]
            if self.left > len(seats):
                taken = [hero, *gone, *self.out, *(n for n, _ in seats.values())]
                free = [s for s in range(1, 9) if s not in seats]
                seats[rng.choice(free)] = (new_name(rng, taken), buy_in(rng, st))
        return True

    def results(self, hand: Hand) -> list[Finish]:
        """The places of the players ``hand`` busted (after busts at other tables
        meanwhile), and its winner if it ends the tournament."""
        elsewhere = min(self.left - len(hand.seats), self.rng.randint(0, 2))
        busted = [s.player for s in hand.seats if hand.end_stacks[s.player] <= 0]
        self.out.update(busted)
        self.left -= elsewhere + len(busted)
        place = self.left + 1
        out = [Finish(name, place, self.prizes.get(place, 0)) for name in busted]
        if self.left == 1:
            winner = next(s.player for s in hand.seats if hand.end_stacks[s.player] > 0)
            out.append(Finish(winner, 1, self.prizes[1], winner=True))
        return out


def _session(
    rng: random.Random,
    ctx: Clock,
    hands: int,
    players: tuple[int, int],
    hero: str,
    stakes: Stakes | None,
    mutate: Mutator | None,
    house: House,
) -> Iterator[Hand]:
    if not 2 <= players[0] <= players[1] <= 8:
        raise ValueError(f"players must be a range within 2..8, not {players}")
    if stakes is None:
        stakes = rng.choice(house.cash_stakes if rng.random() < 0.7 else house.tournament_stakes)
    ctx.tables += 1
    tid = 0 if stakes.cash else rng.randint(*house.tournament_ids)
    table = _table_name(rng, ctx, stakes, tid, house)
    chosen = rng.sample(range(1, 9), rng.randint(*players))
    seats: dict[int, tuple[str, int]] = {chosen[0]: (hero, buy_in(rng, stakes, deep=True))}
    for s in chosen[1:]:
        seats[s] = (new_name(rng, [n for n, _ in seats.values()]), buy_in(rng, stakes))
    tourney = Field.start(tid, len(seats), stakes) if not stakes.cash and house.prints_finishes else None
    for _ in range(hands):
        hand = None
        for attempt in range(200):
            leave = attempt > 0 and attempt % 20 == 0
            if tourney is None:
                refill(rng, seats, stakes, hero, leave)
            elif not tourney.refill(rng, seats, stakes, hero, leave):
                return  # the table cannot go on, and nobody is left to take a seat
            game = Game(rng, stakes, seats, hero, house)
            try:
                game.play()
            except Reject:
                continue
            ctx.hand_id += rng.randint(1_500, 90_000)
            ctx.when += timedelta(seconds=rng.randint(25, 110))
            hand = build_hand(game, ctx.hand_id, table, ctx.when, tid)
            break
        if hand is None:
            raise RuntimeError("the dealer could not deal a hand")
        if mutate is not None:
            hand = mutate(hand)
        if tourney is not None:
            hand.finishes = tourney.results(hand)
        yield hand
        for s, (name, _) in list(seats.items()):
            seats[s] = (name, hand.end_stacks[name])
        if hand.end_stacks[hero] <= 0 or (tourney is not None and tourney.left == 1):
            return


def _clock(rng: random.Random, house: House) -> Clock:
    return Clock(rng, when=house.epoch, first_ids=house.first_hand_ids)


def generate_session(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    hero: str = "Hero",
    stakes: Stakes | None = None,
    mutate: Mutator | None = None,
    house: House = POKERSTARS,
) -> Iterator[Hand]:
    """Up to ``hands`` consecutive hands at one table (fewer if the hero busts, the
    tournament ends, or a tournament table can no longer be dealt); each hand's
    starting stacks are the previous hand's ending stacks."""
    rng = random.Random(seed)
    yield from _session(rng, _clock(rng, house), hands, players, hero, stakes, mutate, house)


def generate_hands(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    hero: str = "Hero",
    mutate: Mutator | None = None,
    house: House = POKERSTARS,
) -> Iterator[Hand]:
    """Exactly ``hands`` hands from consecutive table sessions of 5–40 hands."""
    rng = random.Random(seed)
    ctx = _clock(rng, house)
    left = hands
    while left > 0:
        for hand in _session(rng, ctx, min(left, rng.randint(5, 40)), players, hero, None, mutate, house):
            left -= 1
            yield hand
