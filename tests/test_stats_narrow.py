"""The statistics' narrow rows (``hand_rows(detail=False)``, ``ChunkRows(narrow=True)``) against
the full rows they replace in ``razzlog stats``: the same values, frames and figures."""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path

import polars as pl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from razzlog.events import Hand, OtherGameHand
from razzlog.generate.stream import generate_text
from razzlog.render.stats import write_json
from razzlog.sites import parse_raw_hand
from razzlog.sources import RawHand, iter_raw_hands
from razzlog.stats.betting import FLAG_COLUMNS, flag_values
from razzlog.stats.chunks import ChunkRows, TableChunk, _Tabulate
from razzlog.stats.extract import hand_rows
from razzlog.stats.report import GROUP_KEYS, group_keys
from razzlog.stats.schema import (
    HANDS_SCHEMA,
    PLAYERS_SCHEMA,
    STATS_HANDS_SCHEMA,
    STATS_PLAYERS_ROWS,
    STATS_PLAYERS_SCHEMA,
)
from razzlog.stats.stream import report_stats
from razzlog.violations import Violation
from tests.hostile.helpers import hands_with
from tests.test_player_bits import unpacked as unpacked_full

SITES = ("pokerstars", "fulltilt", "merge", "winamax", "kingsclub")
_HAND_COLUMNS = [i for i, name in enumerate(HANDS_SCHEMA) if name in STATS_HANDS_SCHEMA]
_PLAYER_COLUMNS = [i for i, name in enumerate(PLAYERS_SCHEMA) if name in STATS_PLAYERS_SCHEMA]


def _raws(
    tmp_path: Path, seed: int, site: str, violations: float, hands: int = 40
) -> list[RawHand | Violation]:
    path = tmp_path / f"{site}-{seed}.txt"
    path.write_text(generate_text(seed, hands, site=site, violations=violations), encoding="utf-8")
    return list(iter_raw_hands([str(path)]))


def _parsed(raws: list[RawHand | Violation]) -> list[Hand | Violation | OtherGameHand]:
    return [r if isinstance(r, Violation) else parse_raw_hand(r) for r in raws]


def _full_chunk(raws: list[RawHand | Violation]) -> TableChunk:
    """The chunk as ``razzlog stats`` made it before the narrow rows: every column, then kept."""
    rows = ChunkRows(False)
    for item in _parsed(raws):
        rows.add(item)
    return rows.chunk()


def _assert_same_chunk(new: TableChunk, old: TableChunk) -> None:
    for a, b in ((new.hands, old.hands), (new.players, old.players), (new.actions, old.actions)):
        assert_frame_equal(a, b, categorical_as_str=True)
        assert a.schema == b.schema
    assert (new.problems, new.file, new.last_line, new.inexact, new.other_games) == (
        old.problems,
        old.file,
        old.last_line,
        old.inexact,
        old.other_games,
    )


_CORPUS = dict(
    seed=st.integers(0, 2**32 - 1),
    site=st.sampled_from(SITES),
    violations=st.sampled_from((0.0, 0.1, 0.5)),
)
_SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@_SETTINGS
@given(**_CORPUS)
def test_the_narrow_rows_are_the_full_rows_columns(
    tmp_path: Path, seed: int, site: str, violations: float
) -> None:
    hands = [h for h in _parsed(_raws(tmp_path, seed, site, violations)) if isinstance(h, Hand)]
    assert hands
    for idx, hand in enumerate(hands):
        full, narrow = hand_rows(hand, idx), hand_rows(hand, idx, detail=False)
        assert narrow.hand == tuple(full.hand[i] for i in _HAND_COLUMNS)
        # the flags, the narrow rows' last value, as the bits of one integer
        unpacked = [(*row[:-1], *flag_values(row[-1])) for row in narrow.players]
        assert unpacked == [tuple(unpacked_full(row)[i] for i in _PLAYER_COLUMNS) for row in full.players]
        assert narrow.actions == []


@_SETTINGS
@given(**_CORPUS)
def test_a_narrow_chunk_is_the_full_rows_chunk(
    tmp_path: Path, seed: int, site: str, violations: float
) -> None:
    raws = _raws(tmp_path, seed, site, violations)
    _assert_same_chunk(_Tabulate(False)(raws), _full_chunk(raws))


def test_narrow_rows_are_refused_with_detail() -> None:
    import pytest

    with pytest.raises(ValueError, match="narrow"):
        ChunkRows(True, narrow=True)


def test_an_inexact_amount_leaves_out_the_hands_the_full_rows_left_out(tmp_path: Path) -> None:
    """A kept amount of 5 places (a call: the net) and, in another hand, a stack of 5 places
    (a column the narrow rows do not hold): the full rows left out both hands, and so does the
    narrow path, which tabulates the chunk again in full."""
    text = hands_with("Hero", hands=12, violations=0.0)  # its first "calls $2" is not raised over
    end = text.index(": calls $2\n") + len(": calls $2")
    text = text[:end] + ".00001" + text[end:]
    second = text.index("PokerStars Hand #", text.index("PokerStars Hand #", end) + 1)
    stack = text.index(" in chips)", second)
    text = text[:stack] + ("001" if text[stack - 3] == "." else ".00001") + text[stack:]
    path = tmp_path / "odd.txt"
    path.write_text(text, encoding="utf-8")
    raws = list(iter_raw_hands([str(path)]))
    old = _full_chunk(raws)
    assert old.inexact == 2
    _assert_same_chunk(_Tabulate(False)(raws), old)


# every --by key (GROUP_KEYS), some together, and the selections the command line makes
_BY = [*GROUP_KEYS, "player,stakes,month", "site,game,start"]
_SELECTIONS: list[dict[str, object]] = [
    {},
    {"players": ["@hero"]},
    {"players": ["@hero", "kobreli"]},  # not streamed: the tables are built
    {"since": date(2000, 1, 1), "until": date(2100, 1, 1)},
    {"lows": True},
    {"min_hands": 3, "sort": "net"},
]


def _json(chunks: list[TableChunk], by: str, selection: dict[str, object]) -> tuple[str, tuple[object, ...]]:
    options = dict(selection)
    players = options.pop("players", None)
    since, until = options.pop("since", None), options.pop("until", None)
    result = report_stats(iter(chunks), group_keys(by), players, since, until, None, **options)  # type: ignore[arg-type]
    out = io.StringIO()
    write_json(result.frame, out)
    counts = (result.hands, result.players, result.hero, result.duplicates, result.parsed, result.inexact)
    return out.getvalue(), counts


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), sites=st.lists(st.sampled_from(SITES), min_size=1, max_size=3))
def test_the_statistics_are_those_of_the_full_rows(tmp_path: Path, seed: int, sites: list[str]) -> None:
    """Every grouping and selection: the same JSON and counts from the narrow chunks as from the
    full rows' (a file read twice: its hands are repeats)."""
    raws = [r for n, site in enumerate(sites) for r in _raws(tmp_path, seed + n, site, 0.1, hands=25)]
    blocks = [raws[i : i + 17] for i in range(0, len(raws), 17)]
    blocks.append(raws[:10])
    new = [_Tabulate(False)(block) for block in blocks]
    old = [_full_chunk(block) for block in blocks]
    for by in _BY:
        for selection in _SELECTIONS:
            if selection.get("lows") and by == "session":
                continue
            assert _json(new, by, selection) == _json(old, by, selection), (by, selection)


def test_the_narrow_schemas_keep_the_full_tables_order() -> None:
    assert list(STATS_HANDS_SCHEMA) == [n for n in HANDS_SCHEMA if n in STATS_HANDS_SCHEMA]
    assert list(STATS_PLAYERS_SCHEMA) == [n for n in PLAYERS_SCHEMA if n in STATS_PLAYERS_SCHEMA]
    # the flags come last: their columns, made of the bits, take the place of FLAGS
    width = len(STATS_PLAYERS_ROWS) - 1
    assert list(STATS_PLAYERS_ROWS)[:width] == list(STATS_PLAYERS_SCHEMA)[:width]
    assert list(STATS_PLAYERS_SCHEMA)[width:] == list(FLAG_COLUMNS)
    assert pl.DataFrame(schema=STATS_PLAYERS_SCHEMA).width == len(STATS_PLAYERS_SCHEMA)
