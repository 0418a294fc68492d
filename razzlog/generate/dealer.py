"""A deterministic referee-style razz dealer, independent of ``rules/``.

It plays one hand under a site's house rules (``house.py``: PokerStars or
Full Tilt); the end of the hand (showdown, pots, rake) is ``showdown.py`` and
the tables a run is made of ``tables.py``.

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
* Under Full Tilt's house rules, once at most one player can still bet the
  live hands are turned face up (``shows`` with the cards so far) and every
  later card is dealt open, as its logs show.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from razzlog.cards import SUIT_CHARS, SUIT_STRENGTH, Card
from razzlog.generate import Event, Stakes, board_value
from razzlog.generate.house import House, Reject
from razzlog.generate.showdown import show_down, uncontested

TIE_RATE = 0.12


@dataclass(slots=True)
class Player:
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


class Game:
    """One hand: call ``play``, then ``showdown.build_hand``."""

    def __init__(
        self,
        rng: random.Random,
        stakes: Stakes,
        seats: dict[int, tuple[str, int]],
        hero: str,
        house: House,
    ) -> None:
        self.rng, self.st, self.hero, self.house = rng, stakes, hero, house
        self.players = [Player(name, s, stack) for s, (name, stack) in sorted(seats.items())]
        self.start = {p.name: p.stack for p in self.players}
        self.events: list[Event] = []
        self.aggr = rng.uniform(0.6, 1.7)
        self.short_bring_in = False
        self.aggressor: dict[int, Player] = {}  # street -> its last bettor or raiser
        self.turned_up: set[str] = set()  # players whose cards are face up (Full Tilt)
        self.total_pot = self.rake = self.raked_pot = 0
        self.pots: list[int] = []
        self.won: dict[str, int] = {}
        self.mucked: set[str] = set()
        self.showdown = False

    def emit(self, kind: str, player: str = "", **kw: object) -> None:
        self.events.append(Event(kind, player, **kw))  # type: ignore[arg-type]

    def live(self) -> list[Player]:
        return [p for p in self.players if not p.folded]

    def put(self, p: Player, amount: int) -> None:
        p.stack -= amount
        p.total += amount
        p.street += amount
        p.all_in = p.stack == 0

    def after(self, p: Player) -> list[Player]:
        """Everyone clockwise after ``p`` (``p`` last)."""
        i = self.players.index(p)
        return self.players[i + 1 :] + self.players[: i + 1]

    # --- the deal -----------------------------------------------------------
    def play(self) -> None:
        for p in self.players:
            self.put(p, min(self.st.ante, p.stack))
        posted = self.players
        if self.house.antes_in_random_order:
            posted = self.rng.sample(self.players, len(self.players))
        for p in posted:
            self.emit("ante", p.name, amount=p.total, all_in=p.all_in)
        if sum(p.stack > 0 for p in self.players) < 2:
            raise Reject
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
                uncontested(self)
                return
            if street < 7:
                self.turn_up()
        show_down(self)

    def turn_up(self) -> None:
        """Full Tilt: once nobody can bet against anyone any more, the live hands are shown."""
        live = self.live()
        if not self.house.turn_up_when_all_in or self.turned_up or sum(p.active for p in live) > 1:
            return
        for p in live:
            self.turned_up.add(p.name)
            self.emit("show", p.name, new=tuple(p.cards[: p.dealt]))

    def assign_cards(self) -> Player:
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
        raise Reject

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

    def bring_in_player(self) -> Player:
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
            open_hand = hero or p.name in self.turned_up
            old = tuple(p.cards[: p.dealt] if open_hand else p.cards[2 : p.dealt])
            new = (p.cards[p.dealt],)
            p.dealt += 1
            if street < 7 or open_hand:
                self.emit("deal", p.name, old=old, new=new)

    def first_actor(self) -> Player:
        """Best low board opens (ties: lowest seat).  If that player is all-in and the
        two readings (next active player clockwise / best board among active
        players) disagree, the hand is dealt again."""
        best = min(self.live(), key=lambda p: (board_value(p.up()), p.seat))
        if best.active:
            return best
        by_board = min((p for p in self.players if p.active), key=lambda p: (board_value(p.up()), p.seat))
        if by_board is not next(p for p in self.after(best) if p.active):
            raise Reject
        return by_board

    # --- betting ------------------------------------------------------------
    def third(self, poster: Player) -> None:
        amount = min(self.st.bring_in, poster.stack)
        self.put(poster, amount)
        poster.bet_on_third = True
        self.short_bring_in = amount < self.st.bring_in
        self.emit("bring-in", poster.name, amount=amount, all_in=poster.all_in)
        self.betting(3, self.after(poster)[0], {poster.name}, amount)

    def betting(self, street: int, first: Player, acted: set[str], level: int) -> None:
        st, n = self.st, len(self.players)
        i, count, no_more = self.players.index(first), 0, False

        def pending(p: Player) -> bool:
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
                self.aggressor[street] = p
            if street == 3 and p.street > 0:
                p.bet_on_third = True

    def choose(self, p: Player, to_call: int, can_raise: bool, may_call: bool) -> str:
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
            raise Reject
        top.total -= excess
        top.street -= excess
        top.stack += excess
        top.all_in = top.stack == 0
        self.emit("uncalled", top.name, amount=excess)
