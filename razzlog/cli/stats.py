"""``razzlog stats``: player statistics, grouped and filtered."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import Annotated, Any

import typer

from razzlog.cli.app import (
    Command,
    HeroOpt,
    JobsOpt,
    OutputOpt,
    SinceOpt,
    StatsFormat,
    UntilOpt,
    app,
    error,
    exit_with,
    note,
    output_stream,
    progress_console,
    report_console,
    return_freed_memory,
    usage_error,
)
from razzlog.cli.store_options import OptionalPathsArg, ReadStoreOpt, from_store, paths_or_store

TABLE_ROWS = 200  # rows of the table format by default
STORE_FREED_AFTER_MS = 200  # --store: freed memory given back to the system after this long


@app.command(cls=Command)
def stats(
    paths: OptionalPathsArg = None,
    by: Annotated[
        str,
        typer.Option(
            "--by",
            metavar="KEYS",
            help="Group by these keys, comma-separated: player, site, stakes, currency, date, week, month, "
            "year, session, table, game (Razz, or the mix: HORSE, 8-Game…), club, tournament, buy_in_currency, "
            "start (the 3-card start: A23, AA2 split…) "
            "(currency is always added; session adds player; tournament adds buy_in_currency and the "
            "tournament results).",
        ),
    ] = "player,currency",
    session_gap: Annotated[
        int,
        typer.Option(
            "--session-gap",
            min=1,
            metavar="MINUTES",
            help="--by session: a pause longer than this ends a player's session.",
        ),
    ] = 30,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="Only this player's hands (repeatable); '@hero' is the hero.",
            show_default=False,
        ),
    ] = None,
    hero: HeroOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    min_hands: Annotated[
        int, typer.Option("--min-hands", min=0, metavar="N", help="Leave out groups with fewer hands.")
    ] = 1,
    sort: Annotated[
        str | None,
        typer.Option(
            "--sort",
            metavar="COLUMN[:asc|:desc]",
            help="Sort by an output column, numbers most first (default: hands; with --lows: the groups).",
            show_default=False,
        ),
    ] = None,
    lows: Annotated[
        bool,
        typer.Option("--lows", help="The distribution of final lows at showdown instead of the figures."),
    ] = False,
    format: Annotated[StatsFormat, typer.Option("--format", "-f", help="Report format.")] = StatsFormat.TABLE,
    output: OutputOpt = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bar and no notes on standard error.")
    ] = False,
    jobs: JobsOpt = 0,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress",
            help="Progress bar on standard error (default: when it is a terminal, unless --quiet).",
            show_default=False,
        ),
    ] = None,
    store: ReadStoreOpt = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            min=0,
            metavar="N",
            help="Table format: the first N rows (0: all; default: a screenful on a terminal, else "
            f"{TABLE_ROWS}); json, csv and parquet hold every row.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Player statistics (VPIP, steals, aggression, showdowns, net…), grouped and filtered."""
    paths = paths_or_store(paths, store)
    # The store's queries take again within a fraction of a second the pages they free: given back
    # at once they cost seconds of page faults, kept for polars' usual second they add up to 600 MB.
    return_freed_memory(0 if store is None else STORE_FREED_AFTER_MS)
    from razzlog.stats.report import check_sort, group_keys, low_columns, parse_date, stat_columns

    try:
        keys = group_keys(by)
        first = parse_date(since) if since is not None else None
        last = parse_date(until) if until is not None else None
        if sort is not None:
            check_sort(sort, low_columns(keys) if lows else stat_columns(keys))
    except ValueError as exc:
        usage_error(str(exc))
    if format is StatsFormat.PARQUET and output is None:
        usage_error("--format parquet needs --output FILE")

    from razzlog.render import stats as render

    options: dict[str, Any] = {"lows": lows, "min_hands": min_hands, "sort": sort, "session_gap": session_gap}
    try:
        if store is not None:
            from razzlog.store.stats import stored_stats

            result = from_store(
                store,
                lambda stored: stored_stats(stored, keys, player, first, last, hero, **options),
            )
        else:
            # the text path's modules (the sites' parsers: ~0.2 s), which --store does not use
            from razzlog.parallel import jobs_for
            from razzlog.sources import ReadProgress
            from razzlog.stats.chunks import table_chunks
            from razzlog.stats.stream import report_stats

            reading = ReadProgress.of(paths)
            # detail=False: only the columns the statistics read, which report_stats adds up
            chunks = table_chunks(paths, jobs_for(jobs, reading.total), detail=False, progress=reading)
            if progress is None:
                progress = not quiet and sys.stderr.isatty()
            if progress:
                from razzlog.render.progress import tracked

                chunks = tracked(chunks, reading, "reading", progress_console(), hands_in=lambda c: c.parsed)
            # added up while reading where the selection allows: memory grows with the groups, not the hands
            result = report_stats(chunks, keys, player, first, last, hero, **options)
    except ValueError as exc:
        usage_error(str(exc))
    frame, hands, players = result.frame, result.hands, result.players
    if format is StatsFormat.PARQUET:
        assert output is not None
        from razzlog.cli.output import atomic_path, replaceable

        try:  # whole or not at all, like every report file
            with atomic_path(output) if replaceable(output) else nullcontext(output) as writing:
                render.write_parquet(frame, writing)
        except OSError as exc:
            usage_error(f"cannot write {output}: {exc.strerror or exc}")
    else:
        with output_stream(output) as out:
            if format is StatsFormat.JSON:
                render.write_json(frame, out)
            elif format is StatsFormat.CSV:
                render.write_csv(frame, out)
            else:
                console = report_console(out, output is not None)
                hidden: list[str] = []
                # a terminal table of every one of 100,000 players takes rich minutes to lay out
                if limit is None:  # a screenful (the header, the rows, the summary lines) on a terminal
                    limit = max(console.height - 6, 10) if console.is_terminal else TABLE_ROWS
                shown = frame.head(limit) if limit else frame
                if lows:
                    table = render.lows_table(shown, keys)
                else:
                    width = console.width if console.is_terminal else None
                    table, hidden = render.stats_table(shown, keys, result.hero, width)
                summary = render.summary_line(hands, players, result.hero, hidden)
                if shown.height < frame.height:
                    summary += f"; the first {shown.height:,} of {frame.height:,} rows (--limit 0: all)"
                # no hand counted at all is not a selection that matched nothing: the error says why
                empty = "no hands match the selection" if result.parsed else "no hand counted (see below)"
                render.print_stats(console, table, frame.height, summary, empty)
    errors, notes = render.input_messages(
        result.problems, result.duplicates, result.parsed, result.inexact, result.other_games
    )
    for message in errors:
        error(message)
    for message in [] if quiet else notes:
        note(message)
    exit_with(2 if errors else 0)
