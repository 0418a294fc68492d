"""What a statistic is (:class:`Stat`) and the small polars helpers the definitions are written with.

Apart from :mod:`razzlog.stats.definitions` so that the modules of statistics
beside it (:mod:`razzlog.stats.stud`) use them without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import polars as pl

from razzlog.stats.schema import STREETS

Kind = Literal["count", "money", "number", "rate", "ratio", "text"]


def ratio(numerator: pl.Expr, denominator: pl.Expr) -> pl.Expr:
    """``numerator / denominator`` as a float, ``null`` where the denominator is 0."""
    return pl.when(denominator > 0).then(numerator / denominator).otherwise(None).cast(pl.Float64)


def count(flag: str) -> pl.Expr:
    """How many rows of the group have ``flag`` set."""
    return pl.col(flag).sum()


def total(prefix: str, streets: tuple[str, ...] = STREETS) -> pl.Expr:
    """The group's sum of the count columns ``{prefix}_{street}``.

    Each column is summed on its own (polars sums the narrow counts as Int64)
    and the sums added, so nothing narrow overflows.
    """
    sums = [pl.col(f"{prefix}_{street}").sum() for street in streets]
    out = sums[0]
    for one in sums[1:]:
        out = out + one
    return out


@dataclass(frozen=True, slots=True)
class Stat:
    """One output column: its aggregation and its definition."""

    name: str
    kind: Kind  # how the table shows it: a count, money, a number, a percentage, a ratio
    label: str  # the table's column title
    definition: str  # the glossary entry (Markdown)
    expr: pl.Expr
    in_table: bool = True  # shown by the table format (json/csv/parquet have every stat)
