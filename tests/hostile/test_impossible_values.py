"""Values of the right shape that cannot be (issue 14): reported where they are, never guessed.

A date such as ``2009/13/45``, a time such as ``25:00:00``, an amount in
another currency than the table's and an amount whose separators are
misplaced (``Total pot $3,8.04``) make the hand a ``parse-error`` at that
line and column; the legal neighbours of each (a leap day, ``23:59:59``, a
whole table in euros, ``$1,234.56``, "antes 6, and is all in") parse as before.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from razzlog.clock import utc_time
from razzlog.events import Hand, SummaryPot
from razzlog.generate.stream import generate_labeled
from razzlog.sites import parse_raw_hand
from razzlog.sources import RawHand
from razzlog.stats.played_times import played_times
from razzlog.violations import Violation
from tests.hostile.helpers import run, write
from tests.sites.test_tournament import BASE as TOURNAMENT_HAND
from tests.sites.test_tournament import with_lines

SITES = ("pokerstars", "fulltilt")


def first_hand(site: str) -> str:
    text = generate_labeled(11, 1, site=site, violations=0.0)[0]
    return text.strip("\n")


def parse(text: str) -> Hand | Violation:
    return parse_raw_hand(RawHand("t.txt", 1, tuple(text.split("\n")), "utf-8"))


def at(text: str, old: str, new: str, count: int = 1) -> tuple[str, int, int]:
    """``text`` with the first ``old`` replaced by ``new``, and the line and column of ``new``."""
    k = text.index(old)
    line = text.count("\n", 0, k) + 1
    column = k - (text.rfind("\n", 0, k) + 1) + 1
    return text[:k] + new + text[k + len(old) :], line, column


def assert_reported(text: str, line: int, column: int, shown: str, expected: str) -> None:
    result = parse(text)
    assert isinstance(result, Violation), "accepted silently"
    assert result.rule == "parse-error", result
    assert (result.line, result.column) == (line, column), result.message
    assert result.message == f"line {line}, column {column}: unexpected '{shown}'; expected {expected}"
    assert result.hand_id is not None


def assert_legal(text: str) -> Hand:
    result = parse(text)
    assert isinstance(result, Hand), result
    return result


def date_of(text: str) -> str:
    found = re.search(r"\d{4}/\d{2}/\d{2}", text.split("\n")[0])
    assert found is not None
    return found.group(0)


def time_of(text: str) -> str:
    found = re.search(r"\d{1,2}:\d{2}:\d{2}", text.split("\n")[0])
    assert found is not None
    return found.group(0)


DATE_EXPECTED = "a date that exists (such as 2009/11/26)"
TIME_EXPECTED = "a time of day (such as 10:24:42)"
AMOUNT_EXPECTED = "an amount (such as $0.04 or 150)"


# --------------------------------------------------------------------------- dates and times


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("bad", ["2009/13/45", "2009/02/29", "2010/04/31", "2010/00/10", "2010/01/00"])
def test_a_date_that_does_not_exist_is_a_parse_error(site: str, bad: str) -> None:
    hand = first_hand(site)
    text, line, column = at(hand, date_of(hand), bad)
    assert_reported(text, line, column, bad, DATE_EXPECTED)


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("bad", ["24:00:00", "9:60:00", "23:59:60", "99:10:10"])
def test_a_time_that_does_not_exist_is_a_parse_error(site: str, bad: str) -> None:
    hand = first_hand(site)
    text, line, column = at(hand, time_of(hand), bad)
    assert_reported(text, line, column, bad, TIME_EXPECTED)


def test_the_second_time_of_a_header_is_checked_too() -> None:
    hand = first_hand("pokerstars")
    header = hand.split("\n")[0]
    text = hand.replace(header, header + " [2009/13/01 4:05:06 ET]", 1)
    assert_reported(text, 1, len(header) + 3, "2009/13/01", DATE_EXPECTED)


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize(("date", "time"), [("2008/02/29", "23:59:59"), ("2010/12/31", "0:00:00")])
def test_legal_dates_and_times_parse(site: str, date: str, time: str) -> None:
    hand = first_hand(site)
    text = hand.replace(date_of(hand), date, 1).replace(time_of(hand), time, 1)
    assert date in assert_legal(text).header.played_at


def test_since_no_longer_drops_an_impossible_date_without_a_word(tmp_path: Path) -> None:
    hand = first_hand("pokerstars")
    bad = hand.replace(date_of(hand), "2009/13/45", 1)
    path = write(tmp_path, bad + "\n\n\n" + first_hand("fulltilt") + "\n")
    result = run("stats", "--since", "2000-01-01", str(path))
    assert "1 hand could not be parsed" in result.stderr or "1 could not be parsed" in result.stderr
    report = run("audit", "--format", "json", str(path))
    assert report.code == 1
    assert '"hands": 2' in report.stdout and '"hands_parsed": 1' in report.stdout
    assert "line 1, column " in report.stdout and "2009/13/45" in report.stdout


@pytest.mark.parametrize(
    ("date", "time", "zone"),
    [("9999/12/31", "23:59:59", "ET"), ("0001/01/01", "0:00:00", "CET")],
)
def test_a_time_whose_utc_instant_is_out_of_range_is_stored_without_one(
    tmp_path: Path, date: str, time: str, zone: str
) -> None:
    # The local time exists, but its instant in UTC falls in year 10000 or year 0, which no
    # datetime holds: stats and import once stopped on an OverflowError. The hand counts; only
    # its UTC time is unknown, as for a zone razzlog does not know.
    hand = first_hand("pokerstars")
    header = hand.split("\n")[0]
    text = hand.replace(
        header, re.sub(r"\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2} \w+", f"{date} {time} {zone}", header), 1
    )
    assert f"{date} {time} {zone}" in assert_legal(text).header.played_at
    assert utc_time(f"{date} {time} {zone}") is None
    day, local, utc = played_times(f"{date} {time} {zone}")
    assert (str(day).replace("-", "/"), utc) == (date, None) and local is not None
    path = write(tmp_path, text + "\n")
    stats = run("stats", "--format", "json", str(path))
    assert stats.code == 0, stats.stderr
    assert '"hands": 1' in stats.stdout
    store = tmp_path / "store"
    assert run("import", "--store", str(store), str(path)).code == 0
    rows = run("query", "--store", str(store), "-f", "json", "SELECT date, time_utc FROM hands")
    assert json.loads(rows.stdout) == [{"date": str(day), "time_utc": None}]


# --------------------------------------------------------------------------- currencies


@pytest.mark.parametrize("site", SITES)
def test_a_euro_stack_at_a_dollar_table_is_a_parse_error(site: str) -> None:
    hand = first_hand(site)
    stack = re.search(r"\n(Seat \d+: [^\n]*?\(\$)([\d.,]+)", hand)
    assert stack is not None
    text, line, column = at(hand, stack.group(1) + stack.group(2), stack.group(1)[:-1] + "€" + stack.group(2))
    column += len(stack.group(1)) - 1
    shown = "€" + stack.group(2) + ("" if site == "pokerstars" else ")")
    expected = "an amount in the table's currency (USD, $)"
    assert_reported(text, line, column, shown, expected)


# each site's words for the lines that carry an amount
VERBS = {
    "pokerstars": ("calls", "posts the ante", "Total pot", "Rake", "collected"),
    "fulltilt": ("calls", "antes", "Total pot", "Rake", "wins the main pot"),
}


@pytest.mark.parametrize(("site", "verb"), [(site, verb) for site in SITES for verb in VERBS[site]])
def test_an_amount_in_another_currency_is_a_parse_error(site: str, verb: str) -> None:
    hand = first_hand(site)
    where = re.search(re.escape(verb) + r" \(?\$", hand)
    assert where is not None, f"no {verb!r} line in this site's hand"
    old = where.group(0)
    text, line, column = at(hand, old, old[:-1] + "£")
    result = parse(text)
    assert isinstance(result, Violation) and result.rule == "parse-error"
    assert (result.line, result.column) == (line, column + len(old) - 1)
    assert "expected an amount in the table's currency (USD, $)" in result.message


def test_a_header_whose_stakes_disagree_with_its_currency() -> None:
    hand = first_hand("pokerstars")
    stakes = re.search(r"\((\$[\d.]+)/(\$[\d.]+) USD\)", hand)
    assert stakes is not None
    text, line, column = at(hand, stakes.group(0), stakes.group(0).replace(" USD", " EUR"))
    assert_reported(
        text,
        line,
        column + 1,
        stakes.group(1) + "/" + stakes.group(2),
        "an amount in the table's currency (EUR, €)",
    )


@pytest.mark.parametrize("site", SITES)
def test_a_whole_table_in_euros_parses(site: str) -> None:
    hand = first_hand(site).replace("$", "€").replace(" USD)", " EUR)")
    assert assert_legal(hand).header.currency == "EUR"


def test_chips_and_a_bounty_in_a_tournament_parse() -> None:
    # chip amounts carry no symbol; a bounty does, in the tournament's currency
    text = re.sub(r"\((\d+) in chips\)", r"(\1 in chips, $5 bounty)", TOURNAMENT_HAND, count=1)
    assert "bounty" in text
    hand = assert_legal(text)
    assert hand.header.is_tournament and hand.header.currency is None


# --------------------------------------------------------------------------- separators


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("bad", ["$3,8.04", "$1,2345", "$12,34", "$0.2.5", "$1.5,000"])
def test_misplaced_separators_are_a_parse_error(site: str, bad: str) -> None:
    hand = first_hand(site)
    total = re.search(r"Total pot (\$[\d.,]+)", hand)
    assert total is not None
    text, line, column = at(hand, total.group(0), "Total pot " + bad)
    assert_reported(text, line, column + len("Total pot "), bad, AMOUNT_EXPECTED)


@pytest.mark.parametrize("site", SITES)
def test_a_bad_stack_is_reported_at_the_amount(site: str) -> None:
    hand = first_hand(site)
    stack = re.search(r"\n(Seat \d+: [^\n]*?\()(\$[\d.,]+)", hand)
    assert stack is not None
    text, line, column = at(hand, stack.group(0)[1:], stack.group(1) + "$1,7.50")
    column += len(stack.group(1))
    shown = "$1,7.50" + ("" if site == "pokerstars" else ")")
    assert_reported(text, line, column, shown, AMOUNT_EXPECTED)


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("good", ["$1,234.56", "$12,345", "$1,000,000", "$1234", "$0.5"])
def test_thousands_separators_parse(site: str, good: str) -> None:
    hand = first_hand(site)
    total = re.search(r"Total pot (\$[\d.,]+)", hand)
    assert total is not None
    text = hand.replace(total.group(0), "Total pot " + good, 1)
    pots = [e for e in assert_legal(text).events if isinstance(e, SummaryPot)]
    assert [str(p.total) for p in pots] == [good[1:].replace(",", "")]


def test_an_all_in_ante_comma_is_no_thousands_separator() -> None:
    hand = first_hand("fulltilt")
    assert re.search(r"antes \$[\d.]+, and is all in", hand)
    assert_legal(hand)


def test_a_prize_with_misplaced_separators_is_a_parse_error() -> None:
    good = with_lines(["a b finished the tournament in 2nd place and received $1,234.50."])
    assert_legal("\n".join(good))
    bad = with_lines(["a b finished the tournament in 2nd place and received $3,8.04."])
    line = bad.index("a b finished the tournament in 2nd place and received $3,8.04.") + 1
    text = "\n".join(bad)
    column = len("a b finished the tournament in 2nd place and received ") + 1
    assert_reported(text, line, column, "$3,8.04.", AMOUNT_EXPECTED)
