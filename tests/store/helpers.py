"""What the store tests share: text-path reports to compare with, and a store's contents."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import polars as pl

from razzlog.parallel import audit_parallel
from razzlog.render import audit as render_audit
from razzlog.render import stats as render_stats
from razzlog.stats.chunks import table_chunks
from razzlog.stats.report import group_keys
from razzlog.stats.stream import StatsReport, report_stats
from razzlog.store.audit import stored_audit
from razzlog.store.schema import TABLES
from razzlog.store.stats import stored_stats
from razzlog.store.tables import open_store

# Columns that say when or by which import a row was written, not what it holds.
VOLATILE = {"files": ["imported_at", "generation", "mtime", "mtime_ns"]}


def text_audit_json(paths: list[str], select: set[str] | None = None, ignore: set[str] | None = None) -> str:
    out = io.StringIO()
    render_audit.run(audit_parallel(paths, "auto", select, ignore, jobs=1), render_audit.JsonWriter(out))
    return out.getvalue()


def store_audit_json(root: Path, select: set[str] | None = None, ignore: set[str] | None = None) -> str:
    out = io.StringIO()
    audit = stored_audit(open_store(root), select, ignore)
    writer = render_audit.JsonWriter(out)
    for report in audit.reports:
        writer.hand(report)
    writer.finish(render_audit.AuditTally(summary=audit.summary))
    return out.getvalue()


def stats_json(report: StatsReport) -> dict[str, Any]:
    out = io.StringIO()
    render_stats.write_json(report.frame, out)
    return {
        "rows": json.loads(out.getvalue()),
        "hands": report.hands,
        "players": report.players,
        "hero": report.hero,
        "problems": [v.to_dict() for v in report.problems],
        "duplicates": report.duplicates,
        "parsed": report.parsed,
    }


def text_stats(paths: list[str], by: str = "player,currency", **options: Any) -> dict[str, Any]:
    chunks = table_chunks(paths, 1, detail=False)
    return stats_json(report_stats(chunks, group_keys(by), **options))


def store_stats(root: Path, by: str = "player,currency", **options: Any) -> dict[str, Any]:
    return stats_json(stored_stats(open_store(root), group_keys(by), **options))


def contents(root: Path, volatile: bool = False, keys: bool = True) -> dict[str, pl.DataFrame]:
    """Every table of the store, in a fixed order; without the volatile columns unless asked, and
    without ``hand_key`` if not ``keys`` (a file read again gets new keys: its hands by their
    file and line then)."""
    store = open_store(root)
    out: dict[str, pl.DataFrame] = {}
    places = store.scan("hands").select("hand_key", "file_id", "line").collect()
    for table in TABLES:
        frame = store.scan(table).collect()
        if not volatile:
            frame = frame.drop(VOLATILE.get(table, []))
        if not keys and "hand_key" in frame.columns:
            if table != "hands":
                frame = frame.join(places, on="hand_key", how="left")
            frame = frame.drop("hand_key")
        out[table] = frame.sort(frame.columns, nulls_last=True)
    return out


def same_contents(a: dict[str, pl.DataFrame], b: dict[str, pl.DataFrame]) -> bool:
    return all(a[t].equals(b[t]) for t in TABLES)
