"""``razzlog import``: parse, replay and audit each hand once, and keep the result.

The import runs the audit's own pipeline (the blocks of :mod:`razzlog.blocks`,
the workers of :mod:`razzlog.parallel`, the cross-hand checks in input order)
over the bytes it has not read before, and writes what it finds as new
segments; it commits by replacing the manifest, so it adds all of its rows or
none (:mod:`razzlog.store.manifest`).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import polars as pl

from razzlog.blocks import HandBlock, blocks_of_range
from razzlog.collecting import Frozen
from razzlog.events import count_game
from razzlog.pool import CHUNK_SIZE, Task, cpu_jobs, fresh_start, in_tasks, ordered_results
from razzlog.rules.engine import CrossHandChecks, sort_by_line
from razzlog.sources import STDIN, RawHand, ReadProgress, iter_input_files, read_error
from razzlog.store import carry, totals
from razzlog.store.files import files_table, starting_counts, violation_row
from razzlog.store.manifest import (
    Manifest,
    StoreError,
    check_profile,
    collect_garbage,
    commit,
    locked,
    read_manifest,
)
from razzlog.store.part import PartBuffer
from razzlog.store.plan import GROWN, REPLACED, FilePlan, plan_file, storable
from razzlog.store.result import ImportResult
from razzlog.store.rows import NO_ROWS, OTHER_GAME, PARSED, ImportedChunk, ImportWork, Record, import_chunk
from razzlog.store.schema import empty
from razzlog.store.segments import PART_HANDS, SEGMENT_HANDS, SegmentWriter, compacted, write_parquet
from razzlog.store.spool import PartSpool
from razzlog.store.tables import StoredIds, duplicate_sources
from razzlog.violations import Severity, Violation


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
    :data:`~razzlog.store.segments.SEGMENT_HANDS`).  With ``jobs`` above 1 the
    workers are not forks of this process (they use polars: see
    :func:`razzlog.pool.fresh_start`) and import the caller's main module, so a
    script must guard its top level with ``if __name__ == "__main__":``.
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
        check_profile(manifest, profile, open_pair_double)
        collect_garbage(root, manifest if manifest.generation else None)
        again: set[int] = set()
        while True:
            run = _Import(root, manifest, segment_hands, again)
            run.plan(paths)
            if not run.changes():  # every file unchanged: nothing to write, no new generation
                manifest = _with_totals(root, manifest)  # (but the totals an older razzlog left out)
                run.result.hands_in_store = sum(s.hands for s in manifest.segments)
                run.result.generation = manifest.generation
                return run.result
            run.read(jobs, progress)
            if not run.inverted - again:
                break
            # A hand read now repeats one stored from a file that comes later: in file order this
            # one is the first copy. Read those files again after it (nothing is committed yet).
            again |= run.inverted
        result = run.commit()
        collect_garbage(root, run.manifest)
        return result


def _with_totals(root: Path, manifest: Manifest) -> Manifest:
    """``manifest``, committed with totals for the segments it names without them (a store an
    older razzlog wrote): the import's one change when every file is unchanged."""
    if all(totals.current(s) for s in manifest.segments):
        return manifest
    upgraded = replace(
        manifest,
        generation=manifest.generation + 1,
        segments=tuple(totals.completed(root, manifest.segments)),
    )
    commit(root, upgraded)
    collect_garbage(root, upgraded)
    return upgraded


class _Import:
    def __init__(
        self, root: Path, manifest: Manifest, segment_hands: int, again: set[int] | None = None
    ) -> None:
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
        self.part = PartBuffer()  # the rows read and not yet handed to the spool
        self.spool: PartSpool | None = None  # writes the parts, while reading
        self.files_done: dict[int, dict[str, Any]] = {}
        self.cross = CrossHandChecks()
        self.stored: StoredIds | None = None  # the stored ids, until a hand may repeat one
        self.failed: set[int] = set()  # files that could not be read after all
        self.task_files: deque[int] = deque()  # the file of each task sent and not yet taken
        self.again = set(again or ())  # stored files to read again whole (see import_paths)
        self.inverted: set[int] = set()  # later stored files whose hands a hand read now repeats
        self.file_ids_by_name: dict[str, list[int]] = {}
        for row in self.old_files.select("path", "file_id").iter_rows():
            self.file_ids_by_name.setdefault(row[0], []).append(int(row[1]))

    # ------------------------------------------------------------------ planning

    def plan(self, paths: list[str]) -> None:
        seen: set[str] = set()
        for found in iter_input_files(paths):
            if isinstance(found, Violation):
                self.result.problems.append(found)
                continue
            item, in_folder = found
            real = storable(os.path.realpath(item))
            if real in seen:
                continue
            seen.add(real)
            old = self.by_real_path.get(real)
            file_id = int(old["file_id"]) if old is not None else self.next_file_id
            try:
                plan = replace(plan_file(item, file_id, old), in_folder=in_folder)
            except OSError as exc:
                self.result.problems.append(read_error(item, 0, exc))
                continue
            if old is None:
                self.next_file_id += 1
            self.plans.append(plan)
        replaced = {p.file_id for p in self.plans if p.status == REPLACED}
        again = {plan.file_id: plan for plan in self._reread(self.again)}
        replaced |= set(again)
        again |= {plan.file_id: plan for plan in self._cascade(replaced, set(again))}
        self.plans = [again.pop(p.file_id, p) for p in self.plans] + list(again.values())
        self.plans.sort(key=lambda p: p.file_id)
        for p in self.plans:
            self.result.files[p.status] += 1

    def _cascade(self, replaced: set[int], planned_again: set[int]) -> list[FilePlan]:
        """Files read again whole because a replaced file held the first copy of one of their hands
        (those planned as unchanged or grown too)."""
        out: list[FilePlan] = []
        planned = {p.file_id for p in self.plans if p.status == REPLACED or p.old is None} | planned_again
        while replaced:
            sources = duplicate_sources(self.root, self.manifest, replaced) - planned
            found = self._reread(sources)
            out.extend(found)
            replaced = {plan.file_id for plan in found}
            planned |= replaced
        return out

    def _reread(self, file_ids: set[int]) -> list[FilePlan]:
        """Stored files to be read again whole (those gone from disk keep their rows)."""
        out: list[FilePlan] = []
        for file_id in sorted(file_ids):
            row = self.old_files.filter(pl.col("file_id") == file_id).row(0, named=True)
            try:
                plan = plan_file(row["real_path"], file_id, None)
            except OSError:
                continue
            out.append(replace(plan, name=row["path"], status=REPLACED, old=row))
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
        self.stored = StoredIds(self.root, self.segments)
        for p in reading:
            if p.status == GROWN and p.old is not None:
                carry.restore(self.cross, p.old["carry"])
        for p in reading:
            self.files_done[p.file_id] = starting_counts(p)
        total = ReadProgress(sum(p.bytes_to_read for p in reading))
        chunks = self._chunks(reading, cpu_jobs(jobs), total)
        if progress is not None:
            chunks = progress(chunks, total)
        frozen = Frozen()
        self.spool = PartSpool(self.writer, self.segment_hands)
        try:
            for chunk in chunks:
                self._take(chunk, self.task_files.popleft())
                frozen.freeze_once()  # the modules a first chunk loads (parser, rules) are loaded
            self._flush(last=True)
            self.segments.extend(self.spool.finish())
        except BaseException:
            self.spool.abandon()
            raise
        finally:
            frozen.thaw()

    def _chunks(self, plans: list[FilePlan], jobs: int, total: ReadProgress) -> Iterator[ImportedChunk]:
        def tasks() -> Iterator[Task]:
            for p in plans:
                for task in in_tasks(self._blocks(p, total), CHUNK_SIZE):
                    self.task_files.append(p.file_id)  # a task holds one file's hands: its results too
                    yield task

        profile, double = self.manifest.profile, self.manifest.open_pair_double
        if jobs == 1:
            for task in tasks():
                yield import_chunk(task, profile, double)
            return
        # not forks of this process: the workers use polars, which a fork of a process that used it cannot
        for results in ordered_results(tasks(), ImportWork(profile, double), jobs, None, fresh_start()):
            yield from results

    def _blocks(self, plan: FilePlan, total: ReadProgress) -> Iterator[HandBlock | RawHand | Violation]:
        """The file's blocks; a file gone or unreadable since it was planned is left as it was."""
        assert plan.fingerprint is not None
        try:
            yield from blocks_of_range(
                plan.path,
                plan.name,
                plan.offset,
                plan.fingerprint.size,
                plan.first_line,
                plan.mode,
                progress=total,
                in_folder=plan.in_folder,
            )
        except OSError as exc:
            self.failed.add(plan.file_id)
            self.result.problems.append(read_error(plan.path, 0, exc))

    def _take(self, chunk: ImportedChunk, file_id: int) -> None:
        if self.stored is not None:
            ids = [(r.keys[0], r.keys[1]) for r in chunk.records if r.kind == PARSED]  # (site, hand id)
            if self.stored.may_hold(ids):  # a hand seen before: the check needs the stored ones
                self.stored.load_into(self.cross.seen)
                self.stored = None
        rows: list[int] = []
        keys: list[int] = []
        first: list[bool] = []
        violations: list[tuple[Any, ...]] = []
        counts = self.files_done[file_id]
        check_keys = self.cross.check_keys
        clean = 0  # parsed hands stored without a violation, counted once after the loop
        for record in chunk.records:
            if record.kind == PARSED and not record.found and record.row != NO_ROWS:
                more = check_keys(record.keys)
                if not more:  # most hands: what the general path below does for them, in short
                    rows.append(record.row)
                    keys.append(self.next_hand_key)
                    first.append(True)
                    self.next_hand_key += 1
                    counts["last_unparsed"] = False
                    clean += 1
                    continue
                found = more
                sort_by_line(found)
            elif record.kind == OTHER_GAME:  # counted, as audit counts it: no row, no violation
                counts["hands"] += 1
                counts["last_unparsed"] = False
                count_game(counts["other_games"], record.item.game)
                self.result.hands_read += 1
                count_game(self.result.other_games, record.item.game)
                continue
            else:
                found = self._found(record)
            # as razzlog.api.AuditSummary counts: a hand header, whatever became of it
            is_hand = record.kind == PARSED or (
                bool(found) and (found[0].hand_id is not None or found[0].site is not None)
            )
            counts["hands"] += is_hand
            counts["last_unparsed"] = record.kind != PARSED
            self.result.hands_read += is_hand
            if record.kind == PARSED:
                counts["hands_parsed"] += 1
                self.result.hands_parsed += 1
                dup = next((v for v in found if v.rule == "duplicate-hand"), None)
                if dup is not None:
                    self._note_inversion(record, file_id)
                if dup is not None and dup.severity is Severity.WARNING:
                    self.result.identical += 1
                elif record.row == NO_ROWS:
                    self.result.unstorable += 1
                else:
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
                violations.append(violation_row(v, file_id, record.line, seq))
                self.result.violations[v.rule] += 1
                if self.result.worst is None or v.severity.level > self.result.worst.level:
                    self.result.worst = v.severity
            counts["violations"] += len(found)
        for name in ("hands", "hands_parsed", "hands_stored"):
            counts[name] += clean
        self.result.hands_read += clean
        self.result.hands_parsed += clean
        self.result.hands_added += clean
        self.part.add(chunk, rows, keys, first, violations, file_id)
        if self.part.hands >= min(PART_HANDS, self.segment_hands):
            self._flush()

    def _note_inversion(self, record: Record, file_id: int) -> None:
        """Note the stored file whose hand this one repeats if that file comes after this one and is
        not being read now: in file order this hand is the first copy (see import_paths)."""
        first = self.cross.seen.first(record.keys[0], record.keys[1])  # (site, hand id)
        if first is None:
            return
        reading = {p.file_id for p in self.plans if p.reads}
        for earlier in self.file_ids_by_name.get(first[1], []):
            if earlier > file_id and earlier not in reading:
                self.inverted.add(earlier)

    def _found(self, record: Record) -> list[Violation]:
        if record.kind != PARSED:
            return [record.item]
        found = list(record.found)
        found.extend(self.cross.check_keys(record.keys))
        sort_by_line(found)
        return found

    def _flush(self, last: bool = False) -> None:
        """Hand the rows held so far to the spool, as a part of the segment (closed when full, or
        ``last``)."""
        assert self.spool is not None
        self.spool.put(self.part, last)
        self.part = PartBuffer()

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
        # the segments an older razzlog wrote get their totals (those written now have them)
        segments = totals.completed(self.root, compacted(self.writer, self.segments))
        read = [p for p in self.plans if p.file_id not in self.failed]
        # a file whose rows were dropped to be read again, and then could not be: it is no
        # longer in the store (the next import reads it as new)
        gone = [p.file_id for p in self.plans if p.file_id in self.failed and p.status == REPLACED]
        old_files = self.old_files.filter(~pl.col("file_id").is_in(gone))
        files = files_table(old_files, read, self.files_done, self.cross, self.generation)
        files_path = f"files/g{self.generation:06d}.parquet"
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
