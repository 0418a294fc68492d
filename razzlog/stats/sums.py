"""Sums per group: parts merged, and their figures a part of the players at a time.

:func:`merged` adds up the sums of parts of the rows (:class:`razzlog.stats.stream.StatsAccumulator`),
in Int64 where no sum can overflow it (:func:`int64_sums_fit`).

``razzlog stats --store`` adds up the segments' totals (:mod:`razzlog.store.totals`): some
30,000 rows of 66 sums a segment, 158,000 rows (57 MB) for a million hands' 156,000 groups
of a player and a currency.  Their figures in one query held at once the sums, the group-by's
sum of each (~80 MB), the figures (62 MB) and their sorted copy (62 MB): some 300 MB live,
and 400-540 MB with the pages polars' allocator keeps a while after they are freed.  Here
the sums are split by player into :data:`PARTS` parts a frame at a time (a player's rows, so
each group's, all in one part), each part's figures are made and its sums let go, and the
figures are sorted a column at a time, each column let go once sorted.

The figures are the same, in the same order: a group's figures are of its own rows, every
part's sums are of the one schema the frames would be put together in, and the sort's keys
tell every row apart (the group keys are among them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import polars as pl

from razzlog.stats.definitions import MONEY_SUMMANDS, units
from razzlog.stats.report import check_sort, default_sort, sort_rows, unsorted_stats

PARTS = 4  # parts of the players: each part's group-by holds a quarter of the sums' sums


def parted(keys: Sequence[str]) -> bool:
    """Whether the figures grouped by ``keys`` can be made a part of the players at a time: each
    group one player's."""
    return "player" in keys


def split_by_player(frames: list[pl.DataFrame], parts: int = PARTS) -> list[list[pl.DataFrame]]:
    """The rows of ``frames`` (sums with a ``player`` column) in ``parts`` parts by player, each a
    frame of each of ``frames`` in their common schema (``pl.concat(how="vertical_relaxed")``'s).
    ``frames`` is emptied a frame at a time, so that each frame is let go once split."""
    schema = pl.concat([f.clear() for f in frames], how="vertical_relaxed").schema
    out: list[list[pl.DataFrame]] = [[] for _ in range(parts)]
    while frames:
        frame = frames.pop(0).cast(schema)  # the same player hashes alike in every frame
        part = frame.select(pl.col("player").hash() % parts).to_series()
        for n, frames_of_part in enumerate(out):
            frames_of_part.append(frame.filter(part == n))
    return out


def stats_of_parts(
    parts: list[list[pl.DataFrame]], keys: list[str], min_hands: int = 1, sort: str | None = None
) -> tuple[pl.DataFrame, int, pl.DataFrame]:
    """:func:`~razzlog.stats.report.stats_of_rows` of the sums of :func:`split_by_player`'s
    parts (``player`` among ``keys``), how many players they hold, and each player's
    ``dealt_hole`` (the hero's count).  ``parts`` is emptied a part at a time."""
    if not parted(keys):
        raise ValueError(f"the figures by {keys} are not each one player's")
    figures: list[pl.DataFrame] = []
    dealt: list[pl.DataFrame] = []
    players = 0
    while parts:
        sums = pl.concat(parts.pop(0), how="vertical")
        counts = sums.lazy().group_by("player").agg(pl.col("dealt_hole").sum()).collect()
        players += counts.height
        dealt.append(counts)
        figures.append(unsorted_stats(sums.lazy(), keys, min_hands).collect())
        del sums
    columns = pl.concat(figures, how="vertical").get_columns()
    figures.clear()
    return _sorted_by_columns(columns, default_sort(sort, keys), keys), players, pl.concat(dealt)


def _sorted_by_columns(columns: list[pl.Series], sort: str, keys: Sequence[str]) -> pl.DataFrame:
    """The frame of ``columns`` sorted as :func:`~razzlog.stats.report.sort_rows` sorts it, made a
    column at a time: each column gathered in the sorted order, then let go (``columns`` is
    emptied), so that the frame is not held twice."""
    names = [c.name for c in columns]
    column, _ = check_sort(sort, names)
    by = list(dict.fromkeys([column, *keys]))
    index = "index"
    while index in names:
        index += "'"
    narrow = pl.DataFrame([c for c in columns if c.name in by]).with_row_index(index)
    order = sort_rows(narrow, sort, keys)[index]
    del narrow
    out = []
    while columns:  # a column of the parts' chunks made one first: gathering across chunks took twice as long
        out.append(columns.pop(0).rechunk().gather(order))
    return pl.DataFrame(out)


def int64_sums_fit(
    players: pl.DataFrame, columns: Iterable[str] = ("net", "rake_paid", "prize", "entry_cost")
) -> bool:
    """Whether the amounts of these rows (whole units; ``entry_cost``: added up once per finished
    tournament) add up within Int64 whatever rows a group holds: the largest amount times the
    number of rows is below 2**63."""
    amounts = [c for c in columns if c in players.columns]
    if not players.height or not amounts:
        return True
    bounds = players.select(
        e for c in amounts for e in (units(c).min().alias(f"{c} min"), units(c).max().alias(f"{c} max"))
    ).row(0)
    largest = max((abs(int(b)) for b in bounds if b is not None), default=0)
    return largest * players.height < 2**63


def merged(
    sums: pl.DataFrame | None, parts: list[pl.DataFrame], keys: list[str], values: list[str]
) -> pl.DataFrame:
    """``sums`` and ``parts`` added up by ``keys`` (amounts summed in Int64 stay so only where
    their sums cannot overflow it: see :func:`int64_sums_fit`)."""
    frames = parts if sums is None else [sums, *parts]
    if len(frames) == 1:
        return frames[0]
    both = pl.concat(frames, how="vertical_relaxed")
    wide = [v for v in values if v in MONEY_SUMMANDS and both.schema[v] == pl.Int64]
    if wide and not int64_sums_fit(both, wide):
        both = both.with_columns(pl.col(wide).cast(pl.Int128))
    return both.group_by(keys).agg(pl.col(v).sum() for v in values)
