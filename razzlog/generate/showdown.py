"""The end of a dealt hand: the uncontested pot or the showdown, the rake, the summary.

Conventions (the dealer's, independent of ``rules/``):

* Showdown: the last bettor/raiser on 7th street shows first.  If nobody bet
  on 7th, PokerStars starts with the lowest seat; Full Tilt with the last
  aggressor of the latest street that had one (the lowest seat if no street
  had one; a hand whose latest aggressor folded is dealt again, the rule book
  being silent on it).  Then clockwise; with side pots Full Tilt shows the
  players who are not all-in first, the all-in players after them.
* A player may muck (never when all-in, never the first to show, never a hand
  already turned up) only if a shown hand of a player who put in at least as
  much is strictly better.  Each pot goes to the best low among its eligible
  players who showed; an odd chip goes one unit each to the tied winners in
  seat order from the lowest seat.
* Rake (cash only): 5 % of the total pot rounded down to the cent, at most $3,
  taken from the largest pot (the first of equal ones).  Tournaments: 0.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from razzlog.generate import Hand, SeatInfo, SeatResult, low_text, low_value
from razzlog.generate.house import Reject

if TYPE_CHECKING:
    from razzlog.generate.dealer import Game, Player

RAKE_CAP = 300


def take_rake(g: Game, total: int) -> int:
    g.total_pot = total
    g.rake = min(total * 5 // 100, RAKE_CAP) if g.st.cash else 0
    return g.rake


def uncontested(g: Game) -> None:
    w = g.live()[0]
    win = sum(p.total for p in g.players)
    win -= take_rake(g, win)
    g.won[w.name] = win
    w.stack += win
    if g.house.winner_always_mucks:
        g.emit("noshow", w.name)
        g.emit("collect", w.name, amount=win, pot="pot")
        return
    g.emit("collect", w.name, amount=win, pot="pot")
    if g.rng.random() < 0.5:
        g.emit("noshow", w.name)


def _pots(g: Game) -> list[tuple[int, list[Player]]]:
    """Main pot first, then the side pots: (amount, the live players eligible)."""
    live = g.live()
    levels = sorted({p.total for p in live if p.all_in} | {max(p.total for p in live)})
    pots: list[tuple[int, list[Player]]] = []
    prev = 0
    for lv in levels:
        amount = sum(min(p.total, lv) - min(p.total, prev) for p in g.players)
        if amount > 0:
            pots.append((amount, [p for p in live if p.total >= lv]))
        prev = lv
    return pots


def _first_to_show(g: Game) -> Player:
    live = g.live()
    river = g.aggressor.get(7)
    if river is not None and river in live:
        return river
    if g.house.last_aggressor_shows_first:
        latest = next((g.aggressor[s] for s in (6, 5, 4, 3) if s in g.aggressor), None)
        if latest is None:
            return live[0]
        if latest not in live:
            raise Reject
        return latest
    return live[0]


def _showdown_order(g: Game, side_pots: bool) -> list[Player]:
    live = g.live()
    first = _first_to_show(g)
    order = live[live.index(first) :] + live[: live.index(first)]
    if side_pots and g.house.all_in_show_last:
        order = [p for p in order if not p.all_in] + [p for p in order if p.all_in]
    return order


def show_down(g: Game) -> None:
    g.showdown = True
    pots = _pots(g)
    if len(pots) - 1 > g.house.max_side_pots:
        raise Reject
    rake = take_rake(g, sum(p.total for p in g.players))
    big = max(range(len(pots)), key=lambda k: (pots[k][0], -k))
    pots[big] = (pots[big][0] - rake, pots[big][1])
    g.pots = [a for a, _ in pots] if len(pots) > 1 else []
    g.raked_pot = big if len(pots) > 1 else 0
    order = _showdown_order(g, len(pots) > 1)
    g.emit("showdown")
    shown: list[Player] = []
    resolved: set[str] = set()
    nxt = len(pots) - 1
    for p in order:
        key = low_value(p.cards)
        beaten = any(low_value(s.cards) < key and s.total >= p.total for s in shown)
        may_muck = beaten and g.house.mucks_beaten_hands and not p.all_in and p.name not in g.turned_up
        if may_muck and g.rng.random() < 0.7:
            g.mucked.add(p.name)
            g.emit("muck", p.name)
        else:
            shown.append(p)
            g.emit("show", p.name, new=tuple(p.cards), desc=low_text(p.cards))
        resolved.add(p.name)
        while nxt >= 0 and all(e.name in resolved for e in pots[nxt][1]):
            if g.house.award_after_shows and len(resolved) < len(order):
                break
            label = "pot" if len(pots) == 1 else "main pot" if nxt == 0 else f"side pot-{nxt}"
            _award(g, pots[nxt][0], pots[nxt][1], label)
            nxt -= 1


def _award(g: Game, amount: int, eligible: list[Player], label: str) -> None:
    contenders = [p for p in eligible if p.name not in g.mucked]
    best = min(low_value(p.cards) for p in contenders)
    winners = [p for p in contenders if low_value(p.cards) == best]  # seat order
    share, odd = divmod(amount, len(winners))
    for k, w in enumerate(winners):
        win = share + (1 if k < odd else 0)
        w.stack += win
        g.won[w.name] = g.won.get(w.name, 0) + win
        g.emit("collect", w.name, amount=win, pot=label)


def build_hand(g: Game, hand_id: int, table: str, when: datetime, tid: int) -> Hand:
    """The played hand, with its summary: one result per seat."""
    results = []
    for p in g.players:
        r = SeatResult(p.seat, p.name, "folded")
        if p.folded:
            r.street, r.didnt_bet = p.fold_street, p.fold_street == 3 and not p.bet_on_third
        elif not g.showdown:
            r.result, r.amount = "collected", g.won[p.name]
        elif p.name in g.mucked:
            r.result = "mucked"
            if g.house.reveal_mucked:
                r.cards, r.desc = tuple(p.cards), low_text(p.cards)
            elif p.name == g.hero:
                r.cards = tuple(p.cards)
        else:
            r.cards, r.desc = tuple(p.cards), low_text(p.cards)
            r.amount = g.won.get(p.name, 0)
            r.result = "won" if r.amount else "lost"
        results.append(r)
    return Hand(
        hand_id, table, g.st, when,
        [SeatInfo(p.seat, p.name, g.start[p.name]) for p in g.players],
        g.hero, g.events, g.total_pot, g.pots, g.rake, results, tid,
        cards={p.name: tuple(p.cards[: p.dealt]) for p in g.players},
        end_stacks={p.name: p.stack for p in g.players},
        site=g.house.site, raked_pot=g.raked_pot,
    )  # fmt: skip
