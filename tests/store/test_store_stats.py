"""``stats --store`` read in parts: the rows found by their hand's key as a join finds them,
parts of any size adding up to the whole and to the text's statistics, and amounts added up
in Int64 only where no sum can overflow it."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from razzlog.generate.stream import generate_text
from razzlog.stats.report import group_keys
from razzlog.stats.stream import MERGE_PARTS, StatsAccumulator
from razzlog.stats.sums import int64_sums_fit
from razzlog.store import stats as store_stats_module
from razzlog.store.importer import import_paths
from razzlog.store.stats import row_columns, segment_rows, with_hand_columns
from razzlog.store.tables import open_store
from tests.store.helpers import store_stats, text_stats

SELECTIONS: list[tuple[str, dict[str, Any]]] = [
    ("player,currency", {}),
    ("month,stakes", {}),
    ("player,currency", {"players": ["@hero"]}),
    ("site", {"lows": True}),
    ("session", {"players": ["@hero"]}),
    ("player,currency", {"min_hands": 20, "sort": "vpip:asc"}),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Generated hands, and a copy of some of them at another table: the same hand ids with
    another text, stored but not first sightings (the statistics count the first copy)."""
    folder = tmp_path_factory.mktemp("store-parts")
    text = generate_text(20261202, 600, violations=0.05)
    (folder / "a.txt").write_text(text, encoding="utf-8")
    copies = text[: [m.start() for m in re.finditer("^PokerStars Hand #", text, re.M)][100]]
    (folder / "b.txt").write_text(re.sub(r"Table '([^']*)'", r"Table '\1 copy'", copies), encoding="utf-8")
    return [str(folder / "a.txt"), str(folder / "b.txt")]


@pytest.fixture(scope="module")
def store(files: list[str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("store-parts") / "store"
    import_paths(files, root, segment_hands=250)
    hands = open_store(root).scan("hands").select("first_sighting").collect()["first_sighting"]
    assert hands.sum() < hands.len()  # some stored hands are not first sightings
    return root


def _joined(players: pl.DataFrame, hands: pl.DataFrame, columns: list[str]) -> pl.DataFrame:
    """The reference: an inner join on the hand's key, first sightings only, the rows' order kept."""
    wanted = hands.filter("first_sighting").select("hand_idx", *columns)
    return players.join(wanted, on="hand_idx", how="inner", maintain_order="left")


@pytest.mark.parametrize("seed", range(12))
def test_hand_columns_are_those_of_an_inner_join(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(0, 60)
    # consecutive keys (a hand's row found at its key less the first) or not (a binary search)
    first = rng.randint(-50, 300)
    keys = list(range(first, first + count)) if seed % 3 else sorted(rng.sample(range(-50, 400), count))
    hands = pl.DataFrame(
        {
            "hand_idx": pl.Series(keys, dtype=pl.Int64),
            "first_sighting": [seed % 4 == 1 or rng.random() < 0.8 for _ in keys],
            "currency": [rng.choice(["USD", "EUR", None]) for _ in keys],
            "big_bet": pl.Series([rng.randint(0, 10**6) for _ in keys], dtype=pl.Int64),
        }
    )
    # rows of hands in any order, and (but for some seeds) rows of no hand: below, between, above
    strays = 0.0 if seed % 2 else 0.2
    rows = [
        rng.choice(keys) if keys and rng.random() >= strays else rng.randint(-60, 410) for _ in range(300)
    ]
    players = pl.DataFrame(
        {"hand_idx": pl.Series(rows, dtype=pl.Int64), "player": [f"p{rng.randint(0, 9)}" for _ in rows]}
    )
    got = with_hand_columns(players, hands, ["currency", "big_bet"])
    assert got.equals(_joined(players, hands, ["currency", "big_bet"]))


@pytest.mark.parametrize(("by", "options"), SELECTIONS)
def test_parts_of_any_size_add_up_to_the_text_statistics(
    files: list[str], store: Path, monkeypatch: pytest.MonkeyPatch, by: str, options: dict[str, Any]
) -> None:
    expected = text_stats(files, by, **options)
    assert store_stats(store, by, **options) == expected  # a part per segment
    monkeypatch.setattr(store_stats_module, "HANDS_AT_ONCE", 37)  # parts of a segment, each filtered
    assert store_stats(store, by, **options) == expected


def test_the_parts_hold_each_first_sighting_once(store: Path) -> None:
    stored = open_store(store)
    hands, players = row_columns(group_keys("player"))
    seen: list[int] = []
    counted = 0
    for segment in stored.manifest.segments:
        for rows, hands_in_part in segment_rows(stored, segment, 37, hands, players):
            seen += rows["hand_idx"].unique().to_list()
            counted += hands_in_part
    firsts = stored.scan("hands").filter("first_sighting").select("hand_key").collect()["hand_key"]
    assert sorted(seen) == sorted(firsts.to_list()) and counted == firsts.len()


def test_amounts_that_could_overflow_int64_are_added_up_in_int128(store: Path) -> None:
    stored = open_store(store)
    keys = group_keys("player")
    hands, players = row_columns(keys)
    segment = stored.manifest.segments[0]
    rows, count = next(segment_rows(stored, segment, 10**6, hands, players))
    # each amount 2**61 units: four rows of a player already overflow Int64
    huge = rows.with_columns(pl.lit(2**61, dtype=pl.Int64).alias("net"))
    assert not int64_sums_fit(huge) and int64_sums_fit(rows)
    accumulator = StatsAccumulator(keys)
    accumulator.add_rows(huge, count)
    frame = accumulator.finish().frame
    per_group = huge.group_by("player", "currency").len()
    expected = {(p, c): n * 2**61 for p, c, n in per_group.iter_rows()}
    assert frame.height == len(expected)
    for player, currency, net in frame.select("player", "currency", "net").iter_rows():
        assert net * 10**4 == expected[player, currency]


def test_int64_fits_up_to_its_last_value() -> None:
    def rows(amount: int, count: int) -> pl.DataFrame:
        return pl.DataFrame({"net": pl.Series([amount] * count, dtype=pl.Int64), "prize": [None] * count})

    assert int64_sums_fit(rows(2**62 - 1, 2)) and not int64_sums_fit(rows(2**62, 2))
    assert not int64_sums_fit(rows(-(2**62), 2))  # the absolute value: -2**63 would fit, 2**63 not
    assert int64_sums_fit(rows(0, 0)) and int64_sums_fit(pl.DataFrame({"prize": [None, None]}))


def test_parts_that_each_fit_int64_are_merged_in_int128_when_their_total_does_not(store: Path) -> None:
    stored = open_store(store)
    keys = group_keys("player")
    hands, players = row_columns(keys)
    rows, _ = next(segment_rows(stored, stored.manifest.segments[0], 10**6, hands, players))
    one = rows.head(1).with_columns(pl.lit(2**62, dtype=pl.Int64).alias("net"))
    assert int64_sums_fit(one)  # each part alone is added up in Int64
    accumulator = StatsAccumulator(keys)
    parts = MERGE_PARTS + 1  # merged once (their sum over 2**63), the last one at the end
    for _ in range(parts):
        accumulator.add_rows(one, 1)
    frame = accumulator.finish().frame
    assert frame["hands"].to_list() == [parts]
    assert frame["net"][0] * 10**4 == parts * 2**62
