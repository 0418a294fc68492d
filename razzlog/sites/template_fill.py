"""Line templates' fill functions (:mod:`.templates`): which slot of a line each event field came
from, as Lark's parse shows it, the conversions of the slots' text (the transformer's own), and
the recording of Lark's parse (its parser stack at every line) that templates are learnt from.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from enum import Enum
from types import CodeType, FunctionType
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
    Muck,
    Seat,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    SummarySeat,
    TournamentFinish,
    UncalledReturn,
)
from razzlog.sites.common import MAX_SEATS
from razzlog.sites.event_builders import build_lines, field_names
from razzlog.sites.template_values import Miss, Values, _low, _marker, _number, _seat

__all__ = ["Fill", "Miss", "Values", "make_fill", "recorded_parse", "table_rivals"]

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
    # "NAME finished the tournament in 7th place": 4 % of a batch's hands, each parsed by Lark
    # when it was not templated (a fifth of the parse's time).  A line with a prize never makes a
    # template: its currency (a str field, from the prize's symbol) has no source (_Inference.field).
    TournamentFinish,
)
# the events whose street is the transformer's current street
_AT_CURRENT = (Deal, Action, Show, Muck, BettingCapped)
_FIELDS: dict[type, tuple[str, ...]] = {cls: field_names(cls) for cls in _KINDS}


# a marker's index, for the markers masking writes (another spelling: no template takes it)
_MARKS = {f"\ue000{i}\ue001": i for i in range(1000)}
# the conversions whose memo a fill function reads inline (Values keeps them)
_MEMOS = {"A": "AMOUNTS", "C": "CARDS", "S": "SEATS", "L": "LOWS"}
# the seat numbers _seat takes, as printed in ASCII digits without leading zeros (others: _seat)
_SEATS = {str(n): n for n in range(1, MAX_SEATS + 1)}


# --------------------------------------------------------------------------- templates

# fill(slots, line, current street, names, events): appends the line's events to ``events`` (a
# list's append inside the function is one specialised instruction; a returned tuple was made,
# extended from and freed for every line)
Fill = Callable[[Sequence[str], int, Street, tuple[str, ...], list[Event]], None]


class _Inference:
    """Which slot each field of a line's events came from: the source of a fill function."""

    def __init__(self, slots: Sequence[str], names: tuple[str, ...], current: Street, values: Values) -> None:
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


def make_fill(
    events: list[Event], slots: Sequence[str], names: tuple[str, ...], current: Street, values: Values
) -> tuple[Fill, set[int]] | None:
    """The fill function of a line's events (generated Python: one call builds the events) and
    the slots it reads, or None when a field's source is not certain."""
    inference = _Inference(slots, names, current, values)
    body: list[str] = []
    for n, ev in enumerate(events):
        cls = type(ev)
        if cls not in _FIELDS:
            return None
        args = []
        for name in _FIELDS[cls]:
            expr = inference.field(cls, name, getattr(ev, name))
            if expr is None:
                return None
            args.append(expr)
        body.extend(build_lines(cls, f"e{n}", args, inference.const))  # (event_builders says why)
        body.append(f"    E.append(e{n})\n")
    read = {int(j) for j in re.findall(r"v\[(\d+)\]", "".join(body))}
    source = "def fill(v, ln, cur, P, E):\n" + ("".join(body) or "    pass\n")
    space: dict[str, Any] = {
        "__builtins__": builtins,
        **inference.constants,
        "A": values.amount,
        "C": values.card_list,
        "C1": values.card,
        "S": _seat,
        "N": _number,
        "L": values.low,
        "MARKS": _MARKS,
        "AMOUNTS": values.amounts,
        "CARDS": values.cards,
        "LOWS": values.lows,
        "SEATS": _SEATS,
    }
    # generated so that filling a line costs one call with no interpretation of the template
    # (a copy of the code per function: the interpreter specialises a code's instructions in place,
    # and one code run with many templates' globals kept missing its caches, 48 k instructions a
    # hand in the steady state; the copy costs a thousandth of a compile)
    return FunctionType(_fill_code(source).replace(), space, "fill"), read


# the code of each fill source met: lines' templates differ mostly by their constants, which are
# globals of the function (the first 1,000 hands of a batch learn 480 templates from 23 sources),
# and compile() costs ~0.5 M instructions; bounded as the templates are (templates.MAX_KEYS)
_CODE: dict[str, CodeType] = {}
_MAX_CODE = 20_000


def _fill_code(source: str) -> CodeType:
    code = _CODE.get(source)
    if code is None:
        space: dict[str, Any] = {}
        exec(compile(source, "<razzlog line template>", "exec"), space)
        code = space["fill"].__code__
        if len(_CODE) >= _MAX_CODE:
            _CODE.clear()
        _CODE[source] = code
    return code


# --------------------------------------------------------------------------- recording Lark's parse


def table_rivals(lark: Any, table: str = "TABLE") -> Callable[[int], tuple[re.Pattern[str], ...] | None]:
    """For a parser state, the patterns of the terminals other than ``table`` that Lark's
    contextual lexer tries there (those the state accepts, and the ignored ones); None if one
    of them is not known (templates.Templates._table says why they are needed)."""
    terminals = {t.name: t for t in lark.terminals}
    states = lark.parser.parser._parse_table.states
    flags = lark.lexer_conf.g_regex_flags

    def rivals(state: int) -> tuple[re.Pattern[str], ...] | None:
        names = (set(states[state]) | set(lark.lexer_conf.ignore)) - {table, "$END"}
        if not names <= terminals.keys():
            return None
        return tuple(re.compile(terminals[n].pattern.to_regexp(), flags) for n in sorted(names))

    return rivals


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

        # the base's method itself: called for every token of a learnt hand, where super() made
        # a super object and looked the method up each time
        lexer_next = lc.LexerThread.next_token

        class Recorder(lc.LexerThread):  # type: ignore[misc]
            stacks: list[tuple[int, ...]]
            head: list[tuple[str, int, int]]

            def next_token(self, ps: Any) -> Any:
                try:
                    tok = lexer_next(self, ps)
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
