"""PokerStars' line templates (razzlog/sites/templates.py) give exactly Lark's full parse.

* generated hands: once the cache has seen some, nearly every hand is filled from templates,
  and the events equal the full parse's;
* the same hands damaged (hypothesis): lines dropped, swapped, repeated, digits, amounts,
  cards, dates and names changed: the template path (``parse_hand``) and the full parse
  (``full_parse``) give the same hand or the same violation (line, column, expected text);
* a digit that is no field (``*** 5rd STREET ***``) never borrows a template;
* the cache stays bounded.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from razzlog.events import Hand, TournamentFinish
from razzlog.generate.stream import generate_text
from razzlog.sites import pokerstars, templates
from razzlog.sites.masking import POKERSTARS, mask_lines
from razzlog.sources import RawHand, hands_of_lines

pytestmark = pytest.mark.skipif(
    not pokerstars.PARSER.use_templates,
    reason="templates need lark-cython (the full parse is then the only one)",
)


def generated_hands(seed: int, count: int) -> list[RawHand]:
    """``count`` generated PokerStars hands, read as razzlog reads a file."""
    text = generate_text(seed, count, site="pokerstars")
    numbered = ((line, "utf-8") for line in text.split("\n"))
    return [h for h in hands_of_lines("gen.txt", numbered) if isinstance(h, RawHand)]


@pytest.fixture(scope="module")
def warm() -> list[RawHand]:
    """Hands whose lines the cache has learnt (parsed once through ``parse_hand``)."""
    hands = generated_hands(7, 400)
    for raw in hands:
        pokerstars.parse_hand(raw)
    return hands


def _cache() -> templates.Templates:
    cache = pokerstars.PARSER._templates
    assert cache is not None
    return cache


def _template_path(raw: RawHand) -> object:
    masked = mask_lines(raw.lines, POKERSTARS)
    return _cache().parse(masked.masked, masked.names, raw.first_line)


def test_generated_hands_are_filled_from_templates_as_lark_parses_them(warm: list[RawHand]) -> None:
    fresh = generated_hands(8, 300)
    for raw in fresh[:100]:
        pokerstars.parse_hand(raw)
    filled = 0
    for raw in fresh[100:]:
        got = _template_path(raw)
        want = pokerstars.full_parse(raw)
        assert isinstance(want, Hand)
        if got is not None:
            filled += 1
            header, events = got  # type: ignore[misc]
            assert repr((header, tuple(events))) == repr((want.header, want.events))
        assert repr(pokerstars.parse_hand(raw)) == repr(want)
    assert filled >= 160  # of 200 (a new table or stakes still misses): the cache is used


def test_a_changed_amount_is_filled_with_its_own_value(warm: list[RawHand]) -> None:
    raw = next(
        r for r in warm if _template_path(r) is not None and any(": bets $" in line for line in r.lines)
    )
    lines = list(raw.lines)
    at = next(i for i, line in enumerate(lines) if ": bets $" in line)
    lines[at] = re.sub(r"\$[0-9.]+$", "$1,234.56", lines[at])
    changed = RawHand(raw.file, raw.first_line, tuple(lines), raw.encoding)
    got = _template_path(changed)
    assert got is not None
    want = pokerstars.full_parse(changed)
    assert isinstance(want, Hand)
    assert repr(got) == repr((want.header, list(want.events)))
    assert "Decimal('1234.56')" in repr(got)


def test_a_digit_that_is_no_field_never_borrows_a_template(warm: list[RawHand]) -> None:
    raw = next(r for r in warm if _template_path(r) is not None)
    for wrong in ("*** 5rd STREET ***", "*** 4rd STREET ***", "*** 3th STREET ***"):
        lines = tuple(wrong if line == "*** 3rd STREET ***" else line for line in raw.lines)
        changed = RawHand(raw.file, raw.first_line, lines, raw.encoding)
        assert _template_path(changed) is None
        assert repr(pokerstars.parse_hand(changed)) == repr(pokerstars.full_parse(changed))
        assert not isinstance(pokerstars.parse_hand(changed), Hand)


_ODD_NAMES = [
    "A 2 3 4 5",
    "Seat 9",
    "PC [Mittel]",
    "Jörg.K: 2",
    "x",
    "$5",
    "Bob (1 in chips)",
    "3rd",
    "€1,000",
]
_AMOUNTS = [
    "$1,000",
    "$3,8.04",
    "1.2.3",
    "$0.040",
    "€0.04",
    "99999999999999999",
    "0",
    "$1,234,567.891234",
    "10",
]
_DIGIT = re.compile(r"[0-9]")
_AMOUNT = re.compile(r"[$€£]?[0-9][0-9,.]*")
_CARD = re.compile(r"(?<=[\[ ])(?:10|[2-9TJQKA])[shdc](?=[\] ])")


def _mutate(lines: list[str], data: st.DataObject) -> None:
    kind = data.draw(
        st.sampled_from(["drop", "swap", "repeat", "digit", "amount", "card", "name", "date", "blank"])
    )
    at = data.draw(st.integers(1, len(lines) - 1))
    if kind == "drop":
        del lines[at]
    elif kind == "swap" and at + 1 < len(lines):
        lines[at], lines[at + 1] = lines[at + 1], lines[at]
    elif kind == "repeat":
        lines.insert(at, lines[at])
    elif kind == "blank":
        lines.insert(at, "")
    elif kind == "digit":
        spots = [(i, m.start()) for i, line in enumerate(lines) for m in _DIGIT.finditer(line)]
        i, pos = data.draw(st.sampled_from(spots))
        lines[i] = lines[i][:pos] + data.draw(st.sampled_from("0123456789")) + lines[i][pos + 1 :]
    elif kind == "amount":
        spots = [(i, m.span()) for i, line in enumerate(lines[1:], 1) for m in _AMOUNT.finditer(line)]
        i, (a, b) = data.draw(st.sampled_from(spots))
        lines[i] = lines[i][:a] + data.draw(st.sampled_from(_AMOUNTS)) + lines[i][b:]
    elif kind == "card":
        spots = [(i, m.span()) for i, line in enumerate(lines) for m in _CARD.finditer(line)]
        if spots:
            i, (a, b) = data.draw(st.sampled_from(spots))
            card = data.draw(st.sampled_from(["Ah", "10d", "Td", "2c", "Kx", "1s", "Ahh"]))
            lines[i] = lines[i][:a] + card + lines[i][b:]
    elif kind == "name":
        seats = [m.group(1) for line in lines if (m := re.match(r"Seat \d+: (.+?) \(", line))]
        if seats:
            old = data.draw(st.sampled_from(seats))
            new = data.draw(st.sampled_from(_ODD_NAMES) | st.text("ab :[]()$1é", min_size=1, max_size=8))
            everywhere = data.draw(st.booleans())
            for i, line in enumerate(lines):
                if old in line and (everywhere or i == at):
                    lines[i] = line.replace(old, new.strip() or "y")
    elif kind == "date":
        lines[0] = re.sub(
            r"\d{4}/\d\d/\d\d",
            data.draw(st.sampled_from(["2026/13/45", "2026/02/29", "2024/02/29"])),
            lines[0],
        )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_hands_give_what_the_full_parse_gives(warm: list[RawHand], data: st.DataObject) -> None:
    raw = data.draw(st.sampled_from(warm))
    lines = list(raw.lines)
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(lines, data)
    changed = RawHand(raw.file, raw.first_line, tuple(lines), raw.encoding)
    want = pokerstars.full_parse(changed)
    assert repr(pokerstars.parse_hand(changed)) == repr(want)  # may learn from it
    assert repr(pokerstars.parse_hand(changed)) == repr(want)  # may be filled from what it taught
    got = _template_path(changed)
    if got is not None:
        assert isinstance(want, Hand)
        assert repr(got) == repr((want.header, list(want.events)))


def test_the_cache_is_bounded(warm: list[RawHand], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(templates, "MAX_KEYS", 50)
    _cache().clear()  # (other tests of this process filled it)
    hands = generated_hands(9, 60)
    most = max(len(raw.lines) for raw in hands)  # what one hand can add after a clearing
    for raw in hands:
        assert repr(pokerstars.parse_hand(raw)) == repr(pokerstars.full_parse(raw))
        cache = _cache()
        assert len(cache.lines) + len(cache.tables) + len(cache.heads) <= 50 + most


def test_the_switch_turns_templates_off_in_a_new_process() -> None:
    """``RAZZLOG_PARSE_TEMPLATES=0`` (README, "How it works"): Lark parses every hand."""
    probe = "from razzlog.sites import pokerstars; print(pokerstars.PARSER.use_templates)"
    for value, expected in (("0", "False"), ("1", "True")):
        env = {**os.environ, "RAZZLOG_PARSE_TEMPLATES": value}
        done = subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
        )
        assert done.stdout.strip() == expected


_FINISH = re.compile(r"^(.+) finished the tournament in [0-9]+(?:st|nd|rd|th) place$")


def _finishing(warm: list[RawHand]) -> RawHand:
    """A hand with a prizeless result line, filled from templates once parsed (a test before may
    have emptied the cache)."""
    for raw in warm:
        if any(_FINISH.match(line) for line in raw.lines):
            pokerstars.parse_hand(raw)
            if _template_path(raw) is not None:
                return raw
    raise AssertionError("no result line was templated")


def test_a_result_line_without_a_prize_is_filled_from_its_template(warm: list[RawHand]) -> None:
    raw = _finishing(warm)
    want = pokerstars.full_parse(raw)
    assert isinstance(want, Hand)
    assert repr(_template_path(raw)) == repr((want.header, list(want.events)))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    place=st.sampled_from(["1", "7", "10", "124", "0", "007", "1,000", "99999999999999999999", "1.5"]),
    suffix=st.sampled_from(["st", "nd", "rd", "th", "xx"]),
    prize=st.sampled_from(["", " and received $10.00.", " and received €1,234.50.", " and received 5."]),
)
def test_a_changed_result_line_gives_what_the_full_parse_gives(
    warm: list[RawHand], place: str, suffix: str, prize: str
) -> None:
    # the place is the template's one field; the suffix and a prize are literals or other shapes
    raw = _finishing(warm)
    lines = list(raw.lines)
    at = next(i for i, line in enumerate(lines) if _FINISH.match(line))
    name = _FINISH.match(lines[at]).group(1)  # type: ignore[union-attr]
    lines[at] = f"{name} finished the tournament in {place}{suffix} place{prize}"
    changed = RawHand(raw.file, raw.first_line, tuple(lines), raw.encoding)
    want = pokerstars.full_parse(changed)
    assert repr(pokerstars.parse_hand(changed)) == repr(want)
    got = _template_path(changed)
    if got is not None:
        assert isinstance(want, Hand)
        assert repr(got) == repr((want.header, list(want.events)))
        # a prize's currency has no slot: a result with a prize is never filled from a template
        assert all(e.prize is None for e in got[1] if isinstance(e, TournamentFinish))  # type: ignore[index]


_CENTS = re.compile(r"(?<=\$)[0-9]+\.[0-9]{2}\b")
_A_CARD = st.builds(lambda r, s: r + s, st.sampled_from([*"23456789TJQKA", "10"]), st.sampled_from("shdc"))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_other_names_amounts_and_cards_are_filled_as_lark_parses_them(
    warm: list[RawHand], data: st.DataObject
) -> None:
    # valid values in place of a templated hand's: its lines keep their templates, and the fill
    # functions (template_fill.make_fill) must give the full parse's events (Lark: the reference)
    raw = data.draw(st.sampled_from([r for r in warm[:60] if _template_path(r) is not None]))
    lines = list(raw.lines)
    seats = [m.group(1) for line in lines if (m := re.match(r"Seat \d+: (.+?) \(", line))]
    old = data.draw(st.sampled_from(seats))
    new = data.draw(st.sampled_from(_ODD_NAMES) | st.text("abé .:[]()$17", min_size=1, max_size=9))
    new = new.strip() or "y"
    cents = st.builds(lambda d, c: f"{d}.{c:02d}", st.integers(0, 99999), st.integers(0, 99))
    for i, line in enumerate(lines):
        if i > 0:  # (the header's stakes are the table's: the blinds stay)
            line = _CENTS.sub(lambda _: data.draw(cents), line)
        line = _CARD.sub(lambda _: data.draw(_A_CARD), line)
        lines[i] = line.replace(old, new) if old in line and not line.startswith("Table '") else line
    changed = RawHand(raw.file, raw.first_line, tuple(lines), raw.encoding)
    want = pokerstars.full_parse(changed)
    assert repr(pokerstars.parse_hand(changed)) == repr(want)
    got = _template_path(changed)
    event("filled from templates" if got is not None else "parsed by Lark")
    if got is not None:
        assert isinstance(want, Hand)
        assert repr(got) == repr((want.header, list(want.events)))
