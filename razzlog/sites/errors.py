"""Parse errors in human words: where a hand stopped fitting its site's grammar.

Lark reports the terminals it expected where the text stopped fitting.  A
terminal here is a whole phrase ("NAME: bets $0.04"), so the position is
refined by walking the phrase's literal words against the text: the column
given is that of the first word that differs ("Hero: betz $1" -> "betz"), or
of the value that does not fit ("Hero: bets abc" -> "abc").  Each site names
its terminals in a :class:`Vocabulary`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from razzlog.sites.masking import MARK_OPEN, Masked
from razzlog.sources import RawHand
from razzlog.violations import Severity, Violation


def site_violation(
    raw: RawHand,
    site: str,
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
        site=site,
        hand_id=hand_id,
        player=None,
        street=None,
        message=message,
        column=column,
    )


AMOUNT = "an amount (such as $0.04 or 150)"
CARDS = "cards (such as [Ah 2c])"
A_LOW = "a low (such as 8,6,4,3,A)"
NAME = "a seated player's name"

# What a terminal's regex expects, by how the rest of it begins (shared by the sites).
VALUE_PIECES: tuple[tuple[str, str], ...] = (
    (MARK_OPEN, NAME),
    ("[$€£]", AMOUNT),
    ("(?=[$€£]", AMOUNT),  # MONEY checks the whole amount first
    ("(?:10|[2-9TJQKA])[shdc]", CARDS),
    ("(?:10|[2-9TJQKA])(?:,", A_LOW),
    ("(?:10|[2-9TJQKA])", A_LOW),
)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """A site's terminals in human words."""

    words: dict[str, str]  # each terminal, when it is expected as a whole
    actions: tuple[str, ...]  # the action terminals, told as one
    actions_text: str
    showdown_lines: tuple[str, ...]  # the showdown terminals, told as one
    showdown_text: str
    street_headers: tuple[str, ...]  # in street order
    value_pieces: tuple[tuple[str, str], ...]  # site pieces, tried after VALUE_PIECES


# Terminals never named among others: noise, the catch-all summary line, and
# PokerStars' tournament results (whole lines that, malformed, are noise: a
# garbled line was never meant to be one).
_SKIP_UNLESS_ALONE = {"_NOISE", "OTHER", "FINISHED", "WINS_TOURNAMENT"}
_REGEX_SPECIAL = set(".^$*+?{}[]|()\\")


def describe_expected(expected: set[str], terminals: dict[str, Any], vocab: Vocabulary) -> str:
    """The expected terminals in human words: "an action (bets, …) or 'Dealt to'"."""
    names = set(expected)
    if len(names) > 1:
        names -= _SKIP_UNLESS_ALONE
    parts: list[str] = []
    if names & set(vocab.actions):
        parts.append(vocab.actions_text)
        names -= set(vocab.actions)
    if names & set(vocab.showdown_lines):
        parts.append(vocab.showdown_text)
        names -= set(vocab.showdown_lines)
    headers = [n for n in vocab.street_headers if n in names]
    if headers:
        shown = ", ".join(_literal(terminals[n]) for n in headers)
        parts.append(f"a street header ({shown})" if len(headers) > 1 else shown)
        names -= set(headers)
    for name in sorted(names, key=lambda n: (n == "$END", n.startswith("_"), n)):
        term = terminals.get(name)
        if name in vocab.words:
            parts.append(vocab.words[name])
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


@lru_cache(maxsize=1024)
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


def _starts_line(term: Any) -> bool:
    """Whether a terminal is the start of a line (it begins with the line break)."""
    return bool(term is not None and term.pattern.type == "re" and term.pattern.to_regexp().startswith("\n"))


def parse_error(
    raw: RawHand,
    masked: Masked,
    exc: UnexpectedInput,
    hand_id: str | None,
    parser: Lark,
    site: str,
    vocab: Vocabulary,
) -> Violation:
    """The ``parse-error`` for a Lark error: the original line and column, and what was expected."""
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

    what = describe_expected(expected, terminals, vocab) if expected else "the end of the line"
    rest = mline[mcol:]
    if rest:
        fits: dict[str, tuple[int, str]] = {}
        for name in expected - _SKIP_UNLESS_ALONE:
            term = terminals.get(name)
            if term is not None:
                regex = term.pattern.to_regexp()
                fits[name] = _fit(regex[2:] if regex.startswith("\n+") else regex, rest)
        best, remainder = max(fits.values(), default=(0, ""))
        pieces = VALUE_PIECES + vocab.value_pieces
        piece = next((words for start, words in pieces if remainder.startswith(start)), None)
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
                what = describe_expected(names, terminals, vocab)
        while mcol < len(mline) and mline[mcol] == " ":
            mcol += 1

    return _located(raw, masked, index, mcol, pos >= len(text), what, hand_id, site)


def value_error(
    raw: RawHand, masked: Masked, pos: int, expected: str, hand_id: str | None, site: str
) -> Violation:
    """The ``parse-error`` for a value that fits the grammar but cannot be, at ``pos`` of the
    masked text (:class:`razzlog.sites.common.ImpossibleValue`)."""
    text = masked.text
    line_start = text.rfind("\n", 0, pos) + 1
    index = text.count("\n", 0, pos) - 1
    return _located(raw, masked, index, pos - line_start, False, expected, hand_id, site)


def _located(
    raw: RawHand,
    masked: Masked,
    index: int,
    mcol: int,
    at_end: bool,
    what: str,
    hand_id: str | None,
    site: str,
) -> Violation:
    """The ``parse-error`` at masked line ``index``, masked column ``mcol``: what is found there
    in the original line, and ``what`` was expected."""
    column = masked.original_column(index, mcol)
    original = masked.lines[index] if 0 <= index < len(masked.lines) else ""
    if at_end and column >= len(original):
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
    return site_violation(raw, site, "parse-error", Severity.ERROR, file_line, hand_id, message, column + 1)
