"""``razzlog rules``: the violation catalogue."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from razzlog.cli.app import Command, app, report_console


@app.command("rules", cls=Command)
def rules_command(
    markdown: Annotated[
        bool, typer.Option("--markdown", help="The full catalogue as Markdown (for the README).")
    ] = False,
) -> None:
    """List the violation catalogue: code, rule, severity and what it finds."""
    from razzlog.render.catalogue import catalogue, catalogue_markdown

    entries = catalogue()
    if markdown:
        sys.stdout.write(catalogue_markdown(entries))
        return
    from rich.table import Table

    table = Table(box=None, pad_edge=False, header_style="bold")
    for name in ("code", "rule", "severity", "what it finds"):
        table.add_column(name, no_wrap=name != "what it finds")
    for e in entries:
        table.add_row(e.code, e.name, e.severity.value, e.summary)
    report_console(sys.stdout, to_file=False).print(table)
