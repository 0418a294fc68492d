"""A column's values as a polars Series, at less cost per column than ``pl.Series``.

``pl.Series(name, values, dtype=...)`` spends most of its time, for the few
hundred values of a chunk's column, in Python: it compares the dtype with a
dozen others and looks at the first value (is it a dataclass, a pydantic
model, a named tuple…) before it calls the constructor its dtype names: tens
of thousands of instructions a column, ~80 columns a chunk of an import.
Here the constructor is looked up once per dtype and called directly, which
is what ``pl.Series`` would end up doing; anything it does besides (a value
of another type, a number out of range: its fallbacks) is left to
``pl.Series`` itself, called again, so the values and errors stay polars' own.  Should a polars release move the constructors,
:data:`DIRECT` is False and every column takes ``pl.Series``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import polars as pl

Constructor = Callable[[str, list[Any], bool], Any]

try:  # (not polars' public interface: see the module's docstring)
    from polars.datatypes.constructor import polars_type_to_constructor

    wrap: Callable[[Any], pl.Series] = pl.Series._from_pyseries
    DIRECT = True
except (ImportError, AttributeError):  # pragma: no cover - a polars without them
    DIRECT = False

# The dtypes whose Series pl.Series makes with the constructor alone (no cast after it).
_PLAIN = (
    pl.Boolean(),
    pl.String(),
    pl.Int8(),
    pl.Int16(),
    pl.Int32(),
    pl.Int64(),
    pl.UInt8(),
    pl.UInt16(),
    pl.UInt32(),
    pl.UInt64(),
)


def constructor(dtype: pl.DataType) -> tuple[Constructor | None, bool]:
    """The constructor ``pl.Series`` calls for ``dtype``, and whether it casts to ``dtype`` after
    (a categorical or an enum, made of strings); None for a dtype it treats otherwise (temporal,
    decimal…) or any other."""
    if not DIRECT:
        return None, False
    cast = isinstance(dtype, (pl.Categorical, pl.Enum))
    if not cast and not any(dtype == plain for plain in _PLAIN):
        return None, False
    try:
        return polars_type_to_constructor(pl.String() if cast else dtype), cast
    except (ValueError, KeyError, AttributeError):  # pragma: no cover - a polars without it
        return None, False


def series_of(
    name: str, values: list[Any], dtype: pl.DataType, make: Constructor | None, cast: bool = False
) -> pl.Series:
    """``pl.Series(name, values, dtype=dtype)``, by ``make`` and ``cast`` (:func:`constructor` of
    ``dtype``) where it takes the values as they are."""
    if make is not None:
        try:
            series = wrap(make(name, values, True))
        except (TypeError, OverflowError):  # pl.Series' fallbacks, or its error
            pass
        else:
            return series.cast(dtype) if cast else series
    return pl.Series(name, values, dtype=dtype)
