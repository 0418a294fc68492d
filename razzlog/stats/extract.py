"""One parsed hand → the rows it adds to the three statistics tables.

Plain Python, one walk over the hand's events: the per-hand facts that need
the order of play (who brought in, who stole, who saw 4th street, who went
to showdown…) are worked out here, once; :mod:`razzlog.stats.definitions`
turns them into statistics with polars.  The column layout of the rows is
:data:`razzlog.stats.tables.HANDS_SCHEMA` (and ``PLAYERS_``/``ACTIONS_``).

Money stays ``Decimal``: ``net`` is what the player collected, plus the
uncalled bet returned to them, minus everything they put in (ante, bring-in,
bets, calls, completions and raises).  A raise's chips are its ``to`` minus
what the player already had in on that street (the log's ``amount`` is only
the increment).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from razzlog.cards import Card, best_low, format_low
from razzlog.clock import utc_time
from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    Collect,
    CommonCard,
    Deal,
    Hand,
    HandHeader,
    Seat,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    SummarySeat,
    TournamentFinish,
    UncalledReturn,
)
from razzlog.stats.shares import entry_of, rake_shares

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
CHIPS = "chips"  # the currency of tournament chips
PLAY = "play"  # the currency of play-money tables
_ZERO = Decimal(0)
# Enums hash and look up their values in Python: in the loop over every action of every
# hand, compare them by identity and read their plain ``_value_`` instead.
_STREET_INDEX = {s.value: s.index for s in Street}
_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})")
_TIME = re.compile(r"(\d{1,2}):(\d{2}):(\d{2})")

Row = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class HandRows:
    """What one hand adds: its ``hands`` row, its ``players`` rows and its ``actions`` rows."""

    hand: Row
    players: list[Row]
    actions: list[Row]


def currency_of(header: HandHeader) -> str:
    """The unit of the hand's money: ``USD``/``EUR``/… for cash, ``chips``, or ``play``."""
    if header.is_tournament:
        return CHIPS
    return header.currency or PLAY


def stakes_of(header: HandHeader) -> str:
    """``$0.04/$0.08`` for cash (``0.04/0.08 CAD`` without a known symbol), ``75/150`` otherwise."""
    small, big = header.small_bet, header.big_bet
    code = header.currency
    if header.is_tournament or code is None:
        return f"{small}/{big}"
    symbol = CURRENCY_SYMBOLS.get(code)
    return f"{symbol}{small}/{symbol}{big}" if symbol else f"{small}/{big} {code}"


def parse_played_at(text: str) -> tuple[date | None, datetime | None]:
    """The date and time printed in a header (``2009/11/26 10:24:42 ET``), as the site's local time."""
    d = _DATE.search(text)
    if d is None:
        return None, None
    try:
        day = date(int(d[1]), int(d[2]), int(d[3]))
    except ValueError:
        return None, None
    t = _TIME.search(text)
    if t is None:
        return day, None
    try:
        return day, datetime(day.year, day.month, day.day, int(t[1]), int(t[2]), int(t[3]))
    except ValueError:
        return day, None


class _Player:
    """One player's running facts while the hand is walked."""

    __slots__ = (
        "aggressive",
        "all_in",
        "ante",
        "ante_all_in",
        "bring_in",
        "bring_in_completed",
        "calls",
        "cards",
        "collected",
        "faced_steal",
        "finish",
        "folded",
        "folded_to_steal",
        "folds",
        "hole",
        "name",
        "put",
        "returned",
        "seat",
        "stack",
        "steal_attempt",
        "steal_opportunity",
        "third_raise",
        "vpip",
    )

    def __init__(self, name: str, seat: int | None, stack: Decimal | None) -> None:
        self.name = name
        self.seat = seat
        self.stack = stack
        self.ante = _ZERO
        self.ante_all_in = False
        self.put = [_ZERO, _ZERO, _ZERO, _ZERO, _ZERO]  # 3rd … 7th street
        self.returned = _ZERO
        self.collected = _ZERO
        self.cards: tuple[Card, ...] = ()
        self.hole = False
        self.folded: Street | None = None
        self.folds = 0
        # Bets, completions and raises, and calls, per street: the aggression
        # statistics count these, so the statistics need no table of actions.
        self.aggressive = [0, 0, 0, 0, 0]
        self.calls = [0, 0, 0, 0, 0]
        self.all_in = False
        self.vpip = self.third_raise = self.bring_in = self.bring_in_completed = False
        self.steal_opportunity = self.steal_attempt = self.faced_steal = self.folded_to_steal = False
        self.finish: TournamentFinish | None = None

    def see(self, cards: tuple[Card, ...]) -> None:
        if len(cards) > len(self.cards):
            self.cards = cards


class _ThirdStreet:
    """3rd-street bookkeeping behind the VPIP, bring-in, steal and fold-to-steal flags.

    ``able`` counts the players who can act on 3rd street (dealt in, not all-in
    from the ante).  A player has a steal opportunity when they act facing the
    bring-in alone, everyone who acted since the bring-in folded, and at most
    two players besides the bring-in are left to act after them; completing (or
    raising) there is a steal attempt.  The bring-in faces the steal when
    everyone between the stealer and them folds too.
    """

    __slots__ = ("able", "bring_in", "first", "folds", "limped", "opened", "steal_pending")

    def __init__(self, able: int) -> None:
        self.able = able
        self.first = True
        self.bring_in: _Player | None = None
        self.opened = False  # a completion (or raise) was made
        self.folds = 0  # folds since the bring-in, before any call or completion
        self.limped = False  # someone called the bring-in
        self.steal_pending = False  # a steal attempt that only folds have answered so far

    def act(self, p: _Player, kind: ActionKind) -> None:
        aggressive = kind is ActionKind.RAISE or kind is ActionKind.BET or kind is ActionKind.COMPLETE
        if aggressive or kind is ActionKind.CALL:
            p.vpip = True
        if aggressive:
            p.third_raise = True
        if self.first:  # the bring-in player opens 3rd street: brings in, or completes instead
            self.first = False
            if kind is ActionKind.BRING_IN:
                self.bring_in = p
                p.bring_in = True
            elif aggressive:
                p.bring_in = p.bring_in_completed = True
                self.opened = True
            return
        if self.bring_in is None:
            return
        if not self.opened:
            if p is not self.bring_in and not self.limped and self.able - 2 - self.folds <= 2:
                p.steal_opportunity = True
                if aggressive:
                    p.steal_attempt = True
                    self.steal_pending = True
            if kind is ActionKind.FOLD:
                self.folds += 1
            elif kind is ActionKind.CALL:
                self.limped = True
            self.opened = aggressive
        elif self.steal_pending:
            if p is self.bring_in:
                p.faced_steal = True
                p.folded_to_steal = kind is ActionKind.FOLD
                self.steal_pending = False
            elif kind is not ActionKind.FOLD:
                self.steal_pending = False


def hand_rows(hand: Hand, idx: int) -> HandRows:
    """The rows of ``hand``, whose key in every table is ``idx``."""
    header = hand.header
    players: dict[str, _Player] = {}
    for e in hand.events:
        if type(e) is Seat and not e.sitting_out:
            players[e.player] = _Player(e.player, e.seat, e.stack)

    def get(name: str) -> _Player:
        p = players.get(name)
        if p is None:  # acting without a seat line: keep their money all the same
            p = players[name] = _Player(name, None, None)
        return p

    actions: list[Row] = []
    fourth = False
    third: _ThirdStreet | None = None
    pot = rake = None
    for e in hand.events:  # exact types: events are final dataclasses, and ``is`` is fast
        if type(e) is Action:
            p = players.get(e.player) or get(e.player)
            street = e.street._value_
            si = _STREET_INDEX[street]
            kind = e.kind
            if kind is ActionKind.CHECK:
                put = _ZERO
            elif kind is ActionKind.FOLD:
                put = _ZERO
                p.folded = e.street
                p.folds += 1
            elif e.to is not None and (kind is ActionKind.RAISE or kind is ActionKind.COMPLETE):
                put = e.to - p.put[si]
            elif kind is ActionKind.RAISE:  # no "to" printed: the increment is over the street's top bet
                put = max(q.put[si] for q in players.values()) + e.amount - p.put[si]
            else:
                put = e.amount
            if put:
                p.put[si] += put
            if kind is ActionKind.BET or kind is ActionKind.RAISE or kind is ActionKind.COMPLETE:
                p.aggressive[si] += 1
            elif kind is ActionKind.CALL:
                p.calls[si] += 1
            if e.all_in:
                p.all_in = True
            if si == 0:
                if third is None:
                    third = _ThirdStreet(sum(1 for q in players.values() if not q.ante_all_in))
                third.act(p, kind)
            actions.append((idx, len(actions), street, e.player, kind._value_, put, e.to, e.all_in))
        elif type(e) is Deal:
            p = players.get(e.player) or get(e.player)
            p.see(e.known + e.new)
            if e.street is Street.THIRD and not e.known and len(e.new) == 3:
                p.hole = True
        elif type(e) is Ante:
            p = get(e.player)
            p.ante += e.amount
            if e.all_in:
                p.ante_all_in = p.all_in = True
        elif type(e) is StreetStart:
            fourth = fourth or e.street is Street.FOURTH
        elif type(e) is UncalledReturn:
            get(e.player).returned += e.amount
        elif type(e) is Collect:
            get(e.player).collected += e.amount
        elif type(e) is Show or type(e) is SummarySeat:
            get(e.player).see(e.cards)
        elif type(e) is CommonCard:
            for q in players.values():
                if q.folded is None:
                    q.see((*q.cards, e.card))
        elif type(e) is SummaryPot:
            pot, rake = e.total, e.rake
        elif type(e) is TournamentFinish:
            finisher = players.get(e.player)
            if finisher is not None:  # a line about a player not dealt in adds no row
                finisher.finish = e

    live = [p for p in players.values() if p.folded is None]
    showdown = len(live) >= 2
    shares = rake_shares(rake, [p.collected for p in players.values()])
    player_rows = [
        _player_row(idx, p, share, showdown, fourth)
        for p, share in zip(players.values(), shares, strict=True)
    ]
    day, time = parse_played_at(header.played_at)
    hand_row = (
        idx,
        header.site,
        header.hand_id,
        hand.file,
        header.table,
        stakes_of(header),
        header.small_bet,
        header.big_bet,
        currency_of(header),
        header.is_tournament,
        header.tournament_id,
        header.played_at,
        day,
        time,
        utc_time(header.played_at),
        len(players),
        *entry_of(header),
        pot,
        rake,
    )
    return HandRows(hand_row, player_rows, actions)


def _player_row(idx: int, p: _Player, rake_paid: Decimal, showdown_hand: bool, fourth: bool) -> Row:
    put = p.put
    net = p.collected + p.returned - p.ante - put[0] - put[1] - put[2] - put[3] - put[4]
    at_showdown = showdown_hand and p.folded is None
    won = p.collected > 0
    low: str | None = None
    top: int | None = None
    if at_showdown and len(p.cards) >= 5:
        ranks = best_low(p.cards)
        low = format_low(ranks)
        if len(set(ranks)) == 5:
            top = ranks[0]
    return (
        idx,
        p.name,
        p.seat,
        p.stack,
        p.hole,
        p.ante,
        put[0],
        put[1],
        put[2],
        put[3],
        put[4],
        p.returned,
        p.collected,
        net,
        rake_paid,
        p.finish is not None,
        p.finish.place if p.finish is not None else None,
        p.finish.prize if p.finish is not None else None,
        " ".join(str(c) for c in p.cards),
        p.folded._value_ if p.folded is not None else None,
        p.all_in,
        fourth and (p.folded is None or p.folded is not Street.THIRD),
        at_showdown,
        won,
        at_showdown and won,
        p.vpip,
        p.third_raise,
        p.bring_in,
        p.bring_in_completed,
        p.steal_opportunity,
        p.steal_attempt,
        p.faced_steal,
        p.folded_to_steal,
        low,
        top,
        low is not None,
        *p.aggressive,
        *p.calls,
        p.folds,
    )
