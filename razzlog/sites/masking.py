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
from functools import lru_cache
from typing import Final

from razzlog.sites.mask_scan import dealt_cards_at, pokerstars_seat

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
POKERSTARS = Syntax(
    seat_line=re.compile(_STARS_SEAT_LINE),
    loose_seat_line=re.compile(r"Seat (\d+): (.+?) \(.*\)"),
    line_tails=(
        rf": (?:posts the ante {_MONEY}|brings in for {_MONEY}|bets {_MONEY}|calls {_MONEY}"
        rf"|raises {_MONEY} to {_MONEY}|checks$|folds(?: {_CARDS})?$|shows {_CARDS}"
        r"|mucks hand$|doesn't show hand$)"
        rf"| collected {_MONEY} from (?:main |side )?pot"
    ),
    fallback_tail=":",
    fallback_shortest=False,
    returned=r"Uncalled bet \([^)]*\) returned to ",
    showdown_tails=(
        rf" finished the tournament(?: in \d+(?:st|nd|rd|th) place(?: and received {_PRIZE}\.)?)?$"
        rf"| wins the tournament and receives {_PRIZE} - congratulations!$"
    ),
)


@dataclass(frozen=True, slots=True)
class Masked:
    """A hand's lines with names replaced, and how to map columns back."""

    # the masked lines (the template path reads them one by one: templates.Templates.parse)
    masked: tuple[str, ...]
    lines: tuple[str, ...]  # the original lines (trailing whitespace removed)
    names: tuple[str, ...]  # marker index -> name
    spans: dict[int, tuple[int, int, int]]  # line index -> (start, marker length, name length)

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


@dataclass(frozen=True, slots=True)
class _Compiled:
    """A syntax's patterns that do not depend on the names (compiled once per syntax)."""

    tails: re.Pattern[str]  # what may follow a name at the start of a line
    showdown_tails: re.Pattern[str]  # the same in the showdown section
    fallback_tail: re.Pattern[str]
    returned: re.Pattern[str]  # the "Uncalled bet" line up to the name
    dealt_cards: re.Pattern[str]  # what follows the name in a "Dealt to" line
    dealt_scanned: bool  # whether it is _DEALT_CARDS (read by mask_scan.dealt_cards_at, not re)
    # whether a line's rest after a name matches ``tails`` / ``showdown_tails``, kept (None: the
    # pattern reads what comes before it, :func:`_memo`): ": calls $0.02", ": folds"... recur
    # from hand to hand, and a look-up costs a tenth of the match (masking's largest part)
    tails_seen: dict[str, bool] | None
    showdown_seen: dict[str, bool] | None


_DEALT_TO = len("Dealt to ")
# the rests of lines _at_start keeps the answer of, per pattern (emptied when full: about 2 MB)
MAX_TAILS = 16_384
# what lets a pattern's match at a line's position differ from its match of the line's rest:
# a lookbehind, an anchor or a word boundary (conservative: "^" also in "[^...]")
_READS_BEHIND = re.compile(r"\(\?<[=!]|\\[bBAG]|\^")


def _memo(pattern: str) -> dict[str, bool] | None:
    """An empty memo for ``pattern``'s matches, if its match at ``pos`` in a line is always its
    match of ``line[pos:]``."""
    return None if _READS_BEHIND.search(pattern) else {}


_SUMMARY_SEAT = re.compile(r"Seat \d+: ")


@lru_cache(maxsize=16)
def _compiled(syntax: Syntax) -> _Compiled:
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
    )


# Names are matched with str.startswith over lists sorted by length (longest
# first, ties in seat order), trying them in the order a regular expression
# alternation "NAME1|NAME2|…" would, so that no pattern is compiled per hand.


def _at_start(
    line: str,
    longest: list[str],
    fallback: list[str],
    c: _Compiled,
    tails: re.Pattern[str],
    seen: dict[str, bool] | None,
) -> tuple[str | None, str | None]:
    """The name a line starts with: the first (longest) whose remainder has a valid shape
    (``tails``, whose answers ``seen`` keeps), else the first in ``fallback`` order followed by
    the fallback tail; and the line after the name when ``seen`` was asked about it (else
    None)."""
    for name in longest:
        if not line.startswith(name):
            continue
        if seen is None:
            if tails.match(line, len(name)):
                return name, None
            continue
        rest = line[len(name) :]
        valid = seen.get(rest)
        if valid is None:
            valid = tails.match(rest) is not None
            if len(seen) >= MAX_TAILS:
                seen.clear()
            seen[rest] = valid
        if valid:
            return name, rest
    for name in fallback:
        if line.startswith(name) and c.fallback_tail.match(line, len(name)):
            return name, None
    return None, None


# per marker (of the first len(_MARKERS)): the rest of a line after the name it starts with ->
# the masked line.  ": checks", ": calls $0.02"... recur: the masked line is then the same string
# object, whose hash the template path's memo of cuts already knows (emptied when full)
MAX_MASKED = 2_048


def _masked_at_start(memo: dict[str, str], marker: str, rest: str) -> str:
    """``marker + rest``, kept in ``memo`` (the marker's)."""
    found = memo.get(rest)
    if found is None:
        found = marker + rest
        if len(memo) >= MAX_MASKED:
            memo.clear()
        memo[rest] = found
    return found


def _dealt_to(line: str, longest: list[str], c: _Compiled, fallback: str) -> str | None:
    """``Dealt to NAME [cards]``: the longest name followed by cards, else by ``fallback``
    (a space: the start of the cards)."""
    # (the names compared with the line's rest: compiled, ``startswith`` with a start is a
    # generic method call, 1,000 instructions, and this loop tries every name of ~14 lines a hand)
    rest = line[_DEALT_TO:]
    for name in longest:
        if rest.startswith(name):
            at = _DEALT_TO + len(name)
            if dealt_cards_at(line, at) if c.dealt_scanned else c.dealt_cards.match(line, at):
                return name
    for name in longest:
        if rest.startswith(name) and line.startswith(fallback, _DEALT_TO + len(name)):
            return name
    return None


def seated_names(lines: tuple[str, ...] | list[str], syntax: Syntax = POKERSTARS) -> dict[int, str]:
    """Seat number -> name, from the seat lines before the first ``***`` line."""
    return _seats(_seat_lines(lines, syntax))


def _seat_lines(lines: tuple[str, ...] | list[str], syntax: Syntax) -> dict[int, tuple[str, str, int]]:
    """Line index -> the seat line's seat number and name (as printed), and where the name starts,
    for the seat lines before the first ``***`` line (the lines masking reads names from, and
    then masks: matched once for both)."""
    found: dict[int, tuple[str, str, int]] = {}
    scanned = syntax.seat_line.pattern == _STARS_SEAT_LINE
    for i in range(1, len(lines)):
        line = lines[i]
        if line.startswith("*** "):
            break
        if line.startswith("Seat "):
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
        seats.setdefault(int(seat), name)
    return seats


def mask_lines(raw_lines: tuple[str, ...] | list[str], syntax: Syntax = POKERSTARS) -> Masked:
    """Mask the names of one hand (its lines, header first), placed as ``syntax`` says."""
    lines = tuple(line.rstrip() for line in raw_lines)
    seat_lines = _seat_lines(lines, syntax)
    seats = _seats(seat_lines)
    names: list[str] = []
    index: dict[str, int] = {}
    for seated in seats.values():
        if seated not in index:
            index[seated] = len(names)
            names.append(seated)
    if not names:
        return Masked(lines, lines, (), {})

    compiled = _compiled(syntax)
    longest = sorted(names, key=len, reverse=True)
    fallback = sorted(names, key=len) if syntax.fallback_shortest else longest
    markers = _MARKERS if len(names) <= len(_MARKERS) else _markers(len(names))
    out = list(lines)
    spans: dict[int, tuple[int, int, int]] = {}
    section = 0  # 0: header and seats, 1: streets, 2: summary, 3: showdown

    for i in range(1, len(lines)):
        line = lines[i]
        if not line:
            continue
        name: str | None = None
        rest: str | None = None  # the line after the name, when _at_start cut it
        pos = 0
        if line.startswith("*** "):
            section = (
                2 if line.startswith("*** SUMMARY ***") else 3 if line.startswith("*** SHOW DOWN ***") else 1
            )
            continue
        if line.startswith("Seat "):
            if section == 0:
                seat = seat_lines.get(i)  # (every seat line of section 0 was matched)
                if seat is not None:
                    _, name, pos = seat
            elif section == 2:
                name, pos = _summary_seat(line, seats, longest)
        elif line.startswith("Dealt to "):
            name = _dealt_to(line, longest, compiled, syntax.dealt_fallback)
            pos = _DEALT_TO
        elif line.startswith("Uncalled bet "):
            m = compiled.returned.match(line)
            if m and line[m.end() :] in index:
                name, pos = line[m.end() :], m.end()
        elif i <= 2 and line.startswith("Table '"):  # (KingsClub: after the date line)
            continue
        if name is None:
            if section == 3:
                tails, seen = compiled.showdown_tails, compiled.showdown_seen
            else:
                tails, seen = compiled.tails, compiled.tails_seen
            name, rest = _at_start(line, longest, fallback, compiled, tails, seen)
            pos = 0
        if name is None or name not in index:
            continue
        k = index[name]
        marker = markers[k]
        if rest is not None and k < len(_AT_START):
            out[i] = _masked_at_start(_AT_START[k], marker, rest)
        else:
            out[i] = line[:pos] + marker + line[pos + len(name) :]
        spans[i] = (pos, len(marker), len(name))

    return Masked(tuple(out), lines, tuple(names), spans)


def _markers(count: int) -> tuple[str, ...]:
    """The markers of names 0 to ``count - 1``."""
    return tuple(f"{MARK_OPEN}{i}{MARK_CLOSE}" for i in range(count))


# (made once: a hand has at most a table's names, and more only in damaged logs)
_MARKERS: Final = _markers(32)
_AT_START: Final[list[dict[str, str]]] = [{} for _ in _MARKERS]  # (_masked_at_start's memos)


def _summary_seat(line: str, seats: dict[int, str], longest: list[str]) -> tuple[str | None, int]:
    colon = line.find(": ", 5)
    if colon > 5 and line[5:colon].isdigit():
        name = seats.get(int(line[5:colon]))
        pos = colon + 2
        if name is not None and line.startswith(name, pos):
            end = pos + len(name)
            if end == len(line) or line[end] == " ":
                return name, pos
    m = _SUMMARY_SEAT.match(line)
    if m:
        pos = m.end()
        for name in longest:
            end = pos + len(name)
            if line.startswith(name, pos) and (end == len(line) or line[end] == " "):
                return name, pos
    return None, 0
