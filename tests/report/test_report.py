"""``razzlog report``: the page model and the page, against ``razzlog audit --format json``.

Inputs are the repo's samples and hands made by ``razzlog generate`` with
injected violations; the page's numbers are read from its markup
(``data-count`` and the rows' ``data-`` attributes).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from razzlog.api import HandReport
from razzlog.report.build import report_paths
from razzlog.report.collect import HandPicker, ReportOptions
from razzlog.report.html import render_html
from razzlog.report.model import PlayerSection
from razzlog.report.texts import file_texts
from razzlog.sources import iter_raw_hands
from razzlog.violations import Severity, Violation

from .helpers import (
    SAMPLES,
    VIOLATION_SAMPLES,
    assert_offline,
    assert_page_matches,
    audit_json,
    generate,
    invoke,
    page_numbers,
)

HOSTILE = "<script>alert(1)</script>"
CLEAR_SCREEN = "\x1b[2J"
CATALOGUE_SIZE = 29


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of generated hands with violations: PokerStars, and Full Tilt in UTF-16."""
    folder = tmp_path_factory.mktemp("generated") / "logs"
    generate(folder, 600, 11, 0.15)
    generate(folder, 200, 12, 0.2, "--site", "fulltilt", "--encoding", "utf-16")
    return folder


def report(*args: str | Path) -> tuple[int, str, str]:
    return invoke("report", "--no-progress", *args)


def written(tmp_path: Path, *args: str | Path) -> tuple[int, str]:
    out = tmp_path / "report.html"
    code, _, _ = report(*args, "-o", out)
    return code, out.read_text(encoding="utf-8")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_page_shows_the_audits_numbers(generated: Path, tmp_path: Path, jobs: str) -> None:
    inputs = [generated, VIOLATION_SAMPLES, SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt"]
    audit_code, doc = audit_json(*inputs, "--jobs", jobs)
    code, html = written(tmp_path, *inputs, "--jobs", jobs)
    assert code == audit_code == 1
    numbers = assert_page_matches(html, doc)
    assert numbers.counts["violations"] > 100
    assert numbers.shown["shown"] + numbers.shown["left_out"] == doc["hands_with_violations"]


def test_the_model_counts_per_file_and_site_add_up(generated: Path) -> None:
    _, doc = audit_json(generated, SAMPLES)
    page, tally = report_paths([str(generated), str(SAMPLES)], ReportOptions(("x",)), jobs=1)
    assert tally.exit_code() == 1
    c = page.counts
    assert (c.files, c.hands, c.hands_parsed, c.hands_with_violations) == (
        doc["files"],
        doc["hands"],
        doc["hands_parsed"],
        doc["hands_with_violations"],
    )
    assert c.violations == len(doc["violations"]) == c.errors + c.warnings
    for field in ("hands", "hands_parsed", "hands_with_violations", "violations", "errors", "warnings"):
        assert sum(getattr(f, field) for f in page.files) == sum(getattr(s, field) for s in page.sites)
    assert sum(s.files for s in page.sites) == c.files
    assert {s.site: s.profile for s in page.sites} == {
        "pokerstars": "pokerstars",
        "fulltilt": "fulltilt",
        "winamax": "winamax",
        "merge": "merge",
        "kingsclub": "kingsclub",
    }
    assert sum(r.violations for r in page.rules) == c.violations


def test_hands_are_replayed_street_by_street_with_the_violations_on_their_lines(generated: Path) -> None:
    for jobs in (1, 2):  # two jobs: the audit sends back no events, the hands are read again
        page, _ = report_paths([str(generated)], ReportOptions(("x",)), jobs=jobs, max_hands=40)
        assert len(page.hands) == 40
        replayed = [d for d in page.hands if d.streets]
        assert replayed, "no hand replayed"
        for d in replayed:
            assert d.streets[0].title in ("Antes", "3rd street")
            placed = [v for s in d.streets for row in s.rows for v in row.violations]
            assert len(placed) + len(d.loose) >= 1
            for s in d.streets:
                for row in s.rows:
                    assert all(v.line == row.line for v in row.violations)
            assert d.raw and d.raw[0].number == d.first_line
            assert {line.number for line in d.raw if line.marked} == {
                v.line for v in (*placed, *d.loose) if d.first_line <= v.line <= d.raw[-1].number
            }


def test_the_cap_keeps_the_counts_and_says_how_many_hands_are_left_out(
    generated: Path, tmp_path: Path
) -> None:
    _, doc = audit_json(generated)
    _, html = written(tmp_path, generated, "--max-hands", "5")
    numbers = assert_page_matches(html, doc)
    left_out = doc["hands_with_violations"] - 5
    assert numbers.shown == {"shown": 5, "left_out": left_out}
    assert numbers.hand_articles == 5
    assert (
        f"5 of {doc['hands_with_violations']} hands with violations are shown; {left_out} are left out"
        in html
    )


def test_a_capped_page_still_has_an_example_of_every_rule(generated: Path) -> None:
    page, _ = report_paths([str(generated)], ReportOptions(("x",)), jobs=1, max_hands=CATALOGUE_SIZE + 1)
    assert page.hands_left_out > 0
    assert all(r.example is not None for r in page.rules), [r.rule for r in page.rules if r.example is None]
    firsts = [d.first_line for d in page.hands if d.file == page.hands[0].file]
    assert firsts == sorted(firsts)  # input order


def _report(line: int, *rules: str) -> HandReport:
    violations = tuple(
        Violation(rule, Severity.ERROR, "f", line, "pokerstars", str(line), None, None, "m") for rule in rules
    )
    return HandReport("f", line, "pokerstars", str(line), None, violations)


def test_the_picker_keeps_the_first_hands_and_the_first_of_each_rule() -> None:
    picker = HandPicker(3)
    for line, rule in enumerate(["a", "a", "a", "a", "b", "a", "c", "d", "e"], start=1):
        picker.offer(_report(line, rule))
    # a (first a), then b, c replace the later a's; d and e find no place left
    assert [r.first_line for r in picker.reports] == [1, 5, 7]
    assert picker.left_out == 6
    assert HandPicker(0).left_out == 0


def test_standard_input_is_replayed_from_the_hands_the_audit_kept(tmp_path: Path) -> None:
    text = (VIOLATION_SAMPLES / "call-amount.txt").read_text(encoding="utf-8")
    out = tmp_path / "stdin.html"
    code, _, _ = invoke("report", "-", "-o", out, "--jobs", "2", stdin=text)
    html = out.read_text(encoding="utf-8")
    assert code == 1
    assert page_numbers(html).counts["violations"] == 1
    assert "standard input is not kept" in html
    assert 'class="marked" data-line="31"' in html  # replayed, the call marked


def test_an_unreadable_input_exits_2_with_the_page_written(tmp_path: Path) -> None:
    code, html = written(tmp_path, VIOLATION_SAMPLES / "call-amount.txt", tmp_path / "missing.txt")
    assert code == 2
    assert "cannot be read" in html
    assert page_numbers(html).counts["files"] == 1


def test_exit_codes_follow_fail_on(tmp_path: Path) -> None:
    clean = SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt"
    assert written(tmp_path, clean)[0] == 0
    assert written(tmp_path, VIOLATION_SAMPLES, "--fail-on", "never")[0] == 0
    assert written(tmp_path, VIOLATION_SAMPLES, "--select", "call-amount")[0] == 1
    code, html = written(
        tmp_path, VIOLATION_SAMPLES, "--ignore", "RZ304,RZ001,RZ002,RZ203,RZ301,RZ403,RZ405,RZ406"
    )
    assert code == 0 and "No violations in" in html
    assert report(tmp_path / "nothing-here")[0] == 2
    assert report()[0] == 2  # no PATH, no --store
    assert report(clean, "--select", "no-such-rule")[0] == 2


def test_player_names_and_escapes_from_a_log_come_out_inert(tmp_path: Path) -> None:
    text = (VIOLATION_SAMPLES / "call-amount.txt").read_text(encoding="utf-8")
    text = text.replace("meg100", HOSTILE).replace("kobreli", CLEAR_SCREEN + "\u202eX")
    folder = tmp_path / "logs"
    folder.mkdir()
    hostile_file = folder / 'a"<b>\x1bname.txt'
    hostile_file.write_text(text, encoding="utf-8")
    _, doc = audit_json(folder)
    assert doc["violations"][0]["player"] == HOSTILE  # the offending call is the hostile player's
    out = tmp_path / "page.html"
    code, _, _ = report(folder, "--player", HOSTILE, "--player", CLEAR_SCREEN, "-o", out)
    html = out.read_text(encoding="utf-8")
    assert code == 1
    assert HOSTILE not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "\\x1b[2J\\u202eX" in html
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", html)
    assert re.findall(r"<script", html, re.IGNORECASE) == []
    assert 'data-file="' + str(folder) + '/a&#34;&lt;b&gt;\\x1bname.txt"' in html


def test_the_players_section_is_rendered_only_when_given(tmp_path: Path) -> None:
    page, _ = report_paths([str(VIOLATION_SAMPLES)], ReportOptions(("x",), players=(HOSTILE,)), jobs=1)
    assert page.players == (HOSTILE,)
    assert 'id="players"' not in render_html(page)
    html = render_html(page, PlayerSection(page.players))
    assert 'id="players"' in html and 'href="#players"' in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and HOSTILE not in html


def test_hands_read_again_are_the_hands_the_reader_gives(generated: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.txt"  # several of the reader's blocks of bytes
    big.write_bytes(b"".join(p.read_bytes() for p in sorted(generated.glob("gen-11.txt")) * 3))
    hands = [h for h in iter_raw_hands([str(big)]) if not isinstance(h, Violation)]
    assert big.stat().st_size > 1024 * 1024
    wanted = [hands[0], hands[5], hands[len(hands) // 2], hands[-1]]
    reports = [HandReport(h.file, h.first_line, None, "x", None, ()) for h in wanted]
    found = file_texts(reports)
    assert [found[(h.file, h.first_line)] for h in wanted] == wanted
    assert file_texts([HandReport(str(tmp_path / "gone.txt"), 1, None, "x", None, ())]) == {}


def test_the_page_references_nothing_outside_itself(generated: Path, tmp_path: Path) -> None:
    _, html = written(tmp_path, generated, VIOLATION_SAMPLES, "--player", "Hero")
    assert_offline(html)


def test_the_generated_file_stays_small_whatever_the_clean_hands(tmp_path: Path) -> None:
    few = generate(tmp_path / "few", 50, 21, 0.0)
    many = generate(tmp_path / "many", 1500, 21, 0.0)
    bad = VIOLATION_SAMPLES / "call-amount.txt"
    _, small = written(tmp_path, few, bad)
    _, large = written(tmp_path, many, bad)
    assert abs(len(large) - len(small)) < 200  # the same page, other counts


def test_input_that_holds_no_hand_is_listed_apart(tmp_path: Path) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("not a hand history\n", encoding="utf-8")
    _, doc = audit_json(junk, VIOLATION_SAMPLES / "call-amount.txt")
    code, html = written(tmp_path, junk, VIOLATION_SAMPLES / "call-amount.txt")
    assert code == 1
    numbers = assert_page_matches(html, doc)
    assert numbers.rules["unknown-format"] == 1
    assert numbers.shown == {"shown": 1, "left_out": 0}
    assert 'id="problems"' in html and f'data-file="{junk}"' in html


def test_a_hand_that_does_not_parse_is_shown_as_logged_with_the_place_marked(tmp_path: Path) -> None:
    _, html = written(tmp_path, VIOLATION_SAMPLES / "truncated-and-garbled.txt")
    assert (
        '<mark data-line="86"><u>86</u>✗ meg100: cals $0.04</mark>\n<u></u>          <span class="caret">^</span>'
        in html
    )
    assert "line 86, column 9: unexpected &#39;cals&#39;" in html
