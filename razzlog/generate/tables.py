"""Tables and sessions: consecutive hands dealt at one table, stacks carried over.

``generate_session`` plays one table; it stops early if the hero busts.
Busted players are replaced by new players; a player at or below the ante is
replaced when fewer than two players could act.  ``generate_hands`` strings
sessions of 5–40 hands together.  Everything is drawn from one seeded
generator, so a seed gives the same hands every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import timedelta

from razzlog.generate import TABLE_WORDS, Clock, Hand, Stakes, buy_in, new_name, refill, roman
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
    if not stakes.cash:
        return "1"  # a sit & go plays at its table 1
    lap, k = divmod(ctx.tables - 1, len(FULLTILT_TABLES))
    return FULLTILT_TABLES[k] + (f" {lap + 1}" if lap else "")


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
    for _ in range(hands):
        hand = None
        for attempt in range(200):
            refill(rng, seats, stakes, hero, attempt > 0 and attempt % 20 == 0)
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
        yield hand
        for s, (name, _) in list(seats.items()):
            seats[s] = (name, hand.end_stacks[name])
        if hand.end_stacks[hero] <= 0:
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
    """Up to ``hands`` consecutive hands at one table (fewer if the hero busts);
    each hand's starting stacks are the previous hand's ending stacks."""
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
