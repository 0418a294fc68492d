"""What an import did: the counts its summary prints, and its exit code."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from razzlog.violations import Severity, Violation


@dataclass(slots=True)
class ImportResult:
    """What an import did, for its summary and exit code."""

    store: Path
    files: Counter[str] = field(default_factory=Counter)  # per status (plan.STATUSES)
    hands_read: int = 0  # as audit counts hands
    hands_parsed: int = 0
    hands_added: int = 0  # rows added to ``hands``
    identical: int = 0  # copies of a stored hand, not stored again
    conflicting: int = 0  # same id as a stored hand, other text: stored, a duplicate-hand error
    unstorable: int = 0  # parsed, but an amount has more than 4 decimal places: no rows (violations kept)
    not_parsed: int = 0  # hands with a parse-error or truncated-hand
    other_games: dict[str, int] = field(default_factory=dict)  # hands of other games read, by game
    violations: Counter[str] = field(default_factory=Counter)  # per rule
    worst: Severity | None = None
    problems: list[Violation] = field(default_factory=list)  # inputs that could not be read
    hands_in_store: int = 0
    generation: int = 0

    def exit_code(self, fail_on: str = "error") -> int:
        # a warning is a folder's special file, skipped (razzlog.sources.iter_files)
        if any(p.severity is Severity.ERROR for p in self.problems):
            return 2
        if self.worst is None or fail_on == "never":
            return 0
        return 1 if self.worst.level >= Severity(fail_on).level else 0
