"""``razzlog query``: SQL over the hand store's tables."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from razzlog.cli.app import Command, OutputOpt, app, output_stream, report_console, usage_error
from razzlog.cli.store_options import StoreOpt, from_store, store_root


class QueryFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"


@app.command(cls=Command)
def query(
    sql: Annotated[
        str,
        typer.Argument(
            help="A SELECT over the tables hands, player_hands, actions, violations and files.",
            metavar="SQL",
            show_default=False,
        ),
    ],
    store: StoreOpt = None,
    format: Annotated[QueryFormat, typer.Option("--format", "-f", help="Output format.")] = QueryFormat.TABLE,
    output: OutputOpt = None,
) -> None:
    """Run SQL (polars' SQL) over the hand store; docs/store.md lists its tables and columns."""
    from razzlog.render.store import rows_table, write_rows_json
    from razzlog.store.query import run_query

    try:
        frame = from_store(store_root(store), lambda stored: run_query(stored, sql))
    except ValueError as exc:
        usage_error(str(exc))
    with output_stream(output) as out:
        if format is QueryFormat.JSON:
            write_rows_json(frame, out)
        elif format is QueryFormat.CSV:
            frame.write_csv(out)
        else:
            report_console(out, output is not None).print(rows_table(frame))
