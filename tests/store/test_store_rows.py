"""A worker's chunk of an import (razzlog.store.rows): its frames, built column by column, are what
polars makes of each hand's rows as tuples; a hand with an amount the store cannot hold exactly
gets no rows and the others are renumbered."""

from __future__ import annotations

import pickle
from pathlib import Path

import polars as pl
from polars.testing import assert_frame_equal

from razzlog.events import Hand
from razzlog.generate.stream import generate_text
from razzlog.parallel import in_tasks, task_items
from razzlog.rules.engine import cross_keys
from razzlog.rules.profiles import profile_for
from razzlog.rules.replay import replay
from razzlog.sites import parse_raw_hand
from razzlog.sources import iter_raw_hands
from razzlog.stats.extract import Row, hand_rows
from razzlog.stats.schema import ACTIONS_SCHEMA, HANDS_SCHEMA, PLAYERS_SCHEMA, bool_columns, units_to_money
from razzlog.store.rows import (
    EXTRA_HANDS,
    NO_ROWS,
    PARSED,
    UNITS_COLUMNS,
    ImportedChunk,
    _extra_row,
    import_chunk,
)
from razzlog.violations import Violation
from tests.test_player_bits import unpacked
from tests.test_stats_columns import amounts

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _plain(schema: dict[str, pl.DataType]) -> dict[str, pl.DataType]:
    return {name: pl.String() if isinstance(t, pl.Categorical) else t for name, t in schema.items()}


def _row_wise(chunk_hands: list[tuple[Row, Row, list[Row], list[Row]]]) -> list[pl.DataFrame]:
    """polars' own frames of the rows as tuples (hand and extra columns, players, actions)."""
    hands = pl.concat(
        [
            pl.DataFrame(
                amounts([h for h, _, _, _ in chunk_hands], HANDS_SCHEMA),
                schema=_plain(HANDS_SCHEMA),
                orient="row",
            ),
            pl.DataFrame([e for _, e, _, _ in chunk_hands], schema=EXTRA_HANDS, orient="row"),
        ],
        how="horizontal",
    )
    players = [unpacked(p) for _, _, ps, _ in chunk_hands for p in ps]  # a value per column
    actions = [a for _, _, _, acts in chunk_hands for a in acts]
    return [
        hands,
        pl.DataFrame(amounts(players, PLAYERS_SCHEMA), schema=_plain(PLAYERS_SCHEMA), orient="row"),
        pl.DataFrame(amounts(actions, ACTIONS_SCHEMA), schema=_plain(ACTIONS_SCHEMA), orient="row"),
    ]


def _as_money(chunk: ImportedChunk) -> list[pl.DataFrame]:
    """The chunk's frames with their money made MONEY and the players' bits their Boolean columns,
    as a part does (razzlog.store.part)."""
    players = chunk.players.with_columns(bool_columns()).select(list(PLAYERS_SCHEMA))
    return [
        frame.with_columns(units_to_money(pl.col(UNITS_COLUMNS[table])))
        for frame, table in (
            (chunk.hands, "hands"),
            (players, "player_hands"),
            (chunk.actions, "actions"),
        )
    ]


def _check_chunks(paths: list[str], skipped: frozenset[str] = frozenset()) -> int:
    """Import each chunk of ``paths``; compare it with the row-wise frames of its hands (those whose
    id is in ``skipped`` excepted, which must get no rows).  The number of hands compared."""
    compared = 0
    for task in in_tasks(iter_raw_hands(paths), 200):
        chunk = import_chunk(task, "auto", False)
        expected: list[tuple[Row, Row, list[Row], list[Row]]] = []
        parsed = iter(r for r in chunk.records if r.kind == PARSED)
        for raw in task_items(task):
            hand = raw if isinstance(raw, Violation) else parse_raw_hand(raw)
            if not isinstance(hand, Hand):
                continue
            record = next(parsed)
            if hand.header.hand_id in skipped:
                assert record.row == NO_ROWS
                continue
            assert record.row == len(expected)
            rows = hand_rows(hand, len(expected))
            assert not isinstance(raw, Violation)
            expected.append((rows.hand, _extra_row(hand, raw), rows.players, rows.actions))
        for got, want in zip(_as_money(chunk), _row_wise(expected), strict=True):
            assert_frame_equal(got, want)
        compared += len(expected)
    return compared


def test_chunks_are_the_row_wise_frames_of_their_hands(tmp_path: Path) -> None:
    paths = [str(p) for p in sorted(SAMPLES.glob("*")) if p.is_file()]
    for n, site in enumerate(("pokerstars", "fulltilt", "merge", "winamax", "kingsclub")):
        path = tmp_path / f"{site}.txt"
        path.write_text(generate_text(20261203 + n, 250, site=site, violations=0.2), encoding="utf-8")
        paths.append(str(path))
    assert _check_chunks(paths) > 1000


def test_a_hand_with_an_inexact_amount_gets_no_rows_and_the_rest_are_renumbered(tmp_path: Path) -> None:
    text = generate_text(20261204, 30, site="pokerstars")  # cash, amounts of two decimals
    at = text.index(": calls $", len(text) // 2)
    end = text.index("\n", at)
    header = text.rindex("PokerStars Hand #", 0, at)
    hand_id = text[header + len("PokerStars Hand #") : text.index(":", header)]
    path = tmp_path / "odd.txt"
    path.write_text(text[:end] + "001" + text[end:], encoding="utf-8")  # $0.35 -> $0.35001
    assert _check_chunks([str(path)], frozenset({hand_id})) == 29


def test_a_parsed_hand_crosses_to_the_main_process_as_its_keys(tmp_path: Path) -> None:
    """A parsed hand's record holds its cross-hand keys (site and hand id first), not the hand:
    its header and seats as events cost the workers and the main process ~3x what the keys do."""
    path = tmp_path / "hands.txt"
    path.write_text(generate_text(20261205, 60, site="pokerstars", violations=0.3), encoding="utf-8")
    paths = [str(path), *(str(p) for p in sorted(SAMPLES.glob("*")) if p.is_file())]
    parsed = 0
    for task in in_tasks(iter_raw_hands(paths), 200):
        chunk = import_chunk(task, "auto", False)
        records = iter(chunk.records)
        for raw in task_items(task):
            record = next(records)
            hand = raw if isinstance(raw, Violation) else parse_raw_hand(raw)
            if not isinstance(hand, Hand):
                assert record.kind != PARSED and record.item is not None
                continue
            parsed += 1
            assert record.kind == PARSED and record.item is None
            state = replay(hand, profile_for("auto", hand.header.site, False))
            assert record.keys == cross_keys(hand, state)
            assert record.keys[:2] == (hand.header.site, hand.header.hand_id)
        assert next(records, None) is None
        # no event class (Hand, HandHeader, Seat…) is named in what the workers send of them
        assert b"razzlog.events" not in pickle.dumps([r for r in chunk.records if r.kind == PARSED], -1)
    assert parsed > 60
