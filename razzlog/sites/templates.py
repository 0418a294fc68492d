"""Parse each distinct line shape once (issue 16, lever 1): events from templates.

The Lark grammar stays the definition of the format.  A hand is first tried
here, without Lark: each masked line is cut into *slots* (names' markers,
bracketed cards, declared lows, amounts and other digit runs) and the literal
text between them (its *skeleton*); a template learnt from Lark's own parse of
an earlier line with the same skeleton, met in the same parser state, gives the
line's events with this line's values filled in.  Anything else (a skeleton or
a state never seen, a value the template cannot take, a blank line, an amount
in another currency than the table's...) returns None, and the hand goes
through the full parse (:class:`.common.SiteParser`), which then teaches its
lines to the cache: parse errors are always the full parse's.

Why the result is the full parse's:

* **The line order** is Lark's: the key of a line includes the LALR parser's
  whole state stack when the lexer reaches the line (recorded from the real
  parse), and a template holds the stack the parser had when it reached the
  next line; a hand is accepted only if its last stack is one from which a
  recorded parse reached ``$END`` and succeeded.  Same stack and same text
  give the same tokens (the contextual lexer's choice depends only on the
  parser state) and the same reductions.
* **The shape**: a slot becomes a *field* of a template only where Lark's own
  parse shows that an event field came from it (its value, converted as the
  transformer converts it, is found in exactly one slot, and no slot feeds two
  amount, card or number fields); every other slot is literal, checked equal
  to the recorded text (``*** 5rd STREET ***`` never borrows the parse of
  ``*** 3rd STREET ***``: its digit is no field).  Field values must be what
  the grammar's piece accepts (the ``MONEY`` terminal's own expression, the
  card and low patterns, ASCII digits) and pass the transformer's checks
  (amount range, seat number, the table's currency): then the grammar's
  terminals match the line exactly as they matched the recorded one (the
  slots are whole pieces of the grammar's terminals, with literal text on both
  sides), and the transformer computes from the new values what the template
  computes.  A template is kept only if filling it with the recorded line's
  own values gives exactly (``repr``) the events Lark's parse gave.
* **Hand state**: the current street follows the street headers as the
  transformer's does; line numbers are the line's; names are the masking's.
  The header and table lines have templates of their own (the hand number and
  dates are the header's fields, checked as the transformer checks them; the
  table line is taken whole).

Tournament results (their prize's currency comes from its symbol) and lines of
other events than listed in ``_KINDS`` are never templated.  The cache is per
process, bounded (:data:`MAX_KEYS`: cleared when full).  Needs lark-cython's
lexer thread to record the parser states (pure Lark: the full parse only).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from decimal import Decimal
from enum import Enum
from typing import Any

from razzlog.cards import Card
from razzlog.events import (
    Action,
    Ante,
    BettingCapped,
    Collect,
    CommonCard,
    Deal,
    Event,
    HandHeader,
    Muck,
    Seat,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.sites.common import (
    CURRENCY_OF_SYMBOL,
    MAX_SEATS,
    SYMBOL_OF_CURRENCY,
    AmountOutOfRange,
    ImpossibleValue,
    bracketed,
    check_played_at,
    low_ranks,
    money,
)

MAX_KEYS = 20_000  # line keys (parser stack, skeleton); 10k generated hands need about 1,500

_RANK = r"(?:10|[2-9TJQKA])"
_CARD = _RANK + r"[shdc]"
# one capturing group: re.split gives [literal, slot, literal, slot, ..., literal]
_SLOT = re.compile(
    "(\ue000[0-9]+\ue001"  # a name's marker
    rf"|\[{_CARD}(?: {_CARD})*\]"  # cards
    rf"|(?<=Lo: ){_RANK}(?:,{_RANK})*"  # a declared low
    r"|[$€£]?[0-9]+(?:[.,][0-9]+)*)"  # an amount or another digit run
)
_SEP = "\x00"  # joins a skeleton's literals (a hand with a NUL is never templated)
_DIGITS = re.compile(r"[0-9]+")
_HEAD = re.compile(r"PokerStars (?:Game|Hand|Zoom Hand|Home Game Hand) #([0-9]+):")

_KINDS = (
    Seat,
    Ante,
    StreetStart,
    Deal,
    CommonCard,
    Action,
    BettingCapped,
    UncalledReturn,
    Collect,
    Show,
    Muck,
    SummaryPot,
    SummarySeat,
)
# the events whose street is the transformer's current street
_AT_CURRENT = (Deal, Action, Show, Muck, BettingCapped)
_FIELDS = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in _KINDS}


class Miss(Exception):
    """A value the template cannot take: the hand goes through the full parse."""


# --------------------------------------------------------------------------- value conversions


class Values:
    """The conversions a filled template applies to its slots (as the transformer converts the
    same text), with small memos: the same amounts and cards recur from hand to hand."""

    def __init__(self, money_re: re.Pattern[str]) -> None:
        self.money_re = money_re  # the grammar's MONEY terminal
        self.amounts: dict[str, Decimal] = {}
        self.cards: dict[str, tuple[Card, ...]] = {}

    def amount(self, text: str) -> Decimal:
        found = self.amounts.get(text)
        if found is None:
            if self.money_re.fullmatch(text) is None:
                raise Miss
            try:
                found = money(text)
            except AmountOutOfRange:
                raise Miss from None
            if len(self.amounts) > 4096:
                self.amounts.clear()
            self.amounts[text] = found
        return found

    def card_list(self, text: str) -> tuple[Card, ...]:
        found = self.cards.get(text)
        if found is None:
            if text[:1] != "[":
                raise Miss
            found = bracketed(text)
            if len(self.cards) > 4096:
                self.cards.clear()
            self.cards[text] = found
        return found

    def card(self, text: str) -> Card:
        cards = self.card_list(text)
        if len(cards) != 1:
            raise Miss
        return cards[0]


def _number(text: str) -> int:
    if _DIGITS.fullmatch(text) is None:
        raise Miss
    return int(text)


def _seat(text: str) -> int:
    number = _number(text)
    if not 1 <= number <= MAX_SEATS:  # common.seat_of's check
        raise Miss
    return number


def _low(text: str) -> tuple[int, ...]:
    if text[:1] in "$€£[\ue000":
        raise Miss
    try:
        return low_ranks(text)
    except KeyError:
        raise Miss from None


def _marker(text: str) -> int:
    if text[:1] != "\ue000":
        raise Miss
    return int(text[1:-1])


# a marker's index, for the markers masking writes (another spelling: no template takes it)
_MARKS = {f"\ue000{i}\ue001": i for i in range(1000)}
# the conversions whose memo a fill function reads inline (Values keeps them)
_MEMOS = {"A": "AMOUNTS", "C": "CARDS"}


class _Token:
    """What common.check_played_at reads of a token."""

    __slots__ = ("start_pos", "value")

    def __init__(self, value: str) -> None:
        self.value = value
        self.start_pos = 0


# --------------------------------------------------------------------------- templates

Fill = Callable[[list[str], int, Street, tuple[str, ...]], tuple[Event, ...]]


@dataclasses.dataclass(frozen=True, slots=True)
class Template:
    literals: tuple[tuple[int, str], ...]  # (slot, text) pairs that must be as recorded
    fill: Fill
    after: int  # the parser stack (its id) at the next line
    street: Street | None  # the street a header line starts


@dataclasses.dataclass(frozen=True, slots=True)
class Head:
    """A header line's template: its fields but the hand number and dates are constants."""

    pattern: re.Pattern[str]  # the line, the number and dates as groups (Lark's own terminals)
    header: HandHeader  # the recorded header (its number, dates, table and line replaced)
    foreign: re.Pattern[str] | None  # the symbols no amount of the table may carry
    after: int


class _Inference:
    """Which slot each field of a line's events came from: the source of a fill function."""

    def __init__(self, slots: list[str], names: tuple[str, ...], current: Street, values: Values) -> None:
        self.slots = slots
        self.names = names
        self.current = current
        self.values = values
        self.used: set[int] = set()  # slots that feed an amount, card or number field
        self.constants: dict[str, Any] = {}

    def const(self, value: Any) -> str:
        name = f"K{len(self.constants)}"
        self.constants[name] = value
        return name

    def _candidates(self, convert: Callable[[str], Any], want: Any) -> list[int]:
        found = []
        for j, text in enumerate(self.slots):
            try:
                got = convert(text)
            except (Miss, ValueError, KeyError, IndexError):
                continue
            if type(got) is type(want) and repr(got) == repr(want):
                found.append(j)
        return found

    def _one(self, convert: Callable[[str], Any], want: Any, call: str) -> str | None:
        found = self._candidates(convert, want)
        if len(found) != 1 or found[0] in self.used:
            return None
        self.used.add(found[0])
        if call in _MEMOS:  # the memo first, inline: no call for a value seen before
            return f"({_MEMOS[call]}.get(v[{found[0]}]) or {call}(v[{found[0]}]))"
        return f"{call}(v[{found[0]}])"

    def field(self, cls: type, name: str, value: Any) -> str | None:
        """The expression of one field (None: this line cannot make a template)."""
        if name == "line":
            return "ln"
        if name == "street" and cls in _AT_CURRENT:
            return "cur" if value is self.current else None
        if value is None or type(value) is bool or isinstance(value, Enum):
            return self.const(value)
        if type(value) is str:
            if name != "player":
                return None
            found = self._candidates(lambda t: self.names[_marker(t)], value)
            return f"P[MARKS[v[{found[0]}]]]" if len(found) == 1 else None
        if type(value) is Decimal:
            if not self._candidates(self.values.amount, value) and not any(
                s[:1] not in "[\ue000" for s in self.slots
            ):
                return self.const(value)  # checks and folds: no amount on the line
            return self._one(self.values.amount, value, "A")
        if type(value) is int:
            if name == "seat":
                return self._one(_seat, value, "S")
            expr = self._one(_number, value, "N")
            if expr is None and cls is Collect and not self._candidates(_number, value):
                return self.const(value)  # "from pot", "main pot", "side pot"
            return expr
        if type(value) is Card:
            return self._one(self.values.card, value, "C1")
        if type(value) is tuple:
            if not value:
                return self.const(value)
            if all(type(x) is Card for x in value):
                return self._one(self.values.card_list, value, "C")
            if all(type(x) is int for x in value):
                return self._one(_low, value, "L")
            if all(type(x) is Decimal for x in value):
                parts = [self.field(cls, "", x) for x in value]
                if any(p is None or p.startswith("K") for p in parts):
                    return None
                return "(" + "".join(f"{p}, " for p in parts) + ")"
        return None


def _make_fill(
    events: list[Event], slots: list[str], names: tuple[str, ...], current: Street, values: Values
) -> tuple[Fill, set[int]] | None:
    """The fill function of a line's events (generated Python: one call builds the events) and
    the slots it reads, or None when a field's source is not certain."""
    inference = _Inference(slots, names, current, values)
    exprs = []
    for ev in events:
        cls = type(ev)
        if cls not in _FIELDS:
            return None
        args = []
        for name in _FIELDS[cls]:
            expr = inference.field(cls, name, getattr(ev, name))
            if expr is None:
                return None
            args.append(expr)
        exprs.append(f"{inference.const(cls)}({', '.join(args)})")
    read = {int(j) for j in re.findall(r"v\[(\d+)\]", " ".join(exprs))}
    source = "def fill(v, ln, cur, P):\n    return (" + "".join(f"{e}, " for e in exprs) + ")\n"
    space: dict[str, Any] = {
        **inference.constants,
        "A": values.amount,
        "C": values.card_list,
        "C1": values.card,
        "S": _seat,
        "N": _number,
        "L": _low,
        "MARKS": _MARKS,
        "AMOUNTS": values.amounts,
        "CARDS": values.cards,
    }
    # generated so that filling a line costs one call with no interpretation of the template
    exec(compile(source, "<razzlog line template>", "exec"), space)
    return space["fill"], read


# --------------------------------------------------------------------------- the cache


class Templates:
    """Per process: what recorded parses taught, and the template path of a hand."""

    def __init__(self, money_re: re.Pattern[str], datetime_re: str) -> None:
        self.values = Values(money_re)
        self.datetime_re = datetime_re
        self.datetimes = re.compile(datetime_re)
        self.clear()

    def clear(self) -> None:
        self.stacks: dict[tuple[int, ...], int] = {}
        self.start: int | None = None  # the stack id at the header line
        self.heads: dict[str, Head] = {}
        self.tables: dict[tuple[int, str], tuple[str, int | None, int]] = {}
        self.lines: dict[tuple[int, str], list[Template]] = {}
        self.accepting: set[int] = set()

    # -- the template path
    def parse(
        self, text: str, names: tuple[str, ...], first_line: int
    ) -> tuple[HandHeader, list[Event]] | None:
        """The header and events of a masked hand, or None (the full parse decides)."""
        if _SEP in text:  # a NUL would make two skeletons alike (the full parse reports it)
            return None
        lines = text.split("\n")  # lines[0] is the "" before the first "\n"
        if len(lines) < 4:
            return None
        head = self._head(lines[1])
        if head is None:
            return None
        template, number, played_at = head
        table = self.tables.get((template.after, lines[2]))
        if table is None:
            return None
        name, max_seats, stack = table
        if template.foreign is not None and template.foreign.search(text, len(lines[1]) + 1) is not None:
            return None  # an amount in another currency, maybe: the full parse says
        events: list[Event] = []
        current = Street.THIRD
        cache = self.lines
        split = _SLOT.split
        try:
            for i in range(3, len(lines)):
                parts = split(lines[i])
                slots = parts[1::2]
                found = cache.get((stack, _SEP.join(parts[0::2])))
                if found is None:
                    return None
                for t in found:
                    for j, literal in t.literals:
                        if slots[j] != literal:
                            break
                    else:
                        break
                else:
                    return None
                events += t.fill(slots, first_line + i - 1, current, names)
                stack = t.after
                if t.street is not None:
                    current = t.street
        except (Miss, ValueError, KeyError, IndexError):
            return None
        if stack not in self.accepting:
            return None
        header = dataclasses.replace(
            template.header,
            hand_id=number,
            played_at=played_at,
            line=first_line,
            table=name,
            max_seats=max_seats,
        )
        return header, events

    def _head(self, line: str) -> tuple[Head, str, str] | None:
        key = self._head_key(line)
        if key is None:
            return None
        template = self.heads.get(key[0])
        if template is None:
            return None
        m = template.pattern.fullmatch(line)
        if m is None:
            return None
        dates = m.groups()[1:]
        try:
            for date in dates:
                check_played_at(_Token(date))  # type: ignore[arg-type]
        except ImpossibleValue:
            return None
        return template, m.group(1), dates[0]

    def _head_key(self, line: str) -> tuple[str, list[tuple[int, int]]] | None:
        """The header's skeleton (its hand number and dates cut out) and their spans."""
        m = _HEAD.match(line)
        if m is None:
            return None
        spans = [m.span(1)] + [d.span() for d in self.datetimes.finditer(line, m.end())]
        pieces, at = [], 0
        for a, b in spans:
            pieces.append(line[at:a])
            at = b
        pieces.append(line[at:])
        return _SEP.join(pieces), spans

    # -- learning from a recorded parse
    def _id(self, stack: tuple[int, ...]) -> int:
        found = self.stacks.get(stack)
        if found is None:
            found = self.stacks[stack] = len(self.stacks)
        return found

    def learn(
        self,
        text: str,
        names: tuple[str, ...],
        first_line: int,
        stacks: list[tuple[int, ...]],
        head_tokens: list[tuple[str, int, int]],
        header: HandHeader,
        events: tuple[Event, ...],
    ) -> None:
        """Learn the lines of a hand Lark parsed: ``stacks[i]`` the parser stack when the lexer
        reached masked line i (and, last, at the end), ``head_tokens`` the header line's
        tokens (type, start, end in the line), ``header`` and ``events`` the result."""
        lines = text.split("\n")[1:]
        if _SEP in text or len(stacks) != len(lines) + 1 or any(not line for line in lines) or len(lines) < 3:
            return
        if len(self.lines) >= MAX_KEYS:
            self.clear()
        ids = [self._id(s) for s in stacks]
        if self.start is None:
            self.start = ids[0]
        if ids[0] != self.start or not lines[1].startswith("Table '"):
            return
        by_line: list[list[Event]] = [[] for _ in lines]
        last = 0
        for ev in events:
            index = ev.line - first_line
            if not last <= index < len(lines):
                return  # events out of line order (never seen): templates could not give them
            by_line[index].append(ev)
            last = index
        if by_line[0] or by_line[1] or header.line != first_line:
            return
        self._learn_head(lines[0], head_tokens, header, ids[1])
        self.tables.setdefault((ids[1], lines[1]), (header.table, header.max_seats, ids[2]))
        current = Street.THIRD
        for i in range(2, len(lines)):
            got = by_line[i]
            self._learn_line(lines[i], ids[i], ids[i + 1], got, names, current)
            for ev in got:
                if type(ev) is StreetStart:
                    current = ev.street
        self.accepting.add(ids[-1])

    def _learn_head(
        self, line: str, tokens: list[tuple[str, int, int]], header: HandHeader, after: int
    ) -> None:
        key = self._head_key(line)
        if key is None or key[0] in self.heads:
            return
        # the spans cut out must be exactly Lark's HAND_ID and DATETIME tokens
        wanted = [(a, b) for kind, a, b in tokens if kind in ("HAND_ID", "DATETIME")]
        if key[1] != wanted or tokens[1][0] != "HAND_ID":
            return
        pieces, at = [], 0
        for n, (a, b) in enumerate(wanted):
            pieces.append(re.escape(line[at:a]))
            pieces.append(r"(?>([0-9]+))" if n == 0 else f"(?>({self.datetime_re}))")
            at = b
        pieces.append(re.escape(line[at:]))
        symbol = SYMBOL_OF_CURRENCY.get(header.currency) if header.currency is not None else None
        foreign = (
            re.compile("[" + "".join(s for s in CURRENCY_OF_SYMBOL if s != symbol) + "]")
            if symbol is not None
            else None
        )
        self.heads[key[0]] = Head(re.compile("".join(pieces)), header, foreign, after)

    def _learn_line(
        self, line: str, before: int, after: int, events: list[Event], names: tuple[str, ...], current: Street
    ) -> None:
        parts = _SLOT.split(line)
        slots = parts[1::2]
        key = (before, _SEP.join(parts[0::2]))
        known = self.lines.get(key, [])
        for t in known:
            if all(slots[j] == literal for j, literal in t.literals):
                return  # already known
        if len(known) >= 8:
            return
        made = _make_fill(events, slots, names, current, self.values)
        if made is None:
            return
        fill, read = made
        try:
            again = fill(slots, events[0].line if events else 0, current, names)
        except (Miss, ValueError, KeyError, IndexError):
            return
        if events and repr(again) != repr(tuple(events)):
            return
        literals = tuple((j, s) for j, s in enumerate(slots) if j not in read)
        street = next((ev.street for ev in events if type(ev) is StreetStart), None)
        self.lines[key] = [*known, Template(literals, fill, after, street)]


# --------------------------------------------------------------------------- recording Lark's parse


def recorded_parse(lark: Any, text: str) -> tuple[Any, list[tuple[int, ...]], list[tuple[str, int, int]]]:
    """``lark.parse(text)`` (lark-cython's parser, the same tokens and callbacks), also returning
    the parser's stack each time the lexer reached a line (and the end) and the header line's
    tokens (type, start, end in the line).  Raises what the parse raises."""
    front = lark.parser
    thread = _recorder().from_text(front.lexer, text)
    thread.stacks = []
    thread.head = []
    result = front.parser.parse(thread, "start")
    return result, thread.stacks, thread.head


_RECORDER: Any = None


def _recorder() -> Any:
    global _RECORDER
    if _RECORDER is None:
        import lark_cython.lark_cython as lc

        class Recorder(lc.LexerThread):  # type: ignore[misc]
            stacks: list[tuple[int, ...]]
            head: list[tuple[str, int, int]]

            def next_token(self, ps: Any) -> Any:
                try:
                    tok = super().next_token(ps)
                except EOFError:
                    self.stacks.append(tuple(ps.state_stack))
                    raise
                if tok.value[:1] == "\n":  # a line's first token holds the line break before it
                    self.stacks.append(tuple(ps.state_stack))
                if tok.end_line == 2:  # the header (the text starts with "\n")
                    self.head.append((tok.type, tok.start_pos - 1, tok.end_pos - 1))
                return tok

        _RECORDER = Recorder
    return _RECORDER
