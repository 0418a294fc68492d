"""razzlog.stats.stream: statistics added up while reading give what the tables give.

The input is the corpus of tests/test_stats_parallel.py: generated hands with
injected violations, the real samples, hands that do not parse, another game,
files without hands, a missing file and hands read twice.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from razzlog.api import parse_paths
from razzlog.stats import Tables, build_tables, low_distribution, player_stats, table_chunks
from razzlog.stats.chunks import TableChunk
from razzlog.stats.report import group_keys, selection_size, sort_rows
from razzlog.stats.stream import StatsAccumulator, StatsReport, report_stats, streamable
from tests.test_stats_parallel import corpus  # noqa: F401 - the module fixture

CHUNK_SIZES = (1, 37)


@pytest.fixture(scope="module")
def tables(corpus: list[str]) -> Tables:  # noqa: F811
    return build_tables(parse_paths(corpus), detail=False)


@pytest.fixture(scope="module")
def chunks(corpus: list[str]) -> dict[int, list[TableChunk]]:  # noqa: F811
    return {size: list(table_chunks(corpus, 1, detail=False, chunk_size=size)) for size in CHUNK_SIZES}


def _streamed(
    chunks: list[TableChunk], by: str, *args: Any, block_hands: int = 100, **options: Any
) -> tuple[pl.DataFrame, int, int, StatsReport]:
    """``report_stats`` with ``by`` and small blocks (many merges)."""
    result = report_stats(chunks, group_keys(by), *args, block_hands=block_hands, **options)
    return result.frame, result.hands, result.players, result


def _expected(
    tables: Tables,
    by: str,
    players: list[str] | None = None,
    since: date | None = None,
    until: date | None = None,
    hero: str | None = None,
    lows: bool = False,
    min_hands: int = 1,
    sort: str | None = None,
) -> tuple[pl.DataFrame, int, int]:
    if hero is not None:
        tables = Tables(
            tables.hands, tables.players, tables.actions, hero, tables.problems, tables.duplicates, False
        )
    if lows:
        frame = low_distribution(tables, by, players, since, until)
    else:
        frame = player_stats(tables, by, players, since, until, min_hands, sort)
    hands, count = selection_size(tables, players, since, until)
    return frame, hands, count


def test_the_corpus_has_what_could_go_wrong(chunks: dict[int, list[TableChunk]], tables: Tables) -> None:
    frame, _, _, result = _streamed(chunks[37], "player")
    assert result.duplicates == tables.duplicates == 3
    assert result.problems == tables.problems and result.problems
    assert result.hero == tables.hero is not None
    assert result.parsed == tables.hands.height
    accumulator = StatsAccumulator(group_keys("player"))
    for chunk in chunks[37]:
        accumulator.add_chunk(chunk)
    # what it keeps: a row per player, not per player-hand
    sums = accumulator.totals()
    assert sums is not None and sums.height == frame.height < tables.players.height
    assert accumulator.finish().frame.equals(frame)
    assert accumulator.sums is None  # let go a part of the players at a time (razzlog.stats.sums)


@pytest.mark.parametrize(
    "by",
    ["player", "player,stakes", "date", "site,table", "tournament", "stakes,date,player", "month", "player,week,year",
     "session", "session,stakes,table", "start", "player,start"],
)  # fmt: skip
@pytest.mark.parametrize("lows", [False, True])
def test_every_grouping_gives_what_the_tables_give(
    chunks: dict[int, list[TableChunk]], tables: Tables, by: str, lows: bool
) -> None:
    for size in CHUNK_SIZES:
        frame, hands, players, _ = _streamed(chunks[size], by, lows=lows)
        want, want_hands, want_players = _expected(tables, by, lows=lows)
        assert_frame_equal(frame, want)
        assert (hands, players) == (want_hands, want_players)


def test_one_hand_blocks_and_one_block_give_the_same(
    chunks: dict[int, list[TableChunk]], tables: Tables
) -> None:
    want = _expected(tables, "player,currency", sort="vpip")
    for block_hands in (1, 10**9):
        frame, hands, players, _ = _streamed(
            chunks[37], "player,currency", sort="vpip", block_hands=block_hands
        )
        assert_frame_equal(frame, want[0])
        assert (hands, players) == want[1:]


def _names(tables: Tables) -> list[str]:
    return sorted(tables.players["player"].cast(pl.String).unique().to_list())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_selections_give_what_the_tables_give(
    chunks: dict[int, list[TableChunk]], tables: Tables, data: st.DataObject
) -> None:
    names = _names(tables)
    keys = data.draw(
        st.lists(st.sampled_from(["player", "site", "stakes", "date", "table", "tournament"]), max_size=3)
    )
    by = ",".join(keys) or "currency"
    hero = data.draw(st.none() | st.sampled_from(names))
    chosen = data.draw(
        st.none() | st.lists(st.sampled_from([*names[:30], "@hero", "nobody"]), min_size=1, max_size=3)
    )
    if not streamable(chosen, hero):
        hero = names[0]
    dates = sorted({d for d in tables.hands["date"].to_list() if d is not None})
    since = data.draw(st.none() | st.sampled_from(dates))
    until = data.draw(st.none() | st.sampled_from(dates))
    lows = data.draw(st.booleans())
    min_hands = data.draw(st.integers(1, 30))
    sort = None if lows else data.draw(st.none() | st.sampled_from(["hands", "net:asc", "vpip", "wtsd:desc"]))
    size = data.draw(st.sampled_from(CHUNK_SIZES))
    block_hands = data.draw(st.sampled_from([1, 64, 1000]))
    selection = (chosen, since, until, hero)
    options = {"lows": lows, "min_hands": min_hands, "sort": sort, "block_hands": block_hands}
    try:
        want = _expected(tables, by, chosen, since, until, hero, lows, min_hands, sort)
    except ValueError:
        with pytest.raises(ValueError):
            _streamed(chunks[size], by, *selection, **options)
        return
    frame, hands, players, _ = _streamed(chunks[size], by, *selection, **options)
    assert_frame_equal(frame, want[0])
    assert (hands, players) == want[1:]


def test_the_hero_alone_is_streamed_before_the_hero_is_known(
    chunks: dict[int, list[TableChunk]], tables: Tables
) -> None:
    frame, hands, players, _ = _streamed(chunks[37], "player,date", ["@hero"])
    want = _expected(tables, "player,date", ["@hero"])
    assert_frame_equal(frame, want[0])
    assert (hands, players) == want[1:] and players == 1 and hands > 0


def test_the_hero_with_others_needs_the_hero_named() -> None:
    assert not streamable(["@hero", "Bob"], None)
    assert streamable(["@hero", "Bob"], "Hero") and streamable(["@hero"], None) and streamable(None, None)
    with pytest.raises(ValueError, match="--hero"):
        StatsAccumulator(["player", "currency"], ["@hero", "Bob"])


def test_no_hands(tables: Tables) -> None:
    empty = build_tables([], detail=False)
    for lows in (False, True):
        acc = StatsAccumulator(group_keys("player"), lows=lows)
        result = acc.finish()
        want = low_distribution(empty, "player") if lows else player_stats(empty, "player")
        assert_frame_equal(result.frame, want)
        assert (result.hands, result.players, result.hero, result.parsed) == (0, 0, None, 0)
    with pytest.raises(ValueError, match="no hero"):
        StatsAccumulator(group_keys("player"), ["@hero"]).finish()
    with pytest.raises(ValueError, match="no hero"):
        player_stats(empty, "player", ["@hero"])


def test_report_stats_builds_the_tables_for_what_it_cannot_stream(
    chunks: dict[int, list[TableChunk]], tables: Tables
) -> None:
    other = next(n for n in _names(tables) if n != tables.hero)
    keys = group_keys("player")
    result = report_stats(chunks[37], keys, ["@hero", other], sort="net")
    want = _expected(tables, "player", ["@hero", other], sort="net")
    assert_frame_equal(result.frame, want[0])
    assert (result.hands, result.players) == want[1:] and result.players == 2
    assert (result.hero, result.duplicates, result.problems) == (
        tables.hero,
        tables.duplicates,
        tables.problems,
    )
    streamed = report_stats(chunks[37], keys, ["@hero", other], hero=tables.hero, sort="net")
    assert_frame_equal(streamed.frame, result.frame)
    assert (streamed.hands, streamed.players, streamed.parsed) == (
        result.hands,
        result.players,
        result.parsed,
    )


def test_report_stats_sorts_the_lows(chunks: dict[int, list[TableChunk]], tables: Tables) -> None:
    result = report_stats(chunks[37], group_keys("player"), lows=True, sort="count")
    assert_frame_equal(
        result.frame, sort_rows(low_distribution(tables, "player"), "count", group_keys("player"))
    )
