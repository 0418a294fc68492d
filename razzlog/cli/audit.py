"""``razzlog audit``: parse and replay every hand, report the rule violations."""

from __future__ import annotations

from typing import Annotated

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
    from razzlog.sources import ReadProgress

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
        else:
            reports = audit_parallel(
                paths,
                profile.value,
                selected,
                ignored,
                jobs_for(jobs, reading.total),
                open_pair_double,
                progress=reading,
            )
            if show_progress(progress, output):
                from razzlog.render.progress import tracked

                reports = tracked(reports, reading, "auditing", progress_console())
            tally = render.run(reports, writer)
    for problem in tally.input_problems():
        error(problem)
    exit_with(tally.exit_code(fail_on.value))
