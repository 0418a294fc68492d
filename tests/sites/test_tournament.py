"""Tournament results and buy-ins: the real PokerStars lines become TournamentFinish events.

* each real form of result line, with odd names, is pinned event by event (the
  lines are copied from public hand histories, cited beside each one);
* any other line about a tournament stays a noise line, exactly as before;
* names, places and prizes of any shape parse back (hypothesis);
* the audit ignores the results, ``parse`` writes them as JSON, ``show`` prints them;
* ``parse_buy_in`` splits the real header forms, also from parsed headers.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from razzlog.api import audit_paths
from razzlog.events import Hand, TournamentFinish
from razzlog.render.hand_view import hand_view
from razzlog.render.jsonout import hand_to_dict
from razzlog.render.show import print_hand
from razzlog.sites import fulltilt, pokerstars
from razzlog.sources import RawHand
from razzlog.tournament import BuyIn, parse_buy_in
from razzlog.violations import Violation

ROOT = Path(__file__).resolve().parents[2]
SYNTHETIC = ROOT / "samples" / "pokerstars-format-examples.synthetic.txt"
FT_REAL = ROOT / "tests" / "data" / "fulltilt-all-in.txt"

# The synthetic sample's tournament hand (it audits clean), its players renamed
# to odd names.  Its summary starts at line 65.
RENAMED = {"pixel90710": "a b", "nordic52487": "[x]", "A 2 3 4 5": "1st place", "Søren 9": "李小龙"}


def tournament_hand() -> str:
    hands = re.split(r"\n\n\n+", SYNTHETIC.read_text(encoding="utf-8").strip("\n"))
    text = next(h for h in hands if "Tournament #" in h.split("\n")[0])
    for old, new in RENAMED.items():
        text = text.replace(old, new)
    return text


BASE = tournament_hand()
SUMMARY_AT = BASE.split("\n").index("*** SUMMARY ***")


def with_lines(extra: list[str], text: str = BASE) -> list[str]:
    """The hand's lines with ``extra`` just before the summary (where PokerStars prints results)."""
    lines = text.split("\n")
    k = lines.index("*** SUMMARY ***")
    return lines[:k] + extra + lines[k:]


def parse_lines(lines: list[str]) -> Hand | Violation:
    return pokerstars.parse_hand(RawHand("t.txt", 1, tuple(lines), "utf-8"))


def parse(lines: list[str]) -> Hand:
    hand = parse_lines(lines)
    assert isinstance(hand, Hand), hand
    return hand


def finishes(hand: Hand) -> list[TournamentFinish]:
    return [e for e in hand.events if isinstance(e, TournamentFinish)]


# --------------------------------------------------------------------------- the real forms

# (line, its source, the event without its line number)
REAL_LINES = [
    # fpdb regression-test-files/tour/Stars/Flop/NLHE-play-STT-2000.201202.allin.blind.txt:
    # "Player6 finished the tournament in 7th place"
    ("[x] finished the tournament in 7th place", ("[x]", 7, None, None, False)),
    # fpdb tour/Stars/Flop/5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.won.txt:
    # "MuKoJla finished the tournament in 2nd place and received $141.51."
    ("a b finished the tournament in 2nd place and received $141.51.", ("a b", 2, "141.51", "USD", False)),
    # fpdb tour/Stars/Flop/NLHE-USD-STT-20-201006.DONturbo.txt (a double or nothing: five
    # players "finished the tournament in 1st place and received $40.00.")
    (
        "1st place finished the tournament in 1st place and received $40.00.",
        ("1st place", 1, "40.00", "USD", False),
    ),
    # thlorenz/hhp test/pokerstars/holdem-pokerstars.showdowns-02.js: "maja1406 finished the tournament"
    ("李小龙 finished the tournament", ("李小龙", None, None, None, False)),
    # thlorenz/hhp test/pokerstars/holdem-pokerstars.showdowns-01.js:
    # "young usama finished the tournament in 124th place and received $12.51."
    (
        "meg river finished the tournament in 124th place and received $12.51.",
        ("meg river", 124, "12.51", "USD", False),
    ),
    # fpdb tour/Stars/Flop/5-Card-PLO-…progressive.won.txt: "Hero wins the tournament and
    # receives $230.36 - congratulations!"; tour/Stars/Draw/2-7 Single Draw-NL-USD-2max-STT-1.40-
    # 201212.ante.all.in.txt: "Player0 wins the tournament and receives $2.80 - congratulations!"
    (
        "Ölfisch wins the tournament and receives $230.36 - congratulations!",
        ("Ölfisch", 1, "230.36", "USD", True),
    ),
]


def test_every_real_form_is_an_event_on_its_line() -> None:
    hand = parse(with_lines([line for line, _ in REAL_LINES]))
    want = [
        TournamentFinish(
            player, place, None if prize is None else Decimal(prize), currency, winner, SUMMARY_AT + 1 + i
        )
        for i, (_, (player, place, prize, currency, winner)) in enumerate(REAL_LINES)
    ]
    assert finishes(hand) == want
    # nothing else changed: the same events as with the lines left out, the later lines shifted
    plain = parse(with_lines([]))
    rest = [e for e in hand.events if not isinstance(e, TournamentFinish)]
    assert [(type(e), e.line - (len(REAL_LINES) if e.line > SUMMARY_AT else 0)) for e in rest] == [
        (type(e), e.line) for e in plain.events
    ]


@pytest.mark.parametrize(
    ("line", "prize", "currency"),
    [
        # fpdb's PokerStars parser reads these lines with any of its currency symbols and
        # thousands separators ("%(CUR)s(?P<AMT>[,.0-9]+)"); a euro prize as a public parser's
        # comment quotes it: "vikcch finished the tournament in 1710th place and received €28.00."
        ("[x] finished the tournament in 1710th place and received €28.00.", "28.00", "EUR"),
        ("[x] finished the tournament in 3rd place and received £1,234.50.", "1234.50", "GBP"),
        ("[x] finished the tournament in 21st place and received $1,000,000.", "1000000", "USD"),
    ],
)
def test_prizes_keep_their_currency_and_exact_amount(line: str, prize: str, currency: str) -> None:
    (finish,) = finishes(parse(with_lines([line])))
    assert (finish.prize, finish.currency) == (Decimal(prize), currency)
    assert isinstance(finish.prize, Decimal)


# --------------------------------------------------------------------------- everything else is noise


@pytest.mark.parametrize(
    "line",
    [
        "zen.willy36 finished the tournament in 3rd place and received a ticket",  # no money
        "zen.willy36 wins the tournament and receives 1000 play chips - congratulations!",
        "zen.willy36 finished the tournament in 3rd place and received 10.",  # no currency symbol
        "zen.willy36 finished the tournament in 3rd plac",
        "zen.willy36 finished the tournament in 3rd place x",  # more after the line's end
        "zen.willy36 finished the tournament in place",
        "zen.willy36 wins the tournament",
        "zen.willy36: finished the tournament in 3rd place",  # chat
        "Somebody Else finished the tournament in 9th place",  # not seated here
        "zen.willy3 finished the tournament in 9th place",  # a name that is not seated
        "zen.willy36 wins the $5 bounty for eliminating [x]",
    ],
)
def test_other_tournament_lines_stay_noise(line: str) -> None:
    chat = parse(with_lines(['zen.willy36 said, "gg"']))
    hand = parse(with_lines([line]))
    assert hand.events == chat.events


def test_a_result_before_the_showdown_stays_noise() -> None:
    """Results come at the showdown (a player busts by losing all-in, which always
    comes to one): a result line on a betting street is a noise line there."""
    lines = BASE.split("\n")
    k = lines.index("*** 5th STREET ***")
    hand = parse([*lines[:k], "[x] finished the tournament in 7th place", *lines[k:]])
    chat = parse([*lines[:k], '[x] said, "gg"', *lines[k:]])
    assert hand.events == chat.events


def test_a_result_line_anywhere_is_accepted_as_a_chat_line_is() -> None:
    """At every position of the hand, a result line gives what a chat line there
    gives (the same events, or the same parse error), plus its event in the showdown."""
    lines = BASE.split("\n")
    showdown = range(lines.index("*** SHOW DOWN ***") + 1, SUMMARY_AT + 1)
    for i in range(1, len(lines) + 1):
        for line in (
            "[x] finished the tournament in 7th place",
            "a b wins the tournament and receives $2.80 - congratulations!",
        ):
            result = parse_lines([*lines[:i], line, *lines[i:]])
            chat = parse_lines([*lines[:i], f'{line.split(" ")[0]} said, "gg"', *lines[i:]])
            if isinstance(chat, Violation):
                assert isinstance(result, Violation) and (result.line, result.message) == (
                    chat.line,
                    chat.message,
                )
                continue
            assert isinstance(result, Hand), (i, result)
            assert [e for e in result.events if not isinstance(e, TournamentFinish)] == list(chat.events)
            assert len(finishes(result)) == (i in showdown), i


def test_full_tilt_prints_no_result_and_its_lines_stay_noise() -> None:
    """Full Tilt's sit & go hand histories (fpdb's tour/FTP/Flop/NLHE-6max-SnG-USD-5-201305.txt,
    …STT-2-20100323…) show players busting without any result line: there is no real
    form to read, so these stay noise lines as before."""
    first = re.split(r"\n(?=Full Tilt Poker Game #)", FT_REAL.read_text(encoding="utf-8"))[0]
    lines = [line for line in first.split("\n") if line]
    k = lines.index("*** SUMMARY ***")
    name = re.match(r"Seat \d+: (.+) \(", lines[1]).group(1)  # type: ignore[union-attr]
    extra = [f"{name} finished the tournament in 2nd place", f"{name} wins the tournament"]
    raw = RawHand("t.txt", 1, tuple(lines[:k] + extra + lines[k:]), "utf-8")
    hand = fulltilt.parse_hand(raw)
    assert isinstance(hand, Hand), hand
    assert finishes(hand) == []


def test_a_garbled_line_after_a_result_is_still_a_parse_error_at_its_column() -> None:
    lines = with_lines(["[x] finished the tournament in 7th place", "Ölfisch: cals 10"])
    error = parse_lines(lines)
    assert isinstance(error, Violation) and error.rule == "parse-error"
    assert (error.line, error.column) == (SUMMARY_AT + 2, 10)


# --------------------------------------------------------------------------- any name, place and prize


OTHERS = [n for n in re.findall(r"Seat \d+: (.+) \(", BASE) if n != "zen.willy36"]


def _extends(a: str, b: str) -> bool:
    return a == b or a.startswith(b + " ") or a.startswith(b + ":")


def _usable(name: str) -> bool:
    """A name the masking can place (see razzlog.sites.masking): no surrounding space, no
    line start of its own, no " (X in chips", no card in brackets; none of the result
    phrases inside it; and none of the hand's other names extending it or extended by it."""
    return (
        bool(name)
        and name == name.strip()
        and not re.match(r"Seat \d+: |\*\*\* |Dealt to |Uncalled bet ", name)
        and " in chips" not in name
        and not re.search(r"\[(?:10|[2-9TJQKA])[shdc]", name)
        and " finished the tournament" not in name
        and " wins the tournament" not in name
        and not any(_extends(name, other) or _extends(other, name) for other in OTHERS)
    )


NAMES = st.text(
    st.characters(
        categories=("L", "N", "P", "S", "Zs"), exclude_characters="\ue000\ue001\n\r\x85\u2028\u2029"
    ),
    min_size=1,
    max_size=16,
).filter(_usable)
PLACES = st.integers(min_value=1, max_value=10**6)
PRIZES = st.tuples(st.integers(min_value=0, max_value=10**10), st.sampled_from(["$", "€", "£"]))


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _amount(cents: int, grouped: bool) -> str:
    dollars, rest = divmod(cents, 100)
    return (f"{dollars:,}" if grouped else str(dollars)) + f".{rest:02d}"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    name=NAMES,
    form=st.sampled_from(["place", "prize", "bare", "winner"]),
    place=PLACES,
    prize=PRIZES,
    grouped=st.booleans(),
)
def test_any_name_place_and_prize_parse_back(
    name: str, form: str, place: int, prize: tuple[int, str], grouped: bool
) -> None:
    cents, symbol = prize
    money = symbol + _amount(cents, grouped)
    line = {
        "place": f"{name} finished the tournament in {_ordinal(place)} place",
        "prize": f"{name} finished the tournament in {_ordinal(place)} place and received {money}.",
        "bare": f"{name} finished the tournament",
        "winner": f"{name} wins the tournament and receives {money} - congratulations!",
    }[form]
    hand = parse(with_lines([line], BASE.replace("zen.willy36", name)))
    paid = Decimal(cents) / 100 if form in ("prize", "winner") else None
    currency = {"$": "USD", "€": "EUR", "£": "GBP"}[symbol] if paid is not None else None
    where = None if form == "bare" else 1 if form == "winner" else place
    assert finishes(hand) == [TournamentFinish(name, where, paid, currency, form == "winner", SUMMARY_AT + 1)]


# --------------------------------------------------------------------------- audit, parse, show


def test_the_audit_ignores_results(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("\n".join(with_lines([line for line, _ in REAL_LINES])) + "\n", encoding="utf-8")
    (report,) = audit_paths([str(path)])
    assert report.hand is not None and len(finishes(report.hand)) == len(REAL_LINES)
    assert report.violations == ()


def test_parse_writes_results_as_json_events() -> None:
    events = hand_to_dict(parse(with_lines([line for line, _ in REAL_LINES])))["events"]
    results = [e for e in events if e["type"] == "TournamentFinish"]
    assert results[1] == {
        "type": "TournamentFinish",
        "player": "a b",
        "place": 2,
        "prize": "141.51",  # an exact decimal string, as every amount
        "currency": "USD",
        "winner": False,
        "line": SUMMARY_AT + 2,
    }
    assert results[3]["place"] is None and results[3]["prize"] is None


def test_show_prints_results_as_text() -> None:
    view = hand_view(parse(with_lines([line for line, _ in REAL_LINES])), ())
    rows = [r for s in view.sections for r in s.rows if r.kind == "TournamentFinish"]
    assert [(r.player, r.text) for r in rows] == [
        ("[x]", "finished the tournament in 7th place"),
        ("a b", "finished the tournament in 2nd place and received $141.51"),
        ("1st place", "finished the tournament in 1st place and received $40.00"),
        ("李小龙", "finished the tournament"),
        ("meg river", "finished the tournament in 124th place and received $12.51"),
        ("Ölfisch", "wins the tournament and receives $230.36"),
    ]
    assert {s.title for s in view.sections if any(r.kind == "TournamentFinish" for r in s.rows)} == {
        "Showdown"
    }
    console = Console(record=True, width=200, color_system=None)
    print_hand(console, view)
    out = console.export_text()
    assert "[x] finished the tournament in 7th place" in out  # a name in brackets is text, not markup


# --------------------------------------------------------------------------- buy-ins

# (as the header prints it, buy-in, fee, bounty, currency, points), from fpdb's regression files
REAL_BUY_INS = [
    ("$200+$15 USD", "200", "15", None, "USD", None),  # tour/Stars/Stud/Razz-8max-USD-200-15-201009…
    (
        "$20.00+$0.80 USD",
        "20.00",
        "0.80",
        None,
        "USD",
        None,
    ),  # tour/Stars/Flop/NLHE-USD-STT-20-201006.DONturbo
    (
        "$1.40+$0.10 USD",
        "1.40",
        "0.10",
        None,
        "USD",
        None,
    ),  # tour/Stars/Draw/2-7 Single Draw-NL-USD-2max-STT-1.40…
    ("£5.00+£0.50 GBP", "5.00", "0.50", None, "GBP", None),  # tour/Stars/Flop/NLHE-GBP-MTT-201107-£5 + £0.50
    (
        "$12.30+$12.25+$2.45 USD",
        "12.30",
        "2.45",
        "12.25",
        "USD",
        None,
    ),  # …5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45…
    ("300+20", "300", "20", None, None, None),  # tour/Stars/Flop/NLHE-Play-STT-20110405 (play money)
    ("2000+110", "2000", "110", None, None, None),  # tour/Stars/Flop/NLHE-play-STT-2000.201202.allin.blind
    ("100+9", "100", "9", None, None, None),  # tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame…
    ("1FPP", "1", "0", None, None, "FPP"),  # tour/Stars/Flop/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy
    ("250 SC", "250", "0", None, None, "SC"),  # tour/Stars/Flop/NLHE-9max-SC-MTT-201512 (StarsCoin)
    ("Freeroll", "0", "0", None, None, None),  # tour/Stars/Flop/NLHE-9max-Freeroll-MTT-201209…
    ("$2 + $0.25", "2", "0.25", None, "USD", None),  # Full Tilt: tour/FTP/Flop/NLHE-USD-STT-2-20100323…
    (
        "$200 + $10",
        "200",
        "10",
        None,
        "USD",
        None,
    ),  # Full Tilt: tour/FTP/Flop/LO8-HORSE-2max-SnG-USD-200-200604
    (
        "$5",
        "5",
        "0",
        None,
        "USD",
        None,
    ),  # Full Tilt: tour/FTP/Flop/NLHE-6max-SnG-USD-5-201305 ("$5 Sit & Go")
    (
        "$0.02+$0.00 USD",
        "0.02",
        "0.00",
        None,
        "USD",
        None,
    ),  # pokerregion/poker tests/handhistory/stars_hands.py
    ("€10+€1", "10", "1", None, "EUR", None),
    ("$1,050+$50 USD", "1050", "50", None, "USD", None),  # a thousands separator, as amounts print them
]


@pytest.mark.parametrize(("text", "buy_in", "fee", "bounty", "currency", "points"), REAL_BUY_INS)
def test_parse_buy_in_splits_the_real_forms(
    text: str, buy_in: str, fee: str, bounty: str | None, currency: str | None, points: str | None
) -> None:
    parsed = parse_buy_in(text)
    assert parsed == BuyIn(
        Decimal(buy_in), Decimal(fee), None if bounty is None else Decimal(bounty), currency, points
    )
    assert parsed is not None and parsed.total == Decimal(buy_in) + Decimal(fee) + Decimal(bounty or 0)


@pytest.mark.parametrize(
    "text", [None, "", "abc", "$10+15", "$1,05+$1", "10+1+1+1", "$5 SC", "10+1 usd", "$", "+1"]
)
def test_parse_buy_in_says_none_for_anything_else(text: str | None) -> None:
    assert parse_buy_in(text) is None


@pytest.mark.parametrize(
    "printed",
    [
        "$12.30+$12.25+$2.45 USD",
        "£5.00+£0.50 GBP",
        "300+20",
        "1FPP",
        "250 SC",
        "Freeroll ",
        "$0.02+$0.00 USD",
    ],
)
def test_headers_keep_the_buy_in_as_printed(printed: str) -> None:
    lines = BASE.split("\n")
    lines[0] = lines[0].replace("$200+$15 USD", printed)
    header = parse(lines).header
    assert header.buy_in == printed.strip()
    assert parse_buy_in(header.buy_in) == parse_buy_in(printed)
