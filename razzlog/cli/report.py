"""``razzlog report``: the audit as one self-contained HTML file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from razzlog.cli.app import (
    Command,
    FailOn,
    FailOnOpt,
    HeroOpt,
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
    rule_names,
    show_progress,
    usage_error,
)
from razzlog.cli.store_options import OptionalPathsArg, ReadStoreOpt, from_store, paths_or_store

if TYPE_CHECKING:
    from razzlog.api import HandReport
    from razzlog.sources import ReadProgress

EPILOG = (
    "Exit codes, as audit's: 0 nothing at or above --fail-on; 1 violations at or above it; "
    "2 a usage error or an input that cannot be read at all (the page is written all the same)."
)


@app.command(cls=Command, epilog=EPILOG)
def report(
    paths: OptionalPathsArg = None,
    output: OutputOpt = None,
    max_hands: Annotated[
        int,
        typer.Option(
            "--max-hands",
            min=0,
            metavar="N",
            help="Replay at most N hands with violations on the page (the page says how many are "
            "left out; the counts and tables stay complete).",
        ),
    ] = 200,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="A player for the page's players section: statistics, winnings graph and sessions "
            "(repeatable; '@hero' is the hero).",
            show_default=False,
        ),
    ] = None,
    hero: HeroOpt = None,
    fail_on: FailOnOpt = FailOn.ERROR,
    profile: ProfileOpt = ProfileName.AUTO,
    select: SelectOpt = None,
    ignore: IgnoreOpt = None,
    open_pair_double: OpenPairDoubleOpt = False,
    jobs: JobsOpt = 0,
    progress: ProgressOpt = None,
    store: ReadStoreOpt = None,
) -> None:
    """Write the audit as one self-contained HTML page, for any browser, offline.

    The page holds the counts of 'razzlog audit' on the same input, the
    violations by rule with the catalogue's explanations, each hand with
    violations replayed street by street as 'razzlog show' does (at most
    --max-hands of them) and the counts by site and by file.  It loads nothing
    from anywhere and needs no JavaScript.
    """
    paths = paths_or_store(paths, store)
    if player and "-" in paths:
        usage_error("--player reads the input twice (audit, then statistics): give files or --store, not '-'")
    selected = rule_names(select, "--select")
    ignored = rule_names(ignore, "--ignore")
    from razzlog.report.build import report_paths, report_store
    from razzlog.report.collect import ReportOptions
    from razzlog.report.html import render_html
    from razzlog.report.model import PlayerSection

    options = ReportOptions(
        inputs=(str(store),) if store is not None else tuple(paths),
        from_store=store is not None,
        profile=profile.value,
        open_pair_double=open_pair_double,
        select=selected,
        ignore=ignored,
        players=tuple(player or ()),
    )
    if store is not None:
        page, tally = from_store(
            store, lambda stored: report_store(stored, options, max_hands=max_hands, jobs=jobs)
        )
    else:
        track = _progress_bar if show_progress(progress, output) else None
        page, tally = report_paths(paths, options, max_hands=max_hands, jobs=jobs, track=track)
    players = None
    if page.players:  # read again for the statistics: the audit keeps no table of the hands
        from razzlog.report.players import player_stats_part

        try:
            if store is not None:
                from razzlog.store.stats import stored_tables

                tables = from_store(store, lambda stored: stored_tables(stored, hero))
            else:
                from razzlog.parallel import jobs_for
                from razzlog.sources import ReadProgress
                from razzlog.stats import load

                tables = load(paths, hero, jobs=jobs_for(jobs, ReadProgress.of(paths).total), detail=False)
            players = PlayerSection(page.players, player_stats_part(tables, page.players))
        except ValueError as exc:
            usage_error(str(exc))
    with output_stream(output) as out:
        out.write(render_html(page, players))
    for problem in tally.input_problems():
        error(problem)
    exit_with(tally.exit_code(fail_on.value))


def _progress_bar(reports: Iterator[HandReport], reading: ReadProgress) -> Iterator[HandReport]:
    from razzlog.render.progress import tracked

    return tracked(reports, reading, "auditing", progress_console())
