"""A hand's header line as a template (:mod:`.templates`): its hand number, a tournament's number
and its dates are fields, the rest of the line is a constant (the recorded header's).

A header template is learnt from Lark's own tokens of a recorded header line (the fields cut out
are exactly its ``HAND_ID``, ``TOURNAMENT_ID`` and ``DATETIME`` tokens), and read by a pattern
made of those terminals' own expressions; the dates are checked as the transformer checks them.
"""

from __future__ import annotations

import dataclasses
import re

from razzlog.events import HandHeader
from razzlog.sites.common import CURRENCY_OF_SYMBOL, SYMBOL_OF_CURRENCY, ImpossibleValue, check_played_at
from razzlog.sites.template_cut import _SEP, SYMBOL_BITS

_HEAD = re.compile(r"PokerStars (?:Game|Hand|Zoom Hand|Home Game Hand) #([0-9]+):")
# a tournament's number, cut out of the header like the hand's (its other fields stay literal)
_TOURNAMENT = re.compile(r"Tournament #([0-9]+), ")
_HEAD_FIELDS = ("HAND_ID", "TOURNAMENT_ID", "DATETIME")  # the header's fields (Lark's terminals)


class _Token:
    """What common.check_played_at reads of a token."""

    __slots__ = ("start_pos", "value")

    def __init__(self, value: str) -> None:
        self.value = value
        self.start_pos = 0


@dataclasses.dataclass(frozen=True, slots=True)
class Head:
    """A header line's template: its fields but the hand's and tournament's numbers and the dates
    are constants."""

    pattern: re.Pattern[str]  # the line, those fields as groups (Lark's own terminals)
    header: HandHeader  # the recorded header (its number, dates, table and line replaced)
    # the currency symbols no amount of the table may carry (looked for with str.find: the same
    # answer as a character class's search, at a tenth of the cost)
    foreign: tuple[str, ...]
    after: int
    tournament: bool  # whether group 2 is the tournament's number
    # ``foreign`` as template_cut.symbol_bits' bits (what the template path checks, line by line)
    foreign_bits: int = 0


def has_foreign(head: Head, text: str, at: int) -> bool:
    """Whether ``text`` from ``at`` holds a currency symbol of ``head.foreign``."""
    return any(text.find(symbol, at) >= 0 for symbol in head.foreign)


def head_key(line: str, datetimes: re.Pattern[str]) -> tuple[str, list[tuple[int, int]]] | None:
    """The header's skeleton (its hand number, a tournament's number and the dates cut out)
    and their spans."""
    m = _HEAD.match(line)
    if m is None:
        return None
    spans = [m.span(1)]
    at = m.end()
    # (every match holds the literal: looked for first, a cash table's header is never searched)
    found = line.find("Tournament #", at)
    t = _TOURNAMENT.search(line, found) if found >= 0 else None
    if t is not None:
        spans.append(t.span(1))
        at = t.end()
    spans += date_spans(line, datetimes, at)
    pieces, at = [], 0
    for a, b in spans:
        pieces.append(line[at:a])
        at = b
    pieces.append(line[at:])
    return _SEP.join(pieces), spans


# PokerStars' DATETIME terminal (grammars/pokerstars.lark): each of its matches has a "/" four
# characters after its start (``\\d{4}`` is four characters, of any decimal digits)
STARS_DATETIME = r"\d{4}\/\d{1,2}\/\d{1,2}(?: -)? \d{1,2}:\d{2}:\d{2}(?: \(?[A-Z]{2,5}\)?)?"


def date_spans(line: str, datetimes: re.Pattern[str], at: int) -> list[tuple[int, int]]:
    """The spans of ``datetimes.finditer(line, at)``.  For :data:`STARS_DATETIME`, the pattern is
    tried only four characters before each ``/`` (``finditer`` tried it at every position of
    the line's rest: 19,500 instructions a header): the leftmost match is the match at the first
    such position where there is one, as ``finditer`` finds it, and the next is looked for
    after it."""
    if datetimes.pattern != STARS_DATETIME or datetimes.flags != re.UNICODE:
        return [d.span() for d in datetimes.finditer(line, at)]
    spans: list[tuple[int, int]] = []
    slash = line.find("/", at + 4)
    while slash >= 0:
        d = datetimes.match(line, slash - 4)
        if d is None:
            slash = line.find("/", slash + 1)
        else:
            end = d.end()
            spans.append((slash - 4, end))
            slash = line.find("/", end + 4)
    return spans


def read_head(
    heads: dict[str, Head], line: str, datetimes: re.Pattern[str]
) -> tuple[Head, str, str | None, str] | None:
    """The template of a header line, the hand's number, the tournament's (or None) and the
    first date; None if no template takes the line."""
    key = head_key(line, datetimes)
    if key is None:
        return None
    template = heads.get(key[0])
    if template is None:
        return None
    m = template.pattern.fullmatch(line)
    if m is None:
        return None
    groups = m.groups()
    dates = groups[2:] if template.tournament else groups[1:]
    for date in dates:
        valid = played_at_valid(date)
        if valid is None:  # (not the common shape: the transformer's own check decides)
            try:
                check_played_at(_Token(date))  # type: ignore[arg-type]
            except ImpossibleValue:
                return None
        elif not valid:
            return None
    return template, groups[0], groups[1] if template.tournament else None, dates[0]


def played_at_valid(text: str) -> bool | None:
    """Whether :func:`.common.check_played_at` accepts a header's date ``text`` (a DATETIME
    token's), for the common shape ``2026/01/26 0:12:20 ET`` in ASCII digits, read without
    ``re`` (the check's two searches and ``datetime.date`` cost 20,000 instructions a hand);
    None for any other shape, which the check itself decides."""
    year, i = _number_then(text, 0, 4, 4, "/")
    month, i = _number_then(text, i, 1, 2, "/") if year >= 0 else (-1, i)
    day, i = _ascii_number(text, i, 1, 2) if month >= 0 else (-1, i)
    if day < 0:
        return None
    # (compiled, ``startswith`` with a start is a generic method call: the characters compared)
    if _char_at(text, i, " ") and _char_at(text, i + 1, "-") and _char_at(text, i + 2, " "):
        i += 3
    elif _char_at(text, i, " "):
        i += 1
    else:
        return None
    hour, i = _number_then(text, i, 1, 2, ":")
    minute, i = _number_then(text, i, 2, 2, ":") if hour >= 0 else (-1, i)
    second, i = _ascii_number(text, i, 2, 2) if minute >= 0 else (-1, i)
    if second < 0 or (i < len(text) and text[i].isdigit()):
        return None
    return _date_exists(year, month, day) and hour <= 23 and minute <= 59 and second <= 59


def _number_then(text: str, at: int, least: int, most: int, separator: str) -> tuple[int, int]:
    """:func:`_ascii_number` followed by ``separator``, and where the text goes on after it; -1
    for the value if either is missing."""
    value, i = _ascii_number(text, at, least, most)
    if value < 0 or not _char_at(text, i, separator):
        return -1, i
    return value, i + 1


def _char_at(text: str, i: int, char: str) -> bool:
    """``text.startswith(char, i)`` for one character ``char`` and ``i >= 0``."""
    return i < len(text) and ord(text[i]) == ord(char)


def _ascii_number(text: str, at: int, least: int, most: int) -> tuple[int, int]:
    """The value of the run of ASCII digits at ``at`` (at most ``most`` of them) and its end;
    -1 for the value if the run is shorter than ``least``."""
    value = 0
    i = at
    n = min(len(text), at + most)
    while i < n:
        c = ord(text[i])
        if c < 48 or c > 57:
            break
        value = value * 10 + c - 48
        i += 1
    return (value if i - at >= least else -1), i


_DAYS_IN_MONTH = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _date_exists(year: int, month: int, day: int) -> bool:
    """Whether ``datetime.date(year, month, day)`` exists (a year of four digits or fewer)."""
    if not 1 <= year <= 9999 or not 1 <= month <= 12 or day < 1:
        return False
    if month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        return day <= 29
    return day <= _DAYS_IN_MONTH[month]


def learn_head(
    heads: dict[str, Head],
    line: str,
    tokens: list[tuple[str, int, int]],
    header: HandHeader,
    after: int,
    datetime_re: str,
    datetimes: re.Pattern[str],
) -> None:
    """Keep the template of a recorded header line (``tokens``: Lark's, type, start and end)."""
    key = head_key(line, datetimes)
    if key is None or key[0] in heads:
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
        pieces.append(f"(?>({datetime_re}))" if kind == "DATETIME" else r"(?>([0-9]+))")
        at = b
    pieces.append(re.escape(line[at:]))
    symbol = SYMBOL_OF_CURRENCY.get(header.currency) if header.currency is not None else None
    foreign = tuple(s for s in CURRENCY_OF_SYMBOL if s != symbol) if symbol is not None else ()
    bits = sum(SYMBOL_BITS[s] for s in foreign)
    heads[key[0]] = Head(re.compile("".join(pieces)), header, foreign, after, tournament, bits)
