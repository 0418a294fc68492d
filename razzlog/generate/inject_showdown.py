"""Injected violations of the pots, the showdown and the summary (see ``inject.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable

from razzlog.cards import RANK_CHARS
from razzlog.generate import Event, Hand, best_five, low_text, low_value, shift_pot, sole_winner


def _uncalled_bet(h: Hand, rng: random.Random) -> bool:
    back = [e for e in h.events if e.kind == "uncalled" and e.amount >= 2]
    if not back:
        return False
    d = back[0].amount // 2
    back[0].amount -= d
    return shift_pot(h, d, back[0].player)


def _pot_total(h: Hand, rng: random.Random) -> bool:
    h.total_pot += max(1, h.stakes.small_bet // 4)
    return True


def _shown(h: Hand) -> list[Event]:
    """The shows of the showdown (not the hands Full Tilt turns up before it)."""
    return [e for e in h.events if e.kind == "show" and e.desc]


def turned_up(h: Hand) -> bool:
    """Some hands were shown before the last cards (everyone but one all in).  KingsClub
    never shows their 7th cards, so what such a hand is cannot be judged from its log."""
    return any(e.kind == "show" and not e.desc for e in h.events)


def _pot_award(h: Hand, rng: random.Random) -> bool:
    if h.site == "kingsclub" and turned_up(h):
        return False
    win = sole_winner(h)
    losers = [e.player for e in _shown(h) if win is not None and e.player != win.player]
    if win is None or not losers or win.amount < 3:
        return False
    loser, d = rng.choice(losers), win.amount // 3
    win.amount -= d
    h.events.insert(h.events.index(win) + 1, Event("collect", loser, amount=d, pot=win.pot))
    for r in h.results:
        if r.player == win.player:
            r.amount -= d
        if r.player == loser:
            r.result, r.amount = "won", d
    return True


def _showdown_order(h: Hand, rng: random.Random) -> bool:
    ev = h.events
    # KingsClub's profile judges no order with side pots, and its hands turned up early
    # are not shown again.
    if h.site == "kingsclub" and (h.pots or turned_up(h)):
        return False
    # Full Tilt's, Winamax's and Merge's order of all-in players is not judged when there are side pots.
    free = (
        {e.player for e in ev if e.all_in} if h.site in ("fulltilt", "winamax", "merge") and h.pots else set()
    )
    options = [
        k
        for k in range(len(ev) - 1)
        if ev[k].kind == ev[k + 1].kind == "show"
        and ev[k].desc
        and not {ev[k].player, ev[k + 1].player} & free
    ]
    if not options:
        return False
    k = rng.choice(options)
    ev[k], ev[k + 1] = ev[k + 1], ev[k]
    return True


def _hand_description(h: Hand, rng: random.Random) -> bool:
    shows = _shown(h)
    if not shows:
        return False
    e = rng.choice(shows)
    ranks = sorted({c.rank for c in e.new})
    five = sorted(best_five([c.rank for c in e.new]))
    spare = [r for r in ranks if r not in five] or [r for r in range(1, 14) if r not in ranks]
    wrong = sorted([*five[:4], spare[0]], reverse=True)
    e.desc = ",".join(RANK_CHARS[r - 1] for r in wrong)
    for r in h.results:
        if r.player == e.player:
            r.desc = e.desc
    return e.desc != low_text(e.new)


def _mucked_winner(h: Hand, rng: random.Random) -> bool:
    win, shows = sole_winner(h), _shown(h)
    hero = next((e for e in shows if e.player == h.hero), None)
    others = [e for e in shows if e.player != h.hero]
    if win is None or hero is None or win.player != h.hero or not others:
        return False
    if any(e.kind == "muck" for e in h.events):
        return False
    best = min(others, key=lambda e: low_value(e.new))
    if sum(low_value(e.new) == low_value(best.new) for e in others) > 1:
        return False
    h.events[h.events.index(hero)] = Event("muck", h.hero)
    win.player = best.player
    for r in h.results:
        if r.player == h.hero:
            r.result, r.amount, r.desc = "mucked", 0, ""
        if r.player == best.player:
            r.result, r.amount = "won", win.amount
    return True


def _summary_mismatch(h: Hand, rng: random.Random) -> bool:
    folded = [r for r in h.results if r.result == "folded"]
    if not folded:
        return False
    r = rng.choice(folded)
    r.street, r.didnt_bet = (4 if r.street == 3 else r.street - 1), False
    return True


SHOWDOWN_MUTATIONS: dict[str, Callable[[Hand, random.Random], bool]] = {
    "uncalled-bet": _uncalled_bet,
    "pot-total": _pot_total,
    "pot-award": _pot_award,
    "showdown-order": _showdown_order,
    "hand-description": _hand_description,
    "mucked-winner": _mucked_winner,
    "summary-mismatch": _summary_mismatch,
}
