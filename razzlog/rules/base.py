"""What a rule is: one small documented check over a replayed hand.

Modelled on sqlfluff's rules: each catalogue entry is one function in
``razzlog/rules/catalogue/``, registered with :func:`rule`.  Its docstring
says what it checks, shows a minimal bad example and the fix; the README's
catalogue is generated from these docstrings.

A per-hand rule is a :data:`Check`: it takes the replay and returns its
findings as a list, empty for a legal hand (most hands), built as it goes
with ``found.append``.  A list, not a generator: compiled, a generator is an
object per rule and hand and a resumption per finding and at the end, which
cost some 20,000 instructions a hand over the catalogue; a list that stays
empty costs an allocation.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from razzlog.reducers import register as register_reducers
from razzlog.rules.replay import Replay
from razzlog.violations import CODE_BY_NAME, Severity


@dataclass(frozen=True, slots=True)
class Finding:
    """A rule's finding before the engine adds file, site and hand id."""

    line: int
    message: str
    player: str | None = None
    street: str | None = None


Check = Callable[[Replay], list[Finding]]


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    name: str
    severity: Severity
    check: Callable[..., Any]  # a per-hand rule's is a ``Check``; a cross-hand one takes the hand's keys
    cross_hand: bool  # judged across hands by ``CrossHandChecks``, not per hand

    @property
    def doc(self) -> str:
        return (self.check.__doc__ or _source_docstring(self.check)).strip()


def _source_docstring(check: Callable[..., object]) -> str:
    """A check's docstring read from its module's source file.

    A function compiled by mypyc keeps no ``__doc__``; its ``.py`` file stays
    beside the compiled module (editable installs and wheels both keep it).
    """
    module = sys.modules[check.__module__]
    source = Path(module.__file__ or "").with_name(module.__name__.rpartition(".")[2] + ".py")
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == check.__name__:
            return ast.get_docstring(node, clean=False) or ""
    return ""


REGISTRY: dict[str, Rule] = {}
F = TypeVar("F", bound=Callable[..., Any])


def rule(name: str, severity: Severity = Severity.ERROR, cross_hand: bool = False) -> Callable[[F], F]:
    """Register a check under its catalogue name (CONTRACT.md)."""

    def register(check: F) -> F:
        if name in REGISTRY:
            raise ValueError(f"rule {name} registered twice")
        REGISTRY[name] = Rule(CODE_BY_NAME[name], name, severity, check, cross_hand)
        return check

    return register


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
