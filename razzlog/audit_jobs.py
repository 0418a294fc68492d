"""``razzlog audit`` on several processes: the workers render, the main process only writes.

With as many workers as CPUs, every millisecond the main process spends per
hand is taken from a worker.  :func:`razzlog.parallel.audit_parallel` sends
each hand's report back (its header and seats, its violations, the
cross-hand facts as dataclasses) and the CLI renders it here: unpickling
those objects and the checks on them were the main process's whole cost.
Here a worker does all it can for a task (a block of hands):

* it parses, replays and runs the per-hand rules, filters the violations
  by ``--select``/``--ignore``, sorts them and renders them in the report's
  format (``jsonl`` lines, the ``json`` document's violation objects; for
  ``table``, which rich lays out in this process, the violations themselves);
* it counts its hands for the summary (:class:`~razzlog.api.AuditSummary`);
* it sends, per parsed hand, the cross-hand checks' keys as plain values
  (:data:`~razzlog.rules.engine.CrossKeys`).

The main process runs the cross-hand checks (``duplicate-hand``,
``stack-continuity``, the table's bring-ins), which need every hand before
in input order, on those keys; merges what they find (rare) into the hand's
rendered violations by line, as :func:`~razzlog.rules.engine.audit_hand`
sorts them; adds the counts; and writes.  The bytes written are those of
:func:`razzlog.render.audit.run` over the serial audit's reports
(``tests/test_audit_jobs.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from typing import Any, TextIO

from razzlog.api import AuditSummary, HandReport, filtered, other_game_report, wanted
from razzlog.blocks import BLOCK_BYTES
from razzlog.collecting import WORKER, collecting_less
from razzlog.events import OtherGameHand
from razzlog.pickling import dumps
from razzlog.pool import CHUNK_SIZE, Task, hand_tasks, ordered_results, task_items
from razzlog.render.audit import AuditTally, TableWriter, is_unreadable
from razzlog.render.jsonout import audit_document, dumps_line
from razzlog.render.text import json_safe
from razzlog.rules.engine import CrossHandChecks, CrossKeys
from razzlog.sources import ReadProgress
from razzlog.violations import Violation

JSONL, JSON, TABLE = "jsonl", "json", "table"

# A hand's violations as a worker sends them: for jsonl and json (line, rendered text) pairs,
# sorted by line; for table the violations (sorted by line), which this process lays out.
Rendered = tuple[tuple[int, str], ...] | tuple[Violation, ...]
# What a worker sends of a hand: its cross-hand keys (parsed hands), its place and id (for the
# table's title and the cross-hand checks' additions), its rendered violations (None: none).
Record = tuple[CrossKeys | None, str, int, str | None, str | None, Rendered | None]
# A task's result: its number of items, its counts, the files of its reports, its unreadable
# inputs' reports, and the records of the hands that have keys or violations (in order).
Result = tuple[int, AuditSummary, list[str], list[HandReport], list[Record]]


def render_one(form: str, v: Violation) -> str:
    """A violation as the report of format ``form`` writes it: a ``jsonl`` line, or the ``json``
    document's object in its list (indented as :class:`~razzlog.render.audit.JsonWriter`'s
    encoder indents it there)."""
    if form == JSONL:
        return dumps_line(v.to_dict()) + "\n"
    # JSON strings hold no raw line break, so every line of the object moves in by two levels
    return json_safe("    " + json.dumps(v.to_dict(), ensure_ascii=False, indent=2).replace("\n", "\n    "))


class AuditWork:
    """The workers' part (picklable): one task's hands audited, counted and rendered."""

    def __init__(
        self,
        profile: str,
        open_pair_double: bool,
        select: set[str] | None,
        ignore: set[str] | None,
        form: str,
    ) -> None:
        self.profile = profile
        self.open_pair_double = open_pair_double
        self.select = select
        self.ignore = ignore
        self.form = form

    def __call__(self, task: Task) -> bytes:
        out = dumps(self.result(task))
        WORKER()  # (razzlog.collecting says why)
        return out

    def result(self, task: Task) -> Result:
        from razzlog.rules.engine import cross_keys, hand_violations, sort_by_line
        from razzlog.rules.profiles import profile_for
        from razzlog.rules.replay import replay
        from razzlog.sites import parse_raw_hand

        summary, files, unreadable = AuditSummary(), set(), []
        records: list[Record] = []
        items = 0
        for raw in task_items(task):
            items += 1
            keys: CrossKeys | None = None
            if isinstance(raw, Violation):
                report = HandReport(raw.file, raw.line, raw.site, raw.hand_id, None, (raw,))
            else:
                parsed = parse_raw_hand(raw)
                if isinstance(parsed, Violation):
                    report = HandReport(
                        raw.file, raw.first_line, parsed.site, parsed.hand_id, None, (parsed,)
                    )
                elif isinstance(parsed, OtherGameHand):
                    report = other_game_report(parsed)
                else:
                    profile = profile_for(self.profile, parsed.header.site, self.open_pair_double)
                    state = replay(parsed, profile)
                    found = hand_violations(parsed, state)
                    keys = cross_keys(parsed, state)
                    h = parsed.header
                    if not found:
                        # Most hands: counted and recorded as the report below would be, without
                        # building it (a frozen dataclass's __init__, the filter, summary.add:
                        # ~2 us a hand in this worker, whose CPU is the run's bottleneck).
                        summary.add_clean()
                        files.add(parsed.file)
                        records.append((keys, parsed.file, parsed.first_line, h.site, h.hand_id, None))
                        continue
                    sort_by_line(found)
                    report = HandReport(
                        parsed.file, parsed.first_line, h.site, h.hand_id, parsed, tuple(found)
                    )
            report = filtered(report, self.select, self.ignore)
            summary.add(report)
            if is_unreadable(report):
                unreadable.append(report)
            else:
                files.add(report.file)
            shown = self.rendered(report.violations) if report.violations else None
            if keys is not None or shown is not None:
                records.append((keys, report.file, report.first_line, report.site, report.hand_id, shown))
        return items, summary, sorted(files), unreadable, records

    def rendered(self, violations: tuple[Violation, ...]) -> Rendered:
        if self.form == TABLE:
            return violations
        return tuple([(v.line, render_one(self.form, v)) for v in violations])


class RenderedWriter:
    """Writes what the workers rendered, with the cross-hand checks' few additions, in order."""

    def __init__(self, form: str, out: TextIO, table: TableWriter | None = None) -> None:
        self.form = form
        self.out = out
        self.table = table
        self.objects: list[str] = []  # json: the violation objects, written at the end

    def hand(
        self, file: str, first_line: int, site: str | None, hand_id: str | None, shown: Rendered
    ) -> None:
        """One hand's violations (rendered or, for table, the violations)."""
        if self.table is not None:
            violations: Any = shown
            self.table.hand(HandReport(file, first_line, site, hand_id, None, violations))
        elif self.form == JSON:
            self.objects.extend(text for _, text in shown)  # type: ignore[misc]
        else:
            self.out.write("".join([text for _, text in shown]))  # type: ignore[misc]

    def block_done(self) -> None:
        if self.form == JSONL:
            self.out.flush()  # (the serial writer flushes every hand with violations: here, every block)

    def finish(self, tally: AuditTally) -> None:
        if self.table is not None:
            self.table.finish(tally)
            return
        if self.form == JSONL:
            self.out.flush()
            return
        s = tally.summary
        doc = audit_document(s.files, s.hands, s.hands_parsed, s.hands_with_violations, [], s.other_games)
        head = "".join(json_safe(c) for c in json.JSONEncoder(ensure_ascii=False, indent=2).iterencode(doc))
        if self.objects:
            assert head.endswith("[]\n}")  # the empty list of violations, last
            self.out.write(head[: -len("[]\n}")] + "[\n")
            for i, text in enumerate(self.objects):
                if i:
                    self.out.write(",\n")
                self.out.write(text)
            self.out.write("\n  ]\n}")
        else:
            self.out.write(head)
        self.out.write("\n")
        self.out.flush()


def audit_blocks(
    tasks: Iterator[Task],
    work: AuditWork,
    writer: RenderedWriter,
    tally: AuditTally,
    jobs: int,
    in_flight: int | None = None,
) -> Iterator[int]:
    """Audit ``tasks`` on ``jobs`` processes and write each task's hands as it comes back, in
    order; yields the number of items of each task written (for a progress bar)."""
    cross = CrossHandChecks()
    select, ignore, form = work.select, work.ignore, work.form
    filtering = bool(select or ignore)
    s = tally.summary
    for result in ordered_results(tasks, work, jobs, in_flight):
        items, part, files, unreadable, records = result
        s.merge(part)
        tally.files_seen.update(files)
        tally.unreadable.extend(unreadable)
        s.files = len(tally.files_seen)
        for keys, file, first_line, site, hand_id, shown in records:
            if keys is not None:
                found = cross.check_keys(keys)
                if found and filtering:
                    found = [v for v in found if wanted(v.rule, select, ignore)]
                if found:
                    s.count_violations(found, shown is None)  # (a hand with none so far: now one)
                    shown = _merged(form, shown, found)
            if shown is not None:
                writer.hand(file, first_line, site, hand_id, shown)
        writer.block_done()
        yield items


def _merged(form: str, shown: Rendered | None, found: list[Violation]) -> Rendered:
    """A hand's per-hand violations (sorted by line) and the cross-hand ones, sorted by line with
    the per-hand ones first on a line: the order of ``audit_hand``'s stable sort of the two."""
    if form == TABLE:
        table: list[Violation] = [*(shown or ()), *found]
        table.sort(key=_line)
        return tuple(table)
    pairs: list[tuple[int, str]] = [*(shown or ()), *((v.line, render_one(form, v)) for v in found)]
    pairs.sort(key=itemgetter(0))
    return tuple(pairs)


def _line(v: Violation) -> int:
    return v.line


def run_paths(
    paths: Iterable[str],
    work: AuditWork,
    out: TextIO,
    table: TableWriter | None,
    jobs: int,
    reading: ReadProgress | None = None,
    progress: Callable[[Iterable[int]], Iterable[int]] | None = None,
    *,
    block_bytes: int = BLOCK_BYTES,
    chunk_size: int = CHUNK_SIZE,
    in_flight: int | None = None,
) -> AuditTally:
    """The report of the audit of ``paths`` on ``jobs`` processes, written to ``out`` (``table``:
    through that writer, which writes to its console); the run's tally.  ``reading`` counts the
    bytes read; ``progress``, if given, wraps the iterator of tasks' numbers of items (a progress
    bar)."""
    tally = AuditTally()
    writer = RenderedWriter(work.form, out, table)
    tasks = hand_tasks(paths, chunk_size, block_bytes, reading)
    done: Iterable[int] = collecting_less(audit_blocks(tasks, work, writer, tally, jobs, in_flight))
    if progress is not None:
        done = progress(done)
    for _ in done:
        pass
    writer.finish(tally)
    return tally
