"""``razzlog parse``: the structured events of every hand, one JSON object per hand."""

from __future__ import annotations

from typing import Annotated

import typer

from razzlog.cli.app import Command, OutputOpt, ParseFormat, PathsArg, app, error, exit_with, output_stream


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
    exit_with(2 if tally.input_failed() else 0)
