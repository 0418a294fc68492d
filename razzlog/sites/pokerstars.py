"""PokerStars razz hand histories: detection, the Lark transformer, ``parse_hand``.

The format itself is ``grammars/pokerstars.lark``; this module only turns what
the grammar recognised into the site-neutral events of :mod:`razzlog.events`.
Player names are replaced by markers before parsing (:mod:`.masking`).

The parser set-up, the locking and the error reporting are shared with the
other sites (:mod:`.common`, :mod:`.errors`).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from lark import Token

from razzlog.cards import Card
from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    BettingCapped,
    Collect,
    CommonCard,
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
    TournamentFinish,
    UncalledReturn,
)
from razzlog.sites import common, errors
from razzlog.sites.common import (
    CURRENCY_OF_SYMBOL,
    SiteParser,
    SiteTransformer,
    bracketed,
    check_grouping,
    check_played_at,
    check_table_size,
    last_money,
    low_ranks,
    money,
    seat_of,
)
from razzlog.sites.errors import Vocabulary
from razzlog.sites.masking import MARK_CLOSE, POKERSTARS
from razzlog.sources import RawHand
from razzlog.violations import Violation

NAME = "pokerstars"
TITLE = "PokerStars"  # as users know it (messages)
HEADER_PREFIXES: tuple[str, ...] = (
    "PokerStars Game #",
    "PokerStars Hand #",
    "PokerStars Zoom Hand #",
    "PokerStars Home Game Hand #",
)

GRAMMAR_FILE = "pokerstars.lark"

# --------------------------------------------------------------------------- values

_STREET_OF_TERMINAL = {
    "THIRD": Street.THIRD,
    "FOURTH": Street.FOURTH,
    "FIFTH": Street.FIFTH,
    "SIXTH": Street.SIXTH,
    "RIVER": Street.SEVENTH,
    "SHOW_DOWN": Street.SHOWDOWN,
    "SUMMARY": Street.SUMMARY,
}
_STREET_OF_NAME = {
    "3rd Street": Street.THIRD,
    "4th Street": Street.FOURTH,
    "5th Street": Street.FIFTH,
    "6th Street": Street.SIXTH,
    "7th Street": Street.SEVENTH,
    "River": Street.SEVENTH,
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
_FINISHED = len(" finished the tournament")
_RECEIVED = len(" and received ")
_CONGRATULATIONS = len(" - congratulations!")


# --------------------------------------------------------------------------- transformer


class PokerStarsTransformer(SiteTransformer):
    """PokerStars' lines to events (the shared part: :class:`.common.SiteTransformer`)."""

    # -- header
    def header(self, c: list[Token]) -> dict[str, Any]:
        by_type: dict[str, Token] = {}
        amounts: list[Token] = []
        dates: list[Token] = []
        for t in c:
            if t.type == "MONEY":
                amounts.append(t)
            elif t.type == "DATETIME":
                dates.append(t)
            else:
                by_type.setdefault(t.type, t)
        is_tournament = "TOURNAMENT_ID" in by_type
        currency: str | None = None
        if is_tournament:
            currency = None
        elif "CURRENCY" in by_type:
            currency = by_type["CURRENCY"].value.strip()
        else:
            currency = CURRENCY_OF_SYMBOL.get(amounts[0].value[0])
        for date in dates:
            check_played_at(date)
        self._table_currency(currency)
        self._amounts(*amounts)
        tournament = by_type.get("TOURNAMENT_ID")
        buy_in = by_type.get("BUY_IN")
        level = by_type.get("LEVEL")
        mix = by_type.get("MIXED")
        club = by_type.get("CLUB")
        return {
            "site": NAME,
            "hand_id": by_type["HAND_ID"].value,
            "game": "razz",
            "small_bet": money(amounts[0].value),
            "big_bet": money(amounts[1].value),
            "currency": currency,
            "is_tournament": is_tournament,
            "tournament_id": tournament.value if tournament is not None else None,
            "buy_in": buy_in.value if buy_in is not None else None,
            "level": level.value if level is not None else None,
            "played_at": dates[0].value,
            "line": self._lineno(c[0]),
            "mix": mix.value if mix is not None else None,
            "club": club.value.rstrip()[1:-1] if club is not None else None,
        }

    def table(self, c: list[Token]) -> tuple[str, int | None]:
        name = c[0].value.lstrip("\n")[7:-1]
        max_seats = None
        for t in c:
            if t.type == "MAX_SEATS":
                max_seats = int(t.value[1:-4])
                check_table_size(t, max_seats, 1)
        return name, max_seats

    def seat(self, c: list[Token]) -> Seat:
        stack = c[1].value  # " ($1.33 in chips)"
        self._amounts(c[1])
        return Seat(
            seat_of(c[0]),
            self._player(c[0]),
            money(stack[2 : stack.index(" in chips")]),
            c[-1].type == "SEAT_STATUS",
            self._lineno(c[0]),
        )

    def ante(self, c: list[Token]) -> Ante:
        self._amounts(c[0])
        return Ante(self._player(c[0]), last_money(c[0].value), c[-1].type == "ALL_IN", self._lineno(c[0]))

    # -- streets
    def street(self, c: list[Token]) -> StreetStart:
        self.current = _STREET_OF_TERMINAL[c[0].type]
        return StreetStart(self.current, self._lineno(c[0]))

    def common_card(self, c: list[Token]) -> CommonCard:
        return CommonCard(Card.parse(c[0].value[2:-1]), self._lineno(c[0]))

    def deal(self, c: list[Token]) -> Deal:
        if len(c) == 3:
            known, new = bracketed(c[1].value), bracketed(c[2].value)
        else:
            known, new = (), bracketed(c[1].value)
        return Deal(self.current, self._player(c[0]), known, new, self._lineno(c[0]))

    def action(self, c: list[Token]) -> Action | list[Event]:
        verb = c[0]  # "\nNAME: bets $0.04"
        player = self._player(verb)
        kind = _ACTION_OF_TERMINAL[verb.type]
        line = self._lineno(verb)
        if kind is ActionKind.CHECK:
            return Action(self.current, player, kind, _ZERO, None, False, line)
        if kind is ActionKind.FOLD:
            fold = Action(self.current, player, kind, _ZERO, None, False, line)
            if len(c) == 1:
                return fold
            # "folds [Xx Yy]": the cards the player showed while folding
            return [fold, Show(self.current, player, bracketed(c[1].value), (), line)]
        self._amounts(*c)
        to = last_money(c[1].value) if kind is ActionKind.RAISE else None
        return Action(self.current, player, kind, last_money(verb.value), to, c[-1].type == "ALL_IN", line)

    def capped(self, c: list[Token]) -> BettingCapped:
        return BettingCapped(self.current, self._lineno(c[0]))

    def uncalled(self, c: list[Token]) -> UncalledReturn:
        value = c[0].value  # "\nUncalled bet ($0.08)"
        self._amounts(c[0])
        return UncalledReturn(self._player(c[1]), money(value[value.index("(") + 1 : -1]), self._lineno(c[0]))

    def collect(self, c: list[Token]) -> Collect:
        self._amounts(c[0])
        where = c[1].value[6:]  # " from side pot-2" -> "side pot-2"
        pot: int | None
        if where == "pot":
            pot = None
        elif where == "main pot":
            pot = 0
        elif where == "side pot":
            pot = 1
        else:
            pot = int(where[9:])
        return Collect(self._player(c[0]), last_money(c[0].value), pot, self._lineno(c[0]))

    def show(self, c: list[Token]) -> Show:
        description = low_ranks(c[1].value[6:-1]) if len(c) > 1 else ()
        return Show(self.current, self._player(c[0]), bracketed(c[0].value), description, self._lineno(c[0]))

    def muck(self, c: list[Token]) -> Muck:
        return Muck(self.current, self._player(c[0]), c[0].type == "MUCKS", self._lineno(c[0]))

    def finish(self, c: list[Token]) -> TournamentFinish:
        tok = c[0]
        value: str = tok.value
        tail = value[value.index(MARK_CLOSE) + 1 :]  # what follows the name
        place: int | None = None
        prize: str | None = None
        if tok.type == "WINS_TOURNAMENT":
            # " wins the tournament and receives $2.80 - congratulations!"
            head = tail[:-_CONGRATULATIONS]
            place, prize = 1, head[head.rindex(" ") + 1 :]
            check_grouping(tok, value.index(MARK_CLOSE) + 1 + len(head) - len(prize))
        elif len(tail) > _FINISHED:
            # " finished the tournament in 124th place[ and received $12.51.]"
            end = tail.index(" place", _FINISHED)
            place = int(tail[_FINISHED + 4 : end - 2])
            if len(tail) > end + 6:
                prize = tail[end + 6 + _RECEIVED : -1]
                check_grouping(tok, len(value) - 1 - len(prize))
        return TournamentFinish(
            self._player(tok),
            place,
            money(prize) if prize is not None else None,
            CURRENCY_OF_SYMBOL[prize[0]] if prize is not None else None,
            tok.type == "WINS_TOURNAMENT",
            self._lineno(tok),
        )

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

    def line(self, c: list[Token]) -> None:
        return None  # a noise line (the others are passed through by "?line")

    def board(self, c: list[Token]) -> None:
        return None  # the common card is the river header's ("*** RIVER *** [6h]")

    def summary_seat(self, c: list[Token]) -> SummarySeat:
        outcome = SeatOutcome.OTHER
        street: Street | None = None
        didnt_bet = False
        cards: tuple[Card, ...] = ()
        won: Decimal | None = None
        description: tuple[int, ...] = ()
        for t in c[1:]:
            k = t.type
            if k == "FOLDED":
                outcome = SeatOutcome.FOLDED
                street = _STREET_OF_NAME[t.value[15:]]
            elif k == "DIDNT_BET":
                didnt_bet = True
            elif k == "SHOWED":
                outcome = SeatOutcome.SHOWED_LOST
                cards = bracketed(t.value)
            elif k == "WON":
                self._amounts(t)
                outcome = SeatOutcome.SHOWED_WON
                won = money(t.value[10:-1])
            elif k == "WITH_LOW":
                description = low_ranks(t.value[10:])
            elif k == "MUCKED":
                if outcome is SeatOutcome.OTHER:
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
        name, max_seats = c[1]
        header = HandHeader(table=name, max_seats=max_seats, **c[0])
        events: list[Event] = []
        for item in c[2:]:
            if item is None:
                continue
            if type(item) is list:
                events.extend(item)
            else:
                events.append(item)
        return header, tuple(events)


# --------------------------------------------------------------------------- header check

_HEADER_RE = re.compile(r"PokerStars (?:Game|Hand|Zoom Hand|Home Game Hand) #(\d+): +(?:\{[^}]*\} +)?(.*)")
_TOURNAMENT_RE = re.compile(r"Tournament #\d+, *")
# a tournament's buy-in before its game ("$0.98+$0.12 USD", "10+1", "Freeroll", "150 FPP", "$5 USD");
# a shootout's header has none, and "5 Card Omaha" is a game, not a buy-in of 5
_BUY_IN_RE = re.compile(
    r"(?:Freeroll|[$€£]?\d[\d.,]*(?:\+[$€£]?\d[\d.,]*)+(?: [A-Z]{2,3}(?= ))?"
    r"|[$€£]\d[\d.,]*(?: [A-Z]{2,3}(?= ))?|\d[\d.,]* ?(?:FPP|SC)(?= )) +"
)
_ENDS_WITH_LIMIT = re.compile(r"(?:No Limit|Pot Limit|Fixed Limit|Spread Limit|Limit)$")


def hand_id_of(header: str) -> str | None:
    m = _HEADER_RE.match(header)
    return m.group(1) if m else None


def game_of(header: str) -> str | None:
    """The game a header announces, with its limit (``"Razz Limit"``, ``"Hold'em No Limit"``,
    ``"7 Card Stud Hi/Lo Limit"``…).

    For mixed games (``HORSE (Razz Limit, $2/$4)``, ``8-Game (Hold'em No Limit)``) it is the
    game of the hand.  None when the header cannot be read.
    """
    m = _HEADER_RE.match(header)
    return _game_of_rest(m.group(2)) if m else None


def hand_id_and_game(header: str) -> tuple[str | None, str | None]:
    """``hand_id_of(header), game_of(header)``, the header matched once (6,000 instructions)."""
    m = _HEADER_RE.match(header)
    return (m.group(1), _game_of_rest(m.group(2))) if m else (None, None)


# The game of a header's text after its number, by that text up to and including its first
# " - " (_game_key): the game is read from before it (about 12,000 instructions a header, a
# fifth of it the limit's search), the same for every hand of a table or tournament.
_GAMES: dict[str, str | None] = {}
_MAX_GAMES = 4096


def _game_of_rest(rest: str) -> str | None:
    cut = rest.find(" - ")
    if cut < 0:
        return _read_game(rest)[0]  # a header cut short: no key
    key = rest[: cut + 3]
    if key in _GAMES:
        return _GAMES[key]
    game, skipped = _read_game(rest)
    # Neither a tournament's number nor a buy-in can hold the "-": what _read_game skipped ends
    # before it, and read the key's text only.  If it took the space before the "-", the game
    # was read after the " - ", from text the key does not hold: not kept.
    if skipped <= cut:
        if len(_GAMES) >= _MAX_GAMES:
            _GAMES.clear()
        _GAMES[key] = game
    return game


def _read_game(rest: str) -> tuple[str | None, int]:
    """The game of a header's text after its number, and how many characters of it came before
    the game (a tournament's number and buy-in)."""
    skipped = 0
    t = _TOURNAMENT_RE.match(rest)
    if t:
        skipped = t.end()
        b = _BUY_IN_RE.match(rest, skipped)
        if b:
            skipped = b.end()
    desc, ended, _ = rest[skipped:].partition(" - ")
    paren = desc.find("(")
    if paren >= 0:
        inside = desc[paren + 1 :].split(",", 1)[0].rstrip(")").strip()
        # a mix: the game of the hand is in the parentheses (stakes start with a digit or a currency
        # sign; a name cut short may lack its limit)
        if _ENDS_WITH_LIMIT.search(inside) or (inside and not inside[0].isdigit() and inside[0] not in "$€£"):
            return (inside if ended or desc.endswith(")") else None), skipped
        ended = ended or inside[:1]  # the stakes began: the name before them is whole
        desc = desc[:paren]
    # a header cut before its game's name ends names no game yet ("HORSE" of "HORSE (Razz…")
    return (desc.strip() or None if ended else None), skipped


# --------------------------------------------------------------------------- parse_hand


def parse_hand(raw: RawHand) -> Hand | Violation | OtherGameHand:
    """Parse one PokerStars hand into events, or say why it cannot be."""
    header = common.readable_header(raw.lines[0]) if raw.lines else ""
    return PARSER.parse_hand(raw, *hand_id_and_game(header))


def full_parse(raw: RawHand) -> Hand | Violation | OtherGameHand:
    """``parse_hand`` by Lark alone (no line templates): what the template path must equal."""
    header = common.readable_header(raw.lines[0]) if raw.lines else ""
    return PARSER.parse_hand(raw, hand_id_of(header), game_of(header), templates=False)


text_digest = common.text_digest


# --------------------------------------------------------------------------- parse errors

VOCABULARY = Vocabulary(
    words={
        "SEAT": "a seat ('Seat N: NAME')",
        "STACK": "a stack ('(… in chips)')",
        "SEAT_STATUS": "'is sitting out' or 'out of hand'",
        "POSTS_ANTE": "'posts the ante'",
        "DEALT_TO": "'Dealt to'",
        "CARDS": errors.CARDS,
        "COMMON_CARD": "a common card (such as [6h])",
        "RAISE_TO": "'to' and an amount",
        "ALL_IN": "'and is all-in'",
        "CAPPED": "'Betting is capped'",
        "UNCALLED": "'Uncalled bet'",
        "RETURNED_TO": "'returned to'",
        "COLLECTED": "'collected'",
        "FROM_POT": "'from pot'",
        "LOW_SHOWN": "a low such as '(Lo: 8,6,4,3,A)'",
        "TOTAL_POT": "'Total pot'",
        "MAIN_POT": "'Main pot'",
        "SIDE_POT": "'Side pot'",
        "RAKE": "'| Rake'",
        "BOARD": "'Board'",
        "FOLDED": "'folded on the …'",
        "SHOWED": "'showed'",
        "WON": "'and won'",
        "LOST": "'and lost'",
        "WITH_LOW": "'with Lo: …'",
        "MUCKED": "'mucked'",
        "COLLECTED_SUMMARY": "'collected'",
        "SAT_OUT": "'is sitting out'",
        "POSITION": "a position such as '(button)'",
        "SITE": "'PokerStars Hand #'",
        "HAND_ID": "a hand number",
        "TOURNAMENT_ID": "a tournament number",
        "TABLE": "the table line (\"Table '…' 8-max\")",
        "MAX_SEATS": "the table size (such as 8-max)",
        "MONEY_KIND": "'(Play Money)'",
        "BUTTON": "'Seat #N is the button'",
        "MIXED": "a mixed game's name (such as HORSE)",
        "BUY_IN": "a buy-in (such as $200+$15 USD)",
        "ROUND": "'Match Round …'",
        "LEVEL": "a level (such as V)",
        "CURRENCY": "a currency (USD, EUR, GBP)",
        "DATETIME": "a date and time (such as 2009/11/26 10:24:42 ET)",
        "CLUB": "a club name in braces",
        "MONEY": errors.AMOUNT,
        "_SPACES": "a space",
        "_NOISE": "a chat or status line",
        "$END": "the end of the hand",
    },
    actions=("BRINGS_IN", "BETS", "CALLS", "RAISES", "CHECKS", "FOLDS"),
    actions_text="an action (bets, calls, raises, checks, folds)",
    showdown_lines=("SHOWS", "MUCKS", "DOESNT_SHOW"),
    showdown_text="a showdown line (shows, mucks hand, doesn't show hand)",
    street_headers=("THIRD", "FOURTH", "FIFTH", "SIXTH", "RIVER", "SHOW_DOWN", "SUMMARY"),
    value_pieces=(
        ("(?:3rd", "a street (3rd Street … 6th Street, River)"),
        ("\\d", "a number"),
    ),
)

# templates=True: hands whose every line was met before are parsed from line templates
# (razzlog/sites/templates.py), the others by Lark as before
PARSER = SiteParser(NAME, GRAMMAR_FILE, PokerStarsTransformer, POKERSTARS, VOCABULARY, templates=True)
