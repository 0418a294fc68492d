"""The hand store: what ``stats``/``audit`` read from it is what they read from the text.

The corpus is tests/test_stats_parallel.py's (generated hands with injected
violations, the real samples in UTF-8 and UTF-16, hands that do not parse, a
hand of another game, a file without hands, hands read twice), less its
missing file, which an import reports and cannot store.
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from razzlog.store.importer import import_paths
from razzlog.store.manifest import MANIFEST, StoreError, read_manifest
from razzlog.store.plan import GROWN, NEW, REPLACED, UNCHANGED
from razzlog.store.query import run_query
from razzlog.store.tables import open_store
from tests.store.helpers import (
    contents,
    same_contents,
    store_audit_json,
    store_stats,
    text_audit_json,
    text_stats,
)
from tests.test_stats_parallel import corpus  # noqa: F401 - the module fixture


@pytest.fixture(scope="module")
def files(corpus: list[str]) -> list[str]:  # noqa: F811
    return [p for p in corpus if Path(p).exists()]


@pytest.fixture(scope="module")
def store(files: list[str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("store") / "store"
    result = import_paths(files, root, segment_hands=250)
    assert result.files[NEW] == len(files)
    assert len(open_store(root).manifest.segments) > 1  # several segments, and their order matters not
    return root


def test_import_loses_nothing(files: list[str], store: Path) -> None:
    audit = json.loads(text_audit_json(files))
    stored = open_store(store)
    hands = stored.scan("hands").collect()
    files_table = stored.files()
    assert int(files_table["hands"].sum()) == audit["hands"]
    assert int(files_table["hands_parsed"].sum()) == audit["hands_parsed"]
    # every hand read is a stored row, an identical copy of one, or has a parse violation
    unparsed = [v for v in audit["violations"] if v["rule"] in ("parse-error", "truncated-hand")]
    copies = [v for v in audit["violations"] if v["rule"] == "duplicate-hand" and v["severity"] == "warning"]
    assert audit["other_games"] == {"Hold'em No Limit": 1}  # hand 99: counted, not stored
    stored_games = [g for games in files_table["other_games"].to_list() for g in games]
    assert stored_games == [{"game": "Hold'em No Limit", "hands": 1}]
    assert (
        hands.height
        + len(copies)
        + len([v for v in unparsed if v["hand_id"]])
        + sum(audit["other_games"].values())
        == audit["hands"]
    )
    assert hands["text"].str.len_chars().min() > 0


@pytest.mark.parametrize(
    ("select", "ignore"),
    [(None, None), ({"duplicate-hand", "parse-error"}, None), (None, {"stack-continuity", "unknown-format"})],
)
def test_audit_from_the_store_is_the_audit_of_the_text(
    files: list[str], store: Path, select: set[str] | None, ignore: set[str] | None
) -> None:
    assert store_audit_json(store, select, ignore) == text_audit_json(files, select, ignore)


@pytest.mark.parametrize(
    "by", ["player,currency", "site,stakes", "date,table", "tournament,player", "currency"]
)
def test_stats_from_the_store_are_the_stats_of_the_text(files: list[str], store: Path, by: str) -> None:
    assert store_stats(store, by) == text_stats(files, by)


@pytest.mark.parametrize(
    "options",
    [
        {"players": ["@hero"]},
        {"players": ["@hero", "kobreli"], "hero": "Hero"},
        {"players": ["@hero", "kobreli"]},  # not added up while read: the tables are built
        {"since": date(2009, 11, 26), "until": date(2010, 12, 31)},
        {"lows": True},
        {"min_hands": 5, "sort": "vpip:asc"},
    ],
)
def test_stats_selections_from_the_store(files: list[str], store: Path, options: dict[str, object]) -> None:
    assert store_stats(store, "player,currency", **options) == text_stats(files, "player,currency", **options)


def test_an_unchanged_import_reads_nothing_and_writes_nothing(files: list[str], store: Path) -> None:
    before = (store / MANIFEST).read_text()
    result = import_paths(files, store)
    assert result.files == {UNCHANGED: len(files)}
    assert result.hands_read == 0
    assert (store / MANIFEST).read_text() == before


def test_a_copied_folder_is_stored_once(tmp_path: Path, files: list[str]) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    for n, path in enumerate(files):
        shutil.copyfile(path, first / f"{n:02d}-{Path(path).name}")
    shutil.copytree(first, second)
    root = tmp_path / "store"
    import_paths([str(first)], root)
    hands = open_store(root).scan("hands").collect().height
    result = import_paths([str(second)], root)
    assert result.hands_added == 0 and result.identical > 0
    assert open_store(root).scan("hands").collect().height == hands
    both = [str(first), str(second)]
    assert store_audit_json(root) == text_audit_json(both)  # a duplicate-hand warning per copy
    assert store_stats(root) == text_stats(both)


def _generated(path: Path, seed: int, hands: int) -> list[str]:
    from razzlog.generate.stream import stream_labeled

    texts = [text for text, _ in stream_labeled(seed, hands, (2, 8), "pokerstars", 0.2)]
    path.write_text("".join(texts), encoding="utf-8")
    return texts


def test_a_grown_file_has_only_its_new_bytes_read(tmp_path: Path) -> None:
    log = tmp_path / "day.txt"
    texts = _generated(log, 7, 120)
    log.write_text("".join(texts[:70]) + "\n", encoding="utf-8")  # as sites end a hand: a line break
    grown_root, clean_root = tmp_path / "grown", tmp_path / "clean"
    import_paths([str(log)], grown_root, segment_hands=40)
    with open(log, "a", encoding="utf-8") as out:
        out.write("".join(texts[70:]))
    result = import_paths([str(log)], grown_root)
    assert result.files == {GROWN: 1}
    assert 0 < result.hands_read <= 50
    import_paths([str(log)], clean_root)
    assert same_contents(contents(grown_root), contents(clean_root))
    assert store_audit_json(grown_root) == text_audit_json([str(log)])


def test_a_file_whose_last_hand_was_cut_off_is_read_again(tmp_path: Path) -> None:
    log = tmp_path / "day.txt"
    texts = _generated(log, 8, 30)
    whole = "".join(texts)
    cut = whole.index("*** SUMMARY ***", len("".join(texts[:20])))
    log.write_text(whole[:cut], encoding="utf-8")  # the site was still writing hand 21
    root = tmp_path / "store"
    first = import_paths([str(log)], root)
    assert first.violations["truncated-hand"] == 1
    log.write_text(whole, encoding="utf-8")
    second = import_paths([str(log)], root)
    assert second.files == {REPLACED: 1}
    assert store_audit_json(root) == text_audit_json([str(log)])
    assert store_stats(root) == text_stats([str(log)])


def test_a_rewritten_file_replaces_its_rows(tmp_path: Path, files: list[str]) -> None:
    log = tmp_path / "day.txt"
    texts = _generated(log, 9, 40)
    root = tmp_path / "store"
    import_paths([str(log), *files], root, segment_hands=100)
    changed = "".join(texts).replace("in chips", "in chips ", 1)  # an earlier byte changed
    log.write_text(changed, encoding="utf-8")
    result = import_paths([str(log)], root)
    assert result.files[REPLACED] == 1
    assert store_audit_json(root) == text_audit_json([str(log), *files])
    assert store_stats(root) == text_stats([str(log), *files])


def test_replacing_the_first_copy_of_a_hand_reads_its_copies_again(tmp_path: Path) -> None:
    first, copy = tmp_path / "a.txt", tmp_path / "b.txt"
    texts = _generated(first, 10, 12)
    copy.write_text("".join(texts[5:]), encoding="utf-8")  # hands 6-12 again
    root = tmp_path / "store"
    import_paths([str(first), str(copy)], root)
    first.write_text("".join(texts[:5]), encoding="utf-8")  # shrunk: hands 6-12 are now only in b.txt
    result = import_paths([str(first)], root)
    assert result.files[REPLACED] == 2  # a.txt, and b.txt whose copies pointed at a.txt
    assert store_audit_json(root) == text_audit_json([str(first), str(copy)])
    assert store_stats(root) == text_stats([str(first), str(copy)])


def test_two_jobs_store_what_one_job_stores(tmp_path: Path, files: list[str]) -> None:
    import_paths(files, tmp_path / "one", jobs=1, segment_hands=300)
    import_paths(files, tmp_path / "two", jobs=2, segment_hands=300)
    assert same_contents(contents(tmp_path / "one"), contents(tmp_path / "two"))


def test_a_store_of_another_schema_version_is_refused(tmp_path: Path, files: list[str]) -> None:
    root = tmp_path / "store"
    import_paths(files[:1], root)
    manifest = json.loads((root / MANIFEST).read_text())
    for version, words in (
        (99, "newer razzlog"),
        (2, "cannot upgrade"),
        (1, "cannot upgrade"),
        (0, "cannot upgrade"),
    ):
        (root / MANIFEST).write_text(json.dumps({**manifest, "schema_version": version}))
        with pytest.raises(StoreError, match=words):
            read_manifest(root)
        with pytest.raises(StoreError, match=words):
            import_paths(files[:1], root)


def test_a_folder_that_is_no_store_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine\n")
    with pytest.raises(StoreError, match="not a razzlog store"):
        import_paths([], tmp_path)
    with pytest.raises(StoreError, match="no store"):
        open_store(tmp_path / "nothing")


def test_another_profile_is_refused_for_an_existing_store(tmp_path: Path, files: list[str]) -> None:
    import_paths(files[:1], tmp_path / "store")
    with pytest.raises(StoreError, match="profile 'auto'"):
        import_paths(files[:1], tmp_path / "store", profile="casino")


def test_query_groups_over_the_store(files: list[str], store: Path) -> None:
    hands = open_store(store).scan("hands").collect()
    frame = run_query(open_store(store), "SELECT site, COUNT(*) AS n FROM hands GROUP BY site ORDER BY site")
    assert dict(frame.iter_rows()) == dict(hands.group_by("site").len().iter_rows())
    joined = run_query(
        open_store(store),
        "SELECT h.hand_id, h.rake, SUM(p.net) AS net, COUNT(*) AS players FROM player_hands p "
        "JOIN hands h ON h.hand_key = p.hand_key WHERE h.hand_id = '35874566077' GROUP BY h.hand_id, h.rake",
    )
    # the first hand of the real session: five players dealt in, and the money adds up to the rake
    assert joined.row(0, named=True)["players"] == 5
    assert joined["net"][0] == -joined["rake"][0]
    with pytest.raises(ValueError, match="query failed"):
        run_query(open_store(store), "SELECT nothing FROM nowhere")


def test_stored_ids_answer_without_loading_the_hands(store: Path) -> None:
    from razzlog.rules.catalogue.rz503_duplicate_hand import SeenHands
    from razzlog.store.tables import StoredIds

    stored = open_store(store)
    ids = StoredIds(store, stored.manifest.segments)
    hands = stored.scan("hands").filter("first_sighting").select("site", "hand_id").collect()
    assert ids.hashes.len() == hands.height
    some = list(hands.head(3).iter_rows())
    assert ids.may_hold(some)
    assert ids.may_hold([("pokerstars", "1"), some[-1]])
    assert not ids.may_hold([("pokerstars", "1"), ("fulltilt", "35874566077"), ("nowhere", some[0][1])])
    assert not ids.may_hold([])
    seen = SeenHands()
    ids.load_into(seen)
    site, hand_id = some[0]
    assert seen.first(site, hand_id) is not None


def test_an_input_that_cannot_be_read_is_reported_and_the_rest_imported(
    tmp_path: Path, files: list[str]
) -> None:
    result = import_paths([str(tmp_path / "missing.txt"), files[0]], tmp_path / "store")
    assert [v.message for v in result.problems] == ["file not found"]
    assert result.exit_code() == 2
    assert result.files == {NEW: 1} and result.hands_added > 0


def test_a_reader_reads_again_when_an_import_removed_its_files(tmp_path: Path) -> None:
    from razzlog.store.tables import Store, read_store

    log = tmp_path / "a.txt"
    texts = _generated(log, 11, 20)
    root = tmp_path / "store"
    import_paths([str(log)], root)
    generations: list[int] = []

    def read(store: Store) -> int:
        generations.append(store.manifest.generation)
        if len(generations) == 1:  # an import commits while this reader holds the old manifest
            log.write_text("".join(texts[:10]), encoding="utf-8")
            import_paths([str(log)], root)  # replaced: the old segment is rewritten and removed
        return store.scan("hands").collect().height

    assert read_store(root, read) == 10
    assert generations == [1, 2]


def test_a_hand_of_another_game_is_not_in_the_store(files: list[str], store: Path) -> None:
    from razzlog.api import audit_paths
    from razzlog.render.hand_view import find_report
    from razzlog.store.show import stored_report

    found = find_report(audit_paths(files), "99")
    assert found is not None and found.other_game == "Hold'em No Limit" and not found.violations
    assert stored_report(open_store(store), "99") is None  # counted in files.other_games only


@pytest.mark.parametrize("hand_id", ["35874566077"])
def test_show_finds_what_the_text_path_finds(files: list[str], store: Path, hand_id: str) -> None:
    from razzlog.api import audit_paths
    from razzlog.render.hand_view import find_report
    from razzlog.store.show import stored_report

    expected = find_report(audit_paths(files), hand_id)
    found = stored_report(open_store(store), hand_id)
    assert expected is not None and found is not None
    assert (found.file, found.first_line, found.site, found.hand_id) == (
        expected.file,
        expected.first_line,
        expected.site,
        expected.hand_id,
    )
    assert found.violations == expected.violations
    assert (found.hand is None) == (expected.hand is None)
