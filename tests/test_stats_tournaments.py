"""Tournament results in the statistics: buy-in and fee from the header, place and prize from the
lines the site prints when a player finishes; ITM, prizes and ROI per player and tournament."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HAND = """\
PokerStars Hand #{hand}: Tournament #{tournament}, $10+$1 USD Razz Limit - Level II (20/40) - 2011/03/04 5:06:07 ET
Table '{tournament} 1' 6-max
Seat 1: {winner} (1000 in chips)
Seat 2: {loser} (22 in chips)
{winner}: posts the ante 4
{loser}: posts the ante 4
*** 3rd STREET ***
Dealt to {winner} [9s 8s 7s]
Dealt to {loser} [Qd]
{loser}: brings in for 6
{winner}: raises 14 to 20
{loser}: calls 12 and is all-in
Uncalled bet (2) returned to {winner}
*** 4th STREET ***
Dealt to {winner} [9s 8s 7s] [6s]
Dealt to {loser} [Qd] [Jd]
*** 5th STREET ***
Dealt to {winner} [9s 8s 7s 6s] [5s]
Dealt to {loser} [Qd Jd] [Td]
*** 6th STREET ***
Dealt to {winner} [9s 8s 7s 6s 5s] [4s]
Dealt to {loser} [Qd Jd Td] [9d]
*** RIVER ***
Dealt to {winner} [9s 8s 7s 6s 5s 4s] [3s]
*** SHOW DOWN ***
{winner}: shows [9s 8s 7s 6s 5s 4s 3s] (Lo: 7,6,5,4,3)
{loser}: shows [2c 3c Qd Jd Td 9d Kc] (Lo: Q,J,T,3,2)
{winner} collected 44 from pot
{loser} finished the tournament in 2nd place{received}
{winner} wins the tournament and receives $14.00 - congratulations!
*** SUMMARY ***
Total pot 44 | Rake 0
Seat 1: {winner} showed [9s 8s 7s 6s 5s 4s 3s] and won (44) with Lo: 7,6,5,4,3
Seat 2: {loser} showed [2c 3c Qd Jd Td 9d Kc] and lost with Lo: Q,J,T,3,2
"""


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two heads-up tournaments: Ann wins the first ($14; Bo 2nd, $6), Bo the second (Ann 2nd, nothing)."""
    path = tmp_path_factory.mktemp("tournaments") / "t.txt"
    hands = [
        HAND.format(hand=1, tournament=501, winner="Ann", loser="Bo", received=" and received $6.00."),
        HAND.format(hand=2, tournament=502, winner="Bo", loser="Ann", received=""),
    ]
    path.write_text("\n\n\n".join(hands), encoding="utf-8")
    return path


def stats(path: Path, *args: str) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-m", "razzlog", "stats", str(path), "-f", "json", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def test_each_tournament_of_each_player(history: Path) -> None:
    rows = {(r["player"], r["tournament"]): r for r in stats(history, "--by", "player,tournament")}
    ann_won, ann_lost = rows["Ann", "501"], rows["Ann", "502"]
    assert ann_won["buy_in_currency"] == "USD" and ann_won["currency"] == "chips"  # net stays in chips
    assert (ann_won["tournaments"], ann_won["place"], ann_won["itm"]) == (1, 1, 1.0)
    assert (ann_won["prizes"], ann_won["buy_ins"], ann_won["net"]) == ("14.00", "11.00", "22")
    assert ann_won["roi"] == pytest.approx(3 / 11, abs=1e-6)
    assert (ann_lost["place"], ann_lost["itm"], ann_lost["prizes"], ann_lost["roi"]) == (2, 0.0, "0.00", -1.0)
    bo_second = rows["Bo", "501"]
    assert (bo_second["place"], bo_second["prizes"]) == (2, "6.00")
    assert bo_second["roi"] == pytest.approx(-5 / 11, abs=1e-6)


def test_a_player_over_all_tournaments(history: Path) -> None:
    rows = {r["player"]: r for r in stats(history, "--by", "player,buy_in_currency")}
    ann = rows["Ann"]
    assert (ann["tournaments"], ann["itm"], ann["prizes"], ann["buy_ins"]) == (2, 0.5, "14.00", "22.00")
    assert ann["roi"] == pytest.approx((14 - 22) / 22, abs=1e-6)
    assert ann["place"] is None  # one place per row of one tournament only


def test_other_groupings_keep_their_columns(history: Path) -> None:
    row = stats(history, "--by", "player")[0]
    assert "tournaments" not in row and "buy_in_currency" not in row


def test_the_store_gives_the_same(history: Path, tmp_path: Path) -> None:
    store = tmp_path / "store"
    done = subprocess.run(
        [sys.executable, "-m", "razzlog", "import", str(history), "--store", str(store), "-q"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    for by in ("player,tournament", "player,buy_in_currency"):
        from_store = subprocess.run(
            [sys.executable, "-m", "razzlog", "stats", "--store", str(store), "-f", "json", "--by", by],
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(from_store.stdout) == stats(history, "--by", by)
