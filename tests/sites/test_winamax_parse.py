"""The Winamax grammar and transformer: text in, razzlog.events out.

Real files (tests/data/sites/, copied from fpdb's regression files, repo
philroberts/FPDB-for-OSX):

* ``winamax-razz-8games.txt``: pyfpdb/regression-test-files/cash/Winamax/Stud/
  Razz-6max-EUR-25-50-201611._8games_.txt (the razz hand of an 8-game table);
* ``winamax-stud-8games.txt``: .../cash/Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt;
* ``winamax-stud-negative-bet.txt``: .../cash/Winamax/Stud/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt;
* ``winamax-holdem-tournament.txt``: .../tour/Winamax/Flop/NLHE-10max-EUR-0.93-STT-201207.all.in.blind.txt.

``winamax-line-kinds.synthetic.txt`` is hand-made from those line shapes: a
razz tournament (bounty seats, an ante all-in, an uncalled bet, side pots),
play money, and the real negative all-in raise of the stud log replayed as razz.
"""

from __future__ import annotations

import codecs
from decimal import Decimal
from pathlib import Path

import pytest

from razzlog.cards import Card, parse_cards
from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    Collect,
    Deal,
    Hand,
    HandHeader,
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
from razzlog.sites import SITES, parse_raw_hand, site_for, winamax
from razzlog.sources import RawHand, header_site, iter_raw_hands
from razzlog.violations import Violation

DATA = Path(__file__).resolve().parents[1] / "data" / "sites"
RAZZ = DATA / "winamax-razz-8games.txt"
STUD = DATA / "winamax-stud-8games.txt"
NEGATIVE = DATA / "winamax-stud-negative-bet.txt"
HOLDEM = DATA / "winamax-holdem-tournament.txt"
KINDS = DATA / "winamax-line-kinds.synthetic.txt"


def D(text: str) -> Decimal:
    return Decimal(text)


def C(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def raws(path: Path) -> list[RawHand]:
    return [r for r in iter_raw_hands([str(path)]) if isinstance(r, RawHand)]


def parsed(path: Path) -> list[Hand]:
    hands = [winamax.parse_hand(r) for r in raws(path)]
    assert all(isinstance(h, Hand) for h in hands), hands
    return hands  # type: ignore[return-value]


def parse_text(text: str) -> Hand | Violation:
    return winamax.parse_hand(RawHand("t.txt", 1, tuple(text.split("\n")), "utf-8"))


# --------------------------------------------------------------------------- the real razz hand

REAL_HEADER = HandHeader(
    "winamax",
    "9250793-444-1478990340",
    "razz",
    D("25"),
    D("50"),
    "EUR",
    False,
    None,
    None,
    None,
    "2016/11/12 22:39:00 UTC",
    "Pampelune",
    6,
    1,
    ante=D("5"),  # (5€/25€/50€): ante, small bet, big bet
)
REAL_EVENTS = (
    Seat(1, "Hero", D("1546.72"), False, 3),
    Seat(4, "Player0", D("664.56"), False, 4),
    Ante("Hero", D("5"), False, 6),
    Ante("Player0", D("5"), False, 7),
    StreetStart(Street.THIRD, 8),
    Deal(Street.THIRD, "Hero", (), C("4s Ad Td"), 9),
    # "[X X 8h]": the down cards are hidden
    Deal(Street.THIRD, "Player0", (), C("8h"), 10),
    Action(Street.THIRD, "Hero", ActionKind.BRING_IN, D("10"), None, False, 11),
    # "raises 25€ to 25€": the completion of the 10€ bring-in (15 more than the bet)
    Action(Street.THIRD, "Player0", ActionKind.RAISE, D("15"), D("25"), False, 12),
    Action(Street.THIRD, "Hero", ActionKind.CALL, D("15"), None, False, 13),
    StreetStart(Street.FOURTH, 14),
    Deal(Street.FOURTH, "Player0", C("8h"), C("4h"), 15),
    Deal(Street.FOURTH, "Hero", C("4s Ad Td"), C("Qh"), 16),
    Action(Street.FOURTH, "Player0", ActionKind.BET, D("25"), None, False, 17),
    Action(Street.FOURTH, "Hero", ActionKind.CALL, D("25"), None, False, 18),
    StreetStart(Street.FIFTH, 19),
    Deal(Street.FIFTH, "Player0", C("8h 4h"), C("5h"), 20),
    Deal(Street.FIFTH, "Hero", C("4s Ad Td Qh"), C("3s"), 21),
    Action(Street.FIFTH, "Player0", ActionKind.BET, D("50"), None, False, 22),
    Action(Street.FIFTH, "Hero", ActionKind.CALL, D("50"), None, False, 23),
    StreetStart(Street.SIXTH, 24),
    Deal(Street.SIXTH, "Player0", C("8h 4h 5h"), C("4d"), 25),
    Deal(Street.SIXTH, "Hero", C("4s Ad Td Qh 3s"), C("Qd"), 26),
    Action(Street.SIXTH, "Player0", ActionKind.BET, D("50"), None, False, 27),
    Action(Street.SIXTH, "Hero", ActionKind.FOLD, D("0"), None, False, 28),
    # Winamax prints no return: the 50€ bet stays in "collected 258€" and "Total
    # pot 258€"; the return is added at the last action's line and taken out of both
    UncalledReturn("Player0", D("50"), 28),
    Collect("Player0", D("208"), None, 29),
    StreetStart(Street.SUMMARY, 30),
    # "Total pot 258€ | Rake 2€": Winamax's total is after the rake: 258 + 2 - 50
    SummaryPot(D("210"), None, (), D("2"), 31),
    SummarySeat(4, "Player0", SeatOutcome.COLLECTED, None, None, (), D("208"), (), 32),
    # Hero folded and is not in Winamax's summary: a line that says nothing
    SummarySeat(1, "Hero", SeatOutcome.OTHER, None, None, (), None, (), 31),
)


def test_real_razz_hand_events_exactly() -> None:
    (hand,) = parsed(RAZZ)
    assert hand.header == REAL_HEADER
    assert hand.events == REAL_EVENTS
    assert (hand.first_line, hand.last_line) == (1, 32)


def test_the_real_razz_hand_is_found_by_its_content() -> None:
    first = RAZZ.read_text(encoding="utf-8").split("\n")[0]
    assert site_for(first) is winamax and header_site(first) == "winamax"
    assert winamax in SITES
    assert site_for("\ufeff" + first) is winamax  # a UTF-8 BOM before the header


def test_a_file_with_a_bom_and_crlf_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(codecs.BOM_UTF8 + RAZZ.read_bytes().replace(b"\n", b"\r\n"))
    (hand,) = parsed(path)
    assert (hand.header, hand.events) == (REAL_HEADER, REAL_EVENTS)


# --------------------------------------------------------------------------- other games


@pytest.mark.parametrize(
    ("path", "game", "hand_id"),
    [
        (STUD, "7-Card Stud fixed limit", "9250793-470-1478990787"),
        (NEGATIVE, "7-Card Stud fixed limit", "9250793-1578-1479092164"),
        (HOLDEM, "Holdem no limit", "118267374808858625-31-1343075816"),
    ],
)
def test_other_games_of_the_mix_are_counted_never_parse_errors(path: Path, game: str, hand_id: str) -> None:
    (raw,) = raws(path)
    assert parse_raw_hand(raw) == OtherGameHand(raw.file, raw.first_line, "winamax", hand_id, game)
    assert winamax.game_of(raw.lines[0]) == game


def test_the_stud_logs_lines_parse_once_called_razz() -> None:
    """The other games' logs have the same lines: with the game renamed they parse."""
    for path in (STUD, NEGATIVE):
        text = path.read_text(encoding="utf-8").replace("7-Card Stud fixed limit", "Razz fixed limit")
        assert isinstance(parse_text(text.rstrip("\n")), Hand)


# --------------------------------------------------------------------------- line kinds


@pytest.fixture(scope="module")
def kinds() -> list[Hand]:
    return parsed(KINDS)


def test_tournament_header_bounty_seats_and_an_uncalled_bet_in_a_side_pot(kinds: list[Hand]) -> None:
    hand = kinds[0]
    h = hand.header
    assert (h.hand_id, h.is_tournament, h.tournament_id, h.buy_in, h.level, h.currency) == (
        "2357799155578961958-12-1653325811",
        True,
        "548967895",
        "9€ + 1€",
        "3",
        None,
    )
    assert (h.table, h.max_seats, h.ante, h.small_bet, h.big_bet) == (
        "Razz Party(548967895)#0003",
        6,
        D("20"),
        D("100"),
        D("200"),
    )
    events = hand.events
    assert events[:3] == (
        Seat(1, "Player0", D("1500"), False, 3),  # "(1500, 9€ bounty)": the bounty is no chips
        Seat(2, "Hero", D("1000"), False, 4),
        Seat(4, "Player2", D("15"), False, 5),
    )
    assert Ante("Player2", D("15"), True, 9) in events
    # Hero's 100 on 4th street is uncalled: the last collection that holds it is the
    # side pot's 310 (the main pot's 45 cannot), 310 - 100 = 210; total 355 - 100 = 255
    assert [e for e in events if isinstance(e, (UncalledReturn, Collect))] == [
        UncalledReturn("Hero", D("100"), 22),
        Collect("Hero", D("210"), 1, 35),
        Collect("Hero", D("45"), 0, 36),
    ]
    assert [e for e in events if isinstance(e, SummaryPot)] == [SummaryPot(D("255"), None, (), D("0"), 38)]
    # the dealt 7th street card of Player2 is "[X]": no event
    assert [e.line for e in events if isinstance(e, Deal) and e.street is Street.SEVENTH] == [31]
    shows = [e for e in events if isinstance(e, Show)]
    assert shows[0] == Show(Street.SHOWDOWN, "Hero", C("2c 3d 4h 5s 6d 9c Tc"), (6, 5, 4, 3, 2), 33)
    summary = [e for e in events if isinstance(e, SummarySeat)]
    assert summary[0] == SummarySeat(
        2,
        "Hero",
        SeatOutcome.SHOWED_WON,
        None,
        None,
        C("2c 3d 4h 5s 6d 9c Tc"),
        D("255"),
        (6, 5, 4, 3, 2),
        39,
    )
    assert [(e.player, e.outcome) for e in summary[1:]] == [
        ("Player2", SeatOutcome.SHOWED_LOST),
        ("Player0", SeatOutcome.OTHER),
    ]


def test_play_money_has_no_currency(kinds: list[Hand]) -> None:
    hand = kinds[1]
    assert (hand.header.currency, hand.header.is_tournament, hand.header.ante) == (None, False, D("0.02"))
    # Hero's 0.10 against the 0.04 bring-in: 0.06 uncalled, out of "collected 0.18"
    assert hand.events[-8:] == (
        Action(Street.THIRD, "Hero", ActionKind.RAISE, D("0.06"), D("0.10"), False, 55),
        Action(Street.THIRD, "Player0", ActionKind.FOLD, D("0"), None, False, 56),
        UncalledReturn("Hero", D("0.06"), 56),
        Collect("Hero", D("0.12"), None, 57),
        StreetStart(Street.SUMMARY, 58),
        SummaryPot(D("0.12"), None, (), D("0"), 59),
        SummarySeat(2, "Hero", SeatOutcome.COLLECTED, None, None, (), D("0.12"), (), 60),
        SummarySeat(3, "Player0", SeatOutcome.OTHER, None, None, (), None, (), 59),
    )


def test_negative_all_in_raise_of_the_bring_in(kinds: list[Hand]) -> None:
    """``raises -6.10€ to 18.90€`` (the real stud log): Player0 brought in 10€ and
    raises all-in with the 18.90€ behind (33.90 - 5 ante - 10): to 28.90, 3.90 over 25."""
    hand = kinds[2]
    raise_line = next(e for e in hand.events if isinstance(e, Action) and e.line == 80)
    assert raise_line == Action(Street.THIRD, "Player0", ActionKind.RAISE, D("3.90"), D("28.90"), True, 80)


# --------------------------------------------------------------------------- errors


def test_garbled_action_is_a_parse_error_at_its_line_and_column() -> None:
    text = RAZZ.read_text(encoding="utf-8").replace("Player0 bets 25€", "Player0 best 25€")
    result = parse_text(text)
    assert isinstance(result, Violation)
    assert (result.rule, result.line, result.column, result.hand_id) == (
        "parse-error",
        17,
        9,
        "9250793-444-1478990340",
    )
    assert "expected" in result.message


def test_an_amount_in_another_currency_is_a_parse_error() -> None:
    text = RAZZ.read_text(encoding="utf-8").replace("Hero calls 25€", "Hero calls 25$")
    result = parse_text(text)
    assert isinstance(result, Violation) and result.rule == "parse-error" and result.line == 18


def test_a_date_that_cannot_be_is_a_parse_error() -> None:
    text = RAZZ.read_text(encoding="utf-8").replace("2016/11/12", "2016/13/12")
    result = parse_text(text)
    assert isinstance(result, Violation) and (result.rule, result.line) == ("parse-error", 1)


def test_a_hand_cut_before_its_summary_is_truncated() -> None:
    lines = RAZZ.read_text(encoding="utf-8").split("\n")[:20]
    result = parse_text("\n".join(lines))
    assert isinstance(result, Violation) and result.rule == "truncated-hand"
    assert result.hand_id == "9250793-444-1478990340"


def test_names_that_look_like_lines_parse_the_same() -> None:
    text = RAZZ.read_text(encoding="utf-8")
    for name in ("Player0 bets 25€", "Seat 9", "X X", "posts ante 5€", "Jörg [K]"):
        renamed = text.replace("Player0", name)
        hand = parse_text(renamed)
        assert isinstance(hand, Hand), (name, hand)
        expected = tuple(
            e.__class__(**{k: (name if v == "Player0" else v) for k, v in _fields(e).items()})
            for e in REAL_EVENTS
        )
        assert hand.events == expected


def _fields(e: object) -> dict[str, object]:
    return {k: getattr(e, k) for k in e.__dataclass_fields__}  # type: ignore[attr-defined]


def test_a_dollar_at_a_euro_table_is_a_parse_error_at_the_amount() -> None:
    text = RAZZ.read_text(encoding="utf-8").replace("(5€/25€/50€)", "(5€/25€/50$)")
    result = parse_text(text)
    assert isinstance(result, Violation)
    assert (result.rule, result.line, result.column) == ("parse-error", 1, 89)  # the "$"
    assert "EUR" in result.message


def test_a_sits_out_line_makes_no_event() -> None:
    """``NAME sits out`` (the status line fpdb's Winamax reader expects), by anyone."""
    text = RAZZ.read_text(encoding="utf-8")
    lines = text.split("\n")
    lines.insert(17, "Somebody else sits out")  # after Player0's 4th street bet
    hand = parse_text("\n".join(lines))
    assert isinstance(hand, Hand)
    assert hand.events == tuple(_shifted(e, 17) for e in REAL_EVENTS)


def _shifted(e: object, after: int) -> object:
    fields = _fields(e)
    line = fields["line"]
    assert isinstance(line, int)
    return e.__class__(**{**fields, "line": line + 1 if line > after else line})


@pytest.mark.parametrize(
    ("old", "new", "facts"),
    [
        # hold'em tables print the button after the money kind (the real tournament log)
        ("6-max (real money)", "6-max (real money) Seat #4 is the button", ("Pampelune", 6, D("5"))),
        # stakes without the ante: none from the header (the known structure gives 5€)
        ("(5€/25€/50€)", "(25€/50€)", ("Pampelune", 6, None)),
        # no table size
        ("'Pampelune' 6-max (real money)", "'Pampelune' (real money)", ("Pampelune", None, D("5"))),
    ],
)
def test_header_shapes(old: str, new: str, facts: tuple[object, ...]) -> None:
    hand = parse_text(RAZZ.read_text(encoding="utf-8").replace(old, new))
    assert isinstance(hand, Hand), hand
    assert (hand.header.table, hand.header.max_seats, hand.header.ante) == facts
    assert hand.events == REAL_EVENTS
