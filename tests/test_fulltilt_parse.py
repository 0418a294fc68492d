"""The Full Tilt grammar and transformer: text in, razzlog.events out.

* the real UTF-16 hand (samples/) is pinned event by event;
* hand-written fixtures (tests/data/fulltilt-*.txt, modelled on real Full Tilt
  line shapes with other names, ids and cards) cover every line kind: an
  all-in on the ante, an all-in bring-in, tournament headers, sitting-out
  seats, chat that looks like actions, side pots, ties;
* any player names parse the same (hypothesis);
* parse errors name the exact line and column, truncated and foreign hands are told apart;
* a folder mixing PokerStars and Full Tilt files parses both.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from razzlog.cards import Card, parse_cards
from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    BringInClaim,
    Collect,
    Deal,
    Hand,
    HandHeader,
    Muck,
    OtherGameHand,
    Seat,
    SeatOutcome,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.sites import SITES, common, fulltilt, parse_raw_hand, site_for
from razzlog.sites.masking import mask_lines
from razzlog.sources import RawHand, iter_raw_hands
from razzlog.violations import Severity, Violation

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "samples" / "fulltilt-cash-razz-0.10-0.20.utf16.txt"
PS_REAL = ROOT / "samples" / "pokerstars-cash-razz-0.04-0.08.txt"
DATA = Path(__file__).resolve().parent / "data"
KINDS = DATA / "fulltilt-line-kinds.txt"
ALL_IN = DATA / "fulltilt-all-in.txt"


def D(text: str) -> Decimal:
    return Decimal(text)


def C(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def read_hands(path: Path) -> list[RawHand]:
    """Split a UTF-8 file into hands at every "Full Tilt " line (independent of sources.py)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("Full Tilt ")]
    hands = []
    for a, b in zip(starts, [*starts[1:], len(lines)], strict=True):
        chunk = lines[a:b]
        while chunk and not chunk[-1].strip():
            chunk.pop()
        hands.append(RawHand(str(path), a + 1, tuple(chunk), "utf-8"))
    return hands


def parse(raw: RawHand) -> Hand:
    result = fulltilt.parse_hand(raw)
    assert isinstance(result, Hand), result
    return result


def parse_text(text: str, first_line: int = 1) -> Hand | Violation:
    return fulltilt.parse_hand(RawHand("t.txt", first_line, tuple(text.split("\n")), "utf-8"))


@pytest.fixture(scope="module")
def real() -> RawHand:
    (raw,) = [r for r in iter_raw_hands([str(REAL)]) if isinstance(r, RawHand)]
    return raw


@pytest.fixture(scope="module")
def kinds() -> dict[str, Hand | Violation | OtherGameHand]:
    out: dict[str, Hand | Violation | OtherGameHand] = {}
    for raw in read_hands(KINDS) + read_hands(ALL_IN):
        hand_id = fulltilt.hand_id_of(raw.lines[0])
        assert hand_id is not None
        out[hand_id] = fulltilt.parse_hand(raw)
    return out


def hand(kinds: dict[str, Hand | Violation | OtherGameHand], hand_id: str) -> Hand:
    result = kinds[hand_id]
    assert isinstance(result, Hand), result
    return result


# --------------------------------------------------------------------------- (a) the real hand

REAL_HEADER = HandHeader(
    "fulltilt",
    "26190453000",
    "razz",
    D("0.10"),
    D("0.20"),
    "USD",
    False,
    None,
    None,
    None,
    "17:10:10 CCT - 2010/12/07",
    "Mart",
    None,
    1,
    ante=D("0.02"),
)
# The file is UTF-16 with a blank line between lines: events sit on odd lines.
REAL_EVENTS = (
    Seat(1, "Hero", D("4.50"), False, 3),
    Seat(2, "Player2", D("5.63"), False, 5),
    Seat(3, "Player3", D("7.60"), False, 7),
    Seat(4, "Player4", D("2.11"), False, 9),
    Seat(5, "Player5", D("8.18"), False, 11),
    Seat(7, "Player7", D("2.60"), False, 13),
    Seat(8, "Player8", D("1.75"), False, 15),
    Ante("Player3", D("0.02"), False, 17),
    Ante("Player4", D("0.02"), False, 19),
    Ante("Player5", D("0.02"), False, 21),
    Ante("Player2", D("0.02"), False, 23),
    Ante("Player8", D("0.02"), False, 25),
    Ante("Player7", D("0.02"), False, 27),
    Ante("Hero", D("0.02"), False, 29),
    StreetStart(Street.THIRD, 31),
    # "Dealt to Hero [6d Kd] [4s]": on 3rd street all three cards are new
    Deal(Street.THIRD, "Hero", (), C("6d Kd 4s"), 33),
    Deal(Street.THIRD, "Player2", (), C("2s"), 35),
    Deal(Street.THIRD, "Player3", (), C("5h"), 37),
    Deal(Street.THIRD, "Player4", (), C("7c"), 39),
    Deal(Street.THIRD, "Player5", (), C("Ks"), 41),
    Deal(Street.THIRD, "Player7", (), C("6h"), 43),
    Deal(Street.THIRD, "Player8", (), C("7s"), 45),
    BringInClaim("Player5", Card.parse("Ks"), 47),
    Action(Street.THIRD, "Player5", ActionKind.BRING_IN, D("0.03"), None, False, 49),
    Action(Street.THIRD, "Player7", ActionKind.CALL, D("0.03"), None, False, 51),
    # "completes it to $0.10": to 0.10, the chips the player adds 0.10
    Action(Street.THIRD, "Player8", ActionKind.COMPLETE, D("0.10"), D("0.10"), False, 53),
    Action(Street.THIRD, "Hero", ActionKind.FOLD, D("0"), None, False, 55),
    # line 57: "Player2 has 15 seconds left to act": no event
    Action(Street.THIRD, "Player2", ActionKind.FOLD, D("0"), None, False, 59),
    Action(Street.THIRD, "Player3", ActionKind.FOLD, D("0"), None, False, 61),
    Action(Street.THIRD, "Player4", ActionKind.CALL, D("0.10"), None, False, 63),
    Action(Street.THIRD, "Player5", ActionKind.FOLD, D("0"), None, False, 65),
    Action(Street.THIRD, "Player7", ActionKind.CALL, D("0.07"), None, False, 67),
    StreetStart(Street.FOURTH, 69),
    Deal(Street.FOURTH, "Player4", C("7c"), C("8c"), 71),
    Deal(Street.FOURTH, "Player7", C("6h"), C("9h"), 73),
    Deal(Street.FOURTH, "Player8", C("7s"), C("Ad"), 75),
    Action(Street.FOURTH, "Player8", ActionKind.BET, D("0.10"), None, False, 77),
    Action(Street.FOURTH, "Player4", ActionKind.CALL, D("0.10"), None, False, 79),
    Action(Street.FOURTH, "Player7", ActionKind.CALL, D("0.10"), None, False, 81),
    StreetStart(Street.FIFTH, 83),
    Deal(Street.FIFTH, "Player4", C("7c 8c"), C("4d"), 85),
    Deal(Street.FIFTH, "Player7", C("6h 9h"), C("5c"), 87),
    Deal(Street.FIFTH, "Player8", C("7s Ad"), C("8h"), 89),
    Action(Street.FIFTH, "Player8", ActionKind.BET, D("0.20"), None, False, 91),
    Action(Street.FIFTH, "Player4", ActionKind.FOLD, D("0"), None, False, 93),
    Action(Street.FIFTH, "Player7", ActionKind.CALL, D("0.20"), None, False, 95),
    StreetStart(Street.SIXTH, 97),
    Deal(Street.SIXTH, "Player7", C("6h 9h 5c"), C("2d"), 99),
    Deal(Street.SIXTH, "Player8", C("7s Ad 8h"), C("3c"), 101),
    Action(Street.SIXTH, "Player8", ActionKind.BET, D("0.20"), None, False, 103),
    Action(Street.SIXTH, "Player7", ActionKind.FOLD, D("0"), None, False, 105),
    UncalledReturn("Player8", D("0.20"), 107),
    # "Player8 mucks", then wins the pot: a winner who does not show
    Muck(Street.SIXTH, "Player8", False, 109),
    Collect("Player8", D("1.12"), None, 111),
    StreetStart(Street.SUMMARY, 113),
    SummaryPot(D("1.17"), None, (), D("0.05"), 115),
    SummarySeat(1, "Hero", SeatOutcome.FOLDED, Street.THIRD, None, (), None, (), 117),
    SummarySeat(2, "Player2", SeatOutcome.FOLDED, Street.THIRD, None, (), None, (), 119),
    SummarySeat(3, "Player3", SeatOutcome.FOLDED, Street.THIRD, None, (), None, (), 121),
    SummarySeat(4, "Player4", SeatOutcome.FOLDED, Street.FIFTH, None, (), None, (), 123),
    SummarySeat(5, "Player5", SeatOutcome.FOLDED, Street.THIRD, None, (), None, (), 125),
    SummarySeat(7, "Player7", SeatOutcome.FOLDED, Street.SIXTH, None, (), None, (), 127),
    SummarySeat(8, "Player8", SeatOutcome.COLLECTED, None, None, (), D("1.12"), (), 129),
)


def test_real_hand_events_exactly(real: RawHand) -> None:
    result = parse(real)
    assert result.header == REAL_HEADER
    assert result.events == REAL_EVENTS
    assert (result.file, result.first_line, result.last_line) == (str(REAL), 1, 129)
    assert result.text_digest == common.text_digest(real.lines)


def test_real_hand_every_event_is_on_its_own_file_line(real: RawHand) -> None:
    physical = REAL.read_bytes()[2:-1].decode("utf-16-le").split("\n")
    for event in parse(real).events:
        text = physical[event.line - 1]
        if isinstance(event, (Action, Ante, Collect, Show, Muck)):
            assert text.startswith(event.player + " ")
        elif isinstance(event, Deal):
            assert text.startswith(f"Dealt to {event.player} [")
        elif isinstance(event, (Seat, SummarySeat)):
            assert text.startswith(f"Seat {event.seat}: {event.player}")
        elif isinstance(event, StreetStart):
            assert text.startswith("*** ")
        elif isinstance(event, UncalledReturn):
            assert text.endswith(" returned to " + event.player)


def test_the_digest_ignores_the_blank_lines_between_lines(real: RawHand) -> None:
    plain = dataclasses.replace(real, lines=tuple(line for line in real.lines if line))
    assert parse(plain).text_digest == parse(real).text_digest
    changed = dataclasses.replace(plain, lines=(*plain.lines[:-1], plain.lines[-1] + "x"))
    assert common.text_digest(changed.lines) != parse(real).text_digest


@pytest.mark.parametrize(
    "noise",
    [
        "Player2 sits out",
        "Player2 is disconnected",
        "Player2 has been disconnected",
        "Player2 has reconnected",
        "Player2 has returned",
        "Player2 stands up",
        "newcomer sits down",
        "newcomer adds $20",
        "Hero adds $1,000.50",
        "Player3 has requested TIME",
        "Player3 is feeling confused",
        "railbird has 15 seconds left to act",
        "5 seconds left to act",
        "The blinds are now $0.25/$0.50",
        "Time has expired",
        "Player2:",
        "Player2: Player2 bets $0.10",
        "railbird: Hero calls $0.10, and is all in",
    ],
)
def test_status_and_chat_lines_make_no_event(real: RawHand, noise: str) -> None:
    lines = list(real.lines)
    lines[56] = noise  # line 57: "Player2 has 15 seconds left to act"
    assert parse(dataclasses.replace(real, lines=tuple(lines))).events == REAL_EVENTS


def test_a_muck_with_its_cards(real: RawHand) -> None:
    lines = list(real.lines)
    lines[108] = "Player8 mucks [7s Ad 8h 3c]"
    assert parse(dataclasses.replace(real, lines=tuple(lines))).events == REAL_EVENTS


# --------------------------------------------------------------------------- (b) all-in hands

ALL_IN_ANTE = (
    Seat(1, "Kestrel", D("994"), False, 2),
    Seat(2, "Wren 7", D("6"), False, 3),
    Ante("Kestrel", D("7"), False, 4),
    Ante("Wren 7", D("6"), True, 5),  # "antes 6, and is all in"
    UncalledReturn("Kestrel", D("1"), 6),  # the excess of the bigger ante
    StreetStart(Street.THIRD, 7),  # "*** 3RD STREET *** (Total Pot: 12, 2 Players, 1 All-In)"
    Deal(Street.THIRD, "Kestrel", (), C("4c 8c 8d"), 8),
    Deal(Street.THIRD, "Wren 7", (), C("3c"), 9),
    BringInClaim("Kestrel", Card.parse("8d"), 10),  # and nobody brings in
    Show(Street.THIRD, "Kestrel", C("4c 8c 8d"), (), 11),
    Show(Street.THIRD, "Wren 7", C("Td Ts 3c"), (), 12),
    StreetStart(Street.FOURTH, 13),
    Deal(Street.FOURTH, "Kestrel", C("4c 8c 8d"), C("8s"), 14),
    Deal(Street.FOURTH, "Wren 7", C("Td Ts 3c"), C("Kh"), 15),
    StreetStart(Street.FIFTH, 16),
    Deal(Street.FIFTH, "Kestrel", C("4c 8c 8d 8s"), C("5s"), 17),
    Deal(Street.FIFTH, "Wren 7", C("Td Ts 3c Kh"), C("9d"), 18),
    StreetStart(Street.SIXTH, 19),
    Deal(Street.SIXTH, "Kestrel", C("4c 8c 8d 8s 5s"), C("Qd"), 20),
    Deal(Street.SIXTH, "Wren 7", C("Td Ts 3c Kh 9d"), C("Jh"), 21),
    StreetStart(Street.SEVENTH, 22),
    Deal(Street.SEVENTH, "Kestrel", C("4c 8c 8d 8s 5s Qd"), C("Qc"), 23),
    Deal(Street.SEVENTH, "Wren 7", C("Td Ts 3c Kh 9d Jh"), C("3s"), 24),
    # "a pair of Eights" is no low: no description
    Show(Street.SEVENTH, "Kestrel", C("4c 8c 8d 8s 5s Qd Qc"), (), 25),
    Show(Street.SEVENTH, "Wren 7", C("Td Ts 3c Kh 9d Jh 3s"), (13, 11, 10, 9, 3), 26),
    Collect("Wren 7", D("12"), None, 27),
    StreetStart(Street.SUMMARY, 28),
    SummaryPot(D("12"), None, (), D("0"), 29),
    SummarySeat(1, "Kestrel", SeatOutcome.SHOWED_LOST, None, None, C("4c 8c 8d 8s 5s Qd Qc"), None, (), 30),
    SummarySeat(
        2,
        "Wren 7",
        SeatOutcome.SHOWED_WON,
        None,
        None,
        C("Td Ts 3c Kh 9d Jh 3s"),
        D("12"),
        (13, 11, 10, 9, 3),
        31,
    ),
)


def test_all_in_on_the_ante_exactly(kinds: dict[str, Hand | Violation]) -> None:
    result = hand(kinds, "31000000001")
    h = result.header
    assert (h.is_tournament, h.tournament_id, h.buy_in, h.level, h.table, h.max_seats) == (
        True,
        "240000001",
        "$200",
        None,
        "1",
        2,
    )
    assert (h.small_bet, h.big_bet, h.ante, h.currency, h.played_at) == (
        D("40"),
        D("80"),
        D("7"),
        None,
        "19:53:37 ET - 2012/11/08",
    )
    assert result.events == ALL_IN_ANTE


def test_all_in_bring_in(kinds: dict[str, Hand | Violation]) -> None:
    result = hand(kinds, "28000000002")
    h = result.header
    assert (h.tournament_id, h.buy_in, h.small_bet, h.big_bet, h.ante, h.max_seats, h.line) == (
        "220000002",
        "$2 + $0.10",
        D("80"),
        D("160"),
        D("15"),
        2,
        35,
    )
    # "(24), is sitting out", yet the seat antes and plays (a tournament seat)
    assert result.seats[0] == Seat(1, "Osprey", D("24"), True, 36)
    assert Ante("Osprey", D("15"), False, 38) in result.events
    actions = [e for e in result.events if isinstance(e, Action)]
    assert actions == [
        Action(Street.THIRD, "Osprey", ActionKind.BRING_IN, D("9"), None, True, 44),
        Action(Street.THIRD, "Heron", ActionKind.CALL, D("9"), None, False, 45),
    ]
    assert [
        (e.street, e.player, len(e.cards), e.description) for e in result.events if isinstance(e, Show)
    ] == [
        (Street.THIRD, "Osprey", 3, ()),
        (Street.THIRD, "Heron", 3, ()),
        (Street.SEVENTH, "Osprey", 7, (11, 10, 8, 5, 1)),
        (Street.SEVENTH, "Heron", 7, (11, 10, 6, 4, 3)),
    ]


def test_the_hand_again_without_its_cards_makes_no_event(kinds: dict[str, Hand | Violation]) -> None:
    raw = read_hands(ALL_IN)[0]
    lines = list(raw.lines)
    lines[24] = "Kestrel shows a pair of Eights"
    result = parse(dataclasses.replace(raw, lines=tuple(lines)))
    assert [e.line for e in result.events if isinstance(e, Show)] == [11, 12, 26]


# --------------------------------------------------------------------------- (c) every line kind


def test_fixture_side_pot_sitting_out_chat_and_odd_names(kinds: dict[str, Hand | Violation]) -> None:
    result = hand(kinds, "27000000001")
    h = result.header
    assert (h.table, h.max_seats, h.small_bet, h.big_bet, h.ante, h.currency, h.played_at) == (
        "Alpha - Centauri",
        6,
        D("0.50"),
        D("1"),
        D("0.10"),
        "USD",
        "21:47:27 CET - 2011/01/15",
    )
    assert result.seats == (
        Seat(1, "PC [Mittel]", D("12"), False, 2),
        Seat(2, "Jörg.K: 2", D("1"), False, 3),
        Seat(3, "Seat 9", D("20"), False, 4),
        Seat(4, "A 2 3 4 5", D("8"), True, 5),  # "($8), is sitting out"
        Seat(5, "Ñandú", D("15"), False, 6),
        Seat(6, "Zoë (x)", D("5"), True, 7),  # "Zoë (x) is sitting out" before the deal
    )
    events = result.events
    assert [e.player for e in events if isinstance(e, Ante)] == [
        "PC [Mittel]",
        "Jörg.K: 2",
        "Seat 9",
        "Ñandú",
    ]
    assert Deal(Street.THIRD, "Seat 9", (), C("2s 3s 4d"), 17) in events
    third = [e for e in events if isinstance(e, Action) and e.street is Street.THIRD]
    assert third == [
        Action(Street.THIRD, "PC [Mittel]", ActionKind.BRING_IN, D("0.15"), None, False, 21),
        Action(Street.THIRD, "Jörg.K: 2", ActionKind.CALL, D("0.15"), None, False, 22),
        Action(Street.THIRD, "Seat 9", ActionKind.COMPLETE, D("0.50"), D("0.50"), False, 23),
        # "raises to $1" over 0.50: the increment, and the total
        Action(Street.THIRD, "Ñandú", ActionKind.RAISE, D("0.50"), D("1"), False, 24),
        Action(Street.THIRD, "PC [Mittel]", ActionKind.FOLD, D("0"), None, False, 27),
        Action(Street.THIRD, "Jörg.K: 2", ActionKind.CALL, D("0.75"), None, True, 28),
        Action(Street.THIRD, "Seat 9", ActionKind.CALL, D("0.50"), None, False, 30),
    ]
    assert Action(Street.FOURTH, "Seat 9", ActionKind.RAISE, D("0.50"), D("1"), False, 37) in events
    assert [(e.player, e.amount, e.pot) for e in events if isinstance(e, Collect)] == [
        ("Seat 9", D("6.20"), 1),
        ("Jörg.K: 2", D("3.10"), 0),
    ]
    assert Muck(Street.SHOWDOWN, "Ñandú", True, 62) in events  # a loser's muck at the showdown
    assert SummaryPot(D("9.45"), D("3.25"), (D("6.20"),), D("0.15"), 69) in events
    summary = [e for e in events if isinstance(e, SummarySeat)]
    assert [(s.seat, s.outcome, s.won, s.description) for s in summary] == [
        (1, SeatOutcome.FOLDED, None, ()),
        (2, SeatOutcome.SHOWED_WON, D("3.10"), (7, 6, 4, 2, 1)),
        (3, SeatOutcome.SHOWED_WON, D("6.20"), (7, 6, 4, 3, 2)),
        (4, SeatOutcome.SAT_OUT, None, ()),
        (5, SeatOutcome.MUCKED, None, (8, 7, 5, 3, 1)),  # "mucked [..] - 8,7,5,3,A"
        (6, SeatOutcome.SAT_OUT, None, ()),
    ]
    assert summary[4].cards == C("7s 9s 5h Ac 3c Qc 8s")
    # chat (some shaped like actions) and status lines, seated or not, make no events:
    # 8 adds, 10 is sitting out, 20 stands up, 25-26 and 29 chat, 36 seconds left,
    # 43 disconnected, 51-52 timed out / reconnected, 58 TIME, 64 chat, 67 feeling
    assert {e.line for e in events}.isdisjoint({8, 10, 20, 25, 26, 29, 36, 43, 51, 52, 58, 64, 67})
    assert BringInClaim("PC [Mittel]", Card.parse("Kd"), 19) in events


def test_fixture_bring_in_completes_all_in_call_and_pot_status(kinds: dict[str, Hand | Violation]) -> None:
    result = hand(kinds, "27000000002")
    events = result.events
    assert result.header.table == "Mart" and result.header.max_seats == 6
    # the bring-in player completes at once: no "brings in" line
    assert Action(Street.THIRD, "Ann", ActionKind.COMPLETE, D("0.10"), D("0.10"), False, 92) in events
    assert Action(Street.THIRD, "Cy", ActionKind.RAISE, D("0.10"), D("0.20"), False, 94) in events
    assert Action(Street.FOURTH, "Bo Bo", ActionKind.CALL, D("0.08"), None, True, 104) in events
    # "*** 5TH STREET *** (Total Pot: $0.94, 3 Players, 1 All-In)"
    assert [e for e in events if isinstance(e, StreetStart)][2:5] == [
        StreetStart(Street.FIFTH, 105),
        StreetStart(Street.SIXTH, 114),
        StreetStart(Street.SEVENTH, 120),
    ]
    assert Action(Street.SEVENTH, "Cy", ActionKind.RAISE, D("0.20"), D("0.40"), False, 123) in events
    assert Muck(Street.SHOWDOWN, "Ann", True, 127) in events
    assert [(e.player, e.amount, e.pot) for e in events if isinstance(e, Collect)] == [
        ("Cy", D("1.19"), 1),
        ("Cy", D("0.85"), 0),
    ]
    assert events[-3] == SummarySeat(
        1, "Ann", SeatOutcome.MUCKED, None, None, C("9h Th Kh 2d 5c 7h Jc"), None, (10, 9, 7, 5, 2), 133
    )
    assert {e.line for e in events}.isdisjoint({91, 102, 110, 112})
    assert BringInClaim("Ann", Card.parse("Kh"), 90) in events


def test_fixture_tie(kinds: dict[str, Hand | Violation]) -> None:
    result = hand(kinds, "27000000003")
    assert Action(Street.THIRD, "Cy", ActionKind.COMPLETE, D("0.10"), D("0.10"), False, 149) in result.events
    assert Action(Street.THIRD, "Ann", ActionKind.CALL, D("0.07"), None, False, 150) in result.events
    assert [(e.player, e.amount, e.pot) for e in result.events if isinstance(e, Collect)] == [
        ("Ann", D("0.50"), None),
        ("Cy", D("0.50"), None),
    ]  # "ties for the pot"


def test_other_games_are_counted_by_game_not_reported(
    kinds: dict[str, Hand | Violation | OtherGameHand],
) -> None:
    expected = {
        "27000000004": "Limit Stud Hi",
        "27000000005": "Limit Stud H/L",
        "27000000006": "Limit Hold'em",
        "27000000007": "Pot Limit Omaha Hi",
    }
    for hand_id, game in expected.items():
        found = kinds[hand_id]
        assert isinstance(found, OtherGameHand)
        assert (found.site, found.hand_id, found.game) == ("fulltilt", hand_id, game)
    assert (
        fulltilt.game_of(
            "Full Tilt Poker Game #1: Table Rush (6 max) - PL Omaha Hi - 5/10 - 05:28:44 ET - 2015/08/16"
        )
        == "PL Omaha Hi"
    )
    assert fulltilt.game_of(
        "FullTiltPoker Game #1: Table T - $1/$2 - No Limit Hold'em - 1:00:00 ET - 2010/01/01"
    ) == ("No Limit Hold'em")


@pytest.mark.parametrize(
    ("header", "facts"),
    [
        (
            "Full Tilt Poker Game #1: Table Danville - $0.50/$1 Ante $0.10 - Limit Razz - 21:47:27 ET - 2009/02/23",
            ("Danville", None, "USD", D("0.50"), D("1"), D("0.10"), "21:47:27 ET - 2009/02/23"),
        ),
        (
            "Full Tilt Poker Game #1: Table CR - tay (heads up) - $1,000/$2,000 Ante $200 - Limit Razz - "
            "9:40:20 ET - 2008/12/09 (partial)",
            ("CR - tay", 2, "USD", D("1000"), D("2000"), D("200"), "9:40:20 ET - 2008/12/09"),
        ),
        (
            "FullTiltPoker Game #1: Table Play 2 (6 max, ante) - 20/40 Ante 4 - Limit Razz - 1:00:00 ET - 2010/01/01",
            ("Play 2", 6, None, D("20"), D("40"), D("4"), "1:00:00 ET - 2010/01/01"),
        ),
        (
            "Full Tilt Poker Game #1: Table Wasteland - €2/€4 Ante €0.40 - HORSE - Limit Razz - 1:00:00 CET - "
            "2010/01/01 [19:00:00 ET - 2009/12/31]",
            ("Wasteland", None, "EUR", D("2"), D("4"), D("0.40"), "1:00:00 CET - 2010/01/01"),
        ),
    ],
)
def test_header_shapes(real: RawHand, header: str, facts: tuple[object, ...]) -> None:
    # the real hand's amounts in the header's currency (a € table has no $ stacks: issue 14)
    body = tuple(line.replace("$", "€") for line in real.lines[1:]) if "€" in header else real.lines[1:]
    h = parse(dataclasses.replace(real, lines=(header, *body))).header
    assert (h.table, h.max_seats, h.currency, h.small_bet, h.big_bet, h.ante, h.played_at) == facts


# --------------------------------------------------------------------------- (d) any names

_SIMPLE_NAME = re.compile(r"(?<![\w.])(%s)(?![\w.])")
_PUNCTUATION = list(" :[]().#'\"-_$€!?,;*+=/&%@~^`|<>{}")
_CARD_IN_BRACKETS = re.compile(r"\[(?:10|[2-9TJQKA])[shdc]")
_STRUCTURAL_START = re.compile(r"Seat \d+(?::|$)|\*\*\* |Dealt to |Uncalled bet |Total pot ")


def _usable_name(name: str) -> bool:
    """The restrictions of razzlog.sites.masking with Full Tilt's syntax, as a filter.

    A name is non-empty, has no surrounding whitespace and no line break, has
    no bracketed card, and does not start like a structural line ("Seat N",
    "*** ", "Dealt to "…: a chat line "NAME: text" must not look like one).
    """
    return (
        bool(name)
        and name == name.strip()
        and "\n" not in name
        and "\r" not in name
        and not _STRUCTURAL_START.match(name)
        and not _CARD_IN_BRACKETS.search(name)
    )


NAMES = st.text(
    st.characters(categories=("L", "N"), exclude_characters="\ue000\ue001") | st.sampled_from(_PUNCTUATION),
    min_size=1,
    max_size=14,
).filter(_usable_name)


def _rename(raw: RawHand, mapping: dict[str, str], stacks: dict[str, str]) -> RawHand:
    pattern = re.compile(_SIMPLE_NAME.pattern % "|".join(map(re.escape, mapping)))
    lines = []
    for line in raw.lines:
        m = re.match(r"(Seat \d+: )(.+) \(([^)]*)\)(, is sitting out)?$", line)
        if m and m.group(2) in stacks:
            line = f"{m.group(1)}{m.group(2)} ({stacks[m.group(2)]}){m.group(4) or ''}"
        lines.append(pattern.sub(lambda m: mapping[m.group(1)], line))
    return dataclasses.replace(raw, lines=tuple(lines))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_any_player_names_and_stacks_parse_the_same(real: RawHand, data: st.DataObject) -> None:
    raw = data.draw(st.sampled_from([real, *read_hands(KINDS)[:3], *read_hands(ALL_IN)]), label="hand")
    original = parse(raw)
    seated = [s.player for s in original.seats]
    new_names = data.draw(
        st.lists(NAMES, min_size=len(seated), max_size=len(seated), unique=True), label="names"
    )
    # some names extend others ("A" and "A 2", "Bob" and "Bob: 2", "x" and "x (y)")
    for i in range(1, len(new_names)):
        if data.draw(st.booleans(), label=f"extend {i}"):
            j = data.draw(st.integers(0, i - 1), label=f"base {i}")
            sep = data.draw(st.sampled_from([" ", ":", ": ", " (", " [", "."]), label="sep")
            new_names[i] = new_names[j] + sep + new_names[i]
    assume(len(set(new_names)) == len(new_names) and all(map(_usable_name, new_names)))
    chips = not original.seats[0].stack.as_tuple().exponent
    amounts = data.draw(
        st.lists(st.integers(0, 10**9), min_size=len(seated), max_size=len(seated)), label="stacks"
    )
    mapping = dict(zip(seated, new_names, strict=True))
    stacks = {
        name: f"{a:,}" if chips else f"${a / 100:,.2f}" for name, a in zip(seated, amounts, strict=True)
    }
    renamed = _rename(raw, mapping, stacks)

    # A chat line must not turn into an action ("Bob: x bets $1" with a player "Bob: x")
    def structural(names: list[str], line: str) -> bool:
        alt = "|".join(re.escape(n) for n in names)
        return re.match(rf"(?:{alt})(?={fulltilt.SYNTAX.line_tails})", line) is not None

    for before, after in zip(raw.lines, renamed.lines, strict=True):
        assume(structural(new_names, after) or not structural(seated, before))
        assume(not structural(new_names, after) or structural(seated, before))
    result = parse(renamed)

    def expected(event: object) -> object:
        changes: dict[str, object] = {}
        if hasattr(event, "player"):
            changes["player"] = mapping[event.player]
        if isinstance(event, Seat):
            a = amounts[seated.index(event.player)]
            changes["stack"] = Decimal(a) if chips else Decimal(a) / 100
        return dataclasses.replace(event, **changes)  # type: ignore[type-var]

    assert result.header == original.header
    assert result.events == tuple(expected(e) for e in original.events)


def test_masking_leaves_chat_alone_and_masks_status_lines_by_the_shortest_name() -> None:
    masked = mask_lines(
        (
            "Full Tilt Poker Game #1: Table T - $0.10/$0.20 Ante $0.02 - Limit Razz - 1:00:00 ET - 2010/01/01",
            "Seat 1: Hero ($1)",
            "Seat 2: Hero is ($1), is sitting out",
            "Hero: Hero is bets $1",
            "Hero is bets $0.10",
            "Hero is feeling happy",
            "Hero is sitting out",
            "Uncalled bet of $0.10 returned to Hero is",
        ),
        fulltilt.SYNTAX,
    )
    assert masked.names == ("Hero", "Hero is")
    assert masked.text.split("\n")[2:] == [
        "Seat 1: \ue0000\ue001 ($1)",
        "Seat 2: \ue0001\ue001 ($1), is sitting out",
        "Hero: Hero is bets $1",  # chat
        "\ue0001\ue001 bets $0.10",
        "\ue0000\ue001 is feeling happy",  # a status line: its tail is left whole
        "\ue0000\ue001 is sitting out",
        "Uncalled bet of $0.10 returned to \ue0001\ue001",
    ]


# --------------------------------------------------------------------------- (e) errors


def _with_line(raw: RawHand, file_line: int, text: str | None) -> RawHand:
    lines = list(raw.lines)
    if text is None:
        del lines[file_line - raw.first_line :]
    else:
        lines[file_line - raw.first_line] = text
    return dataclasses.replace(raw, lines=tuple(lines))


def _error(raw: RawHand) -> Violation:
    result = fulltilt.parse_hand(raw)
    assert isinstance(result, Violation), result
    return result


def test_garbled_action_is_a_parse_error_at_its_line_and_column(real: RawHand) -> None:
    v = _error(_with_line(real, 79, "Player4 cals $0.10"))
    assert (v.rule, v.code, v.severity) == ("parse-error", "RZ001", Severity.ERROR)
    assert (v.file, v.line, v.column, v.site, v.hand_id) == (str(REAL), 79, 9, "fulltilt", "26190453000")
    assert v.message.startswith(
        "line 79, column 9: unexpected 'cals'; expected an action (brings in, completes, "
    )


@pytest.mark.parametrize(
    ("line", "text", "column", "message_part"),
    [
        (77, "Player8 bets abc", 14, "unexpected 'abc'; expected an amount"),
        (77, "Player8 bets $0.10, and is allin", 28, "unexpected 'allin'"),
        (77, "Player8 raises $0.10", 16, "unexpected '$0.10'; expected an action"),
        (77, "Bob bets $0.10", 1, "unexpected 'Bob'"),
        (71, "Dealt to Bob [8c]", 10, "unexpected 'Bob'; expected a seated player's name"),
        (71, "Dealt to Player4 [7c] [8x]", 23, "unexpected '[8x]'; expected cards"),
        (71, "Dealt to Player4 [7c] [8c] [9c]", 28, "unexpected '[9c]'; expected the end of"),
        (47, "Player5 is high with [Kx]", 22, "unexpected '[Kx]'"),
        (3, "Seat 1: Hero ($4.50) is sitting out", 22, "unexpected 'is'"),
        (69, "*** 4TH STREET ***x", 19, "unexpected 'x'; expected"),
        (69, "*** 4TH STREET *** (Total Pot: 12)", 32, "unexpected '12)'"),
        (111, "Player8 wins the pott ($1.12)", 18, "unexpected 'pott'"),
        (115, "Total pot $1.17 | Rak $0.05", 19, "unexpected 'Rak'; expected '| Rake'"),
        (117, "Seat 1: Hero folded on 9th St.", 24, "unexpected '9th'; expected a street"),
        (
            1,
            "Full Tilt Poker Game #26190453000: Table Mart - $0.10/$0.20 Ante $0.02 - Limit Razz - 17:10:10",
            87,
            "unexpected '17:10:10'; expected a time and date",
        ),
    ],
)
def test_parse_errors_point_at_what_differs(
    real: RawHand, line: int, text: str, column: int, message_part: str
) -> None:
    v = _error(_with_line(real, line, text))
    assert (v.rule, v.line, v.column) == ("parse-error", line, column), v.message
    assert v.message.startswith(f"line {line}, column {column}: ")
    assert message_part in v.message


def test_parse_error_columns_count_in_the_original_names() -> None:
    raw = read_hands(KINDS)[0]
    v = _error(_with_line(raw, 24, "Ñandú raises tu $1"))
    assert (v.line, v.column) == (24, 14) and "unexpected 'tu'" in v.message
    v = _error(_with_line(raw, 28, "Jörg.K: 2 calls $0.75, and is al in"))
    assert (v.line, v.column) == (28, 31) and "unexpected 'al'" in v.message


def test_a_street_out_of_order_is_a_parse_error(real: RawHand) -> None:
    v = _error(_with_line(real, 69, "*** 5TH STREET ***"))
    assert (v.line, v.column) == (69, 5)
    assert "unexpected '5TH'" in v.message and "*** 4TH STREET ***" in v.message


def test_a_hand_cut_before_its_summary_is_truncated(real: RawHand) -> None:
    v = _error(_with_line(real, 112, None))
    assert (v.rule, v.code, v.severity, v.line, v.hand_id, v.site) == (
        "truncated-hand",
        "RZ002",
        Severity.ERROR,
        1,
        "26190453000",
        "fulltilt",
    )
    assert v.message == "hand ends at line 111 before its summary"


def test_summary_lines_of_other_shapes_are_other(real: RawHand) -> None:
    result = parse(_with_line(real, 117, "Seat 1: Hero didn't bet (folded)"))
    assert SummarySeat(1, "Hero", SeatOutcome.OTHER, None, None, (), None, (), 117) in result.events
    result = parse(_with_line(real, 117, "Seat 1: Hero folded on 3rd St. (didn't bet)"))
    assert SummarySeat(1, "Hero", SeatOutcome.FOLDED, Street.THIRD, True, (), None, (), 117) in result.events


# --------------------------------------------------------------------------- (f) the registry


def test_the_site_registry_dispatches_on_the_header(real: RawHand) -> None:
    assert fulltilt in SITES and fulltilt.NAME == "fulltilt"
    assert site_for(real.lines[0]) is fulltilt
    assert site_for("\ufeffFullTiltPoker Game #1: Table T") is fulltilt
    assert parse_raw_hand(real) == parse(real)


def test_a_folder_mixing_pokerstars_and_full_tilt_parses_both(tmp_path: Path) -> None:
    shutil.copyfile(PS_REAL, tmp_path / "a-stars.txt")
    shutil.copyfile(REAL, tmp_path / "b-tilt.txt")
    (tmp_path / "c").mkdir()
    shutil.copyfile(ALL_IN, tmp_path / "c" / "tilt-all-in.txt")
    results = [parse_raw_hand(r) if isinstance(r, RawHand) else r for r in iter_raw_hands([str(tmp_path)])]
    assert all(isinstance(r, Hand) for r in results), [r for r in results if not isinstance(r, Hand)]
    sites = [r.header.site for r in results if isinstance(r, Hand)]
    assert sites == ["pokerstars"] * 9 + ["fulltilt"] * 3


def test_a_mixed_games_name_is_kept_as_printed() -> None:
    lines = KINDS.read_text(encoding="utf-8").split("\n")
    start = lines.index(next(x for x in lines if x.startswith("Full Tilt Poker Game #27000000002:")))
    end = lines.index(next(x for x in lines if x.startswith("Full Tilt Poker Game #27000000003:")))
    text = "\n".join(lines[start:end]).rstrip("\n")
    plain = parse_text(text)
    mixed = parse_text(text.replace(" - Limit Razz - ", " - HORSE - Limit Razz - ", 1))
    assert isinstance(plain, Hand) and isinstance(mixed, Hand), mixed
    assert (plain.header.mix, mixed.header.mix) == (None, "HORSE")
    assert mixed.events == plain.events
