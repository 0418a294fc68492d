"""Shared helpers for the per-rule tests: real sample hands, mutated one line at a time.

Every test goes through the real pipeline (file on disk -> sources -> grammar ->
events -> replay -> rules), so a rule is judged exactly as users run it.
"""

from __future__ import annotations

import re
from pathlib import Path

from razzlog.api import audit_paths

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
REAL = SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt"
SYNTHETIC = SAMPLES / "pokerstars-format-examples.synthetic.txt"


def hands(path: Path) -> dict[str, str]:
    """Hand id -> hand text of a sample file."""
    text = path.read_text(encoding="utf-8")
    parts = re.split(r"\n\s*\n(?=PokerStars )", text.strip())
    return {re.search(r"#(\d+):", p).group(1): p.strip() + "\n" for p in parts}  # type: ignore[union-attr]


def hand(hand_id: str) -> str:
    for path in (REAL, SYNTHETIC):
        found = hands(path).get(hand_id)
        if found:
            return found
    raise KeyError(hand_id)


def mutate(text: str, old: str, new: str, count: int = 1) -> str:
    """Replace ``old`` by ``new`` exactly ``count`` times (the test fails if it is not there)."""
    assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times, expected {count}"
    return text.replace(old, new)


def audit_text(tmp_path: Path, *texts: str, profile: str = "pokerstars") -> list[tuple[str, int]]:
    """(rule, line) of every violation of the hands written to one file."""
    path = tmp_path / "hands.txt"
    path.write_text("\n\n\n".join(texts), encoding="utf-8")
    return [(v.rule, v.line) for r in audit_paths([str(path)], profile) for v in r.violations]


def rules_found(tmp_path: Path, *texts: str, profile: str = "pokerstars") -> list[str]:
    return [rule for rule, _ in audit_text(tmp_path, *texts, profile=profile)]


def line_of(text: str, fragment: str, occurrence: int = 1) -> int:
    """1-based line number of the ``occurrence``-th line containing ``fragment``."""
    seen = 0
    for number, line in enumerate(text.splitlines(), 1):
        if fragment in line:
            seen += 1
            if seen == occurrence:
                return number
    raise AssertionError(f"{fragment!r} not in text {occurrence} times")
