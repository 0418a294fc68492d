"""What the generator tests of every site share: audit a generated text, list what it found."""

from __future__ import annotations

import tempfile
from pathlib import Path

from razzlog.api import HandReport, audit_paths


def audit_text(text: str, profile: str = "auto") -> list[HandReport]:
    """The audit of ``text`` read from a real file (as a user's would be)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.txt"
        path.write_text(text, encoding="utf-8")
        return list(audit_paths([str(path)], profile))


def found(reports: list[HandReport]) -> list[str]:
    """Every violation of ``reports`` on one line each (empty for legal play)."""
    return [f"{v.hand_id}:{v.line} {v.rule}: {v.message}" for r in reports for v in r.violations]
