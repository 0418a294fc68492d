"""Full Tilt Poker razz hand histories: detection, the Lark transformer, ``parse_hand``.

The format itself is ``grammars/fulltilt.lark``; this module only turns what
the grammar recognised into the site-neutral events of :mod:`razzlog.events`,
the way :mod:`.pokerstars` does (same masking, parser set-up and error
reporting, from :mod:`.common`).  What Full Tilt prints differently:

* the ante in the header (``HandHeader.ante``); ``NAME antes X`` lines;
* ``completes it to X`` (``ActionKind.COMPLETE``) and ``raises to X`` (only the
  street total): ``to`` is X, and ``amount`` is worked out from the street's
  bets so far (a completion: the chips the player adds; a raise: X minus the
  bet it raises, as PokerStars prints it);
* the hero's 3rd street ``Dealt to Hero [6d Kd] [4s]``: all three cards are
  new (``known`` is empty);
* ``NAME is sitting out`` before the deal marks that seat as sitting out;
* ``NAME mucks`` before ``NAME wins the pot`` is a winner who does not show
  (``Muck.shown`` False);
* ``NAME shows a pair of Kings`` (no cards) repeats a hand shown before and
  makes no event.
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
    BringInClaim,
    Collect,
    Deal,
    Event,
    Hand,
    HandHeader,
    Muck,
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
    CURRENCY_OF_SYMBOL,
    SiteParser,
    SiteTransformer,
    bracketed,
    check_played_at,
    check_table_size,
    last_money,
    low_ranks,
    money,
    seat_of,
)
from razzlog.sites.errors import Vocabulary
from razzlog.sites.masking import MARK_CLOSE, Syntax
from razzlog.sources import RawHand
from razzlog.violations import Violation

NAME = "fulltilt"
TITLE = "Full Tilt Poker"  # as users know it (messages)
HEADER_PREFIXES: tuple[str, ...] = ("Full Tilt Poker Game #", "FullTiltPoker Game #")

GRAMMAR_FILE = "fulltilt.lark"

_MONEY = r"[$€£]?\d+(?:,\d{3})*(?:\.\d+)?"
_CARDS = r"\[(?:10|[2-9TJQKA])[shdc](?: (?:10|[2-9TJQKA])[shdc])*\]"

SYNTAX = Syntax(
    seat_line=re.compile(rf"Seat (\d+): (.+) \(({_MONEY})\)(.*)"),
    loose_seat_line=re.compile(r"Seat (\d+): (.+?) \(.*"),
    line_tails=(
        rf" (?:antes {_MONEY}|brings in for {_MONEY}|completes it to {_MONEY}|bets {_MONEY}"
        rf"|calls {_MONEY}|raises to {_MONEY}|checks$|folds$|is (?:high|low) with \["
        rf"|shows(?: |$)|mucks(?: {_CARDS})?$|(?:wins|ties for) the (?:main |side )?pot"
        r"|is sitting out$)"
    ),
    fallback_tail=" ",
    fallback_shortest=True,
    returned=r"Uncalled bet of \S+ returned to ",
)

# --------------------------------------------------------------------------- values

_STREET_OF_TERMINAL = {
    "THIRD": Street.THIRD,
    "FOURTH": Street.FOURTH,
    "FIFTH": Street.FIFTH,
    "SIXTH": Street.SIXTH,
    "SEVENTH": Street.SEVENTH,
    "SHOW_DOWN": Street.SHOWDOWN,
    "SUMMARY": Street.SUMMARY,
}
_STREET_OF_FOLD = {"3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH}
_STREET_OF_FOLD.update({"6th": Street.SIXTH, "7th": Street.SEVENTH})
_ACTION_OF_TERMINAL = {
    "BRINGS_IN": ActionKind.BRING_IN,
    "COMPLETES": ActionKind.COMPLETE,
    "BETS": ActionKind.BET,
    "CALLS": ActionKind.CALL,
    "RAISES": ActionKind.RAISE,
    "CHECKS": ActionKind.CHECK,
    "FOLDS": ActionKind.FOLD,
}
_ZERO = Decimal(0)
_MAX_SEATS = re.compile(r"(\d+) max")
_BUY_IN = re.compile(rf"{_MONEY}(?: \+ {_MONEY})*(?= )")


def _description(tok: Token) -> tuple[int, ...]:
    """A low's ranks (``" J,T,6,5,2"``); () for any other hand (``" a pair of Sevens"``)."""
    if tok.type in ("LOW_SHOWN", "WITH_LOW", "MUCKED_LOW"):
        return low_ranks(tok.value[tok.value.rindex(" ") + 1 :])
    return ()


# --------------------------------------------------------------------------- transformer


class FullTiltTransformer(SiteTransformer):
    """Full Tilt's lines to events (the shared part: :class:`.common.SiteTransformer`).

    Besides the street and the names, it keeps the street's bets (the highest
    total and each player's) to give a completion or a raise its ``amount``,
    and who sat out before the deal.
    """

    def __init__(self) -> None:
        super().__init__()
        self.bet = _ZERO
        self.put: dict[str, Decimal] = {}
        self.sitting_out: set[str] = set()

    def reset(self, names: tuple[str, ...], first_line: int) -> None:
        super().reset(names, first_line)
        self.bet = _ZERO
        self.put = {}
        self.sitting_out = set()

    # -- header
    def header(self, c: list[Token]) -> HandHeader:
        amounts = [t.value for t in c if t.type == "MONEY"]
        by_type = {t.type: t.value for t in reversed(c)}  # the first of each type
        tournament = by_type.get("TOURNAMENT", "")  # "$2 + $0.10 Heads Up Sit & Go (220338000), "
        name = tournament[: tournament.rfind(" (")]
        buy_in = _BUY_IN.match(name)
        max_seats = _MAX_SEATS.search(by_type.get("TABLE_KIND", ""))
        heads_up = re.search(r"(?i)heads[ -]up", name + by_type.get("TABLE_KIND", ""))
        currency = None if tournament else CURRENCY_OF_SYMBOL.get(amounts[0][0])
        for t in c:
            if t.type == "DATETIME":
                check_played_at(t)
            elif t.type == "TABLE_KIND" and max_seats is not None:
                check_table_size(t, int(max_seats.group(1)), t.value.index(max_seats.group(0)))
        self._table_currency(currency)
        self._amounts(*(t for t in c if t.type in ("MONEY", "ANTE")))
        return HandHeader(
            site=NAME,
            hand_id=by_type["HAND_ID"],
            game="razz",
            small_bet=money(amounts[0]),
            big_bet=money(amounts[1]),
            currency=currency,
            is_tournament=bool(tournament),
            tournament_id=tournament[len(name) + 2 : tournament.rfind(")")] if tournament else None,
            buy_in=buy_in.group(0) if buy_in else None,
            level=None,
            played_at=by_type["DATETIME"],
            table=by_type["TABLE"][6:],
            max_seats=int(max_seats.group(1)) if max_seats else 2 if heads_up else None,
            line=self._lineno(c[0]),
            ante=last_money(by_type["ANTE"]) if "ANTE" in by_type else None,
            mix=by_type.get("MIXED"),
        )

    def seat(self, c: list[Token]) -> Seat:
        stack = c[1].value  # " ($4.50)"
        self._amounts(c[1])
        return Seat(
            seat_of(c[0]),
            self._player(c[0]),
            money(stack[2:-1]),
            c[-1].type == "SEAT_STATUS",
            self._lineno(c[0]),
        )

    def ante(self, c: list[Token]) -> Ante:
        self._amounts(c[0])
        return Ante(self._player(c[0]), last_money(c[0].value), c[-1].type == "ALL_IN", self._lineno(c[0]))

    def sat_out(self, c: list[Token]) -> None:
        self.sitting_out.add(self._player(c[0]))

    # -- streets
    def street(self, c: list[Token]) -> StreetStart:
        self.current = _STREET_OF_TERMINAL[c[0].type]
        self._amounts(*c[1:])  # the pot's status
        self.bet = _ZERO
        self.put = {}
        return StreetStart(self.current, self._lineno(c[0]))

    def deal(self, c: list[Token]) -> Deal:
        if len(c) == 3:
            known, new = bracketed(c[1].value), bracketed(c[2].value)
            if self.current is Street.THIRD:
                # "Dealt to Hero [6d Kd] [4s]": the down cards, then the door card
                known, new = (), known + new
        else:
            known, new = (), bracketed(c[1].value)
        return Deal(self.current, self._player(c[0]), known, new, self._lineno(c[0]))

    def high_card(self, c: list[Token]) -> BringInClaim:
        # "NAME is high with [Ks]": kept so the engine can check the claim
        card = Card.parse(c[0].value.rsplit("[", 1)[1].rstrip("]"))
        return BringInClaim(self._player(c[0]), card, self._lineno(c[0]))

    def line(self, c: list[Token]) -> None:
        return None  # a noise line (the others are passed through by "?line")

    def action(self, c: list[Token]) -> Action:
        verb = c[0]  # "\nNAME bets $0.10"
        player = self._player(verb)
        kind = _ACTION_OF_TERMINAL[verb.type]
        line = self._lineno(verb)
        if kind in (ActionKind.CHECK, ActionKind.FOLD):
            return Action(self.current, player, kind, _ZERO, None, False, line)
        self._amounts(verb)
        printed = last_money(verb.value)
        had = self.put.get(player, _ZERO)
        to: Decimal | None = None
        if kind is ActionKind.COMPLETE:
            to, amount = printed, printed - had
        elif kind is ActionKind.RAISE:
            to, amount = printed, printed - self.bet
        else:
            amount = printed
        self.put[player] = had + amount if to is None else to
        self.bet = max(self.bet, self.put[player])
        return Action(self.current, player, kind, amount, to, c[-1].type == "ALL_IN", line)

    def uncalled(self, c: list[Token]) -> UncalledReturn:
        value = c[0].value  # "\nUncalled bet of $0.20"
        self._amounts(c[0])
        return UncalledReturn(self._player(c[1]), last_money(value), self._lineno(c[0]))

    def collect(self, c: list[Token]) -> Collect:
        value = c[0].value  # "\nNAME wins the side pot #2 ($1.20)"
        self._amounts(c[0])
        where = value[value.index(" the ", value.index(MARK_CLOSE)) + 5 : value.rindex(" (")]
        pot: int | None
        if where == "pot":
            pot = None
        elif where == "main pot":
            pot = 0
        elif where == "side pot":
            pot = 1
        else:
            pot = int(where[10:])
        return Collect(self._player(c[0]), money(value[value.rindex("(") + 1 : -1]), pot, self._lineno(c[0]))

    def show(self, c: list[Token]) -> Show | None:
        if len(c) == 1 or c[1].type != "CARDS":
            return None  # "NAME shows a pair of Kings": a hand shown before, without its cards
        description = _description(c[2]) if len(c) > 2 else ()
        return Show(self.current, self._player(c[0]), bracketed(c[1].value), description, self._lineno(c[0]))

    def muck(self, c: list[Token]) -> Muck:
        return Muck(self.current, self._player(c[0]), True, self._lineno(c[0]))

    # -- summary
    def pot_line(self, c: list[Token]) -> SummaryPot:
        self._amounts(*c)
        total = last_money(c[0].value)
        main: Decimal | None = None
        side: list[Decimal] = []
        rake = _ZERO
        for t in c[1:]:
            if t.type == "MAIN_POT":
                main = last_money(t.value[:-1])
            elif t.type == "SIDE_POT":
                side.append(last_money(t.value[:-1]))
            else:
                rake = last_money(t.value)
        return SummaryPot(total, main, tuple(side), rake, self._lineno(c[0]))

    def summary_seat(self, c: list[Token]) -> SummarySeat:
        outcome = SeatOutcome.OTHER
        street: Street | None = None
        # Full Tilt omits "(didn't bet)" where PokerStars would print it: no
        # marker says nothing, so the summary rule does not judge it.
        didnt_bet: bool | None = None
        cards: tuple[Card, ...] = ()
        won: Decimal | None = None
        description: tuple[int, ...] = ()
        for t in c[1:]:
            k = t.type
            if k == "FOLDED":
                outcome = SeatOutcome.FOLDED
                street = _STREET_OF_FOLD[t.value[11:14]]
            elif k == "DIDNT_BET":
                didnt_bet = True
            elif k == "SHOWED":
                outcome = SeatOutcome.SHOWED_LOST
                cards = bracketed(t.value)
            elif k == "WON":
                self._amounts(t)
                outcome = SeatOutcome.SHOWED_WON
                won = money(t.value[10:-1])
            elif k in ("WITH_LOW", "MUCKED_LOW"):
                description = _description(t)
            elif k == "MUCKED":
                outcome = SeatOutcome.MUCKED
            elif k == "CARDS":
                cards = bracketed(t.value)
            elif k == "COLLECTED_SUMMARY":
                self._amounts(t)
                outcome = SeatOutcome.COLLECTED
                won = money(t.value[12:-1])
            elif k == "SAT_OUT":
                outcome = SeatOutcome.SAT_OUT
        return SummarySeat(
            seat_of(c[0]),
            self._player(c[0]),
            outcome,
            street,
            didnt_bet,
            cards,
            won,
            description,
            self._lineno(c[0]),
        )

    # -- the hand
    def start(self, c: list[Any]) -> tuple[HandHeader, tuple[Event, ...]]:
        events: list[Event] = [item for item in c[1:] if item is not None]
        collectors = {e.player: i for i, e in enumerate(events) if isinstance(e, Collect)}
        for i, e in enumerate(events):
            if isinstance(e, Seat) and e.player in self.sitting_out and not e.sitting_out:
                events[i] = dataclasses.replace(e, sitting_out=True)
            elif isinstance(e, Muck) and collectors.get(e.player, -1) > i:
                # "NAME mucks", then "NAME wins the pot": the winner does not show
                events[i] = dataclasses.replace(e, shown=False)
        return c[0], tuple(events)


# --------------------------------------------------------------------------- header check

_HEADER_RE = re.compile(r"Full ?Tilt ?Poker Game #(\d+): (.*)")
_GAME_RE = re.compile(r" - ((?:No Limit|Pot Limit|Fixed Limit|Limit|NL|PL|FL) .+?) - ")


def hand_id_of(header: str) -> str | None:
    m = _HEADER_RE.match(header)
    return m.group(1) if m else None


def game_of(header: str) -> str | None:
    """The game a header announces, with its limit (``"Limit Razz"``, ``"Limit Stud Hi"``,
    ``"No Limit Hold'em"``…); None if unreadable."""
    m = _HEADER_RE.match(header)
    if not m:
        return None
    g = _GAME_RE.search(m.group(2))
    return g.group(1).strip() if g else None


# --------------------------------------------------------------------------- parse_hand


def parse_hand(raw: RawHand) -> Hand | Violation | OtherGameHand:
    """Parse one Full Tilt hand into events, or say why it cannot be."""
    header = common.readable_header(raw.lines[0]) if raw.lines else ""
    return PARSER.parse_hand(raw, hand_id_of(header), game_of(header))


# --------------------------------------------------------------------------- parse errors

# (terminals that are plain strings, such as ", and is all in", need no words)
VOCABULARY = Vocabulary(
    words={
        "SEAT": "a seat ('Seat N: NAME')",
        "STACK": "a stack (such as '($4.50)')",
        "ANTES": "'antes'",
        "SITTING_OUT": "'is sitting out'",
        "DEALT_TO": "'Dealt to'",
        "CARDS": errors.CARDS,
        "HIGH_CARD": "'is high with'",
        "POT_STATUS": "'(Total Pot: …)'",
        "UNCALLED": "'Uncalled bet of'",
        "RETURNED_TO": "'returned to'",
        "WINS": "'wins the pot'",
        "LOW_SHOWN": "a low (such as J,T,6,5,2)",
        "HAND_SHOWN": "a hand (such as a pair of Sevens)",
        "WITH_LOW": "'with' and a low",
        "WITH_HAND": "'with' and a hand",
        "TOTAL_POT": "'Total pot'",
        "MAIN_POT": "'Main pot'",
        "SIDE_POT": "'Side pot'",
        "RAKE": "'| Rake'",
        "FOLDED": "'folded on …'",
        "SHOWED": "'showed'",
        "WON": "'and won'",
        "MUCKED_LOW": "' - ' and a low",
        "MUCKED_HAND": "' - ' and a hand",
        "COLLECTED_SUMMARY": "'collected'",
        "SITE": "'Full Tilt Poker Game #'",
        "HAND_ID": "a hand number",
        "TOURNAMENT": "a tournament (such as '$2 + $0.10 Heads Up Sit & Go (220338000), ')",
        "TABLE": "the table ('Table NAME')",
        "TABLE_KIND": "the table's kind (such as '(6 max)')",
        "ANTE": "'Ante' and an amount",
        "MIXED": "a mixed game's name",
        "DATETIME": "a time and date (such as 17:10:10 ET - 2010/12/07)",
        "MONEY": errors.AMOUNT,
        "_NOISE": "a chat or status line",
        "$END": "the end of the hand",
    },
    actions=("BRINGS_IN", "COMPLETES", "BETS", "CALLS", "RAISES", "CHECKS", "FOLDS"),
    actions_text="an action (brings in, completes, bets, calls, raises to, checks, folds)",
    showdown_lines=("SHOWS", "MUCKS"),
    showdown_text="a showdown line (shows, mucks)",
    street_headers=("THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH", "SHOW_DOWN", "SUMMARY"),
    value_pieces=(
        ("(?:3rd", "a street (3rd … 7th) and 'St.'"),
        ("\\d", "a number"),
    ),
)

PARSER = SiteParser(NAME, GRAMMAR_FILE, FullTiltTransformer, SYNTAX, VOCABULARY)
