"""The stud statistics (razzlog.stats.stud), each on a hand made for it.

Hands are PokerStars text at $0.04/$0.08 (ante $0.01, bring-in $0.02); Ann's
king brings in, the others act clockwise after her.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from razzlog.api import audit_paths
from razzlog.stats import load, player_stats

DOORS = {"Ann": "Kc", "Bob": "8d", "Cy": "3h", "Di": "5s", "Ed": "9c"}


def _hand(number: int, players: str, play: str, pot: str, winner: str) -> str:
    """A hand of ``players`` (seats 1…), their door cards, ``play`` from the bring-in on, and a summary."""
    names = players.split()
    seats = "".join(f"Seat {i}: {p} ($2 in chips)\n" for i, p in enumerate(names, 1))
    antes = "".join(f"{p}: posts the ante $0.01\n" for p in names)
    deals = "".join(f"Dealt to {p} [{DOORS[p]}]\n" for p in names)
    return (
        f"PokerStars Game #{number}:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:{number % 60:02d}:00 ET\n"
        f"Table 'Stud' 8-max\n{seats}{antes}*** 3rd STREET ***\n{deals}Ann: brings in for $0.02\n{play}"
        f"{winner} collected {pot} from pot\n{winner}: doesn't show hand\n*** SUMMARY ***\n"
        f"Total pot {pot} | Rake $0\n"
    )


# Cy steals with the lowest door (3h; Di 5s and Ann Kc still to act); everyone folds.
STEAL_WON = _hand(
    1,
    "Ann Bob Cy Di",
    "Bob: folds\nCy: raises $0.02 to $0.04\nDi: folds\nAnn: folds\nUncalled bet ($0.02) returned to Cy\n",
    "$0.08",
    "Cy",
)
# Ann re-steals; Cy, 3-bet, folds.
RESTEAL = _hand(
    2,
    "Ann Bob Cy Di",
    "Bob: folds\nCy: raises $0.02 to $0.04\nDi: folds\nAnn: raises $0.04 to $0.08\nCy: folds\n"
    "Uncalled bet ($0.04) returned to Ann\n",
    "$0.12",
    "Ann",
)
# Ann calls the steal; Cy continues on 4th street and Ann folds to it.
CALL_THEN_CBET = _hand(
    3,
    "Ann Bob Cy Di",
    "Bob: folds\nCy: raises $0.02 to $0.04\nDi: folds\nAnn: calls $0.02\n*** 4th STREET ***\n"
    "Dealt to Ann [Kc] [Qd]\nDealt to Cy [3h] [4c]\nCy: bets $0.04\nAnn: folds\n"
    "Uncalled bet ($0.04) returned to Cy\n",
    "$0.12",
    "Cy",
)
# Five players: Bob completes first in, early (no steal), with 8d while Cy's 3h is still to act;
# Cy folds to the completion, Di calls it; on 4th Bob bets and Di calls; on 5th Di bets first
# (no continuation bet: Bob was the 4th-street aggressor) and Bob folds to the first big bet.
COMPLETION = _hand(
    4,
    "Ann Bob Cy Di Ed",
    "Bob: raises $0.02 to $0.04\nCy: folds\nDi: calls $0.04\nEd: folds\nAnn: folds\n*** 4th STREET ***\n"
    "Dealt to Bob [8d] [2c]\nDealt to Di [5s] [6h]\nDi: checks\nBob: bets $0.04\nDi: calls $0.04\n"
    "*** 5th STREET ***\nDealt to Bob [8d 2c] [Jd]\nDealt to Di [5s 6h] [7c]\nDi: bets $0.08\nBob: folds\n"
    "Uncalled bet ($0.08) returned to Di\n",
    "$0.23",
    "Di",
)
# Bob limps (calls the bring-in first in); Cy and Di fold behind the limp (no first-in turn).
LIMP = _hand(
    5,
    "Ann Bob Cy Di",
    "Bob: calls $0.02\nCy: folds\nDi: folds\nAnn: checks\n*** 4th STREET ***\n"
    "Dealt to Ann [Kc] [Qd]\nDealt to Bob [8d] [2c]\nBob: checks\nAnn: bets $0.04\nBob: folds\n"
    "Uncalled bet ($0.04) returned to Ann\n",
    "$0.08",
    "Ann",
)


def _stats(tmp_path: Path, *hands: str) -> dict[str, dict[str, Any]]:
    path = tmp_path / "hands.txt"
    path.write_text("\n\n\n".join(hands), encoding="utf-8")
    assert sum(1 for _ in audit_paths([str(path)])) == len(hands)
    frame = player_stats(load([str(path)]))
    return {row["player"]: row for row in frame.iter_rows(named=True)}


def test_steal_success_and_steal_with_the_lowest_door(tmp_path: Path) -> None:
    rows = _stats(tmp_path, STEAL_WON, RESTEAL)
    assert rows["Cy"]["steal_attempt"] == 1.0
    assert rows["Cy"]["steal_success"] == 0.5  # won at once in the first hand, re-stolen in the second
    assert rows["Cy"]["steal_lowest_door"] == 1.0
    assert rows["Ann"]["steal_success"] is None  # never stole


def test_the_bring_ins_answers_to_a_steal(tmp_path: Path) -> None:
    rows = _stats(tmp_path, STEAL_WON, RESTEAL, CALL_THEN_CBET)
    ann = rows["Ann"]
    assert (ann["fold_to_steal"], ann["call_steal"], ann["resteal"]) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_three_bet_and_fold_to_it(tmp_path: Path) -> None:
    rows = _stats(tmp_path, RESTEAL)
    assert rows["Ann"]["three_bet"] == 1.0  # Ann faced Cy's completion and raised it
    assert rows["Di"]["three_bet"] == 0.0  # Di faced it and folded
    assert rows["Cy"]["fold_to_three_bet"] == 1.0
    assert rows["Cy"]["three_bet"] is None  # the completer does not face their own completion


def test_continuation_bet_on_4th_and_the_fold_to_it(tmp_path: Path) -> None:
    rows = _stats(tmp_path, CALL_THEN_CBET)
    assert rows["Cy"]["cbet_4th"] == 1.0
    assert rows["Ann"]["fold_to_cbet_4th"] == 1.0
    assert rows["Ann"]["cbet_4th"] is None


def test_completion_first_in_fold_to_a_completion_and_the_first_big_bet(tmp_path: Path) -> None:
    rows = _stats(tmp_path, COMPLETION)
    bob, cy, di = rows["Bob"], rows["Cy"], rows["Di"]
    assert bob["complete_first_in"] == 1.0 and bob["limp"] == 0.0
    assert bob["steal_attempt"] is None  # two players besides the bring-in behind him: no steal turn
    assert bob["complete_lowest_door"] == 0.0  # Cy's 3h was still to act
    assert cy["fold_to_completion"] == 1.0 and di["fold_to_completion"] == 0.0
    assert cy["complete_first_in"] is None  # Bob was in before Cy
    assert bob["cbet_4th"] == 1.0  # the 3rd-street aggressor bet 4th street
    assert di["fold_to_cbet_4th"] == 0.0
    assert bob["cbet_5th"] is None  # Di bet 5th street before Bob's turn
    assert bob["fold_to_bet_5th"] == 1.0 and di["fold_to_bet_5th"] is None


def test_limp(tmp_path: Path) -> None:
    rows = _stats(tmp_path, LIMP)
    assert rows["Bob"]["limp"] == 1.0 and rows["Bob"]["complete_first_in"] == 0.0
    assert rows["Cy"]["limp"] is None and rows["Di"]["limp"] is None  # behind a limp: no first-in turn


def test_saw_and_won_when_reaching_later_streets(tmp_path: Path) -> None:
    rows = _stats(tmp_path, COMPLETION, LIMP)
    assert (rows["Bob"]["saw_4th"], rows["Bob"]["saw_5th"], rows["Bob"]["saw_6th"]) == (2, 1, 0)
    assert rows["Di"]["won_saw_5th"] == 1.0 and rows["Bob"]["won_saw_5th"] == 0.0
    assert rows["Di"]["won_saw_6th"] is None and rows["Di"]["saw_7th"] == 0


def test_aggression_over_4th_to_7th_street_only(tmp_path: Path) -> None:
    rows = _stats(tmp_path, COMPLETION)
    bob, di = rows["Bob"], rows["Di"]
    # Bob: completed on 3rd (not counted), bet 4th, folded 5th
    assert bob["aggression_factor_4th_7th"] is None  # no calls on 4th-7th
    assert bob["aggression_frequency_4th_7th"] == pytest.approx(1 / 2)
    assert bob["aggression_frequency"] == pytest.approx(2 / 3)  # all streets: the completion counts
    # Di: called 3rd (not counted), called 4th, bet 5th
    assert di["aggression_factor_4th_7th"] == 1.0
    assert di["aggression_frequency_4th_7th"] == pytest.approx(1 / 2)
