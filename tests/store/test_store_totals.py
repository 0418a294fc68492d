"""A segment's totals (``razzlog.store.totals``): written with the segment, always the sums of its
rows, and ``stats --store`` answers from them exactly what it answers from the rows and what
``stats`` answers from the text, or reads the rows where they cannot answer."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from razzlog.generate.stream import generate_text
from razzlog.render import stats as render_stats
from razzlog.stats.chunks import table_chunks
from razzlog.stats.report import group_keys
from razzlog.stats.schema import units_to_money
from razzlog.stats.stream import StatsAccumulator, StatsReport, report_stats, streamable
from razzlog.store import stats as store_stats_module
from razzlog.store import totals
from razzlog.store.importer import import_paths
from razzlog.store.manifest import MANIFEST, Manifest, commit, read_manifest
from razzlog.store.schema import SEGMENT_TABLES, TOTALS
from razzlog.store.segments import MAX_SMALL_SEGMENTS, SegmentWriter
from razzlog.store.stats import stored_stats
from razzlog.store.tables import open_store
from tests.test_stats_parallel import corpus  # noqa: F401 - the module fixture

# (by, options) the totals answer: the default grouping and what it allows
ANSWERED: list[tuple[str, dict[str, Any]]] = [
    ("player,currency", {}),
    ("player,currency", {"min_hands": 20}),
    ("player,currency", {"sort": "vpip:asc"}),
    ("player,currency", {"sort": "net"}),
    ("player,currency", {"players": ["@hero"]}),
    ("player,currency", {"players": ["Hero"]}),
    ("player,currency", {"players": ["nobody at all"]}),
    ("player,currency", {"hero": "Hero", "players": ["@hero"]}),
    ("player,currency", {"hero": "someone else"}),
    ("player", {}),
    ("currency", {"min_hands": 3}),
    ("currency,player", {"sort": "hands:asc"}),
]
# what they cannot answer: read from the rows, as before
NOT_ANSWERED: list[tuple[str, dict[str, Any]]] = [
    ("player,currency", {"players": ["Hero", "@hero"]}),
    ("player,currency", {"players": ["Hero", "nobody at all"]}),
    ("player,currency", {"since": "2026-01-02"}),
    ("month,player", {}),
    ("site", {}),
    ("player,currency", {"lows": True}),
    ("buy_in_currency,player", {}),
    ("session", {"players": ["@hero"]}),
]


@pytest.fixture(scope="module")
def files(corpus: list[str], tmp_path_factory: pytest.TempPathFactory) -> list[str]:  # noqa: F811
    """tests/test_stats_parallel.py's corpus (generated hands with violations, repeated hands,
    the real samples of two sites, tournaments, hands that do not parse), and generated hands of
    the other sites, one of them with the same player names in another currency."""
    folder = tmp_path_factory.mktemp("totals-sites")
    extra = []
    for n, site in enumerate(("winamax", "merge", "kingsclub")):
        path = folder / f"{site}.txt"
        path.write_text(generate_text(20261202 + n, 150, site=site, violations=0.1), encoding="utf-8")
        extra.append(str(path))
    return [p for p in corpus if Path(p).exists()] + extra


def _options(options: dict[str, Any]) -> dict[str, Any]:
    from datetime import date

    out = dict(options)
    for bound in ("since", "until"):
        if bound in out:
            out[bound] = date.fromisoformat(out[bound])
    return out


def _stats(root: Path, by: str, **options: Any) -> StatsReport:
    return stored_stats(open_store(root), group_keys(by), **_options(options))


def _text(paths: list[str], by: str, **options: Any) -> StatsReport:
    return report_stats(table_chunks(paths, 1, detail=False), group_keys(by), **_options(options))


def _written(report: StatsReport) -> tuple[str, str, dict[str, Any]]:
    """The report as ``stats -f json`` and ``-f csv`` write its rows, and what else it says."""
    as_json, as_csv = io.StringIO(), io.StringIO()
    render_stats.write_json(report.frame, as_json)
    render_stats.write_csv(report.frame, as_csv)
    rest = {
        "hands": report.hands,
        "players": report.players,
        "hero": report.hero,
        "problems": [v.to_dict() for v in report.problems],
        "duplicates": report.duplicates,
        "parsed": report.parsed,
        "other_games": report.other_games,
        "schema": dict(report.frame.schema),
    }
    return as_json.getvalue(), as_csv.getvalue(), rest


def _without_totals(root: Path, copy: Path) -> Path:
    """A copy of the store whose manifest names no totals (as an older razzlog wrote it)."""
    shutil.copytree(root, copy)
    doc = json.loads((copy / MANIFEST).read_text(encoding="utf-8"))
    for segment in doc["segments"]:
        segment.pop("totals", None)
    (copy / MANIFEST).write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return copy


def _rows_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    def unread(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the rows were read")

    monkeypatch.setattr(store_stats_module, "segment_rows", unread)


def _check_totals(root: Path) -> None:
    """Every segment has totals, equal to its rows' sums made now, and the totals folder holds
    the manifest's and nothing else."""
    store = open_store(root)
    named = set()
    for segment in store.manifest.segments:
        assert segment.totals is not None and segment.path(TOTALS) in store.manifest.data_files()
        found = totals.read_totals(store, segment)
        made = totals.segment_totals(root, segment)
        assert found is not None and made is not None
        sums, hands, played = made
        money = [c for c in sums.columns if c in ("net", "rake_paid", "net_showdown", "net_no_showdown")]
        sums = sums.with_columns(pl.col(c).cast(pl.Int128) for c in money)
        assert found.sort(totals.KEYS).equals(sums.sort(totals.KEYS))
        assert (segment.totals["hands"], segment.totals["played"]) == (hands, played)
        firsts = store.scan_segment(segment, "hands").filter("first_sighting").collect().height
        assert hands == firsts
        named.add(segment.path(TOTALS))
    assert {f"{TOTALS}/{p.name}" for p in (root / TOTALS).iterdir()} == named


@pytest.fixture(scope="module")
def store(files: list[str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("totals") / "store"
    import_paths(files, root, segment_hands=250)
    assert len(open_store(root).manifest.segments) > 2
    return root


@pytest.fixture(scope="module")
def old_store(store: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _without_totals(store, tmp_path_factory.mktemp("totals-old") / "store")


def test_every_segment_has_the_totals_of_its_rows(store: Path) -> None:
    _check_totals(store)


@pytest.mark.parametrize(("by", "options"), ANSWERED)
def test_totals_answer_as_the_rows_and_the_text(
    files: list[str],
    store: Path,
    old_store: Path,
    monkeypatch: pytest.MonkeyPatch,
    by: str,
    options: dict[str, Any],
) -> None:
    expected = _written(_text(files, by, **options))
    assert _written(_stats(old_store, by, **options)) == expected  # rows: no totals named
    _rows_unread(monkeypatch)
    assert _written(_stats(store, by, **options)) == expected


@pytest.mark.parametrize(("by", "options"), NOT_ANSWERED)
def test_what_the_totals_cannot_answer_is_read_from_the_rows(
    files: list[str], store: Path, by: str, options: dict[str, Any]
) -> None:
    players = options.get("players")
    if streamable(players, None):  # (else not added up as the rows come: the tables are built)
        chosen = {k: v for k, v in _options(options).items() if k in ("since", "lows")}
        assert not StatsAccumulator(group_keys(by), players, **chosen).takes_sums(totals.KEYS)
    assert _written(_stats(store, by, **options)) == _written(_text(files, by, **options))


def test_totals_of_another_version_are_not_read(
    store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = _written(_stats(store, "player,currency"))
    monkeypatch.setattr(totals, "TOTALS_VERSION", totals.TOTALS_VERSION + 1)
    stored = open_store(store)
    assert all(totals.read_totals(stored, s) is None for s in stored.manifest.segments)
    assert _written(_stats(store, "player,currency")) == expected


def test_rewritten_grown_and_compacted_segments_have_their_rows_totals(
    files: list[str], tmp_path: Path
) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    text = generate_text(20261203, 400, violations=0.1)
    hands = re.split(r"\n(?=PokerStars Hand #)", text)
    parts = ["\n".join(hands[i : i + 20]) + "\n" for i in range(0, 240, 20)]
    paths = []
    for n, part in enumerate(parts):
        paths.append(folder / f"day{n:02d}.txt")
        paths[-1].write_text(part, encoding="utf-8")
    root = tmp_path / "store"
    for path in paths:  # a file a day: small segments, merged when there are too many
        import_paths([str(path)], root, segment_hands=1000)
    assert len(open_store(root).manifest.segments) <= MAX_SMALL_SEGMENTS + 1
    _check_totals(root)
    # a grown file, a rewritten one (whose hands another file repeats: read again too)
    with paths[0].open("a", encoding="utf-8") as grown:
        grown.write("\n".join(hands[240:300]) + "\n")
    paths[1].write_text("\n".join(hands[300:340]) + "\n" + "\n".join(hands[45:47]) + "\n", encoding="utf-8")
    import_paths([str(folder)], root, segment_hands=1000)
    _check_totals(root)
    names = [str(p) for p in paths]
    for by, options in ANSWERED[:6]:
        assert _written(_stats(root, by, **options)) == _written(_text(names, by, **options))


def test_a_store_without_totals_is_read_from_its_rows_and_gets_them_at_the_next_import(
    files: list[str], old_store: Path, tmp_path: Path
) -> None:
    root = tmp_path / "store"
    shutil.copytree(old_store, root)
    assert all(s.totals is None for s in open_store(root).manifest.segments)
    expected = _written(_text(files, "player,currency"))
    assert _written(_stats(root, "player,currency")) == expected
    extra = tmp_path / "more.txt"
    extra.write_text(generate_text(20261204, 80), encoding="utf-8")
    import_paths([str(extra)], root, segment_hands=250)
    _check_totals(root)  # the new segment's and, made at the commit, the old ones'
    assert _written(_stats(root, "player,currency")) == _written(
        _text([*files, str(extra)], "player,currency")
    )


def test_an_unchanged_import_gives_an_older_store_its_totals(
    files: list[str], old_store: Path, tmp_path: Path
) -> None:
    root = tmp_path / "store"
    shutil.copytree(old_store, root)
    before = open_store(root).manifest
    result = import_paths(files, root, segment_hands=250)
    after = open_store(root).manifest
    assert result.hands_added == 0 and after.generation == before.generation + 1
    assert [s.name for s in after.segments] == [s.name for s in before.segments]
    _check_totals(root)
    import_paths(files, root, segment_hands=250)  # nothing more to do: no new generation
    assert open_store(root).manifest == after


def _with_amount(store: Path, root: Path, units: int) -> Path:
    """A store of ``store``'s first segment whose every player-hand's net is ``units`` units."""
    source = open_store(store)
    segment = source.manifest.segments[0]
    frames = {t: pl.read_parquet(store / segment.path(t)) for t in SEGMENT_TABLES}
    frames["player_hands"] = frames["player_hands"].with_columns(
        units_to_money(pl.lit(units, pl.Int128)).alias("net")
    )
    written = SegmentWriter(root, 1).write(frames)
    assert source.manifest.files is not None
    (root / "files").mkdir()
    shutil.copy(store / source.manifest.files, root / source.manifest.files)
    manifest = Manifest(generation=1, segments=(written,), files=source.manifest.files)
    commit(root, manifest)
    return root


@pytest.mark.parametrize("units", [2**60, 2**62 - 1, 2**63 - 1])
def test_amounts_beyond_int64_add_up_alike(store: Path, tmp_path: Path, units: int) -> None:
    """Each net so large that a few of them overflow Int64 (the rows then add up in Int128):
    the totals hold their sums exactly."""
    root = _with_amount(store, tmp_path / "big", units)
    assert open_store(root).manifest.segments[0].totals is not None
    old = _without_totals(root, tmp_path / "old")
    for by, options in ANSWERED[:6]:
        assert _written(_stats(root, by, **options)) == _written(_stats(old, by, **options))
    net = _stats(root, "player").frame.select("player", "net", "hands")
    assert all(n * 10**4 == h * units for _, n, h in net.iter_rows())


def test_sums_beyond_the_stored_decimals_are_left_to_the_rows(store: Path, tmp_path: Path) -> None:
    """A net of 10**33 units (10**29 in money; the totals hold sums up to 10**34 units): a player's
    sum of many cannot be stored, so the segment has no totals and is read from its rows."""
    root = _with_amount(store, tmp_path / "huge", 10**33)
    manifest = read_manifest(root)
    assert manifest is not None and manifest.segments[0].totals == {"version": totals.TOTALS_VERSION}
    assert not (root / TOTALS).exists() or not list((root / TOTALS).iterdir())
    assert totals.read_totals(open_store(root), manifest.segments[0]) is None


@pytest.mark.parametrize(
    "args",
    [
        ["-f", "table"],
        ["-f", "json", "--min-hands", "10", "--sort", "bb_per_100", "--limit", "5"],
        ["-f", "csv", "--player", "@hero"],
        ["-f", "parquet"],
    ],
)
def test_the_command_prints_the_same_from_totals_and_rows(
    store: Path, old_store: Path, tmp_path: Path, args: list[str]
) -> None:
    """``razzlog stats --store`` as a user runs it (a real process), every format."""
    done = []
    for root in (store, old_store):
        out = tmp_path / f"{root.parent.name}.out"
        command = [sys.executable, "-m", "razzlog", "stats", "--store", str(root), *args]
        if "parquet" in args:
            command += ["-o", str(out)]
        ran = subprocess.run(command, capture_output=True, env={**os.environ, "COLUMNS": "120"}, check=False)
        assert ran.returncode == 0, ran.stderr
        written = pl.read_parquet(out) if "parquet" in args else None
        done.append((ran.stdout, ran.stderr, written))
    (out_a, err_a, pq_a), (out_b, err_b, pq_b) = done
    assert out_a == out_b and err_a == err_b and out_a + err_a
    if pq_a is not None:
        assert pq_b is not None and pq_a.schema == pq_b.schema and pq_a.equals(pq_b)
