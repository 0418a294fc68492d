"""Learning's generated fill functions (template_fill.make_fill): lines whose functions have the
same source share one compiled code (compile() is most of a learnt line's cost), and each function
still reads its own template's constants; the memo of codes stays bounded."""

from __future__ import annotations

import pytest

from razzlog.sites import pokerstars, template_fill
from razzlog.sources import RawHand
from tests.test_parse_templates import generated_hands
from tests.test_parse_templates import pytestmark as pytestmark  # (templates need lark-cython)


def _parsed(seed: int, count: int) -> list[RawHand]:
    hands = generated_hands(seed, count)
    for raw in hands:
        assert repr(pokerstars.parse_hand(raw)) == repr(pokerstars.full_parse(raw))
    return hands


def _fills() -> list[template_fill.Fill]:
    cache = pokerstars.PARSER._templates
    assert cache is not None
    return [t.fill for kept in cache.lines.values() for t in kept]


def _source(fill: template_fill.Fill) -> str:
    """The source whose compiled code ``fill`` runs a copy of."""
    code = fill.__code__  # type: ignore[attr-defined]
    return next(source for source, kept in template_fill._CODE.items() if kept == code)


def test_fills_of_one_source_share_their_code_and_keep_their_constants() -> None:
    pokerstars.PARSER.parser()  # (built on first use, with its cache)
    cache = pokerstars.PARSER._templates
    assert cache is not None
    cache.clear()  # (all learnt here: another test may have learnt with another memo of codes)
    _parsed(31, 60)
    fills = _fills()
    codes = {_source(f) for f in fills}
    assert len(fills) >= 50
    assert len(codes) * 3 < len(fills)  # compiled once per source, not once per template
    # each function runs a copy of its source's code (the interpreter specialises a code in place)
    assert len({id(f.__code__) for f in fills}) == len(fills)  # type: ignore[attr-defined]
    spaces = {id(f.__globals__) for f in fills}  # type: ignore[attr-defined]
    assert len(spaces) == len(fills)  # each with its own constants
    # the hands are filled from those templates as Lark parses them
    for raw in _parsed(32, 40):
        assert repr(pokerstars.parse_hand(raw)) == repr(pokerstars.full_parse(raw))


def test_the_memo_of_codes_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(template_fill, "_MAX_CODE", 3)
    monkeypatch.setattr(template_fill, "_CODE", {})
    pokerstars.PARSER.parser()
    cache = pokerstars.PARSER._templates
    assert cache is not None
    cache.clear()  # (learnt again, with the small memo)
    for raw in _parsed(33, 30):
        assert len(template_fill._CODE) <= 3
        assert repr(pokerstars.parse_hand(raw)) == repr(pokerstars.full_parse(raw))
    assert len(template_fill._CODE) <= 3
