"""``razzlog audit --store``: the audit's reports, read from the store instead of the text.

The import kept every violation with the hand it belongs to (file, the hand's
first line, its order within the hand) and each file's counts of hands read
and parsed, so the reports come back in the order a text audit of the same
files yields them, and the summary with them; clean hands are only counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import polars as pl

from razzlog.api import AuditSummary, HandReport
from razzlog.sources import RawHand, stored_hand
from razzlog.store.files import stored_other_games
from razzlog.store.tables import Store, violation_of_row
from razzlog.violations import Severity, Violation


@dataclass(frozen=True, slots=True)
class StoredAudit:
    summary: AuditSummary
    reports: Iterator[HandReport]  # the hands with violations (after --select/--ignore), in order


def stored_audit(store: Store, select: set[str] | None = None, ignore: set[str] | None = None) -> StoredAudit:
    """The summary and the reports with violations of ``audit`` over the store's files."""
    files = store.files()
    violations = store.scan("violations")
    if select:
        violations = violations.filter(pl.col("rule").is_in(list(select)))
    if ignore:
        violations = violations.filter(~pl.col("rule").is_in(list(ignore)))
    kept = violations.sort("file_id", "hand_line", "seq").collect()
    summary = AuditSummary(
        files=files.height,
        hands=int(files["hands"].sum()),
        hands_parsed=int(files["hands_parsed"].sum()),
        hands_with_violations=kept.filter(pl.col("hand_id").is_not_null())
        .select(pl.struct("file_id", "hand_line").n_unique())
        .item()
        if kept.height
        else 0,
    )
    summary.other_games = stored_other_games(files)
    for rule, count in kept.group_by("rule").len().iter_rows():
        summary.by_rule[rule] = count
    severities = set(kept["severity"].unique().to_list())
    for severity in (Severity.WARNING, Severity.ERROR):
        if severity.value in severities:
            summary.worst = severity
    return StoredAudit(summary, _reports(kept))


def _reports(kept: pl.DataFrame) -> Iterator[HandReport]:
    hand: list[Violation] = []
    place: tuple[int, int] | None = None
    for row in kept.iter_rows(named=True):
        here = (row["file_id"], row["hand_line"])
        if here != place and hand:
            yield _report(hand, place)
            hand = []
        place = here
        hand.append(violation_of_row(row))
    if hand:
        yield _report(hand, place)


def _report(violations: list[Violation], place: tuple[int, int] | None) -> HandReport:
    assert place is not None
    first = violations[0]
    hand_id = next((v.hand_id for v in violations if v.hand_id is not None), None)
    return HandReport(first.file, place[1], first.site, hand_id, None, tuple(violations))


def reaudited_reports(
    store: Store,
    profile: str,
    open_pair_double: bool,
    select: set[str] | None = None,
    ignore: set[str] | None = None,
    jobs: int = 1,
) -> Iterator[HandReport]:
    """The audit of the stored files under another profile than the import's, from the stored
    texts: every hand read (an identical copy from its first copy's text) is replayed again,
    in the store's order; hands that did not parse keep their stored violation."""
    from razzlog.parallel import audit_items_parallel

    items = _stored_items(_stored_texts(store))  # read now: the store may change while they are audited
    return audit_items_parallel(items, profile, select, ignore, jobs, open_pair_double)


def _stored_items(ordered: pl.DataFrame) -> Iterator[RawHand | Violation]:
    """The store's hands as read (RawHand), and its unparsed ones as their violation, in order."""
    for row in ordered.iter_rows(named=True):
        if row["text"] is not None and (row["first"] is None or row["copy"]):
            yield stored_hand(row["file"], row["hand_line"], row["text"], row["encoding"])
        else:
            yield violation_of_row(row["first"])


def _stored_texts(store: Store) -> pl.DataFrame:
    """Every hand read, in order: its text (an identical copy: its first copy's), or for one that
    did not parse, its first violation (``first``)."""
    hands = store.scan("hands").select("file_id", "line", "file", "site", "hand_id", "encoding", "text")
    groups = (
        store.scan("violations")
        .group_by("file_id", "hand_line")
        .agg(
            copy=((pl.col("rule") == "duplicate-hand") & (pl.col("severity") == "warning")).any(),
            first=pl.struct(pl.all()).sort_by("seq").first(),
        )
        .join(
            hands.select("file_id", pl.col("line").alias("hand_line")),
            on=["file_id", "hand_line"],
            how="anti",
        )
    )
    firsts = store.scan("hands").filter("first_sighting").select("site", "hand_id", "encoding", "text")
    others = (
        groups.with_columns(pl.col("first").struct.field("site"), pl.col("first").struct.field("hand_id"))
        .join(firsts, on=["site", "hand_id"], how="left")
        .select("file_id", "hand_line", "copy", "first", "encoding", "text")
    )
    stored = hands.select(
        "file_id",
        pl.col("line").alias("hand_line"),
        pl.lit(False).alias("copy"),
        pl.lit(None).alias("first"),
        "encoding",
        "text",
        "file",
    )
    return (
        pl.concat(
            [stored, others.with_columns(file=pl.col("first").struct.field("file"))], how="diagonal_relaxed"
        )
        .sort("file_id", "hand_line")
        .collect()
    )


def stored_reports(
    store: Store,
    profile: str,
    open_pair_double: bool,
    select: set[str] | None = None,
    ignore: set[str] | None = None,
    jobs: int = 0,
) -> tuple[AuditSummary | None, Iterator[HandReport]]:
    """What ``audit --store`` reports: the stored violations when asked for the profile the import
    used (the summary comes with them), else a new audit of the stored texts (every hand's report:
    count them)."""
    manifest = store.manifest
    if (profile, open_pair_double) == (manifest.profile, manifest.open_pair_double):
        audit = stored_audit(store, select, ignore)
        return audit.summary, audit.reports
    return None, reaudited_reports(store, profile, open_pair_double, select, ignore, jobs)
