"""The typer app every command registers on, the options and choices they
share, and the helpers they call (standard error, output streams, consoles).

Light on purpose: typer only; rich and the rest are imported inside the
helpers, so that ``razzlog --help`` stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TextIO

import typer
from typer.core import TyperArgument, TyperCommand

if TYPE_CHECKING:
    from rich.console import Console

PROG = "razzlog"

# Plain help (click's layout), not rich's: rich's table of six columns cuts long option names
# at 80 columns (``--open-pair-doub…``), and plain help needs no rich to start.
app = typer.Typer(
    name=PROG,
    help="Audit, replay and analyse Razz (seven-card stud low) hand histories.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        from razzlog.compiled import build

        typer.echo(f"{PROG} {version(PROG)} ({build()})")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """The options of ``razzlog`` itself, before the command."""


class Command(TyperCommand):
    """A command whose help names an argument by its metavar alone, as click does: typer adds
    its Python type (``PATH <list[str]>``) and writes the usage line ``{PATH}``/``[[PATH]...]...``.
    Options show their explicit ``metavar`` (a flag none)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                name, dots = _argument_name(param)
                pieces.append(f"{name}{dots}" if param.required else f"[{name}]{dots}")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments, options = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if isinstance(param, TyperArgument):
                arguments.append(("".join(_argument_name(param)), record[1]))
            else:
                options.append(record)
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def _argument_name(param: TyperArgument) -> tuple[str, str]:
    """An argument's name in the help (its metavar, else its name in capitals), and ``...``
    when it takes several values."""
    return param.metavar or (param.name or "").upper(), "" if param.nargs == 1 else "..."


class Site(StrEnum):
    POKERSTARS = "pokerstars"
    FULLTILT = "fulltilt"
    WINAMAX = "winamax"
    MERGE = "merge"
    KINGSCLUB = "kingsclub"


class Encoding(StrEnum):
    UTF8 = "utf-8"
    UTF16 = "utf-16"


class AuditFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    JSONL = "jsonl"


class ParseFormat(StrEnum):
    JSONL = "jsonl"


class StatsFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    PARQUET = "parquet"


class FailOn(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NEVER = "never"


class ProfileName(StrEnum):
    AUTO = "auto"
    POKERSTARS = "pokerstars"
    FULLTILT = "fulltilt"
    CASINO = "casino"
    WINAMAX = "winamax"
    MERGE = "merge"
    KINGSCLUB = "kingsclub"


PathsArg = Annotated[
    list[str],
    typer.Argument(
        help="Hand history files or folders (read recursively); '-' is standard input.",
        metavar="PATH",
        show_default=False,
    ),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write the report to this file instead of standard output.",
        dir_okay=False,
        show_default=False,
    ),
]
FailOnOpt = Annotated[
    FailOn, typer.Option("--fail-on", help="Exit 1 when a violation of this severity or worse is found.")
]
SelectOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--select",
        metavar="RULES",
        help="Only these rules (names or codes, comma-separated; repeatable).",
        show_default=False,
    ),
]
IgnoreOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--ignore",
        metavar="RULES",
        help="Skip these rules (names or codes, comma-separated; repeatable).",
        show_default=False,
    ),
]
OpenPairDoubleOpt = Annotated[
    bool,
    typer.Option(
        "--open-pair-double",
        help="Allow the 4th-street big bet when an open pair shows (a stud-high casino option).",
    ),
]
HeroOpt = Annotated[
    str | None,
    typer.Option(
        "--hero",
        metavar="NAME",
        help="The player whose hole cards the log shows (default: detected).",
        show_default=False,
    ),
]
SinceOpt = Annotated[
    str | None,
    typer.Option(
        "--since",
        metavar="DATE",
        help="Only hands played on or after DATE (YYYY-MM-DD).",
        show_default=False,
    ),
]
UntilOpt = Annotated[
    str | None,
    typer.Option(
        "--until",
        metavar="DATE",
        help="Only hands played on or before DATE (YYYY-MM-DD).",
        show_default=False,
    ),
]
JobsOpt = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        min=0,
        metavar="N",
        help="Worker processes; 0: one per CPU (one process for inputs under 2 MB). Output order is kept.",
    ),
]
ProgressOpt = Annotated[
    bool | None,
    typer.Option(
        "--progress/--no-progress",
        help="Progress bar on standard error (default: when standard error is a terminal "
        "and the report goes to a file or a pipe).",
        show_default=False,
    ),
]
ProfileOpt = Annotated[
    ProfileName,
    typer.Option("--profile", help="Rule profile; 'auto' picks the site's own."),
]


def error(message: str) -> None:
    """One line on standard error (file names and hand text in it with their controls visible)."""
    from razzlog.render.text import on_terminal

    sys.stderr.write(f"{PROG}: error: {on_terminal(message)}\n")
    sys.stderr.flush()


def note(message: str) -> None:
    """One note on standard error, like :func:`error`."""
    from razzlog.render.text import on_terminal

    sys.stderr.write(f"{PROG}: note: {on_terminal(message)}\n")
    sys.stderr.flush()


def usage_error(message: str) -> NoReturn:
    error(message)
    raise typer.Exit(2)


@contextmanager
def output_stream(path: Path | None, encoding: str = "utf-8") -> Iterator[TextIO]:
    """Standard output, or ``path`` written whole or not at all (a usage error if it cannot be
    opened).  Write errors are :class:`razzlog.cli.output.OutputError`; ``main`` reports them."""
    from razzlog.cli.output import report_file, standard_output

    if path is None:
        with standard_output(encoding) as out:
            yield out
        return
    stack = ExitStack()
    try:
        out = stack.enter_context(report_file(path, encoding))
    except OSError as exc:
        usage_error(f"cannot write {path}: {exc.strerror or exc}")
    with stack:
        yield out


def report_console(out: TextIO, to_file: bool) -> Console:
    """A rich console for a report: colours only on a terminal, never in a file."""
    from rich.console import Console

    if to_file:
        return Console(file=out, color_system=None, force_terminal=False, width=120, highlight=False)
    return Console(file=out, highlight=False)


def show_progress(asked: bool | None, output: Path | None) -> bool:
    """Whether to draw a progress bar: as asked, or when it cannot mix with the report.

    A report printed on the terminal the bar would be drawn on is its own
    progress, and the two would garble each other.
    """
    if asked is not None:
        return asked
    return sys.stderr.isatty() and (output is not None or not sys.stdout.isatty())


def progress_console() -> Console:
    from rich.console import Console

    return Console(file=sys.stderr)


# polars' allocator (jemalloc) gives freed pages back to the system only a
# second or more later (polars' own settings): the queries at the end of
# ``stats`` free and take hundreds of MB within that time, which added up to
# twice the memory the tables hold.  Giving pages back at once costs a few
# system calls per chunk of hands.  Read when polars loads (here, or in a
# worker, which inherits the environment); a setting of the user's stands.
ALLOCATOR_SETTINGS = ("_RJEM_MALLOC_CONF", "background_thread:true,dirty_decay_ms:0,muzzy_decay_ms:0")


def return_freed_memory(after_ms: int = 0) -> None:
    """Have polars return freed memory to the system at once, or ``after_ms`` milliseconds later
    (before polars is imported)."""
    import os

    name, settings = ALLOCATOR_SETTINGS
    os.environ.setdefault(name, settings.replace("dirty_decay_ms:0", f"dirty_decay_ms:{after_ms}"))


def rule_names(values: list[str] | None, option: str) -> set[str] | None:
    """``--select``/``--ignore`` values as rule names; a usage error for an unknown one."""
    if not values:
        return None
    from razzlog.violations import resolve_rule_names

    try:
        return resolve_rule_names(values) or None
    except ValueError as exc:
        usage_error(f"{option}: {exc}")


def exit_with(code: int) -> NoReturn:
    raise typer.Exit(code)
