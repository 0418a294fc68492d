"""``razzlog audit``: parse and replay every hand, report the rule violations."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from razzlog.cli.app import (
    AuditFormat,
    Command,
    FailOn,
    FailOnOpt,
    IgnoreOpt,
    JobsOpt,
    OpenPairDoubleOpt,
    OutputOpt,
    ProfileName,
    ProfileOpt,
    ProgressOpt,
    SelectOpt,
    app,
    error,
    exit_with,
    output_stream,
    progress_console,
    report_console,
    rule_names,
    show_progress,
)
from razzlog.cli.store_options import OptionalPathsArg, ReadStoreOpt, from_store, paths_or_store
from razzlog.sources import ReadProgress

if TYPE_CHECKING:
    from razzlog.api import HandReport

T = TypeVar("T")


@app.command(cls=Command)
def audit(
    paths: OptionalPathsArg = None,
    format: Annotated[AuditFormat, typer.Option("--format", "-f", help="Report format.")] = AuditFormat.TABLE,
    output: OutputOpt = None,
    fail_on: FailOnOpt = FailOn.ERROR,
    profile: ProfileOpt = ProfileName.AUTO,
    select: SelectOpt = None,
    ignore: IgnoreOpt = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Table format: only the summary line.")
    ] = False,
    open_pair_double: OpenPairDoubleOpt = False,
    jobs: JobsOpt = 0,
    progress: ProgressOpt = None,
    store: ReadStoreOpt = None,
) -> None:
    """Parse and replay every hand; report the rule violations."""
    paths = paths_or_store(paths, store)
    selected = rule_names(select, "--select")
    ignored = rule_names(ignore, "--ignore")
    from razzlog.parallel import audit_parallel, jobs_for
    from razzlog.render import audit as render

    reading = ReadProgress.of(paths)

    with output_stream(output) as out:
        writer: render.AuditWriter
        if format is AuditFormat.JSONL:
            writer = render.JsonlWriter(out)
        elif format is AuditFormat.JSON:
            writer = render.JsonWriter(out)
        else:
            writer = render.TableWriter(report_console(out, output is not None), quiet=quiet)
        if store is not None:
            from razzlog.store.audit import stored_reports

            summary, reports = from_store(
                store,
                lambda stored: stored_reports(
                    stored, profile.value, open_pair_double, selected, ignored, jobs
                ),
            )
            tally = render.run(reports, writer, summary)
        elif (processes := jobs_for(jobs, reading.total)) > 1:
            # the workers render the report; this process checks across hands and writes
            from razzlog import audit_jobs

            table = writer if isinstance(writer, render.TableWriter) else None
            work = audit_jobs.AuditWork(profile.value, open_pair_double, selected, ignored, format.value)
            bar = _bar(progress, output, reading, _itself)
            tally = audit_jobs.run_paths(paths, work, out, table, processes, reading, bar)
        else:
            from razzlog.collecting import collecting_less

            reports = collecting_less(
                audit_parallel(
                    paths, profile.value, selected, ignored, processes, open_pair_double, progress=reading
                )
            )
            if (reports_bar := _bar(progress, output, reading, _one)) is not None:
                reports = reports_bar(reports)
            tally = render.run(reports, writer)
    for problem in tally.input_problems():
        error(problem)
    exit_with(tally.exit_code(fail_on.value))


def _bar(
    asked: bool | None, output: Path | None, reading: ReadProgress, hands_in: Callable[[T], int]
) -> Callable[[Iterable[T]], Iterator[T]] | None:
    """What draws the progress bar over an iterator (of reports, or of tasks' numbers of
    hands: ``hands_in`` says how many hands an item stands for), if one is drawn."""
    if not show_progress(asked, output):
        return None
    from razzlog.render.progress import tracked

    def bar(items: Iterable[T]) -> Iterator[T]:
        return tracked(items, reading, "auditing", progress_console(), hands_in)

    return bar


def _one(report: HandReport) -> int:
    return 1


def _itself(hands: int) -> int:
    return hands
