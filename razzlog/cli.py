"""The ``razzlog`` command line: options in, library calls, renderers out.

Heavy modules (lark, polars, the rules, rich rendering) are imported inside
the commands so that ``razzlog --help`` stays fast.  Only reports go to
standard output; messages go to standard error.  Exit codes follow
CONTRACT.md: 0 success, 1 violations at or above ``--fail-on``, 2 usage
error or input that cannot be read at all.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn, TextIO

import typer

if TYPE_CHECKING:
    from rich.console import Console

PROG = "razzlog"

app = typer.Typer(
    name=PROG,
    help="Audit, replay and analyse Razz (seven-card stud low) hand histories.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Site(StrEnum):
    POKERSTARS = "pokerstars"
    FULLTILT = "fulltilt"


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
        help="Write the report to this file instead of standard output.",
        dir_okay=False,
        show_default=False,
    ),
]
JobsOpt = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        min=0,
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
    """One line on standard error."""
    sys.stderr.write(f"{PROG}: error: {message}\n")
    sys.stderr.flush()


def usage_error(message: str) -> NoReturn:
    error(message)
    raise typer.Exit(2)


@contextmanager
def output_stream(path: Path | None, encoding: str = "utf-8") -> Iterator[TextIO]:
    """Standard output, or ``path`` opened for writing (a usage error if it cannot be)."""
    if path is None and encoding == "utf-8":
        yield sys.stdout
        return
    if path is None:  # another encoding on standard output: its bytes, encoded here
        wrapper = io.TextIOWrapper(sys.stdout.buffer, encoding=encoding, newline="")
        try:
            yield wrapper
        finally:
            wrapper.flush()
            wrapper.detach()  # standard output itself stays open
        return
    try:
        stream = open(path, "w", encoding=encoding, newline="")  # noqa: SIM115 - closed below
    except OSError as exc:
        usage_error(f"cannot write {path}: {exc.strerror or exc}")
    try:
        yield stream
    finally:
        stream.close()


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


def return_freed_memory() -> None:
    """Have polars return freed memory to the system at once (before polars is imported)."""
    import os

    os.environ.setdefault(*ALLOCATOR_SETTINGS)


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


@app.command()
def audit(
    paths: PathsArg,
    format: Annotated[AuditFormat, typer.Option("--format", "-f", help="Report format.")] = AuditFormat.TABLE,
    output: OutputOpt = None,
    fail_on: Annotated[
        FailOn, typer.Option("--fail-on", help="Exit 1 when a violation of this severity or worse is found.")
    ] = FailOn.ERROR,
    profile: ProfileOpt = ProfileName.AUTO,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            metavar="RULES",
            help="Only these rules (names or codes, comma-separated; repeatable).",
            show_default=False,
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            "--ignore",
            metavar="RULES",
            help="Skip these rules (names or codes, comma-separated; repeatable).",
            show_default=False,
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Table format: only the summary line.")
    ] = False,
    open_pair_double: Annotated[
        bool,
        typer.Option(
            "--open-pair-double",
            help="Allow the 4th-street big bet when an open pair shows (a stud-high casino option).",
        ),
    ] = False,
    jobs: JobsOpt = 0,
    progress: ProgressOpt = None,
) -> None:
    """Parse and replay every hand; report the rule violations."""
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


@app.command()
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


@app.command()
def show(
    hand_id: Annotated[str, typer.Argument(help="The hand id as the site prints it.", show_default=False)],
    paths: PathsArg,
    profile: ProfileOpt = ProfileName.AUTO,
) -> None:
    """Replay one hand street by street, with its violations under the lines where they happen."""
    from razzlog.api import audit_paths
    from razzlog.render.audit import hand_title, is_unreadable, violations_table
    from razzlog.render.show import find_report, hand_view, print_hand

    unreadable: list[str] = []
    report = find_report(audit_paths(paths, profile.value), hand_id, unreadable_files=unreadable)
    for file in unreadable:
        error(f"{file}: cannot be read")
    if report is None:
        usage_error(f"hand {hand_id} not found in {', '.join(paths)}")
    console = report_console(sys.stdout, to_file=False)
    if report.hand is None:
        assert not is_unreadable(report)
        console.print(hand_title(report))
        console.print(violations_table(report.violations))
        error(f"hand {hand_id} cannot be replayed: it does not parse")
        exit_with(1)
    print_hand(console, hand_view(report.hand, report.violations))


@app.command()
def stats(
    paths: PathsArg,
    by: Annotated[
        str,
        typer.Option(
            "--by",
            metavar="KEYS",
            help="Group by these keys, comma-separated: player, site, stakes, currency, date, table, "
            "tournament (currency is always added).",
        ),
    ] = "player,currency",
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="Only this player's hands (repeatable); '@hero' is the hero.",
            show_default=False,
        ),
    ] = None,
    hero: Annotated[
        str | None,
        typer.Option(
            "--hero",
            metavar="NAME",
            help="The player whose hole cards the log shows (default: detected).",
            show_default=False,
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="DATE",
            help="Only hands played on or after DATE (YYYY-MM-DD).",
            show_default=False,
        ),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option(
            "--until",
            metavar="DATE",
            help="Only hands played on or before DATE (YYYY-MM-DD).",
            show_default=False,
        ),
    ] = None,
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
) -> None:
    """Player statistics (VPIP, steals, aggression, showdowns, net…), grouped and filtered."""
    return_freed_memory()
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

    from razzlog.parallel import jobs_for
    from razzlog.render import stats as render
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
    try:
        # added up while reading where the selection allows: memory grows with the groups, not the hands
        result = report_stats(
            chunks, keys, player, first, last, hero, lows=lows, min_hands=min_hands, sort=sort
        )
    except ValueError as exc:
        usage_error(str(exc))
    frame, hands, players = result.frame, result.hands, result.players
    if format is StatsFormat.PARQUET:
        assert output is not None
        try:
            render.write_parquet(frame, output)
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
                if lows:
                    table = render.lows_table(frame, keys)
                else:
                    width = console.width if console.is_terminal else None
                    table, hidden = render.stats_table(frame, keys, result.hero, width)
                summary = render.summary_line(hands, players, result.hero, hidden)
                render.print_stats(console, table, frame.height, summary)
    errors, notes = render.input_messages(result.problems, result.duplicates, result.parsed)
    for message in errors:
        error(message)
    for message in [] if quiet else notes:
        sys.stderr.write(f"{PROG}: note: {message}\n")
    exit_with(2 if errors else 0)


@app.command()
def generate(
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="How many hands to write.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Same seed, same bytes.")] = 0,
    site: Annotated[
        Site, typer.Option("--site", help="Output format, and the site's house rules the hands are dealt by.")
    ] = Site.POKERSTARS,
    players: Annotated[
        str, typer.Option("--players", metavar="MIN-MAX", help="Players dealt in per table, e.g. 2-8.")
    ] = "2-8",
    violations: Annotated[
        float,
        typer.Option(
            "--violations", min=0.0, max=1.0, metavar="RATE", help="Fraction of hands given one violation."
        ),
    ] = 0.0,
    labels: Annotated[
        Path | None,
        typer.Option("--labels", metavar="FILE", help="Write one JSON line per injected violation."),
    ] = None,
    output: OutputOpt = None,
    encoding: Annotated[
        Encoding,
        typer.Option(
            "--encoding",
            help="utf-8 (the default, for either site), or utf-16: little-endian with a BOM,"
            " as Full Tilt wrote its files.",
        ),
    ] = Encoding.UTF8,
) -> None:
    """Write synthetic, legal razz hand histories (for tests and benchmarks).

    Hands come from an independent dealer that shares no code with the rules,
    in PokerStars' or Full Tilt's format and by that site's house rules; with
    --violations, that fraction of hands gets exactly one labelled violation.
    """
    low, _, high = players.partition("-")
    try:
        seats = (int(low), int(high or low))
    except ValueError:
        usage_error(f"--players takes MIN-MAX such as 2-8, not {players!r}")
    if not 2 <= seats[0] <= seats[1] <= 8:
        usage_error("--players must lie within 2-8")
    if violations and labels is None:
        usage_error("--violations needs --labels FILE to say which hands hold which violation")
    from razzlog.generate.stream import labels_jsonl, stream_labeled

    # UTF-16 as Full Tilt wrote it: little-endian, with a byte order mark first
    utf16 = encoding == Encoding.UTF16
    with (
        output_stream(output, "utf-16-le" if utf16 else "utf-8") as out,
        open(labels, "w", encoding="utf-8") if labels else nullcontext() as label_file,
    ):
        if utf16:
            out.write("\ufeff")
        for text, new_labels in stream_labeled(seed, hands, seats, site.value, violations):
            out.write(text)
            if label_file is not None and new_labels:
                label_file.write(labels_jsonl(new_labels))


@app.command("rules")
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


def main(argv: list[str] | None = None) -> int:
    """The console script: run the app; usage errors are one line on standard error."""
    try:
        code = app(args=argv, prog_name=PROG, standalone_mode=False)
    except typer.TyperException as exc:  # click's exceptions (typer vendors click)
        message = exc.format_message().replace("Value error, ", "")
        ctx = getattr(exc, "ctx", None)
        if message:  # empty when the help was shown for want of arguments
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            error(f"{message}{hint}")
        code = exc.exit_code
    except typer.Abort:
        code = 130
    except BrokenPipeError:
        # The reader went away (``razzlog audit … | head``): stop quietly.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = 1
    return code if isinstance(code, int) else 0
