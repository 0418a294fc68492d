"""Replace player names by marker tokens before a hand is parsed.

Player names are arbitrary text (``PC [Mittel]``, ``Jörg.K: 2``,
``A 2 3 4 5``, ``Seat 9``), so a grammar cannot recognise them with a
character class.  Instead this pass learns the seated names from the seat
lines of the hand and replaces each occurrence of a known name at a
structural position by a marker ``"\\ue000" + index + "\\ue001"``, which the
grammar's ``PLAYER`` terminal matches and the transformer maps back.

Structural positions, one per line at most:

* the seat lines ``Seat N: NAME (X in chips)…`` (the name is learnt here);
* the summary lines ``Seat N: NAME …`` (the name seated at seat N);
* ``Dealt to NAME [cards]…``;
* ``Uncalled bet (X) returned to NAME`` (at the end of the line);
* the start of a line, followed by one of the line shapes that follow a name
  (``: bets ``, `` collected X from pot``…; in the showdown section also a
  whole tournament result such as
  `` finished the tournament in 2nd place and received $10.00.``).

The site-specific shapes (the seat line, what follows a name, the uncalled
bet line) are a :class:`Syntax`: PokerStars' by default, Full Tilt's in
:mod:`.fulltilt`.

Where several seated names fit (``Bob`` and ``Bob B``), the longest name
whose remainder of the line has a valid shape wins; failing that, the
longest name followed by ``:`` (PokerStars; on Full Tilt the shortest followed
by a space) is masked anyway so that the parser reports the error after the
name.  Lines that no seated name starts (chat and status
lines by anyone) are left alone: the grammar matches them whole.

Restriction (a genuinely ambiguous log): a name must not be another seated
name followed by text that makes the rest of a line read as another valid
line, e.g. ``Bob`` and ``Bob: calls $1 and``.  Seat lines are recognised by
``Seat N: NAME (STACK in chips…)…`` with the name as long as possible, so a
name may contain `` (`` but not `` (STACK in chips``; names are taken as
printed, and lines lose their trailing whitespace, so a name cannot end in a
space.

The column map (:meth:`Masked.original_column`) turns a column of the masked
text back into a column of the original line, for parse-error locations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from razzlog.sites.mask_names import (
    _DEALT_TO,
    _at_start,
    _Compiled,
    _dealt_to,
    _first_chars,
    _longest_first,
    _masked_at_start,
    _memo,
)
from razzlog.sites.mask_scan import ascii_number, pokerstars_seat, summary_seat

MARK_OPEN = "\ue000"
MARK_CLOSE = "\ue001"

_CARD = r"(?:10|[2-9TJQKA])[shdc]"
_CARDS = rf"\[{_CARD}(?: {_CARD})*\]"
_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_PRIZE = r"[$€£]\d[\d,]*(?:\.\d+)?"  # money with its currency symbol
# what follows the name in a "Dealt to NAME…" line, PokerStars' (read by mask_scan.dealt_cards_at)
_DEALT_CARDS: Final = rf" {_CARDS}(?: {_CARDS})?$"


@dataclass(frozen=True, slots=True)
class Syntax:
    """Where a site's lines put player names (the site-specific part of masking)."""

    # "Seat N: NAME (STACK…)…": group 1 the seat, group 2 the name
    seat_line: re.Pattern[str]
    # the same with a garbled stack (the name as short as possible)
    loose_seat_line: re.Pattern[str]
    # what may follow a player's name at the start of a structural line
    line_tails: str
    # what follows a name in a line masked anyway, so that the parser reports
    # the error after the name (":" on PokerStars, " " on Full Tilt)
    fallback_tail: str
    # which name such a line gets when several fit: the longest (PokerStars),
    # or the shortest (Full Tilt: the line may be a status line, "NAME is
    # feeling happy", which the grammar matches by its tail whatever comes
    # before; masking a shorter name never eats into that tail)
    fallback_shortest: bool
    # an "Uncalled bet" line up to the name (which ends the line); its match
    # must end at one place (the name is the rest of the line)
    returned: str
    # what may also follow a name in the showdown section: PokerStars' tournament
    # results, whole lines (anywhere else such a line is noise, its name left alone)
    showdown_tails: str = ""
    # what follows the name in a "Dealt to NAME…" line: its cards and nothing else
    # (KingsClub: ": [X X Tc]"), else (``dealt_fallback``) the start of them
    dealt_cards: str = _DEALT_CARDS
    dealt_fallback: str = " "


# (read by mask_scan.pokerstars_seat)
_STARS_SEAT_LINE: Final = r"Seat (\d+): (.+) \((\S+) in chips[^)]*\)(.*)"
# (read by mask_scan.stars_tail)
_STARS_TAILS: Final = (
    rf": (?:posts the ante {_MONEY}|brings in for {_MONEY}|bets {_MONEY}|calls {_MONEY}"
    rf"|raises {_MONEY} to {_MONEY}|checks$|folds(?: {_CARDS})?$|shows {_CARDS}"
    r"|mucks hand$|doesn't show hand$)"
    rf"| collected {_MONEY} from (?:main |side )?pot"
)
_STARS_SHOWDOWN: Final = (
    rf" finished the tournament(?: in \d+(?:st|nd|rd|th) place(?: and received {_PRIZE}\.)?)?$"
    rf"| wins the tournament and receives {_PRIZE} - congratulations!$"
)
POKERSTARS = Syntax(
    seat_line=re.compile(_STARS_SEAT_LINE),
    loose_seat_line=re.compile(r"Seat (\d+): (.+?) \(.*\)"),
    line_tails=_STARS_TAILS,
    fallback_tail=":",
    fallback_shortest=False,
    returned=r"Uncalled bet \([^)]*\) returned to ",
    showdown_tails=_STARS_SHOWDOWN,
)


class Masked:
    """A hand's lines with names replaced, and how to map columns back.  (A plain class, not a
    frozen dataclass: compiled, its constructor costs a tenth.)"""

    def __init__(
        self, masked: tuple[str, ...], lines: tuple[str, ...], names: tuple[str, ...], syntax: Syntax
    ) -> None:
        # the masked lines (the template path reads them one by one: templates.Templates.parse)
        self.masked = masked
        self.lines = lines  # the original lines (trailing whitespace removed)
        self.names = names  # marker index -> name
        self.syntax = syntax

    @property
    def spans(self) -> dict[int, tuple[int, int, int]]:
        """Line index -> (start, marker length, name length) of each masked line.  Found again
        when asked (only parse errors ask): recording them cost 5 % of the masking."""
        spans: dict[int, tuple[int, int, int]] = {}
        if self.names:
            _mask(self.lines, self.syntax, spans)
        return spans

    @property
    def text(self) -> str:
        """The hand's masked text, as Lark parses it: ``"\\n"`` + the masked lines joined by
        ``"\\n"`` (every line starts after a ``"\\n"``).  Joined when asked (the hands the
        templates take never need it)."""
        return "\n" + "\n".join(self.masked)

    def original_column(self, line_index: int, column: int) -> int:
        """The 0-based column in the original line for a 0-based masked column."""
        span = self.spans.get(line_index)
        if span is None or column < span[0]:
            return column
        start, marker_len, name_len = span
        if column < start + marker_len:
            return start
        return column - marker_len + name_len


def _compile(syntax: Syntax) -> _Compiled:
    showdown = f"{syntax.line_tails}|{syntax.showdown_tails}" if syntax.showdown_tails else syntax.line_tails
    return _Compiled(
        tails=re.compile(syntax.line_tails),
        showdown_tails=re.compile(showdown),
        fallback_tail=re.compile(syntax.fallback_tail),
        returned=re.compile(syntax.returned),
        dealt_cards=re.compile(syntax.dealt_cards),
        dealt_scanned=syntax.dealt_cards == _DEALT_CARDS,
        tails_seen=_memo(syntax.line_tails),
        showdown_seen=_memo(showdown),
        stars_tails=syntax.line_tails == _STARS_TAILS and syntax.showdown_tails == _STARS_SHOWDOWN,
        showdown_only=re.compile(syntax.showdown_tails) if syntax.showdown_tails else None,
    )


# id(syntax) -> the syntax and its patterns: looked up by identity, as lru_cache's hash of a Syntax
# (a dataclass's interpreted __hash__ of its nine fields) cost 4,000 instructions a hand
_COMPILED: Final[dict[int, tuple[Syntax, _Compiled]]] = {}


def _compiled(syntax: Syntax) -> _Compiled:
    found = _COMPILED.get(id(syntax))
    if found is not None and found[0] is syntax:
        return found[1]
    compiled = _compile(syntax)
    if len(_COMPILED) >= 16:
        _COMPILED.clear()
    _COMPILED[id(syntax)] = (syntax, compiled)
    return compiled


def seated_names(lines: tuple[str, ...] | list[str], syntax: Syntax = POKERSTARS) -> dict[int, str]:
    """Seat number -> name, from the seat lines before the first ``***`` line."""
    return _seats(_seat_lines(lines if isinstance(lines, tuple) else tuple(lines), syntax, False))


def _seat_lines(lines: tuple[str, ...], syntax: Syntax, stripped: bool) -> dict[int, tuple[str, str, int]]:
    """Line index -> the seat line's seat number and name (as printed), and where the name starts,
    for the seat lines before the first ``***`` line (the lines masking reads names from, and
    then masks: matched once for both).  ``stripped``: the lines have no trailing whitespace."""
    found: dict[int, tuple[str, str, int]] = {}
    scanned = syntax.seat_line.pattern == _STARS_SEAT_LINE
    for i in range(1, len(lines)):
        line = lines[i]
        first = ord(line[0]) if line else 0
        if first == _STAR and line.startswith("*** "):
            break
        if first == _S and line.startswith("Seat "):
            if not stripped:
                line = line.rstrip()
            seat = pokerstars_seat(line) if scanned else None
            if seat is not None:
                found[i] = seat
                continue
            m = syntax.seat_line.fullmatch(line) or syntax.loose_seat_line.fullmatch(line)
            if m:
                found[i] = (m.group(1), m.group(2), m.start(2))
    return found


def _seats(matches: dict[int, tuple[str, str, int]]) -> dict[int, str]:
    seats: dict[int, str] = {}
    for seat, name, _ in matches.values():
        number = ascii_number(seat)
        seats.setdefault(number if number >= 0 else int(seat), name)
    return seats


def stripped(raw_lines: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """``tuple(line.rstrip() for line in raw_lines)``; ``raw_lines`` itself, if a tuple whose
    lines all end in printable ASCII (no white space: most hands), without a call a line."""
    lines = raw_lines if isinstance(raw_lines, tuple) else tuple(raw_lines)
    for i in range(len(lines)):  # (a tuple indexed: compiled, no iterator)
        line = lines[i]
        n = len(line)
        if n:
            last = ord(line[n - 1])
            if last <= 32 or last >= 127:
                return tuple([text.rstrip() for text in lines])
    return lines


def mask_lines(raw_lines: tuple[str, ...] | list[str], syntax: Syntax = POKERSTARS) -> Masked:
    """Mask the names of one hand (its lines, header first), placed as ``syntax`` says."""
    lines = stripped(raw_lines)
    masked, names = _mask(lines, syntax, None)
    return Masked(masked, lines, names, syntax)


# the first characters of the lines the loop tells apart (compared before ``startswith``)
_STAR: Final = ord("*")
_S: Final = ord("S")
_D: Final = ord("D")
_U: Final = ord("U")
_T: Final = ord("T")


def _mask(
    lines: tuple[str, ...], syntax: Syntax, spans: dict[int, tuple[int, int, int]] | None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The masked lines of a hand's stripped lines and the names (marker index -> name); each
    masked line's span in ``spans`` if given (:attr:`Masked.spans`)."""
    seat_lines = _seat_lines(lines, syntax, True)
    seats = _seats(seat_lines)
    names: list[str] = []
    index: dict[str, int] = {}
    for seated in seats.values():
        if seated not in index:
            index[seated] = len(names)
            names.append(seated)
    if not names:
        return lines, ()

    compiled = _compiled(syntax)
    longest = _longest_first(names)
    firsts = _first_chars(longest)
    fallback = sorted(names, key=len) if syntax.fallback_shortest else longest
    markers = _MARKERS if len(names) <= len(_MARKERS) else _markers(len(names))
    out = list(lines)
    section = 0  # 0: header and seats, 1: streets, 2: summary, 3: showdown

    for i in range(1, len(lines)):
        line = lines[i]
        if not line:
            continue
        first = ord(line[0])
        name: str | None = None
        rest: str | None = None  # the line after the name, when _at_start cut it
        pos = 0
        dealt = False
        if first == _STAR:
            if line.startswith("*** "):
                if line.startswith("*** SUMMARY ***"):
                    section = 2
                elif line.startswith("*** SHOW DOWN ***"):
                    section = 3
                else:
                    section = 1
                continue
        elif first == _S:
            if line.startswith("Seat "):
                if section == 0:
                    seat = seat_lines.get(i)  # (every seat line of section 0 was matched)
                    if seat is not None:
                        _, name, pos = seat
                elif section == 2:
                    name, pos = summary_seat(line, seats, longest)
        elif first == _D:
            if line.startswith("Dealt to "):
                name = _dealt_to(line, longest, firsts, compiled, syntax.dealt_fallback)
                pos = _DEALT_TO
                dealt = name is not None  # (else a name at the line's start may yet be masked)
        elif first == _U:
            if line.startswith("Uncalled bet "):
                m = compiled.returned.match(line)
                if m and line[m.end() :] in index:
                    name, pos = line[m.end() :], m.end()
        elif first == _T and i <= 2 and line.startswith("Table '"):  # (KingsClub: after the date line)
            continue
        if name is None:
            if section == 3:
                tails, seen = compiled.showdown_tails, compiled.showdown_seen
            else:
                tails, seen = compiled.tails, compiled.tails_seen
            name, rest = _at_start(line, longest, firsts, fallback, compiled, tails, seen)
            pos = 0
        if name is None:
            continue
        k = index.get(name)
        if k is None:
            continue
        marker = markers[k]
        if rest is not None and k < len(_AT_START):
            out[i] = _masked_at_start(_AT_START[k], marker, rest)
        elif dealt and k < len(_DEALT_MARKERS):  # (one piece less to join: ~600 instructions)
            out[i] = _DEALT_MARKERS[k] + line[pos + len(name) :]
        else:
            out[i] = f"{line[:pos]}{marker}{line[pos + len(name) :]}"
        if spans is not None:
            spans[i] = (pos, len(marker), len(name))

    return tuple(out), tuple(names)


def _markers(count: int) -> tuple[str, ...]:
    """The markers of names 0 to ``count - 1``."""
    return tuple(f"{MARK_OPEN}{i}{MARK_CLOSE}" for i in range(count))


# (made once: a hand has at most a table's names, and more only in damaged logs)
_MARKERS: Final = _markers(32)
_AT_START: Final[list[dict[str, str]]] = [{} for _ in _MARKERS]  # (_masked_at_start's memos)
_DEALT_MARKERS: Final = tuple("Dealt to " + marker for marker in _MARKERS)  # (_DEALT_TO long)
