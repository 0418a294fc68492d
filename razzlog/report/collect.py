"""From the audit's reports to the page model.

:class:`ReportCollector` is a writer of :func:`razzlog.render.audit.run`, the
loop ``razzlog audit`` runs: the audit's own tally makes the counts, so the
page's numbers are the audit's.  The collector adds what the page needs
beside them (counts per file and rule, severities) and keeps the few hands to
show in detail (:class:`HandPicker`); clean hands are only counted, so memory
and the page's size do not grow with them.  :func:`build_page` then gets the
text of the hands kept (:mod:`razzlog.report.texts`) and builds the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version

from razzlog.api import HandReport
from razzlog.events import Hand
from razzlog.render.audit import AuditTally, is_unreadable
from razzlog.render.catalogue import catalogue
from razzlog.render.jsonout import by_count
from razzlog.report.model import (
    Counts,
    FileRow,
    HandDetail,
    ReportPage,
    RuleCount,
    SiteRow,
    hand_detail,
    is_whole,
)
from razzlog.rules.profiles import profile_for
from razzlog.sites import parse_raw_hand
from razzlog.sources import STDIN_NAME, RawHand
from razzlog.violations import Severity

# What is reported for a hand that does not parse (and for input that holds none).
UNPARSED_RULES = frozenset({"parse-error", "truncated-hand", "unknown-format"})

DEFAULT_MAX_HANDS = 200

# The texts of the hands kept, by (file, first line): read again from the files, or from the store.
HandTexts = Callable[[Sequence[HandReport]], Mapping[tuple[str, int], RawHand]]


def is_hand(report: HandReport) -> bool:
    """Whether the report is a hand (as the audit counts them), not a problem of the input itself."""
    return report.hand_id is not None or report.hand is not None


class HandPicker:
    """At most ``cap`` reports, in input order: the first ones, except that a report with a rule
    none kept has yet takes the place of the latest one kept for no rule of its own, so each rule
    found has an example as long as there are fewer rules than places."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.offered = 0
        self.kept: list[tuple[HandReport, bool]] = []  # (report, kept as the first of a rule)
        self.rules_kept: set[str] = set()

    def offer(self, report: HandReport) -> None:
        self.offered += 1
        new = {v.rule for v in report.violations} - self.rules_kept
        if len(self.kept) < self.cap:
            self.kept.append((report, bool(new)))
            self.rules_kept |= new
            return
        if not new:
            return
        for i in range(len(self.kept) - 1, -1, -1):
            if not self.kept[i][1]:
                del self.kept[i]
                self.kept.append((report, True))
                self.rules_kept |= new
                return

    @property
    def reports(self) -> list[HandReport]:
        return [report for report, _ in self.kept]

    @property
    def left_out(self) -> int:
        return self.offered - len(self.kept)


@dataclass(slots=True)
class _Tally:
    site: str | None = None
    hands: int = 0
    hands_parsed: int = 0
    hands_with_violations: int = 0
    violations: int = 0
    errors: int = 0
    warnings: int = 0
    readable: bool = True

    def add(self, other: _Tally) -> None:
        self.hands += other.hands
        self.hands_parsed += other.hands_parsed
        self.hands_with_violations += other.hands_with_violations
        self.violations += other.violations
        self.errors += other.errors
        self.warnings += other.warnings


@dataclass(slots=True)
class _RuleTally:
    errors: int = 0
    warnings: int = 0
    reports: int = 0


@dataclass(slots=True)
class ReportCollector:
    """An :class:`~razzlog.render.audit.AuditWriter` that gathers what the page shows."""

    max_hands: int = DEFAULT_MAX_HANDS
    files: dict[str, _Tally] = field(default_factory=dict)
    rules: dict[str, _RuleTally] = field(default_factory=dict)
    hands: HandPicker = field(init=False)
    problems: HandPicker = field(init=False)

    def __post_init__(self) -> None:
        self.hands = HandPicker(self.max_hands)
        self.problems = HandPicker(self.max_hands)

    def hand(self, report: HandReport) -> None:
        tally = self.files.get(report.file)
        if tally is None:
            tally = self.files[report.file] = _Tally()
        if tally.site is None:
            tally.site = report.site
        if is_unreadable(report):
            tally.readable = False
        if is_hand(report):
            tally.hands += 1
            tally.hands_parsed += report.hand is not None
        if not report.violations:
            return
        if is_hand(report):
            tally.hands_with_violations += 1
            self.hands.offer(report)
        else:
            self.problems.offer(report)
        for rule in {v.rule for v in report.violations}:
            self.rules.setdefault(rule, _RuleTally()).reports += 1
        for v in report.violations:
            tally.violations += 1
            error = v.severity is Severity.ERROR
            tally.errors += error
            tally.warnings += not error
            counts = self.rules[v.rule]
            counts.errors += error
            counts.warnings += not error

    def finish(self, tally: AuditTally) -> None:
        pass


@dataclass(frozen=True, slots=True)
class StoredFile:
    """A file's row in the store: what it held when imported (its clean hands are not reported)."""

    file: str
    site: str | None
    hands: int
    hands_parsed: int


@dataclass(frozen=True, slots=True)
class ReportOptions:
    inputs: tuple[str, ...]  # the PATHs, or the store's folder
    from_store: bool = False
    profile: str = "auto"
    open_pair_double: bool = False
    select: set[str] | None = None
    ignore: set[str] | None = None
    players: tuple[str, ...] = ()


def build_page(
    collector: ReportCollector,
    tally: AuditTally,
    options: ReportOptions,
    texts: HandTexts,
    stored_files: Sequence[StoredFile] | None = None,
) -> ReportPage:
    """The page of a finished run (``tally``: the audit's counts); ``stored_files``: the store's
    per-file counts, when the reports are the store's (hands with violations only)."""
    summary = tally.summary
    shown = collector.hands.reports + collector.problems.reports
    found = texts(shown)
    details = [
        _detail(f"hand-{i}", r, found.get((r.file, r.first_line)), options.from_store)
        for i, r in enumerate(shown, 1)
    ]
    hands = tuple(details[: len(collector.hands.kept)])
    files = _file_rows(collector, stored_files)
    counts = Counts(
        files=summary.files,
        hands=summary.hands,
        hands_parsed=summary.hands_parsed,
        hands_with_violations=summary.hands_with_violations,
        violations=sum(summary.by_rule.values()),
        errors=sum(f.errors for f in files),
        warnings=sum(f.warnings for f in files),
        other_games=tuple(by_count(summary.other_games).items()),
    )
    return ReportPage(
        inputs=options.inputs,
        from_store=options.from_store,
        profile=options.profile,
        open_pair_double=options.open_pair_double,
        select=tuple(sorted(options.select or ())),
        ignore=tuple(sorted(options.ignore or ())),
        counts=counts,
        rules=_rule_counts(collector, details),
        sites=_site_rows(files, options),
        files=tuple(files),
        hands=hands,
        hands_left_out=collector.hands.left_out,
        problems=tuple(details[len(hands) :]),
        problems_left_out=collector.problems.left_out,
        max_hands=collector.max_hands,
        players=options.players,
        version=_version(),
    )


def _detail(anchor: str, report: HandReport, raw: RawHand | None, from_store: bool) -> HandDetail:
    hand: Hand | None = None
    if raw is not None:  # the store's reports carry no hand: whether it parses is seen here
        parsed = parse_raw_hand(raw)
        if isinstance(parsed, Hand) and parsed.header.hand_id == report.hand_id:
            hand = parsed
    if hand is None and report.hand is not None and is_whole(report.hand):
        hand = report.hand
    unparsed = report.hand is None and any(v.rule in UNPARSED_RULES for v in report.violations)
    note: str | None = None
    if hand is None and not unparsed and is_hand(report):
        note = "Not replayed: its text could not be read again (has the file changed since the audit?)."
    elif raw is None and report.file == STDIN_NAME:
        note = "Its text as logged is not shown: standard input is not kept."
    elif raw is None and unparsed and is_hand(report):
        note = (
            "Its text is not shown: the hand store keeps none for a hand that does not parse."
            if from_store
            else "Its text is not shown: it could not be read again."
        )
    return hand_detail(anchor, report, hand, raw.lines if raw is not None else None, note)


def _file_rows(collector: ReportCollector, stored: Sequence[StoredFile] | None) -> list[FileRow]:
    """A row per file: the store's own hand counts where it has the file, the audit's tally else."""
    seen = dict(collector.files)
    rows = []
    for s in stored or ():
        t = seen.pop(s.file, _Tally())
        rows.append(_file_row(s.file, s.site or t.site, s.hands, s.hands_parsed, t))
    rows.extend(_file_row(name, t.site, t.hands, t.hands_parsed, t) for name, t in seen.items())
    return rows


def _file_row(file: str, site: str | None, hands: int, parsed: int, t: _Tally) -> FileRow:
    return FileRow(
        file, site, hands, parsed, t.hands_with_violations, t.violations, t.errors, t.warnings, t.readable
    )


def _site_rows(files: list[FileRow], options: ReportOptions) -> tuple[SiteRow, ...]:
    sites: dict[str | None, tuple[int, _Tally]] = {}
    for f in files:
        count, t = sites.get(f.site, (0, _Tally()))
        t.add(
            _Tally(
                f.site,
                f.hands,
                f.hands_parsed,
                f.hands_with_violations,
                f.violations,
                f.errors,
                f.warnings,
            )
        )
        sites[f.site] = (count + f.readable, t)
    return tuple(
        SiteRow(
            site,
            profile_for(options.profile, site, options.open_pair_double).name if site else None,
            count,
            t.hands,
            t.hands_parsed,
            t.hands_with_violations,
            t.violations,
            t.errors,
            t.warnings,
        )
        for site, (count, t) in sorted(sites.items(), key=lambda kv: (kv[0] is None, kv[0] or ""))
    )


def _rule_counts(collector: ReportCollector, details: list[HandDetail]) -> tuple[RuleCount, ...]:
    examples: dict[str, str] = {}
    for d in details:
        for v in (*d.loose, *(v for s in d.streets for row in s.rows for v in row.violations)):
            examples.setdefault(v.rule, d.anchor)
    out: list[RuleCount] = []
    for entry in catalogue():
        counts = collector.rules.get(entry.name)
        if counts is None:
            continue
        out.append(
            RuleCount(
                entry.code,
                entry.name,
                entry.severity.value,
                entry.summary,
                entry.doc,
                counts.errors + counts.warnings,
                counts.errors,
                counts.warnings,
                counts.reports,
                examples.get(entry.name),
            )
        )
    return tuple(out)


def _version() -> str:
    try:
        return version("razzlog")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return ""
