"""A hand as found in the input (:class:`RawHand`), and the violations of a file that holds none.

What :mod:`razzlog.sources` reads and :mod:`razzlog.hand_cutting` cuts, and what
the parsers and the store take: the lines of one hand with where they were found.
"""

from __future__ import annotations

from dataclasses import dataclass

from razzlog.headers import EXPECTED_HEADER
from razzlog.reducers import register as register_reducers
from razzlog.violations import Severity, Violation

STDIN = "-"
STDIN_NAME = "<stdin>"

# a file found in a folder (notes, a tournament summary…): a warning, the run goes on as if it were not there
NOT_A_HAND_HISTORY_MESSAGE = "not a hand history file (no hand header in it): skipped"
TEXT_BEFORE_HEADER_MESSAGE = f"text before the first hand header: {EXPECTED_HEADER}"
FILE_NOT_FOUND_MESSAGE = "file not found"

# A "hand" longer than this many lines is not a hand: it is skipped up to the
# next header with a parse-error, so a header followed by gigabytes of other
# text cannot exhaust memory.
MAX_HAND_LINES = 20_000


@dataclass(frozen=True, slots=True)
class RawHand:
    """The lines of one hand, as found in the input."""

    file: str  # the path as given ("-" is "<stdin>"); in folders: join(folder, relative path)
    first_line: int  # 1-based physical line number of the header line
    lines: tuple[str, ...]  # without line endings; blank lines inside kept as ""; none trailing
    encoding: str  # "utf-8", "utf-8-sig", "utf-16-le", "utf-16-be" or "cp1252"
    # the file's context lines in force for this hand (CONTEXT_PREFIXES), as (line number, text)
    context: tuple[tuple[int, str], ...] = ()

    # Written out (dataclass keeps a class's own __init__): compiled, the generated one is
    # interpreted code called from C, ~8,000 instructions a hand; this one ~600.  (object.__setattr__:
    # the class is frozen; the pure Python build runs it as it reads.)
    def __init__(
        self,
        file: str,
        first_line: int,
        lines: tuple[str, ...],
        encoding: str,
        context: tuple[tuple[int, str], ...] = (),
    ) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "first_line", first_line)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "encoding", encoding)
        object.__setattr__(self, "context", context)


# A context line kept with a stored hand's text (razzlog.store): before the hand's lines, as
# "\x01LINE\x01TEXT".  No hand's first line starts with \x01 (a header starts with its
# prefix, NULs aside), so a stored text that does holds context lines.
_STORED_CONTEXT = "\x01"


def stored_text(raw: RawHand) -> str:
    """A hand's text as the store keeps it: its lines joined by ``\n``, after its context lines."""
    context = [f"{_STORED_CONTEXT}{line}{_STORED_CONTEXT}{text}" for line, text in raw.context]
    return "\n".join([*context, *raw.lines])


def stored_hand(file: str, first_line: int, text: str, encoding: str) -> RawHand:
    """The hand :func:`stored_text` kept as ``text``."""
    lines = text.split("\n")
    context: list[tuple[int, str]] = []
    while len(lines) > 1 and lines[0].startswith(_STORED_CONTEXT):
        number, _, line = lines.pop(0)[1:].partition(_STORED_CONTEXT)
        context.append((int(number), line))
    return RawHand(file, first_line, tuple(lines), encoding, tuple(context))


def display_name(path: str) -> str:
    """The name used for ``path`` in hands and violations."""
    return STDIN_NAME if path == STDIN else path


def file_violation(path: str, line: int, message: str, rule: str = "unknown-format") -> Violation:
    return Violation(
        rule=rule,
        severity=Severity.ERROR,
        file=display_name(path),
        line=line,
        site=None,
        hand_id=None,
        player=None,
        street=None,
        message=message,
    )


def os_message(exc: OSError, what: str) -> str:
    reason = exc.strerror or str(exc)
    return f"cannot read {what}: {reason}"


def read_error(path: str, line: int, exc: OSError) -> Violation:
    """The violation for a file that could not be read at ``line`` (0: not at all)."""
    return file_violation(path, line, os_message(exc, "file"))


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
