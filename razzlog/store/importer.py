"""``razzlog import``: parse, replay and audit each hand once, and keep the result.

The import runs the audit's own pipeline (the blocks of :mod:`razzlog.blocks`,
the workers of :mod:`razzlog.parallel`, the cross-hand checks in input order)
over the bytes it has not read before, and writes what it finds as new
segments; it commits by replacing the manifest, so it adds all of its rows or
none (:mod:`razzlog.store.manifest`).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl

from razzlog.blocks import blocks_of_range
from razzlog.parallel import CHUNK_SIZE, Task, cpu_jobs, in_tasks, ordered_results
from razzlog.rules.engine import CrossHandChecks, sort_by_line
from razzlog.sources import STDIN, ReadProgress, iter_files
from razzlog.store import carry
from razzlog.store.manifest import Manifest, StoreError, collect_garbage, commit, locked, read_manifest
from razzlog.store.plan import GROWN, REPLACED, FilePlan, plan_file
from razzlog.store.rows import NO_ROWS, PARSED, ImportedChunk, ImportWork, Record, import_chunk
from razzlog.store.schema import conform, empty
from razzlog.store.segments import PART_HANDS, SEGMENT_HANDS, SegmentWriter, compacted
from razzlog.store.tables import duplicate_sources, seen_hands
from razzlog.violations import Severity, Violation

UNPARSED_RULES = ("parse-error", "truncated-hand", "unknown-format")


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
    not_parsed: int = 0  # hands with a parse-error or truncated-hand (or of another game)
    violations: Counter[str] = field(default_factory=Counter)  # per rule
    worst: Severity | None = None
    problems: list[Violation] = field(default_factory=list)  # inputs that could not be read
    hands_in_store: int = 0
    generation: int = 0

    def exit_code(self, fail_on: str = "error") -> int:
        if self.problems:
            return 2
        if self.worst is None or fail_on == "never":
            return 0
        return 1 if self.worst.level >= Severity(fail_on).level else 0


def import_paths(
    paths: Iterable[str],
    root: Path,
    *,
    profile: str | None = None,
    open_pair_double: bool | None = None,
    jobs: int = 1,
    progress: Callable[[Iterator[ImportedChunk], ReadProgress], Iterator[ImportedChunk]] | None = None,
    on_wait: Callable[[str], None] | None = None,
    segment_hands: int | None = None,
) -> ImportResult:
    """Import ``paths`` (files and folders) into the store at ``root``, creating it if need be.

    ``profile``/``open_pair_double`` default to the store's (``auto`` for a new
    store); StoreError if they differ from the profile its violations were
    found under.  ``progress`` wraps the stream of chunks (a progress bar).
    ``segment_hands``: hands per segment (default ``RAZZLOG_SEGMENT_HANDS`` or
    :data:`~razzlog.store.segments.SEGMENT_HANDS`).
    """
    if segment_hands is None:
        segment_hands = int(os.environ.get("RAZZLOG_SEGMENT_HANDS") or SEGMENT_HANDS)
    paths = list(paths)
    if STDIN in paths:
        raise StoreError("import reads files, not standard input: save it to a file first")
    with locked(root, on_wait):
        manifest = read_manifest(root) or Manifest(
            profile=profile or "auto", open_pair_double=bool(open_pair_double)
        )
        _check_profile(manifest, profile, open_pair_double)
        collect_garbage(root, manifest if manifest.generation else None)
        run = _Import(root, manifest, segment_hands)
        run.plan(paths)
        if not run.changes():  # every file unchanged: nothing to write, no new generation
            run.result.hands_in_store = sum(s.hands for s in manifest.segments)
            run.result.generation = manifest.generation
            return run.result
        run.read(jobs, progress)
        result = run.commit()
        collect_garbage(root, run.manifest)
        return result


def _check_profile(manifest: Manifest, profile: str | None, open_pair_double: bool | None) -> None:
    asked = (
        profile or manifest.profile,
        manifest.open_pair_double if open_pair_double is None else open_pair_double,
    )
    if asked != (manifest.profile, manifest.open_pair_double):
        double = " with --open-pair-double" if manifest.open_pair_double else ""
        raise StoreError(
            f"this store's violations were found under profile '{manifest.profile}'{double}; "
            "import into another store to use another profile"
        )


class _Import:
    def __init__(self, root: Path, manifest: Manifest, segment_hands: int) -> None:
        self.root = root
        self.manifest = manifest
        self.generation = manifest.generation + 1
        self.writer = SegmentWriter(root, self.generation)
        self.segment_hands = segment_hands
        self.result = ImportResult(root, generation=self.generation)
        self.old_files = (
            pl.read_parquet(root / manifest.files) if manifest.files is not None else empty("files")
        )
        self.by_real_path: dict[str, dict[str, Any]] = {
            row["real_path"]: row for row in self.old_files.iter_rows(named=True)
        }
        self.plans: list[FilePlan] = []
        self.next_file_id = manifest.next_file_id
        self.next_hand_key = manifest.next_hand_key
        self.segments = list(manifest.segments)
        self.new_segments: list[Any] = []
        self.buffer: dict[str, list[pl.DataFrame]] = {
            t: [] for t in ("hands", "player_hands", "actions", "violations")
        }
        self.buffered_hands = 0
        self.files_done: dict[int, dict[str, Any]] = {}
        self.cross = CrossHandChecks()

    # ------------------------------------------------------------------ planning

    def plan(self, paths: list[str]) -> None:
        seen: set[str] = set()
        for item in iter_files(paths):
            if isinstance(item, Violation):
                self.result.problems.append(item)
                continue
            real = os.path.realpath(item)
            if real in seen:
                continue
            seen.add(real)
            old = self.by_real_path.get(real)
            file_id = int(old["file_id"]) if old is not None else self.next_file_id
            try:
                plan = plan_file(item, file_id, old)
            except OSError as exc:
                from razzlog.sources import read_error

                self.result.problems.append(read_error(item, 0, exc))
                continue
            if old is None:
                self.next_file_id += 1
            self.plans.append(plan)
        replaced = {p.file_id for p in self.plans if p.status == REPLACED}
        for plan in self._cascade(replaced):
            self.plans.append(plan)
        self.plans.sort(key=lambda p: p.file_id)
        for p in self.plans:
            self.result.files[p.status] += 1

    def _cascade(self, replaced: set[int]) -> list[FilePlan]:
        """Files read again because a replaced file held the first copy of one of their hands."""
        out: list[FilePlan] = []
        planned = {p.file_id for p in self.plans}
        while replaced:
            sources = duplicate_sources(self.root, self.manifest, replaced) - planned
            replaced = set()
            for file_id in sorted(sources):
                row = self.old_files.filter(pl.col("file_id") == file_id).row(0, named=True)
                try:
                    plan = plan_file(row["real_path"], file_id, None)
                except OSError:
                    continue  # gone from disk: its rows stay as they are
                out.append(replace(plan, name=row["path"], status=REPLACED, old=row))
                planned.add(file_id)
                replaced.add(file_id)
        return out

    def changes(self) -> bool:
        """Whether the import has anything to write (a file to read, or a file's new fingerprint)."""
        return any(p.fingerprint is not None for p in self.plans)

    # ------------------------------------------------------------------ reading

    def read(self, jobs: int, progress: Any) -> None:
        reading = [p for p in self.plans if p.reads]
        dropped = {p.file_id for p in reading if p.status == REPLACED}
        if dropped:
            self._drop_files(dropped)
        if not reading:
            return
        self.cross.seen = seen_hands(self.root, self.segments)
        for p in reading:
            if p.status == GROWN and p.old is not None:
                carry.restore(self.cross, p.old["carry"])
        for p in reading:
            self.files_done[p.file_id] = _file_counts(p)
        total = ReadProgress(sum(p.bytes_to_read for p in reading))
        chunks = self._chunks(reading, cpu_jobs(jobs), total)
        if progress is not None:
            chunks = progress(chunks, total)
        name_to_id = {p.name: p.file_id for p in reading}
        for chunk in chunks:
            self._take(chunk, name_to_id)
        self._flush(last=True)

    def _chunks(self, plans: list[FilePlan], jobs: int, total: ReadProgress) -> Iterator[ImportedChunk]:
        def tasks() -> Iterator[Task]:
            for p in plans:
                assert p.fingerprint is not None
                blocks = blocks_of_range(
                    p.path, p.name, p.offset, p.fingerprint.size, p.first_line, p.mode, progress=total
                )
                yield from in_tasks(blocks, CHUNK_SIZE)

        profile, double = self.manifest.profile, self.manifest.open_pair_double
        if jobs == 1:
            for task in tasks():
                yield import_chunk(task, profile, double)
            return
        # spawned: the workers use polars, which a fork of a process that used it cannot
        for results in ordered_results(tasks(), ImportWork(profile, double), jobs, None, "spawn"):
            yield from results

    def _take(self, chunk: ImportedChunk, name_to_id: dict[str, int]) -> None:
        rows: list[int] = []
        keys: list[int] = []
        first: list[bool] = []
        violations: list[tuple[Any, ...]] = []
        for record in chunk.records:
            file_id = name_to_id[record.file]
            counts = self.files_done[file_id]
            found = self._found(record)
            is_hand = record.kind == PARSED or (bool(found) and found[0].hand_id is not None)
            counts["hands"] += is_hand
            counts["last_unparsed"] = record.kind != PARSED
            self.result.hands_read += is_hand
            if record.kind == PARSED:
                counts["hands_parsed"] += 1
                self.result.hands_parsed += 1
                dup = next((v for v in found if v.rule == "duplicate-hand"), None)
                if dup is not None and dup.severity is Severity.WARNING:
                    self.result.identical += 1
                elif record.row != NO_ROWS:
                    self.result.conflicting += dup is not None
                    rows.append(record.row)
                    keys.append(self.next_hand_key)
                    first.append(dup is None)
                    self.next_hand_key += 1
                    counts["hands_stored"] += 1
                    self.result.hands_added += 1
            else:
                self.result.not_parsed += is_hand
            for seq, v in enumerate(found):
                violations.append(_violation_row(v, file_id, record.line, seq))
                self.result.violations[v.rule] += 1
                if self.result.worst is None or v.severity.level > self.result.worst.level:
                    self.result.worst = v.severity
            counts["violations"] += len(found)
        self._buffer(chunk, rows, keys, first, violations, name_to_id)

    def _found(self, record: Record) -> list[Violation]:
        if record.kind != PARSED:
            return [record.item]
        found = list(record.found)
        found.extend(self.cross.check_facts(record.facts))
        sort_by_line(found)
        return found

    def _buffer(
        self,
        chunk: ImportedChunk,
        rows: list[int],
        keys: list[int],
        first: list[bool],
        violations: list[tuple[Any, ...]],
        name_to_id: dict[str, int],
    ) -> None:
        if rows:
            index = pl.DataFrame(
                {"hand_idx": rows, "hand_key": keys, "first_sighting": first},
                schema={"hand_idx": pl.UInt32(), "hand_key": pl.Int64(), "first_sighting": pl.Boolean()},
            )
            hands = chunk.hands.join(index, on="hand_idx", how="inner").with_columns(
                file_id=pl.col("file").cast(pl.String).replace_strict(name_to_id, return_dtype=pl.Int32)
            )
            self.buffer["hands"].append(conform(hands, "hands"))
            for table, frame in (("player_hands", chunk.players), ("actions", chunk.actions)):
                joined = frame.join(index.select("hand_idx", "hand_key"), on="hand_idx", how="inner")
                self.buffer[table].append(conform(joined, table))
            self.buffered_hands += len(rows)
        if violations:
            frame = pl.DataFrame(violations, schema=VIOLATION_COLUMNS, orient="row")
            self.buffer["violations"].append(conform(frame, "violations"))
        if self.buffered_hands >= min(PART_HANDS, self.segment_hands):
            self._flush()

    def _flush(self, last: bool = False) -> None:
        """Write the rows held so far as a part of the segment, and close the segment when it is full
        (or ``last``)."""
        if any(self.buffer.values()):
            frames = {
                t: pl.concat(parts, how="vertical_relaxed") if parts else empty(t)
                for t, parts in self.buffer.items()
            }
            self.writer.add(frames)
            self.buffer = {t: [] for t in self.buffer}
            self.buffered_hands = 0
        if last or self.writer.hands >= self.segment_hands:
            segment = self.writer.close()
            if segment is not None:
                self.segments.append(segment)

    def _drop_files(self, file_ids: set[int]) -> None:
        kept = []
        for segment in self.segments:
            if file_ids & set(segment.file_ids):
                rewritten = self.writer.without_files(segment, file_ids)
                if rewritten is not None:
                    kept.append(rewritten)
            else:
                kept.append(segment)
        self.segments = kept

    # ------------------------------------------------------------------ commit

    def commit(self) -> ImportResult:
        segments = compacted(self.writer, self.segments)
        files = self._files_table()
        files_path = f"files/g{self.generation:06d}.parquet"
        from razzlog.store.segments import write_parquet

        write_parquet(files, self.root / files_path)
        self.manifest = replace(
            self.manifest,
            generation=self.generation,
            next_hand_key=self.next_hand_key,
            next_file_id=self.next_file_id,
            segments=tuple(segments),
            files=files_path,
        )
        commit(self.root, self.manifest)
        self.result.hands_in_store = sum(s.hands for s in segments)
        return self.result

    def _files_table(self) -> pl.DataFrame:
        now = datetime.now(UTC)
        rows: dict[int, dict[str, Any]] = {int(r["file_id"]): r for r in self.old_files.iter_rows(named=True)}
        for p in self.plans:
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
                counts = self.files_done[p.file_id]
                row.update(counts, imported_at=now, generation=self.generation)
                row["carry"] = carry.saved(self.cross, p.name)
            rows[p.file_id] = row
        if not rows:
            return empty("files")
        frame = pl.DataFrame(list(rows.values()), schema_overrides=dict(empty("files").schema), strict=False)
        return conform(frame, "files").sort("file_id")


def _file_counts(plan: FilePlan) -> dict[str, Any]:
    """A read file's counts: from zero, or from its stored ones when only its new bytes are read."""
    names = ("hands", "hands_parsed", "hands_stored", "violations")
    if plan.status == GROWN and plan.old is not None:
        counts: dict[str, Any] = {n: int(plan.old[n]) for n in names}
    else:
        counts = dict.fromkeys(names, 0)
    counts["last_unparsed"] = (
        False if plan.status != GROWN or plan.old is None else bool(plan.old["last_unparsed"])
    )
    return counts


VIOLATION_COLUMNS = (
    "file_id", "hand_line", "seq", "file", "line", "column", "site", "hand_id",
    "rule", "code", "severity", "player", "street", "message",
)  # fmt: skip


def _violation_row(v: Violation, file_id: int, hand_line: int, seq: int) -> tuple[Any, ...]:
    return (
        file_id, hand_line, seq, v.file, v.line, v.column, v.site, v.hand_id,
        v.rule, v.code, v.severity.value, v.player, v.street, v.message,
    )  # fmt: skip
