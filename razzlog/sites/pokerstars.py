"""PokerStars razz hand histories: detection, the Lark transformer, ``parse_hand``.

The format itself is ``grammars/pokerstars.lark``; this module only turns what
the grammar recognised into the site-neutral events of :mod:`razzlog.events`.
Player names are replaced by markers before parsing (:mod:`.masking`).

The Lark parser is built once per process (LALR, contextual lexer, the
transformer applied during the parse so that no tree is built).  The
transformer keeps the current street and the hand's names between callbacks,
so parses are serialised by a lock.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import re
import threading
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from razzlog.cards import Card, parse_cards
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
    Seat,
    SeatOutcome,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.sites.masking import MARK_CLOSE, MARK_OPEN, Masked, mask_lines
from razzlog.sources import RawHand
from razzlog.violations import Severity, Violation

NAME = "pokerstars"
HEADER_PREFIXES: tuple[str, ...] = (
    "PokerStars Game #",
    "PokerStars Hand #",
    "PokerStars Zoom Hand #",
    "PokerStars Home Game Hand #",
)

GRAMMAR_FILE = "pokerstars.lark"

# --------------------------------------------------------------------------- values

_CURRENCY_OF_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP"}
_RANK_OF = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANK_OF.update({str(n): n for n in range(2, 10)})

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


def money(text: str) -> Decimal:
    """``"$1,234.56"`` / ``"€0.02"`` / ``"15"`` -> Decimal."""
    if text[0] in "$€£":
        text = text[1:]
    if "," in text:
        text = text.replace(",", "")
    return Decimal(text)


def low_ranks(text: str) -> tuple[int, ...]:
    """``"9,5,4,2,A"`` -> ``(9, 5, 4, 2, 1)``."""
    return tuple(_RANK_OF[r] for r in text.split(","))


# --------------------------------------------------------------------------- transformer


def _last_money(value: str) -> Decimal:
    """The amount that ends a phrase such as ``": bets $0.04"``."""
    return money(value[value.rindex(" ") + 1 :])


def _seat_number(value: str) -> int:
    """``"\\nSeat 3: NAME"`` -> 3."""
    start = value.index("Seat ") + 5
    return int(value[start : value.index(":", start)])


def _bracketed(value: str) -> tuple[Card, ...]:
    """The cards of a phrase such as ``" [Td 2s 9s]"`` or ``"NAME: shows [..]"``."""
    return _cards(value[value.rindex("[") + 1 : value.rindex("]")])


@lru_cache(maxsize=8192)
def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


class PokerStarsTransformer(Transformer[Token, Any]):
    """Callbacks run in log order while the LALR parser reduces each line.

    Tokens are whole phrases (``"NAME: bets $0.04"``); the grammar has checked
    their shape, so the values are cut out of them by position.  Names are
    markers, mapped back through ``names``.
    """

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.names: tuple[str, ...] = ()
        self.offset = -1
        self.current = Street.THIRD

    def reset(self, names: tuple[str, ...], first_line: int) -> None:
        self.names = names
        self.offset = first_line - 2
        self.current = Street.THIRD

    def _player(self, tok: Token) -> str:
        """The name behind a PLAYER marker, also inside a phrase ("Dealt to \ue0003\ue001")."""
        value: str = tok.value
        start = value.index(MARK_OPEN)
        return self.names[int(value[start + 1 : value.index(MARK_CLOSE, start)])]

    def _lineno(self, tok: Token) -> int:
        # a line's first token starts with the line break(s) before it
        return (tok.end_line or 0) + self.offset

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
            currency = _CURRENCY_OF_SYMBOL.get(amounts[0].value[0])
        tournament = by_type.get("TOURNAMENT_ID")
        buy_in = by_type.get("BUY_IN")
        level = by_type.get("LEVEL")
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
        }

    def table(self, c: list[Token]) -> tuple[str, int | None]:
        name = c[0].value.lstrip("\n")[7:-1]
        max_seats = None
        for t in c:
            if t.type == "MAX_SEATS":
                max_seats = int(t.value[1:-4])
        return name, max_seats

    def seat(self, c: list[Token]) -> Seat:
        stack = c[1].value  # " ($1.33 in chips)"
        return Seat(
            _seat_number(c[0].value),
            self._player(c[0]),
            money(stack[2 : stack.index(" in chips")]),
            c[-1].type == "SEAT_STATUS",
            self._lineno(c[0]),
        )

    def ante(self, c: list[Token]) -> Ante:
        return Ante(self._player(c[0]), _last_money(c[0].value), c[-1].type == "ALL_IN", self._lineno(c[0]))

    # -- streets
    def street(self, c: list[Token]) -> StreetStart:
        self.current = _STREET_OF_TERMINAL[c[0].type]
        return StreetStart(self.current, self._lineno(c[0]))

    def common_card(self, c: list[Token]) -> CommonCard:
        return CommonCard(Card.parse(c[0].value[2:-1]), self._lineno(c[0]))

    def deal(self, c: list[Token]) -> Deal:
        if len(c) == 3:
            known, new = _bracketed(c[1].value), _bracketed(c[2].value)
        else:
            known, new = (), _bracketed(c[1].value)
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
            return [fold, Show(self.current, player, _bracketed(c[1].value), (), line)]
        to = _last_money(c[1].value) if kind is ActionKind.RAISE else None
        return Action(self.current, player, kind, _last_money(verb.value), to, c[-1].type == "ALL_IN", line)

    def capped(self, c: list[Token]) -> BettingCapped:
        return BettingCapped(self.current, self._lineno(c[0]))

    def uncalled(self, c: list[Token]) -> UncalledReturn:
        value = c[0].value  # "\nUncalled bet ($0.08)"
        return UncalledReturn(self._player(c[1]), money(value[value.index("(") + 1 : -1]), self._lineno(c[0]))

    def collect(self, c: list[Token]) -> Collect:
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
        return Collect(self._player(c[0]), _last_money(c[0].value), pot, self._lineno(c[0]))

    def show(self, c: list[Token]) -> Show:
        description = low_ranks(c[1].value[6:-1]) if len(c) > 1 else ()
        return Show(self.current, self._player(c[0]), _bracketed(c[0].value), description, self._lineno(c[0]))

    def muck(self, c: list[Token]) -> Muck:
        return Muck(self.current, self._player(c[0]), c[0].type == "MUCKS", self._lineno(c[0]))

    # -- summary
    def pot_line(self, c: list[Token]) -> SummaryPot:
        total = _last_money(c[0].value)
        main: Decimal | None = None
        side: list[Decimal] = []
        rake = _ZERO
        for t in c[1:]:
            if t.type == "MAIN_POT":
                main = _last_money(t.value[:-1])
            elif t.type == "SIDE_POT":
                side.append(_last_money(t.value[:-1]))
            else:
                rake = _last_money(t.value)
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
                cards = _bracketed(t.value)
            elif k == "WON":
                outcome = SeatOutcome.SHOWED_WON
                won = money(t.value[10:-1])
            elif k == "WITH_LOW":
                description = low_ranks(t.value[10:])
            elif k == "MUCKED":
                if outcome is SeatOutcome.OTHER:
                    outcome = SeatOutcome.MUCKED
            elif k == "CARDS":
                cards = _bracketed(t.value)
            elif k == "COLLECTED_SUMMARY":
                outcome = SeatOutcome.COLLECTED
                won = money(t.value[12:-1])
            elif k == "SAT_OUT":
                outcome = SeatOutcome.SAT_OUT
        return SummarySeat(
            _seat_number(c[0].value),
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


# --------------------------------------------------------------------------- parser

_PARSER: Lark | None = None
_TRANSFORMER: PokerStarsTransformer | None = None
_LOCK = threading.Lock()


def grammar_text() -> str:
    """The grammar, from the installed package ``razzlog.grammars`` or the source tree."""
    try:
        return (importlib.resources.files("razzlog.grammars") / GRAMMAR_FILE).read_text("utf-8")
    except (ImportError, OSError, TypeError, ValueError):
        return (Path(__file__).resolve().parents[2] / "grammars" / GRAMMAR_FILE).read_text("utf-8")


def _parser() -> tuple[Lark, PokerStarsTransformer]:
    global _PARSER, _TRANSFORMER
    if _PARSER is None or _TRANSFORMER is None:
        transformer = PokerStarsTransformer()
        _PARSER = Lark(
            grammar_text(),
            parser="lalr",
            lexer="contextual",
            transformer=transformer,
            cache=True,
        )
        _TRANSFORMER = transformer
    return _PARSER, _TRANSFORMER


# --------------------------------------------------------------------------- header check

_HEADER_RE = re.compile(r"PokerStars (?:Game|Hand|Zoom Hand|Home Game Hand) #(\d+): +(?:\{[^}]*\} +)?(.*)")
_TOURNAMENT_RE = re.compile(r"Tournament #\d+, (?:Freeroll|\S+(?: [A-Z]{3}(?= ))?) +")
_GAME_RE = re.compile(r"([^(]*?) ?\(([^,)]*)")
_LIMIT_RE = re.compile(r" ?(?:No Limit|Pot Limit|Fixed Limit|Spread Limit|Limit)$")


def hand_id_of(header: str) -> str | None:
    m = _HEADER_RE.match(header)
    return m.group(1) if m else None


def game_of(header: str) -> str | None:
    """The game a header announces (``"Razz"``, ``"Hold'em"``, ``"7 Card Stud Hi/Lo"``…).

    For mixed games (``HORSE (Razz Limit, $2/$4)``) it is the game of the hand.
    None when the header cannot be read.
    """
    m = _HEADER_RE.match(header)
    if not m:
        return None
    rest = m.group(2)
    t = _TOURNAMENT_RE.match(rest)
    if t:
        rest = rest[t.end() :]
    desc = rest.split(" - ", 1)[0]
    g = _GAME_RE.match(desc)
    full = desc
    if g:
        full = g.group(2) if _LIMIT_RE.search(g.group(2)) else g.group(1)
    return _LIMIT_RE.sub("", full).strip() or None


# --------------------------------------------------------------------------- parse_hand


def parse_hand(raw: RawHand) -> Hand | Violation:
    """Parse one PokerStars hand into events, or say why it cannot be."""
    lines = raw.lines
    header_line = lines[0] if lines else ""
    hand_id = hand_id_of(header_line)
    game = game_of(header_line)
    if game is not None and game.lower() != "razz":
        article = "an" if game[0].lower() in "aeiou" else "a"
        return _violation(
            raw,
            "unknown-format",
            Severity.WARNING,
            raw.first_line,
            hand_id,
            f"skipped {article} {game} hand: razzlog reads razz only",
        )
    if not _has_summary(lines):
        last = raw.first_line + len(lines) - 1
        return _violation(
            raw,
            "truncated-hand",
            Severity.ERROR,
            raw.first_line,
            hand_id,
            f"hand ends at line {last} before its summary",
        )

    masked = mask_lines(lines)
    parser, transformer = _parser()
    with _LOCK:
        transformer.reset(masked.names, raw.first_line)
        try:
            result = cast(tuple[HandHeader, tuple[Event, ...]], parser.parse(masked.text))
        except UnexpectedInput as exc:
            return _parse_error(raw, masked, exc, hand_id, parser)
    header, events = result
    return Hand(
        header=header,
        events=events,
        file=raw.file,
        first_line=raw.first_line,
        last_line=raw.first_line + len(lines) - 1,
        text_digest=text_digest(lines),
    )


def text_digest(lines: tuple[str, ...]) -> str:
    return hashlib.blake2b("\n".join(lines).encode("utf-8"), digest_size=8).hexdigest()


def _has_summary(lines: tuple[str, ...]) -> bool:
    in_summary = False
    for line in lines:
        if in_summary:
            if line.startswith("Total pot "):
                return True
        elif line.startswith("*** SUMMARY ***"):
            in_summary = True
    return False


def _violation(
    raw: RawHand,
    rule: str,
    severity: Severity,
    line: int,
    hand_id: str | None,
    message: str,
    column: int | None = None,
) -> Violation:
    return Violation(
        rule=rule,
        severity=severity,
        file=raw.file,
        line=line,
        site=NAME,
        hand_id=hand_id,
        player=None,
        street=None,
        message=message,
        column=column,
    )


# --------------------------------------------------------------------------- parse errors
#
# Lark reports the terminals it expected where the text stopped fitting.  A
# terminal here is a whole phrase ("NAME: bets $0.04"), so the position is
# refined by walking the phrase's literal words against the text: the column
# given is that of the first word that differs ("Hero: betz $1" -> "betz"), or
# of the value that does not fit ("Hero: bets abc" -> "abc").

_AMOUNT = "an amount (such as $0.04 or 150)"
_CARDS = "cards (such as [Ah 2c])"
_A_LOW = "a low (such as 8,6,4,3,A)"
_NAME = "a seated player's name"

_ACTIONS = ("BRINGS_IN", "BETS", "CALLS", "RAISES", "CHECKS", "FOLDS")
_SHOWDOWN_LINES = ("SHOWS", "MUCKS", "DOESNT_SHOW")
_STREET_HEADERS = ("THIRD", "FOURTH", "FIFTH", "SIXTH", "RIVER", "SHOW_DOWN", "SUMMARY")

# What follows the fixed words of a phrase.
_VALUE_OF: dict[str, str] = {
    **dict.fromkeys(
        (
            "POSTS_ANTE",
            "BRINGS_IN",
            "BETS",
            "CALLS",
            "RAISES",
            "RAISE_TO",
            "UNCALLED",
            "COLLECTED",
            "TOTAL_POT",
            "MAIN_POT",
            "SIDE_POT",
            "RAKE",
            "WON",
            "COLLECTED_SUMMARY",
            "STACK",
            "MONEY",
        ),
        _AMOUNT,
    ),
    **dict.fromkeys(("CARDS", "SHOWS", "SHOWED", "BOARD", "COMMON_CARD"), _CARDS),
    **dict.fromkeys(("LOW_SHOWN", "WITH_LOW"), _A_LOW),
    "FOLDED": "a street (3rd Street … 6th Street, River)",
    "FROM_POT": "'pot', 'main pot', 'side pot' or 'side pot-N'",
    "SITE": "'Game #' or 'Hand #'",
    "TABLE": "a table name in quotes",
    "POSITION": "a position such as '(button)'",
}

# Each terminal in words, when it is expected as a whole.
_WORDS: dict[str, str] = {
    "SEAT": "a seat ('Seat N: NAME')",
    "STACK": "a stack ('(… in chips)')",
    "SEAT_STATUS": "'is sitting out' or 'out of hand'",
    "POSTS_ANTE": "'posts the ante'",
    "DEALT_TO": "'Dealt to'",
    "CARDS": _CARDS,
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
    "MONEY": _AMOUNT,
    "_SPACES": "a space",
    "_NOISE": "a chat or status line",
    "$END": "the end of the hand",
}
_SKIP_UNLESS_ALONE = {"_NOISE", "OTHER"}
_REGEX_SPECIAL = set(".^$*+?{}[]|()\\")


def describe_expected(expected: set[str], terminals: dict[str, Any]) -> str:
    """The expected terminals in human words: "an action (bets, …) or 'Dealt to'"."""
    names = set(expected)
    if len(names) > 1:
        names -= _SKIP_UNLESS_ALONE
    parts: list[str] = []
    if names & set(_ACTIONS):
        parts.append("an action (bets, calls, raises, checks, folds)")
        names -= set(_ACTIONS)
    if names & set(_SHOWDOWN_LINES):
        parts.append("a showdown line (shows, mucks hand, doesn't show hand)")
        names -= set(_SHOWDOWN_LINES)
    headers = [n for n in _STREET_HEADERS if n in names]
    if headers:
        shown = ", ".join(_literal(terminals[n]) for n in headers)
        parts.append(f"a street header ({shown})" if len(headers) > 1 else shown)
        names -= set(headers)
    for name in sorted(names, key=lambda n: (n == "$END", n.startswith("_"), n)):
        term = terminals.get(name)
        if name in _WORDS:
            parts.append(_WORDS[name])
        elif term is not None and term.pattern.type == "str":
            parts.append(f"'{term.pattern.value}'")
        else:
            parts.append(name.lower().strip("_").replace("_", " "))
    parts = list(dict.fromkeys(parts))
    if len(parts) > 8:
        parts = [*parts[:7], "…"]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _literal(term: Any) -> str:
    """The fixed words a terminal starts with ("*** 4th STREET ***")."""
    if term.pattern.type == "str":
        return str(term.pattern.value)
    regex = term.pattern.to_regexp()
    out: list[str] = []
    i = 2 if regex.startswith("\n+") else 0
    while i < len(regex):
        ch = regex[i]
        if ch == "\\":
            if i + 1 >= len(regex) or regex[i + 1].isalnum():
                break
            ch = regex[i + 1]
            i += 1
        elif ch in _REGEX_SPECIAL:
            break
        out.append(ch)
        i += 1
    return "".join(out).strip()


_GREEDY_CLASS_END = re.compile(r"\[\^[^\]]*\][*+]\??$")


@lru_cache(maxsize=512)
def _prefixes(regex: str) -> tuple[tuple[int, re.Pattern[str]], ...]:
    """Every prefix of ``regex`` that is a regex itself, shortest first.

    Prefixes ending in a repeated negated class (``[^\n]*``) are left out:
    they would fit almost any text.
    """
    out: list[tuple[int, re.Pattern[str]]] = []
    for cut in range(len(regex) + 1):
        head = regex[:cut]
        if _GREEDY_CLASS_END.search(head):
            continue
        try:
            out.append((cut, re.compile(head)))
        except re.error:
            continue
    return tuple(out)


def _fit(regex: str, text: str) -> tuple[int, str]:
    """How much of ``text`` some prefix of ``regex`` matches, and the rest of the regex.

    Of the prefixes that reach furthest, the shortest is taken, so the rest
    of the regex says what was expected at that point.
    """
    best, rest = 0, regex
    for cut, pattern in _prefixes(regex):
        m = pattern.match(text)
        if m and m.end() > best:
            best, rest = m.end(), regex[cut:]
    return best, rest


# What a terminal's regex expects, by how the rest of it begins.
_VALUE_PIECES: tuple[tuple[str, str], ...] = (
    (MARK_OPEN, _NAME),
    ("[$€£]", _AMOUNT),
    ("(?:10|[2-9TJQKA])[shdc]", _CARDS),
    ("(?:10|[2-9TJQKA])(?:,", _A_LOW),
    ("(?:10|[2-9TJQKA])", _A_LOW),
    ("(?:3rd", "a street (3rd Street … 6th Street, River)"),
    ("\\d", "a number"),
)


def _starts_line(term: Any) -> bool:
    """Whether a terminal is the start of a line (it begins with the line break)."""
    return bool(term is not None and term.pattern.type == "re" and term.pattern.to_regexp().startswith("\n"))


def _parse_error(
    raw: RawHand, masked: Masked, exc: UnexpectedInput, hand_id: str | None, parser: Lark
) -> Violation:
    terminals = {t.name: t for t in parser.terminals}
    text = masked.text
    expected: set[str]
    if isinstance(exc, UnexpectedToken):
        expected = set(exc.expected)
        pos = len(text) if exc.token.type == "$END" else (exc.token.start_pos or 0)
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
        pos = exc.pos_in_stream or 0
    else:
        expected = set(getattr(exc, "expected", ()) or ())
        pos = len(text)

    # A line's first terminal starts with the line break before it: an error
    # at a line break is about the next line, unless only more of this line
    # could have come.
    line_starts = {n for n in expected if _starts_line(terminals.get(n))}
    at_break = pos >= len(text) or text[pos] == "\n"
    if line_starts and at_break:
        while pos < len(text) and text[pos] == "\n":
            pos += 1
        expected = line_starts | ({"$END"} & expected)
    else:
        expected -= line_starts

    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    index = text.count("\n", 0, pos) - 1
    mline = text[line_start : line_end if line_end >= 0 else len(text)]
    mcol = pos - line_start

    what = describe_expected(expected, terminals) if expected else "the end of the line"
    rest = mline[mcol:]
    if rest:
        fits: dict[str, tuple[int, str]] = {}
        for name in expected - _SKIP_UNLESS_ALONE:
            term = terminals.get(name)
            if term is not None:
                regex = term.pattern.to_regexp()
                fits[name] = _fit(regex[2:] if regex.startswith("\n+") else regex, rest)
        best, remainder = max(fits.values(), default=(0, ""))
        piece = next((words for start, words in _VALUE_PIECES if remainder.startswith(start)), None)
        if best and piece is not None:
            # the fixed words fit, the value after them does not
            mcol += best
            what = piece
        elif best:
            # a fixed word differs: point at the start of that word, and say
            # what could have come there
            word_start = rest.rfind(" ", 0, best) + 1
            mcol += word_start
            if word_start:
                names = {n for n, (got, _) in fits.items() if got >= word_start}
                what = describe_expected(names, terminals)
        while mcol < len(mline) and mline[mcol] == " ":
            mcol += 1

    column = masked.original_column(index, mcol)
    original = masked.lines[index] if 0 <= index < len(masked.lines) else ""
    if pos >= len(text) and column >= len(original):
        found = "end of the hand"
    elif column >= len(original):
        found = "end of the line"
    else:
        word = re.match(r"\S+", original[column:])
        shown = word.group(0) if word else original[column:]
        if len(shown) > 40:
            shown = shown[:39] + "…"
        found = f"'{shown}'"
    file_line = raw.first_line + index
    message = f"line {file_line}, column {column + 1}: unexpected {found}; expected {what}"
    return _violation(raw, "parse-error", Severity.ERROR, file_line, hand_id, message, column + 1)
