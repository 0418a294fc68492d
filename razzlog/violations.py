"""Violations are values: produced by the parser and the rules, consumed by renderers.

The catalogue of names and codes is fixed by CONTRACT.md; each rule's
documentation lives with the code that produces it (``razzlog.rules``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from razzlog.reducers import register as register_reducers


class Severity(Enum):
    WARNING = "warning"
    ERROR = "error"

    @property
    def level(self) -> int:
        return 1 if self is Severity.WARNING else 2


# code -> name, exactly as CONTRACT.md's catalogue.
CATALOGUE: dict[str, str] = {
    "RZ001": "parse-error",
    "RZ002": "truncated-hand",
    "RZ003": "unknown-format",
    "RZ101": "duplicate-card",
    "RZ102": "card-mismatch",
    "RZ103": "deal-count",
    "RZ104": "common-card",
    "RZ201": "ante-amount",
    "RZ202": "missing-ante",
    "RZ203": "bring-in-player",
    "RZ204": "bring-in-amount",
    "RZ301": "action-order",
    "RZ302": "illegal-check",
    "RZ303": "bet-size",
    "RZ304": "call-amount",
    "RZ305": "cap-exceeded",
    "RZ306": "inactive-player-acted",
    "RZ307": "reopened-betting",
    "RZ308": "stack-overdraw",
    "RZ309": "round-incomplete",
    "RZ401": "uncalled-bet",
    "RZ402": "pot-total",
    "RZ403": "pot-award",
    "RZ404": "showdown-order",
    "RZ405": "hand-description",
    "RZ406": "mucked-winner",
    "RZ501": "summary-mismatch",
    "RZ502": "stack-continuity",
    "RZ503": "duplicate-hand",
}
CODE_BY_NAME: dict[str, str] = {name: code for code, name in CATALOGUE.items()}


@dataclass(frozen=True, slots=True)
class Violation:
    """One finding, with the CONTRACT's JSON fields."""

    rule: str
    severity: Severity
    file: str
    line: int
    site: str | None
    hand_id: str | None
    player: str | None
    street: str | None
    message: str
    column: int | None = None  # for parse errors

    @property
    def code(self) -> str:
        return CODE_BY_NAME[self.rule]

    def to_dict(self) -> dict[str, Any]:
        """The CONTRACT's violation object (plus ``column`` for parse errors)."""
        out: dict[str, Any] = {
            "file": self.file,
            "line": self.line,
            "site": self.site,
            "hand_id": self.hand_id,
            "rule": self.rule,
            "code": self.code,
            "severity": self.severity.value,
            "player": self.player,
            "street": self.street,
            "message": self.message,
        }
        if self.column is not None:
            out["column"] = self.column
        return out


def resolve_rule_names(items: list[str]) -> set[str]:
    """Turn ``--select``/``--ignore`` values (names or codes, comma-separated) into names.

    Raises ValueError naming an unknown entry.
    """
    names: set[str] = set()
    for item in items:
        for part in item.split(","):
            token = part.strip()
            if not token:
                continue
            if token.upper() in CATALOGUE:
                names.add(CATALOGUE[token.upper()])
            elif token.lower() in CODE_BY_NAME:
                names.add(token.lower())
            else:
                raise ValueError(f"unknown rule {token!r}: use a name or code from the catalogue")
    return names


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
