"""The bundled samples: real and synthetic logs audit clean, hand-made ones report exactly their violations."""

from __future__ import annotations

from pathlib import Path

from razzlog.api import AuditSummary, audit_paths

SAMPLES = Path(__file__).resolve().parents[1] / "samples"

EXPECTED = {
    "call-amount.txt": [(31, "call-amount")],
    "hand-description.txt": [(61, "hand-description")],
    "mucked-winner.txt": [(42, "mucked-winner")],
    "out-of-turn.txt": [(20, "action-order")],
    "pot-to-the-wrong-player.txt": [(45, "pot-award")],
    "truncated-and-garbled.txt": [(1, "truncated-hand"), (86, "parse-error")],
    "wrong-bring-in.txt": [(19, "bring-in-player")],
}


def test_real_pokerstars_session_parses_all_nine_hands_clean() -> None:
    summary = AuditSummary()
    for report in audit_paths([str(SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt")]):
        summary.add(report)
        assert report.violations == ()
    assert (summary.hands, summary.hands_parsed, summary.hands_with_violations) == (9, 9, 0)


def test_synthetic_format_examples_audit_clean() -> None:
    reports = list(audit_paths([str(SAMPLES / "pokerstars-format-examples.synthetic.txt")]))
    assert len(reports) == 3
    assert all(r.hand is not None and r.violations == () for r in reports)


def test_each_violation_sample_reports_exactly_its_violations() -> None:
    found: dict[str, list[tuple[int, str]]] = {}
    for report in audit_paths([str(SAMPLES / "violations")]):
        for v in report.violations:
            found.setdefault(Path(v.file).name, []).append((v.line, v.rule))
    assert found == EXPECTED


def test_parse_error_is_located_by_line_and_column() -> None:
    path = SAMPLES / "violations" / "truncated-and-garbled.txt"
    errors = [v for r in audit_paths([str(path)]) for v in r.violations if v.rule == "parse-error"]
    assert [(e.line, e.column) for e in errors] == [(86, 9)]
    assert "cals" in errors[0].message
