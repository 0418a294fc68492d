"""The report's two library calls: the audit of PATHs, or of the hand store, as a page model.

Both run the same library calls as ``razzlog audit`` (the parallel audit, or
the store's ``stored_reports``) through the same loop
(:func:`razzlog.render.audit.run`), so the page's counts and the exit code
(``tally.exit_code(fail_on)``) are the audit's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from razzlog.api import HandReport
from razzlog.render.audit import AuditTally, run
from razzlog.report.collect import DEFAULT_MAX_HANDS, ReportCollector, ReportOptions, build_page
from razzlog.report.model import ReportPage
from razzlog.report.texts import file_texts
from razzlog.sources import STDIN, ReadProgress

if TYPE_CHECKING:
    from razzlog.store.tables import Store

# Wraps the reports as they come (the command line's progress bar), given the bytes read so far.
Tracker = Callable[[Iterator[HandReport], ReadProgress], Iterator[HandReport]]


def report_paths(
    paths: Sequence[str],
    options: ReportOptions,
    *,
    max_hands: int = DEFAULT_MAX_HANDS,
    jobs: int = 0,
    track: Tracker | None = None,
) -> tuple[ReportPage, AuditTally]:
    """The page of ``razzlog audit PATHs`` under ``options``, with at most ``max_hands`` hands in
    detail; and the audit's tally (its counts, its exit code)."""
    from razzlog.parallel import audit_parallel, jobs_for

    reading = ReadProgress.of(paths)
    reports = audit_parallel(
        paths,
        options.profile,
        options.select,
        options.ignore,
        jobs_for(jobs, reading.total),
        options.open_pair_double,
        keep_hands=STDIN in paths,  # standard input cannot be read again for the hands shown
        progress=reading,
    )
    if track is not None:
        reports = track(reports, reading)
    collector = ReportCollector(max_hands)
    tally = run(reports, collector)
    return build_page(collector, tally, options, file_texts), tally


def report_store(
    store: Store,
    options: ReportOptions,
    *,
    max_hands: int = DEFAULT_MAX_HANDS,
    jobs: int = 0,
) -> tuple[ReportPage, AuditTally]:
    """The page of ``razzlog audit --store`` (read whole before it returns: see ``read_store``)."""
    from razzlog.report.stored import StoredTexts, stored_files
    from razzlog.store.audit import stored_reports

    summary, reports = stored_reports(
        store, options.profile, options.open_pair_double, options.select, options.ignore, jobs
    )
    collector = ReportCollector(max_hands)
    tally = run(reports, collector, summary)
    files = stored_files(store) if summary is not None else None
    return build_page(collector, tally, options, StoredTexts(store), files), tally
