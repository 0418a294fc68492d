"""Player statistics with polars: parsed hands → tables → one expression per statistic.

For notebooks, the same calls as ``razzlog stats``::

    from razzlog.stats import load, player_stats, low_distribution

    tables = load(["histories/"], jobs=0)    # hands, players, actions (polars DataFrames)
    player_stats(tables, by="player,stakes", players=["@hero"], min_hands=100)
    low_distribution(tables, by="player")

``tables.hands``, ``tables.players`` and ``tables.actions`` are plain
DataFrames for questions the statistics do not answer; :data:`STATS` holds
every statistic's definition and polars expression.  ``load(paths,
detail=False)`` keeps only what the statistics read, a few hundred bytes a
hand.  ``razzlog stats`` itself keeps no table: :func:`report_stats` adds the
figures up as the chunks of ``table_chunks(paths, detail=False)`` are read
(:mod:`razzlog.stats.stream`), in memory that grows with the groups.
"""

from razzlog.stats.chunks import TableChunk, table_chunks
from razzlog.stats.definitions import STAT_BY_NAME, STATS, Stat
from razzlog.stats.glossary import glossary_markdown
from razzlog.stats.report import (
    DEFAULT_BY,
    GROUP_KEYS,
    HERO,
    group_keys,
    low_distribution,
    parse_date,
    player_hands,
    player_stats,
    stat_columns,
)
from razzlog.stats.stream import StatsAccumulator, StatsReport, report_stats
from razzlog.stats.tables import (
    ACTIONS_SCHEMA,
    HANDS_SCHEMA,
    MONEY,
    PLAYERS_SCHEMA,
    TableBuilder,
    Tables,
    build_from_chunks,
    build_tables,
    load,
)

__all__ = [
    "ACTIONS_SCHEMA",
    "DEFAULT_BY",
    "GROUP_KEYS",
    "HANDS_SCHEMA",
    "HERO",
    "MONEY",
    "PLAYERS_SCHEMA",
    "STATS",
    "STAT_BY_NAME",
    "Stat",
    "StatsAccumulator",
    "StatsReport",
    "TableBuilder",
    "TableChunk",
    "Tables",
    "build_from_chunks",
    "build_tables",
    "glossary_markdown",
    "group_keys",
    "load",
    "low_distribution",
    "parse_date",
    "player_hands",
    "player_stats",
    "report_stats",
    "stat_columns",
    "table_chunks",
]
