"""The ``razzlog`` command line: options in, library calls, renderers out.

One module per command, each registering on the shared typer ``app``
(``razzlog/cli/app.py``, with the options and helpers they share).  Heavy
modules (lark, polars, the rules, rich rendering) are imported inside the
commands so that ``razzlog --help`` stays fast.  Only reports go to
standard output; messages go to standard error.  Exit codes follow
CONTRACT.md: 0 success, 1 violations at or above ``--fail-on``, 2 usage
error or input that cannot be read at all.
"""

from __future__ import annotations

import contextlib
import sys

import typer

from razzlog.cli.app import ALLOCATOR_SETTINGS, PROG, app, error, return_freed_memory

# Each command registers on ``app`` when imported, and ``razzlog --help`` lists
# them in that order: keep this one (not sorted).
from razzlog.cli import audit, parse, show, stats, graph, report, importing, query, generate, rules  # isort: skip  # noqa: F401

__all__ = ["ALLOCATOR_SETTINGS", "PROG", "app", "main", "return_freed_memory"]


def main(argv: list[str] | None = None) -> int:
    """The console script: run the app; usage errors and output failures are one line on
    standard error, a reader that went away ends the run quietly."""
    from razzlog.cli.output import OutputError, is_broken_pipe

    try:
        code = app(args=argv, prog_name=PROG, standalone_mode=False)
        sys.stdout.flush()  # what is still buffered is this run's report too
    except typer.TyperException as exc:  # click's exceptions (typer vendors click)
        if type(exc).__name__ == "NoArgsIsHelpError":  # (click's or typer's copy of it)
            # the help, shown for want of arguments: on standard output, as --help prints it
            sys.stdout.write(exc.format_message() + "\n")
            return exc.exit_code
        message = exc.format_message().replace("Value error, ", "")
        ctx = getattr(exc, "ctx", None)
        if message:  # empty when the help was shown for want of arguments
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            error(f"{message}{hint}")
        code = exc.exit_code
    except typer.Abort:
        code = 130
    except (OutputError, OSError) as exc:
        cause = exc.cause if isinstance(exc, OutputError) else exc
        if is_broken_pipe(cause):
            code = _reader_gone()
        else:
            # a full disk, an I/O error: not a crash, and not "violations found" (1)
            error(str(exc) if isinstance(exc, OutputError) else f"{exc.strerror or exc}")
            code = 2
    return code if isinstance(code, int) else 0


# 128 + SIGPIPE: what a shell reports for a program stopped by a closed pipe (``yes | head``).
READER_GONE = 141


def _reader_gone() -> int:
    """The reader went away (``razzlog stats --format csv | head -1``): stop quietly, and keep
    the interpreter's last flush of standard output from failing again."""
    import os

    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return READER_GONE
