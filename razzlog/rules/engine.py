"""Audit one hand: replay it under a profile, run every registered rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from razzlog.events import Hand
from razzlog.rules.base import REGISTRY, Finding, Rule
from razzlog.rules.catalogue import load_all
from razzlog.rules.catalogue.rz204_bring_in_amount import against_table
from razzlog.rules.catalogue.rz502_stack_continuity import stack_continuity
from razzlog.rules.catalogue.rz503_duplicate_hand import duplicate_hand
from razzlog.rules.profiles import Profile
from razzlog.rules.replay import Replay, replay
from razzlog.rules.settle import ending_stacks
from razzlog.violations import Violation

load_all()


def rules() -> list[Rule]:
    """Every registered rule, in catalogue order."""
    return sorted(REGISTRY.values(), key=lambda r: r.code)


@dataclass(slots=True)
class CrossHandChecks:
    """State carried from hand to hand: ending stacks per table and the hand ids seen.

    ``stack-continuity`` and ``duplicate-hand`` need earlier hands; their
    checks and documentation are in the catalogue like every other rule.
    """

    last_stacks: dict[tuple[str, str], dict[str, frozenset[Decimal]]] = field(default_factory=dict)
    seen: dict[tuple[str, str], tuple[str, str, int]] = field(default_factory=dict)
    bring_ins: dict[tuple[str, str, Decimal], Counter[Decimal]] = field(default_factory=dict)

    def check(self, hand: Hand, state: Replay) -> list[Violation]:
        h = hand.header
        found = list(duplicate_hand(hand, self.seen))
        if found:
            return found  # a repeated hand says nothing new about stacks
        # Continuity is judged within a file: hands of one table spread over
        # several files are rarely consecutive.
        table = (h.site, f"{hand.file}/{h.tournament_id or ''}/{h.table}")
        usual = self.bring_ins.setdefault((*table, h.small_bet), Counter())
        found.extend(_violation(hand, REGISTRY["bring-in-amount"], f) for f in against_table(state, usual))
        previous = self.last_stacks.get(table)
        if previous is not None:
            found.extend(stack_continuity(hand, previous))
        self.last_stacks[table] = ending_stacks(state)
        return found


def audit_hand(hand: Hand, profile: Profile, cross: CrossHandChecks | None = None) -> list[Violation]:
    """The violations of one parsed hand under ``profile``, sorted by line.

    With ``cross``, the cross-hand rules judge it against the hands before it.
    """
    state = replay(hand, profile)
    found: list[Violation] = []
    for r in rules():
        if r.cross_hand:
            continue
        for f in r.check(state):
            assert isinstance(f, Finding)
            found.append(_violation(hand, r, f))
    if cross is not None:
        found.extend(cross.check(hand, state))
    found.sort(key=lambda v: v.line)
    return found


def _violation(hand: Hand, r: Rule, f: Finding) -> Violation:
    h = hand.header
    return Violation(r.name, r.severity, hand.file, f.line, h.site, h.hand_id, f.player, f.street, f.message)
