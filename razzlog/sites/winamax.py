"""Winamax razz hand histories: detection, the Lark transformer, ``parse_hand``.

The format itself is ``grammars/winamax.lark``; this module turns what the
grammar recognised into the site-neutral events of :mod:`razzlog.events`, the
way :mod:`.fulltilt` does (same masking, parser set-up and error reporting, from
:mod:`.common`).  What Winamax prints differently (docs/sites/winamax.md has the
real lines each point comes from):

* the header prints ante, small bet and big bet, ``(5€/25€/50€)``
  (``HandHeader.ante``); the bring-in is not printed;
* amounts carry the sign after the number (``5€``); ``(play money)`` and
  tournament chips none;
* hand ids ``9250793-444-1478990340`` are kept as printed;
* ``Dealt to Player0 [X X 8h] [4h]``: ``X`` is a hidden card, left out of the
  event; a line that shows no new card (``[X]`` on 7th street) makes no event;
* ``raises 25€ to 25€`` over a bring-in is the completion; ``to`` is the
  player's total for the street, except in an all-in raise by the player who
  brought in, where Winamax prints the chips of the raise alone and a negative
  increment (``raises -6.10€ to 18.90€`` after bringing in 10€ against 25€):
  a ``to`` below the bet it raises is read as added to the player's chips;
* Winamax never returns an uncalled bet: the excess stays in ``Total pot``
  and in what the bettor ``collected`` (a side pot of its own when the
  caller was all-in).  The transformer adds the :class:`UncalledReturn` the
  rules expect and takes its amount out of that player's collection, the
  total pot and their summary line;
* the summary names only the players who showed or won: the others get a
  ``SeatOutcome.OTHER`` line (nothing said), so the summary rule does not
  report them missing.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from typing import Any

from lark import Token

from razzlog.cards import Card
from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    Collect,
    Deal,
    Event,
    Hand,
    HandHeader,
    OtherGameHand,
    Seat,
    SeatOutcome,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.sites import common, errors
from razzlog.sites.common import (
    SiteParser,
    SiteTransformer,
    bracketed,
    check_played_at,
    check_table_size,
    exact_amount,
    low_ranks,
    seat_of,
)
from razzlog.sites.errors import Vocabulary
from razzlog.sites.masking import MARK_CLOSE, Syntax
from razzlog.sources import RawHand
from razzlog.violations import Violation

NAME = "winamax"
TITLE = "Winamax"  # as users know it (messages)
HEADER_PREFIXES: tuple[str, ...] = ("Winamax Poker - ",)

GRAMMAR_FILE = "winamax.lark"

_MONEY = r"-?\d+(?:\.\d+)?[€$£]?"
_SEEN = r"\[(?:(?:10|[2-9TJQKA])[shdc]|X)(?: (?:(?:10|[2-9TJQKA])[shdc]|X))*\]"

SYNTAX = Syntax(
    seat_line=re.compile(rf"Seat (\d+): (.+) \(({_MONEY})(?:, {_MONEY} bounty)?\)(.*)"),
    loose_seat_line=re.compile(r"Seat (\d+): (.+?) \(.*"),
    line_tails=(
        rf" (?:posts ante {_MONEY}|brings in {_MONEY}|bets {_MONEY}|calls {_MONEY}"
        rf"|raises {_MONEY} to {_MONEY}|checks$|folds$|shows {_SEEN}"
        r"|collected \S+ from (?:pot|main pot|side pot \d+)$)"
    ),
    fallback_tail=" ",
    fallback_shortest=True,
    returned=r"(?!)",  # Winamax prints no uncalled bet line
)

# --------------------------------------------------------------------------- values


def money(text: str) -> Decimal:
    """``"1546.72€"`` / ``"-6.10€"`` / ``"18694"`` -> Decimal."""
    return exact_amount(text[:-1] if text[-1] in "€$£" else text, text)


def last_money(value: str) -> Decimal:
    """The amount that ends a phrase such as ``"NAME bets 25€"``."""
    return money(value[value.rindex(" ") + 1 :])


# "Low : 8-6-4-2-A": how razzlog's generator describes a razz low (assumed: no real
# Winamax razz showdown is known; any other description is not checked)
_LOW = re.compile(r"Low : ((?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA]))*)")


def described_low(text: str) -> tuple[int, ...]:
    """The ranks of a described low (``"Low : 8-6-4-2-A"``); () for any other hand."""
    m = _LOW.fullmatch(text)
    return low_ranks(m.group(1).replace("-", ",")) if m else ()


def seen_cards(value: str) -> tuple[Card, ...]:
    """The visible cards of ``" [X X 8h]"`` (``X``: a hidden card)."""
    inner = value[value.rindex("[") + 1 : value.rindex("]")]
    return tuple(Card.parse(t) for t in inner.split() if t != "X")


_STREET_OF_TERMINAL = {
    "THIRD": Street.THIRD,
    "FOURTH": Street.FOURTH,
    "FIFTH": Street.FIFTH,
    "SIXTH": Street.SIXTH,
    "SEVENTH": Street.SEVENTH,
    "SHOW_DOWN": Street.SHOWDOWN,
    "SUMMARY": Street.SUMMARY,
}
_ACTION_OF_TERMINAL = {
    "BRINGS_IN": ActionKind.BRING_IN,
    "BETS": ActionKind.BET,
    "CALLS": ActionKind.CALL,
    "RAISES": ActionKind.RAISE,
    "CHECKS": ActionKind.CHECK,
    "FOLDS": ActionKind.FOLD,
}
# "folded on the 3rd street": the words Winamax's hold'em logs use for streets
# are known ("pre-flop"); stud's are not, so only a street razzlog can name is kept
_STREET_OF_FOLD = {
    "3rd street": Street.THIRD,
    "4th street": Street.FOURTH,
    "5th street": Street.FIFTH,
    "6th street": Street.SIXTH,
    "7th street": Street.SEVENTH,
}
_ZERO = Decimal(0)
_TOURNAMENT = re.compile(r'Tournament "(.*)" buyIn: (.*?)(?: level: (\S+))?$')
# the table of a tournament: 'NAME(TOURNAMENT ID)#TABLE'
_TOURNAMENT_TABLE = re.compile(r"\((\d+)\)#(\d+)$")


# --------------------------------------------------------------------------- transformer


class WinamaxTransformer(SiteTransformer):
    """Winamax's lines to events (the shared part: :class:`.common.SiteTransformer`).

    Besides the street and the names, it keeps the street's bets (the highest
    total and each player's) to read a raise's ``to``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.bet = _ZERO
        self.put: dict[str, Decimal] = {}
        self.left: dict[str, Decimal] = {}  # each player's stack still behind
        self.header_tokens: list[Token] = []

    def reset(self, names: tuple[str, ...], first_line: int) -> None:
        super().reset(names, first_line)
        self.bet = _ZERO
        self.put = {}
        self.left = {}
        self.header_tokens = []

    # -- header
    def header(self, c: list[Token]) -> list[Token]:
        # the currency and the tournament's table are on the next line: the header is
        # built by ``table``
        self.header_tokens = c
        return c

    def table(self, c: list[Token]) -> HandHeader:
        h = {t.type: t for t in self.header_tokens}
        t = {tok.type: tok for tok in c}
        check_played_at(h["DATETIME"])
        stakes = h["STAKES"].value[:-4].split("/")  # "5€/25€/50€) - "
        tournament = _TOURNAMENT.match(h["TOURNAMENT"].value) if "TOURNAMENT" in h else None
        real_money = t["MONEY_KIND"].value == " (real money)"
        # Winamax's real-money tables play in euros; play money and chips have no currency
        currency = "EUR" if tournament is None and real_money else None
        self._table_currency(currency)
        self._amounts(h["STAKES"])
        table = t["TABLE"].value[len("\nTable: '") : -1]
        size = t.get("TABLE_SIZE")
        max_seats: int | None = None
        if size is not None:
            max_seats = int(size.value[1:-4])
            check_table_size(size, max_seats, 1)
        tournament_id: str | None = None
        if tournament is not None:
            number = _TOURNAMENT_TABLE.search(table)
            tournament_id = number.group(1) if number else None
        return HandHeader(
            site=NAME,
            hand_id=h["HAND_ID"].value[len(" - HandId: #") :],
            game="razz",
            small_bet=money(stakes[-2]),
            big_bet=money(stakes[-1]),
            currency=currency,
            is_tournament=tournament is not None,
            tournament_id=tournament_id,
            buy_in=tournament.group(2) if tournament else None,
            level=tournament.group(3) if tournament else None,
            played_at=h["DATETIME"].value,
            table=table,
            max_seats=max_seats,
            line=self._lineno(self.header_tokens[0]),
            ante=money(stakes[0]) if len(stakes) == 3 else None,
        )

    def seat(self, c: list[Token]) -> Seat:
        stack = c[1].value  # " (1546.72€)" or " (18694, 9€ bounty)"
        self._amounts(c[1])
        seat = Seat(
            seat_of(c[0]), self._player(c[0]), money(stack[2:-1].split(",")[0]), False, self._lineno(c[0])
        )
        self.left[seat.player] = seat.stack
        return seat

    def ante(self, c: list[Token]) -> Ante:
        self._amounts(c[0])
        ante = Ante(self._player(c[0]), last_money(c[0].value), c[-1].type == "ALL_IN", self._lineno(c[0]))
        self.left[ante.player] = self.left.get(ante.player, _ZERO) - ante.amount
        return ante

    # -- streets
    def street(self, c: list[Token]) -> StreetStart:
        self.current = _STREET_OF_TERMINAL[c[0].type]
        self.bet = _ZERO
        self.put = {}
        return StreetStart(self.current, self._lineno(c[0]))

    def deal(self, c: list[Token]) -> Deal | None:
        if len(c) == 3:
            known, new = seen_cards(c[1].value), seen_cards(c[2].value)
        else:
            known, new = (), seen_cards(c[1].value)
        if not new:
            return None  # "[X]": a card dealt face down to someone else
        return Deal(self.current, self._player(c[0]), known, new, self._lineno(c[0]))

    def line(self, c: list[Token]) -> None:
        return None  # a noise line (the others are passed through by "?line")

    def action(self, c: list[Token]) -> Action:
        verb = c[0]  # "\nNAME bets 25€"
        player = self._player(verb)
        kind = _ACTION_OF_TERMINAL[verb.type]
        line = self._lineno(verb)
        if kind in (ActionKind.CHECK, ActionKind.FOLD):
            return Action(self.current, player, kind, _ZERO, None, False, line)
        self._amounts(verb)
        printed = last_money(verb.value)
        had = self.put.get(player, _ZERO)
        left = self.left.get(player, _ZERO)
        all_in = c[-1].type == "ALL_IN"
        to: Decimal | None = None
        if kind is ActionKind.RAISE:
            if printed >= self.bet:
                to = printed
            else:
                # "raises -6.10€ to 18.90€": the all-in raise of the player who brought
                # in, printed without the bring-in and without " and is all-in" (the
                # real log): the chips of the raise, the whole stack behind
                to = had + printed
                all_in = all_in or printed == left
            amount = to - self.bet
            added = to - had
        else:
            amount = added = printed
        self.put[player] = had + added
        self.left[player] = left - added
        self.bet = max(self.bet, self.put[player])
        return Action(self.current, player, kind, amount, to, all_in, line)

    def collect(self, c: list[Token]) -> Collect:
        value = c[0].value  # "\nNAME collected 258€ from side pot 1"
        self._amounts(c[0])
        rest = value[value.index(" collected ", value.index(MARK_CLOSE)) + 11 :]
        amount, where = rest.split(" from ", 1)
        pot: int | None
        if where == "pot":
            pot = None
        elif where == "main pot":
            pot = 0
        else:
            pot = int(where[9:])
        return Collect(self._player(c[0]), money(amount), pot, self._lineno(c[0]))

    def show(self, c: list[Token]) -> Show:
        # " (Low : 8-6-4-2-A)"; another description ("(Straight King high)") is not checked
        description = described_low(c[2].value[2:-1]) if len(c) > 2 else ()
        return Show(self.current, self._player(c[0]), bracketed(c[1].value), description, self._lineno(c[0]))

    # -- summary
    def pot_line(self, c: list[Token]) -> SummaryPot:
        self._amounts(*c)
        # "Total pot 258€ | Rake 2€": Winamax's total is what was collected, the rake
        # already taken out; razzlog's is before the rake
        rake = last_money(c[1].value) if c[1].type == "RAKE" else _ZERO
        return SummaryPot(last_money(c[0].value) + rake, None, (), rake, self._lineno(c[0]))

    def summary_seat(self, c: list[Token]) -> SummarySeat:
        outcome = SeatOutcome.OTHER
        street: Street | None = None
        cards: tuple[Card, ...] = ()
        won: Decimal | None = None
        description: tuple[int, ...] = ()
        for t in c[1:]:
            k = t.type
            if k == "SHOWED":
                outcome = SeatOutcome.SHOWED_LOST
                cards = bracketed(t.value)
            elif k in ("WON", "WON_ALONE"):
                self._amounts(t)
                outcome = SeatOutcome.SHOWED_WON if k == "WON" else SeatOutcome.COLLECTED
                won = last_money(t.value)
            elif k == "WITH_HAND":
                description = described_low(t.value[len(" with ") :])
            elif k == "FOLDED":
                outcome = SeatOutcome.FOLDED
                street = _STREET_OF_FOLD.get(t.value[len(" folded on the ") :].lower())
        return SummarySeat(
            seat_of(c[0]),
            self._player(c[0]),
            outcome,
            street,
            None,
            cards,
            won,
            description,
            self._lineno(c[0]),
        )

    # -- the hand
    def start(self, c: list[Any]) -> tuple[HandHeader, tuple[Event, ...]]:
        header: HandHeader = c[1]
        events: list[Event] = [item for item in c[2:] if item is not None]
        return header, tuple(_summary_complete(_uncalled_returned(events)))


def _uncalled_returned(events: list[Event]) -> list[Event]:
    """The events with the uncalled bet Winamax leaves in the pot returned (see the module)."""
    actions = [i for i, e in enumerate(events) if isinstance(e, Action)]
    if not actions:
        return events
    last = actions[-1]
    street = events[last].street  # type: ignore[union-attr]
    put: dict[str, Decimal] = {}
    for i in actions:
        a = events[i]
        assert isinstance(a, Action)
        if a.street is street:
            put[a.player] = a.to if a.to is not None else put.get(a.player, _ZERO) + a.amount
    ranked = sorted(put.items(), key=lambda item: item[1], reverse=True)
    second = ranked[1][1] if len(ranked) > 1 else _ZERO
    player, top = ranked[0]
    excess = top - second
    # out of their last collection that holds it (Winamax's logs show the excess
    # alone as a side pot, "collected 854 from side pot 1", in the real hold'em log)
    taking = [
        i
        for i, e in enumerate(events)
        if isinstance(e, Collect) and e.player == player and e.amount >= excess
    ]
    if excess <= 0 or not taking:
        return events  # the log's own amounts are judged as they are
    last_collect = events[taking[-1]]
    assert isinstance(last_collect, Collect)
    out: list[Event | None] = list(events)
    kept = last_collect.amount - excess
    out[taking[-1]] = dataclasses.replace(last_collect, amount=kept) if kept else None
    for i, e in enumerate(out):
        if isinstance(e, SummaryPot):
            out[i] = dataclasses.replace(e, total=e.total - excess)
        elif isinstance(e, SummarySeat) and e.player == player and e.won is not None:
            out[i] = dataclasses.replace(e, won=e.won - excess)
    out.insert(last + 1, UncalledReturn(player, excess, events[last].line))
    return [e for e in out if e is not None]


def _summary_complete(events: list[Event]) -> list[Event]:
    """A summary line saying nothing (``OTHER``) for every seat the summary leaves out."""
    listed = {e.player for e in events if isinstance(e, SummarySeat)}
    pot_line = next((e.line for e in events if isinstance(e, SummaryPot)), 0)
    missing = [
        SummarySeat(e.seat, e.player, SeatOutcome.OTHER, None, None, (), None, (), pot_line)
        for e in events
        if isinstance(e, Seat) and e.player not in listed
    ]
    return events + missing


# --------------------------------------------------------------------------- header check

_HEADER_RE = re.compile(r"Winamax Poker - .*? - HandId: #(\d+-\d+-\d+) - (.*)")
_GAME_RE = re.compile(r"(.+? (?:fixed limit|no limit|pot limit)) \(")


def hand_id_of(header: str) -> str | None:
    m = _HEADER_RE.match(header)
    return m.group(1) if m else None


def game_of(header: str) -> str | None:
    """The game a header announces, with its limit (``"Razz fixed limit"``, ``"7-Card Stud fixed limit"``,
    ``"Holdem no limit"``…); None if unreadable."""
    m = _HEADER_RE.match(header)
    if not m:
        return None
    g = _GAME_RE.match(m.group(2))
    return g.group(1).strip() if g else None


# --------------------------------------------------------------------------- parse_hand


def parse_hand(raw: RawHand) -> Hand | Violation | OtherGameHand:
    """Parse one Winamax hand into events, or say why it cannot be."""
    header = common.readable_header(raw.lines[0]) if raw.lines else ""
    return PARSER.parse_hand(raw, hand_id_of(header.lstrip("\ufeff")), game_of(header.lstrip("\ufeff")))


# --------------------------------------------------------------------------- parse errors

VOCABULARY = Vocabulary(
    words={
        "SITE": "'Winamax Poker - '",
        "CASH_GAME": "'CashGame'",
        "TOURNAMENT": "a tournament (such as 'Tournament \"NAME\" buyIn: 18€ + 2€ level: 11')",
        "HAND_ID": "the hand id (' - HandId: #9250793-444-1478990340')",
        "RAZZ": "' - Razz fixed limit ('",
        "STAKES": "the stakes (such as '5€/25€/50€) - ')",
        "DATETIME": "a date and time (such as 2016/11/12 22:39:00 UTC)",
        "TABLE": "the table (\"Table: 'NAME'\")",
        "TABLE_SIZE": "the table's size (such as ' 6-max')",
        "MONEY_KIND": "'(real money)' or '(play money)'",
        "BUTTON": "'Seat #N is the button'",
        "SEAT": "a seat ('Seat N: NAME')",
        "STACK": "a stack (such as '(1546.72€)')",
        "_ANTE_BLINDS": "'*** ANTE/BLINDS ***'",
        "ANTES": "'posts ante'",
        "ALL_IN": "' and is all-in'",
        "DEALT_TO": "'Dealt to'",
        "SEEN": "cards (such as [X X 8h])",
        "CARDS": errors.CARDS,
        "COLLECTED": "'collected … from pot'",
        "HAND_SHOWN": "a hand (such as '(Straight King high)')",
        "TOTAL_POT": "'Total pot'",
        "RAKE": "'| Rake'",
        "NO_RAKE": "'| No rake'",
        "SHOWED": "'showed'",
        "WON": "'and won'",
        "LOST": "'and lost'",
        "WITH_HAND": "'with' and a hand",
        "WON_ALONE": "'won'",
        "FOLDED": "'folded on the …'",
        "MONEY": errors.AMOUNT,
        "_NOISE": "a status line",
        "$END": "the end of the hand",
    },
    actions=("BRINGS_IN", "BETS", "CALLS", "RAISES", "CHECKS", "FOLDS"),
    actions_text="an action (brings in, bets, calls, raises … to, checks, folds)",
    showdown_lines=("SHOWS",),
    showdown_text="a showdown line (shows)",
    street_headers=("THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH", "SHOW_DOWN", "SUMMARY"),
    value_pieces=(("\\d", "a number"),),
)

PARSER = SiteParser(NAME, GRAMMAR_FILE, WinamaxTransformer, SYNTAX, VOCABULARY)
