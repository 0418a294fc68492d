"""The PokerStars grammar and transformer: text in, razzlog.events out.

* the real 9-hand session is pinned (two hands event by event, key facts for all);
* the synthetic format examples (odd names, side pots, partial lows);
* any player names parse the same (hypothesis);
* parse errors name the exact line and column, truncated and foreign hands are told apart;
* hand-written fixtures (tests/data/pokerstars-line-kinds.txt) cover every line kind.
  They are format fixtures: the play in them is not meant to be legal.
"""

from __future__ import annotations

import dataclasses
import re
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
    BettingCapped,
    Collect,
    CommonCard,
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
    TournamentFinish,
    UncalledReturn,
)
from razzlog.sites import SITES, parse_raw_hand, pokerstars
from razzlog.sites.masking import mask_lines
from razzlog.sources import RawHand, iter_raw_hands
from razzlog.violations import Severity, Violation

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "samples" / "pokerstars-cash-razz-0.04-0.08.txt"
SYNTHETIC = ROOT / "samples" / "pokerstars-format-examples.synthetic.txt"
KINDS = Path(__file__).resolve().parent / "data" / "pokerstars-line-kinds.txt"


def D(text: str) -> Decimal:
    return Decimal(text)


def C(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def read_hands(path: Path) -> list[RawHand]:
    """Split a file into hands at every "PokerStars " line (independent of sources.py)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("PokerStars ")]
    hands = []
    for a, b in zip(starts, [*starts[1:], len(lines)], strict=True):
        chunk = lines[a:b]
        while chunk and not chunk[-1].strip():
            chunk.pop()
        hands.append(RawHand(str(path), a + 1, tuple(chunk), "utf-8"))
    return hands


def parse(raw: RawHand) -> Hand:
    result = pokerstars.parse_hand(raw)
    assert isinstance(result, Hand), result
    return result


def parse_text(text: str, first_line: int = 1) -> Hand | Violation:
    return pokerstars.parse_hand(RawHand("t.txt", first_line, tuple(text.split("\n")), "utf-8"))


@pytest.fixture(scope="module")
def real() -> list[RawHand]:
    return [r for r in iter_raw_hands([str(REAL)]) if isinstance(r, RawHand)]


@pytest.fixture(scope="module")
def kinds() -> dict[str, Hand | Violation | OtherGameHand]:
    out: dict[str, Hand | Violation | OtherGameHand] = {}
    for raw in read_hands(KINDS):
        hand_id = pokerstars.hand_id_of(raw.lines[0])
        assert hand_id is not None
        out[hand_id] = pokerstars.parse_hand(raw)
    return out


# --------------------------------------------------------------------------- (a) the real session

REAL_FACTS = [
    # hand id, first line, seated names, actions, collections, (total pot, rake)
    (
        "35874566077",
        1,
        ("kobreli", "willy32948", "meg100", "Hero", "SilkZone"),
        15,
        [("SilkZone", "0.39", None)],
        ("0.41", "0.02"),
    ),
    (
        "35874590575",
        60,
        ("kobreli", "meg100", "Hero", "SilkZone"),
        19,
        [("Hero", "0.46", None)],
        ("0.48", "0.02"),
    ),
    (
        "35874623967",
        121,
        ("kobreli", "meg100", "HIWAII2", "Hero", "SilkZone"),
        23,
        [("HIWAII2", "0.68", None)],
        ("0.71", "0.03"),
    ),
    (
        "35874664176",
        195,
        ("kobreli", "manga130", "meg100", "HIWAII2", "Hero", "SilkZone"),
        9,
        [("HIWAII2", "0.12", None)],
        ("0.12", "0"),
    ),
    (
        "35874682808",
        243,
        ("kobreli", "manga130", "meg100", "HIWAII2", "Hero", "SilkZone"),
        21,
        [("SilkZone", "0.98", None)],
        ("1.02", "0.04"),
    ),
    (
        "35874721245",
        312,
        ("kobreli", "manga130", "meg100", "HIWAII2", "Hero", "SilkZone"),
        19,
        [("SilkZone", "0.67", None)],
        ("0.70", "0.03"),
    ),
    (
        "35874756552",
        379,
        ("kobreli", "manga130", "meg100", "HIWAII2", "Hero", "SilkZone"),
        11,
        [("kobreli", "0.19", None)],
        ("0.20", "0.01"),
    ),
    (
        "35874780027",
        433,
        ("kobreli", "manga130", "meg100", "HIWAII2", "Hero", "SilkZone"),
        23,
        [("kobreli", "1.49", None)],
        ("1.56", "0.07"),
    ),
    (
        "35874817957",
        506,
        ("kobreli", "manga130", "meg100", "HIWAII2", "Hero", "SilkZone"),
        19,
        [("kobreli", "0.80", None)],
        ("0.84", "0.04"),
    ),
]


def test_real_session_all_nine_hands_parse_with_their_key_facts(real: list[RawHand]) -> None:
    assert len(real) == 9
    for raw, (hand_id, first, names, n_actions, collects, (total, rake)) in zip(
        real, REAL_FACTS, strict=True
    ):
        hand = parse(raw)
        assert hand.header.hand_id == hand_id
        assert hand.first_line == hand.header.line == first
        assert hand.last_line == first + len(raw.lines) - 1
        assert tuple(s.player for s in hand.seats) == names
        assert sum(isinstance(e, Action) for e in hand.events) == n_actions
        assert [(e.player, e.amount, e.pot) for e in hand.events if isinstance(e, Collect)] == [
            (p, D(a), pot) for p, a, pot in collects
        ]
        [pot] = [e for e in hand.events if isinstance(e, SummaryPot)]
        assert (pot.total, pot.rake, pot.main, pot.side) == (D(total), D(rake), None, ())
        summary_seats = [e for e in hand.events if isinstance(e, SummarySeat)]
        assert [s.player for s in summary_seats] == list(names)
        assert len(hand.text_digest) == 16 and int(hand.text_digest, 16) >= 0


def test_real_session_every_event_is_on_its_own_file_line(real: list[RawHand]) -> None:
    for raw in real:
        hand = parse(raw)
        for event in hand.events:
            text = raw.lines[event.line - raw.first_line]
            if isinstance(event, (Action, Ante, Collect, Show, Muck)):
                assert text.startswith(event.player)
            elif isinstance(event, Deal):
                assert text.startswith(f"Dealt to {event.player} [")
            elif isinstance(event, (Seat, SummarySeat)):
                assert text.startswith(f"Seat {event.seat}: {event.player}")
            elif isinstance(event, StreetStart):
                assert text.startswith("*** ")


FIRST_HAND_HEADER = HandHeader(
    "pokerstars",
    "35874566077",
    "razz",
    D("0.04"),
    D("0.08"),
    "USD",
    False,
    None,
    None,
    None,
    "2009/11/26 10:24:42 ET",
    "Gotha II",
    8,
    1,
)
FIRST_HAND = (
    Seat(1, "kobreli", D("1.33"), False, 3),
    Seat(3, "willy32948", D("2.17"), False, 4),
    Seat(5, "meg100", D("1.71"), False, 5),
    Seat(7, "Hero", D("1.60"), False, 6),
    Seat(8, "SilkZone", D("1.65"), False, 7),
    Ante("kobreli", D("0.01"), False, 8),
    Ante("willy32948", D("0.01"), False, 9),
    Ante("meg100", D("0.01"), False, 10),
    Ante("Hero", D("0.01"), False, 11),
    Ante("SilkZone", D("0.01"), False, 12),
    StreetStart(Street.THIRD, 13),
    Deal(Street.THIRD, "kobreli", (), C("Qc"), 14),
    Deal(Street.THIRD, "willy32948", (), C("6h"), 15),
    Deal(Street.THIRD, "meg100", (), C("3s"), 16),
    Deal(Street.THIRD, "Hero", (), C("Td 2s 9s"), 17),
    Deal(Street.THIRD, "SilkZone", (), C("3h"), 18),
    Action(Street.THIRD, "kobreli", ActionKind.BRING_IN, D("0.02"), None, False, 19),
    Action(Street.THIRD, "willy32948", ActionKind.CALL, D("0.02"), None, False, 20),
    Action(Street.THIRD, "meg100", ActionKind.CALL, D("0.02"), None, False, 21),
    Action(Street.THIRD, "Hero", ActionKind.FOLD, D("0"), None, False, 22),
    Action(Street.THIRD, "SilkZone", ActionKind.CALL, D("0.02"), None, False, 23),
    StreetStart(Street.FOURTH, 24),
    Deal(Street.FOURTH, "kobreli", C("Qc"), C("8s"), 25),
    Deal(Street.FOURTH, "willy32948", C("6h"), C("7h"), 26),
    Deal(Street.FOURTH, "meg100", C("3s"), C("Js"), 27),
    Deal(Street.FOURTH, "SilkZone", C("3h"), C("3d"), 28),
    # line 29: "kurczakkr2 is disconnected" (not seated): no event
    Action(Street.FOURTH, "willy32948", ActionKind.BET, D("0.04"), None, False, 30),
    Action(Street.FOURTH, "meg100", ActionKind.CALL, D("0.04"), None, False, 31),
    Action(Street.FOURTH, "SilkZone", ActionKind.CALL, D("0.04"), None, False, 32),
    Action(Street.FOURTH, "kobreli", ActionKind.FOLD, D("0"), None, False, 33),
    StreetStart(Street.FIFTH, 34),
    Deal(Street.FIFTH, "willy32948", C("6h 7h"), C("7s"), 35),
    Deal(Street.FIFTH, "meg100", C("3s Js"), C("Kh"), 36),
    Deal(Street.FIFTH, "SilkZone", C("3h 3d"), C("4h"), 37),
    Action(Street.FIFTH, "meg100", ActionKind.CHECK, D("0"), None, False, 38),
    Action(Street.FIFTH, "SilkZone", ActionKind.BET, D("0.08"), None, False, 39),
    Action(Street.FIFTH, "willy32948", ActionKind.CALL, D("0.08"), None, False, 40),
    Action(Street.FIFTH, "meg100", ActionKind.FOLD, D("0"), None, False, 41),
    StreetStart(Street.SIXTH, 42),
    Deal(Street.SIXTH, "willy32948", C("6h 7h 7s"), C("Jh"), 43),
    Deal(Street.SIXTH, "SilkZone", C("3h 3d 4h"), C("9c"), 44),
    Action(Street.SIXTH, "SilkZone", ActionKind.BET, D("0.08"), None, False, 45),
    Action(Street.SIXTH, "willy32948", ActionKind.FOLD, D("0"), None, False, 46),
    UncalledReturn("SilkZone", D("0.08"), 47),
    # line 48: "willy32948 leaves the table": no event
    Collect("SilkZone", D("0.39"), None, 49),
    StreetStart(Street.SUMMARY, 50),
    SummaryPot(D("0.41"), None, (), D("0.02"), 51),
    SummarySeat(1, "kobreli", SeatOutcome.FOLDED, Street.FOURTH, False, (), None, (), 52),
    SummarySeat(3, "willy32948", SeatOutcome.FOLDED, Street.SIXTH, False, (), None, (), 53),
    SummarySeat(5, "meg100", SeatOutcome.FOLDED, Street.FIFTH, False, (), None, (), 54),
    SummarySeat(7, "Hero", SeatOutcome.FOLDED, Street.THIRD, True, (), None, (), 55),
    SummarySeat(8, "SilkZone", SeatOutcome.COLLECTED, None, False, (), D("0.39"), (), 56),
)

THIRD_HAND = (
    Seat(1, "kobreli", D("1.27"), False, 123),
    Seat(5, "meg100", D("1.49"), False, 124),
    Seat(6, "HIWAII2", D("1.13"), False, 125),
    Seat(7, "Hero", D("1.90"), False, 126),
    Seat(8, "SilkZone", D("1.74"), False, 127),
    Ante("kobreli", D("0.01"), False, 128),
    Ante("meg100", D("0.01"), False, 129),
    Ante("HIWAII2", D("0.01"), False, 130),
    Ante("Hero", D("0.01"), False, 131),
    Ante("SilkZone", D("0.01"), False, 132),
    StreetStart(Street.THIRD, 133),
    Deal(Street.THIRD, "kobreli", (), C("8c"), 134),
    Deal(Street.THIRD, "meg100", (), C("7h"), 135),
    Deal(Street.THIRD, "HIWAII2", (), C("Kh"), 136),
    Deal(Street.THIRD, "Hero", (), C("9h 2s 7c"), 137),
    Deal(Street.THIRD, "SilkZone", (), C("6s"), 138),
    Action(Street.THIRD, "HIWAII2", ActionKind.BRING_IN, D("0.02"), None, False, 139),
    # line 140: "manga130 joins the table at seat #3": no event
    Action(Street.THIRD, "Hero", ActionKind.CALL, D("0.02"), None, False, 141),
    Action(Street.THIRD, "SilkZone", ActionKind.CALL, D("0.02"), None, False, 142),
    Action(Street.THIRD, "kobreli", ActionKind.CALL, D("0.02"), None, False, 143),
    Action(Street.THIRD, "meg100", ActionKind.CALL, D("0.02"), None, False, 144),
    StreetStart(Street.FOURTH, 145),
    Deal(Street.FOURTH, "kobreli", C("8c"), C("8s"), 146),
    Deal(Street.FOURTH, "meg100", C("7h"), C("As"), 147),
    Deal(Street.FOURTH, "HIWAII2", C("Kh"), C("6h"), 148),
    Deal(Street.FOURTH, "Hero", C("9h 2s 7c"), C("6c"), 149),
    Deal(Street.FOURTH, "SilkZone", C("6s"), C("9c"), 150),
    Action(Street.FOURTH, "meg100", ActionKind.CHECK, D("0"), None, False, 151),
    Action(Street.FOURTH, "HIWAII2", ActionKind.CHECK, D("0"), None, False, 152),
    Action(Street.FOURTH, "Hero", ActionKind.CHECK, D("0"), None, False, 153),
    Action(Street.FOURTH, "SilkZone", ActionKind.CHECK, D("0"), None, False, 154),
    Action(Street.FOURTH, "kobreli", ActionKind.CHECK, D("0"), None, False, 155),
    StreetStart(Street.FIFTH, 156),
    Deal(Street.FIFTH, "kobreli", C("8c 8s"), C("3c"), 157),
    Deal(Street.FIFTH, "meg100", C("7h As"), C("5d"), 158),
    Deal(Street.FIFTH, "HIWAII2", C("Kh 6h"), C("3d"), 159),
    Deal(Street.FIFTH, "Hero", C("9h 2s 7c 6c"), C("Qh"), 160),
    Deal(Street.FIFTH, "SilkZone", C("6s 9c"), C("Qs"), 161),
    Action(Street.FIFTH, "meg100", ActionKind.CHECK, D("0"), None, False, 162),
    Action(Street.FIFTH, "HIWAII2", ActionKind.BET, D("0.08"), None, False, 163),
    Action(Street.FIFTH, "Hero", ActionKind.CALL, D("0.08"), None, False, 164),
    Action(Street.FIFTH, "SilkZone", ActionKind.FOLD, D("0"), None, False, 165),
    Action(Street.FIFTH, "kobreli", ActionKind.FOLD, D("0"), None, False, 166),
    Action(Street.FIFTH, "meg100", ActionKind.CALL, D("0.08"), None, False, 167),
    StreetStart(Street.SIXTH, 168),
    Deal(Street.SIXTH, "meg100", C("7h As 5d"), C("5c"), 169),
    Deal(Street.SIXTH, "HIWAII2", C("Kh 6h 3d"), C("6d"), 170),
    Deal(Street.SIXTH, "Hero", C("9h 2s 7c 6c Qh"), C("Ad"), 171),
    Action(Street.SIXTH, "Hero", ActionKind.CHECK, D("0"), None, False, 172),
    Action(Street.SIXTH, "meg100", ActionKind.CHECK, D("0"), None, False, 173),
    Action(Street.SIXTH, "HIWAII2", ActionKind.CHECK, D("0"), None, False, 174),
    StreetStart(Street.SEVENTH, 175),
    Deal(Street.SEVENTH, "Hero", C("9h 2s 7c 6c Qh Ad"), C("Ac"), 176),
    Action(Street.SEVENTH, "Hero", ActionKind.BET, D("0.08"), None, False, 177),
    Action(Street.SEVENTH, "meg100", ActionKind.FOLD, D("0"), None, False, 178),
    # a raise is kept as printed: the increment and the street total
    Action(Street.SEVENTH, "HIWAII2", ActionKind.RAISE, D("0.08"), D("0.16"), False, 179),
    Action(Street.SEVENTH, "Hero", ActionKind.CALL, D("0.08"), None, False, 180),
    StreetStart(Street.SHOWDOWN, 181),
    Show(Street.SHOWDOWN, "HIWAII2", C("2h 8d Kh 6h 3d 6d 4h"), (8, 6, 4, 3, 2), 182),
    Muck(Street.SHOWDOWN, "Hero", True, 183),
    Collect("HIWAII2", D("0.68"), None, 184),
    StreetStart(Street.SUMMARY, 185),
    SummaryPot(D("0.71"), None, (), D("0.03"), 186),
    SummarySeat(1, "kobreli", SeatOutcome.FOLDED, Street.FIFTH, False, (), None, (), 187),
    SummarySeat(5, "meg100", SeatOutcome.FOLDED, Street.SEVENTH, False, (), None, (), 188),
    SummarySeat(
        6,
        "HIWAII2",
        SeatOutcome.SHOWED_WON,
        None,
        False,
        C("2h 8d Kh 6h 3d 6d 4h"),
        D("0.68"),
        (8, 6, 4, 3, 2),
        189,
    ),
    SummarySeat(7, "Hero", SeatOutcome.MUCKED, None, False, C("9h 2s 7c 6c Qh Ad Ac"), None, (), 190),
    SummarySeat(8, "SilkZone", SeatOutcome.FOLDED, Street.FIFTH, False, (), None, (), 191),
)


def test_real_first_hand_events_exactly(real: list[RawHand]) -> None:
    hand = parse(real[0])
    assert hand.header == FIRST_HAND_HEADER
    assert hand.events == FIRST_HAND
    assert (hand.file, hand.first_line, hand.last_line) == (str(REAL), 1, 56)


def test_real_third_hand_events_exactly(real: list[RawHand]) -> None:
    hand = parse(real[2])
    assert hand.header.hand_id == "35874623967" and hand.header.line == 121
    assert hand.events == THIRD_HAND


def test_real_hands_of_note(real: list[RawHand]) -> None:
    fourth = parse(real[3]).events
    # the winner shows a partial hand after collecting: the Lo text as printed
    show = Show(Street.FOURTH, "HIWAII2", C("3d 3s 5h 4h"), (3, 3, 5, 4), 231)
    assert fourth[fourth.index(show) - 1] == Collect("HIWAII2", D("0.12"), None, 230)
    seventh = parse(real[6]).events
    assert Muck(Street.FIFTH, "kobreli", False, 421) in seventh  # "doesn't show hand"
    eighth = parse(real[7]).events
    assert BettingCapped(Street.SEVENTH, 489) in eighth
    assert (
        Action(Street.THIRD, "Hero", ActionKind.RAISE, D("0.02"), D("0.04"), False, 455) in eighth
    )  # a completion is printed as a raise
    ninth = parse(real[8]).events
    assert Action(Street.SEVENTH, "manga130", ActionKind.BET, D("0.04"), None, True, 558) in ninth


def test_text_digest_identifies_the_exact_text(real: list[RawHand]) -> None:
    hand = parse(real[0])
    changed = dataclasses.replace(real[0], lines=(*real[0].lines[:-1], real[0].lines[-1] + "x"))
    assert pokerstars.text_digest(real[0].lines) == hand.text_digest
    assert pokerstars.text_digest(changed.lines) != hand.text_digest
    assert parse(dataclasses.replace(real[0], first_line=1000)).text_digest == hand.text_digest


# --------------------------------------------------------------------------- (b) synthetic examples


def test_synthetic_examples_names_side_pots_and_lows() -> None:
    first, second, third = (parse(raw) for raw in read_hands(SYNTHETIC))

    assert first.header.hand_id == "35512671451"
    assert [s.player for s in first.seats] == ["atlas kiwi", "Zen_fox", "wheel14059"]
    assert sum(isinstance(e, BettingCapped) for e in first.events) == 1

    assert second.header.small_bet == D("0.10") and second.header.big_bet == D("0.20")
    assert [s.player for s in second.seats] == ["lucky8239", "ñmanga", "Hero"]
    assert Action(Street.FOURTH, "ñmanga", ActionKind.FOLD, D("0"), None, False, 75) in (second.events)
    assert Muck(Street.SHOWDOWN, "Hero", True, 94) in second.events  # chat line 92 is skipped
    assert [e.description for e in second.events if isinstance(e, Show)] == [(8, 7, 6, 5, 3)]

    header = third.header
    assert (header.is_tournament, header.tournament_id, header.buy_in, header.level) == (
        True,
        "1390259073",
        "$200+$15 USD",
        "V",
    )
    assert (header.small_bet, header.big_bet, header.currency, header.table) == (
        D("75"),
        D("150"),
        None,
        "1390259073 84",
    )
    assert [s.player for s in third.seats] == [
        "pixel90710",
        "nordic52487",
        "Søren 9",
        "meg river",
        "Ölfisch",
        "A 2 3 4 5",
        "zen.willy36",
    ]
    assert [(e.player, e.amount, e.all_in) for e in third.events if isinstance(e, Action) and e.all_in] == [
        ("zen.willy36", D("36"), True),
        ("meg river", D("43"), True),
    ]
    assert [(e.player, e.amount, e.pot) for e in third.events if isinstance(e, Collect)] == [
        ("Ölfisch", D("64"), 2),
        ("meg river", D("246"), 1),
        ("meg river", D("137"), 0),
        ("zen.willy36", D("137"), 0),
    ]
    [pot] = [e for e in third.events if isinstance(e, SummaryPot)]
    assert pot == SummaryPot(D("584"), D("274"), (D("246"), D("64")), D("0"), 164)
    assert [(e.player, e.description) for e in third.events if isinstance(e, Show)] == [
        ("meg river", (6, 5, 4, 3, 1)),
        ("Ölfisch", (10, 9, 5, 4, 2)),
        ("zen.willy36", (6, 5, 4, 3, 1)),
    ]
    assert [
        (s.player, s.outcome, s.won)
        for s in third.events
        if isinstance(s, SummarySeat) and s.outcome is SeatOutcome.SHOWED_WON
    ] == [
        ("meg river", SeatOutcome.SHOWED_WON, D("383")),
        ("Ölfisch", SeatOutcome.SHOWED_WON, D("64")),
        ("zen.willy36", SeatOutcome.SHOWED_WON, D("137")),
    ]
    assert UncalledReturn("Ölfisch", D("75"), 140) in third.events


# --------------------------------------------------------------------------- (c) any names

_SIMPLE_NAME = re.compile(r"(?<![\w.])(%s)(?![\w.])")
_PUNCTUATION = list(" :[]().#'\"-_$€!?,;*+=/&%@~^`|<>{}")
_CARD_IN_BRACKETS = re.compile(r"\[(?:10|[2-9TJQKA])[shdc]")


def _usable_name(name: str) -> bool:
    """The restrictions of razzlog.sites.masking, as a filter.

    A name is non-empty, has no surrounding whitespace and no line break, is not
    "Seat N: …" or "*** …" (those start other lines), and does not contain
    " (X in chips" or a bracketed card (which would make seat and deal lines
    ambiguous).
    """
    return (
        bool(name)
        and name == name.strip()
        and "\n" not in name
        and "\r" not in name
        and " in chips" not in name
        and not re.match(r"Seat \d+: ", name)
        and not name.startswith("*** ")
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
        m = re.match(r"(Seat \d+: )(.+) \((\S+) in chips\)$", line)
        if m and m.group(2) in stacks:
            line = f"{m.group(1)}{m.group(2)} ({stacks[m.group(2)]} in chips)"
        lines.append(pattern.sub(lambda m: mapping[m.group(1)], line))
    return dataclasses.replace(raw, lines=tuple(lines))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_any_player_names_and_stacks_parse_the_same(real: list[RawHand], data: st.DataObject) -> None:
    raw = data.draw(st.sampled_from(real + read_hands(SYNTHETIC)[:2]), label="hand")
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
    cents = data.draw(
        st.lists(st.integers(0, 10**9), min_size=len(seated), max_size=len(seated)), label="stacks"
    )
    mapping = dict(zip(seated, new_names, strict=True))
    stacks = {name: f"${c / 100:,.2f}" for name, c in zip(seated, cents, strict=True)}
    renamed = parse(_rename(raw, mapping, stacks))

    def expected(event: object) -> object:
        changes: dict[str, object] = {}
        if hasattr(event, "player"):
            changes["player"] = mapping[event.player]
        if isinstance(event, Seat):
            changes["stack"] = Decimal(cents[seated.index(event.player)]) / 100
        return dataclasses.replace(event, **changes)  # type: ignore[type-var]

    assert renamed.header == original.header
    assert renamed.events == tuple(expected(e) for e in original.events)


def test_names_that_extend_each_other_are_told_apart() -> None:
    text = SYNTHETIC.read_text(encoding="utf-8").split("\n\n\n")[2]
    # "A 2 3 4 5" becomes "A", and "zen.willy36" becomes "A 2": one name starts the other
    text = text.replace("A 2 3 4 5", "A").replace("zen.willy36", "A 2")
    hand = parse_text(text)
    assert isinstance(hand, Hand)
    assert [s.player for s in hand.seats][-2:] == ["A", "A 2"]
    assert Action(Street.THIRD, "A 2", ActionKind.CALL, D("36"), None, True, 31) in hand.events
    assert Action(Street.THIRD, "A", ActionKind.FOLD, D("0"), None, False, 30) in hand.events


# --------------------------------------------------------------------------- (d) errors


def _with_line(raw: RawHand, file_line: int, text: str | None) -> RawHand:
    lines = list(raw.lines)
    if text is None:
        del lines[file_line - raw.first_line :]
    else:
        lines[file_line - raw.first_line] = text
    return dataclasses.replace(raw, lines=tuple(lines))


def _error(raw: RawHand) -> Violation:
    result = pokerstars.parse_hand(raw)
    assert isinstance(result, Violation), result
    return result


def test_garbled_action_is_a_parse_error_at_its_line_and_column(real: list[RawHand]) -> None:
    v = _error(_with_line(real[0], 31, "meg100: cals $0.04"))
    assert (v.rule, v.code, v.severity) == ("parse-error", "RZ001", Severity.ERROR)
    assert (v.file, v.line, v.column, v.site, v.hand_id) == (str(REAL), 31, 9, "pokerstars", "35874566077")
    assert v.message == (
        "line 31, column 9: unexpected 'cals'; expected an action (bets, calls, raises, "
        "checks, folds) or a showdown line (shows, mucks hand, doesn't show hand)"
    )


@pytest.mark.parametrize(
    ("line", "text", "column", "message_part"),
    [
        (30, "willy32948: bets abc", 18, "unexpected 'abc'; expected an amount"),
        (30, "willy32948: bets $0.04 and is allin", 31, "unexpected 'allin'"),
        (30, "willy32948: raises $0.04", 25, "unexpected end of the line; expected 'to'"),
        (30, "willy32948: raises $0.04 too $0.08", 26, "unexpected 'too'"),
        (30, "Bob: bets $0.04", 1, "unexpected 'Bob:'"),
        (30, "Dealt to Bob [Ah]", 10, "unexpected 'Bob'; expected a seated player's name"),
        (26, "Dealt to willy32948 [6h] [7x]", 26, "unexpected '[7x]'; expected cards"),
        (26, "Dealt to willy32948 [6h] [7h] [8h]", 31, "unexpected '[8h]'; expected the end of"),
        (3, "Seat 1: kobreli ($1.33 in chipz)", 27, "unexpected 'chipz)'"),
        (24, "*** 4th STREET ***x", 19, "unexpected 'x'; expected the end of the line"),
        (51, "Total pot $0.41 | Rak $0.02", 19, "unexpected 'Rak'; expected '| Rake'"),
        (52, "Seat 1: kobreli folded on the 9th Street", 31, "unexpected '9th'; expected a street"),
        (2, "Tabel 'Gotha II' 8-max", 1, "unexpected 'Tabel'; expected the table line"),
        (
            1,
            "PokerStars Game #35874566077:  Razz Limit ($0.04/$0.08 USD) 2009/11/26 10:24:42 ET",
            61,
            "unexpected '2009/11/26'; expected ' - '",
        ),
    ],
)
def test_parse_errors_point_at_what_differs(
    real: list[RawHand], line: int, text: str, column: int, message_part: str
) -> None:
    v = _error(_with_line(real[0], line, text))
    assert (v.rule, v.line, v.column) == ("parse-error", line, column), v.message
    assert v.message.startswith(f"line {line}, column {column}: ")
    assert message_part in v.message


def test_parse_error_columns_count_in_the_original_names() -> None:
    raw = read_hands(SYNTHETIC)[2]
    v = _error(_with_line(raw, raw.first_line + 26, "Søren 9: callz 25"))
    assert (v.line, v.column) == (raw.first_line + 26, 10)
    assert "unexpected 'callz'" in v.message
    v = _error(_with_line(raw, raw.first_line + 28, "Ölfisch: calls 75 and is al-in"))
    assert (v.line, v.column) == (raw.first_line + 28, 26)
    assert "unexpected 'al-in'" in v.message


def test_a_street_out_of_order_is_a_parse_error(real: list[RawHand]) -> None:
    v = _error(_with_line(real[0], 24, "*** 5th STREET ***"))
    assert (v.line, v.column) == (24, 5)
    assert "unexpected '5th'" in v.message
    assert "*** 4th STREET ***" in v.message


def test_a_hand_cut_before_its_summary_is_truncated(real: list[RawHand]) -> None:
    v = _error(_with_line(real[0], 50, None))
    assert (v.rule, v.code, v.severity, v.line, v.hand_id) == (
        "truncated-hand",
        "RZ002",
        Severity.ERROR,
        1,
        "35874566077",
    )
    assert v.message == "hand ends at line 49 before its summary"
    # a summary without its "Total pot" line is cut too
    v = _error(_with_line(real[0], 51, None))
    assert v.rule == "truncated-hand" and v.message == "hand ends at line 50 before its summary"


def test_other_games_are_counted_by_game_not_reported(
    kinds: dict[str, Hand | Violation | OtherGameHand],
) -> None:
    expected = {
        "200000000008": "Hold'em No Limit",
        "200000000009": "Hold'em Limit",
        "200000000010": "7 Card Stud Hi/Lo Limit",
    }
    for hand_id, game in expected.items():
        found = kinds[hand_id]
        assert isinstance(found, OtherGameHand)
        assert (found.site, found.hand_id, found.game) == ("pokerstars", hand_id, game)
    assert (
        pokerstars.game_of("PokerStars Game #1:  Omaha Pot Limit ($0.05/$0.10 USD) - 2010/01/01 1:00:00 ET")
        == "Omaha Pot Limit"
    )
    assert isinstance(
        parse_text("PokerStars Game #1:  Omaha Pot Limit ($0.05/$0.10 USD) - 2010/01/01 1:00:00 ET"),
        OtherGameHand,
    )


def test_the_site_registry_dispatches_on_the_header(real: list[RawHand]) -> None:
    assert pokerstars in SITES
    assert parse_raw_hand(real[0]) == parse(real[0])
    foreign = RawHand("x.txt", 7, ("Nowhere Poker - Tournament ...", "more"), "utf-8")
    v = parse_raw_hand(foreign)
    assert isinstance(v, Violation)
    assert (v.rule, v.severity, v.line, v.site) == ("unknown-format", Severity.ERROR, 7, None)
    for site in SITES:
        # KingsClub's header has no prefix: it is found by its shape (razzlog.sources.SHAPED_HEADER)
        assert site.NAME and (site.HEADER_PREFIXES or site.NAME == "kingsclub") and callable(site.parse_hand)


# --------------------------------------------------------------------------- (e) every line kind


def test_fixture_eur_hand_with_odd_names_common_card_and_side_pots(
    kinds: dict[str, Hand | Violation],
) -> None:
    hand = kinds["200000000001"]
    assert isinstance(hand, Hand)
    h = hand.header
    assert (h.small_bet, h.big_bet, h.currency, h.played_at, h.table, h.max_seats) == (
        D("0.10"),
        D("0.20"),
        "EUR",
        "2016/04/10 13:10:00 CET",
        "Alpha Centauri",
        8,
    )
    assert hand.seats == (
        Seat(1, "PC [Mittel]", D("5.00"), False, 3),
        Seat(2, "Jörg.K: 2", D("0.12"), False, 4),
        Seat(3, "Seat 9", D("1234.50"), False, 5),
        Seat(4, "A 2 3 4 5", D("3.00"), True, 6),  # is sitting out
        Seat(5, "Zoë (x)", D("2.00"), True, 7),  # out of hand (moved from another table …)
        Seat(6, "Ñandú", D("0.03"), False, 8),
    )
    events = hand.events
    assert Deal(Street.THIRD, "PC [Mittel]", (), C("Kd"), 15) in events
    assert Deal(Street.FOURTH, "Jörg.K: 2", C("8c"), C("7d"), 27) in events
    assert Action(Street.THIRD, "Ñandú", ActionKind.CALL, D("0.01"), None, True, 22) in events
    # "folds [Kd 9c Qh]": the fold, and the cards it showed
    i = events.index(Action(Street.THIRD, "PC [Mittel]", ActionKind.FOLD, D("0"), None, False, 24))
    assert events[i + 1] == Show(Street.THIRD, "PC [Mittel]", C("Kd 9c Qh"), (), 24)
    # *** RIVER *** [6h]: the common card, on the street header's line
    assert events[events.index(StreetStart(Street.SEVENTH, 39)) + 1] == CommonCard(Card.parse("6h"), 39)
    assert [e.line for e in events if isinstance(e, Show) and e.street is Street.SHOWDOWN] == [
        41,
        42,
        44,
    ]  # the chat line 43, with quotes and brackets, is skipped
    assert [(e.player, e.pot) for e in events if isinstance(e, Collect)] == [("Seat 9", 1), ("Seat 9", 0)]
    assert SummaryPot(D("0.42"), D("0.12"), (D("0.08"), D("0.20")), D("0.02"), 49) in events
    summary = [e for e in events if isinstance(e, SummarySeat)]
    assert [(s.seat, s.player, s.outcome) for s in summary] == [
        (1, "PC [Mittel]", SeatOutcome.FOLDED),
        (2, "Jörg.K: 2", SeatOutcome.SHOWED_LOST),
        (3, "Seat 9", SeatOutcome.SHOWED_WON),  # "Seat 3: Seat 9 (button) showed …"
        (4, "A 2 3 4 5", SeatOutcome.SAT_OUT),
        (6, "Ñandú", SeatOutcome.SHOWED_LOST),
    ]
    assert summary[2].won == D("0.40") and summary[2].description == (6, 4, 3, 2, 1)
    # noise lines (unseated players, seated ones, in the showdown and the summary) make no events
    assert {e.line for e in events}.isdisjoint({9, 23, 30, 43, 47, 56})


def test_fixture_play_money_capped_all_in_and_noise(kinds: dict[str, Hand | Violation]) -> None:
    hand = kinds["200000000002"]
    assert isinstance(hand, Hand)
    assert (hand.header.currency, hand.header.small_bet, hand.header.table) == (None, D("10"), "Beta")
    assert Seat(3, "meg river", D("2500"), False, 64) in hand.events
    assert BettingCapped(Street.THIRD, 78) in hand.events
    assert Action(Street.FOURTH, "zen.willy36", ActionKind.BET, D("14"), None, True, 88) in hand.events
    assert Deal(Street.SEVENTH, "meg river", C("4c 2c 7h 8d As Qs"), C("Th"), 97) in hand.events
    assert Muck(Street.SHOWDOWN, "meg river", True, 100) in hand.events
    assert {e.line for e in hand.events}.isdisjoint({65, 81, 82, 83, 84, 102, 103})


def test_fixture_old_header_uncalled_bet_and_no_show(kinds: dict[str, Hand | Violation]) -> None:
    hand = kinds["18707234955"]
    assert isinstance(hand, Hand)
    h = hand.header
    assert (h.small_bet, h.big_bet, h.currency, h.played_at) == (
        D("0.50"),
        D("1.00"),
        "USD",
        "2008/07/09 - 21:41:43 (ET)",
    )
    assert hand.events[-7:] == (
        UncalledReturn("newhand", D("0.25"), 124),
        Collect("newhand", D("0.70"), None, 125),
        Muck(Street.THIRD, "newhand", False, 126),
        StreetStart(Street.SUMMARY, 127),
        SummaryPot(D("0.70"), None, (), D("0"), 128),
        SummarySeat(4, "oldhand", SeatOutcome.FOLDED, Street.THIRD, False, (), None, (), 129),
        SummarySeat(7, "newhand", SeatOutcome.COLLECTED, None, False, (), D("0.70"), (), 130),
    )


def test_fixture_tournament_headers(kinds: dict[str, Hand | Violation]) -> None:
    headers = {k: v.header for k, v in kinds.items() if isinstance(v, Hand)}
    freeroll, pm, home = headers["200000000004"], headers["200000000005"], headers["200000000007"]
    assert (
        freeroll.is_tournament,
        freeroll.tournament_id,
        freeroll.buy_in,
        freeroll.level,
        freeroll.small_bet,
        freeroll.big_bet,
        freeroll.currency,
    ) == (True, "300000004", "Freeroll", "I", D("10"), D("20"), None)
    assert (pm.buy_in, pm.level, pm.big_bet, pm.max_seats) == ("10+1", "II", D("40"), 6)
    assert (home.tournament_id, home.buy_in, home.level, home.small_bet, home.max_seats) == (
        "300000007",
        "100+9",
        "IV",
        D("30"),
        2,
    )
    horse = headers["200000000006"]
    assert (horse.small_bet, horse.big_bet, horse.currency, horse.played_at) == (
        D("2"),
        D("4"),
        "GBP",
        "2012/05/06 7:08:09 WET",
    )


def test_fixture_tournament_lines(kinds: dict[str, Hand | Violation]) -> None:
    freeroll, pm = kinds["200000000004"], kinds["200000000005"]
    assert isinstance(freeroll, Hand) and isinstance(pm, Hand)
    assert Show(Street.THIRD, "free bird", C("Ad Kc Td"), (13, 10, 1), 147) in freeroll.events
    assert freeroll.events[-1] == SummarySeat(
        2, "bounty hunter", SeatOutcome.FOLDED, Street.THIRD, True, (), None, (), 151
    )
    # a name with " ($0" in it, and a bounty in the seat line
    assert pm.seats[0] == Seat(1, "Ann ($0", D("1000"), False, 157)
    assert UncalledReturn("Ann ($0", D("2"), 167) in pm.events
    assert Action(Street.THIRD, "Bo", ActionKind.CALL, D("12"), None, True, 166) in pm.events
    # tournament results: the real form is an event, a prize in play chips (no real
    # example) stays a noise line
    assert TournamentFinish("Bo", 2, None, None, False, 183) in pm.events
    assert 184 not in {e.line for e in pm.events}


def test_fixture_collected_and_mucked_summary(kinds: dict[str, Hand | Violation]) -> None:
    hand = kinds["200000000006"]
    assert isinstance(hand, Hand)
    assert Muck(Street.SIXTH, "Ishmael", True, 222) in hand.events
    assert hand.events[-1] == SummarySeat(
        5, "Ishmael", SeatOutcome.COLLECTED, None, False, (), D("12.50"), (), 226
    )


def test_summary_lines_of_other_shapes_are_other() -> None:
    raw = read_hands(KINDS)[2]
    lines = list(raw.lines)
    lines[-1] = "Seat 7: newhand won the pot somehow"
    hand = parse(dataclasses.replace(raw, lines=tuple(lines)))
    assert hand.events[-1] == SummarySeat(7, "newhand", SeatOutcome.OTHER, None, False, (), None, (), 130)


def test_masking_replaces_names_only_where_they_stand_for_a_player() -> None:
    masked = mask_lines(
        (
            "PokerStars Game #1:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET",
            "Table 'Hero' 8-max",
            "Seat 1: Hero ($1 in chips)",
            "Seat 2: Hero 2 ($1 in chips)",
            'Hero said, "Hero: bets $1"',
            "Hero 2: bets $0.04",
            "Hero: calls $0.04",
            "Uncalled bet ($0.04) returned to Hero 2",
        )
    )
    assert masked.names == ("Hero", "Hero 2")
    assert masked.text.split("\n")[2:] == [
        "Table 'Hero' 8-max",
        "Seat 1: \ue0000\ue001 ($1 in chips)",
        "Seat 2: \ue0001\ue001 ($1 in chips)",
        'Hero said, "Hero: bets $1"',
        "\ue0001\ue001: bets $0.04",
        "\ue0000\ue001: calls $0.04",
        "Uncalled bet ($0.04) returned to \ue0001\ue001",
    ]
    assert masked.original_column(5, 0) == 0
    assert masked.original_column(5, 3) == 6  # ":" after "Hero 2"


def test_mixed_game_and_home_game_club_are_kept_as_printed(kinds: dict[str, Hand | Violation]) -> None:
    plain = kinds["200000000001"]
    horse = kinds["200000000006"]
    club = kinds["200000000007"]
    assert isinstance(plain, Hand) and isinstance(horse, Hand) and isinstance(club, Hand)
    assert (plain.header.mix, plain.header.club) == (None, None)
    assert (horse.header.mix, horse.header.club) == ("HORSE", None)
    assert (club.header.mix, club.header.club) == ("8-Game", "Dazzle's Room")
