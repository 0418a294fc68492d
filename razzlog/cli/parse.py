"""``razzlog parse``: the structured events of every hand, one JSON object per hand."""

from __future__ import annotations

from typing import Annotated

import typer

from razzlog.cli.app import (
    Command,
    OutputOpt,
    ParseFormat,
    PathsArg,
    app,
    error,
    exit_with,
    note,
    output_stream,
)
from razzlog.render.jsonout import games_list


@app.command(cls=Command)
def parse(
    paths: PathsArg,
    format: Annotated[ParseFormat, typer.Option("--format", "-f", help="Output format.")] = ParseFormat.JSONL,
    output: OutputOpt = None,
) -> None:
    """Print the structured events of every hand, one JSON object per hand."""
    from razzlog.render.parse import parse_reports, write_jsonl

    with output_stream(output) as out:
        tally = write_jsonl(parse_reports(paths), out)
    for problem in tally.input_problems():
        error(problem)
    others = tally.summary.other_games
    if others:
        total = sum(others.values())
        note(f"{total:,} hand{'' if total == 1 else 's'} of other games left out ({games_list(others)})")
    exit_with(2 if tally.input_failed() else 0)
