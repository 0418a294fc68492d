"""Rendering ``razzlog audit``: the tally, the exit code and the three formats.

A run feeds every :class:`~razzlog.api.HandReport` to :class:`AuditTally` and
to one writer (``table``, ``json`` or ``jsonl``), then calls the writer's
``finish``.  Writers stream: ``jsonl`` writes (and flushes) each hand's
violations as soon as the hand is audited, ``table`` prints each hand with
violations as it comes; only ``json`` keeps the violations until the end.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from razzlog.api import AuditSummary, HandReport
from razzlog.render.jsonout import audit_document, by_count, dumps_line
from razzlog.render.text import json_safe, plain
from razzlog.violations import CODE_BY_NAME, Severity, Violation

SEVERITY_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow"}
# The rows the table format shows of one hand; the rest are counted by rule on one line.  A
# rich table is laid out whole, in memory and time that grow with its rows: a damaged hand
# (10,000 seat lines: 100,000 violations) would take gigabytes.  json and jsonl list them all.
MAX_TABLE_ROWS = 200


def is_unreadable(report: HandReport) -> bool:
    """An input that could not be read at all (missing file, unreadable folder).

    The sources report such an input at line 0 with no hand; this holds even
    when ``--select``/``--ignore`` filtered its ``unknown-format`` violation out.
    """
    return report.hand is None and report.hand_id is None and report.first_line == 0


@dataclass(slots=True)
class AuditTally:
    """The counts of a run: the library's :class:`AuditSummary` plus the files seen."""

    summary: AuditSummary = field(default_factory=AuditSummary)
    files_seen: set[str] = field(default_factory=set)
    unreadable: list[HandReport] = field(default_factory=list)

    def add(self, report: HandReport) -> None:
        self.summary.add(report)
        if is_unreadable(report):
            self.unreadable.append(report)
        else:
            self.files_seen.add(report.file)
        self.summary.files = len(self.files_seen)

    @property
    def no_hand_history(self) -> bool:
        """Nothing in the whole input was a hand history."""
        return self.summary.hands == 0

    def input_failed(self) -> bool:
        """Whether the run must exit 2: an input could not be read, or none held a hand."""
        return bool(self.unreadable) or self.no_hand_history

    def exit_code(self, fail_on: str = "error") -> int:
        """CONTRACT.md's exit code: 2 for unreadable input, 1 for a violation at or
        above ``fail_on`` (``error``, ``warning`` or ``never``), else 0."""
        if self.input_failed():
            return 2
        worst = self.summary.worst
        if worst is None or fail_on == "never":
            return 0
        threshold = Severity(fail_on)
        return 1 if worst.level >= threshold.level else 0

    def input_problems(self) -> list[str]:
        """One-line messages (for standard error) about inputs that could not be used."""
        out: list[str] = []
        for report in self.unreadable:
            reason = report.violations[0].message if report.violations else "cannot be read"
            out.append(f"{report.file}: {reason}")
        if self.no_hand_history and not self.unreadable:
            out.append("no hand history found in the input")
        return out


def summary_line(summary: AuditSummary) -> str:
    """``1 file, 9 hands, 9 parsed, 1 with violations; ante-amount 1``."""
    files = f"{summary.files} file" + ("" if summary.files == 1 else "s")
    hands = f"{summary.hands} hand" + ("" if summary.hands == 1 else "s")
    head = f"{files}, {hands}, {summary.hands_parsed} parsed, {summary.hands_with_violations} with violations"
    if not summary.by_rule:
        return f"{head}; no violations"
    counts = sorted(summary.by_rule.items(), key=lambda kv: CODE_BY_NAME.get(kv[0], kv[0]))
    return f"{head}; " + ", ".join(f"{rule} {n}" for rule, n in counts)


def other_games_lines(other_games: Mapping[str, int]) -> list[Text]:
    """One line per other game of the input (most hands first), under a heading: they are counted
    in the hands read, not audited."""
    if not other_games:
        return []
    total = sum(other_games.values())
    noun = "hand" if total == 1 else "hands"
    lines = [Text(f"{total:,} {noun} of other games, counted, not audited:", style="dim")]
    width = max(len(f"{n:,}") for n in other_games.values())
    for game, n in by_count(other_games).items():
        lines.append(Text(f"  {n:>{width},}  ", style="dim") + plain(game, style="dim"))
    return lines


class AuditWriter(Protocol):
    def hand(self, report: HandReport) -> None: ...

    def finish(self, tally: AuditTally) -> None: ...


def run(
    reports: Iterable[HandReport], writer: AuditWriter, summary: AuditSummary | None = None
) -> AuditTally:
    """Feed every report to the tally and the writer; finish the writer.

    With ``summary`` (the counts of a run already made: the hand store's), the
    reports are only written, not counted.
    """
    tally = AuditTally() if summary is None else AuditTally(summary=summary)
    for report in reports:
        if summary is None:
            tally.add(report)
        writer.hand(report)
    writer.finish(tally)
    return tally


class JsonlWriter:
    """One violation object per line, flushed after every hand."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def hand(self, report: HandReport) -> None:
        if report.violations:
            for v in report.violations:
                self.out.write(dumps_line(v.to_dict()) + "\n")
            self.out.flush()

    def finish(self, tally: AuditTally) -> None:
        self.out.flush()


class JsonWriter:
    """The single ``{"files", "hands", …, "violations"}`` object, written at the end."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.violations: list[Violation] = []

    def hand(self, report: HandReport) -> None:
        self.violations.extend(report.violations)

    def finish(self, tally: AuditTally) -> None:
        s = tally.summary
        doc = audit_document(
            s.files, s.hands, s.hands_parsed, s.hands_with_violations, self.violations, s.other_games
        )
        # chunk by chunk, as json.dump writes; a string is always one whole chunk
        for chunk in json.JSONEncoder(ensure_ascii=False, indent=2).iterencode(doc):
            self.out.write(json_safe(chunk))
        self.out.write("\n")
        self.out.flush()


def hand_title(report: HandReport) -> Text:
    """``Hand #35874566077 (line 1)``, or ``line 3`` for input without a hand id."""
    title = Text()
    if report.hand_id is not None:
        title.append_text(plain(f"Hand #{report.hand_id}", style="bold"))
        title.append(f" (line {report.first_line})", style="dim")
    else:
        title.append(f"line {report.first_line}", style="bold")
    return title


def violations_table(violations: tuple[Violation, ...] | list[Violation]) -> Table:
    """The rows of one hand: line, code, rule, severity, player, street, message.

    Player and message come from the log (a name, a quoted line): plain text, never markup.
    """
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="dim")
    table.add_column("line", justify="right", no_wrap=True)
    table.add_column("code", no_wrap=True)
    table.add_column("rule", no_wrap=True)
    table.add_column("severity", no_wrap=True)
    table.add_column("player", overflow="fold")
    table.add_column("street", no_wrap=True)
    table.add_column("message", ratio=1, overflow="fold")
    for v in violations:
        table.add_row(
            str(v.line) + (f":{v.column}" if v.column is not None else ""),
            v.code,
            v.rule,
            Text(v.severity.value, style=SEVERITY_STYLE[v.severity]),
            plain(v.player),
            plain(v.street),
            plain(v.message),
        )
    return table


def more_line(rest: tuple[Violation, ...]) -> Text:
    """``… 99800 more violations in this hand (round-incomplete 49900, …)``: the rows not shown."""
    counts: dict[str, int] = {}
    for v in rest:
        counts[v.rule] = counts.get(v.rule, 0) + 1
    by_code = sorted(counts.items(), key=lambda kv: CODE_BY_NAME.get(kv[0], kv[0]))
    rules = ", ".join(f"{rule} {n}" for rule, n in by_code)
    noun = "violation" if len(rest) == 1 else "violations"
    return Text(
        f"… {len(rest)} more {noun} in this hand, not shown ({rules}): --format jsonl lists every one",
        style="dim",
    )


class TableWriter:
    """Rich output grouped by file and hand; clean hands are only counted."""

    def __init__(self, console: Console, quiet: bool = False) -> None:
        self.console = console
        self.quiet = quiet
        self.current_file: str | None = None

    def hand(self, report: HandReport) -> None:
        if self.quiet or not report.violations:
            return
        if report.file != self.current_file:
            if self.current_file is not None:
                self.console.print()
            self.console.print(plain(report.file, style="bold underline"))
            self.current_file = report.file
        self.console.print(hand_title(report))
        shown = report.violations[:MAX_TABLE_ROWS]
        self.console.print(violations_table(shown))
        if len(report.violations) > len(shown):
            self.console.print(more_line(report.violations[len(shown) :]), soft_wrap=True)

    def finish(self, tally: AuditTally) -> None:
        if self.current_file is not None:
            self.console.print()
        worst = tally.summary.worst
        style = SEVERITY_STYLE[worst] if worst is not None else "green"
        self.console.print(Text(summary_line(tally.summary), style=style), soft_wrap=True)
        for line in other_games_lines(tally.summary.other_games):
            self.console.print(line, soft_wrap=True)
