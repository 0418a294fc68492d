"""KingsClub razz hand histories: detection, the Lark transformer, ``parse_hand``.

The format is ``grammars/kingsclub.lark``; this module turns what the grammar
recognised into the site-neutral events of :mod:`razzlog.events`, the way
:mod:`.fulltilt` does.  What KingsClub prints differently (see
``docs/sites/kingsclub.md`` for the real logs behind each point):

* the header names no site (``#39969356: Limit Razz - 40/80``): hands are
  found by that shape followed by a date line (:data:`razzlog.sources.SHAPED_HEADER`);
  ``HEADER_PREFIXES`` is empty;
* 3rd street has no header (its :class:`StreetStart` is placed before its
  first deal) and the headers after it are one short (``*** 3RD STREET ***``
  opens 4th street);
* ``bets X`` on 3rd street is the completion (``ActionKind.COMPLETE``, ``to``
  X); ``calls X`` and ``raises to X`` give the street's total, so ``amount``
  is worked out from the street's bets so far;
* unseen cards are ``X`` (``Dealt to Player0: [X X Tc]``): only the seen
  ones make the :class:`Deal`, and a line of unseen cards alone makes none;
* no ``Uncalled bet`` line: the uncalled part of the biggest contribution
  goes back silently, so an :class:`UncalledReturn` is added before the
  first collection, worked out from the antes and actions alone;
* players all in show their hands where the betting stops, before the last
  cards are dealt: such a show gets the cards dealt after it, and is left out
  when one of them is never shown (``[X]`` on 7th street): a pot is never
  judged on part of a hand;
* no total pot: a :class:`SummaryPot` holds the amounts won plus the
  ``Rake`` line (0 without one), so pot-total checks that they add up to
  what the players put in;
* the summary's ``Seat N: NAME (stack) -50`` lines become a
  :class:`SummarySeat` (outcome ``OTHER``: nothing else is printed) and a
  :class:`SummaryNet`, which the summary rule checks against the play.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Any, cast

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
    SummaryNet,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.sites import common, errors
from razzlog.sites.common import (
    ImpossibleValue,
    SiteParser,
    SiteTransformer,
    check_table_size,
    last_money,
    money,
    seat_of,
)
from razzlog.sites.errors import Vocabulary
from razzlog.sites.masking import MARK_CLOSE, Syntax
from razzlog.sources import SHAPED_HEADER, RawHand
from razzlog.violations import Violation

NAME = "kingsclub"
TITLE = "KingsClub"  # as users know it (messages)
# No prefix: "#39969356: " could start any line.  razzlog.sources.SHAPED_HEADER and the
# date line after it find KingsClub's hands (a test checks that sources and blocks do).
HEADER_PREFIXES: tuple[str, ...] = ()

GRAMMAR_FILE = "kingsclub.lark"

_MONEY = r"\d+(?:,\d{3})*(?:\.\d+)?"
_SEEN = r"\[(?:X|(?:10|[2-9TJQKA])[shdc])(?: (?:X|(?:10|[2-9TJQKA])[shdc]))*\]"

SYNTAX = Syntax(
    seat_line=re.compile(rf"Seat (\d+): (.+) \(({_MONEY})\)(.*)"),
    loose_seat_line=re.compile(r"Seat (\d+): (.+?) \(.*"),
    line_tails=(
        rf"(?:: posts ante {_MONEY}| brings in for {_MONEY}| bets {_MONEY}| calls {_MONEY}"
        rf"| raises to {_MONEY}| checks$| folds$| shows {_SEEN}$| sits out$"
        rf"| wins (?:pot |main pot |side pot \d+ )?\({_MONEY}\))"
    ),
    # a line masked anyway (so that the parse error points after the name) starts like an
    # action: the date and table lines are never taken for a player's ("Table 'Mix'")
    fallback_tail=r"(?:: posts | (?:brings|bets|calls|raises|checks|folds|shows|sits|wins)\b)",
    fallback_shortest=False,
    returned=r"(?!)",  # KingsClub prints no "Uncalled bet" line
    dealt_cards=rf": {_SEEN}$",
    dealt_fallback=":",
)

# --------------------------------------------------------------------------- values

# KingsClub's headers are one short: "*** 3RD STREET ***" opens 4th street.
_STREET_OF_TERMINAL = {
    "STREET_3RD": Street.FOURTH,
    "STREET_4TH": Street.FIFTH,
    "STREET_5TH": Street.SIXTH,
    "STREET_6TH": Street.SEVENTH,
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
_ZERO = Decimal(0)
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})")
# Table 'T1234 [5]': a tournament's table (fpdb's KingsClubToFpdb.py reads it so)
_TOURNAMENT_TABLE = re.compile(r"T(\d+) \[(\d+)\]")


def _seen(text: str) -> tuple[Card, ...]:
    """The cards of ``" [X X Tc]"`` that are seen (``X`` is a card not shown)."""
    inside = text[text.rindex("[") + 1 : text.rindex("]")]
    seen = [c for c in inside.split() if c != "X"]
    return common.bracketed("[" + " ".join(seen) + "]") if seen else ()


# --------------------------------------------------------------------------- transformer


class KingsClubTransformer(SiteTransformer):
    """KingsClub's lines to events (the shared part: :class:`.common.SiteTransformer`).

    Keeps the street's bets (the highest total and each player's) to turn the
    printed totals into what each action puts in, and the rake line.
    """

    def __init__(self) -> None:
        super().__init__()
        self.bet = _ZERO
        self.put: dict[str, Decimal] = {}
        self.hand_put: dict[str, Decimal] = {}  # antes and actions, for the uncalled bet
        self.sitting_out: set[str] = set()
        self.showed: set[str] = set()
        self.unseen_after_show: set[str] = set()  # shown early, then dealt "[X]"
        # the last street with money: each player's total, and who bet or raised there last
        self.money_street: Street | None = None
        self.money_put: dict[str, Decimal] = {}
        self.aggressive: set[str] = set()

    def reset(self, names: tuple[str, ...], first_line: int) -> None:
        super().reset(names, first_line)
        self.bet = _ZERO
        self.put = {}
        self.hand_put = {}
        self.sitting_out = set()
        self.showed = set()
        self.unseen_after_show = set()
        self.money_street = None
        self.money_put = {}
        self.aggressive = set()

    # -- header: three lines, put together in start()
    def header(self, c: list[Token]) -> list[Token]:
        return c

    def date(self, c: list[Token]) -> Token:
        tok = c[0]
        m = _DATE.search(tok.value)
        assert m is not None  # the grammar's shape
        year, month, day, hour, minute, second = (int(g) for g in m.groups())
        try:
            datetime.date(year, month, day)
        except ValueError:
            raise ImpossibleValue(tok, m.start(), "a date that exists (such as 2021-01-02)") from None
        if hour > 23 or minute > 59 or second > 59:
            raise ImpossibleValue(tok, m.start(4), "a time of day (such as 15:48:40)")
        return tok

    def table(self, c: list[Token]) -> dict[str, Any]:
        info: dict[str, Any] = {"table": c[0].value.lstrip("\n")[7:-1], "max_seats": None, "play": False}
        for t in c[1:]:
            if t.type == "TABLE_SIZE":
                size = int(t.value[1 : t.value.index("-")])
                check_table_size(t, size, 1)
                info["max_seats"] = size
            elif t.type == "PLAY_MONEY":
                info["play"] = True
        return info

    def _header(self, parts: list[Token], date: Token, table: dict[str, Any]) -> HandHeader:
        hand_id = parts[0].value.lstrip("\n")[1:-2]  # "#39969356: "
        stakes = parts[2].value  # " - 40/80"
        small, big = stakes[3:].split("/")
        tournament = _TOURNAMENT_TABLE.fullmatch(table["table"])
        return HandHeader(
            site=NAME,
            hand_id=hand_id,
            game="razz",
            small_bet=money(small),
            big_bet=money(big),
            # no symbol is printed: real-money tables play in dollars (fpdb's reading);
            # play money and tournament chips have none
            currency=None if tournament or table["play"] else "USD",
            is_tournament=tournament is not None,
            tournament_id=tournament.group(1) if tournament else None,
            buy_in=None,
            level=None,
            played_at=date.value.lstrip("\n"),
            table=tournament.group(2) if tournament else table["table"],
            max_seats=table["max_seats"],
            line=self._lineno(parts[0]),
        )

    def seat(self, c: list[Token]) -> Seat:
        stack = c[1].value  # " (1,060.38)"
        return Seat(seat_of(c[0]), self._player(c[0]), money(stack[2:-1]), False, self._lineno(c[0]))

    def ante(self, c: list[Token]) -> Ante:
        player, amount = self._player(c[0]), last_money(c[0].value)
        self.hand_put[player] = self.hand_put.get(player, _ZERO) + amount
        return Ante(player, amount, c[-1].type == "ALL_IN", self._lineno(c[0]))

    def sat_out(self, c: list[Token]) -> None:
        self.sitting_out.add(self._player(c[0]))

    # -- streets
    def street(self, c: list[Token]) -> StreetStart:
        self.current = _STREET_OF_TERMINAL[c[0].type]
        self.bet = _ZERO
        self.put = {}
        return StreetStart(self.current, self._lineno(c[0]))

    def deal(self, c: list[Token]) -> Deal | None:
        seen = _seen(c[1].value)
        player = self._player(c[0])
        if not seen:
            if player in self.showed:
                self.unseen_after_show.add(player)
            return None  # "Dealt to Player0: [X]": a down card nobody saw
        return Deal(self.current, player, (), seen, self._lineno(c[0]))

    def action(self, c: list[Token]) -> Action:
        verb = c[0]  # "\nNAME calls 625"
        player = self._player(verb)
        kind = _ACTION_OF_TERMINAL[verb.type]
        line = self._lineno(verb)
        if kind is ActionKind.CHECK or kind is ActionKind.FOLD:
            return Action(self.current, player, kind, _ZERO, None, False, line)
        printed = last_money(verb.value)
        had = self.put.get(player, _ZERO)
        to: Decimal | None = None
        if kind is ActionKind.BRING_IN:
            amount = printed
        elif kind is ActionKind.RAISE:
            to, amount = printed, printed - self.bet
            floor = self.bet
        else:
            # "bets X", "calls X": X is the player's total for the street; a bet on 3rd
            # street (over the bring-in) is the completion
            if kind is ActionKind.BET and self.current is Street.THIRD:
                kind, to = ActionKind.COMPLETE, printed
            amount = printed - had
            floor = had
        if kind is not ActionKind.BRING_IN and amount <= 0:
            raise ImpossibleValue(
                verb,
                verb.value.rindex(" ") + 1,
                f"a total for the street above {floor} (what was already in)",
            )
        self.put[player] = had + amount if to is None else to
        self.bet = max(self.bet, self.put[player])
        self.hand_put[player] = self.hand_put.get(player, _ZERO) + self.put[player] - had
        if self.money_street is not self.current:
            self.money_street, self.aggressive = self.current, set()
        self.money_put = self.put
        if kind is ActionKind.CALL:
            self.aggressive.discard(player)
        else:
            self.aggressive.add(player)
        return Action(self.current, player, kind, amount, to, c[-1].type == "ALL_IN", line)

    def show(self, c: list[Token]) -> Show | None:
        cards = _seen(c[1].value)
        if not cards:
            return None
        player = self._player(c[0])
        self.showed.add(player)
        return Show(self.current, player, cards, (), self._lineno(c[0]))

    # -- summary
    def summary_seat(self, c: list[Token]) -> tuple[SummarySeat, SummaryNet]:
        player, line = self._player(c[0]), self._lineno(c[0])
        seat = SummarySeat(seat_of(c[0]), player, SeatOutcome.OTHER, None, None, (), None, (), line)
        net = c[2].value.strip()  # "-50", "+2,850", "0"
        sign = -1 if net[0] == "-" else 1
        return seat, SummaryNet(player, money(c[1].value[2:-1]), sign * money(net.lstrip("+-")), line)

    def rake(self, c: list[Token]) -> tuple[Decimal, int]:
        return last_money(c[0].value), self._lineno(c[0])

    def collect(self, c: list[Token]) -> Collect:
        value = c[0].value  # "\nNAME wins side pot 1 (1,200)"
        where = value[value.index(" wins ", value.index(MARK_CLOSE)) + 6 : value.index("(")].strip()
        pot: int | None = None
        if where == "main pot":
            pot = 0
        elif where.startswith("side pot "):
            pot = int(where[9:])
        amount = money(value[value.index("(") + 1 : value.index(")")])
        return Collect(self._player(c[0]), amount, pot, self._lineno(c[0]))

    # -- the hand
    def start(self, c: list[Any]) -> tuple[HandHeader, tuple[Event, ...]]:
        header = self._header(c[0], c[1], c[2])
        events: list[Event] = []
        rake: tuple[Decimal, int] | None = None
        for item in c[3:]:
            if item is None:
                continue
            if isinstance(item, tuple) and isinstance(item[0], SummarySeat):
                events.extend(item)
            elif isinstance(item, tuple):
                rake = item
            elif isinstance(item, Seat) and item.player in self.sitting_out:
                events.append(Seat(item.seat, item.player, item.stack, True, item.line))
            else:
                events.append(item)
        returned = _uncalled(self.hand_put, self.money_put, self.aggressive)
        return header, tuple(_settled(_early_shows(events, self.unseen_after_show), rake, returned))


def _early_shows(events: list[Event], unseen: set[str]) -> list[Event]:
    """Shows made before the last cards were dealt (players all in: KingsClub turns their
    hands up where the betting stops) hold the hand as it was then, and a pot is judged
    by a player's last show.  When every such hand is later seen whole, each gets a show
    of all its cards after its last deal; when one is not ("Dealt to NAME: [X]" on 7th
    street), these shows are left out: a pot is never judged on part of a hand, nor on
    the hands of some of its contenders only."""
    early = [
        i
        for i, e in enumerate(events)
        if isinstance(e, Show)
        and (e.player in unseen or any(isinstance(d, Deal) and d.player == e.player for d in events[i + 1 :]))
    ]
    if not early:
        return events
    if unseen:
        return [e for i, e in enumerate(events) if i not in early]
    after: dict[int, list[Show]] = {}  # a player's last deal -> the whole hand shown
    for i in early:
        show = cast(Show, events[i])
        later = [
            (j, d) for j, d in enumerate(events) if j > i and isinstance(d, Deal) and d.player == show.player
        ]
        cards = show.cards + tuple(c for _, d in later for c in d.new)
        last_at, last = later[-1]
        after.setdefault(last_at, []).append(Show(last.street, show.player, cards, (), last.line))
    out: list[Event] = []
    for i, e in enumerate(events):
        out.append(e)
        out.extend(after.get(i, ()))
    return out


def _settled(
    events: list[Event], rake: tuple[Decimal, int] | None, returned: UncalledReturn | None
) -> list[Event]:
    """``events`` with what KingsClub leaves unprinted: 3rd street's start (before its first
    deal), and before the first collection the pot and the uncalled bet's return."""
    first_deal = next((i for i, e in enumerate(events) if isinstance(e, Deal)), None)
    if first_deal is not None:
        events.insert(first_deal, StreetStart(Street.THIRD, events[first_deal].line))
    collects = [e for e in events if isinstance(e, Collect)]
    at = next(i for i, e in enumerate(events) if isinstance(e, Collect))  # the grammar wants one
    line = collects[0].line
    rake_amount, rake_line = rake if rake is not None else (_ZERO, line)
    total = sum((e.amount for e in collects), _ZERO) + rake_amount
    added: list[Event] = [SummaryPot(total, None, (), rake_amount, rake_line)]
    if returned is not None:
        added.append(UncalledReturn(returned.player, returned.amount, line))
    events[at:at] = added
    return events


def _uncalled(
    hand_put: dict[str, Decimal], street_put: dict[str, Decimal], aggressive: set[str]
) -> UncalledReturn | None:
    """The uncalled part of the last bet: what its maker put in on the last street with
    money beyond the next most, when their last act there was a bet or a raise (never a
    call: an over-call is the call-amount rule's), and no more than they put in beyond
    anyone over the hand.  (Line 0: placed by ``_settled``.)"""
    ranked = sorted(street_put.items(), key=lambda item: item[1], reverse=True)
    if not ranked or ranked[0][0] not in aggressive:
        return None
    top = ranked[0][0]
    excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else _ZERO)
    others = [v for p, v in hand_put.items() if p != top]
    excess = min(excess, hand_put[top] - max(others, default=_ZERO))
    return UncalledReturn(top, excess, 0) if excess > 0 else None


# --------------------------------------------------------------------------- header check

_GAME_RE = re.compile(r"#(\d+): ((?:No Limit|Pot Limit|Limit) .+?) - ")


def hand_id_of(header: str) -> str | None:
    m = _GAME_RE.match(header) or re.match(r"#(\d+):", header)
    return m.group(1) if m else None


def game_of(header: str) -> str | None:
    """The game a header announces, with its limit (``"Limit Razz"``, ``"Limit 2-7 Razz"``,
    ``"Limit Seven Card Stud"``…); None if unreadable."""
    if not SHAPED_HEADER.match(header):
        return None
    m = _GAME_RE.match(header)
    return m.group(2) if m else None


def is_complete(lines: tuple[str, ...]) -> bool:
    """Whether the hand reaches its summary's last part: a ``NAME wins pot (X)`` line after
    ``*** SUMMARY ***`` (KingsClub prints no ``Total pot``)."""
    in_summary = False
    for line in lines:
        if in_summary:
            if _WINS.search(line):
                return True
        elif line.startswith("*** SUMMARY ***"):
            in_summary = True
    return False


_WINS = re.compile(rf" wins (?:pot |main pot |side pot \d+ )?\({_MONEY}\)(?: from pot)?\s*$")


# --------------------------------------------------------------------------- parse_hand


def parse_hand(raw: RawHand) -> Hand | Violation | OtherGameHand:
    """Parse one KingsClub hand into events, or say why it cannot be."""
    header = common.readable_header(raw.lines[0]) if raw.lines else ""
    return PARSER.parse_hand(raw, hand_id_of(header), game_of(header))


# --------------------------------------------------------------------------- parse errors

VOCABULARY = Vocabulary(
    words={
        "HAND_ID": "a hand number ('#39969356: ')",
        "RAZZ": "'Limit Razz'",
        "STAKES": "the stakes (such as ' - 40/80')",
        "DATE": "a date and time (such as 2021-01-02 15:48:40)",
        "TABLE": "the table ('Table 'NAME'')",
        "TABLE_SIZE": "the table's size (such as ' 6-max')",
        "PLAY_MONEY": "'(Play Money)'",
        "BUTTON": "'Seat N is the button'",
        "SEAT": "a seat ('Seat N: NAME')",
        "STACK": "a stack (such as '(1,060.38)')",
        "ANTES": "'posts ante'",
        "SITS_OUT": "'sits out'",
        "DEALT_TO": "'Dealt to NAME:'",
        "DEALT_CARDS": "cards (such as [X X Tc])",
        "SHOWS": "'shows'",
        "SHOWN_CARDS": errors.CARDS,
        "NET": "the net (such as -50 or +49)",
        "RAKE": "'Rake'",
        "WINS": "'wins pot'",
        "MONEY": errors.AMOUNT,
        "$END": "the end of the hand",
    },
    actions=("BRINGS_IN", "BETS", "CALLS", "RAISES", "CHECKS", "FOLDS"),
    actions_text="an action (brings in, bets, calls, raises to, checks, folds)",
    showdown_lines=("SHOWS",),
    showdown_text="a showdown line (shows)",
    street_headers=("STREET_3RD", "STREET_4TH", "STREET_5TH", "STREET_6TH", "SUMMARY"),
    value_pieces=(("\\d", "a number"),),
)

PARSER = SiteParser(NAME, GRAMMAR_FILE, KingsClubTransformer, SYNTAX, VOCABULARY, complete=is_complete)
