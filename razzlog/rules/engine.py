"""Audit one hand: replay it under a profile, run every registered rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from razzlog.events import Action, Hand, Seat
from razzlog.reducers import register as register_reducers
from razzlog.rules.base import REGISTRY, Finding, Rule
from razzlog.rules.catalogue import load_all
from razzlog.rules.catalogue.rz204_bring_in_amount import BringInKey, against_table, bring_in_to_compare
from razzlog.rules.catalogue.rz502_stack_continuity import SeatKey, stack_continuity, stack_texts
from razzlog.rules.catalogue.rz503_duplicate_hand import SeenHands, duplicate_hand
from razzlog.rules.profiles import Profile
from razzlog.rules.replay import Replay, replay
from razzlog.rules.settle import ending_stack_texts, ending_stacks
from razzlog.violations import Violation

load_all()


def rules() -> list[Rule]:
    """Every registered rule, in catalogue order."""
    return sorted(REGISTRY.values(), key=lambda r: r.code)


@dataclass(frozen=True, slots=True)
class CrossFacts:
    """What the cross-hand checks read of one audited hand.

    Small and picklable, so that the hand can be replayed in one process and
    judged against the hands before it in another (:mod:`razzlog.parallel`).
    """

    hand: Hand  # its header, place and text digest; of its events only the seats are needed
    bring_in: Action | None  # the bring-in to judge against the table's earlier ones
    ending_stacks: dict[str, frozenset[Decimal]]


def cross_facts(hand: Hand, state: Replay, slim: bool = False) -> CrossFacts:
    """The facts of a replayed hand for ``CrossHandChecks``; ``slim``: keep only the seat events."""
    if slim:  # the seats from the replay's index of events (``hand.seats`` scans every event)
        seats = tuple(state.of(Seat))
        hand = Hand(hand.header, seats, hand.file, hand.first_line, hand.last_line, hand.text_digest)
    return CrossFacts(hand, bring_in_to_compare(state), ending_stacks(state))


# What the cross-hand checks read of a hand, as plain values: the site, hand id, text digest,
# file and first line (duplicate-hand), the table's key (its file, tournament and table), small
# bet and whether a tournament, the bring-in to judge against the table's (bring-in-amount),
# the seats and the ending stacks (stack-continuity; amounts as their text, ``stack_texts``).  A
# tuple of strings and numbers unpickles about 10x faster than ``CrossFacts``' dataclasses (the
# header's every field, the seats' events, frozensets of Decimals), so the parallel audit's and the
# import's workers send this (:mod:`razzlog.audit_jobs`, :mod:`razzlog.store.rows`).
CrossKeys = tuple[
    str,
    str,
    str,
    str,
    int,
    str,
    Decimal,
    bool,
    BringInKey | None,
    tuple[SeatKey, ...],
    dict[str, tuple[str, ...]],
]


def cross_keys(hand: Hand, state: Replay) -> CrossKeys:
    """The :data:`CrossKeys` of a replayed hand."""
    seats = tuple([(s.player, str(s.stack), s.line) for s in state.of(Seat)])
    return _keys(hand, seats, bring_in_to_compare(state), ending_stack_texts(state))


def keys_of(facts: CrossFacts) -> CrossKeys:
    """The :data:`CrossKeys` of a hand's :class:`CrossFacts`."""
    seats = tuple([(s.player, str(s.stack), s.line) for s in facts.hand.seats])
    texts = {player: stack_texts(stacks) for player, stacks in facts.ending_stacks.items()}
    return _keys(facts.hand, seats, facts.bring_in, texts)


def _keys(
    hand: Hand, seats: tuple[SeatKey, ...], bring_in: Action | None, texts: dict[str, tuple[str, ...]]
) -> CrossKeys:
    h = hand.header
    table = f"{hand.file}/{h.tournament_id or ''}/{h.table}"
    a = None if bring_in is None else (bring_in.amount, bring_in.line, bring_in.player)
    return (
        h.site,
        h.hand_id,
        hand.text_digest,
        hand.file,
        hand.first_line,
        table,
        h.small_bet,
        h.is_tournament,
        a,
        seats,
        texts,
    )


@dataclass(slots=True)
class CrossHandChecks:
    """State carried from hand to hand: ending stacks per table and the hand ids seen.

    ``stack-continuity`` and ``duplicate-hand`` need earlier hands; their
    checks and documentation are in the catalogue like every other rule.
    Hands must be checked in input order.
    """

    # the ending stacks of each table's last hand, as ``stack_texts`` by player
    last_stacks: dict[tuple[str, str], dict[str, tuple[str, ...]]] = field(default_factory=dict)
    seen: SeenHands = field(default_factory=SeenHands)
    bring_ins: dict[tuple[str, str, Decimal], Counter[Decimal]] = field(default_factory=dict)

    def check(self, hand: Hand, state: Replay) -> list[Violation]:
        return self.check_keys(cross_keys(hand, state))

    def check_facts(self, facts: CrossFacts) -> list[Violation]:
        return self.check_keys(keys_of(facts))

    def check_keys(self, keys: CrossKeys) -> list[Violation]:
        """The cross-hand rules' violations of the hand of ``keys``, against the hands before it."""
        site, hand_id, digest, file, first_line, table_key, small_bet, tournament, bring_in, seats, ends = (
            keys
        )
        duplicate = duplicate_hand(site, hand_id, digest, file, first_line, self.seen)
        if duplicate is not None:
            return [duplicate]  # a repeated hand says nothing new about stacks
        found: list[Violation] = []
        # Continuity is judged within a file: hands of one table spread over
        # several files are rarely consecutive.
        table = (site, table_key)
        usual = self.bring_ins.get((site, table_key, small_bet))
        if usual is None:  # (not setdefault: that would build a Counter for every hand)
            usual = self.bring_ins[(site, table_key, small_bet)] = Counter()
        if bring_in is not None:
            r = REGISTRY["bring-in-amount"]
            for f in against_table(bring_in, usual):
                found.append(
                    Violation(r.name, r.severity, file, f.line, site, hand_id, f.player, f.street, f.message)
                )
        previous = self.last_stacks.get(table)
        if previous is not None:
            found.extend(stack_continuity(file, site, hand_id, tournament, seats, previous))
        self.last_stacks[table] = ends
        return found


def audit_hand(hand: Hand, profile: Profile, cross: CrossHandChecks | None = None) -> list[Violation]:
    """The violations of one parsed hand under ``profile``, sorted by line.

    With ``cross``, the cross-hand rules judge it against the hands before it.
    """
    state = replay(hand, profile)
    found = hand_violations(hand, state)
    if cross is not None:
        found.extend(cross.check(hand, state))
    sort_by_line(found)
    return found


def hand_violations(hand: Hand, state: Replay) -> list[Violation]:
    """The per-hand rules' violations of a replayed hand, in catalogue order (not sorted)."""
    found: list[Violation] = []
    for r in _per_hand_rules():
        findings: list[Finding] = r.check(state)  # (checked a list of Findings, compiled)
        for f in findings:
            found.append(_violation(hand, r, f))
    return found


_PER_HAND: list[Rule] = []
_REGISTERED = 0


def _per_hand_rules() -> list[Rule]:
    """``rules()`` less the cross-hand ones, sorted once (again only if a rule is registered later)."""
    global _REGISTERED
    if len(REGISTRY) != _REGISTERED:
        _PER_HAND[:] = [r for r in rules() if not r.cross_hand]
        _REGISTERED = len(REGISTRY)
    return _PER_HAND


def sort_by_line(found: list[Violation]) -> None:
    """Sort a hand's violations by line, as ``audit_hand`` does (stable)."""
    if len(found) > 1:  # (most hands have none: no call of ``sort``)
        found.sort(key=_line)


def _line(v: Violation) -> int:
    return v.line


def _violation(hand: Hand, r: Rule, f: Finding) -> Violation:
    h = hand.header
    return Violation(r.name, r.severity, hand.file, f.line, h.site, h.hand_id, f.player, f.street, f.message)


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
