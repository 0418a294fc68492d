"""The library calls behind every command: files in, hands and violations out.

The CLI only parses options and renders what these functions return, so tests
and notebooks use the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from razzlog.events import Hand, OtherGameHand, count_game
from razzlog.rules.profiles import Profile, profile_for
from razzlog.sites import parse_raw_hand
from razzlog.sources import RawHand, ReadProgress, iter_raw_hands
from razzlog.violations import Severity, Violation

if TYPE_CHECKING:
    from razzlog.rules.engine import CrossHandChecks


@dataclass(frozen=True, slots=True)
class HandReport:
    """One hand of the input: parsed (``hand``) or not, and what the audit found."""

    file: str
    first_line: int
    site: str | None
    hand_id: str | None
    hand: Hand | None
    violations: tuple[Violation, ...]
    other_game: str | None = None  # a hand of this other game: counted, never audited nor reported


@dataclass(slots=True)
class AuditSummary:
    """Counts for the summary line and the ``json`` format."""

    files: int = 0
    hands: int = 0
    hands_parsed: int = 0
    hands_with_violations: int = 0
    by_rule: dict[str, int] = field(default_factory=dict)
    worst: Severity | None = None
    file_errors: list[Violation] = field(default_factory=list)  # files not readable at all
    other_games: dict[str, int] = field(default_factory=dict)  # hands of other games, by game

    def add(self, report: HandReport) -> None:
        if report.other_game is not None:
            self.hands += 1
            count_game(self.other_games, report.other_game)
            return
        # a hand is a hand header: parsed or not, with an id or cut before it (the site is
        # known from the header; only text that is no hand has none)
        is_hand = report.hand is not None or report.hand_id is not None or report.site is not None
        if is_hand:
            self.hands += 1
        if report.hand is not None:
            self.hands_parsed += 1
        if report.violations:
            self.count_violations(report.violations, is_hand)

    def add_clean(self) -> None:
        """:meth:`add` of a parsed hand's report without violations, with no report built (the
        parallel workers count most hands so: ``audit_jobs.AuditWork``)."""
        self.hands += 1
        self.hands_parsed += 1

    def count_violations(self, violations: Iterable[Violation], new_hand: bool) -> None:
        """Count a hand's violations (``new_hand``: the hand is not yet counted as having any)."""
        if new_hand:
            self.hands_with_violations += 1
        for v in violations:
            self.by_rule[v.rule] = self.by_rule.get(v.rule, 0) + 1
            if self.worst is None or v.severity.level > self.worst.level:
                self.worst = v.severity

    def merge(self, other: AuditSummary) -> None:
        """Add the hands' counts of ``other`` (a part of the same run's input) to these; the
        files are counted by whoever knows which files were seen."""
        self.hands += other.hands
        self.hands_parsed += other.hands_parsed
        self.hands_with_violations += other.hands_with_violations
        for rule, n in other.by_rule.items():
            self.by_rule[rule] = self.by_rule.get(rule, 0) + n
        if other.worst is not None and (self.worst is None or other.worst.level > self.worst.level):
            self.worst = other.worst
        for game, n in other.other_games.items():
            count_game(self.other_games, game, n)


def parse_paths(
    paths: Iterable[str], *, progress: ReadProgress | None = None
) -> Iterator[Hand | Violation | OtherGameHand]:
    """Every hand of the input, parsed, or the violation that says why it is not, or named
    (:class:`~razzlog.events.OtherGameHand`) when it is of another game.

    ``progress``, if given, counts the bytes read (for a progress display).
    """
    for item in iter_raw_hands(paths, progress):
        if isinstance(item, Violation):
            yield item
        else:
            yield parse_raw_hand(item)


def audit_paths(
    paths: Iterable[str],
    profile: str = "auto",
    select: set[str] | None = None,
    ignore: set[str] | None = None,
    open_pair_double: bool = False,
    *,
    progress: ReadProgress | None = None,
) -> Iterator[HandReport]:
    """Parse and replay every hand under the rule profile; yield one report per hand.

    ``select``/``ignore`` are sets of rule names (see ``resolve_rule_names``).
    Input that is no hand history at all is reported as an ``unknown-format``
    report with no hand id.  ``progress``, if given, counts the bytes read.
    """
    return audit_items(iter_raw_hands(paths, progress), profile, select, ignore, open_pair_double)


def audit_items(
    items: Iterable[RawHand | Violation],
    profile: str = "auto",
    select: set[str] | None = None,
    ignore: set[str] | None = None,
    open_pair_double: bool = False,
) -> Iterator[HandReport]:
    """:func:`audit_paths` of hands already read (and the input's violations, passed through)."""
    from razzlog.rules.engine import CrossHandChecks, audit_hand

    cross = CrossHandChecks()
    for item in items:
        yield filtered(_audited(item, profile, cross, open_pair_double, audit_hand), select, ignore)


def audit_item(
    item: RawHand | Violation,
    profile_name: str,
    cross: CrossHandChecks | None,
    open_pair_double: bool = False,
) -> HandReport:
    """Parse and audit one hand of the input (or pass an input error through)."""
    from razzlog.rules.engine import audit_hand

    return _audited(item, profile_name, cross, open_pair_double, audit_hand)


def _audited(
    item: RawHand | Violation,
    profile_name: str,
    cross: CrossHandChecks | None,
    open_pair_double: bool,
    audit_hand: Callable[[Hand, Profile, CrossHandChecks | None], list[Violation]],
) -> HandReport:
    """``audit_item``, with the engine's ``audit_hand`` passed in: imported once per run by
    ``audit_items``.  (The engine is imported when first needed, and an import in a function
    goes through the import machinery at every call: about a microsecond a hand.)"""
    if isinstance(item, Violation):
        return HandReport(item.file, item.line, item.site, item.hand_id, None, (item,))
    parsed = parse_raw_hand(item)
    if isinstance(parsed, Violation):
        return HandReport(item.file, item.first_line, parsed.site, parsed.hand_id, None, (parsed,))
    if isinstance(parsed, OtherGameHand):
        return other_game_report(parsed)
    profile: Profile = profile_for(profile_name, parsed.header.site, open_pair_double)
    found = audit_hand(parsed, profile, cross)
    return HandReport(
        parsed.file, parsed.first_line, parsed.header.site, parsed.header.hand_id, parsed, tuple(found)
    )


def other_game_report(hand: OtherGameHand) -> HandReport:
    """The report of a hand of another game: no hand, no violation, only its game."""
    return HandReport(hand.file, hand.first_line, hand.site, hand.hand_id, None, (), hand.game)


def wanted(rule: str, select: set[str] | None, ignore: set[str] | None) -> bool:
    """Whether ``--select``/``--ignore`` (sets of rule names, or None) keep the rule's violations."""
    if select and rule not in select:
        return False
    return not (ignore and rule in ignore)


def filtered(report: HandReport, select: set[str] | None, ignore: set[str] | None) -> HandReport:
    """``report`` with only the violations ``--select``/``--ignore`` keep."""
    if not (select or ignore) or not report.violations:
        return report
    kept = tuple(v for v in report.violations if wanted(v.rule, select, ignore))
    return report if kept == report.violations else replace(report, violations=kept)
