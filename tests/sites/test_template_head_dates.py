"""The header template's key is found as it was: its dates as ``finditer`` found them (date_spans
tries PokerStars' DATETIME only before each ``/``), a tournament's number where "Tournament #" is."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.sites import pokerstars, template_head
from razzlog.sites.template_head import STARS_DATETIME, date_spans

_DATES = re.compile(STARS_DATETIME)
# the pieces of dates and their near misses (other decimal digits: \d takes them too)
_PIECES = [
    "2026/02/11",
    "9:19:45",
    " ET",
    " (ET)",
    " - ",
    " ",
    "/",
    "1",
    "12",
    "2009",
    "٣",
    "１",
    ":",
    "[",
    "]",
]
_PIECES += ["ABCDEF", "AB", "(", ")", "a", "$5/$10", "/2026/1/1 1:02:03", "0000/0/0 0:00:00"]
_TEXTS = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=3)), max_size=30).map("".join)


@settings(max_examples=3000, deadline=None)
@given(_TEXTS, st.integers(min_value=0, max_value=40))
def test_the_dates_are_finditers(text: str, at: int) -> None:
    assert date_spans(text, _DATES, at) == [d.span() for d in _DATES.finditer(text, at)]


def test_another_pattern_is_read_by_finditer() -> None:
    other = re.compile(r"[0-9]+")
    assert date_spans("a 12 b 345", other, 1) == [(2, 4), (7, 10)]


def test_the_grammars_datetime_is_the_one_read_fast() -> None:
    pokerstars.PARSER.parser()
    templates = pokerstars.PARSER._templates
    assert templates is not None and templates.datetimes.pattern == STARS_DATETIME
    assert templates.datetimes.flags == re.UNICODE


def test_a_header_s_dates() -> None:
    line = "PokerStars Hand #1: Razz Limit ($5/$10 USD) - 2026/02/11 9:19:45 ET [2026/02/11 3:19:45 ET]"
    assert [line[a:b] for a, b in date_spans(line, _DATES, 20)] == [
        "2026/02/11 9:19:45 ET",
        "2026/02/11 3:19:45 ET",
    ]


def _head_key_as_first_written(line: str) -> tuple[str, list[tuple[int, int]]] | None:
    """template_head.head_key before it looked for "Tournament #" and the dates' "/" first."""
    m = template_head._HEAD.match(line)
    if m is None:
        return None
    spans = [m.span(1)]
    at = m.end()
    t = template_head._TOURNAMENT.search(line, at)
    if t is not None:
        spans.append(t.span(1))
        at = t.end()
    spans += [d.span() for d in _DATES.finditer(line, at)]
    pieces, at = [], 0
    for a, b in spans:
        pieces.append(line[at:a])
        at = b
    pieces.append(line[at:])
    return "\x00".join(pieces), spans


_HEAD_PIECES = [
    "Tournament #",
    "Tournament #12, ",
    "Tournament ",
    "#",
    "12",
    ", ",
    " ",
    "$5/$10",
    "Razz Limit",
]
_HEAD_PIECES += [" - ", "2026/02/11 9:19:45 ET", "[2026/1/1 1:02:03]", "/", "٣", "Level V (75/150)"]
_HEADS = st.tuples(
    st.sampled_from(["PokerStars Hand #", "PokerStars Game #", "PokerStars Zoom Hand #", "Poker"]),
    st.sampled_from(["1", "250901972775", "", "x"]),
    st.sampled_from([":", ": ", ""]),
    st.lists(st.one_of(st.sampled_from(_HEAD_PIECES), st.text(max_size=2)), max_size=14).map("".join),
).map("".join)


@settings(max_examples=3000, deadline=None)
@given(_HEADS)
def test_the_header_key_is_the_first_one(line: str) -> None:
    assert template_head.head_key(line, _DATES) == _head_key_as_first_written(line)
