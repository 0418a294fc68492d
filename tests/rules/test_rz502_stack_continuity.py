"""stack-continuity (warning): a player's stack carries from one hand to the next at a table."""

from __future__ import annotations

from pathlib import Path

from razzlog.api import audit_paths
from tests.rules.helpers import REAL, hand, mutate


def _found(tmp_path: Path, *texts: str) -> list[tuple[str, str, str | None]]:
    path = tmp_path / "session.txt"
    path.write_text("\n\n\n".join(texts), encoding="utf-8")
    return [(v.rule, v.severity.value, v.player) for r in audit_paths([str(path)]) for v in r.violations]


def test_real_session_carries_every_stack(tmp_path: Path) -> None:
    assert [v for r in audit_paths([str(REAL)]) for v in r.violations] == []


def test_shrunken_stack_is_a_warning(tmp_path: Path) -> None:
    second = mutate(
        hand("35874590575"), "Seat 8: SilkZone ($1.89 in chips)", "Seat 8: SilkZone ($1.79 in chips)"
    )
    assert _found(tmp_path, hand("35874566077"), second) == [("stack-continuity", "warning", "SilkZone")]


def test_cash_top_up_is_allowed(tmp_path: Path) -> None:
    second = mutate(
        hand("35874590575"), "Seat 8: SilkZone ($1.89 in chips)", "Seat 8: SilkZone ($2.89 in chips)"
    )
    assert _found(tmp_path, hand("35874566077"), second) == []
