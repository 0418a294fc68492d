"""Player statistics: every statistic on hand-made hands, net on the real sample, invariants at scale.

Each statistic's test states its definition (the same words as
``razzlog/stats/definitions.py`` and README.md's glossary) and works the
expected value out by hand from the hands below.  The hands are real
PokerStars text written to ``tmp_path``; they audit clean (stacks carry from
hand to hand), so the rule engine vouches for them independently.

The four hands of ``HANDS`` ($0.04/$0.08, ante $0.01, bring-in $0.02), in short:

* 1001 (Nov 26): Bob brings in, Cat folds, Dan completes (a steal), Hero and Bob fold.
* 1002 (Nov 27): Bob completes instead of bringing in ("bets"), Cat folds, Hero calls;
  on 4th Hero checks, Bob bets, Hero raises, Bob folds.
* 1003 (Nov 28): Cat brings in, Hero completes (a steal), Bob calls, Cat calls; Hero bets
  4th (both call), bets 5th, Bob raises, Cat folds, Hero calls; 6th checked; Hero bets
  the river, Bob calls; Hero's 7-low beats Bob's 9-low.
* 1004 (Nov 29): Cat brings in, Hero calls, Bob folds; Cat bets 4th, 5th and the river
  (6th checked), Hero calls each time and mucks a pair of deuces to Cat's 8-low.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.api import audit_paths, parse_paths
from razzlog.events import Action, ActionKind, Hand
from razzlog.generate.stream import generate_text
from razzlog.stats import (
    STATS,
    Tables,
    build_tables,
    glossary_markdown,
    load,
    low_distribution,
    player_stats,
)

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
HANDS = """\
PokerStars Game #1001:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:00:00 ET
Table 'Test' 8-max
Seat 1: Hero ($2 in chips)
Seat 2: Bob ($2 in chips)
Seat 3: Cat ($2 in chips)
Seat 4: Dan ($2 in chips)
Hero: posts the ante $0.01
Bob: posts the ante $0.01
Cat: posts the ante $0.01
Dan: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [2c 3d 4h]
Dealt to Bob [Kc]
Dealt to Cat [7s]
Dealt to Dan [6d]
Bob: brings in for $0.02
Cat: folds
Dan: raises $0.02 to $0.04
Hero: folds
Bob: folds
Uncalled bet ($0.02) returned to Dan
Dan collected $0.08 from pot
Dan: doesn't show hand
*** SUMMARY ***
Total pot $0.08 | Rake $0
Seat 1: Hero folded on the 3rd Street (didn't bet)
Seat 2: Bob folded on the 3rd Street
Seat 3: Cat folded on the 3rd Street (didn't bet)
Seat 4: Dan collected ($0.08)


PokerStars Game #1002:  Razz Limit ($0.04/$0.08 USD) - 2009/11/27 10:00:00 ET
Table 'Test' 8-max
Seat 1: Hero ($1.99 in chips)
Seat 2: Bob ($1.97 in chips)
Seat 3: Cat ($1.99 in chips)
Hero: posts the ante $0.01
Bob: posts the ante $0.01
Cat: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [As 2d 8c]
Dealt to Bob [Qh]
Dealt to Cat [5s]
Bob: bets $0.04
Cat: folds
Hero: calls $0.04
*** 4th STREET ***
Dealt to Hero [As 2d 8c] [3h]
Dealt to Bob [Qh] [Kd]
Hero: checks
Bob: bets $0.04
Hero: raises $0.04 to $0.08
Bob: folds
Uncalled bet ($0.04) returned to Hero
Hero collected $0.18 from pot
*** SUMMARY ***
Total pot $0.19 | Rake $0.01
Seat 1: Hero collected ($0.18)
Seat 2: Bob folded on the 4th Street
Seat 3: Cat folded on the 3rd Street (didn't bet)


PokerStars Game #1003:  Razz Limit ($0.04/$0.08 USD) - 2009/11/28 10:00:00 ET
Table 'Test' 8-max
Seat 1: Hero ($2.08 in chips)
Seat 2: Bob ($1.88 in chips)
Seat 3: Cat ($1.98 in chips)
Hero: posts the ante $0.01
Bob: posts the ante $0.01
Cat: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [4c 5d 7h]
Dealt to Bob [2s]
Dealt to Cat [Ks]
Cat: brings in for $0.02
Hero: raises $0.02 to $0.04
Bob: calls $0.04
Cat: calls $0.02
*** 4th STREET ***
Dealt to Hero [4c 5d 7h] [Ac]
Dealt to Bob [2s] [9d]
Dealt to Cat [Ks] [3s]
Hero: bets $0.04
Bob: calls $0.04
Cat: calls $0.04
*** 5th STREET ***
Dealt to Hero [4c 5d 7h Ac] [8d]
Dealt to Bob [2s 9d] [Th]
Dealt to Cat [Ks 3s] [Qc]
Hero: bets $0.08
Bob: raises $0.08 to $0.16
Cat: folds
Hero: calls $0.08
*** 6th STREET ***
Dealt to Hero [4c 5d 7h Ac 8d] [6c]
Dealt to Bob [2s 9d Th] [3d]
Hero: checks
Bob: checks
*** RIVER ***
Dealt to Hero [4c 5d 7h Ac 8d 6c] [Jd]
Hero: bets $0.08
Bob: calls $0.08
*** SHOW DOWN ***
Hero: shows [4c 5d 7h Ac 8d 6c Jd] (Lo: 7,6,5,4,A)
Bob: shows [5h 8h 2s 9d Th 3d 9s] (Lo: 9,8,5,3,2)
Hero collected $0.72 from pot
*** SUMMARY ***
Total pot $0.75 | Rake $0.03
Seat 1: Hero showed [4c 5d 7h Ac 8d 6c Jd] and won ($0.72) with Lo: 7,6,5,4,A
Seat 2: Bob showed [5h 8h 2s 9d Th 3d 9s] and lost with Lo: 9,8,5,3,2
Seat 3: Cat folded on the 5th Street


PokerStars Game #1004:  Razz Limit ($0.04/$0.08 USD) - 2009/11/29 10:00:00 ET
Table 'Test' 8-max
Seat 1: Hero ($2.47 in chips)
Seat 2: Bob ($1.55 in chips)
Seat 3: Cat ($1.89 in chips)
Hero: posts the ante $0.01
Bob: posts the ante $0.01
Cat: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [2c 2h 6s]
Dealt to Bob [Jc]
Dealt to Cat [Qd]
Cat: brings in for $0.02
Hero: calls $0.02
Bob: folds
*** 4th STREET ***
Dealt to Hero [2c 2h 6s] [6d]
Dealt to Cat [Qd] [4s]
Cat: bets $0.04
Hero: calls $0.04
*** 5th STREET ***
Dealt to Hero [2c 2h 6s 6d] [7c]
Dealt to Cat [Qd 4s] [5c]
Cat: bets $0.08
Hero: calls $0.08
*** 6th STREET ***
Dealt to Hero [2c 2h 6s 6d 7c] [Kh]
Dealt to Cat [Qd 4s 5c] [8h]
Cat: checks
Hero: checks
*** RIVER ***
Dealt to Hero [2c 2h 6s 6d 7c Kh] [Ks]
Cat: bets $0.08
Hero: calls $0.08
*** SHOW DOWN ***
Cat: shows [Ah 3s Qd 4s 5c 8h Jd] (Lo: 8,5,4,3,A)
Hero: mucks hand
Cat collected $0.45 from pot
*** SUMMARY ***
Total pot $0.47 | Rake $0.02
Seat 1: Hero mucked [2c 2h 6s 6d 7c Kh Ks]
Seat 2: Bob folded on the 3rd Street (didn't bet)
Seat 3: Cat showed [Ah 3s Qd 4s 5c 8h Jd] and won ($0.45) with Lo: 8,5,4,3,A
"""


@pytest.fixture
def tables(tmp_path: Path) -> Tables:
    path = tmp_path / "hands.txt"
    path.write_text(HANDS, encoding="utf-8")
    return load([str(path)])


def stats_of(tables: Tables, **options: Any) -> dict[str, dict[str, Any]]:
    """``player_stats`` rows by player."""
    return {row["player"]: row for row in player_stats(tables, **options).iter_rows(named=True)}


def column(tables: Tables, name: str) -> dict[str, Any]:
    return {player: row[name] for player, row in stats_of(tables).items()}


def test_the_hand_made_hands_audit_clean(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(HANDS, encoding="utf-8")
    reports = list(audit_paths([str(path)]))
    assert [r.hand_id for r in reports] == ["1001", "1002", "1003", "1004"]
    assert [v for r in reports for v in r.violations] == []


def test_tables_one_row_per_hand_per_player_hand_and_per_action(tables: Tables) -> None:
    assert tables.hands["hand_id"].to_list() == ["1001", "1002", "1003", "1004"]
    assert tables.hands["currency"].unique().to_list() == ["USD"]
    assert tables.hands["stakes"].unique().to_list() == ["$0.04/$0.08"]
    assert tables.hands["players"].to_list() == [4, 3, 3, 3]
    assert tables.players.height == 4 + 3 + 3 + 3
    # 5 + 7 + 15 + 11 actions (antes are not actions)
    assert tables.actions.height == 38
    assert tables.players.schema["net"] == pl.Decimal(38, 4)
    hero_1003 = tables.players.filter(pl.col("hand_idx") == 2, pl.col("player") == "Hero").row(0, named=True)
    assert hero_1003["put_5th"] == Decimal("0.16")  # bets 0.08, then calls Bob's raise to 0.16
    assert hero_1003["cards"] == "4c 5d 7h Ac 8d 6c Jd"
    assert hero_1003["final_low"] == "7,6,5,4,A"
    # "Hero: raises $0.02 to $0.04" over the bring-in: the chips put in are the "to", 0.04
    completion = tables.actions.filter(pl.col("hand_idx") == 2, pl.col("seq") == 1).row(0, named=True)
    assert (completion["player"], completion["kind"], completion["put"]) == ("Hero", "raise", Decimal("0.04"))


def test_hero_is_the_player_whose_hole_cards_are_shown(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(HANDS, encoding="utf-8")
    assert load([str(path)]).hero == "Hero"
    overridden = load([str(path)], hero="Bob")
    assert overridden.hero == "Bob"
    assert overridden.players.filter("is_hero")["player"].unique().to_list() == ["Bob"]


def test_net(tables: Tables) -> None:
    """net = collected + uncalled bet returned - (ante + bring-in + bets, calls, completions, raises).

    Hero: 1001 -0.01 (ante); 1002 0.18 + 0.04 - (0.01 + 0.04 + 0.08) = +0.09;
    1003 0.72 - (0.01 + 0.04 + 0.04 + 0.16 + 0.08) = +0.39; 1004 -(0.01 + 0.02 + 0.04 + 0.08 + 0.08) = -0.23.
    Bob: -0.03, -0.09, -0.33, -0.01.  Cat: -0.01, -0.01, -0.09, 0.45 - 0.23 = +0.22.
    Dan: 0.08 + 0.02 - 0.05 = +0.05.  Together -0.06: the rake (0 + 0.01 + 0.03 + 0.02).
    """
    assert column(tables, "net") == {
        "Hero": Decimal("0.24"),
        "Bob": Decimal("-0.46"),
        "Cat": Decimal("0.11"),
        "Dan": Decimal("0.05"),
    }


def test_net_bb_and_bb_per_100(tables: Tables) -> None:
    """net_bb = sum of net / big bet per hand; bb_per_100 = 100 * net_bb / hands.

    Hero: 0.24 / 0.08 = 3 big bets in 4 hands -> 75 per 100.  Dan: 0.05 / 0.08 = 0.625 in 1 hand.
    """
    rows = stats_of(tables)
    assert (rows["Hero"]["net_bb"], rows["Hero"]["bb_per_100"]) == pytest.approx((3.0, 75.0))
    assert (rows["Dan"]["net_bb"], rows["Dan"]["bb_per_100"]) == pytest.approx((0.625, 62.5))
    assert rows["Bob"]["net_bb"] == pytest.approx(-0.46 / 0.08)


def test_hands(tables: Tables) -> None:
    """hands = hands the player was dealt into."""
    assert column(tables, "hands") == {"Hero": 4, "Bob": 4, "Cat": 4, "Dan": 1}


def test_vpip(tables: Tables) -> None:
    """vpip = hands where the player called, completed or raised on 3rd street / hands.

    The ante and the bring-in alone are not voluntary; a bring-in player who completes is.
    Hero: calls in 1002 and 1004, completes in 1003, folds in 1001 -> 3/4.
    Bob: brings in and folds (1001, no), completes instead of bringing in (1002, yes), calls
    (1003, yes), folds (1004) -> 2/4.  Cat: folds, folds, brings in and calls Hero's completion
    (1003, yes), brings in only (1004, no) -> 1/4.  Dan: completes -> 1/1.
    """
    assert column(tables, "vpip") == {"Hero": 0.75, "Bob": 0.5, "Cat": 0.25, "Dan": 1.0}


def test_third_street_raise(tables: Tables) -> None:
    """third_street_raise = hands where the player completed or raised on 3rd street / hands.

    Hero completes in 1003 (1/4), Bob completes as the bring-in in 1002 (1/4), Dan in 1001 (1/1).
    """
    assert column(tables, "third_street_raise") == {"Hero": 0.25, "Bob": 0.25, "Cat": 0.0, "Dan": 1.0}


def test_bring_ins_and_how_often_the_bring_in_completes(tables: Tables) -> None:
    """bring_ins = hands where the player had the bring-in (posted it or completed instead);
    bring_in_complete = those where they completed / bring_ins (null without bring-ins).

    Bob: 1001 brings in, 1002 completes -> 2, 1/2.  Cat: 1003 and 1004, never completes -> 2, 0.
    """
    assert column(tables, "bring_ins") == {"Hero": 0, "Bob": 2, "Cat": 2, "Dan": 0}
    assert column(tables, "bring_in_complete") == {"Hero": None, "Bob": 0.5, "Cat": 0.0, "Dan": None}


def test_steal_attempt(tables: Tables) -> None:
    """steal_attempt = steal attempts / steal opportunities.

    An opportunity: a 3rd-street turn facing only the bring-in, everyone who acted after the
    bring-in folded, and at most two players besides the bring-in left to act.  Completing there
    is an attempt.
    1001 (4 players, Bob brings in): Cat is first, with Dan and Hero left (2): an opportunity, he
    folds; Dan, with Hero left (1): an opportunity, he completes.  Hero then faces a completion: none.
    1002: Bob completes as the bring-in, so nobody faces the bring-in alone: none.
    1003 (Cat brings in): Hero is first with Bob left: opportunity and attempt; Bob faces a completion.
    1004: Hero is first with Bob left: opportunity, he calls; Bob then faces a call: none.
    Hero 1/2, Cat 0/1, Dan 1/1, Bob none (null).
    """
    assert column(tables, "steal_attempt") == {"Hero": 0.5, "Bob": None, "Cat": 0.0, "Dan": 1.0}


def test_steal_needs_at_most_two_players_left_to_act(tmp_path: Path) -> None:
    """With six players a completion by the first player after the bring-in (four left to act
    besides the bring-in) is no steal; after two folds the third player (two left) has the chance."""
    text = _six_handed(
        "Dan: raises $0.02 to $0.04\nEve: folds\nFay: folds\nHero: folds\nBob: folds\nCat: folds\n"
    )
    path = tmp_path / "six.txt"
    path.write_text(text, encoding="utf-8")
    rows = {r["player"]: r for r in load([str(path)]).players.iter_rows(named=True)}
    assert [p for p, r in rows.items() if r["steal_opportunity"]] == []
    text = _six_handed(
        "Dan: folds\nEve: folds\nFay: raises $0.02 to $0.04\nHero: folds\nBob: folds\nCat: folds\n"
    )
    path.write_text(text, encoding="utf-8")
    rows = {r["player"]: r for r in load([str(path)]).players.iter_rows(named=True)}
    assert [p for p, r in rows.items() if r["steal_opportunity"]] == ["Fay"]
    assert rows["Fay"]["steal_attempt"] and rows["Cat"]["faced_steal"] and rows["Cat"]["folded_to_steal"]


def _six_handed(actions: str) -> str:
    players = ["Hero", "Bob", "Cat", "Dan", "Eve", "Fay"]
    doors = {"Bob": "5c", "Cat": "Kd", "Dan": "7c", "Eve": "8c", "Fay": "9c"}
    lines = [
        "PokerStars Game #2001:  Razz Limit ($0.04/$0.08 USD) - 2009/11/30 10:00:00 ET",
        "Table 'Six' 8-max",
    ]
    lines += [f"Seat {i}: {p} ($2 in chips)" for i, p in enumerate(players, 1)]
    lines += [f"{p}: posts the ante $0.01" for p in players]
    lines += ["*** 3rd STREET ***", "Dealt to Hero [2c 3c 4c]"]
    lines += [f"Dealt to {p} [{card}]" for p, card in doors.items()]
    lines += ["Cat: brings in for $0.02", *actions.splitlines()]
    stealer = next(line.split(":")[0] for line in actions.splitlines() if "raises" in line)
    lines += [f"Uncalled bet ($0.02) returned to {stealer}", f"{stealer} collected $0.10 from pot"]
    lines += ["*** SUMMARY ***", "Total pot $0.10 | Rake $0"]
    return "\n".join(lines) + "\n"


def test_fold_to_steal(tables: Tables) -> None:
    """fold_to_steal = hands where the bring-in folded to a steal attempt / hands where they faced one.

    The bring-in faces the steal when everyone between the stealer and them folded.
    1001: Dan steals, Hero folds, Bob (bring-in) folds: faced and folded.  1003: Hero steals but
    Bob calls before Cat (bring-in) acts: Cat does not face a steal.  Bob 1/1; nobody else faced one.
    """
    assert column(tables, "fold_to_steal") == {"Hero": None, "Bob": 1.0, "Cat": None, "Dan": None}


def test_aggression_factor_overall_and_per_street(tables: Tables) -> None:
    """aggression_factor = (bets + completions + raises) / calls, all streets; af_<street> the same
    on one street; null without calls.  The bring-in is neither.

    Hero: 1002 call (3rd), check + raise (4th); 1003 raise (3rd), bet (4th), bet + call (5th),
    check (6th), bet (7th); 1004 call (3rd), call (4th), call (5th), check (6th), call (7th).
    Aggressive 5, calls 6 -> 5/6; 3rd 1/2, 4th 2/1, 5th 1/2, 6th none, 7th 1/1.
    Cat: calls 3rd and 4th of 1003, bets 4th, 5th, 7th of 1004 -> 3/2; 7th 1/0 = null.
    Dan: one completion, no call -> null.
    """
    rows = stats_of(tables)
    assert rows["Hero"]["aggression_factor"] == pytest.approx(5 / 6)
    assert [rows["Hero"][f"af_{s}"] for s in ("3rd", "4th", "5th", "6th", "7th")] == [
        0.5,
        2.0,
        0.5,
        None,
        1.0,
    ]
    assert rows["Cat"]["aggression_factor"] == 1.5
    assert [rows["Cat"][f"af_{s}"] for s in ("3rd", "4th", "5th", "6th", "7th")] == [
        0.0,
        1.0,
        None,
        None,
        None,
    ]
    assert rows["Bob"]["aggression_factor"] == 1.0  # 1002 bet, bet; 1003 raise / 1003 three calls
    assert rows["Dan"]["aggression_factor"] is None


def test_aggression_frequency(tables: Tables) -> None:
    """aggression_frequency = (bets + completions + raises) / (those + calls + folds); checks and
    the bring-in do not count.

    Hero: 5 aggressive, 6 calls, 1 fold (1001) -> 5/12.  Bob: 3 / (3 + 3 calls + 3 folds) = 1/3.
    Cat: 3 / (3 + 2 + 3 folds) = 3/8.  Dan: 1/1.
    """
    rows = stats_of(tables)
    assert rows["Hero"]["aggression_frequency"] == pytest.approx(5 / 12)
    assert rows["Bob"]["aggression_frequency"] == pytest.approx(1 / 3)
    assert rows["Cat"]["aggression_frequency"] == 3 / 8
    assert rows["Dan"]["aggression_frequency"] == 1.0


def test_went_to_showdown(tables: Tables) -> None:
    """wtsd = showdowns / hands that saw 4th street.

    Saw 4th street: 4th street was dealt and the player had not folded on 3rd.  Showdown: not
    folded when the betting ended, with at least one other player in.
    Hero saw 4th in 1002, 1003, 1004 and went to showdown in 1003 and 1004 -> 2/3.
    Bob: 1002 and 1003, showdown in 1003 -> 1/2.  Cat: 1003, 1004; showdown 1004 -> 1/2.
    Dan never saw 4th street -> null.
    """
    assert column(tables, "saw_4th") == {"Hero": 3, "Bob": 2, "Cat": 2, "Dan": 0}
    assert column(tables, "showdowns") == {"Hero": 2, "Bob": 1, "Cat": 1, "Dan": 0}
    assert column(tables, "wtsd") == {"Hero": pytest.approx(2 / 3), "Bob": 0.5, "Cat": 0.5, "Dan": None}


def test_won_at_showdown(tables: Tables) -> None:
    """wsd = showdowns where the player collected from a pot / showdowns.

    Hero wins 1003 and loses 1004 -> 1/2; Bob loses 1003 -> 0; Cat wins 1004 -> 1.
    """
    assert column(tables, "wsd") == {"Hero": 0.5, "Bob": 0.0, "Cat": 1.0, "Dan": None}


def test_won_when_saw_fourth_street(tables: Tables) -> None:
    """wwsf = hands that saw 4th street where the player collected from a pot / hands that saw 4th.

    Hero wins 1002 (everyone folded on 4th) and 1003 of 1002-1004 -> 2/3.  Cat wins 1004 of
    1003-1004 -> 1/2.  Bob wins neither -> 0.  Dan's 1001 ended on 3rd: null.
    """
    assert column(tables, "wwsf") == {"Hero": pytest.approx(2 / 3), "Bob": 0.0, "Cat": 0.5, "Dan": None}


def test_final_lows_at_showdown(tables: Tables) -> None:
    """The final low: the best ace-to-five low of the cards the log shows of a player at showdown
    (at least five).  low_8_or_better = unpaired lows whose highest card is 8 or lower / known lows.

    Hero: 7,6,5,4,A in 1003; in 1004 he mucks, but his own deals show 2c 2h 6s 6d 7c Kh Ks, whose
    best low is the pair 2,2,K,7,6.  Bob shows 9,8,5,3,2 and Cat 8,5,4,3,A.
    """
    assert column(tables, "showdown_lows") == {"Hero": 2, "Bob": 1, "Cat": 1, "Dan": 0}
    assert column(tables, "low_8_or_better") == {"Hero": 0.5, "Bob": 0.0, "Cat": 1.0, "Dan": None}
    lows = low_distribution(tables, by="player")
    assert lows.select("player", pl.col("low").cast(pl.String), "count", "share").rows() == [
        ("Bob", "9-low", 1, 1.0),
        ("Cat", "8-low", 1, 1.0),
        ("Hero", "7-low", 1, 0.5),
        ("Hero", "paired", 1, 0.5),
    ]
    assert tables.players.filter(pl.col("final_low") == "2,2,K,7,6")["player"].to_list() == ["Hero"]


def test_filters_group_keys_min_hands_and_sort(tables: Tables) -> None:
    from datetime import date

    # 1002 and 1003 only: Hero +0.09 + 0.39, Bob -0.09 - 0.33
    rows = stats_of(tables, since=date(2009, 11, 27), until=date(2009, 11, 28), players=["Hero", "Bob"])
    assert {p: (r["hands"], r["net"]) for p, r in rows.items()} == {
        "Hero": (2, Decimal("0.48")),
        "Bob": (2, Decimal("-0.42")),
    }
    assert list(stats_of(tables, players=["@hero"])) == ["Hero"]
    assert list(stats_of(tables, min_hands=2)) == ["Bob", "Cat", "Hero"]  # hands desc, then by name
    assert list(stats_of(tables, sort="net")) == ["Hero", "Cat", "Dan", "Bob"]
    assert list(stats_of(tables, sort="net:asc")) == ["Bob", "Dan", "Cat", "Hero"]
    by_date = player_stats(tables, by="date")
    assert by_date.columns[:2] == ["date", "currency"]  # currency is always a key
    assert by_date.sort("date")["hands"].to_list() == [4, 3, 3, 3]
    # every player's net in a hand adds up to minus the rake
    assert by_date.sort("date")["net"].to_list() == [
        Decimal(0),
        Decimal("-0.01"),
        Decimal("-0.03"),
        Decimal("-0.02"),
    ]
    with pytest.raises(ValueError, match="unknown grouping"):
        player_stats(tables, by="player,seat")
    with pytest.raises(ValueError, match="cannot sort"):
        player_stats(tables, sort="nothing")


# Real PokerStars session (samples/pokerstars-cash-razz-0.04-0.08.txt), worked by hand:
# per hand, player -> (collected, uncalled bet returned, [ante, then every chip put in]).
REAL_HANDS: dict[str, dict[str, tuple[str, str, list[str]]]] = {
    "35874566077": {
        "kobreli": ("0", "0", ["0.01", "0.02"]),
        "willy32948": ("0", "0", ["0.01", "0.02", "0.04", "0.08"]),
        "meg100": ("0", "0", ["0.01", "0.02", "0.04"]),
        "Hero": ("0", "0", ["0.01"]),
        "SilkZone": ("0.39", "0.08", ["0.01", "0.02", "0.04", "0.08", "0.08"]),
    },
    "35874590575": {
        "kobreli": ("0", "0", ["0.01", "0.02"]),
        "meg100": ("0", "0", ["0.01", "0.02", "0.04", "0.08"]),
        "Hero": ("0.46", "0.08", ["0.01", "0.02", "0.04", "0.08", "0.08"]),
        "SilkZone": ("0", "0", ["0.01", "0.02", "0.04", "0.08"]),
    },
    "35874623967": {
        "kobreli": ("0", "0", ["0.01", "0.02"]),
        "meg100": ("0", "0", ["0.01", "0.02", "0.08"]),
        "HIWAII2": ("0.68", "0", ["0.01", "0.02", "0.08", "0.16"]),  # raises 0.08 to 0.16 on the river
        "Hero": ("0", "0", ["0.01", "0.02", "0.08", "0.08", "0.08"]),
        "SilkZone": ("0", "0", ["0.01", "0.02"]),
    },
    "35874664176": {
        "kobreli": ("0", "0", ["0.01", "0.02"]),
        "manga130": ("0", "0", ["0.01"]),
        "meg100": ("0", "0", ["0.01"]),
        "HIWAII2": ("0.12", "0.04", ["0.01", "0.02", "0.04"]),
        "Hero": ("0", "0", ["0.01"]),
        "SilkZone": ("0", "0", ["0.01", "0.02"]),
    },
    "35874682808": {
        "kobreli": ("0", "0", ["0.01"]),
        "manga130": ("0", "0", ["0.01", "0.02", "0.08", "0.08", "0.08"]),
        "meg100": ("0", "0", ["0.01", "0.02"]),
        "HIWAII2": ("0", "0", ["0.01", "0.02", "0.04", "0.04", "0.08", "0.08", "0.08"]),
        "Hero": ("0", "0", ["0.01"]),
        "SilkZone": ("0.98", "0.08", ["0.01", "0.02", "0.08", "0.08", "0.08", "0.16"]),
    },
    "35874721245": {
        # 4th: bets 0.04, raises to 0.12 (0.08 more)
        "kobreli": ("0", "0", ["0.01", "0.02", "0.04", "0.08", "0.08", "0.08"]),
        "manga130": ("0", "0", ["0.01", "0.02"]),
        "meg100": ("0", "0", ["0.01"]),
        "HIWAII2": ("0", "0", ["0.01"]),
        "Hero": ("0", "0", ["0.01", "0.02"]),
        "SilkZone": ("0.67", "0", ["0.01", "0.02", "0.08", "0.04", "0.08", "0.08"]),
    },
    "35874756552": {
        "kobreli": ("0.19", "0.08", ["0.01", "0.02", "0.04", "0.08"]),
        "manga130": ("0", "0", ["0.01"]),
        "meg100": ("0", "0", ["0.01", "0.02", "0.04"]),
        "HIWAII2": ("0", "0", ["0.01", "0.02"]),
        "Hero": ("0", "0", ["0.01"]),
        "SilkZone": ("0", "0", ["0.01"]),
    },
    "35874780027": {
        # river: bets 0.08, raises to 0.24 (0.16 more), calls 0.08
        "kobreli": ("1.49", "0", ["0.01", "0.04", "0.04", "0.08", "0.08", "0.08", "0.08", "0.16", "0.08"]),
        "manga130": ("0", "0", ["0.01"]),
        "meg100": ("0", "0", ["0.01", "0.04"]),
        "HIWAII2": ("0", "0", ["0.01", "0.02"]),
        # 3rd: raises to 0.04; 4th: raises to 0.08, calls 0.04
        "Hero": ("0", "0", ["0.01", "0.04", "0.08", "0.04"]),
        # 4th: raises to 0.12; river: raises to 0.16, then to 0.32
        "SilkZone": ("0", "0", ["0.01", "0.04", "0.12", "0.08", "0.08", "0.16", "0.16"]),
    },
    "35874817957": {
        "kobreli": ("0.80", "0", ["0.01", "0.02", "0.04", "0.08", "0.16", "0.04"]),
        "manga130": ("0", "0", ["0.01", "0.02", "0.04", "0.08", "0.08", "0.08", "0.04"]),  # all-in for 0.04
        "meg100": ("0", "0", ["0.01"]),
        "HIWAII2": ("0", "0", ["0.01", "0.02"]),
        "Hero": ("0", "0", ["0.01", "0.02", "0.04"]),
        "SilkZone": ("0", "0", ["0.01", "0.02"]),
    },
}


def _hand_net(collected: str, returned: str, put: list[str]) -> Decimal:
    return Decimal(collected) + Decimal(returned) - sum((Decimal(p) for p in put), Decimal(0))


def test_real_sample_net_matches_the_hand_computation(tmp_path: Path) -> None:
    """Per player, net = sum over hands of (collected + returned - everything put in)."""
    path = tmp_path / "real.txt"
    path.write_bytes((SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt").read_bytes())
    tables = load([str(path)])
    expected: dict[str, Decimal] = defaultdict(Decimal)
    hands: dict[str, int] = defaultdict(int)
    for per_player in REAL_HANDS.values():
        for player, (collected, returned, put) in per_player.items():
            expected[player] += _hand_net(collected, returned, put)
            hands[player] += 1
    assert dict(expected) == {
        "kobreli": Decimal("0.97"),
        "willy32948": Decimal("-0.15"),
        "meg100": Decimal("-0.51"),
        "Hero": Decimal("-0.27"),
        "SilkZone": Decimal("0.33"),
        "HIWAII2": Decimal("0.05"),
        "manga130": Decimal("-0.68"),
    }
    rows = stats_of(tables)
    assert {p: r["net"] for p, r in rows.items()} == expected
    assert {p: r["hands"] for p, r in rows.items()} == hands
    per_hand = tables.players.join(tables.hands.select("hand_idx", "hand_id"), on="hand_idx")
    for row in per_hand.iter_rows(named=True):
        assert row["net"] == _hand_net(*REAL_HANDS[row["hand_id"]][row["player"]]), row["hand_id"]
    # the rake is the only money that leaves the table: 0.26 in all
    assert sum(expected.values()) == -tables.hands["rake"].sum()


def test_a_raise_printed_without_its_total_is_over_the_streets_top_bet(tmp_path: Path) -> None:
    """A site that prints only the increment of a raise (no "to"): the chips put in are the
    street's top bet plus the increment minus what the player had in.  The capped river of
    35874780027 (raises to 0.16, 0.24, 0.32) gives the same nets either way."""
    path = tmp_path / "real.txt"
    path.write_bytes((SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt").read_bytes())
    hand = next(
        h for h in parse_paths([str(path)]) if isinstance(h, Hand) and h.header.hand_id == "35874780027"
    )
    bare = tuple(
        dataclasses.replace(e, to=None) if isinstance(e, Action) and e.kind is ActionKind.RAISE else e
        for e in hand.events
    )
    nets = {r["player"]: r["net"] for r in build_tables([hand]).players.iter_rows(named=True)}
    assert nets["kobreli"] == _hand_net(*REAL_HANDS["35874780027"]["kobreli"])
    replaced = build_tables([dataclasses.replace(hand, events=bare)]).players
    assert {r["player"]: r["net"] for r in replaced.iter_rows(named=True)} == nets


def test_cash_and_tournament_chips_never_add_up(tmp_path: Path) -> None:
    """The synthetic examples mix two cash hands and a tournament hand with side pots."""
    path = tmp_path / "mixed.txt"
    path.write_bytes((SAMPLES / "pokerstars-format-examples.synthetic.txt").read_bytes())
    tables = load([str(path)])
    by_currency = {r["currency"]: r for r in player_stats(tables, by="currency").iter_rows(named=True)}
    assert {c: (r["hands"], r["net"]) for c, r in by_currency.items()} == {
        "USD": (3 + 3, Decimal("-0.06")),  # minus the rake of the cash hands, 0.02 + 0.04
        "chips": (7, Decimal(0)),
    }
    chips = {
        r["player"]: r["net"] for r in player_stats(tables).iter_rows(named=True) if r["currency"] == "chips"
    }
    # meg river: 383 collected - (15 + 75 + 43 all-in); Ölfisch: 64 + 75 returned - (15 + 75 + 150)
    assert chips["meg river"] == 383 - (15 + 75 + 43)
    assert chips["Ölfisch"] == 64 + 75 - (15 + 75 + 150)
    assert chips["Søren 9"] == -(15 + 25 + 125)


def test_glossary_names_every_statistic() -> None:
    """The glossary (README.md's copy is checked by tests/test_readme.py) names each stat."""
    glossary = glossary_markdown()
    for stat in STATS:
        assert f"| `{stat.name}` |" in glossary


# --------------------------------------------------------------------------- generated corpora


def _generated(seed: int, hands: int) -> Tables:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.txt"
        path.write_text(generate_text(seed, hands), encoding="utf-8")
        return load([str(path)])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_hands_keep_the_money_invariants(seed: int) -> None:
    tables = _generated(seed, 40)
    players, hands, actions = tables.players, tables.hands, tables.actions
    assert hands.height == 40
    # net = collected + returned - contributions, and the actions' chips are the streets' chips
    put = pl.sum_horizontal("ante", "put_3rd", "put_4th", "put_5th", "put_6th", "put_7th")
    assert players.filter(pl.col("net") != pl.col("collected") + pl.col("returned") - put).height == 0
    by_action = actions.group_by("hand_idx", "player").agg(pl.col("put").sum().alias("chips"))
    joined = players.join(by_action, on=["hand_idx", "player"], how="left").with_columns(
        pl.col("chips").fill_null(Decimal(0))
    )
    assert joined.filter(pl.col("chips") != put - pl.col("ante")).height == 0
    # every hand: the players' nets plus the rake add up to zero
    per_hand = players.group_by("hand_idx").agg(pl.col("net").sum()).join(hands, on="hand_idx")
    assert per_hand.filter(pl.col("net") + pl.col("rake") != 0).height == 0
    # at one table, a player's stack in the table's next hand is this stack plus this hand's net
    table_next = hands.sort("hand_idx").select(
        "hand_idx", "table", pl.col("hand_idx").shift(-1).over("table").alias("table_next")
    )
    following = (
        players.join(table_next, on="hand_idx")
        .sort("hand_idx")
        .with_columns(
            next_stack=pl.col("start_stack").shift(-1).over("table", "player"),
            next_hand=pl.col("hand_idx").shift(-1).over("table", "player"),
        )
        # sat on to the table's next hand, not busted (a busted player may buy in again at once)
        .filter(pl.col("next_hand") == pl.col("table_next"), pl.col("start_stack") + pl.col("net") > 0)
    )
    assert following.height > 0
    mismatched = following.filter(pl.col("next_stack") != pl.col("start_stack") + pl.col("net"))
    assert mismatched.height == 0, mismatched
    # the grouped figures: per currency, the nets are minus the rake
    stats = player_stats(tables, by="currency")
    rake = hands.group_by("currency").agg(pl.col("rake").sum())
    assert dict(stats.select("currency", "net").rows()) == {c: -r for c, r in rake.rows()}
    assert stats["hands"].sum() == players.height


def test_a_hand_whose_rows_fail_leaves_the_columns_as_they_were(tmp_path: Path) -> None:
    """add_hand writes a hand's actions straight into their columns as it walks the hand: when
    its rows fail after that (here the small bet, read only for the hand's row, is NaN), those
    values are taken out and the columns still hold whole rows, counted right."""
    from razzlog.stats.extract import ACTION_WIDTH, Columns, add_hand
    from razzlog.stats.schema import ACTIONS_SCHEMA, HANDS_SCHEMA, PLAYERS_ROWS

    path = tmp_path / "real.txt"
    path.write_bytes((SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt").read_bytes())
    good, bad = [h for h in parse_paths([str(path)]) if isinstance(h, Hand)][:2]
    broken = dataclasses.replace(bad, header=dataclasses.replace(bad.header, small_bet=Decimal("NaN")))
    hands, players, actions = (
        Columns(len(HANDS_SCHEMA)),
        Columns(len(PLAYERS_ROWS)),
        Columns(len(ACTIONS_SCHEMA)),
    )
    add_hand(good, 0, hands, players, actions)
    before = (list(hands.values), list(players.values), list(actions.values), actions.height)
    assert actions.height == len(actions.values) // ACTION_WIDTH > 0
    with pytest.raises(ValueError):
        add_hand(broken, 1, hands, players, actions)
    assert (hands.values, players.values, actions.values, actions.height) == before
    add_hand(bad, 1, hands, players, actions)  # and the hand itself still adds whole rows
    assert actions.height == len(actions.values) // ACTION_WIDTH
    assert len(hands) == 2
