"""Hostile input for the command line: generated hands with names chosen by an attacker."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from razzlog.cli import app
from razzlog.generate.stream import generate_labeled

# What rich itself writes on a terminal: SGR colours and its hyperlinks' OSC 8 (none expected).
RICH_STYLE = re.compile(r"\x1b\[[0-9;]*m")
# A control character a terminal acts on (line feed is layout; a tab in a name would pass for spaces).
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def hands_with(name: str, hands: int = 3, seed: int = 7, violations: float = 1.0) -> str:
    """Generated PokerStars hands in which the hero is called ``name`` (with a violation each)."""
    return generate_labeled(seed, hands, hero=name, violations=violations)[0]


def write(tmp_path: Path, text: str, name: str = "hands.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@dataclass(frozen=True, slots=True)
class Run:
    code: int
    stdout: str
    stderr: str


def run(*args: str, terminal: bool = False, stdin: str | None = None) -> Run:
    """``razzlog ARGS`` in this process; ``terminal``: rich writes as to a colour terminal."""
    # wide: a long name is not folded over two lines of a table column
    env = {"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1"} if terminal else {"NO_COLOR": "1"}
    env["COLUMNS"] = "300"
    result = CliRunner().invoke(app, list(args), env=env, input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.stdout, result.stderr)


def raw_controls(text: str) -> list[str]:
    """The control characters of ``text`` that are not rich's own colours."""
    return RAW_CONTROL.findall(RICH_STYLE.sub("", text))
