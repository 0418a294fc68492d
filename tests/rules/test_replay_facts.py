"""What the replay and the settlement prepare once for the rules and the cross-hand checks.

The engine copies each action's fields onto its ``Step`` and each deal line's onto a
``Dealt`` (the rules read those, natively, rather than the interpreted event's), and the cross-hand keys take the ending stacks'
texts straight from the amounts (``ending_stack_texts``) rather than through a frozenset of
Decimals; the step rules test ``is_aggressive`` rather than membership of ``AGGRESSIVE``.
These are shortcuts for speed: the tests hold them to what they stand for, on every hand
of the sample files of every site and of the violation samples.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from razzlog.events import Action, ActionKind, Ante, Collect, Deal, Hand, UncalledReturn
from razzlog.rules.catalogue.rz502_stack_continuity import stack_texts
from razzlog.rules.profiles import profile_for
from razzlog.rules.replay import Replay, replay
from razzlog.rules.settle import ending_stack_texts, ending_stacks, pair_texts, settle
from razzlog.rules.state import AGGRESSIVE, is_aggressive
from razzlog.sites import parse_raw_hand
from razzlog.sources import iter_raw_hands
from razzlog.violations import Violation

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FILES = sorted(p for p in [*SAMPLES.glob("*.*"), *(SAMPLES / "violations").glob("*.*")] if p.is_file())


def _replays(path: Path) -> list[Replay]:
    raws = [raw for raw in iter_raw_hands([str(path)]) if not isinstance(raw, Violation)]
    hands = [h for raw in raws if isinstance(h := parse_raw_hand(raw), Hand)]
    return [replay(h, profile_for("auto", h.header.site, False)) for h in hands]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_steps_carry_their_actions_fields(path: Path) -> None:
    states = _replays(path)
    if path.name.startswith("pokerstars-cash"):
        assert sum(len(state.steps) for state in states) > 100  # (the test is not vacuous)
    for state in states:
        for s in state.steps:
            a = s.action
            assert (s.kind, s.player, s.street, s.line, s.all_in) == (
                a.kind,
                a.player,
                a.street,
                a.line,
                a.all_in,
            )


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_steps_are_the_actions_in_log_order(path: Path) -> None:
    """One step per action, in log order: deal-count reads the n-th action's fields from the
    n-th step as it walks the events."""
    for state in _replays(path):
        assert [s.action for s in state.steps] == list(state.of(Action))
        actions = [e for e in state.hand.events if type(e) is Action]
        assert all(s.action is a for s, a in zip(state.steps, actions, strict=True))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_dealt_records_are_the_deal_lines_in_log_order(path: Path) -> None:
    """One ``Dealt`` per deal line, in log order, with its fields: the card rules read the n-th
    deal line's fields from the n-th record as they walk the events."""
    states = _replays(path)
    if path.name.startswith("pokerstars-cash"):
        assert sum(len(state.dealt) for state in states) > 100  # (the test is not vacuous)
    for state in states:
        deals = [e for e in state.hand.events if type(e) is Deal]
        assert [(d.street, d.player, d.known, d.new, d.line) for d in state.dealt] == [
            (e.street, e.player, e.known, e.new, e.line) for e in deals
        ]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_settlements_unit_worked_out_when_asked_is_the_eager_one(path: Path) -> None:
    """``Settlement.unit``, now worked out when a split pot asks, is what the settlement
    computed for every hand before: a chip without a currency when every amount moved is whole."""
    units = set()
    for state in _replays(path):
        moved = [
            e.amount for e in state.hand.events if isinstance(e, Ante | Action | UncalledReturn | Collect)
        ]
        whole = all(a == a.to_integral_value() for a in moved)
        eager = Decimal(1) if state.hand.header.currency is None and whole else Decimal("0.01")
        unit = settle(state).unit
        assert str(unit) == str(eager)
        units.add(str(unit))
    if path.name.startswith("pokerstars-cash"):
        assert units == {"0.01"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_ending_stack_texts_are_the_texts_of_the_ending_stacks(path: Path) -> None:
    states = _replays(path)
    for state in states:
        expected = {player: stack_texts(stacks) for player, stacks in ending_stacks(state).items()}
        assert ending_stack_texts(state) == expected


# Amounts as the logs print them: whole, or with one or two decimals (``1.9`` and ``1.90``).
_AMOUNTS = st.builds(
    lambda units, places: Decimal(units).scaleb(-places), st.integers(0, 100_000), st.sampled_from([0, 1, 2])
)


@given(_AMOUNTS, _AMOUNTS)
def test_pair_texts_is_stack_texts_of_the_pair(logged: Decimal, ruled: Decimal) -> None:
    assert pair_texts(logged, ruled) == stack_texts(frozenset({logged, ruled}))


def test_pair_texts_keeps_the_logged_text_of_equal_amounts() -> None:
    assert pair_texts(Decimal("1.9"), Decimal("1.90")) == ("1.9",)
    assert pair_texts(Decimal("1.90"), Decimal("1.9")) == ("1.90",)


@pytest.mark.parametrize("kind", list(ActionKind))
def test_is_aggressive_is_membership_of_aggressive(kind: ActionKind) -> None:
    assert is_aggressive(kind) == (kind in AGGRESSIVE)
