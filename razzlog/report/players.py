"""The report's players part: the statistics table, the winnings graph and the sessions of the
players asked for (``razzlog report --player``), from the same statistics tables as
``razzlog stats`` and ``razzlog graph``.

Cells are the table format's text; each also keeps the value ``razzlog stats
--format json`` prints (``data-value`` on the page), so that a test (or a
reader's script) can check the page against the JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl
from markupsafe import Markup

from razzlog.graph import winnings
from razzlog.graph.picture import picture
from razzlog.render.stats import COLUMN_BY_NAME, cell_text, iter_json_rows
from razzlog.stats import Tables, player_stats
from razzlog.stats.report import group_keys, resolve_players, stat_columns

# the statistics the page shows: the table format's (json has every column)
SHOWN = tuple(name for name, stat in COLUMN_BY_NAME.items() if stat.in_table)
SESSIONS_SHOWN = 200  # the most recent sessions listed (the page says how many were left out)
_PROLOG = re.compile(r"^.*?(?=<svg)", re.S)
# what an SVG file needs and an SVG element of an HTML page does not: namespace declarations (the
# HTML parser knows svg and xlink:href) and matplotlib's metadata (names of vocabularies, as URLs)
_FILE_ONLY = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"|\s*<metadata>.*?</metadata>', re.S)


@dataclass(frozen=True, slots=True)
class Cell:
    text: str  # as the table format prints it
    value: str  # as the JSON prints it (JSON text)
    numeric: bool


@dataclass(frozen=True, slots=True)
class Grid:
    """A table: column names and titles, and rows of cells."""

    names: tuple[str, ...]
    titles: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    left_out: int = 0  # rows not shown


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What the players part shows, besides the names asked for."""

    hero: str | None
    found: tuple[str, ...]  # the players with hands in the input (@hero resolved)
    stats: Grid
    sessions: Grid
    graph: Markup | None  # the winnings graph, inline SVG built by matplotlib from razzlog's data


def player_stats_part(tables: Tables, players: Sequence[str]) -> PlayerStats:
    """The statistics, sessions and graph of ``players`` (``@hero`` is the hero).  ValueError for
    ``@hero`` when there is none."""
    names = resolve_players(tables, players) or []
    stats = player_stats(tables, "player,currency", players=names)
    sessions = player_stats(tables, "session", players=names, sort="session:desc")
    found = tuple(dict.fromkeys(str(p) for p in stats["player"].to_list()))
    lines = winnings(tables, names)
    graph = _inline(picture(lines, "svg")) if lines.series else None
    return PlayerStats(
        tables.hero,
        found,
        _grid(stats, group_keys("player,currency")),
        _grid(sessions, group_keys("session"), SESSIONS_SHOWN),
        graph,
    )


def _grid(frame: pl.DataFrame, keys: list[str], limit: int | None = None) -> Grid:
    columns = stat_columns(keys)
    names = tuple(keys + [c for c in columns if c in SHOWN])
    shown = frame.head(limit) if limit is not None else frame
    rows = []
    for row, plain in zip(shown.iter_rows(named=True), iter_json_rows(shown.select(names)), strict=True):
        rows.append(
            tuple(
                Cell(
                    cell_text(n, row[n], row),
                    json.dumps(plain[n], ensure_ascii=False),
                    n in COLUMN_BY_NAME and COLUMN_BY_NAME[n].kind != "text",
                )
                for n in names
            )
        )
    titles = tuple(COLUMN_BY_NAME[n].label if n in COLUMN_BY_NAME else n for n in names)
    return Grid(names, titles, tuple(rows), frame.height - shown.height)


def _inline(svg: bytes) -> Markup:
    """matplotlib's SVG file as an element of the page: no XML prolog, DOCTYPE, namespace
    declarations or metadata (addresses a browser never fetches, but a page that names no
    address at all is simpler to check).
    matplotlib draws the text as paths; names reach it escaped for its mathtext
    (:func:`razzlog.graph.labels.for_matplotlib`), and it writes XML-escaped text."""
    return Markup(_FILE_ONLY.sub("", _PROLOG.sub("", svg.decode("utf-8"), count=1)))


__all__ = ["Cell", "Grid", "PlayerStats", "player_stats_part"]
