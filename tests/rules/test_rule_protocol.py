"""The per-hand rules' protocol (``razzlog.rules.base``): a rule returns its findings as a list.

Not a generator: ``hand_violations`` reads what a rule returns as a ``list[Finding]`` (a
compiled check, a wrong type fails there); this holds every registered rule to it, on legal
hands and on hands each rule judges illegal.
"""

from __future__ import annotations

from razzlog.events import Hand
from razzlog.rules.base import Finding
from razzlog.rules.engine import _per_hand_rules
from razzlog.rules.profiles import profile_for
from razzlog.rules.replay import replay
from razzlog.sites import parse_raw_hand
from razzlog.sources import iter_raw_hands
from razzlog.violations import Violation
from tests.rules.helpers import SAMPLES


def _hands() -> list[Hand]:
    """Every hand of the samples: legal ones, and ``samples/violations``' (one per rule)."""
    raws = [raw for raw in iter_raw_hands([str(SAMPLES)]) if not isinstance(raw, Violation)]
    return [h for raw in raws if isinstance(h := parse_raw_hand(raw), Hand)]


def test_every_per_hand_rule_returns_a_list_of_findings() -> None:
    hands = _hands()
    assert len(hands) > 20
    rules = _per_hand_rules()
    assert len(rules) == 24
    found = 0
    for hand in hands:
        state = replay(hand, profile_for("auto", hand.header.site, False))
        for rule in rules:
            result = rule.check(state)
            assert type(result) is list, rule.name
            assert all(type(f) is Finding for f in result), rule.name
            found += len(result)
    assert found > 0  # (lists with findings too: the samples of violations)
