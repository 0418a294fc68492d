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
  The header and table lines have templates of their own (the hand's and a
  tournament's numbers and the dates are the header's fields, the dates checked
  as the transformer checks them; the table's name is the table line's field
  where no other terminal could match the line: :meth:`Templates._table`).

Tournament results with a prize (its currency comes from its symbol: no slot
gives it) and lines of other events than those of ``template_fill._KINDS`` are
never templated.  The cache is per process, bounded (:data:`MAX_KEYS`: cleared
when full), and so is the memo of lines' cuts (:data:`MAX_CUTS`).  Needs
lark-cython's lexer thread to record the parser states (pure Lark: the full
parse only).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Final

from razzlog.events import Event, HandHeader, Street, StreetStart
from razzlog.sites.common import CURRENCY_OF_SYMBOL, SYMBOL_OF_CURRENCY, ImpossibleValue, check_played_at
from razzlog.sites.template_fill import Fill, Miss, Values, make_fill, recorded_parse

__all__ = ["MAX_KEYS", "Templates", "recorded_parse"]

# line keys (parser stack, skeleton), table lines, their shapes and headers; 10k generated hands
# need about 500 line keys, 460 table lines (met as one shape or two) and 10 headers
MAX_KEYS = 20_000

_RANK = r"(?:10|[2-9TJQKA])"
_CARD = _RANK + r"[shdc]"
# One capturing group: re.split gives [literal, slot, literal, slot, ..., literal].  A slot is a
# name's marker, cards, a declared low (after "Lo: ") or an amount or other digit run, tried in
# that order (tests/test_parse_templates_fields.py has the plain pattern).  The slot's first
# character is taken by one character class, each branch then checking it by a lookbehind: re
# skips to the next such character instead of trying every branch everywhere (half the cost).
_SLOT = re.compile(
    "([\ue000\\[$€£0-9TJQKA]"
    "(?:(?<=\ue000)[0-9]+\ue001"
    rf"|(?<=\[){_CARD}(?: {_CARD})*\]"
    rf"|(?<=Lo: 1)0(?:,{_RANK})*|(?<=Lo: [2-9TJQKA])(?:,{_RANK})*"
    r"|(?<=[$€£])[0-9]+(?:[.,][0-9]+)*"
    r"|(?<=[0-9])[0-9]*(?:[.,][0-9]+)*))"
)
_SEP: Final = "\x00"  # joins a skeleton's literals (a hand with a NUL is never templated)
_HEAD = re.compile(r"PokerStars (?:Game|Hand|Zoom Hand|Home Game Hand) #([0-9]+):")
# a tournament's number, cut out of the header like the hand's (its other fields stay literal)
_TOURNAMENT = re.compile(r"Tournament #([0-9]+), ")
_HEAD_FIELDS = ("HAND_ID", "TOURNAMENT_ID", "DATETIME")  # the header's fields (Lark's terminals)


# masked lines whose cut is kept (Templates.cuts): about 8 MB; emptied when full
MAX_CUTS = 16_384


def cut_line(line: str) -> tuple[str, tuple[str, ...]]:
    """The skeleton of a line (its literals joined by ``_SEP``, the line's key) and its slots."""
    parts = _SLOT.split(line)
    return _SEP.join(parts[0::2]), tuple(parts[1::2])


def cut_lines(text: str) -> tuple[list[str], list[str]]:
    """:func:`cut_line` of each line of ``text`` in one split: each line's skeleton, and the slots
    of all its lines in order (line i's are the next ``key.count(_SEP)``).

    One split of the whole text, not one a line (a third of the cost for 65 lines): a slot never
    holds a line break and the pattern's lookbehinds never reach one, so each line's slots and
    literals are those a split of the line alone gives.  (The test compares the two.)
    """
    parts = _SLOT.split(text)
    return _SEP.join(parts[0::2]).split("\n"), parts[1::2]


class _Token:
    """What common.check_played_at reads of a token."""

    __slots__ = ("start_pos", "value")

    def __init__(self, value: str) -> None:
        self.value = value
        self.start_pos = 0


class Template:
    """A line's template (compiled by mypyc, so that the template path's loop reads its fields
    as a native class's, not through Python attribute look-ups)."""

    def __init__(
        self,
        literals: tuple[tuple[int, str], ...],
        fill: Fill,
        after: int,
        street: Street | None,
    ) -> None:
        self.literals = literals  # (slot, text) pairs that must be as recorded
        self.fill = fill
        self.after = after  # the parser stack (its id) at the next line
        self.street = street  # the street a header line starts


@dataclasses.dataclass(frozen=True, slots=True)
class Head:
    """A header line's template: its fields but the hand's and tournament's numbers and the dates
    are constants."""

    pattern: re.Pattern[str]  # the line, those fields as groups (Lark's own terminals)
    header: HandHeader  # the recorded header (its number, dates, table and line replaced)
    foreign: re.Pattern[str] | None  # the symbols no amount of the table may carry
    after: int
    tournament: bool  # whether group 2 is the tournament's number


# --------------------------------------------------------------------------- the cache


class Templates:
    """Per process: what recorded parses taught, and the template path of a hand."""

    def __init__(
        self,
        money_re: re.Pattern[str],
        datetime_re: str,
        table_re: re.Pattern[str] | None = None,
        rivals: Callable[[int], tuple[re.Pattern[str], ...] | None] | None = None,
    ) -> None:
        self.values = Values(money_re)
        # TABLE, and the other terminals the lexer tries in a parser state (None: unknown): _table
        self.table_re = table_re
        self.rivals = rivals
        self.datetime_re = datetime_re
        self.datetimes = re.compile(datetime_re)
        self.cuts: dict[str, tuple[str, tuple[str, ...]]] = {}  # line -> cut_line(line)
        self.max_cuts = MAX_CUTS
        if self.datetimes.groups:  # a header template's groups are the hand number and its dates
            raise ValueError("the DATETIME terminal must have no capturing group")
        self.clear()

    def clear(self) -> None:
        self.stacks: dict[tuple[int, ...], int] = {}
        self.start: int | None = None  # the stack id at the header line
        self.heads: dict[str, Head] = {}
        self.tables: dict[tuple[int, str], tuple[str, int | None, int]] = {}
        # (stack id, the table line after its name) -> max seats, the stack id after the line, the
        # patterns of the other terminals the lexer could take at the line
        self.table_shapes: dict[tuple[int, str], tuple[int | None, int, tuple[re.Pattern[str], ...]]] = {}
        self.lines: dict[tuple[int, str], list[Template]] = {}
        self.accepting: set[int] = set()

    # -- the template path
    def parse(
        self, text: str, names: tuple[str, ...], first_line: int
    ) -> tuple[HandHeader, list[Event]] | None:
        """The header and events of a masked hand, or None (the full parse decides)."""
        if _SEP in text:  # a NUL would make two skeletons alike (the full parse reports it)
            return None
        # text is "\n" + the lines joined by "\n": the header, the table line, then the body
        head_end = text.find("\n", 1)
        table_end = text.find("\n", head_end + 1) if head_end > 0 else -1
        if table_end < 0 or table_end == len(text):
            return None
        head = self._head(text[1:head_end])
        if head is None:
            return None
        template, number, tournament, played_at = head
        table_line = text[head_end + 1 : table_end]
        table = self.tables.get((template.after, table_line))
        if table is None:
            table = self._table(template.after, table_line, text, head_end)
            if table is None:
                return None
        name, max_seats, stack = table
        if template.foreign is not None and template.foreign.search(text, head_end) is not None:
            return None  # an amount in another currency, maybe: the full parse says
        events: list[Event] = []
        current = Street.THIRD
        cache = self.lines
        line = first_line + 1  # the hand's line of the first body line is its third
        try:
            for key, slots in self.cut(text[table_end + 1 :].split("\n")):
                found = cache.get((stack, key))
                if found is None:
                    return None
                t: Template | None = None
                for candidate in found:
                    t = candidate
                    for j, literal in candidate.literals:
                        if slots[j] != literal:
                            t = None
                            break
                    if t is not None:
                        break
                if t is None:
                    return None
                line += 1
                events += t.fill(slots, line, current, names)
                stack = t.after
                street = t.street
                if street is not None:
                    current = street
        except (Miss, ValueError, KeyError, IndexError):
            return None
        if stack not in self.accepting:
            return None
        h = template.header
        # (dataclasses.replace, spelt out: it costs 4x as much, reading the class's fields)
        header = HandHeader(
            h.site,
            number,
            h.game,
            h.small_bet,
            h.big_bet,
            h.currency,
            h.is_tournament,
            tournament if template.tournament else h.tournament_id,
            h.buy_in,
            h.level,
            played_at,
            name,
            max_seats,
            first_line,
            h.ante,
            h.bring_in,
            h.mix,
            h.club,
        )
        return header, events

    def cut(self, lines: list[str]) -> list[tuple[str, tuple[str, ...]]]:
        """:func:`cut_line` of each masked line (none holds ``_SEP``), kept: about 60 % of a
        batch's lines were met before (names are markers), and the split cost 7,700 instructions
        a line, 40 % of the template path.  The lines not kept are cut in one split."""
        known = self.cuts
        out: list[tuple[str, tuple[str, ...]]] = []
        new: list[int] = []  # the lines not kept
        for i, line in enumerate(lines):
            cut = known.get(line)
            if cut is None:
                new.append(i)
                cut = ("", ())
            out.append(cut)
        if not new:
            return out
        keys, slots = cut_lines("\n".join([lines[i] for i in new]))
        if len(known) + len(new) > self.max_cuts:
            known.clear()
        at = 0
        for k, i in enumerate(new):
            key = keys[k]
            width = key.count(_SEP)
            cut = out[i] = (key, tuple(slots[at : at + width]))
            known[lines[i]] = cut
            at += width
        return out

    def _table(self, before: int, line: str, text: str, at: int) -> tuple[str, int | None, int] | None:
        """A table line met for the first time (``text[at]`` is the line break before it), read
        from a recorded line that differs only by the table's name: the text after the name is
        the recorded one's (the key), TABLE matches up to the same point (the name has no quote),
        and no other terminal the lexer accepts in this parser state matches at all (``Foo
        rebuys`` would make the line a status line, _NOISE), so Lark's tokens are the same."""
        if self.table_re is None or not line.startswith("Table '"):
            return None
        quote = line.find("'", 7)
        if quote < 0:
            return None
        shape = self.table_shapes.get((before, line[quote + 1 :]))
        if shape is None:
            return None
        max_seats, after, rivals = shape
        m = self.table_re.match(text, at)
        if m is None or m.end() != at + quote + 2:
            return None
        for rival in rivals:
            if rival.match(text, at) is not None:
                return None
        found = (line[7:quote], max_seats, after)
        if len(self.lines) + len(self.tables) + len(self.heads) < MAX_KEYS:
            self.tables[(before, line)] = found  # the next hand at this table: one look-up
        return found

    def _head(self, line: str) -> tuple[Head, str, str | None, str] | None:
        key = self._head_key(line)
        if key is None:
            return None
        template = self.heads.get(key[0])
        if template is None:
            return None
        m = template.pattern.fullmatch(line)
        if m is None:
            return None
        groups = m.groups()
        dates = groups[2:] if template.tournament else groups[1:]
        try:
            for date in dates:
                check_played_at(_Token(date))  # type: ignore[arg-type]
        except ImpossibleValue:
            return None
        return template, groups[0], groups[1] if template.tournament else None, dates[0]

    def _head_key(self, line: str) -> tuple[str, list[tuple[int, int]]] | None:
        """The header's skeleton (its hand number, a tournament's number and the dates cut out)
        and their spans."""
        m = _HEAD.match(line)
        if m is None:
            return None
        spans = [m.span(1)]
        at = m.end()
        t = _TOURNAMENT.search(line, at)
        if t is not None:
            spans.append(t.span(1))
            at = t.end()
        spans += [d.span() for d in self.datetimes.finditer(line, at)]
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
        if len(self.lines) + len(self.tables) + len(self.heads) + len(self.table_shapes) >= MAX_KEYS:
            self.clear()  # tables and headers too: a corpus of many tables adds few line keys
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
        self._learn_table_shape(lines[1], header, ids[1], ids[2], stacks[1])
        current = Street.THIRD
        for i in range(2, len(lines)):
            got = by_line[i]
            self._learn_line(lines[i], ids[i], ids[i + 1], got, names, current)
            for ev in got:
                if type(ev) is StreetStart:
                    current = ev.street
        self.accepting.add(ids[-1])

    def _learn_table_shape(
        self, line: str, header: HandHeader, before: int, after: int, stack: tuple[int, ...]
    ) -> None:
        """What :meth:`_table` reads other names of this table line by (a name without quotes)."""
        quote = line.find("'", 7)
        if self.rivals is None or quote != 7 + len(header.table) or line[7:quote] != header.table:
            return
        key = (before, line[quote + 1 :])
        if key in self.table_shapes:
            return
        rivals = self.rivals(stack[-1])
        if rivals is not None:
            self.table_shapes[key] = (header.max_seats, after, rivals)

    def _learn_head(
        self, line: str, tokens: list[tuple[str, int, int]], header: HandHeader, after: int
    ) -> None:
        key = self._head_key(line)
        if key is None or key[0] in self.heads:
            return
        # the spans cut out must be exactly Lark's HAND_ID, TOURNAMENT_ID and DATETIME tokens
        wanted = [(kind, a, b) for kind, a, b in tokens if kind in _HEAD_FIELDS]
        if key[1] != [(a, b) for _, a, b in wanted] or tokens[1][0] != "HAND_ID":
            return
        tournament = len(wanted) > 1 and wanted[1][0] == "TOURNAMENT_ID"
        if tournament and header.tournament_id != line[wanted[1][1] : wanted[1][2]]:
            return
        pieces, at = [], 0
        for kind, a, b in wanted:
            pieces.append(re.escape(line[at:a]))
            pieces.append(f"(?>({self.datetime_re}))" if kind == "DATETIME" else r"(?>([0-9]+))")
            at = b
        pieces.append(re.escape(line[at:]))
        symbol = SYMBOL_OF_CURRENCY.get(header.currency) if header.currency is not None else None
        foreign = (
            re.compile("[" + "".join(s for s in CURRENCY_OF_SYMBOL if s != symbol) + "]")
            if symbol is not None
            else None
        )
        self.heads[key[0]] = Head(re.compile("".join(pieces)), header, foreign, after, tournament)

    def _learn_line(
        self, line: str, before: int, after: int, events: list[Event], names: tuple[str, ...], current: Street
    ) -> None:
        skeleton, slots = cut_line(line)
        key = (before, skeleton)
        known = self.lines.get(key, [])
        for t in known:
            if all(slots[j] == literal for j, literal in t.literals):
                return  # already known
        if len(known) >= 8:
            return
        made = make_fill(events, slots, names, current, self.values)
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
