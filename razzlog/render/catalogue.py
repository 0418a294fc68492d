"""``razzlog rules``: the violation catalogue, as a list or as Markdown.

The replay rules document themselves (their docstrings, ``razzlog.rules``);
the three input-level entries are produced while reading and parsing, not by
a registered rule, and are described here.  The README's catalogue is
generated with ``razzlog rules --markdown``.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass

from razzlog.violations import CATALOGUE, Severity

INPUT_LEVEL_DOCS: dict[str, str] = {
    "parse-error": """A hand that the site's grammar cannot parse, reported at the offending line and column.

    The hand is skipped and the audit goes on with the next one.  Text before
    the first hand header of a file and a "hand" that runs on for thousands of
    lines without a new header are parse errors too, and so is a value of the
    right shape that cannot be, reported at that value rather than guessed: a
    date such as ``2009/13/45``, a time such as ``25:10:00``, an amount in
    another currency than the table's (a ``€`` stack at a USD table) or with
    misplaced separators (``Total pot $3,8.04``).

    Bad::

        kobreli: posts the ante $0.0x

    Fix: repair or remove the damaged line (or the whole hand).
    """,
    "truncated-hand": """A hand that stops before its summary section.

    Usually the end of a file cut short, or a hand interrupted by the next
    header.  The hand is not replayed.

    Fix: use a complete copy of the hand history.
    """,
    "unknown-format": """Text that is no hand history razzlog knows, or an input that cannot be read.

    Reported once per file with no hand header in it (at line 1): an error for
    a file named on the command line, a warning for one found in a folder
    (notes, tournament summaries: skipped, the exit status unchanged); and for
    a missing or unreadable file (at line 0).  If no input holds any hand,
    ``razzlog audit`` exits with status 2.

    Fix: point razzlog at PokerStars or Full Tilt razz hand histories.
    """,
}


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    code: str
    name: str
    severity: Severity
    doc: str  # cleaned docstring: summary line, blank line, body

    @property
    def summary(self) -> str:
        return self.doc.split("\n", 1)[0].strip() if self.doc else ""


def catalogue() -> list[CatalogueEntry]:
    """Every catalogue entry, in code order, with its documentation."""
    from razzlog.rules.engine import rules

    registered = {r.name: r for r in rules()}
    out: list[CatalogueEntry] = []
    for code, name in sorted(CATALOGUE.items()):
        r = registered.get(name)
        if r is not None:
            out.append(CatalogueEntry(code, name, r.severity, inspect.cleandoc(r.doc)))
        else:
            doc = INPUT_LEVEL_DOCS.get(name, "")
            out.append(CatalogueEntry(code, name, Severity.ERROR, inspect.cleandoc(doc)))
    return out


_LITERAL = re.compile(r"``([^`]+)``")


def rst_to_markdown(doc: str) -> str:
    """The docstrings' small reStructuredText subset as Markdown.

    ``literal`` becomes `literal`; a paragraph ending in ``::`` introduces the
    indented block after it, which becomes a fenced ``text`` block.
    """
    lines = doc.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.rstrip().endswith("::"):
            stripped = line.rstrip()[:-2].rstrip()
            if stripped:
                out.append(_LITERAL.sub(r"`\1`", stripped) + ":")
            i += 1
            block: list[str] = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith((" ", "\t"))):
                block.append(lines[i])
                i += 1
            while block and not block[-1].strip():
                block.pop()
            while block and not block[0].strip():
                block.pop(0)
            if block:
                out.extend(["", "```text", *inspect.cleandoc("\n".join(block)).split("\n"), "```", ""])
            continue
        out.append(_LITERAL.sub(r"`\1`", line))
        i += 1
    return "\n".join(out).strip() + "\n"


def catalogue_markdown(entries: list[CatalogueEntry] | None = None) -> str:
    """The catalogue as a Markdown table followed by one section per rule."""
    entries = catalogue() if entries is None else entries
    parts = [
        "| code | rule | severity | what it finds |",
        "| --- | --- | --- | --- |",
    ]
    for e in entries:
        summary = _LITERAL.sub(r"`\1`", e.summary).replace("|", "\\|")
        anchor = f"{e.code.lower()}-{e.name}"
        parts.append(f"| {e.code} | [`{e.name}`](#{anchor}) | {e.severity.value} | {summary} |")
    parts.append("")
    for e in entries:
        parts.append(f"### {e.code} {e.name}")
        parts.append("")
        parts.append(rst_to_markdown(e.doc) if e.doc else "(undocumented)\n")
    return "\n".join(parts).rstrip() + "\n"
