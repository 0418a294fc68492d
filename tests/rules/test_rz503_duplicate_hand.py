"""duplicate-hand: the same hand id twice (warning if identical, error if the text differs)."""

from __future__ import annotations

from pathlib import Path

from razzlog.api import audit_paths
from tests.rules.helpers import hand, mutate


def _found(tmp_path: Path, *texts: str) -> list[tuple[str, str]]:
    path = tmp_path / "hands.txt"
    path.write_text("\n\n\n".join(texts), encoding="utf-8")
    return [(v.rule, v.severity.value) for r in audit_paths([str(path)]) for v in r.violations]


def test_distinct_hands_are_not_duplicates(tmp_path: Path) -> None:
    assert _found(tmp_path, hand("35874566077"), hand("35874590575")) == []


def test_identical_copy_is_a_warning(tmp_path: Path) -> None:
    assert _found(tmp_path, hand("35874566077"), hand("35874566077")) == [("duplicate-hand", "warning")]


def test_altered_copy_is_an_error(tmp_path: Path) -> None:
    altered = mutate(hand("35874566077"), "Hero ($1.60 in chips)", "Hero ($1.70 in chips)")
    assert _found(tmp_path, hand("35874566077"), altered) == [("duplicate-hand", "error")]
