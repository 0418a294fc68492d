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
when full), and so is the memo of lines' cuts (:data:`MAX_CUTS` a generation).  Needs
lark-cython's lexer thread to record the parser states (pure Lark: the full
parse only).

Its parts: this module, the cache and the template path of a hand (the table
line's and the body's lines); :mod:`.template_cut`, the cut of a line into its
skeleton and slots; :mod:`.template_head`, the header line's templates;
:mod:`.template_fill`, the functions that make a line's events from its slots.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from razzlog.events import Event, HandHeader, Street, StreetStart
from razzlog.sites.event_builders import constructor
from razzlog.sites.template_cut import (
    _SEP,
    MAX_CUTS,
    LineCut,
    cut_kept,
    cut_of,
    symbol_bits,
    two_deals,
)
from razzlog.sites.template_fill import Fill, Miss, Values, make_fill, recorded_parse
from razzlog.sites.template_head import Head, learn_head, read_head

__all__ = ["MAX_KEYS", "Templates", "recorded_parse"]

_NEW_HEADER: Final = constructor(HandHeader)

# line keys (parser stack, skeleton), table lines, their shapes and headers; 10k generated hands
# need about 500 line keys, 460 table lines (met as one shape or two) and 10 headers
MAX_KEYS = 20_000


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
        self.cuts: dict[str, LineCut] = {}  # line -> cut_of(line)
        self.older_cuts: dict[str, LineCut] = {}  # the generation before
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
        # the same templates by parser stack, then skeleton: what the template path looks up (two
        # look-ups of an int and of a kept skeleton, whose hash is kept, cost less than making and
        # hashing a tuple a line)
        self.by_stack: dict[int, dict[str, list[Template]]] = {}
        self.accepting: set[int] = set()

    # -- the template path
    def parse(
        self, lines: tuple[str, ...], names: tuple[str, ...], first_line: int
    ) -> tuple[HandHeader, list[Event]] | None:
        """The header and events of a masked hand (its lines: the header, the table line, then
        the body; :attr:`.masking.Masked.masked`), or None (the full parse decides)."""
        n = len(lines)
        if n < 3:
            return None
        head_line = lines[0]
        table_line = lines[1]
        # a NUL would make two skeletons alike (the full parse reports it); the body's lines are
        # looked at when cut (a kept cut's line has none)
        if _SEP in head_line or _SEP in table_line:
            return None
        head = self._head(head_line)
        if head is None:
            return None
        template, number, tournament, played_at = head
        table = self.tables.get((template.after, table_line))
        if table is None:
            table = self._table(template.after, table_line, lines)
            if table is None:
                return None
        name, max_seats, stack = table
        symbols = symbol_bits(table_line)
        events: list[Event] = []
        current = Street.THIRD
        cache = self.by_stack
        if len(self.cuts) + n - 2 > self.max_cuts:
            self.older_cuts = self.cuts
            self.cuts = {}
        known = self.cuts
        older = self.older_cuts
        line = first_line + 1  # the hand's line of the first body line is its third
        seating = True
        try:
            for i in range(2, n):
                text = lines[i]
                # the seating's lines and the lines of two deals are new in 98 % of hands (their
                # stacks, their cards): cut, neither looked up nor kept (about 900 instructions)
                seating = seating and text.startswith("Seat ")
                if seating or two_deals(text):
                    if _SEP in text:
                        return None
                    cut = cut_of(text)
                else:
                    kept = known.get(text)
                    if kept is None:
                        kept = older.get(text)
                        if kept is None:
                            if _SEP in text:
                                return None
                            kept = cut_of(text)
                        known[text] = kept
                    cut = kept
                key = cut.skeleton
                slots = cut.slots
                symbols |= cut.bits
                skeletons = cache.get(stack)
                if skeletons is None:
                    return None
                found = skeletons.get(key)
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
                t.fill(slots, line, current, names, events)
                stack = t.after
                street = t.street
                if street is not None:
                    current = street
        except (Miss, ValueError, KeyError, IndexError):
            return None
        if stack not in self.accepting or symbols & template.foreign_bits:
            return None  # (a symbol of another currency: an amount in it, maybe; the full parse says)
        h = template.header
        # (dataclasses.replace, spelt out: it costs 4x as much, reading the class's fields; and
        # without HandHeader's __init__, a tenth of the cost: event_builders says why)
        header: HandHeader = _NEW_HEADER(
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

    def cut(self, lines: list[str]) -> list[LineCut]:
        """:func:`.template_cut.cut_kept` of the lines, kept in :attr:`cuts` (as :meth:`parse`
        keeps them).  When full, the cuts become the generation before (the one before that is
        dropped): the lines met since are kept, not emptied with the rest (on a batch, 6 % fewer
        splits than one memo emptied when full, in the same room)."""
        if len(self.cuts) + len(lines) > self.max_cuts:
            self.older_cuts = self.cuts
            self.cuts = {}
        return cut_kept(self.cuts, self.older_cuts, lines)

    def _table(self, before: int, line: str, lines: tuple[str, ...]) -> tuple[str, int | None, int] | None:
        """A table line (``lines[1]``) met for the first time, read
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
        # (the terminals are matched in the hand's text, as the lexer matches them: at the line
        # break before the line)
        text = "\n" + "\n".join(lines)
        at = len(lines[0]) + 1
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
        return read_head(self.heads, line, self.datetimes)

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
        learn_head(self.heads, lines[0], head_tokens, header, ids[1], self.datetime_re, self.datetimes)
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

    def _learn_line(
        self, line: str, before: int, after: int, events: list[Event], names: tuple[str, ...], current: Street
    ) -> None:
        # (the template path cut the lines before the one it missed: kept in the memo)
        cut = self.cuts.get(line)
        if cut is None:
            cut = self.older_cuts.get(line)
            if cut is None:
                cut = cut_of(line)
        skeleton = cut.skeleton
        slots = cut.slots
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
        again: list[Event] = []
        try:
            fill(slots, events[0].line if events else 0, current, names, again)
        except (Miss, ValueError, KeyError, IndexError):
            return
        if repr(again) != repr(events):
            return
        literals = tuple((j, s) for j, s in enumerate(slots) if j not in read)
        street = next((ev.street for ev in events if type(ev) is StreetStart), None)
        kept = [*known, Template(literals, fill, after, street)]
        self.lines[key] = kept
        self.by_stack.setdefault(before, {})[skeleton] = kept
