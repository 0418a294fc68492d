"""Merge's XML: real games in, razzlog.events out; located errors; hostile XML; the file's description.

Real files, copied byte for byte from fpdb's regression files (repository
philroberts/FPDB-for-OSX):

* ``tests/data/sites/merge-razz-0.50-1-allin.txt`` is
  ``pyfpdb/regression-test-files/cash/Merge/Stud/Razz-USD-0.50-1.00-201111.allIn.txt``
  (LF, no final line break, no XML declaration);
* ``tests/data/sites/merge-7stud-hl-0.25-0.50-v2.xml`` is
  ``pyfpdb/regression-test-files/cash/Merge/Stud/7-StudHL-USD-0.25-0.50-201307.no.null.xml``
  (CRLF, the "version 2" attributes, empty strings for hidden cards): another game.
"""

from __future__ import annotations

import tempfile
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
    Show,
    Street,
    StreetStart,
    SummaryPot,
    UncalledReturn,
)
from razzlog.sites import merge, parse_raw_hand, site_for
from razzlog.sources import CONTEXT_PREFIXES, HEADER_PREFIXES, RawHand, iter_raw_hands
from razzlog.violations import Violation

DATA = Path(__file__).resolve().parents[1] / "data" / "sites"
RAZZ = DATA / "merge-razz-0.50-1-allin.txt"
STUD_HL = DATA / "merge-7stud-hl-0.25-0.50-v2.xml"
DESCRIPTION = '<description type="Razz" stakes="Limit $0.50/$1"/>'
D = Decimal


def C(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def raw_hands(path: Path) -> list[RawHand | Violation]:
    return list(iter_raw_hands([str(path)]))


def parse_text(text: str) -> list[Hand | Violation]:
    """Every game of ``text`` (a whole file), parsed."""
    return [parse_raw_hand(r) if isinstance(r, RawHand) else r for r in _hands(text)]


def _hands(text: str) -> list[RawHand | Violation]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "merge.xml"
        path.write_bytes(text.encode("utf-8"))
        return list(iter_raw_hands([str(path)]))


REAL_HEADER = HandHeader(
    site="merge",
    hand_id="43618199-14",
    game="razz",
    small_bet=D("0.50"),
    big_bet=D("1"),
    currency="USD",
    is_tournament=False,
    tournament_id=None,
    buy_in=None,
    level=None,
    played_at="2011/11/16 03:36:28 UTC",  # starttime 20111115223628 is UTC-5
    table="Pinatubo (43618199)",
    max_seats=None,
    line=2,
)
THIRD, FOURTH, FIFTH, SIXTH, SEVENTH = Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH
OJ, WU, INF = "OJLimpson82", "TheWuster74", "6infamous9"
REAL_EVENTS = (
    # seats are counted from 0 in the log: razzlog's are one more
    Seat(4, OJ, D("2.96"), False, 4),
    Seat(6, WU, D("10.00"), False, 5),
    Seat(7, INF, D("15.39"), False, 6),
    Ante(OJ, D("0.05"), False, 9),
    Ante(INF, D("0.05"), False, 10),
    Ante(WU, D("0.05"), False, 11),
    StreetStart(THIRD, 13),
    # the BRING_IN round lists the bring-in (line 14) before the cards (15-17): deals first
    Deal(THIRD, WU, (), C("6c"), 15),
    Deal(THIRD, INF, (), C("5c"), 16),
    Deal(THIRD, OJ, (), C("As 7h Kc"), 17),
    Action(THIRD, OJ, ActionKind.BRING_IN, D("0.10"), None, False, 14),
    Action(THIRD, WU, ActionKind.COMPLETE, D("0.50"), D("0.50"), False, 20),
    Action(THIRD, INF, ActionKind.CALL, D("0.50"), None, False, 21),
    # RAISE amount="1.00" is the street total (since 2010-09-08): raises 0.50 to 1.00
    Action(THIRD, OJ, ActionKind.RAISE, D("0.50"), D("1.00"), False, 22),
    Action(THIRD, WU, ActionKind.RAISE, D("0.50"), D("1.50"), False, 23),
    Action(THIRD, INF, ActionKind.CALL, D("1.00"), None, False, 24),
    Action(THIRD, OJ, ActionKind.RAISE, D("0.50"), D("2.00"), False, 25),
    Action(THIRD, WU, ActionKind.CALL, D("0.50"), None, False, 26),
    Action(THIRD, INF, ActionKind.CALL, D("0.50"), None, False, 27),
    StreetStart(FOURTH, 29),
    Deal(FOURTH, WU, C("6c"), C("2c"), 36),
    Deal(FOURTH, INF, C("5c"), C("Jd"), 37),
    Deal(FOURTH, OJ, C("As 7h Kc"), C("4c"), 38),
    Action(FOURTH, WU, ActionKind.BET, D("0.50"), None, False, 30),
    Action(FOURTH, INF, ActionKind.FOLD, D("0"), None, False, 31),
    # ALL_IN amount="0.91" is the chips put in: over a bet of 0.50, a raise of 0.41 to 0.91
    Action(FOURTH, OJ, ActionKind.RAISE, D("0.41"), D("0.91"), True, 32),
    Action(FOURTH, WU, ActionKind.CALL, D("0.41"), None, False, 33),
    # the hands are turned up on 4th street, with the cards shown so far
    Show(FOURTH, OJ, C("As 7h Kc 4c"), (), 34),
    Show(FOURTH, WU, C("2h 8d 6c 2c"), (), 35),
    StreetStart(FIFTH, 42),
    Deal(FIFTH, WU, C("2h 8d 6c 2c"), C("3d"), 43),
    Deal(FIFTH, OJ, C("As 7h Kc 4c"), C("Jh"), 44),
    StreetStart(SIXTH, 46),
    Deal(SIXTH, WU, C("2h 8d 6c 2c 3d"), C("Kd"), 47),
    Deal(SIXTH, OJ, C("As 7h Kc 4c Jh"), C("Qc"), 48),
    StreetStart(SEVENTH, 50),
    Deal(SEVENTH, WU, C("2h 8d 6c 2c 3d Kd"), C("9d"), 51),
    Deal(SEVENTH, OJ, C("As 7h Kc 4c Jh Qc"), C("8s"), 52),
    # no SHOWDOWN round: the showdown is END_OF_GAME's; the hands shown again, whole,
    # the winner's hand="9-8-6-3-2" as its declared low
    StreetStart(Street.SHOWDOWN, 54),
    Show(Street.SHOWDOWN, OJ, C("As 7h Kc 4c Jh Qc 8s"), (), 34),
    Show(Street.SHOWDOWN, WU, C("2h 8d 6c 2c 3d Kd 9d"), (9, 8, 6, 3, 2), 35),
    Collect(WU, D("7.58"), None, 55),
    # no total pot or rake in the log: 0.15 antes + 3 x 2.00 + 2 x 0.91 = 7.97 put in, 7.58 paid
    StreetStart(Street.SUMMARY, 54),
    SummaryPot(D("7.97"), None, (), D("0.39"), 54),
)


def test_the_real_razz_game_is_pinned_event_by_event() -> None:
    (raw,) = raw_hands(RAZZ)
    assert isinstance(raw, RawHand)
    assert (raw.first_line, raw.encoding, raw.context) == (2, "utf-8", ((1, DESCRIPTION),))
    hand = merge.parse_hand(raw)
    assert isinstance(hand, Hand), hand
    assert hand.header == REAL_HEADER
    assert hand.events == REAL_EVENTS
    assert (hand.first_line, hand.last_line) == (2, 57)


def test_another_game_is_counted_by_its_name() -> None:
    (raw,) = raw_hands(STUD_HL)
    assert isinstance(raw, RawHand)
    assert raw.first_line == 2 and raw.lines[-1] == "</game>"  # CRLF: physical lines, no "\r"
    assert parse_raw_hand(raw) == OtherGameHand(raw.file, 2, "merge", "70969727-130", "7-Stud H/L8 Limit")


def test_the_site_declares_its_prefixes_and_is_found_by_its_header() -> None:
    assert set(merge.HEADER_PREFIXES) <= set(HEADER_PREFIXES)
    assert set(merge.CONTEXT_PREFIXES) <= set(CONTEXT_PREFIXES)
    assert site_for('<game id="1-2" starttime="20111115223628">') is merge


GAME = """<game id="9-{n}" starttime="20111115223628" numholecards="7" gametype="47" realmoney="true" \
data="20111115|T (9)|9|9-{n}|false">
\t<players dealer="1">
\t\t<player seat="0" nickname="{a}" balance="$5.00" dealtin="true" />
\t\t<player seat="1" nickname="B" balance="$5.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="ANTE" player="0" amount="0.05"/>
\t\t<event sequence="2" type="ANTE" player="1" amount="0.05"/>
\t</round>
\t<round id="BRING_IN" sequence="2">
\t\t<event sequence="3" type="BRING_IN" player="0" amount="0.10"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,Kc" player="0"/>
\t\t<cards type="HOLE" cards="As,2d,3c" player="1" hand="3-2-A"/>
\t</round>
\t<round id="THIRD_STREET" sequence="3">
\t\t<event sequence="4" type="{act}" player="1" amount="0.50"/>
\t\t<event sequence="5" type="FOLD" player="0"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="4">
\t\t<event sequence="6" type="MUCK" player="1"/>
\t\t<winner amount="0.70" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="5">
\t</round>
</game>"""


def game(n: int, a: str = "A", act: str = "COMPLETE") -> str:
    return GAME.format(n=n, a=a, act=act)


def test_several_games_share_the_description_and_each_is_read_alone() -> None:
    text = "\n".join([DESCRIPTION, game(1), "", game(2, act="BOGUS"), game(3)]) + "\n"
    results = parse_text(text)
    assert [type(r).__name__ for r in results] == ["Hand", "Violation", "Hand"]
    first, bad, third = results
    assert isinstance(first, Hand) and isinstance(third, Hand) and isinstance(bad, Violation)
    # a game is 25 lines: the second starts at line 28 (after a blank line), the third at 53
    assert (first.first_line, third.first_line) == (2, 53)
    # the bad event is line 16 of the second game
    assert (bad.rule, bad.line, bad.column, bad.hand_id) == ("parse-error", 28 + 15, 3, "9-2")
    assert "unexpected <event>; expected an event razzlog knows" in bad.message
    # the winner's amount includes the uncalled part of the completion (older logs):
    # razzlog returns it, and the winner collects the pot (antes 0.10 + bring-in 0.10)
    assert [e for e in first.events if isinstance(e, (UncalledReturn, Collect))] == [
        UncalledReturn("B", D("0.40"), 22),
        Collect("B", D("0.30"), None, 22),
    ]


def test_malformed_xml_is_a_located_parse_error_and_the_next_game_is_read() -> None:
    broken = game(2).replace(
        '<event sequence="5" type="FOLD" player="0"/>', '<event sequence="5" type="FOLD" player="0">'
    )
    results = parse_text("\n".join([DESCRIPTION, game(1), broken, game(3)]))
    assert [type(r).__name__ for r in results] == ["Hand", "Violation", "Hand"]
    bad = results[1]
    assert isinstance(bad, Violation)
    # expat: the end tag </round> on the game's 18th line does not match the open <event>
    # (the column is its name's, after "\t</")
    assert (bad.rule, bad.line, bad.column) == ("parse-error", 27 + 17, 4)
    assert bad.message == f"line {27 + 17}, column 4: mismatched tag"


def test_a_game_cut_short_is_truncated_not_malformed() -> None:
    cut = "\n".join(game(1).split("\n")[:12])
    (result,) = parse_text(f"{DESCRIPTION}\n{cut}\n")
    assert isinstance(result, Violation)
    assert (result.rule, result.line, result.hand_id) == ("truncated-hand", 2, "9-1")


def test_a_game_without_a_description_says_what_it_needs() -> None:
    (result,) = parse_text(game(1) + "\n")
    assert isinstance(result, Violation)
    assert (result.rule, result.line, result.column) == ("parse-error", 1, 1)
    assert "<description" in result.message


@pytest.mark.parametrize(
    "hostile",
    [
        # an entity razzlog does not define (no DOCTYPE can come before <game>)
        game(1, a="&xxe;"),
        # a DOCTYPE inside the game: XML allows none there
        game(1).replace("\t<players", '<!DOCTYPE game [<!ENTITY a "aaaa">]>\n\t<players', 1),
        # an external entity reference
        game(1, a="&ext;").replace("\t<players", '<!DOCTYPE x SYSTEM "file:///etc/passwd">\n\t<players', 1),
    ],
)
def test_hostile_xml_is_a_parse_error_and_nothing_is_expanded(hostile: str) -> None:
    (result,) = parse_text(f"{DESCRIPTION}\n{hostile}\n")
    assert isinstance(result, Violation)
    assert result.rule == "parse-error" and result.line >= 2


def test_names_are_untrusted_text_kept_exactly() -> None:
    name = "<b>&amp;\u202e\x7f'\""
    escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
    (hand,) = parse_text(f"{DESCRIPTION}\n{game(1, a=escaped)}\n")
    assert isinstance(hand, Hand), hand
    assert hand.seats[0].player == name


def test_cp1252_names_are_read_as_the_site_wrote_them() -> None:
    text = f"{DESCRIPTION}\n{game(1, a='Søren')}\n".encode("cp1252")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cp.xml"
        path.write_bytes(text)
        (raw,) = iter_raw_hands([str(path)])
    assert isinstance(raw, RawHand) and raw.encoding == "cp1252"
    hand = parse_raw_hand(raw)
    assert isinstance(hand, Hand) and hand.seats[0].player == "Søren"


def test_a_mixed_game_names_its_variant_by_number() -> None:
    horse = '<description type="HORSE" stakes="Limit $0.50/$1" version="2" />'
    razz = game(1).replace('realmoney="true"', 'realmoney="true" multigametype="47"')
    stud = game(2).replace('realmoney="true"', 'realmoney="true" multigametype="43"')
    hand, skipped = parse_text("\n".join([horse, razz, stud]))
    assert isinstance(hand, Hand) and hand.header.mix == "HORSE"
    assert isinstance(skipped, OtherGameHand) and skipped.game == "7-Stud H/L8 Limit"
