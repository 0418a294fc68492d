"""``--by start``: results by the hero's 3-card start, on hands made for it.

Hands are PokerStars text at $0.04/$0.08 (ante $0.01, bring-in $0.02): Bob's
king brings in, the hero (dealt three cards: two down, the door card last)
either steals, winning $0.03, or folds, losing the ante.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from razzlog.cards import parse_cards, start_label
from razzlog.stats import load, player_stats
from razzlog.stats.chunks import table_chunks
from razzlog.stats.report import group_keys
from razzlog.stats.stream import report_stats
from razzlog.store.importer import import_paths
from tests.store.helpers import store_stats, text_stats

STEAL = (
    "Hero: raises $0.02 to $0.04\nBob: folds\nUncalled bet ($0.02) returned to Hero\n"
    "Hero collected $0.06 from pot\nHero: doesn't show hand\n*** SUMMARY ***\nTotal pot $0.06 | Rake $0\n"
)
FOLD = (
    "Hero: folds\nUncalled bet ($0.02) returned to Bob\n"
    "Bob collected $0.02 from pot\nBob: doesn't show hand\n*** SUMMARY ***\nTotal pot $0.02 | Rake $0\n"
)


def _hand(number: int, hero: str, play: str) -> str:
    return (
        f"PokerStars Game #{number}:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:{number:02d}:00 ET\n"
        "Table 'Start' 8-max\nSeat 1: Bob ($2 in chips)\nSeat 2: Hero ($2 in chips)\n"
        "Bob: posts the ante $0.01\nHero: posts the ante $0.01\n*** 3rd STREET ***\n"
        f"Dealt to Bob [Kc]\nDealt to Hero [{hero}]\nBob: brings in for $0.02\n{play}"
    )


# the hero's cards as dealt (the door card last), and what the hand adds under their start
HANDS = [
    ("2s As 3d", STEAL),  # A23
    ("3c 2h Ad", FOLD),  # A23 again, the ace up
    ("Ah 2c As", STEAL),  # AA2 split: the door card pairs a hole card
    ("Ah Ad 2c", STEAL),  # AA2 buried: the pair in the hole
    ("7h 7d 7c", FOLD),  # 777 rolled-up
    ("Td 9s Qh", STEAL),  # 9TQ
]
WANT = {  # start: (hands, net)
    "A23": (2, "0.02"),
    "AA2 split": (1, "0.03"),
    "AA2 buried": (1, "0.03"),
    "777 rolled-up": (1, "-0.01"),
    "9TQ": (1, "0.03"),
}


@pytest.mark.parametrize(
    ("dealt", "label"),
    [
        ("2s As 3d", "A23"),
        ("Kd 7c 2h", "27K"),
        ("Ah 2c As", "AA2 split"),
        ("2c Ah 2d", "A22 split"),
        ("Ah Ad 2c", "AA2 buried"),
        ("Kh Kd 2c", "2KK buried"),
        ("Ac Ad Ah", "AAA rolled-up"),
        ("Td 9s Ts", "9TT split"),
    ],
)
def test_the_start_as_razz_players_write_it(dealt: str, label: str) -> None:
    cards = parse_cards(dealt)
    assert start_label(cards[:2], cards[2]) == label


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    path = tmp_path / "start.txt"
    path.write_text("\n\n\n".join(_hand(i, cards, play) for i, (cards, play) in enumerate(HANDS, 1)))
    return path


def _by_start(rows: list[dict[str, Any]]) -> dict[str, tuple[int, str]]:
    return {row["start"]: (row["hands"], str(row["net"])) for row in rows}


def test_the_tables_group_the_heros_hands_by_start(hands: Path) -> None:
    tables = load([str(hands)])
    assert tables.players.filter(player="Bob")["start"].null_count() == len(HANDS)  # his hole cards unseen
    frame = player_stats(tables, "start", players=["@hero"])
    assert frame.columns[:2] == ["start", "currency"]
    got = {start: (n, f"{net:.2f}") for start, n, net in frame.select("start", "hands", "net").iter_rows()}
    assert got == WANT
    # everyone: the hands without a known start are a group of their own
    everyone = player_stats(tables, "player,start")
    assert everyone.filter(player="Bob")["start"].to_list() == [None]


def test_streamed_and_stored_give_what_the_tables_give(hands: Path, tmp_path: Path) -> None:
    chunks = table_chunks([str(hands)], 1, detail=False)
    streamed = report_stats(chunks, group_keys("start"), ["@hero"]).frame
    assert streamed.equals(player_stats(load([str(hands)]), "start", players=["@hero"]))
    import_paths([str(hands)], tmp_path / "store")
    stored = store_stats(tmp_path / "store", "start", players=["@hero"])
    assert stored == text_stats([str(hands)], "start", players=["@hero"])
    assert _by_start(stored["rows"]) == {k: (n, net) for k, (n, net) in WANT.items()}
