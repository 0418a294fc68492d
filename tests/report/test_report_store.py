"""``razzlog report --store``: the same page as on the text, from the hand store."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from razzlog.report.build import report_paths, report_store
from razzlog.report.collect import ReportOptions
from razzlog.store.tables import open_store

from .helpers import VIOLATION_SAMPLES, assert_page_matches, audit_json, generate, invoke


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Generated hands with violations, the violation samples, and a copy of one file
    (its hands are identical copies: duplicate-hand warnings, stored once)."""
    folder = tmp_path_factory.mktemp("store-report") / "logs"
    first = generate(folder, 300, 31, 0.2)
    shutil.copytree(VIOLATION_SAMPLES, folder / "violations")
    shutil.copy(first, folder / "zz-copy.txt")
    return folder


@pytest.fixture(scope="module")
def store(logs: Path) -> Path:
    root = logs.parent / "store"
    code, _, err = invoke("import", logs, "--store", root, "--no-progress")
    assert code == 1, err
    return root


@pytest.mark.parametrize("profile", ["auto", "casino"])  # casino: the stored texts audited again
def test_the_stored_page_shows_the_stored_audits_numbers(store: Path, tmp_path: Path, profile: str) -> None:
    audit_code, doc = audit_json("--store", store, "--profile", profile)
    out = tmp_path / "report.html"
    code, _, err = invoke("report", "--store", store, "--profile", profile, "-o", out)
    assert code == audit_code == 1, err
    html = out.read_text(encoding="utf-8")
    assert_page_matches(html, doc)
    assert "Hand store" in html


def test_the_stored_page_is_the_text_page(logs: Path, store: Path) -> None:
    text_page, _ = report_paths([str(logs)], ReportOptions(("x",)), jobs=1, max_hands=1000)
    stored_options = ReportOptions(("x",), from_store=True)
    stored_page, _ = report_store(open_store(store), stored_options, max_hands=1000)
    assert stored_page.counts == text_page.counts
    assert stored_page.rules == text_page.rules
    assert stored_page.files == text_page.files
    assert stored_page.sites == text_page.sites
    assert stored_page.problems == text_page.problems
    # Replayed from the stored texts (copies from their first copy's); the store keeps no text
    # of a hand that does not parse.
    unparsed = {"RZ001", "RZ002"}
    assert [d for d in stored_page.hands if not unparsed & set(d.codes)] == [
        d for d in text_page.hands if not unparsed & set(d.codes)
    ]
    assert [replace(d, raw=()) for d in stored_page.hands if unparsed & set(d.codes)] == [
        replace(
            d, raw=(), note="Its text is not shown: the hand store keeps none for a hand that does not parse."
        )
        for d in text_page.hands
        if unparsed & set(d.codes)
    ]
    assert any(d.streets for d in stored_page.hands if "duplicate-hand" in {v.rule for v in d.loose})
