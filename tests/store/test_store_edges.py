"""Edge cases a review of the store found: files that share a name, copies whose first copy is
rewritten while they are unchanged, a file gone between planning and reading, a reader of the
old generation, names that are not UTF-8, amounts the money columns cannot hold."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from razzlog.generate.stream import stream_labeled
from razzlog.store.importer import import_paths
from razzlog.store.plan import NEW, REPLACED, UNCHANGED
from razzlog.store.tables import open_store, read_store
from tests.store.helpers import store_audit_json, store_stats, text_audit_json, text_stats


def _hands(seed: int, count: int) -> list[str]:
    text = "".join(t for t, _ in stream_labeled(seed, count, (2, 6), "pokerstars", 0.0)) + "\n"
    return [h.strip("\n") + "\n\n\n" for h in re.split(r"\n(?=PokerStars Hand #)", text)]


def test_files_stored_under_one_name_keep_their_own_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    x, y, root = tmp_path / "x", tmp_path / "y", tmp_path / "store"
    x.mkdir()
    y.mkdir()
    first, second = _hands(11, 25), _hands(12, 25)
    (x / "a.txt").write_text("".join(first[:20]), encoding="utf-8")
    (y / "a.txt").write_text("".join(second[:20]), encoding="utf-8")
    for folder in (x, y):  # both stored as "a.txt"
        monkeypatch.chdir(folder)
        import_paths(["a.txt"], root)
    (x / "a.txt").write_text("".join(first), encoding="utf-8")
    (y / "a.txt").write_text("".join(second), encoding="utf-8")
    import_paths([str(x / "a.txt"), str(y / "a.txt")], root)
    files = open_store(root).files()
    assert files["hands"].to_list() == [25, 25]
    assert files["hands_stored"].to_list() == [25, 25]
    per_file = open_store(root).scan("hands").collect().group_by("file_id").len().sort("file_id")
    assert per_file["len"].to_list() == [25, 25]


def test_copies_are_read_again_when_their_first_copy_goes_even_if_unchanged(tmp_path: Path) -> None:
    folder, root = tmp_path / "d", tmp_path / "store"
    folder.mkdir()
    a, b = _hands(21, 10), _hands(22, 5)
    (folder / "f1.txt").write_text("".join(a), encoding="utf-8")
    (folder / "f2.txt").write_text("".join(b) + a[3], encoding="utf-8")  # an identical copy of a[3]
    import_paths([str(folder)], root)
    (folder / "f1.txt").write_text("".join(a[:3] + a[4:]), encoding="utf-8")  # a[3] is now only in f2
    result = import_paths([str(folder)], root)
    assert result.files == {REPLACED: 2}
    paths = [str(folder / "f1.txt"), str(folder / "f2.txt")]
    assert store_audit_json(root) == text_audit_json(paths)
    assert store_stats(root) == text_stats(paths)


def test_a_replaced_file_gone_before_it_is_read_leaves_the_store_consistent(tmp_path: Path) -> None:
    log, root = tmp_path / "f.txt", tmp_path / "store"
    hands = _hands(31, 12)
    log.write_text("".join(hands), encoding="utf-8")
    import_paths([str(log)], root)
    log.write_text("".join(hands[:6]), encoding="utf-8")  # replaced…

    def vanish(chunks, total):  # type: ignore[no-untyped-def]
        log.unlink()  # …and gone before its bytes are read
        return chunks

    result = import_paths([str(log)], root, progress=vanish)
    assert [v.message for v in result.problems] == ["cannot read file: No such file or directory"]
    store = open_store(root)
    assert store.files().height == 0 and store.scan("hands").collect().height == 0
    log.write_text("".join(hands), encoding="utf-8")  # back: read as new
    assert import_paths([str(log)], root).files == {NEW: 1}
    assert store_audit_json(root) == text_audit_json([str(log)])


def test_a_reader_under_another_profile_reads_everything_before_it_returns(tmp_path: Path) -> None:
    from razzlog.store.audit import stored_reports

    log, root = tmp_path / "f.txt", tmp_path / "store"
    hands = _hands(41, 12)
    log.write_text("".join(hands), encoding="utf-8")
    import_paths([str(log)], root)
    expected = text_audit_json([str(log)])
    summary, reports = read_store(root, lambda store: stored_reports(store, "fulltilt", False))
    log.write_text("".join(hands[:5]), encoding="utf-8")
    import_paths([str(log)], root)  # the segment the reports came from is rewritten and removed
    assert summary is None
    assert sum(1 for _ in reports) == 12  # read from the generation it was asked of
    assert expected


def test_names_that_are_not_utf8_are_stored_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    name = os.path.join(os.fsencode(folder), b"caf\xe9.txt")
    with open(name, "w", encoding="utf-8") as out:
        out.write("".join(_hands(51, 3)))
    result = import_paths([str(folder)], tmp_path / "store")
    assert result.files == {NEW: 1} and result.hands_added == 3
    paths = open_store(tmp_path / "store").files()["path"].to_list()
    assert paths == [str(folder / "caf\\xe9.txt")]
    assert import_paths([str(folder)], tmp_path / "store").files == {UNCHANGED: 1}


def test_hands_the_money_columns_cannot_hold_are_counted(tmp_path: Path) -> None:
    log = tmp_path / "f.txt"
    hands = _hands(61, 4)
    hands[1], changed = re.subn(
        r"\((\$?\d+(?:\.\d+)?) in chips\)", r"(\g<1>.000001 in chips)", hands[1], count=1
    )
    assert changed == 1
    log.write_text("".join(hands), encoding="utf-8")
    result = import_paths([str(log)], tmp_path / "store")
    assert (result.hands_parsed, result.hands_added, result.unstorable) == (4, 3, 1)
    # the other hands keep their own rows (the chunk's hands are renumbered without the odd one)
    alone = tmp_path / "alone.txt"
    alone.write_text("".join(hands[i] for i in (0, 2, 3)), encoding="utf-8")
    import_paths([str(alone)], tmp_path / "alone")
    for table in ("player_hands", "actions"):
        found, expected = (
            open_store(root)
            .scan(table)
            .join(
                open_store(root).scan("hands").select("hand_key", "hand_id"),
                on="hand_key",
                maintain_order="left",
            )
            .drop("hand_key")
            .collect()
            for root in (tmp_path / "store", tmp_path / "alone")
        )
        assert found.height and found.equals(expected), table
    # a hand's own columns and the text-derived ones (built apart in the worker) stay paired
    found, expected = (
        open_store(root).scan("hands").select("hand_id", "pot", "digest", "text").collect()
        for root in (tmp_path / "store", tmp_path / "alone")
    )
    assert found.height == 3 and found.equals(expected)


def test_a_grown_file_keeps_the_first_copy_of_a_hand_a_later_file_repeats(tmp_path: Path) -> None:
    p, q, root = tmp_path / "p.txt", tmp_path / "q.txt", tmp_path / "store"
    a, b = _hands(71, 12), _hands(72, 10)
    changed = a[11].replace("Table '", "Table 'Other ", 1)  # the same id, other text
    assert changed != a[11]
    p.write_text("".join(a[:10]), encoding="utf-8")
    q.write_text("".join(b) + changed + a[10], encoding="utf-8")  # and an identical copy of a[10]
    import_paths([str(p), str(q)], root)
    with open(p, "a", encoding="utf-8") as out:  # p grows with the hands q repeats
        out.write(a[10] + a[11])
    result = import_paths([str(p)], root)
    assert result.files == {"grown": 1, "replaced": 1}  # q read again after p
    both = [str(p), str(q)]
    assert store_audit_json(root) == text_audit_json(both)  # the repeats are q's, as in file order
    assert store_stats(root) == text_stats(both)
