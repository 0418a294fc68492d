"""razzlog.stats.sums: the figures of sums made a part of the players at a time are those of
all the sums at once, row for row and in the same order."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from razzlog.generate.stream import generate_text
from razzlog.stats.chunks import table_chunks
from razzlog.stats.definitions import MONEY_SUMMANDS
from razzlog.stats.report import group_keys, stats_of_rows
from razzlog.stats.stream import StatsAccumulator
from razzlog.stats.sums import parted, split_by_player, stats_of_parts


@pytest.fixture(scope="module")
def sums(tmp_path_factory: pytest.TempPathFactory) -> list[pl.DataFrame]:
    """The sums per player and currency of three runs of generated hands (the same players in
    each), the last one's amounts as Int128 (as a segment's totals are read), the others' Int64."""
    folder = tmp_path_factory.mktemp("stats-sums")
    frames = []
    for seed in range(3):
        path = Path(folder / f"{seed}.txt")
        path.write_text(generate_text(20261202 + seed, 150), encoding="utf-8")
        accumulator = StatsAccumulator(group_keys("player,currency"))
        for chunk in table_chunks([str(path)], 1, detail=False):
            accumulator.add_chunk(chunk)
        totals = accumulator.totals()
        assert totals is not None
        frames.append(totals)
    money = [c for c in MONEY_SUMMANDS if c in frames[0].columns]
    frames[2] = frames[2].with_columns(pl.col(money).cast(pl.Int128))
    assert frames[0].schema != frames[2].schema
    return frames


@pytest.mark.parametrize("parts", [1, 2, 3, 7])
@pytest.mark.parametrize("sort", [None, "vpip", "player:desc", "net:asc", "af_3rd"])
def test_parts_give_the_figures_of_all_the_sums(
    sums: list[pl.DataFrame], parts: int, sort: str | None
) -> None:
    both = pl.concat(sums, how="vertical_relaxed")
    # players in several runs: their rows are added up across the frames
    assert both["player"].n_unique() < both.height
    heights = []
    for min_hands in (1, 30):
        keys = group_keys("player,currency")
        expected = stats_of_rows(both.lazy(), keys, min_hands, sort)
        frame, players, dealt = stats_of_parts(split_by_player(list(sums), parts), keys, min_hands, sort)
        assert frame.equals(expected) and frame.schema == expected.schema
        assert players == both["player"].n_unique()
        counts = both.group_by("player").agg(pl.col("dealt_hole").sum())
        assert dealt.sort("player").equals(counts.sort("player"))
        heights.append(frame.height)
    assert 0 < heights[1] < heights[0]  # min_hands 30 left some groups out


def test_each_player_is_in_one_part(sums: list[pl.DataFrame]) -> None:
    frames = list(sums)
    split = split_by_player(frames, 3)
    assert frames == []  # each frame let go once split
    assert [len(p) for p in split] == [len(sums)] * 3
    players = [set(pl.concat(p, how="vertical")["player"]) for p in split]
    assert sum(len(p) for p in players) == len(set().union(*players))
    assert all(f.schema == split[0][0].schema for p in split for f in p)  # the frames' common one
    assert sum(f.height for p in split for f in p) == sum(f.height for f in sums)


def test_only_groups_of_one_player_are_made_in_parts(sums: list[pl.DataFrame]) -> None:
    assert parted(["player", "currency"]) and parted(["site", "player"])
    assert not parted(["site"]) and not parted(["month", "currency"])
    with pytest.raises(ValueError):
        stats_of_parts(split_by_player(list(sums)), ["currency"])
