"""The replay engine's bookkeeping that no single rule pins down, on every sample hand.

``r.aggressor`` is stored once the engine leaves a street (a Street hashes by a Python call),
no longer at each bet and raise: it must still name each street's last bettor or raiser.
``is_betting`` replaced ``street in BETTING_STREETS`` and must agree with it on every street.
"""

from __future__ import annotations

from pathlib import Path

from razzlog.events import BETTING_STREETS, Hand, Street
from razzlog.rules.profiles import profile_for
from razzlog.rules.replay import is_betting, replay
from razzlog.rules.state import Replay, Status, is_aggressive
from razzlog.sites import parse_raw_hand
from razzlog.sources import iter_raw_hands
from razzlog.violations import Violation

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FILES = sorted(p for p in SAMPLES.rglob("*") if p.is_file() and p.suffix in (".txt", ".xml"))


def _hands(path: Path) -> list[Hand]:
    found: list[Hand] = []
    for raw in iter_raw_hands([str(path)]):
        if isinstance(raw, Violation):
            continue
        hand = parse_raw_hand(raw)
        if not isinstance(hand, Violation):
            found.append(hand)
    return found


def _aggressor_reference(r: Replay) -> dict[Street, str]:
    # the last bet, completion or raise of each street by a player still in (what the engine
    # applies); the sample hands' actions are on the street their header opened
    out: dict[Street, str] = {}
    for s in r.steps:
        if s.status is Status.IN and is_aggressive(s.kind):
            out[s.street] = s.player
    return out


def test_aggressor_is_each_streets_last_bettor() -> None:
    hands = [hand for path in FILES for hand in _hands(path)]
    assert len(hands) > 20  # (some violation samples parse to no hand at all)
    for hand in hands:
        r = replay(hand, profile_for("auto", hand.header.site, False))
        assert r.aggressor == _aggressor_reference(r), hand.header


def test_is_betting_matches_the_streets_property() -> None:
    for street in Street:
        assert is_betting(street) is street.is_betting is (street in BETTING_STREETS)
