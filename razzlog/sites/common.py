"""What the sites' parsers share: values, the Lark parser and its transformer's
base, and ``parse_hand`` up to the site's own grammar.

A site module (``razzlog/sites/<site>.py``) keeps its own grammar, transformer
(a :class:`SiteTransformer`), masking :class:`~.masking.Syntax` and error
:class:`~.errors.Vocabulary`; a :class:`SiteParser` ties them together.  The
Lark parser is built once per process (LALR, contextual lexer, the transformer
applied during the parse so that no tree is built).  The transformer keeps the
current street and the hand's names between callbacks, so parses are
serialised by a lock.
"""

from __future__ import annotations

import datetime
import importlib.resources
import os
import re
import threading
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedInput

from razzlog.cards import Card, parse_cards
from razzlog.events import Event, Hand, HandHeader, OtherGameHand, Street
from razzlog.sites import errors
from razzlog.sites.errors import Vocabulary, parse_error, site_violation, value_error
from razzlog.sites.event_builders import constructor
from razzlog.sites.hand_lines import has_summary, stripped_digest
from razzlog.sites.masking import MARK_CLOSE, MARK_OPEN, Masked, Syntax, mask_lines
from razzlog.sources import RawHand, without_nul
from razzlog.violations import Severity, Violation

if TYPE_CHECKING:  # templates.py imports this module's values
    from razzlog.sites.templates import Templates

# The number between a header's "#" and ":" (both sites print it so), read when the header is cut
# short: a number cut before its ":" may be cut inside, and is no id.
_CUT_HAND_ID = re.compile(r"#(\d+):")

# lark-cython (a compiled LALR parser and lexer for Lark) when it is installed,
# which parses the same with the same errors, about a third faster;
# RAZZLOG_LARK_CYTHON=0 turns it off (pure Lark).
LARK_PLUGINS: dict[str, Any] = {}
if os.environ.get("RAZZLOG_LARK_CYTHON", "1") != "0":
    try:
        import lark_cython

        LARK_PLUGINS = dict(lark_cython.plugins)
    except ImportError:  # pragma: no cover - the optional speed-up is missing
        pass

# --------------------------------------------------------------------------- values

CURRENCY_OF_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP"}
SYMBOL_OF_CURRENCY = {code: symbol for symbol, code in CURRENCY_OF_SYMBOL.items()}
# per table symbol: the other symbols, which no amount at that table may carry
_FOREIGN_SYMBOLS = {
    symbol: re.compile("[" + "".join(s for s in CURRENCY_OF_SYMBOL if s != symbol) + "]")
    for symbol in CURRENCY_OF_SYMBOL
}
# an amount's digits, read where a callback checks them itself (a prize: a garbled one is noise)
_GROUPED = re.compile(r"[$€£]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![.,]?\d)")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})")
_TIME = re.compile(r"(\d{1,2}):(\d{2}):(\d{2})")
_RANK_OF = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANK_OF.update({str(n): n for n in range(2, 10)})


# the limit words of a game's name, wherever the site puts them: "Razz Limit", "Limit Razz",
# "Razz fixed limit", "PL Omaha Hi"
_LIMIT_WORDS = re.compile(r"(?i)\b(?:no limit|pot limit|fixed limit|spread limit|limit|nl|pl|fl)\b")


def is_razz(game: str) -> bool:
    """Whether a header's game is razz (``"Razz Limit"``, ``"Limit Razz"``), not another game
    that has razz in its name (``"Limit 2-7 Razz"``, deuce-to-seven lowball)."""
    found = _RAZZ.get(game)
    if found is None:
        # a few names recur hand after hand: kept (the limit words' substitution, 3,000
        # instructions, once a name)
        found = " ".join(_LIMIT_WORDS.sub(" ", game).split()).lower() == "razz"
        if len(_RAZZ) >= 1024:
            _RAZZ.clear()
        _RAZZ[game] = found
    return found


_RAZZ: dict[str, bool] = {}


def may_be_razz(game: str) -> bool:
    """Whether a game's name cut short may have been razz's (``"Razz Lim"``, ``"Limit Ra"``)."""
    name = game.strip().lower()
    return "razz" in name or any(
        full.startswith(name) for full in ("razz limit", "limit razz", "razz fixed limit")
    )


def money(text: str) -> Decimal:
    """``"$1,234.56"`` / ``"€0.02"`` / ``"15"`` -> Decimal (:class:`AmountOutOfRange` for one no
    table can hold)."""
    printed = text
    if text[0] in "$€£":
        text = text[1:]
    if "," in text:
        text = text.replace(",", "")
    return exact_amount(text, printed)


# An amount is below 10^14 and has at most 6 decimal places: the store counts amounts in
# 64-bit 1/10,000s (below 9.2 × 10^14), and the replay's decimal arithmetic (28 digits)
# stays exact; a 30-digit bet, which no site prints, made it fail.
MAX_WHOLE_DIGITS = 14
MAX_DECIMALS = 6
AMOUNT_RANGE = f"an amount below 10^{MAX_WHOLE_DIGITS} with at most {MAX_DECIMALS} decimal places"


class AmountOutOfRange(Exception):
    """An amount that fits the grammar but is out of :data:`AMOUNT_RANGE`; ``printed`` is the
    amount as the log prints it, for locating it."""

    def __init__(self, printed: str) -> None:
        super().__init__(AMOUNT_RANGE)
        self.printed = printed


def exact_amount(digits: str, printed: str) -> Decimal:
    """``digits`` (``"1234.56"``, no symbol or commas) as a Decimal, :class:`AmountOutOfRange`
    outside :data:`AMOUNT_RANGE` (``printed``: the amount as the log prints it)."""
    if len(digits) > 8:  # the common amounts are short: only long ones are measured
        check_range(digits, printed)
    return Decimal(digits)


def check_range(digits: str, printed: str) -> None:
    """Raise :class:`AmountOutOfRange` unless ``digits`` (``"1234.56"``, no symbol or commas)
    is within :data:`AMOUNT_RANGE`."""
    point = digits.find(".")
    whole = digits if point < 0 else digits[:point]
    decimals = 0 if point < 0 else len(digits) - point - 1
    if len(whole.lstrip("-0")) > MAX_WHOLE_DIGITS or decimals > MAX_DECIMALS:
        raise AmountOutOfRange(printed)


def low_ranks(text: str) -> tuple[int, ...]:
    """``"9,5,4,2,A"`` -> ``(9, 5, 4, 2, 1)``."""
    return tuple(_RANK_OF[r] for r in text.split(","))


def last_money(value: str) -> Decimal:
    """The amount that ends a phrase such as ``": bets $0.04"``."""
    return money(value[value.rindex(" ") + 1 :])


def seat_number(value: str) -> int:
    """``"\\nSeat 3: NAME"`` -> 3."""
    start = value.index("Seat ") + 5
    return int(value[start : value.index(":", start)])


def bracketed(value: str) -> tuple[Card, ...]:
    """The cards of a phrase such as ``" [Td 2s 9s]"`` or ``"NAME: shows [..]"``."""
    return _cards(value[value.rindex("[") + 1 : value.rindex("]")])


# One Card object per card as the grammars print them ("Td", "10d"): cards are
# looked up rather than parsed, and equal cards are the same object.
_CARD_OF: dict[str, Card] = {
    text: Card.parse(text)
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
    for suit in "shdc"
    for text in (rank + suit,)
}
_CARD_OF.update({"10" + suit: _CARD_OF["T" + suit] for suit in "shdc"})


def _cards(text: str) -> tuple[Card, ...]:
    try:
        return tuple([_CARD_OF[t] for t in text.split()])
    except KeyError:
        return parse_cards(text)


class ImpossibleValue(Exception):
    """A value that fits the grammar's shape but cannot be (a 13th month, a € stack at a USD
    table): raised by a transformer callback, reported as a ``parse-error`` at the value
    rather than read as a guess.  ``offset`` is where the value starts in ``token``."""

    def __init__(self, token: Token, offset: int, expected: str) -> None:
        super().__init__(expected)
        self.pos = (token.start_pos or 0) + offset  # in the masked text
        self.expected = expected


def check_played_at(token: Token, offset: int = 0) -> None:
    """Raise :class:`ImpossibleValue` if the date or the time from ``offset`` in ``token`` does
    not exist (``2009/13/45``, ``25:61:00``); the grammar checks only their shape."""
    text: str = token.value
    date = _DATE.search(text, offset)
    if date is not None:
        try:
            datetime.date(int(date[1]), int(date[2]), int(date[3]))
        except ValueError:
            raise ImpossibleValue(token, date.start(), "a date that exists (such as 2009/11/26)") from None
    time = _TIME.search(text, offset)
    if time is not None and (int(time[1]) > 23 or int(time[2]) > 59 or int(time[3]) > 59):
        raise ImpossibleValue(token, time.start(), "a time of day (such as 10:24:42)")


MAX_SEATS = 10  # no stud table has more; a razz table has 8


def seat_of(token: Token) -> int:
    """The seat number of a ``"\\nSeat 3: NAME"`` token; :class:`ImpossibleValue` for a seat no
    table has (0, or more than :data:`MAX_SEATS`), which would otherwise be kept as a guess."""
    number = seat_number(token.value)
    if not 1 <= number <= MAX_SEATS:
        raise ImpossibleValue(token, token.value.index("Seat ") + 5, f"a seat number from 1 to {MAX_SEATS}")
    return number


def check_table_size(token: Token, size: int, offset: int) -> None:
    """Raise :class:`ImpossibleValue` for a table size no table has (``999-max``)."""
    if not 2 <= size <= MAX_SEATS:
        raise ImpossibleValue(token, offset, f"a table of 2 to {MAX_SEATS} seats")


def check_grouping(token: Token, offset: int) -> None:
    """Raise :class:`ImpossibleValue` unless the amount at ``offset`` in ``token`` groups its
    thousands as the sites print them (``$1,234.56``; not ``$3,8.04``)."""
    if not _GROUPED.match(token.value, offset):
        raise ImpossibleValue(token, offset, errors.AMOUNT)


# --------------------------------------------------------------------------- grammar and parser


def grammar_text(grammar_file: str) -> str:
    """A grammar, from the installed package ``razzlog.grammars`` or the source tree."""
    try:
        return (importlib.resources.files("razzlog.grammars") / grammar_file).read_text("utf-8")
    except (ImportError, OSError, TypeError, ValueError):
        return (Path(__file__).resolve().parents[2] / "grammars" / grammar_file).read_text("utf-8")


class SiteTransformer(Transformer[Token, Any]):
    """Callbacks run in log order while the LALR parser reduces each line.

    Tokens are whole phrases (``"NAME bets $0.10"``); the grammar has checked
    their shape, so the values are cut out of them by position.  Names are
    markers, mapped back through ``names``.
    """

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.names: tuple[str, ...] = ()
        self.offset = -1
        self.current = Street.THIRD
        self.currency: str | None = None
        self.foreign: re.Pattern[str] | None = None  # the symbols no amount of this table may carry

    def reset(self, names: tuple[str, ...], first_line: int) -> None:
        self.names = names
        self.offset = first_line - 2
        self.current = Street.THIRD
        self.currency = None
        self.foreign = None

    def _table_currency(self, currency: str | None) -> None:
        """The currency the header names (None: chips, or one without a symbol razzlog knows)."""
        symbol = SYMBOL_OF_CURRENCY.get(currency) if currency is not None else None
        self.currency = currency
        self.foreign = _FOREIGN_SYMBOLS[symbol] if symbol is not None else None

    def _amounts(self, *tokens: Token) -> None:
        """Raise :class:`ImpossibleValue` at the first amount of ``tokens`` (phrases whose only
        currency symbols are their amounts') in another currency than the table's."""
        foreign = self.foreign
        if foreign is None:
            return
        for tok in tokens:
            found = foreign.search(tok.value)
            if found is not None:
                symbol = SYMBOL_OF_CURRENCY[self.currency or ""]
                raise ImpossibleValue(
                    tok, found.start(), f"an amount in the table's currency ({self.currency}, {symbol})"
                )

    def _player(self, tok: Token) -> str:
        """The name behind a PLAYER marker, also inside a phrase ("Dealt to \ue0003\ue001")."""
        value: str = tok.value
        start = value.index(MARK_OPEN)
        return self.names[int(value[start + 1 : value.index(MARK_CLOSE, start)])]

    def _lineno(self, tok: Token) -> int:
        # a line's first token starts with the line break(s) before it
        return (tok.end_line or 0) + self.offset

    def __default__(self, data: str, children: list[Any], meta: Any) -> Any:
        # Rules without a callback: the inlined ones ("_seats", "__third_star_3"…),
        # whose node the parser only opens to take the children, get a bare node.
        if data[0] == "_":
            return _Inline(children)
        return Tree(data, children, meta)  # what Transformer.__default__ does


class _Inline:
    """The node of an inlined rule: only its children are ever read."""

    __slots__ = ("children",)

    def __init__(self, children: list[Any]) -> None:
        self.children = children


T = TypeVar("T", bound=SiteTransformer)


class SiteParser(Generic[T]):
    """A site's grammar, transformer, masking syntax and error words, parsing one hand at a time."""

    def __init__(
        self,
        site: str,
        grammar_file: str,
        transformer: Callable[[], T],
        syntax: Syntax,
        vocab: Vocabulary,
        complete: Callable[[tuple[str, ...]], bool] | None = None,
        templates: bool = False,
    ) -> None:
        self.site = site
        # whether a hand's lines reach the end of its summary (else: truncated-hand)
        self.complete = complete if complete is not None else has_summary
        self.grammar_file = grammar_file
        self.make_transformer = transformer
        self.syntax = syntax
        self.vocab = vocab
        self.lock = threading.Lock()
        self._built: tuple[Lark, T] | None = None
        # line templates (razzlog/sites/templates.py): asked for by the site, and they need
        # lark-cython's lexer thread to learn; RAZZLOG_PARSE_TEMPLATES=0 turns them off
        self.use_templates = (
            templates and bool(LARK_PLUGINS) and os.environ.get("RAZZLOG_PARSE_TEMPLATES", "1") != "0"
        )
        self._templates: Templates | None = None

    def parser(self) -> tuple[Lark, T]:
        """The Lark parser (built on first use) and its transformer."""
        if self._built is None:
            transformer = self.make_transformer()
            lark = Lark(
                grammar_text(self.grammar_file),
                parser="lalr",
                lexer="contextual",
                transformer=transformer,
                cache=True,
                _plugins=LARK_PLUGINS,
            )
            self._built = lark, transformer
            if self.use_templates:
                from razzlog.sites.template_fill import table_rivals
                from razzlog.sites.templates import Templates

                self._templates = Templates(
                    re.compile(lark.get_terminal("MONEY").pattern.to_regexp()),
                    lark.get_terminal("DATETIME").pattern.to_regexp(),
                    re.compile(lark.get_terminal("TABLE").pattern.to_regexp()),
                    table_rivals(lark),
                )
        return self._built

    def parse_hand(
        self, raw: RawHand, hand_id: str | None, game: str | None, templates: bool = True
    ) -> Hand | Violation | OtherGameHand:
        """Parse one hand into events, or say why it cannot be (``game``: what its header announces;
        ``templates=False``: Lark's full parse only, which the template path must equal)."""
        lines = raw.lines
        cut_header = len(lines) == 1  # the input ends on (or inside) the header line
        if hand_id is None and cut_header:
            # the header is cut after its number: the id is what the log shows of it
            found = _CUT_HAND_ID.search(lines[0])
            hand_id = found.group(1) if found else None
        # a cut header that may have named razz ("Razz Lim", "Limit Ra") is a truncated hand
        if game is not None and not (cut_header and may_be_razz(game)):
            other = other_game(raw, self.site, hand_id, game)
            if other is not None:
                return other
        if not self.complete(lines):
            message = f"hand ends at line {raw.first_line + len(lines) - 1} before its summary"
            return site_violation(
                raw, self.site, "truncated-hand", Severity.ERROR, raw.first_line, hand_id, message
            )

        masked = mask_lines(lines, self.syntax)
        lark, transformer = self.parser()
        cache = self._templates if templates else None
        with self.lock:
            result: tuple[HandHeader, tuple[Event, ...]] | None = None
            if cache is not None:
                filled = cache.parse(masked.masked, masked.names, raw.first_line)
                if filled is not None:
                    result = filled[0], tuple(filled[1])
                else:
                    result = _learning_parse(lark, transformer, cache, masked, raw.first_line)
            try:
                if result is None:
                    transformer.reset(masked.names, raw.first_line)
                    result = cast(tuple[HandHeader, tuple[Event, ...]], lark.parse(masked.text))
            except UnexpectedInput as exc:
                return parse_error(raw, masked, exc, hand_id, lark, self.site, self.vocab)
            except ImpossibleValue as exc:
                return value_error(raw, masked, exc.pos, exc.expected, hand_id, self.site)
            except AmountOutOfRange as exc:
                # the first place the amount is printed (the parse reads lines in order)
                at = max(masked.text.find(exc.printed), 0)
                return value_error(raw, masked, at, AMOUNT_RANGE, hand_id, self.site)
        header, events = result
        # Hand(...) without its __init__: a tenth of the cost (event_builders says why)
        return _new_hand(
            header,
            events,
            raw.file,
            raw.first_line,
            raw.first_line + len(lines) - 1,
            stripped_digest(masked.lines),
        )


def _learning_parse(
    lark: Lark, transformer: SiteTransformer, cache: Templates, masked: Masked, first_line: int
) -> tuple[HandHeader, tuple[Event, ...]] | None:
    """Lark's parse of a hand the templates missed, recorded so that its lines become templates;
    None if it fails (the caller parses again as usual, for today's exact error)."""
    from razzlog.sites.templates import recorded_parse

    transformer.reset(masked.names, first_line)
    text = masked.text
    try:
        result, stacks, head = recorded_parse(lark, text)
    except Exception:
        return None
    header, events = cast(tuple[HandHeader, tuple[Event, ...]], result)
    cache.learn(text, masked.names, first_line, stacks, head, header, events)
    return header, events


# --------------------------------------------------------------------------- hands

_new_hand: Callable[[HandHeader, tuple[Event, ...], str, int, int, str], Hand] = constructor(Hand)


def other_game(raw: RawHand, site: str, hand_id: str | None, game: str) -> OtherGameHand | None:
    """A hand of another game than razz (``game`` as the site names it: "Hold'em No Limit",
    "7-Stud H/L8"), counted by game and never parsed; None for razz.  Shared by the sites read
    with a grammar (:meth:`SiteParser.parse_hand`) and those read otherwise."""
    return None if is_razz(game) else OtherGameHand(raw.file, raw.first_line, site, hand_id, game)


def readable_header(header: str) -> str:
    """``header`` with the NULs before its ``#`` removed, to read the hand's id and game from: a
    NUL there (a damaged file) does not make the hand another's (:func:`razzlog.sources.is_header`);
    the parse still reports it.  A NUL inside the number leaves no id."""
    head, sep, rest = header.partition("#")
    return without_nul(head) + sep + rest if "\x00" in head else header


def text_digest(lines: tuple[str, ...]) -> str:
    """Identifies a hand's text (duplicate-hand), blank lines and trailing spaces
    aside: Full Tilt's UTF-16 files put a blank line between every line, copies
    lose trailing spaces, and either is still the same hand."""
    return stripped_digest(tuple([line.rstrip() for line in lines]))
