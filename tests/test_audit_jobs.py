"""razzlog.audit_jobs: the workers render, and the bytes are the serial audit's, for every format."""

from __future__ import annotations

import io
import re
from decimal import Decimal
from pathlib import Path

import pytest
from rich.console import Console

from razzlog import audit_jobs
from razzlog.api import AuditSummary, HandReport, audit_paths
from razzlog.events import Hand
from razzlog.generate.stream import generate_labeled, generate_text
from razzlog.render import audit as render
from razzlog.render.audit import AuditTally
from razzlog.sites import parse_raw_hand
from razzlog.sources import RawHand, iter_raw_hands

HANDS = 1200
BLOCK = 16 * 1024  # small blocks: many tasks, the tables' hands spread over several


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Generated hands with injected violations in two files, a file repeating some of them (one
    altered: duplicate-hand both ways, across blocks and files), a file of other text and a missing
    file (input problems)."""
    folder = tmp_path_factory.mktemp("audit_jobs")
    text, labels = generate_labeled(20261202, HANDS, violations=0.3)
    assert labels
    hands = re.split(r"\n(?=PokerStars Hand #)", text)
    half = len(hands) // 2
    for i in range(20, len(hands), 40):  # a stack changed between hands: stack-continuity
        hands[i] = re.sub(r"\(([\d.]+) in chips\)", r"(\g<1>1 in chips)", hands[i], count=1)
    (folder / "a.txt").write_text("\n".join(hands[:half]), encoding="utf-8")
    (folder / "b.txt").write_text("\n".join(hands[half:]), encoding="utf-8")
    altered = re.sub(r"\((\$?[\d.]+) in chips\)", "(1234 in chips)", hands[5], count=1)
    copies = [hands[2], altered, *hands[half + 1 : half + 60]]
    (folder / "c.txt").write_text("\n".join(copies), encoding="utf-8")
    (folder / "notes.txt").write_text("no hands here\n", encoding="utf-8")
    return [str(folder / n) for n in ("a.txt", "b.txt", "c.txt", "notes.txt", "missing.txt")]


def _serial(paths: list[str], form: str, **options: object) -> tuple[str, AuditTally]:
    out = io.StringIO()
    writer: render.AuditWriter
    if form == "jsonl":
        writer = render.JsonlWriter(out)
    elif form == "json":
        writer = render.JsonWriter(out)
    else:
        writer = render.TableWriter(_console(out))
    reports = audit_paths(
        paths, str(options.get("profile", "auto")), options.get("select"), options.get("ignore")
    )  # type: ignore[arg-type]
    tally = render.run(reports, writer)
    return out.getvalue(), tally


def _parallel(paths: list[str], form: str, **options: object) -> tuple[str, AuditTally]:
    out = io.StringIO()
    table = render.TableWriter(_console(out)) if form == "table" else None
    work = audit_jobs.AuditWork(
        str(options.get("profile", "auto")),
        False,
        options.get("select"),
        options.get("ignore"),
        form,  # type: ignore[arg-type]
    )
    tally = audit_jobs.run_paths(paths, work, out, table, 2, block_bytes=BLOCK, in_flight=3)
    return out.getvalue(), tally


def _console(out: io.StringIO) -> Console:
    return Console(file=out, color_system=None, force_terminal=False, width=120, highlight=False)


def _counts(tally: AuditTally) -> tuple[object, ...]:
    s = tally.summary
    by_rule = sorted(s.by_rule.items())
    return (
        s.files,
        s.hands,
        s.hands_parsed,
        s.hands_with_violations,
        by_rule,
        s.worst,
        s.other_games,
        tally.input_problems(),
        tally.exit_code(),
    )


@pytest.mark.parametrize("form", ["jsonl", "json", "table"])
def test_worker_rendered_report_is_the_serial_report(corpus: list[str], form: str) -> None:
    serial, serial_tally = _serial(corpus, form)
    # the cross-hand checks found something across blocks and files, among many other rules
    assert all(rule in serial for rule in ("duplicate-hand", "stack-continuity", "unknown-format"))
    found, tally = _parallel(corpus, form)
    assert found == serial
    assert _counts(tally) == _counts(serial_tally)


@pytest.mark.parametrize("form", ["jsonl", "json", "table"])
def test_worker_rendered_report_filters_like_the_serial_report(corpus: list[str], form: str) -> None:
    options: dict[str, object] = {
        "profile": "casino",
        "select": {"duplicate-hand", "stack-continuity", "bring-in-amount", "bet-size", "unknown-format"},
        "ignore": {"bet-size"},
    }
    serial, serial_tally = _serial(corpus, form, **options)
    assert "stack-continuity" in serial
    found, tally = _parallel(corpus, form, **options)
    assert found == serial
    assert _counts(tally) == _counts(serial_tally)


def test_a_cross_hand_violation_merges_into_the_hands_own_by_line(tmp_path: Path) -> None:
    """A hand repeated with other text: duplicate-hand (at the hand's first line) goes before the
    hand's own violations, as the serial audit's sort puts it."""
    text, labels = generate_labeled(99, 40, violations=1.0)
    assert labels
    hands = re.split(r"\n(?=PokerStars Hand #)", text)
    path = tmp_path / "twice.txt"
    path.write_text("\n".join([*hands, *hands[:10]]), encoding="utf-8")
    serial, _ = _serial([str(path)], "jsonl")
    lines = serial.splitlines()
    assert any('"duplicate-hand"' in line for line in lines)
    first_dup = next(i for i, line in enumerate(lines) if '"duplicate-hand"' in line)
    assert (
        first_dup + 1 < len(lines) and '"duplicate-hand"' not in lines[first_dup + 1]
    )  # the hand's own follow
    assert _parallel([str(path)], "jsonl")[0] == serial


def test_json_object_of_a_violation_is_the_documents(corpus: list[str]) -> None:
    """A violation's object rendered alone is the text the document's encoder writes for it."""
    serial, _ = _serial(corpus[:1], "json")
    reports = [r for r in audit_paths(corpus[:1]) if r.violations]
    objects = [audit_jobs.render_one("json", v) for r in reports for v in r.violations]
    assert objects and ",\n".join(objects) in serial


def test_stacks_compared_as_text_then_as_amounts() -> None:
    """The cross-hand keys hold stacks as text: the same amount written otherwise is unchanged."""
    from razzlog.rules.catalogue.rz502_stack_continuity import stack_continuity, stack_texts

    assert stack_texts(frozenset({Decimal("2.5"), Decimal("1.90")})) == ("1.90", "2.5")
    previous = {"ann": stack_texts(frozenset({Decimal("1.90")})), "bob": ("0",), "cy": ("3", "4.00")}

    def found(seats: tuple[tuple[str, str, int], ...], tournament: bool) -> list[tuple[str, int, str]]:
        changes = stack_continuity("f", "pokerstars", "1", tournament, seats, previous)
        return [(v.player or "", v.line, v.message) for v in changes]

    same = (("ann", "1.9", 3), ("ann", "1.900", 4), ("bob", "5", 5), ("cy", "4", 6), ("dee", "7", 7))
    assert found(same, tournament=True) == []  # equal amounts, a bust and back, a newcomer
    assert found((("ann", "2", 3),), tournament=False) == []  # a cash top-up
    assert found((("ann", "2", 3), ("cy", "3.5", 4)), tournament=True) == [
        ("ann", 3, "ann starts with 2; they ended the previous hand at this table with 1.90"),
        ("cy", 4, "cy starts with 3.5; they ended the previous hand at this table with 3 or 4.00"),
    ]


def test_add_clean_counts_as_add_of_a_clean_parsed_report(tmp_path: Path) -> None:
    # (the workers count a hand without violations by add_clean, with no report built)
    path = tmp_path / "hands.txt"
    path.write_text(generate_text(20261203, 1), encoding="utf-8")
    raw = next(iter_raw_hands([str(path)]))
    assert isinstance(raw, RawHand)
    hand = parse_raw_hand(raw)
    assert isinstance(hand, Hand)
    h = hand.header
    by_add, by_clean = AuditSummary(), AuditSummary()
    for _ in range(3):
        by_add.add(HandReport(hand.file, hand.first_line, h.site, h.hand_id, hand, ()))
        by_clean.add_clean()
    assert by_clean == by_add
    assert by_clean.hands == by_clean.hands_parsed == 3
