"""``razzlog query``: SQL over the store's tables, with polars' SQL engine.

The tables are registered under their names (``hands``, ``player_hands``,
``actions``, ``violations``, ``files``) as lazy scans of the manifest's files,
so a query reads only the columns and row groups it needs; ``other_games`` is
a view of ``files``: one row per file and other game (``file_id``, ``path``,
``game``, ``hands``).
"""

from __future__ import annotations

import polars as pl

from razzlog.store.schema import TABLES
from razzlog.store.tables import Store


def run_query(store: Store, sql: str) -> pl.DataFrame:
    """The result of ``sql``; ValueError with polars' message for a query it cannot run."""
    frames = {table: store.scan(table) for table in TABLES}
    frames["other_games"] = other_games_view(frames["files"])
    context = pl.SQLContext(frames, eager=False)
    try:
        return context.execute(sql).collect()
    except (pl.exceptions.PolarsError, ValueError, TypeError) as exc:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ValueError(f"query failed: {message}") from None


def other_games_view(files: pl.LazyFrame) -> pl.LazyFrame:
    """``files``' lists of other games as rows: what SQL reads easily (``GROUP BY game``)."""
    return (
        files.select("file_id", "path", "other_games")
        .explode("other_games")
        .unnest("other_games")
        .filter(pl.col("game").is_not_null())
    )
