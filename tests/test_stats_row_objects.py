"""The rows' cheaper objects: a hand's rows made without leaving cyclic garbage for the collector."""

from __future__ import annotations

import gc
from pathlib import Path

from razzlog.api import parse_paths
from razzlog.events import Hand
from razzlog.stats.extract import hand_rows

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _hands() -> list[Hand]:
    paths = [str(p) for p in sorted(SAMPLES.glob("*")) if p.is_file()]
    hands = [h for h in parse_paths(paths) if isinstance(h, Hand)]
    assert len(hands) > 10
    return hands


def test_a_hands_rows_leave_no_cyclic_garbage() -> None:
    # compiled, a closure in hand_rows and its environment referred to each other: every hand's
    # facts were garbage that only the collector's walks freed
    hands = _hands()
    gc.collect()
    gc.disable()
    try:
        for idx, hand in enumerate(hands):
            hand_rows(hand, idx)
            hand_rows(hand, idx, detail=False)
        assert gc.collect() == 0
    finally:
        gc.enable()
