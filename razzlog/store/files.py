"""The ``files`` table an import leaves: one row per file ever imported, with what it knows of it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import polars as pl

from razzlog.events import count_game
from razzlog.rules.engine import CrossHandChecks
from razzlog.store import carry
from razzlog.store.plan import GROWN, FilePlan
from razzlog.store.schema import conform, empty
from razzlog.violations import Violation

COUNTS = ("hands", "hands_parsed", "hands_stored", "violations")


def files_table(
    old: pl.DataFrame,
    plans: list[FilePlan],
    counts: dict[int, dict[str, Any]],
    cross: CrossHandChecks,
    generation: int,
) -> pl.DataFrame:
    """``old`` with the rows of the files this import read (``counts``: theirs) or saw changed."""
    now = datetime.now(UTC)
    rows: dict[int, dict[str, Any]] = {int(r["file_id"]): r for r in old.iter_rows(named=True)}
    for p in plans:
        if p.fingerprint is None:
            continue  # unchanged, untouched
        row = dict(rows.get(p.file_id) or {})
        prints = p.fingerprint
        row.update(
            file_id=p.file_id,
            path=p.name,
            real_path=p.real_path,
            size=prints.size,
            mtime=datetime.fromtimestamp(p.mtime_ns / 1e9, UTC),
            mtime_ns=p.mtime_ns,
            digest=prints.digest,
            encoding_mode=prints.mode,
            line_breaks=prints.line_breaks,
            ends_with=prints.ends_with,
        )
        if p.reads:
            row.update(counts[p.file_id], imported_at=now, generation=generation)
            row["other_games"] = [{"game": g, "hands": n} for g, n in sorted(row["other_games"].items())]
            row["carry"] = carry.saved(cross, p.name)
        rows[p.file_id] = row
    if not rows:
        return empty("files")
    frame = pl.DataFrame(list(rows.values()), schema_overrides=dict(empty("files").schema), strict=False)
    return conform(frame, "files").sort("file_id")


def starting_counts(plan: FilePlan) -> dict[str, Any]:
    """A read file's counts: from zero, or from its stored ones when only its new bytes are read."""
    if plan.status == GROWN and plan.old is not None:
        counts: dict[str, Any] = {n: int(plan.old[n]) for n in COUNTS}
        counts["last_unparsed"] = bool(plan.old["last_unparsed"])
        counts["other_games"] = other_games_of(plan.old)
        return counts
    return {**dict.fromkeys(COUNTS, 0), "last_unparsed": False, "other_games": {}}


def other_games_of(row: dict[str, Any]) -> dict[str, int]:
    """A ``files`` row's hands of other games, by game."""
    return {g["game"]: int(g["hands"]) for g in row.get("other_games") or ()}


VIOLATION_COLUMNS = (
    "file_id", "hand_line", "seq", "file", "line", "column", "site", "hand_id",
    "rule", "code", "severity", "player", "street", "message",
)  # fmt: skip


def violation_row(v: Violation, file_id: int, hand_line: int, seq: int) -> tuple[Any, ...]:
    return (
        file_id, hand_line, seq, v.file, v.line, v.column, v.site, v.hand_id,
        v.rule, v.code, v.severity.value, v.player, v.street, v.message,
    )  # fmt: skip


def stored_other_games(files: pl.DataFrame) -> dict[str, int]:
    """The hands of other games of the stored files (the ``files`` table), by game."""
    counts: dict[str, int] = {}
    for row in files.select("other_games").iter_rows(named=True):
        for game, n in other_games_of(row).items():
            count_game(counts, game, n)
    return counts
