"""``razzlog graph``: cumulative winnings over the hands played, in the terminal or as a picture."""

from __future__ import annotations

import shutil
import sys
from contextlib import nullcontext
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from razzlog.cli.app import (
    Command,
    HeroOpt,
    JobsOpt,
    SinceOpt,
    UntilOpt,
    app,
    error,
    exit_with,
    note,
    usage_error,
)
from razzlog.cli.store_options import OptionalPathsArg, ReadStoreOpt, from_store, paths_or_store


class UnitChoice(StrEnum):
    MONEY = "money"
    BB = "bb"


@app.command(cls=Command)
def graph(
    paths: OptionalPathsArg = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="Whose winnings (repeatable: one line each); '@hero' is the hero.  Default: @hero.",
            show_default=False,
        ),
    ] = None,
    hero: HeroOpt = None,
    by: Annotated[
        str,
        typer.Option("--by", metavar="stakes", help="'stakes': one line per player and stakes."),
    ] = "",
    unit: Annotated[
        UnitChoice,
        typer.Option("--unit", help="Amounts in the table's money (chips for tournaments) or in big bets."),
    ] = UnitChoice.MONEY,
    since: SinceOpt = None,
    until: UntilOpt = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write a picture (.png or .svg) instead of drawing in the terminal.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    width: Annotated[int | None, typer.Option(metavar="COLUMNS", help="Terminal drawing's width.")] = None,
    height: Annotated[int, typer.Option(metavar="LINES", help="Terminal drawing's height.")] = 24,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No notes on standard error.")] = False,
    jobs: JobsOpt = 0,
    store: ReadStoreOpt = None,
) -> None:
    """Cumulative winnings over the hands played, with the showdown and non-showdown lines."""
    paths = paths_or_store(paths, store)
    from razzlog.stats.report import parse_date

    if by not in ("", "stakes"):
        usage_error(f"--by takes 'stakes', not {by!r}")
    if output is not None and output.suffix.lower() not in (".png", ".svg"):
        usage_error(f"cannot draw {output.name}: name a .png or .svg file")
    try:
        first = parse_date(since) if since is not None else None
        last = parse_date(until) if until is not None else None
    except ValueError as exc:
        usage_error(str(exc))

    from razzlog.graph import Unit, winnings
    from razzlog.render.stats import input_messages
    from razzlog.stats import load
    from razzlog.stats.report import HERO

    if store is not None:
        from razzlog.store.stats import stored_tables

        tables = from_store(store, lambda stored: stored_tables(stored, hero))
    else:
        from razzlog.parallel import jobs_for
        from razzlog.sources import ReadProgress

        reading = ReadProgress.of(paths)
        tables = load(paths, hero, jobs=jobs_for(jobs, reading.total), detail=False, progress=reading)
    try:
        lines = winnings(
            tables, player or [HERO], since=first, until=last, by_stakes=by == "stakes", unit=Unit(unit.value)
        )
    except ValueError as exc:
        usage_error(str(exc))
    if not lines.series:
        usage_error("no hands of " + ", ".join(player or [HERO]) + " in the selection")
    if output is not None:
        from razzlog.cli.output import atomic_path, replaceable
        from razzlog.graph.picture import write_picture

        try:  # whole or not at all, like every report file
            with atomic_path(output) if replaceable(output) else nullcontext(output) as writing:
                write_picture(lines, writing)
        except OSError as exc:
            usage_error(f"cannot write {output}: {exc.strerror or exc}")
    else:
        from razzlog.graph.terminal import terminal_graph

        columns = width or shutil.get_terminal_size((100, height)).columns
        sys.stdout.write(
            terminal_graph(lines, columns, height, colour=sys.stdout.isatty()).rstrip("\n") + "\n"
        )
    errors, notes = input_messages(
        tables.problems, tables.duplicates, tables.hands.height, tables.inexact, tables.other_games
    )
    for message in errors:
        error(message)
    for message in [] if quiet else notes:
        note(message)
    exit_with(2 if errors else 0)
