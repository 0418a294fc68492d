"""Statistics at scale: the same tables and the same output whatever the number of processes,
tables without detail, and the bounds that keep memory flat.

Inputs are generated hands (with injected violations), the real samples, hands
that do not parse, a hand of another game, a file with no hands, a missing file
and files read twice.  Processes are started as few times as possible (module
fixtures): each pool starts fresh workers (razzlog.pool.fresh_start).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import polars as pl
import pytest

from razzlog import blocks, pool
from razzlog.api import parse_paths
from razzlog.events import Action, ActionKind, Collect, Hand
from razzlog.generate.stream import generate_labeled, generate_text
from razzlog.sources import RawHand, ReadProgress
from razzlog.stats import (
    STATS,
    TableBuilder,
    Tables,
    build_tables,
    load,
    low_distribution,
    player_stats,
    table_chunks,
)
from razzlog.stats.schema import STATS_HANDS, STATS_PLAYERS, UNITS
from razzlog.stats.tables import build_from_chunks, first_sightings
from razzlog.violations import Violation
from tests.test_stats_cli import razzlog

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
CHUNK = 50  # small chunks: many tasks, several in flight
HOLDEM = """\
PokerStars Hand #99: Hold'em No Limit ($0.01/$0.02 USD) - 2009/11/26 10:00:00 ET
Table 'X' 9-max Seat #1 is the button
Seat 1: a ($2 in chips)
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Generated hands in two files, a third repeating some of them, the real samples, hands that
    do not parse, a hand of another game, a file without hands and a missing file."""
    folder = tmp_path_factory.mktemp("stats-parallel")
    text, labels = generate_labeled(20261201, 600, violations=0.2)
    assert labels
    hands = re.split(r"\n(?=PokerStars Hand #)", text)
    (folder / "a.txt").write_text("\n".join(hands[:300]), encoding="utf-8")
    (folder / "b.txt").write_text("\n".join(hands[300:]) + "\n\n" + HOLDEM, encoding="utf-8")
    (folder / "c.txt").write_text("\n".join([hands[5], hands[420], hands[6]]), encoding="utf-8")
    (folder / "notes.txt").write_text("no hands here\n", encoding="utf-8")
    samples = [
        SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt",
        SAMPLES / "fulltilt-cash-razz-0.10-0.20.utf16.txt",
        SAMPLES / "pokerstars-format-examples.synthetic.txt",
        SAMPLES / "violations" / "truncated-and-garbled.txt",
    ]
    names = ["a.txt", "b.txt", "c.txt", "notes.txt", "missing.txt"]
    return [str(folder / n) for n in names] + [str(p) for p in samples]


@pytest.fixture(scope="module")
def serial(corpus: list[str]) -> dict[bool, Tables]:
    """The tables of one process, hand by hand, with and without detail."""
    return {detail: build_tables(parse_paths(corpus), detail=detail) for detail in (True, False)}


def _same_tables(found: Tables, expected: Tables) -> None:
    for name in ("hands", "players", "actions"):
        got, want = getattr(found, name), getattr(expected, name)
        assert got.schema == want.schema, name
        assert got.equals(want), name
    assert (found.hero, found.problems, found.duplicates, found.detail, found.other_games) == (
        expected.hero,
        expected.problems,
        expected.duplicates,
        expected.detail,
        expected.other_games,
    )


@pytest.mark.parametrize("detail", [True, False])
def test_two_jobs_make_the_tables_of_one(corpus: list[str], serial: dict[bool, Tables], detail: bool) -> None:
    expected = serial[detail]
    # what there is to lose: hands that do not parse, another game, missing and empty files, repeats
    rules = {v.rule for v in expected.problems}
    assert {"parse-error", "unknown-format"} <= rules, rules
    assert expected.other_games == {"Hold'em No Limit": 1}  # hand 99
    assert expected.duplicates == 3 and expected.hero is not None
    _same_tables(load(corpus, jobs=2, detail=detail), expected)


def test_chunking_does_not_change_the_tables(corpus: list[str], serial: dict[bool, Tables]) -> None:
    """Chunks of any size, in one process or hand by hand."""
    for detail, expected in serial.items():
        builder = TableBuilder(detail=detail)
        for chunk in table_chunks(corpus, 1, detail=detail, chunk_size=7):
            builder.add_chunk(chunk)
        _same_tables(builder.finish(), expected)
        by_hand = TableBuilder(batch_hands=3, detail=detail)
        for item in parse_paths(corpus):
            by_hand.add(item)
        _same_tables(by_hand.finish(), expected)


def test_tables_without_detail_give_the_same_statistics(serial: dict[bool, Tables]) -> None:
    full, slim = serial[True], serial[False]
    assert slim.actions.height == 0 < full.actions.height
    assert tuple(slim.hands.columns) == STATS_HANDS
    assert tuple(slim.players.columns) == (*STATS_PLAYERS, "is_hero")
    assert slim.players.schema["net"] == UNITS[0] and full.players.schema["net"] == pl.Decimal(38, 4)
    assert slim.players["net"].to_list() == [int(v * 10_000) for v in full.players["net"]]
    for by in ("player", "player,stakes", "date", "site,table", "tournament"):
        assert player_stats(slim, by).equals(player_stats(full, by)), by
        assert low_distribution(slim, by).equals(low_distribution(full, by)), by
    hero = player_stats(full, players=["@hero"], min_hands=2, sort="net_bb:asc")
    assert hero.equals(player_stats(slim, players=["@hero"], min_hands=2, sort="net_bb:asc"))
    assert hero["net"].dtype == pl.Decimal(38, 4)


def test_aggression_counts_add_up_to_the_actions(serial: dict[bool, Tables]) -> None:
    """The per-player-hand counts the aggression statistics read are those of the actions."""
    full = serial[True]
    kinds = {"aggressive": ["bet", "raise", "complete"], "calls": ["call"]}
    counted = full.actions.group_by("hand_idx", "player", "street").agg(
        aggressive=pl.col("kind").is_in(kinds["aggressive"]).sum(),
        calls=(pl.col("kind") == "call").sum(),
        folds=(pl.col("kind") == "fold").sum(),
    )
    key = ["hand_idx", "player"]
    for street in ("3rd", "4th", "5th", "6th", "7th"):
        on = counted.filter(pl.col("street") == street)
        joined = full.players.join(on, on=key, how="left").with_columns(
            pl.col("aggressive", "calls").fill_null(0)
        )
        assert (joined[f"aggressive_{street}"] == joined["aggressive"]).all()
        assert (joined[f"calls_{street}"] == joined["calls"]).all()
    folds = counted.group_by(key).agg(pl.col("folds").sum().alias("counted"))
    joined = full.players.join(folds, on=key, how="left").with_columns(pl.col("counted").fill_null(0))
    assert (joined["folds"] == joined["counted"]).all()
    assert full.players["aggressive_3rd"].sum() > 0 and full.players["calls_7th"].sum() > 0


def test_net_in_big_bets_is_exact_and_repeatable(serial: dict[bool, Tables]) -> None:
    """net_bb adds up each hand's net over its big bet as decimals, whatever order polars adds in."""
    full = serial[True]
    rows = full.players.join(full.hands.select("hand_idx", "big_bet", "currency"), on="hand_idx")
    exact: dict[tuple[str, str], Fraction] = {}
    for player, currency, net, big_bet in rows.select("player", "currency", "net", "big_bet").iter_rows():
        key = (player, currency)
        exact[key] = exact.get(key, Fraction(0)) + Fraction(net) / Fraction(big_bet)
    runs = {player_stats(full).write_csv() for _ in range(5)}
    assert len(runs) == 1
    found = {(p, c): v for p, c, v in player_stats(full).select("player", "currency", "net_bb").iter_rows()}
    assert found == pytest.approx({k: float(v) for k, v in exact.items()}, rel=1e-12, abs=1e-12)


def test_a_hand_without_a_big_bet_is_left_out_of_net_in_big_bets(serial: dict[bool, Tables]) -> None:
    full = serial[True]
    first = full.hands.row(0, named=True)
    zero = full.hands.with_columns(
        big_bet=pl.when(pl.col("hand_idx") == 0).then(Decimal(0)).otherwise(pl.col("big_bet"))
    )
    found = player_stats(dataclasses.replace(full, hands=zero), "currency")
    rest = player_stats(
        dataclasses.replace(full, players=full.players.filter(pl.col("hand_idx") != 0)), "currency"
    )
    row = found.filter(pl.col("currency") == first["currency"])
    assert row["net_bb"].item() == rest.filter(pl.col("currency") == first["currency"])["net_bb"].item()


def test_repeats_are_dropped_and_the_rest_numbered_as_if_never_read(tmp_path: Path) -> None:
    text = generate_text(20261202, 30)
    hands = re.split(r"\n(?=PokerStars Hand #)", text)
    once, twice = tmp_path / "once.txt", tmp_path / "twice.txt"
    once.write_text(text, encoding="utf-8")
    twice.write_text("\n".join([hands[3], *hands, hands[0]]), encoding="utf-8")
    expected = load([str(once)])
    found = load([str(twice)])
    assert found.duplicates == 2
    moved = expected.hands["hand_id"].to_list()
    order = [moved[3], *moved[:3], *moved[4:]]  # hand 3 comes first in twice.txt
    assert found.hands["hand_id"].to_list() == order
    assert found.hands["hand_idx"].to_list() == list(range(30))
    assert player_stats(found).equals(player_stats(expected))


def test_first_sightings_compares_texts_only_when_hashes_repeat() -> None:
    hands = pl.DataFrame(
        {"site": ["a", "b", "a", "a"], "hand_id": ["1", "1", "2", "1"]},
        schema={"site": pl.Categorical(), "hand_id": pl.String()},
    )
    assert first_sightings(hands.head(3)) is None  # "1" twice, but at two sites
    found = first_sightings(hands)
    assert found is not None and found.to_list() == [True, True, True, False]
    assert first_sightings(hands.slice(1, 2)) is None  # distinct hashes


def test_a_count_too_large_for_a_byte_widens_its_column(tmp_path: Path) -> None:
    """Counts take a byte per player-hand; a chunk with a hand of more calls than that widens them."""
    path = tmp_path / "real.txt"
    path.write_bytes((SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt").read_bytes())
    hands = [h for h in parse_paths([str(path)]) if isinstance(h, Hand)]
    call = next(e for e in hands[0].events if isinstance(e, Action) and e.kind is ActionKind.CALL)
    street = f"calls_{call.street.value}"
    many = dataclasses.replace(
        hands[0],
        header=dataclasses.replace(hands[0].header, hand_id="many"),
        events=(*hands[0].events, *[call] * 300),
    )
    builder = TableBuilder(batch_hands=1, detail=False)  # one chunk a hand: only one of them is wide
    for hand in [*hands, many]:
        builder.add(hand)
    tables = builder.finish()
    assert tables.players.schema[street] == pl.UInt16
    calls = tables.players.filter(pl.col("player") == call.player)[street].to_list()
    assert calls[-1] == calls[0] + 300


def test_an_amount_too_large_for_narrow_units_widens_its_column(tmp_path: Path) -> None:
    """Money without detail is kept as Int32 units where every amount fits; a chunk with a
    larger one widens the column, and the figures stay exact."""
    path = tmp_path / "real.txt"
    path.write_bytes((SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt").read_bytes())
    hands = [h for h in parse_paths([str(path)]) if isinstance(h, Hand)]
    big = dataclasses.replace(
        hands[-1],
        events=tuple(
            dataclasses.replace(e, amount=e.amount + 300_000) if isinstance(e, Collect) else e
            for e in hands[-1].events
        ),
    )
    items = [*hands[:-1], big]
    slim = TableBuilder(batch_hands=1, detail=False)  # one chunk a hand: only the last one is wide
    for hand in items:
        slim.add(hand)
    tables = slim.finish()
    assert tables.players.schema["net"] == pl.Int64
    assert build_tables(hands, detail=False).players.schema["net"] == pl.Int32
    full = build_tables(items)
    assert player_stats(tables).equals(player_stats(full))
    assert player_stats(full)["net"].max() > 300_000


def test_player_hands_joins_tables_whose_hands_are_not_in_row_order(serial: dict[bool, Tables]) -> None:
    full = serial[True]
    shuffled = dataclasses.replace(full, hands=full.hands.reverse())
    assert player_stats(shuffled, "player,date").equals(player_stats(full, "player,date"))


def test_chunks_are_read_only_as_far_as_the_chunks_in_flight(corpus: list[str]) -> None:
    block = 8 * 1024
    progress = ReadProgress.of(corpus[:1])
    assert progress.total is not None and progress.total > 40 * block
    chunks = table_chunks(corpus[:1], 2, detail=False, block_bytes=block, in_flight=3, progress=progress)
    first = next(chunks)
    assert first.parsed > 0
    # three blocks in flight and the one being cut, each under two reads of `block` bytes
    assert progress.done <= (3 + 1) * 2 * block
    chunks.close()


def test_with_jobs_the_hands_are_read_in_the_workers(
    corpus: list[str], serial: dict[bool, Tables], monkeypatch: pytest.MonkeyPatch
) -> None:
    """This process only cuts the files into blocks of bytes: it never splits a file into
    hands (the workers, fresh interpreters, keep the real functions)."""

    def not_here(*args: object) -> Iterator[RawHand | Violation]:
        raise AssertionError("the hands of a file were read in the main process")

    monkeypatch.setattr(pool, "iter_raw_hands", not_here)
    monkeypatch.setattr(blocks, "hands_of_runs", not_here)
    files = corpus[:3]  # generated hands: every one cut into blocks
    chunks = list(table_chunks(files, 2, detail=False, block_bytes=8 * 1024))
    assert len(chunks) > 3
    monkeypatch.undo()
    _same_tables(build_from_chunks(chunks, None, detail=False), load(files, jobs=1, detail=False))


def test_one_job_starts_no_process(corpus: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(jobs: int, context: str | None = None) -> None:
        raise AssertionError("jobs=1 must not start processes")

    monkeypatch.setattr(pool, "executor", no_pool)
    assert load(corpus[:2], jobs=1).hands.height == 600


def test_builder_holds_blocks_not_thousands_of_small_frames(
    corpus: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from razzlog.stats import tables

    monkeypatch.setattr(tables, "BLOCK_HANDS", 100)
    builder = TableBuilder(detail=False)
    most_pending = 0
    for chunk in table_chunks(corpus[:2], 1, detail=False, chunk_size=10):
        builder.add_chunk(chunk)
        most_pending = max(most_pending, len(builder.pending[1]))
    assert most_pending <= 10
    assert len(builder.blocks[1]) == 6  # 600 hands in blocks of 100
    players = builder.finish().players
    assert players["player"].n_chunks() == 6


# --------------------------------------------------------------------------- the command


def test_the_command_prints_the_same_with_any_number_of_jobs(corpus: list[str], tmp_path: Path) -> None:
    for args in (["--format", "json"], ["--format", "csv", "--by", "player,stakes"], ["--lows"], []):
        one = razzlog(*corpus, *args, "--jobs", "1")
        two = razzlog(*corpus, *args, "--jobs", "2")
        assert one.returncode == two.returncode == 2  # the missing file
        assert one.stdout == two.stdout and one.stdout.count("\n") > 5, args
        assert one.stderr == two.stderr
        assert "missing.txt: file not found" in one.stderr
        assert "could not be parsed" in one.stderr and "of other games left out" in one.stderr
        assert "3 hands read twice" in one.stderr
    parquet = {j: tmp_path / f"stats-{j}.parquet" for j in (1, 2)}
    for jobs, target in parquet.items():
        assert razzlog(*corpus, "-f", "parquet", "-o", target, "--jobs", str(jobs)).returncode == 2
    assert parquet[1].read_bytes() == parquet[2].read_bytes()
    frame = pl.read_parquet(parquet[1])
    assert frame.schema["net"] == pl.Decimal(38, 4) and frame.schema["player"] == pl.String
    assert {s.name for s in STATS} <= set(frame.columns)


def test_the_command_has_polars_give_freed_memory_back_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from razzlog.cli import ALLOCATOR_SETTINGS, return_freed_memory

    name, settings = ALLOCATOR_SETTINGS
    monkeypatch.delenv(name, raising=False)
    return_freed_memory()
    assert os.environ[name] == settings and "dirty_decay_ms:0" in settings
    monkeypatch.setenv(name, "narenas:2")
    return_freed_memory()
    assert os.environ[name] == "narenas:2"
