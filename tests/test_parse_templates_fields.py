"""The template path's faster pieces (razzlog/sites/templates.py) still give Lark's full parse.

* a table met for the first time is read from a recorded table line (the name a field), unless
  its name could make the line another terminal (a status line) or holds a quote;
* a tournament's number is a field of the header.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.events import Hand
from razzlog.generate.stream import generate_text
from razzlog.sites import pokerstars, template_cut, templates
from razzlog.sites.masking import POKERSTARS, mask_lines
from razzlog.sources import RawHand
from tests.test_parse_templates import generated_hands

pytestmark = pytest.mark.skipif(
    not pokerstars.PARSER.use_templates,
    reason="templates need lark-cython (the full parse is then the only one)",
)

# lines of the pieces slots are made of (tests/test_template_cut.py compares the cut itself)
_PIECES = ["Lo: ", "\ue000", "\ue001", "[", "]", " ", ",", ".", "$", "€", "£", "10", "1", "0", "5"]
_PIECES += ["9", "A", "T", "K", "s", "h", "x", "Lo", ": ", "(", ")"]


@pytest.fixture(scope="module")
def warm() -> list[RawHand]:
    hands = generated_hands(11, 300)
    for raw in hands:
        pokerstars.parse_hand(raw)
    return hands


def _template_path(raw: RawHand) -> object:
    cache = pokerstars.PARSER._templates
    assert cache is not None
    masked = mask_lines(raw.lines, POKERSTARS)
    return cache.parse(masked.masked, masked.names, raw.first_line)


def _with_line(raw: RawHand, index: int, line: str) -> RawHand:
    lines = list(raw.lines)
    lines[index] = line
    return RawHand(raw.file, raw.first_line, tuple(lines), raw.encoding)


@pytest.mark.parametrize("name", ["Brand New XIV", "1995131439 7", "Zeta", "a: b (c) [Ah] $5", "Ωmega"])
def test_a_new_table_name_is_filled_from_a_recorded_table_line(warm: list[RawHand], name: str) -> None:
    raw = next(r for r in warm if _template_path(r) is not None)
    changed = _with_line(raw, 1, re.sub(r"^Table '[^']*'", lambda _: f"Table '{name}'", raw.lines[1]))
    want = pokerstars.full_parse(changed)
    assert isinstance(want, Hand) and want.header.table == name
    got = _template_path(changed)
    assert got is not None
    assert repr(got) == repr((want.header, list(want.events)))
    assert repr(pokerstars.parse_hand(changed)) == repr(want)


@pytest.mark.parametrize(
    "name",
    [
        "Foo rebuys",  # the line reads as a status line (_NOISE) ...
        "x finished the tournament",
        "Bob adds on",
        "x wins the tournament",
        "Jo's",  # a quote: TABLE may end elsewhere
        "a' b",
        "",
    ],
)
def test_a_table_name_that_changes_the_tokens_is_never_read_from_a_template(
    warm: list[RawHand], name: str
) -> None:
    raw = next(r for r in warm if _template_path(r) is not None)
    changed = _with_line(raw, 1, re.sub(r"^Table '[^']*'", lambda _: f"Table '{name}'", raw.lines[1]))
    want = pokerstars.full_parse(changed)
    got = _template_path(changed)
    if got is not None:
        assert isinstance(want, Hand)
        assert repr(got) == repr((want.header, list(want.events)))
    assert repr(pokerstars.parse_hand(changed)) == repr(want)
    assert repr(pokerstars.parse_hand(changed)) == repr(want)  # once it may have taught


def test_a_status_line_name_is_not_a_table(warm: list[RawHand]) -> None:
    raw = next(r for r in warm if _template_path(r) is not None)
    changed = _with_line(raw, 1, re.sub(r"^Table '[^']*'", "Table 'Foo rebuys'", raw.lines[1]))
    assert _template_path(changed) is None
    assert not isinstance(pokerstars.full_parse(changed), Hand)  # Lark reads it as noise


def test_a_new_tournament_number_is_filled_from_the_header_template(warm: list[RawHand]) -> None:
    raw = next(r for r in warm if "Tournament #" in r.lines[0] and _template_path(r) is not None)
    for number in ("1", "987654321987654321", "0042"):
        header = re.sub(r"Tournament #[0-9]+,", f"Tournament #{number},", raw.lines[0])
        changed = _with_line(raw, 0, header)
        want = pokerstars.full_parse(changed)
        assert isinstance(want, Hand) and want.header.tournament_id == number
        got = _template_path(changed)
        assert got is not None
        assert repr(got) == repr((want.header, list(want.events)))
    for wrong in ("12a", "１２", "1 2"):  # not the ASCII digits a field takes: the full parse decides
        header = re.sub(r"Tournament #[0-9]+,", f"Tournament #{wrong},", raw.lines[0])
        changed = _with_line(raw, 0, header)
        assert _template_path(changed) is None
        assert repr(pokerstars.parse_hand(changed)) == repr(pokerstars.full_parse(changed))


def test_events_built_by_the_fill_functions_are_the_frozen_events_lark_gives(warm: list[RawHand]) -> None:
    import copy
    import dataclasses
    import pickle

    raw = next(r for r in warm if _template_path(r) is not None)
    got = _template_path(raw)
    want = pokerstars.full_parse(raw)
    assert isinstance(want, Hand) and got is not None
    events = got[1]  # type: ignore[index]
    assert len(events) == len(want.events)
    for made, lark in zip(events, want.events, strict=True):
        assert type(made) is type(lark)
        assert made == lark and hash(made) == hash(lark) and repr(made) == repr(lark)
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.line = 0  # type: ignore[misc]
        assert pickle.loads(pickle.dumps(made)) == lark
        assert copy.deepcopy(made) == lark


def test_a_class_with_other_slots_or_checks_gets_no_builder() -> None:
    import dataclasses

    from razzlog.sites import event_builders, template_fill

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        line: int

        def __post_init__(self) -> None:
            if self.line < 0:
                raise ValueError

    assert event_builders.builder(Checked) is None
    assert event_builders.constructor(Checked) is Checked  # (its __post_init__ runs)
    for cls in template_fill._KINDS:  # every event the templates make has one (or, compiled, a factory)
        assert event_builders.builder(cls) is not None or event_builders.factory(cls) is not None
        assert event_builders.constructor(cls) is not cls


def _fields(cuts: Iterable[template_cut.LineCut]) -> list[tuple[str, tuple[str, ...], int]]:
    """Each cut's skeleton, slots and currency symbols' bits (a LineCut has no equality)."""
    return [(cut.skeleton, cut.slots, cut.bits) for cut in cuts]


def _fresh_templates(max_cuts: int) -> templates.Templates:
    """An empty cache (only its memo of cuts is read)."""
    made = templates.Templates(re.compile(r"[0-9]+"), r"[0-9/: ]+")
    made.max_cuts = max_cuts
    return made


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join), min_size=1, max_size=6),
    st.lists(st.lists(st.integers(0, 5), max_size=8), max_size=8),
    st.integers(1, 6),
)
def test_kept_cuts_are_the_lines_own_cuts_even_when_the_memo_overflows(
    pool: list[str], batches: list[list[int]], max_cuts: int
) -> None:
    # hands of lines met again and again through a memo smaller than the lines: each line's cut
    # is cut_line's, kept or made
    cache = _fresh_templates(max_cuts)
    most = max_cuts  # (a hand's new lines are all kept, even more than max_cuts)
    for batch in batches:
        lines = [pool[i % len(pool)] for i in batch]
        most = max(most, len(lines))
        assert _fields(cache.cut(lines)) == _fields(template_cut.cut_of(line) for line in lines)
        assert len(cache.cuts) <= most


def test_a_real_lines_cut_is_its_skeleton_and_slots() -> None:
    text = generate_text(5, 100, site="pokerstars")
    cache = _fresh_templates(template_cut.MAX_CUTS)
    for hand in text.split("\n\n\n"):
        masked = mask_lines(tuple(hand.strip("\n").split("\n")), POKERSTARS)
        lines = masked.text.split("\n")[1:]
        assert lines == list(masked.masked)
        for line, (key, slots, bits) in zip(lines, _fields(cache.cut(lines)), strict=True):
            assert (key, slots) == template_cut.cut_line(line)
            assert key.count(template_cut._SEP) == len(slots)
            assert bits == template_cut.symbol_bits(line)
        assert _fields(cache.cut(lines)) == _fields(template_cut.cut_of(line) for line in lines)  # (kept)
