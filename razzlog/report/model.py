"""The report's page model: plain frozen data that the HTML template only lays out.

:class:`ReportPage` holds everything the page shows, already counted and
formatted (amounts as the site prints them, cards as text with their suit),
so the template makes no decision a test of this module could not see.
Strings taken from a log are kept as they are here: the renderer escapes
them (:mod:`razzlog.report.html`).

A hand's street-by-street replay comes from ``razzlog show``'s pure
:func:`~razzlog.render.hand_view.hand_view`; :func:`hand_detail` only turns its
view into these records.  Every record is JSON-ready through
:func:`razzlog.render.jsonout.to_json_value`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from razzlog.api import HandReport
from razzlog.events import Hand, HandHeader, Seat
from razzlog.render.hand_view import Section, hand_view, money
from razzlog.render.show import header_text
from razzlog.violations import Violation

RAW_LINES_SHOWN = 120  # a hand's text is shown up to this line, then only around marked lines
RAW_LINE_CHARS = 400  # a longer line (garbled input) is cut here
RAW_CONTEXT = 2  # lines kept on each side of a marked line past RAW_LINES_SHOWN


if TYPE_CHECKING:
    from razzlog.report.players import PlayerStats


@dataclass(frozen=True, slots=True)
class Counts:
    """The audit's counts, as ``razzlog audit --format json`` gives them, and the violations by severity."""

    files: int
    hands: int
    hands_parsed: int
    hands_with_violations: int
    violations: int
    errors: int
    warnings: int
    other_games: tuple[tuple[str, int], ...] = ()  # hands of other games by game, most first


@dataclass(frozen=True, slots=True)
class RuleCount:
    """One rule found: its catalogue entry and how often it was found."""

    code: str
    rule: str
    severity: str  # the catalogue's severity (a rule may also report the other: duplicate-hand)
    summary: str  # the catalogue's one-line description
    doc: str  # the catalogue's explanation: what it checks, a bad example, the fix
    violations: int
    errors: int
    warnings: int
    hands: int  # reports (hands, or input without a hand) with at least one
    example: str | None  # the anchor of the first hand shown with it, if any


@dataclass(frozen=True, slots=True)
class FileRow:
    file: str
    site: str | None
    hands: int
    hands_parsed: int
    hands_with_violations: int
    violations: int
    errors: int
    warnings: int
    readable: bool = True  # False: the file could not be read at all


@dataclass(frozen=True, slots=True)
class SiteRow:
    site: str | None  # None: input in which no site was recognised
    profile: str | None  # the rule profile the site's hands were judged by
    files: int
    hands: int
    hands_parsed: int
    hands_with_violations: int
    violations: int
    errors: int
    warnings: int


@dataclass(frozen=True, slots=True)
class ViolationLine:
    code: str
    rule: str
    severity: str
    line: int
    column: int | None
    player: str | None
    street: str | None
    message: str


@dataclass(frozen=True, slots=True)
class CardCell:
    text: str  # "7h"
    suit: str  # "h", "d", "c", "s"
    face_up: bool


@dataclass(frozen=True, slots=True)
class RowLine:
    """One replayed line of a hand (as ``razzlog show`` prints it) and the violations on it."""

    line: int
    player: str | None
    text: str
    cards: tuple[CardCell, ...]
    low: str | None
    violations: tuple[ViolationLine, ...]


@dataclass(frozen=True, slots=True)
class StreetBlock:
    title: str  # "Antes", "3rd street", …, "Showdown", "Summary"
    pot_before: str | None  # None for the antes and the sections after the betting
    pot_after: str
    rows: tuple[RowLine, ...]


@dataclass(frozen=True, slots=True)
class SeatLine:
    seat: int
    player: str
    stack: str
    sitting_out: bool


@dataclass(frozen=True, slots=True)
class RawLine:
    """A line of the hand's text as logged."""

    number: int
    text: str
    marked: bool  # a violation is reported at this line
    column: int | None = None  # where on it a parse error is (1-based)
    skipped_before: int = 0  # lines of the text left out just before this one (number 0: at the end)


@dataclass(frozen=True, slots=True)
class HandDetail:
    """One hand with violations (or one input problem that is no hand), ready to lay out."""

    anchor: str  # the HTML id, made here (never from the log)
    file: str
    first_line: int
    site: str | None
    hand_id: str | None
    title: str  # the hand's header as ``razzlog show`` prints it; "" if not replayed
    seats: tuple[SeatLine, ...]
    streets: tuple[StreetBlock, ...]
    loose: tuple[ViolationLine, ...]  # on no replayed line (all of them when not replayed)
    raw: tuple[RawLine, ...]  # the text as logged; () when it cannot be read again
    codes: tuple[str, ...]  # the codes found, in catalogue order
    severity: str  # the worst severity found
    note: str | None = None  # a sentence: why the hand is not replayed, or its text not shown


@dataclass(frozen=True, slots=True)
class ReportPage:
    """Everything on the page (see docs/report.md for the fields)."""

    inputs: tuple[str, ...]  # the PATHs, or the store's folder
    from_store: bool  # read from the hand store (``--store``), not from PATHs
    profile: str  # as asked: auto, pokerstars, fulltilt, casino
    open_pair_double: bool
    select: tuple[str, ...]  # rule names, sorted; () for all
    ignore: tuple[str, ...]
    counts: Counts
    rules: tuple[RuleCount, ...]  # the rules found, in code order
    sites: tuple[SiteRow, ...]
    files: tuple[FileRow, ...]  # in input order
    hands: tuple[HandDetail, ...]  # at most max_hands, in input order
    hands_left_out: int  # hands with violations not in ``hands``
    problems: tuple[HandDetail, ...]  # input problems that are no hand (a file with no hand history)
    problems_left_out: int
    max_hands: int
    players: tuple[str, ...] = ()  # --player names, for the players section (rendered by its own part)
    version: str = ""


def violation_line(v: Violation) -> ViolationLine:
    return ViolationLine(v.code, v.rule, v.severity.value, v.line, v.column, v.player, v.street, v.message)


def _worst(violations: tuple[Violation, ...]) -> str:
    return max(violations, key=lambda v: v.severity.level).severity.value if violations else ""


def _codes(violations: tuple[Violation, ...]) -> tuple[str, ...]:
    return tuple(sorted({v.code for v in violations}))


def raw_lines(
    first_line: int, lines: tuple[str, ...], marked: set[int], columns: dict[int, int] | None = None
) -> tuple[RawLine, ...]:
    """The hand's text numbered from ``first_line``: the first :data:`RAW_LINES_SHOWN` lines, then
    only the marked lines with a little context; overlong lines cut.  ``columns``: the column of a
    parse error, by line."""
    columns = columns or {}
    out: list[RawLine] = []
    skipped = 0
    near = {m + d for m in marked for d in range(-RAW_CONTEXT, RAW_CONTEXT + 1)}
    for offset, text in enumerate(lines):
        number = first_line + offset
        if offset >= RAW_LINES_SHOWN and number not in near:
            skipped += 1
            continue
        if len(text) > RAW_LINE_CHARS:
            text = text[:RAW_LINE_CHARS] + f"… ({len(text) - RAW_LINE_CHARS} more characters)"
        column = columns.get(number)
        out.append(
            RawLine(
                number,
                text,
                number in marked,
                column if column and column <= len(text) + 1 else None,
                skipped,
            )
        )
        skipped = 0
    if skipped:
        out.append(RawLine(0, "", False, None, skipped))  # number 0: only the note of lines left out
    return tuple(out)


def hand_detail(
    anchor: str,
    report: HandReport,
    hand: Hand | None,
    lines: tuple[str, ...] | None,
    note: str | None = None,
) -> HandDetail:
    """The detail of ``report``: replayed by ``razzlog show``'s :func:`hand_view` when the whole
    ``hand`` is given, with its text (``lines``, from its first line) when it could be read."""
    violations = report.violations
    columns = {v.line: v.column for v in violations if v.column is not None}
    marked = {v.line for v in violations}
    raw = raw_lines(report.first_line, lines, marked, columns) if lines is not None else ()
    title = ""
    seats: tuple[SeatLine, ...] = ()
    streets: tuple[StreetBlock, ...] = ()
    loose = tuple(map(violation_line, violations))
    if hand is not None and is_whole(hand):
        view = hand_view(hand, violations)
        h = view.header
        title = header_text(h).plain  # show's own header line, as plain text
        seats = tuple(SeatLine(s.seat, s.player, money(s.stack, h), s.sitting_out) for s in view.seats)
        streets = tuple(_street_block(section, h) for section in view.sections)
        loose = tuple(map(violation_line, view.hand_violations))
    return HandDetail(
        anchor=anchor,
        file=report.file,
        first_line=report.first_line,
        site=report.site,
        hand_id=report.hand_id,
        title=title,
        seats=seats,
        streets=streets,
        loose=loose,
        raw=raw,
        codes=_codes(violations),
        severity=_worst(violations),
        note=note,
    )


def _street_block(section: Section, h: HandHeader) -> StreetBlock:
    betting = section.street is not None and section.street.is_betting
    return StreetBlock(
        section.title,
        money(section.pot_before, h) if betting else None,
        money(section.pot_after, h),
        tuple(
            RowLine(
                row.line,
                row.player,
                row.text,
                tuple(CardCell(str(c), c.card.suit, c.face_up) for c in row.cards),
                row.low,
                tuple(map(violation_line, row.violations)),
            )
            for row in section.rows
        ),
    )


def is_whole(hand: Hand) -> bool:
    """Whether ``hand`` holds its events, not only its seats (what the parallel audit sends back)."""
    return any(not isinstance(e, Seat) for e in hand.events)


@dataclass(frozen=True, slots=True)
class PlayerSection:
    """The page's players part, given to :func:`razzlog.report.html.render_html` when wanted and
    laid out by ``templates/players.html.j2``.

    Its own part of razzlog fills it (statistics table, winnings graph as
    inline SVG, sessions) and adds the fields it needs here; a field holding
    ready-made markup (the SVG) must be ``markupsafe.Markup`` built from
    escaped text, everything else plain values that the template escapes.
    """

    players: tuple[str, ...]  # the names asked for (--player)
    # their statistics, sessions and winnings graph (razzlog.report.players); None: not computed
    part: PlayerStats | None = None
