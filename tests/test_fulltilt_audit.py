"""Full Tilt hands audit under the fulltilt profile: real and hand-made hands are clean,
and Full Tilt's own claims (who is high) are checked, not trusted."""

from __future__ import annotations

from pathlib import Path

from razzlog.api import AuditSummary, audit_paths

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "fulltilt-cash-razz-0.10-0.20.utf16.txt"
DATA = ROOT / "tests" / "data"


def _audit(*paths: Path, profile: str = "auto") -> tuple[AuditSummary, list[tuple[str, str, int]]]:
    summary = AuditSummary()
    found = []
    for report in audit_paths([str(p) for p in paths], profile):
        summary.add(report)
        found += [(v.rule, v.severity.value, v.line) for v in report.violations]
    return summary, found


def test_real_full_tilt_hand_audits_clean() -> None:
    summary, found = _audit(SAMPLE)
    assert (summary.hands, summary.hands_parsed, found) == (1, 1, [])


def test_all_in_on_the_ante_and_all_in_bring_in_audit_clean() -> None:
    """Excess ante returned, nobody left to bring in, cards run out and shown early;
    a bring-in all-in for less than the bring-in."""
    summary, found = _audit(DATA / "fulltilt-all-in.txt")
    assert summary.hands == summary.hands_parsed == 2
    assert found == []


def test_line_kind_fixtures_audit_clean_and_other_games_are_skipped() -> None:
    summary, found = _audit(DATA / "fulltilt-line-kinds.txt")
    assert [rule for rule, severity, _ in found if severity == "error"] == []
    assert {rule for rule, _, _ in found} <= {"unknown-format"}
    assert summary.hands_parsed >= 3


def test_wrong_high_card_claim_is_a_bring_in_violation(tmp_path: Path) -> None:
    text = SAMPLE.read_bytes()[:-1].decode("utf-16")
    assert "Player5 is high with [Ks]" in text
    bad = tmp_path / "claim.txt"
    bad.write_text(text.replace("Player5 is high with [Ks]", "Player7 is high with [6h]"), encoding="utf-8")
    _, found = _audit(bad)
    claim_line = text.splitlines().index("Player5 is high with [Ks]") + 1
    assert found == [("bring-in-player", "error", claim_line)]


def test_mixed_folder_of_both_sites_gives_one_report(tmp_path: Path) -> None:
    (tmp_path / "stars.txt").write_bytes(
        (ROOT / "samples" / "pokerstars-cash-razz-0.04-0.08.txt").read_bytes()
    )
    (tmp_path / "tilt.txt").write_bytes(SAMPLE.read_bytes())
    sites = {r.site for r in audit_paths([str(tmp_path)])}
    summary, found = _audit(tmp_path)
    assert sites == {"pokerstars", "fulltilt"}
    assert (summary.hands, summary.hands_parsed, found) == (10, 10, [])


def test_show_replays_a_full_tilt_hand_with_its_high_card_claim() -> None:
    import subprocess
    import sys

    shown = subprocess.run(
        [sys.executable, "-m", "razzlog", "show", "26190453000", str(SAMPLE)],
        capture_output=True,
        text=True,
        env={"COLUMNS": "100", "PATH": ""},
    )
    assert shown.returncode == 0
    assert "Player5 is high with" in shown.stdout
    assert "Player8 completes to $0.10" in shown.stdout


def test_stats_across_sites_keep_one_currency_row_per_player(tmp_path: Path) -> None:
    from razzlog.stats import load, player_stats

    tables = load([str(ROOT / "samples" / "pokerstars-cash-razz-0.04-0.08.txt"), str(SAMPLE)])
    rows = player_stats(tables, by="player,site").to_dicts()
    sites = {(r["player"], r["site"], r["currency"]) for r in rows}
    assert ("Hero", "pokerstars", "USD") in sites and ("Hero", "fulltilt", "USD") in sites
    assert ("Player8", "fulltilt", "USD") in sites


def test_full_tilt_showdown_without_a_header_is_judged(tmp_path: Path) -> None:
    """Full Tilt prints no '*** SHOW DOWN ***': the shows after the river betting are the
    showdown. Cy bet the river, so Cy shows first; swapped, it is showdown-order."""
    text = (DATA / "fulltilt-line-kinds.txt").read_text(encoding="utf-8")
    cy = "Cy shows [7c 6c 5d 4s 2s Kd Kc] 7,6,5,4,2"
    ann = "Ann shows [6h 5h 7h 4d 2d Qd Qh] 7,6,5,4,2"
    assert f"{cy}\n{ann}" in text
    bad = tmp_path / "order.txt"
    bad.write_text(text.replace(f"{cy}\n{ann}", f"{ann}\n{cy}"), encoding="utf-8")
    _, found = _audit(bad, profile="fulltilt")
    assert [(rule, line) for rule, severity, line in found if severity == "error"] == [
        ("showdown-order", text.splitlines().index(cy) + 2)
    ]
