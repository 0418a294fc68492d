"""``razzlog import``: parse, replay and audit once; keep the result in the hand store."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from razzlog.cli.app import (
    Command,
    FailOn,
    JobsOpt,
    ProfileName,
    app,
    error,
    exit_with,
    note,
    progress_console,
    return_freed_memory,
    usage_error,
)
from razzlog.cli.store_options import StoreOpt, store_root

if TYPE_CHECKING:
    from razzlog.sources import ReadProgress
    from razzlog.store.rows import ImportedChunk


class ImportFormat(StrEnum):
    TEXT = "text"
    JSON = "json"


@app.command("import", cls=Command)
def import_command(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Hand history files or folders (read recursively).", metavar="PATH", show_default=False
        ),
    ],
    store: StoreOpt = None,
    jobs: JobsOpt = 0,
    profile: Annotated[
        ProfileName | None,
        typer.Option(
            "--profile",
            help="Rule profile the violations are found under (a new store: 'auto'; an existing one: its own).",
            show_default=False,
        ),
    ] = None,
    open_pair_double: Annotated[
        bool | None,
        typer.Option(
            "--open-pair-double/--no-open-pair-double",
            help="Allow the 4th-street big bet when an open pair shows (a new store only).",
            show_default=False,
        ),
    ] = None,
    fail_on: Annotated[
        FailOn,
        typer.Option(
            "--fail-on", help="Exit 1 when an imported hand holds a violation of this severity or worse."
        ),
    ] = FailOn.ERROR,
    format: Annotated[
        ImportFormat, typer.Option("--format", "-f", help="Summary format.")
    ] = ImportFormat.TEXT,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress",
            help="Progress bar on standard error (default: when it is a terminal).",
            show_default=False,
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No summary (the exit code says it all).")
    ] = False,
) -> None:
    """Parse, replay and audit every hand once, and keep the result in the hand store.

    Files already imported and unchanged are skipped without being read; a file that
    grew has only its new hands read; a file that changed is read again.
    """
    return_freed_memory()
    from razzlog.parallel import jobs_for
    from razzlog.render.store import import_document, import_lines
    from razzlog.sources import ReadProgress
    from razzlog.store import StoreError
    from razzlog.store.importer import import_paths
    from razzlog.violations import Severity

    root = store_root(store)
    wrap = None
    if progress if progress is not None else sys.stderr.isatty():
        wrap = _with_bar
    try:
        result = import_paths(
            paths,
            root,
            profile=profile.value if profile is not None else None,
            open_pair_double=open_pair_double,
            jobs=jobs_for(jobs, ReadProgress.of(paths).total),
            progress=wrap,
            on_wait=_note,
        )
    except StoreError as exc:
        usage_error(str(exc))
    for problem in result.problems:
        (note if problem.severity is Severity.WARNING else error)(f"{problem.file}: {problem.message}")
    if not quiet:
        if format is ImportFormat.JSON:
            import json

            from razzlog.render.text import json_safe

            document = json.dumps(import_document(result), ensure_ascii=False, indent=2)
            sys.stdout.write(json_safe(document) + "\n")
        else:
            from razzlog.render.text import on_terminal

            # the lines name games and paths as the input wrote them: their controls made visible
            sys.stdout.write("".join(f"{on_terminal(line)}\n" for line in import_lines(result)))
    exit_with(result.exit_code(fail_on.value))


def _note(message: str) -> None:
    note(message)


def _with_bar(chunks: Iterator[ImportedChunk], reading: ReadProgress) -> Iterator[ImportedChunk]:
    from razzlog.render.progress import tracked

    return tracked(chunks, reading, "importing", progress_console(), hands_in=lambda c: len(c.records))
