"""Inject exactly one violation of a catalogue rule into a legal dealt hand.

``inject(hand, rule, rng)`` returns a changed deep copy, or ``None`` when the
hand has no place for that rule.  Everything else stays as the legal hand had
it; where chips move, the pot follows the logged chips so that no second rule
breaks: the single pot's only winner collects the difference (``Total pot`` and
the summary follow), and money mutations pick hands without an uncalled bet, so
the amount returned cannot depend on how it is computed.  The copy's
``end_stacks`` are the stacks its log implies (the dealer's session continues
from them, so the next hand stays continuous).  Every mutation is checked by
a replay of the chips: no stack goes negative and every all-in flag agrees with
the stack (except for ``stack-overdraw``, which breaks exactly that once).

Mutations, per rule (those of the pots, the showdown and the summary, from
uncalled-bet on, are in ``inject_showdown.py``):

* duplicate-card: a non-door card of one player becomes another player's card of
  the same rank already in the log (everywhere that player's card appears).
* card-mismatch: one repeated earlier card in a later ``Dealt to`` line becomes an
  unseen card of the same rank (only in that line).
* ante-amount / missing-ante: the winner's ante is doubled / removed.
* bring-in-player: the bring-in's door card (the bring-in folded on 3rd street)
  becomes an unseen lower card, so another player should have brought in.
* bring-in-amount: the bring-in grows (still below the small bet) in a hand where
  it was completed before anyone called it and the bring-in called later; the
  completion's increment and the bring-in's call shrink to match.
* action-order: two adjacent checks or folds of one street swap players.
* illegal-check: a player's first call on a street becomes a check; their later
  call on that street pays the whole amount.
* bet-size: the uncontested bet/raise that was returned uncalled grows by half,
  and so does the amount returned.
* call-amount: a call of the winner grows by the bring-in.
* cap-exceeded: the first call after ``Betting is capped`` (3rd–6th street, no
  all-in) becomes a raise; later callers and the capper pay one more bet.  Under
  Full Tilt's rules only where a later street's aggressor decides who shows first.
* inactive-player-acted: a folded player checks after a check on a later street.
* stack-overdraw: the last call of the hand is flagged ``and is all-in`` although
  the caller has chips left.
* uncalled-bet: the amount returned shrinks by half; the winner (who got it back)
  collects the difference, so the total pot is the legal one plus it.
* pot-total: ``Total pot`` is off by a quarter of a small bet.
* pot-award: a third of the single pot goes to a player who showed a worse hand.
* showdown-order: two adjacent ``shows`` lines of the showdown swap (under Full
  Tilt's rules with side pots, two players who are not all-in).
* hand-description: a shown low (and its summary line) names a worse five cards.
* mucked-winner: the hero, the only winner of a single pot, mucks instead; the
  best other shown hand collects the pot.
* summary-mismatch: a folded player's summary line names another street.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from razzlog.cards import Card
from razzlog.generate import (
    Event,
    Hand,
    event_streets,
    logged_cards,
    no_uncalled,
    replay_chips,
    shift_pot,
    sole_winner,
)
from razzlog.generate.inject_showdown import SHOWDOWN_MUTATIONS, turned_up

RULES: tuple[str, ...] = (
    "duplicate-card", "card-mismatch", "ante-amount", "missing-ante", "bring-in-player",
    "bring-in-amount", "action-order", "illegal-check", "bet-size", "call-amount",
    "cap-exceeded", "inactive-player-acted", "stack-overdraw", "uncalled-bet", "pot-total",
    "pot-award", "showdown-order", "hand-description", "mucked-winner", "summary-mismatch",
)  # fmt: skip

# Sites whose house shows the latest street's aggressor first when nobody bet on
# 7th, and does not judge the order of all-in players with side pots (house.py).
LAST_AGGRESSOR_SITES = ("fulltilt", "winamax", "merge", "kingsclub")

ALL_CARDS = tuple(Card(r, s) for r in range(1, 14) for s in "shdc")


def _replace_card(h: Hand, player: str, old: Card, new: Card) -> None:
    def swap(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(new if c == old else c for c in cards)

    for e in h.events:
        if e.player == player:
            e.old, e.new = swap(e.old), swap(e.new)
    for r in h.results:
        if r.player == player:
            r.cards = swap(r.cards)
    h.cards[player] = swap(h.cards[player])


def _doors(h: Hand) -> dict[str, Card]:
    s = event_streets(h)
    return {e.player: e.new[-1] for i, e in enumerate(h.events) if e.kind == "deal" and s[i] == 3}


def _duplicate_card(h: Hand, rng: random.Random) -> bool:
    if h.site == "kingsclub" and turned_up(h):
        return False  # its hands turned up early are not known whole
    logged, doors = logged_cards(h), set(_doors(h).values())
    mine = {e.player: set(e.old + e.new) for e in h.events if e.kind in ("deal", "show")}
    theirs: dict[str, set[Card]] = {}
    for e in h.events:
        theirs.setdefault(e.player, set()).update(e.old + e.new)
    # The copy is another player's card: one card twice in a single hand is a
    # different fault, which a hand turned up early (Full Tilt) also shows as
    # the hand repeated differently.
    options = [
        (p, c, d)
        for p, cs in sorted(mine.items())
        for c in sorted(cs - doors)
        for d in sorted(logged - theirs[p])
        if d.rank == c.rank
    ]
    if not options:
        return False
    _replace_card(h, *rng.choice(options))
    return True


def _card_mismatch(h: Hand, rng: random.Random) -> bool:
    logged = logged_cards(h)
    options = [
        (e, j, Card(c.rank, s))
        for e in h.events
        if e.kind == "deal"
        for j, c in enumerate(e.old)
        for s in "shdc"
        if Card(c.rank, s) not in logged
    ]
    if not options:
        return False
    e, j, new = rng.choice(options)
    e.old = (*e.old[:j], new, *e.old[j + 1 :])
    return True


def _winner_ante(h: Hand, rng: random.Random, delta_of: Callable[[int], int | None]) -> bool:
    win = sole_winner(h)
    antes = [e for e in h.events if e.kind == "ante"]
    if win is None or len(antes) < 3 or not no_uncalled(h):
        return False
    if any(e.all_in for e in h.events if e.player == win.player):
        return False
    ante = next(e for e in antes if e.player == win.player)
    delta = delta_of(ante.amount)
    if delta is None:
        h.events.remove(ante)
        delta = -ante.amount
    else:
        ante.amount += delta
    return shift_pot(h, delta, win.player)


def _expected_bring_in(h: Hand) -> str:
    """Highest door (suits s > h > d > c), passed clockwise past ante all-ins."""
    doors = _doors(h)
    order = [s.player for s in sorted(h.seats, key=lambda s: s.seat)]
    top = max(order, key=lambda p: (doors[p].rank, "cdhs".index(doors[p].suit)))
    broke = {e.player for e in h.events if e.kind == "ante" and e.all_in}
    i = order.index(top)
    return next(p for p in order[i:] + order[:i] if p not in broke)


def _bring_in_player(h: Hand, rng: random.Random) -> bool:
    bring = next(e for e in h.events if e.kind == "bring-in")
    folded = any(r.player == bring.player and r.result == "folded" and r.street == 3 for r in h.results)
    door = _doors(h)[bring.player]
    if not folded:
        return False
    logged = logged_cards(h)
    fresh = [c for c in ALL_CARDS if c.rank < door.rank and c not in logged]
    rng.shuffle(fresh)
    for card in fresh:
        _replace_card(h, bring.player, door, card)
        if _expected_bring_in(h) != bring.player:
            return True
        _replace_card(h, bring.player, card, door)
    return False


def _bring_in_amount(h: Hand, rng: random.Random) -> bool:
    s, ev, st = event_streets(h), h.events, h.stakes
    i = next(k for k, e in enumerate(ev) if e.kind == "bring-in")
    bring = ev[i]
    third = [
        k for k in range(i + 1, len(ev)) if s[k] == 3 and ev[k].kind in ("fold", "check", "call", "raise")
    ]
    acts = [k for k in third if ev[k].kind != "fold"]
    again = [k for k in third if ev[k].player == bring.player]
    d = max(1, (st.small_bet - st.bring_in) // 2)
    if bring.all_in or not acts or ev[acts[0]].kind != "raise" or ev[acts[0]].amount <= d:
        return False
    if not again or ev[again[0]].kind not in ("call", "raise"):
        return False
    bring.amount += d
    ev[acts[0]].amount -= d
    if ev[again[0]].kind == "call":
        ev[again[0]].amount -= d
    return True


def _action_order(h: Hand, rng: random.Random) -> bool:
    ev, s = h.events, event_streets(h)
    options = [
        k
        for k in range(len(ev) - 1)
        if s[k] == s[k + 1] <= 7 and ev[k].kind == ev[k + 1].kind and ev[k].kind in ("check", "fold")
    ]
    if not options:
        return False
    k = rng.choice(options)
    ev[k], ev[k + 1] = ev[k + 1], ev[k]
    return True


def _illegal_check(h: Hand, rng: random.Random) -> bool:
    ev, s = h.events, event_streets(h)
    options = []
    for k, e in enumerate(ev):
        if e.kind != "call" or e.all_in:
            continue
        mine = [
            j
            for j in range(len(ev))
            if s[j] == s[k]
            and ev[j].player == e.player
            and ev[j].kind in ("bring-in", "fold", "check", "call", "bet", "raise")
        ]
        later = [j for j in mine if j > k]
        if mine[0] == k and later and ev[later[0]].kind in ("call", "raise"):
            options.append((k, later[0]))
    if not options:
        return False
    k, j = rng.choice(options)
    if ev[j].kind == "call":
        ev[j].amount += ev[k].amount
    ev[k] = Event("check", ev[k].player)
    return True


def _bet_size(h: Hand, rng: random.Random) -> bool:
    ev = h.events
    back = [k for k, e in enumerate(ev) if e.kind == "uncalled"]
    if not back or any(e.kind == "showdown" for e in ev):
        return False
    ret, s = ev[back[0]], event_streets(h)
    bets = [e for k, e in enumerate(ev[: back[0]]) if e.kind in ("bet", "raise") and s[k] == s[back[0]]]
    if not bets or bets[-1].player != ret.player or bets[-1].all_in:
        return False
    bet = bets[-1]
    if bet.amount != ret.amount:
        return False
    d = max(1, bet.amount // 2)
    bet.amount += d
    bet.to += d if bet.kind == "raise" else 0
    ret.amount += d
    return True


def _call_amount(h: Hand, rng: random.Random) -> bool:
    win = sole_winner(h)
    if win is None or not no_uncalled(h):
        return False
    ev, s = h.events, event_streets(h)
    mine = [
        k
        for k, e in enumerate(ev)
        if e.player == win.player and e.kind in ("bring-in", "check", "call", "bet", "raise")
    ]
    calls = [
        k
        for k in mine
        if ev[k].kind == "call" and not ev[k].all_in and not any(j > k and s[j] == s[k] for j in mine)
    ]  # their last act on the street
    if not calls:
        return False
    ev[rng.choice(calls)].amount += h.stakes.bring_in
    return shift_pot(h, h.stakes.bring_in, win.player)


def _cap_exceeded(h: Hand, rng: random.Random) -> bool:
    ev, s = h.events, event_streets(h)
    caps = [k for k, e in enumerate(ev) if e.kind == "capped" and s[k] < 7]
    if not caps or h.pots or any(e.all_in for e in ev):
        return False
    c = rng.choice(caps)
    # Full Tilt, Winamax, Merge, KingsClub: the new raise must not make its raiser the first to show (the
    # latest street's aggressor does), which would break the showdown order.
    showdown = "showdown" in (e.kind for e in ev)
    later = any(e.kind in ("bet", "raise") and s[k] > s[c] for k, e in enumerate(ev))
    if h.site in LAST_AGGRESSOR_SITES and showdown and not later:
        return False
    rest = [k for k in range(c + 1, len(ev)) if s[k] == s[c] and ev[k].kind in ("call", "fold")]
    end = max(rest, default=c) + 1
    calls = [k for k in rest if ev[k].kind == "call"]
    # Merge: a round that has come down to two players has no cap (docs/sites/merge.md)
    folded = {e.player for e in ev[:end] if e.kind == "fold"}
    if h.site == "merge" and len({seat.player for seat in h.seats} - folded) <= 2:
        return False
    if not calls or any(ev[k].kind not in ("call", "fold") for k in range(c + 1, end)):
        return False
    unit, level = h.stakes.bet_for(s[c]), ev[c - 1].to
    ev[calls[0]] = Event("raise", ev[calls[0]].player, amount=unit, to=level + unit)
    for k in calls[1:]:
        ev[k].amount += unit
    ev.insert(end, Event("call", ev[c - 1].player, amount=unit))
    paid = unit * (1 + len(calls))
    win = sole_winner(h)
    return win is not None and shift_pot(h, paid, win.player)


def _inactive_acted(h: Hand, rng: random.Random) -> bool:
    ev, s = h.events, event_streets(h)
    folds = {e.player: s[k] for k, e in enumerate(ev) if e.kind == "fold"}
    options = [(k, p) for k, e in enumerate(ev) if e.kind == "check" for p, f in folds.items() if f < s[k]]
    if not options:
        return False
    k, p = rng.choice(options)
    ev.insert(k + 1, Event("check", p))
    return True


def _stack_overdraw(h: Hand, rng: random.Random) -> bool:
    acts = [e for e in h.events if e.kind in ("bring-in", "fold", "check", "call", "bet", "raise")]
    last = acts[-1]
    if not any(e.kind == "showdown" for e in h.events) or last.kind != "call" or last.all_in:
        return False
    last.all_in = True
    return True


_MUTATIONS: dict[str, Callable[[Hand, random.Random], bool]] = {
    "duplicate-card": _duplicate_card,
    "card-mismatch": _card_mismatch,
    "ante-amount": lambda h, rng: _winner_ante(h, rng, lambda a: a),
    "missing-ante": lambda h, rng: _winner_ante(h, rng, lambda a: None),
    "bring-in-player": _bring_in_player,
    "bring-in-amount": _bring_in_amount,
    "action-order": _action_order,
    "illegal-check": _illegal_check,
    "bet-size": _bet_size,
    "call-amount": _call_amount,
    "cap-exceeded": _cap_exceeded,
    "inactive-player-acted": _inactive_acted,
    "stack-overdraw": _stack_overdraw,
    **SHOWDOWN_MUTATIONS,
}


def inject(hand: Hand, rule: str, rng: random.Random) -> Hand | None:
    """A copy of ``hand`` with exactly one violation of ``rule``, or ``None``."""
    if rule not in _MUTATIONS:
        raise ValueError(f"cannot inject {rule!r}; known: {', '.join(RULES)}")
    h = copy.deepcopy(hand)
    if not _MUTATIONS[rule](h, rng):
        return None
    stacks, problems = replay_chips(h)
    if problems != (rule == "stack-overdraw") or min(stacks.values()) < 0:
        return None
    h.end_stacks = stacks
    return h
