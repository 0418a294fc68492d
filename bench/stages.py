#!/usr/bin/env python3
"""Time per hand of each stage of the audit, in one process, streaming (a script, not a test).

    python bench/stages.py FILE [--cpu]

Stages: reading and splitting the input, parsing (masking, Lark and the
transformer), replaying, the per-hand rules, the cross-hand checks and the
statistics' rows of the hand (``stats`` and ``import`` build them), timed
hand by hand in one loop that keeps nothing; then masking alone, on a second
pass (it is part of parsing).  ``RAZZLOG_LARK_CYTHON=0`` times pure Lark.
``--cpu`` times the process's CPU time instead of the wall clock: on a machine
shared with other work, the wall clock also counts the time the process waits
for a CPU.  ``razzlog --version`` says which build (pure or compiled) runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from time import perf_counter, process_time

from razzlog.compiled import build
from razzlog.rules.engine import CrossHandChecks, hand_violations
from razzlog.rules.profiles import profile_for
from razzlog.rules.replay import replay
from razzlog.sites import fulltilt, parse_raw_hand
from razzlog.sites.masking import POKERSTARS, mask_lines
from razzlog.sources import iter_raw_hands
from razzlog.stats.extract import hand_rows
from razzlog.violations import Violation


def main(path: str, now: Callable[[], float]) -> None:
    cross = CrossHandChecks()
    spent = dict.fromkeys(("read", "parse", "replay", "rules", "cross", "rows", "mask"), 0.0)
    hands = 0
    start = now()
    items = iter_raw_hands([path])
    while True:
        a = now()
        raw = next(items, None)
        b = now()
        spent["read"] += b - a
        if raw is None:
            break
        if isinstance(raw, Violation):
            continue
        hand = parse_raw_hand(raw)
        c = now()
        spent["parse"] += c - b
        if isinstance(hand, Violation):
            continue
        hands += 1
        state = replay(hand, profile_for("auto", hand.header.site, False))
        d = now()
        spent["replay"] += d - c
        hand_violations(hand, state)
        e = now()
        spent["rules"] += e - d
        cross.check(hand, state)  # what the audit runs (razzlog.rules.engine.audit_hand)
        f = now()
        spent["cross"] += f - e
        hand_rows(hand, hands)
        spent["rows"] += now() - f
    total = now() - start - spent["rows"]  # the audit's stages: ``rows`` is the statistics' extra
    t = now()
    for raw in iter_raw_hands([path]):
        if not isinstance(raw, Violation):
            full_tilt = raw.lines[0].startswith(fulltilt.HEADER_PREFIXES)
            mask_lines(raw.lines, fulltilt.SYNTAX if full_tilt else POKERSTARS)
    spent["mask"] = now() - t - spent["read"]
    print(f"{build()}, {'CPU time' if now is process_time else 'wall clock'}")
    for stage, seconds in spent.items():
        label = {"mask": "mask (part of parse)", "rows": "rows (stats, not in total)"}.get(stage, stage)
        print(f"{label:<22} {seconds * 1e3 / max(hands, 1):7.3f} ms/hand")
    print(
        f"{'total (audit)':<22} {total * 1e3 / max(hands, 1):7.3f} ms/hand = {hands / total:,.0f} hands/s ({hands} hands)"
    )


if __name__ == "__main__":
    main(sys.argv[1], process_time if "--cpu" in sys.argv[2:] else perf_counter)
