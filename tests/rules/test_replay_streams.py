"""``Replay.stream``: the events of some kinds in log order, found by identity over a tuple of the
kinds, against the set look-up it replaces, on the hands of every sample file and generated
hands with injected violations, and any set of event kinds (the rules' own sets among them)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog import events
from razzlog.events import Event, Hand
from razzlog.generate.stream import generate_text
from razzlog.rules.profiles import profile_for
from razzlog.rules.replay import Replay, replay
from razzlog.sites import parse_raw_hand
from razzlog.sources import iter_raw_hands
from razzlog.violations import Violation

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FILES = sorted(p for p in [*SAMPLES.glob("*.*"), *(SAMPLES / "violations").glob("*.*")] if p.is_file())
KINDS = sorted(
    {t for t in vars(events).values() if isinstance(t, type) and t.__module__ == events.__name__},
    key=lambda t: t.__name__,
)


@cache
def _hands(tmp: Path) -> tuple[Hand, ...]:
    generated = tmp / "generated.txt"
    generated.write_text(generate_text(20261203, 150, violations=0.3), encoding="utf-8")
    paths = [*FILES, generated]
    raws = [raw for path in paths for raw in iter_raw_hands([str(path)]) if not isinstance(raw, Violation)]
    return tuple(h for raw in raws if isinstance(h := parse_raw_hand(raw), Hand))


def _reference(r: Replay, kinds: frozenset[type]) -> list[Event]:
    return [e for e in r.hand.events if type(e) in kinds]


def test_the_samples_have_hands(tmp_path_factory: pytest.TempPathFactory) -> None:
    assert len(_hands(tmp_path_factory.getbasetemp())) > 150


@settings(max_examples=60, deadline=None)
@given(st.frozensets(st.sampled_from(KINDS)), st.data())
def test_stream_is_the_events_of_those_kinds_in_log_order(
    tmp_path_factory: pytest.TempPathFactory, kinds: frozenset[type], data: st.DataObject
) -> None:
    hands = _hands(tmp_path_factory.getbasetemp())
    for h in data.draw(st.lists(st.sampled_from(hands), min_size=1, max_size=20)):
        r = replay(h, profile_for("auto", h.header.site, False))
        found = r.stream(kinds)
        expected = _reference(r, kinds)
        assert len(found) == len(expected) and all(a is b for a, b in zip(found, expected, strict=True))
        assert r.stream(kinds) is found  # computed once per set of kinds
