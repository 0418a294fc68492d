"""Shortcuts of a hand's row against the code they replace (kept here as the reference):
the header's times read once with the offset kept per day (``played_times``), the rake's
share of a hand's one winner (``rake_shares``), a tournament's entry per buy-in (``entry_of``), a player's
cards' text and low (``player_rows``), money as units from the first read of each amount
(``razzlog.stats.units``) and the rake's shares of those units."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime
from decimal import Decimal

import polars as pl
from hypothesis import example, given, settings
from hypothesis import strategies as st

from razzlog.cards import Card, best_low, format_low
from razzlog.clock import ZONES, utc_time
from razzlog.events import HandHeader
from razzlog.stats.chunks import InexactAmount, _units
from razzlog.stats.played_times import played_times
from razzlog.stats.player_rows import cards_text, low_of
from razzlog.stats.shares import entry_of, rake_shares
from razzlog.stats.units import InexactUnits, to_units, units, whole_units
from razzlog.tournament import parse_buy_in

_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})")
_TIME = re.compile(r"(\d{1,2}):(\d{2}):(\d{2})")
_UNIT = Decimal(10_000)
_ZERO = Decimal(0)


def reference_parse_played_at(text: str) -> tuple[date | None, datetime | None]:
    """``razzlog.stats.extract.parse_played_at`` before ``played_times``."""
    d = _DATE.search(text)
    if d is None:
        return None, None
    try:
        day = date(int(d[1]), int(d[2]), int(d[3]))
    except ValueError:
        return None, None
    t = _TIME.search(text)
    if t is None:
        return day, None
    try:
        return day, datetime(day.year, day.month, day.day, int(t[1]), int(t[2]), int(t[3]))
    except ValueError:
        return day, None


def reference(text: str) -> tuple[date | None, datetime | None, datetime | None]:
    return (*reference_parse_played_at(text), utc_time(text))


def same(text: str) -> None:
    want = reference(text)
    got = played_times(text)
    assert got == want, text
    # equal datetimes may differ in their zone: the UTC column keeps it
    assert [v.tzinfo if isinstance(v, datetime) else None for v in got] == [
        v.tzinfo if isinstance(v, datetime) else None for v in want
    ]


_ABBREVIATIONS = [*sorted(ZONES), "XYZ", "ABCDE", "ABCDEF", "Et"]


@st.composite
def printed_times(draw: st.DrawFn) -> str:
    year = draw(st.integers(1, 9999) | st.integers(1960, 2040))
    month = draw(st.integers(0, 13))
    day = draw(st.integers(0, 32))
    hour, minute, second = draw(st.integers(0, 25)), draw(st.integers(0, 61)), draw(st.integers(0, 61))
    zone = draw(st.sampled_from(_ABBREVIATIONS))
    hour_text = draw(st.sampled_from([str(hour), f"{hour:02d}"]))
    text = f"{year:04d}/{month:02d}/{day:02d} {hour_text}:{minute:02d}:{second:02d} {zone}"
    # now and then a text of another shape, which takes the regexes' path
    tail = draw(st.sampled_from(["", "", "", " ", " [2010/01/01 1:02:03 ET]", "x"]))
    head = draw(st.sampled_from(["", "", "", " ", "17:10:10 CCT - "]))
    return head + text + tail


@settings(max_examples=3000, deadline=None)
@given(printed_times())
@example("2009/11/26 10:24:42 ET")
@example("2021/03/14 02:30:00 ET")  # in the spring's gap
@example("2021/11/07 01:30:00 ET")  # twice in the autumn's fold
@example("2021/11/07 1:30:00 EDT")
@example("2021/10/31 02:30:00 CET")
@example("2019/02/16 23:30:00 BRT")  # Sao Paulo's summer time ended at midnight
@example("2018/11/04 00:30:00 BRT")  # and began at midnight: 00:30 did not exist
@example("1883/11/18 12:03:58 ET")  # New York's local mean time ended at noon
@example("0001/01/01 00:00:00 NZT")
@example("9999/12/31 23:59:59 ET")
@example("2010/12/07 17:10:10 CCT")
@example("17:10:10 CCT - 2010/12/07")
@example("2010/02/30 10:00:00 ET")
@example("2010/12/07 24:00:00 ET")
def test_played_times_as_the_regexes_read_them(text: str) -> None:
    same(text)


def test_every_second_of_a_changing_day() -> None:
    # the days the offset changes, and the days either side, every 7 minutes and 13 seconds
    for day in ("2021/03/13", "2021/03/14", "2021/03/15", "2021/11/06", "2021/11/07", "2021/11/08"):
        for zone in ("ET", "CT", "PT", "CET", "BST", "AEST"):
            for s in range(0, 86400, 433):
                same(f"{day} {s // 3600}:{s // 60 % 60:02d}:{s % 60:02d} {zone}")


def reference_rake_shares(rake: Decimal | None, collected: list[Decimal]) -> list[Decimal]:
    """``rake_shares`` before its one-winner shortcut."""
    total = sum(collected, _ZERO)
    if not rake or total <= 0:
        return [_ZERO] * len(collected)
    units = int(rake * _UNIT)
    parts = [divmod(units * c, total) if c > 0 else (_ZERO, _ZERO) for c in collected]
    whole = [int(q) for q, _ in parts]
    left = units - sum(whole)
    by_remainder = sorted(range(len(parts)), key=lambda i: -parts[i][1])
    for i in by_remainder[:left]:
        whole[i] += 1
    return [Decimal(w) / _UNIT for w in whole]


# the parser's amounts: below 10^14, at most 6 decimal places (razzlog.sites.common.AMOUNT_RANGE);
# a player's collected is a sum of a few of them
_AMOUNTS = (
    st.decimals(min_value=-5, max_value=10**14, places=4, allow_nan=False, allow_infinity=False)
    | st.decimals(min_value=-5, max_value=10**14, places=6, allow_nan=False, allow_infinity=False)
    | st.sampled_from(
        [Decimal(0), Decimal("0.00"), Decimal("1.5"), Decimal("0.0001"), Decimal("99999999999999.99")]
    )
    | st.lists(st.decimals(min_value=0, max_value=10**14, places=2), min_size=2, max_size=4).map(sum)
)


@settings(max_examples=3000, deadline=None)
@given(
    st.none() | _AMOUNTS,
    st.lists(st.sampled_from([Decimal(0), Decimal("0.00")]) | _AMOUNTS, max_size=8),
)
@example(Decimal("0.10"), [Decimal(0), Decimal("2.50"), Decimal(0)])
@example(Decimal("0.10"), [Decimal("1.25"), Decimal("1.25")])
@example(Decimal("0.00005"), [Decimal("1.00")])
@example(Decimal(10) ** 13, [Decimal("3.333333"), Decimal("99999999999999.99")])
@example(Decimal("99999999999999.99"), [Decimal("99999999999999.999999"), Decimal("3.333333")])
@example(Decimal("0.10"), [Decimal("1.00001"), Decimal("2")])
@example(Decimal("-0.5"), [Decimal("2")])
@example(Decimal("0.10"), [Decimal("-1"), Decimal("2")])
def test_rake_shares_as_before(rake: Decimal | None, collected: list[Decimal]) -> None:
    """Of the amounts in units (razzlog.stats.units), the units of the shares of the amounts."""
    got = rake_shares(None if rake is None else to_units(rake), [to_units(c) for c in collected])
    assert all(type(v) is int for v in got)
    assert got == [int(v * _UNIT) for v in reference_rake_shares(rake, collected)]


_HANDS_OF_CARDS = st.lists(
    st.builds(Card, st.integers(1, 13), st.sampled_from("shdc")), min_size=5, max_size=7, unique=True
).map(tuple)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_HANDS_OF_CARDS, min_size=1, max_size=4))
def test_a_players_cards_and_low_as_before(hands: list[tuple[Card, ...]]) -> None:
    for cards in hands * 2:  # twice: the second time from the memo
        ranks = best_low(cards)
        assert low_of(cards) == (format_low(ranks), ranks[0] if len(set(ranks)) == 5 else None)
        assert cards_text(cards) == " ".join(str(c) for c in cards)


_HEADER = HandHeader(
    "pokerstars", "1", "razz", Decimal(10), Decimal(20), None, True, "99", None, None,
    "2009/11/26 10:24:42 ET", "T 1", 8, 1,
)  # fmt: skip
_BUY_INS = st.sampled_from(
    ["$200+$15 USD", "$10+$1", "Freeroll", " Freeroll ", "10+1 FPP", "$10+15", None]
) | (
    st.from_regex(
        r"[$€]?[0-9]{1,4}(\.[0-9]{2})?( ?\+ ?[$€]?[0-9]{1,3}){0,2}( ?(USD|EUR|FPP|SC|X))?", fullmatch=True
    )
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(_BUY_INS, min_size=1, max_size=6), st.booleans())
def test_a_tournaments_entry_as_before(texts: list[str | None], tournament: bool) -> None:
    for text in texts * 2:  # twice: the second time from the memo
        header = replace(_HEADER, buy_in=text, is_tournament=tournament)
        buy_in = parse_buy_in(text) if tournament else None
        want = (None, None) if buy_in is None else (buy_in.total, buy_in.currency or buy_in.points)
        got = entry_of(header)
        assert got == want
        assert [str(v) for v in got] == [str(v) for v in want]


def reference_units(values: list[Decimal | None]) -> list[int | None]:
    """``razzlog.stats.chunks._new_units`` for every value, as the remembered units were made."""
    out: list[int | None] = []
    for v in values:
        if v is None:
            out.append(None)
            continue
        scaled = v * _UNIT
        whole = int(scaled)
        if whole != scaled:
            raise ValueError(v)
        out.append(whole)
    return out


_ANY_AMOUNTS = st.lists(
    st.none()
    | st.decimals(min_value=-(10**30), max_value=10**30, places=6)
    | st.decimals(min_value=-(10**6), max_value=10**6, places=2)
    | st.sampled_from(
        [Decimal(0), Decimal("-0"), Decimal("0.00"), Decimal("0E+3"), Decimal("1E-5"), Decimal("9" * 40)]
    ),
    max_size=20,
)


@settings(max_examples=3000, deadline=None)
@given(_ANY_AMOUNTS)
@example([Decimal("1.00001")])
@example([Decimal("12345678901234567890123456.78")])
def test_units_by_arithmetic_as_remembered(values: list[Decimal | None]) -> None:
    """An amount's units, converted (``to_units``) or remembered (``units``, twice: the second
    time from memory), made whole (``whole_units``): the units of before, or refused alike."""
    try:
        want: object = reference_units(values)
    except ValueError:
        want = "inexact"
    for convert in (to_units, units, units):
        try:
            got: object = whole_units([None if v is None else convert(v) for v in values])
        except InexactUnits:
            got = "inexact"
        assert got == want


@settings(max_examples=300, deadline=None)
@given(_ANY_AMOUNTS, st.sampled_from(["net", "put_3rd", "start_stack", "pot", "put", "to"]))
def test_a_money_series_as_before(values: list[Decimal | None], name: str) -> None:
    want: object
    try:
        units = reference_units(values)
    except ValueError:
        want = InexactAmount
    else:
        try:
            want = pl.Series(name, units, dtype=pl.Int64).to_list()
        except (TypeError, OverflowError) as exc:  # (past Int64: polars refuses the column either way)
            want = type(exc)
    try:
        got: object = _units([None if v is None else to_units(v) for v in values], name).to_list()
    except (InexactAmount, TypeError, OverflowError) as exc:
        got = InexactAmount if isinstance(exc, InexactAmount) else type(exc)
    assert got == want
