"""A deterministic referee-style razz dealer (PokerStars rules), independent of ``rules/``.

Conventions (where the rule book leaves a choice, the dealer avoids or fixes it):

* Cards are pre-assigned per player, seven each (``[hole, hole, door, 4th, 5th,
  6th, river]``); with eight players the first player to act after the bring-in
  always folds at once and gets only three cards, so at most 52 cards are ever
  needed and no common card can arise.  Every seven-card holding has at least
  five different ranks (shown lows are never paired).  About one hand in eight
  is stacked so that two players hold the same seven ranks (split pots).
* The bring-in player always brings in (never completes).  After a short all-in
  bet, completion or raise nobody raises again on that street, so whether a
  short raise counts toward the cap never matters; a short all-in raise is made
  only while fewer than three bets/raises were made.  After a bring-in that is
  all-in for less than the bring-in, players may only fold, complete, or call
  all-in for no more than it.
* Hands in which an all-in player shows the best board while others still bet
  (who opens is unclear) or where the uncalled amount depends on counting
  antes are re-dealt.  A hand needs two players who can act after the antes.
* Showdown: the last bettor/raiser on 7th street shows first, otherwise the
  lowest seat, then clockwise.  A player may muck (never when all-in, never the
  first to show) only if a shown hand of a player who put in at least as much
  is strictly better.  Each pot goes to the best low among its eligible players
  who showed; an odd chip goes one unit each to the tied winners in seat order
  from the lowest seat.
* Rake (cash only): 5 % of the total pot rounded down to the cent, at most $3,
  taken from the largest pot (the first of equal ones).  Tournaments: 0.
* ``generate_session`` plays one table; it stops early if the hero busts.
  Busted players are replaced by new players; a player at or below the ante is
  replaced when fewer than two players could act.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from razzlog.cards import SUIT_CHARS, SUIT_STRENGTH, Card
from razzlog.generate import (
    CASH_STAKES,
    TABLE_WORDS,
    TOURNAMENT_STAKES,
    Clock,
    Event,
    Hand,
    SeatInfo,
    SeatResult,
    Stakes,
    board_value,
    buy_in,
    low_text,
    low_value,
    new_name,
    refill,
    roman,
)

TIE_RATE = 0.12
RAKE_CAP = 300
Mutator = Callable[[Hand], Hand]


class _Reject(Exception):
    """The deal reached a spot the rule book leaves open: deal again."""


@dataclass(slots=True)
class _P:
    name: str
    seat: int
    stack: int
    cards: list[Card] = field(default_factory=list)
    dealt: int = 0
    total: int = 0
    street: int = 0
    folded: bool = False
    all_in: bool = False
    fold_street: int = 0
    bet_on_third: bool = False
    forced_fold: bool = False

    @property
    def active(self) -> bool:
        return not self.folded and not self.all_in

    def up(self) -> list[Card]:
        return self.cards[2 : min(self.dealt, 6)]


def _quality(cards: list[Card]) -> float:
    lows = {c.rank for c in cards if c.rank <= 8}
    return min(1.0, len(lows) / min(5, len(cards)))


class _Game:
    """One hand: call ``play`` then ``hand``."""

    def __init__(
        self, rng: random.Random, stakes: Stakes, seats: dict[int, tuple[str, int]], hero: str
    ) -> None:
        self.rng, self.st, self.hero = rng, stakes, hero
        self.players = [_P(name, s, stack) for s, (name, stack) in sorted(seats.items())]
        self.start = {p.name: p.stack for p in self.players}
        self.events: list[Event] = []
        self.aggr = rng.uniform(0.6, 1.7)
        self.short_bring_in = False
        self.last_aggr: _P | None = None
        self.total_pot = self.rake = 0
        self.pots: list[int] = []
        self.won: dict[str, int] = {}
        self.mucked: set[str] = set()
        self.showdown = False

    def emit(self, kind: str, player: str = "", **kw: object) -> None:
        self.events.append(Event(kind, player, **kw))  # type: ignore[arg-type]

    def live(self) -> list[_P]:
        return [p for p in self.players if not p.folded]

    def put(self, p: _P, amount: int) -> None:
        p.stack -= amount
        p.total += amount
        p.street += amount
        p.all_in = p.stack == 0

    def after(self, p: _P) -> list[_P]:
        """Everyone clockwise after ``p`` (``p`` last)."""
        i = self.players.index(p)
        return self.players[i + 1 :] + self.players[: i + 1]

    # --- the deal -----------------------------------------------------------
    def play(self) -> None:
        for p in self.players:
            self.put(p, min(self.st.ante, p.stack))
            self.emit("ante", p.name, amount=p.total, all_in=p.all_in)
        if sum(p.stack > 0 for p in self.players) < 2:
            raise _Reject
        poster = self.assign_cards()
        for street in range(3, 8):
            self.deal(street)
            for p in self.players:
                p.street = 0
            if street == 3:
                self.third(poster)
            elif sum(p.active for p in self.players) >= 2:
                self.betting(street, self.first_actor(), set(), 0)
            self.return_uncalled()
            if len(self.live()) == 1:
                self.uncontested()
                return
        self.show_down()

    def assign_cards(self) -> _P:
        rng, ps = self.rng, self.players
        for _ in range(200):
            deck = [Card(r, s) for r in range(1, 14) for s in SUIT_CHARS]
            rng.shuffle(deck)
            for p in ps:
                p.cards, p.forced_fold = [], False
            if rng.random() < TIE_RATE:
                a, b = rng.sample(ps, 2)
                a.cards, b.cards = self.tied_pair(deck)
            for p in ps:
                if not p.cards:
                    p.cards = [deck.pop() for _ in range(3)]
            poster = self.bring_in_player()
            if len(ps) == 8:
                folder = next(p for p in self.after(poster) if p.stack > 0)
                if len(folder.cards) == 7:
                    continue
                folder.forced_fold = True
            for p in ps:
                while len(p.cards) < 7 and not p.forced_fold:
                    p.cards.append(deck.pop())
            if all(len({c.rank for c in p.cards}) >= 5 for p in ps if len(p.cards) == 7):
                return poster
        raise _Reject

    def tied_pair(self, deck: list[Card]) -> tuple[list[Card], list[Card]]:
        """Two seven-card holdings with the same ranks (so the same low)."""
        rng = self.rng
        counts = Counter(rng.sample(range(1, 9), 5))
        while sum(counts.values()) < 7:
            r = rng.randint(1, 13)
            if counts[r] < 2:
                counts[r] += 1
        a: list[Card] = []
        b: list[Card] = []
        for r, k in sorted(counts.items()):
            suits = rng.sample(SUIT_CHARS, 2 * k)
            a += [Card(r, s) for s in suits[:k]]
            b += [Card(r, s) for s in suits[k:]]
        for c in a + b:
            deck.remove(c)
        rng.shuffle(a)
        rng.shuffle(b)
        return a, b

    def bring_in_player(self) -> _P:
        """Highest door card (K high, A low; ties s > h > d > c); passes clockwise
        past players who are all-in from the ante."""
        top = max(self.players, key=lambda p: (p.cards[2].rank, SUIT_STRENGTH[p.cards[2].suit]))
        return next(p for p in [top, *self.after(top)] if p.stack > 0)

    def deal(self, street: int) -> None:
        self.emit("street", street=street)
        for p in self.live():
            hero = p.name == self.hero
            if street == 3:
                p.dealt = 3
                self.emit("deal", p.name, new=tuple(p.cards[:3] if hero else p.cards[2:3]))
                continue
            old = tuple(p.cards[: p.dealt] if hero else p.cards[2 : p.dealt])
            new = (p.cards[p.dealt],)
            p.dealt += 1
            if street < 7 or hero:
                self.emit("deal", p.name, old=old, new=new)

    def first_actor(self) -> _P:
        """Best low board opens (ties: lowest seat).  If that player is all-in and the
        two readings (next active player clockwise / best board among active
        players) disagree, the hand is dealt again."""
        best = min(self.live(), key=lambda p: (board_value(p.up()), p.seat))
        if best.active:
            return best
        by_board = min((p for p in self.players if p.active), key=lambda p: (board_value(p.up()), p.seat))
        if by_board is not next(p for p in self.after(best) if p.active):
            raise _Reject
        return by_board

    # --- betting ------------------------------------------------------------
    def third(self, poster: _P) -> None:
        amount = min(self.st.bring_in, poster.stack)
        self.put(poster, amount)
        poster.bet_on_third = True
        self.short_bring_in = amount < self.st.bring_in
        self.emit("bring-in", poster.name, amount=amount, all_in=poster.all_in)
        self.betting(3, self.after(poster)[0], {poster.name}, amount)

    def betting(self, street: int, first: _P, acted: set[str], level: int) -> None:
        st, n = self.st, len(self.players)
        i, count, no_more = self.players.index(first), 0, False

        def pending(p: _P) -> bool:
            return p.active and (p.name not in acted or p.street < level)

        while len(self.live()) > 1 and any(pending(p) for p in self.players):
            p = self.players[i % n]
            i += 1
            if not pending(p):
                continue
            to_call = level - p.street
            target = st.small_bet if street == 3 and count == 0 else level + st.bet_for(street)
            need = target - p.street
            short = p.stack < need
            can_raise = count < 4 and not no_more and p.stack > to_call
            if short and count > 2:
                can_raise = False
            may_call = True
            if street == 3 and count == 0 and self.short_bring_in and p.stack > to_call:
                may_call, can_raise = False, can_raise and not short
            choice = self.choose(p, to_call, can_raise, may_call)
            if choice == "fold":
                p.folded, p.fold_street = True, street
                self.emit("fold", p.name)
                continue
            acted.add(p.name)
            if choice == "check":
                self.emit("check", p.name)
            elif choice == "call":
                amount = min(to_call, p.stack)
                self.put(p, amount)
                self.emit("call", p.name, amount=amount, all_in=p.all_in)
            else:
                self.put(p, min(need, p.stack))
                if level == 0:
                    self.emit("bet", p.name, amount=p.street, all_in=p.all_in)
                else:
                    self.emit("raise", p.name, amount=p.street - level, to=p.street, all_in=p.all_in)
                level, count = p.street, count + 1
                if short:
                    no_more = True
                else:
                    acted.intersection_update({p.name})
                if count == 4:
                    self.emit("capped")
                if street == 7:
                    self.last_aggr = p
            if street == 3 and p.street > 0:
                p.bet_on_third = True

    def choose(self, p: _P, to_call: int, can_raise: bool, may_call: bool) -> str:
        if p.forced_fold and to_call > 0:
            return "fold"
        q, r, a = _quality(p.cards[: p.dealt]), self.rng.random(), self.aggr
        if to_call == 0:
            return "raise" if can_raise and r < (0.1 + 0.4 * q) * a else "check"
        fold_p = max(0.03, 0.42 - 0.42 * q) if may_call else 0.5
        if r < fold_p:
            return "fold"
        if can_raise and r < fold_p + (0.04 + 0.3 * q) * a:
            return "raise"
        if may_call or p.stack <= to_call:
            return "call"
        return "raise" if can_raise else "fold"

    def return_uncalled(self) -> None:
        top, second = sorted(self.players, key=lambda p: -p.total)[:2]
        excess = top.total - second.total
        if excess <= 0:
            return
        if excess != top.street - max(p.street for p in self.players if p is not top):
            raise _Reject
        top.total -= excess
        top.street -= excess
        top.stack += excess
        top.all_in = top.stack == 0
        self.emit("uncalled", top.name, amount=excess)

    # --- the end ----------------------------------------------------------
    def take_rake(self, total: int) -> int:
        self.total_pot = total
        self.rake = min(total * 5 // 100, RAKE_CAP) if self.st.cash else 0
        return self.rake

    def uncontested(self) -> None:
        w = self.live()[0]
        win = sum(p.total for p in self.players)
        win -= self.take_rake(win)
        self.won[w.name] = win
        w.stack += win
        self.emit("collect", w.name, amount=win, pot="pot")
        if self.rng.random() < 0.5:
            self.emit("noshow", w.name)

    def show_down(self) -> None:
        self.showdown = True
        live = self.live()
        levels = sorted({p.total for p in live if p.all_in} | {max(p.total for p in live)})
        pots: list[tuple[int, list[_P]]] = []
        prev = 0
        for lv in levels:
            amount = sum(min(p.total, lv) - min(p.total, prev) for p in self.players)
            if amount > 0:
                pots.append((amount, [p for p in live if p.total >= lv]))
            prev = lv
        rake = self.take_rake(sum(p.total for p in self.players))
        big = max(range(len(pots)), key=lambda k: (pots[k][0], -k))
        pots[big] = (pots[big][0] - rake, pots[big][1])
        self.pots = [a for a, _ in pots] if len(pots) > 1 else []
        first = self.last_aggr if self.last_aggr in live else live[0]
        order = live[live.index(first) :] + live[: live.index(first)]
        self.emit("showdown")
        shown: list[_P] = []
        resolved: set[str] = set()
        nxt = len(pots) - 1
        for p in order:
            key = low_value(p.cards)
            beaten = any(low_value(s.cards) < key and s.total >= p.total for s in shown)
            if beaten and not p.all_in and self.rng.random() < 0.7:
                self.mucked.add(p.name)
                self.emit("muck", p.name)
            else:
                shown.append(p)
                self.emit("show", p.name, new=tuple(p.cards), desc=low_text(p.cards))
            resolved.add(p.name)
            while nxt >= 0 and all(e.name in resolved for e in pots[nxt][1]):
                label = "pot" if len(pots) == 1 else "main pot" if nxt == 0 else f"side pot-{nxt}"
                self.award(pots[nxt][0], pots[nxt][1], label)
                nxt -= 1

    def award(self, amount: int, eligible: list[_P], label: str) -> None:
        contenders = [p for p in eligible if p.name not in self.mucked]
        best = min(low_value(p.cards) for p in contenders)
        winners = [p for p in contenders if low_value(p.cards) == best]  # seat order
        share, odd = divmod(amount, len(winners))
        for k, w in enumerate(winners):
            win = share + (1 if k < odd else 0)
            w.stack += win
            self.won[w.name] = self.won.get(w.name, 0) + win
            self.emit("collect", w.name, amount=win, pot=label)

    def hand(self, hand_id: int, table: str, when: datetime, tid: int) -> Hand:
        results = []
        for p in self.players:
            r = SeatResult(p.seat, p.name, "folded")
            if p.folded:
                r.street, r.didnt_bet = p.fold_street, p.fold_street == 3 and not p.bet_on_third
            elif not self.showdown:
                r.result, r.amount = "collected", self.won[p.name]
            elif p.name in self.mucked:
                r.result = "mucked"
                r.cards = tuple(p.cards) if p.name == self.hero else ()
            else:
                r.cards, r.desc = tuple(p.cards), low_text(p.cards)
                r.amount = self.won.get(p.name, 0)
                r.result = "won" if r.amount else "lost"
            results.append(r)
        return Hand(
            hand_id, table, self.st, when,
            [SeatInfo(p.seat, p.name, self.start[p.name]) for p in self.players],
            self.hero, self.events, self.total_pot, self.pots, self.rake, results, tid,
            cards={p.name: tuple(p.cards[: p.dealt]) for p in self.players},
            end_stacks={p.name: p.stack for p in self.players},
        )  # fmt: skip


# --- tables and sessions ----------------------------------------------------


def _session(
    rng: random.Random,
    ctx: Clock,
    hands: int,
    players: tuple[int, int],
    hero: str,
    stakes: Stakes | None,
    mutate: Mutator | None,
) -> Iterator[Hand]:
    if not 2 <= players[0] <= players[1] <= 8:
        raise ValueError(f"players must be a range within 2..8, not {players}")
    if stakes is None:
        stakes = rng.choice(CASH_STAKES if rng.random() < 0.7 else TOURNAMENT_STAKES)
    ctx.tables += 1
    tid = 0 if stakes.cash else rng.randint(1_000_000_000, 3_999_999_999)
    if stakes.cash:
        table = f"{rng.choice(TABLE_WORDS)} {roman(ctx.tables)}"
    else:
        table = f"{tid} {rng.randint(1, 300)}"
    chosen = rng.sample(range(1, 9), rng.randint(*players))
    seats: dict[int, tuple[str, int]] = {chosen[0]: (hero, buy_in(rng, stakes, deep=True))}
    for s in chosen[1:]:
        seats[s] = (new_name(rng, [n for n, _ in seats.values()]), buy_in(rng, stakes))
    for _ in range(hands):
        hand = None
        for attempt in range(200):
            refill(rng, seats, stakes, hero, attempt > 0 and attempt % 20 == 0)
            game = _Game(rng, stakes, seats, hero)
            try:
                game.play()
            except _Reject:
                continue
            ctx.hand_id += rng.randint(1_500, 90_000)
            ctx.when += timedelta(seconds=rng.randint(25, 110))
            hand = game.hand(ctx.hand_id, table, ctx.when, tid)
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


def generate_session(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    hero: str = "Hero",
    stakes: Stakes | None = None,
    mutate: Mutator | None = None,
) -> Iterator[Hand]:
    """Up to ``hands`` consecutive hands at one table (fewer if the hero busts);
    each hand's starting stacks are the previous hand's ending stacks."""
    rng = random.Random(seed)
    yield from _session(rng, Clock(rng), hands, players, hero, stakes, mutate)


def generate_hands(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    hero: str = "Hero",
    mutate: Mutator | None = None,
) -> Iterator[Hand]:
    """Exactly ``hands`` hands from consecutive table sessions of 5–40 hands."""
    rng = random.Random(seed)
    ctx = Clock(rng)
    left = hands
    while left > 0:
        for hand in _session(rng, ctx, min(left, rng.randint(5, 40)), players, hero, None, mutate):
            left -= 1
            yield hand
