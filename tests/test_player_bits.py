"""The full players' rows hold their Boolean columns as the bits of one integer (``PLAYERS_ROWS``):
the same values as the row of one value per column they replace (kept here as the reference), and
the same frames once the bits are made columns (``players_frame``, the store's parts)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import polars as pl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from razzlog.cards import Card, best_low, format_low
from razzlog.events import Hand, Street, TournamentFinish
from razzlog.generate.stream import generate_text
from razzlog.sites import parse_raw_hand
from razzlog.sources import iter_raw_hands
from razzlog.stats.betting import PlayerFacts, flag_values
from razzlog.stats.chunks import ChunkRows, players_frame, rows_frame
from razzlog.stats.extract import Columns, hand_rows
from razzlog.stats.player_rows import player_row
from razzlog.stats.schema import BITS, PLAYER_BOOLS, PLAYERS_ROWS, PLAYERS_SCHEMA, STATS_PLAYERS
from razzlog.violations import Violation

_STREET_INDEX = {s.value: s.index for s in Street}


def reference_player_row(
    idx: int, p: PlayerFacts, rake_paid: int, showdown_hand: bool, reached: int
) -> tuple[Any, ...]:
    """``player_row`` before the bits: a value per column of ``PLAYERS_SCHEMA`` (money in units)."""
    put = p.put
    seen = 4 if p.folded is None else _STREET_INDEX[p.folded.value]
    net = p.collected + p.returned - p.ante - put[0] - put[1] - put[2] - put[3] - put[4]
    at_showdown = showdown_hand and p.folded is None
    won = p.collected > 0
    low: str | None = None
    top: int | None = None
    if at_showdown and len(p.cards) >= 5:
        ranks = best_low(p.cards)
        low = format_low(ranks)
        if len(set(ranks)) == 5:
            top = ranks[0]
    return (
        idx, p.name, p.seat, p.stack, p.hole, p.start, p.ante, *put, p.returned, p.collected, net,
        rake_paid, p.finish is not None,
        p.finish.place if p.finish is not None else None,
        _units(p.finish.prize) if p.finish is not None else None,
        " ".join(str(c) for c in p.cards),
        p.folded.value if p.folded is not None else None,
        p.all_in,
        reached >= 1 and (p.folded is None or p.folded is not Street.THIRD),
        at_showdown, won, at_showdown and won, p.vpip, p.third_raise, p.bring_in,
        p.bring_in_completed, p.steal_opportunity, p.steal_attempt, p.faced_steal,
        p.folded_to_steal, low, top, low is not None, *p.aggressive, *p.calls, p.folds,
        p.folds_late, reached >= 2 and seen >= 2, reached >= 3 and seen >= 3,
        reached >= 4 and seen >= 4, *flag_values(p.flags),
    )  # fmt: skip


def unpacked(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A ``PLAYERS_ROWS`` row as a value per column of ``PLAYERS_SCHEMA``."""
    values = dict(zip(PLAYERS_ROWS, row, strict=True))
    bits = values.pop(BITS)
    assert 0 <= bits < 1 << len(PLAYER_BOOLS)
    values.update({name: bits >> i & 1 == 1 for i, name in enumerate(PLAYER_BOOLS)})
    return tuple(values[name] for name in PLAYERS_SCHEMA)


_MONEY = st.decimals(min_value=0, max_value=1000, places=2)
_UNITS = st.integers(0, 10**7)  # (PlayerFacts' money: razzlog.stats.units)


def _units(amount: Decimal | None) -> int | None:
    return None if amount is None else int(amount * 10_000)


_CARDS = st.lists(st.builds(Card, st.integers(1, 13), st.sampled_from("shdc")), max_size=7, unique=True).map(
    tuple
)
_FINISH = st.none() | st.builds(
    TournamentFinish,
    st.just("p"),
    st.none() | st.integers(1, 9),
    st.none() | _MONEY,
    st.none() | st.just("USD"),
    st.booleans(),
    st.integers(1, 99),
)


@st.composite
def _players(draw: st.DrawFn) -> PlayerFacts:
    p = PlayerFacts(
        draw(st.text(min_size=1, max_size=5)), draw(st.none() | st.integers(1, 10)), draw(st.none() | _UNITS)
    )
    p.ante, p.returned, p.collected = draw(_UNITS), draw(_UNITS), draw(_UNITS)
    p.put = list(draw(st.lists(_UNITS, min_size=5, max_size=5)))
    p.cards = draw(_CARDS)
    p.hole = draw(st.booleans())
    p.start = draw(st.none() | st.just("A23"))
    p.folded = draw(st.none() | st.sampled_from(list(Street)[:5]))
    p.folds, p.folds_late = draw(st.integers(0, 300)), draw(st.integers(0, 3))
    p.aggressive = draw(st.lists(st.integers(0, 4), min_size=5, max_size=5))
    p.calls = draw(st.lists(st.integers(0, 4), min_size=5, max_size=5))
    p.all_in, p.vpip, p.third_raise = draw(st.booleans()), draw(st.booleans()), draw(st.booleans())
    p.bring_in, p.bring_in_completed = draw(st.booleans()), draw(st.booleans())
    p.steal_opportunity, p.steal_attempt = draw(st.booleans()), draw(st.booleans())
    p.faced_steal, p.folded_to_steal = draw(st.booleans()), draw(st.booleans())
    p.flags = draw(st.integers(0, (1 << 24) - 1))
    p.finish = draw(_FINISH)
    return p


@settings(max_examples=400, deadline=None)
@given(
    idx=st.integers(0, 10_000),
    p=_players(),
    rake_paid=_UNITS,
    showdown=st.booleans(),
    reached=st.integers(0, 4),
)
def test_a_player_row_holds_the_reference_values(
    idx: int, p: PlayerFacts, rake_paid: int, showdown: bool, reached: int
) -> None:
    row = player_row(idx, p, rake_paid, showdown, reached)
    assert len(row) == len(PLAYERS_ROWS)
    assert unpacked(row) == reference_player_row(idx, p, rake_paid, showdown, reached)


def _hands(tmp_path: Path, seed: int, site: str) -> list[Hand]:
    path = tmp_path / f"{site}-{seed}.txt"
    path.write_text(generate_text(seed, 40, site=site, violations=0.1), encoding="utf-8")
    parsed = (parse_raw_hand(r) for r in iter_raw_hands([str(path)]) if not isinstance(r, Violation))
    return [h for h in parsed if isinstance(h, Hand)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 2**32 - 1),
    site=st.sampled_from(("pokerstars", "fulltilt", "merge", "winamax", "kingsclub")),
)
def test_the_players_frame_is_that_of_a_value_per_column(tmp_path: Path, seed: int, site: str) -> None:
    """The frame of the bits, made columns, against the frame of the unpacked rows, built as before
    (every column; and the statistics' columns, ``ChunkRows(detail=False)``'s)."""
    hands = _hands(tmp_path, seed, site)
    assert hands
    rows = ChunkRows(True)
    for hand in hands:
        rows.add(hand)
    old = Columns(len(PLAYERS_SCHEMA))
    for idx, hand in enumerate(hands):
        for row in hand_rows(hand, idx).players:
            old.add(unpacked(row))
    for keep in (None, STATS_PLAYERS):
        new_frame = players_frame(rows.players, keep)
        assert_frame_equal(new_frame, rows_frame(old, PLAYERS_SCHEMA, keep), categorical_as_str=True)
    assert rows.chunk().players.schema == pl.DataFrame(schema=PLAYERS_SCHEMA).schema


def test_no_players_make_an_empty_frame_of_the_columns() -> None:
    frame = players_frame(Columns(len(PLAYERS_ROWS)), None)
    assert frame.schema == pl.DataFrame(schema=PLAYERS_SCHEMA).schema
    assert frame.height == 0
