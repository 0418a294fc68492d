"""Broad legal-play check: hands from the independent dealer (razzlog.generate) audit clean.

The dealer shares no code with the rules, plays random legal razz with odd
names, short stacks (all-ins, side pots), caps, showdowns with mucks and split
pots, carrying stacks from hand to hand; hypothesis chooses the seeds.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.api import AuditSummary, audit_paths
from razzlog.generate.stream import generate_text


def _audit(text: str) -> tuple[AuditSummary, list[str]]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.txt"
        path.write_text(text, encoding="utf-8")
        summary = AuditSummary()
        found = []
        for report in audit_paths([str(path)]):
            summary.add(report)
            found += [f"{v.hand_id}:{v.line} {v.rule}: {v.message}" for v in report.violations]
    return summary, found


@settings(max_examples=35, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.sampled_from([(2, 2), (2, 8), (6, 8)]),
    site=st.sampled_from(["pokerstars", "winamax", "merge", "kingsclub"]),
)
def test_generated_sessions_audit_clean(seed: int, players: tuple[int, int], site: str) -> None:
    text = generate_text(seed, 30, players=players, site=site)
    summary, found = _audit(text)
    assert found == []
    assert summary.hands == summary.hands_parsed == 30


def test_two_thousand_generated_hands_audit_clean() -> None:
    summary, found = _audit(generate_text(20261129, 2000))
    assert found == []
    assert summary.hands_parsed == 2000
