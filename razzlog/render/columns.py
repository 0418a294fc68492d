"""The text ``stats`` writes for a column's values, built by polars a column at a time.

``stats -f json`` over a million hands writes some eight million values: made
one at a time in Python (``round``, ``Decimal.quantize``, the ``json``
encoder, the control-character escapes) they took ten seconds.  Here polars
makes each column's text at once, by rules that give the very characters of
the per-value path (:func:`plain_amount`, ``repr(round(x, 6))``,
``json.dumps(text, ensure_ascii=False)`` then
:func:`~razzlog.render.text.json_safe`).  A value for which a rule cannot be
shown to give those characters (each function says which) goes through the
per-value path, alone: the output is the same byte for byte, only faster.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import date
from decimal import Decimal, localcontext
from typing import Any, NamedTuple

import polars as pl

from razzlog.render.text import json_safe
from razzlog.stats.extract import CHIPS, PLAY

# the amounts that are not in the row's ``currency``: the tournaments' prizes and buy-ins
IN_BUY_IN_CURRENCY = frozenset({"prizes", "buy_ins"})
# Rates and big-bet figures are ratios: six decimals hold every figure a
# reader can use and hide binary noise such as -110.00000000000001.
FLOAT_DIGITS = 6
_SCALE = 10**FLOAT_DIGITS
# what json.dumps(ensure_ascii=False) escapes (C0, quote, backslash) and what json_safe escapes
# after it (DEL, C1, bidi controls): a string with none of them is written as it is, in quotes
_ESCAPED_IN_JSON = r'[\x00-\x1f"\\\x7f-\x{9f}\x{202a}-\x{202e}\x{2066}-\x{2069}]'

# a value in a row object, as json.JSONEncoder lays out the rows of write_json
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",\n    ", ": ")).encode


def plain_amount(amount: Decimal, currency: str | None) -> str:
    """``amount`` exactly, with the currency's usual places: ``0.97``, ``-1.20``, ``383``."""
    places = 0 if currency in (CHIPS, PLAY) else 2
    _, digits, exponent = amount.as_tuple()
    # every digit kept: the usual 28 would round (or refuse) an amount of more than some 24 digits
    with localcontext(prec=len(digits) + abs(exponent if isinstance(exponent, int) else 0) + places + 1):
        exponent = amount.normalize().as_tuple().exponent
        needed = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        return str(amount.quantize(Decimal(1).scaleb(-max(places, needed))))


def json_value(value: Any, currency: str | None) -> Any:
    """A cell as its JSON-ready value: amounts as exact strings, dates as ``YYYY-MM-DD``,
    ratios to :data:`FLOAT_DIGITS` places."""
    if isinstance(value, Decimal):
        return plain_amount(value, currency)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return round(value, FLOAT_DIGITS)
    return value


def json_text(value: Any, currency: str | None) -> str:
    """A cell as ``stats -f json`` writes it: the per-value path, which the columns match."""
    return json_safe(_encode(json_value(value, currency)))


def units(frame: pl.DataFrame, column: str) -> pl.Series:
    """The unit of each of ``column``'s amounts: the row's currency, or the buy-in's for prizes
    and buy-ins (play chips where a tournament's buy-in names none); null without a currency."""
    unit = frame.select(_unit(frame.columns, column)).to_series()
    return unit if len(unit) == frame.height else pl.Series(column, [None] * frame.height, dtype=pl.String)


def _unit(columns: Sequence[str], column: str) -> pl.Expr:
    """:func:`units` as an expression."""
    if column in IN_BUY_IN_CURRENCY and "buy_in_currency" in columns:
        paid_in = pl.col("buy_in_currency")
        return pl.when(paid_in.is_null() | (paid_in == "")).then(pl.lit(PLAY)).otherwise(paid_in)
    if "currency" in columns:
        return pl.col("currency")
    return pl.lit(None, dtype=pl.String)


class _Text(NamedTuple):
    """A column's text made by polars, and where it is the per-value path's (elsewhere: null)."""

    text: pl.Expr
    exact: pl.Expr


def amount_texts(frame: pl.DataFrame, names: Sequence[str]) -> list[pl.Series]:
    """:func:`plain_amount` of each amount of the columns ``names`` (null stays null)."""
    return _made(frame, {name: _amount(frame, name) for name in names}, lambda v, u: plain_amount(v, u))


def amount_text_exprs(frame: pl.DataFrame, names: Sequence[str]) -> list[pl.Expr]:
    """:func:`amount_texts` as expressions of each row's own values, for polars' streaming engine:
    polars' rule for an amount's text holds for every amount (:func:`_amount`), so none needs
    the per-value path."""
    return [_amount(frame, name).text.alias(name) for name in names]


def json_texts(frame: pl.DataFrame) -> list[pl.Series]:
    """:func:`json_text` of each value of each column of ``frame``, ``null`` for null."""
    return _made(frame, _json_texts(frame), json_text)


def _json_texts(frame: pl.DataFrame) -> dict[str, _Text]:
    """The expressions of :func:`json_texts`: of ``frame``'s schema (and size) alone, so the same
    for every slice of it."""
    made = {name: _json(frame, name) for name in frame.columns}
    return {name: _Text(t.text.fill_null("null"), t.exact) for name, t in made.items()}


def _made(
    frame: pl.DataFrame, texts: dict[str, _Text], slow: Callable[[Any, str | None], str]
) -> list[pl.Series]:
    """The columns ``texts`` makes of ``frame``, with ``slow(value, unit)`` where a text is not
    exact.  Two queries whatever the width (each query costs a round of polars' threads): the
    texts and whether each is exact, then how many are not in each column."""
    if not texts:
        return []
    exact = {name: f"{name} exact" for name in texts}
    exprs = [e for name, t in texts.items() for e in (t.text.alias(name), t.exact.alias(exact[name]))]
    made = frame.lazy().select(exprs).collect()
    inexact = made.select((~pl.col(exact[name]).fill_null(False)).sum() for name in texts).row(0)
    out = []
    for name, count in zip(texts, inexact, strict=True):
        column = made[name]
        if count:
            rows = (~made[exact[name]].fill_null(False)).arg_true()
            values, unit = frame[name].gather(rows).to_list(), units(frame, name).gather(rows).to_list()
            column = column.scatter(rows, [slow(v, u) for v, u in zip(values, unit, strict=True)])
        out.append(column)
    return out


def _amount(frame: pl.DataFrame, name: str) -> _Text:
    """:func:`plain_amount`: polars writes a ``Decimal(p, s)`` with all ``s`` places
    (``-0.9700``); the places past the last non-zero digit go, then zeros come back up to the
    currency's places, which is what ``normalize`` then ``quantize`` do."""
    dtype = frame.schema[name]
    text = pl.col(name).cast(pl.String)
    if isinstance(dtype, pl.Decimal) and dtype.scale:
        split = text.str.split_exact(".", 1)
        whole, fraction = (
            split.struct.field("field_0"),
            split.struct.field("field_1").str.strip_chars_end("0"),
        )
    else:
        whole, fraction = text, pl.lit("")
    whole_only = _unit(frame.columns, name).is_in([CHIPS, PLAY]).fill_null(False)
    made = (
        pl.when(whole_only & (fraction == ""))
        .then(whole)
        .when(whole_only)
        .then(pl.concat_str(whole, pl.lit("."), fraction))
        .otherwise(pl.concat_str(whole, pl.lit("."), fraction.str.pad_end(2, "0")))
    )
    return _Text(made, pl.lit(True))


def _json(frame: pl.DataFrame, name: str) -> _Text:
    dtype = frame.schema[name]
    value = pl.col(name)
    if isinstance(dtype, pl.Decimal):
        amount = _amount(frame, name)
        return _Text(_quoted(amount.text), amount.exact)
    if dtype in (pl.Float32, pl.Float64):
        return _float(value.cast(pl.Float64))
    if dtype.is_integer() or dtype == pl.Boolean:  # str(int); true, false
        return _Text(value.cast(pl.String), pl.lit(True))
    if dtype == pl.Date:  # isoformat(), for the years polars and Python both write with 4 digits
        return _string(value.cast(pl.String), value.is_null() | value.dt.year().is_between(1, 9999))
    if dtype in (pl.String, pl.Categorical) or isinstance(dtype, pl.Enum):
        return _string(value.cast(pl.String), pl.lit(True))
    return _Text(pl.lit(None, dtype=pl.String), value.is_null())  # any other type: per value


def _quoted(text: pl.Expr) -> pl.Expr:
    return pl.concat_str(pl.lit('"'), text, pl.lit('"'))


def _string(text: pl.Expr, exact: pl.Expr) -> _Text:
    """JSON strings: as they are in quotes, but through the per-value path where there is
    anything to escape (a name with a control character, a quote, a backslash)."""
    return _Text(_quoted(text), exact & ~text.str.contains(_ESCAPED_IN_JSON).fill_null(False))


def _float(x: pl.Expr) -> _Text:
    """``repr(round(x, 6))`` (as ``json`` writes a float).

    ``round(x, 6)`` is the double nearest ``k / 10**6``, ``k`` the exact
    ``x * 10**6`` rounded half to even.  ``t = x * 1e6`` is within
    ``|t| * 2**-53`` of the exact product, so where ``t``'s fraction is further
    than that from one half, ``k`` is ``floor(t)`` or the next integer, as the
    fraction says.  polars' ``round(6)`` is then that double too: it rounds the
    same ``t`` to ``k`` (how it breaks a tie does not matter, there is none) and
    divides by ``1e6``, which IEEE division rounds to the double nearest
    ``k / 10**6``.  With ``|k| < 10**15`` (15 digits) the decimal ``k / 10**6``
    is the shortest that reads back as that double, so it is what ``repr``
    writes, in fixed notation from ``0.0001`` up, and what polars writes of a
    double (the shortest decimal that reads back; fixed notation in this range;
    ``3.0`` as ``3.0``).  Everything else (ties, ``|x| < 0.0001`` but not zero,
    a negative zero, ``|x| >= 10**9``, NaN, infinities) goes through ``round``
    and ``repr``.  (Before, the text was made from ``k`` as a decimal's string,
    or from a table of the million fractions: the same characters, tested
    against ``repr`` over every kind of value, in four to five times the time.)
    """
    t = x * float(_SCALE)
    floor = t.floor()
    fraction = t - floor
    k = (floor + (fraction > 0.5).cast(pl.Float64)).cast(pl.Int64, strict=False)
    # the product's error, |t| * 2**-53, and for a small negative t the fraction's own rounding
    # (t - floor(t) near 1), 2**-53: both well inside this margin
    decided = (fraction - 0.5).abs() > (t.abs() + 1.0) * 2.0**-50
    in_range = x.is_finite() & (t.abs() < 1e15)
    negative = (x < 0) | ((x == 0) & (1.0 / x < 0))
    digits = k.abs()
    exact = x.is_null() | (in_range & decided & ((digits >= 100) | ((digits == 0) & ~negative)))
    return _Text(pl.when(in_range).then(x.round(FLOAT_DIGITS).cast(pl.String)), exact)


def _unused(name: str, columns: Sequence[str]) -> str:
    """``name``, or ``name`` with primes, not one of ``columns``."""
    while name in columns:
        name += "'"
    return name


class JsonRows:
    """Each row of frames of one schema (the slices of a frame written a slice at a time) as an
    object of ``write_json``'s array: ``json.dumps(rows, indent=2)``'s layout of a flat row
    (``'  {\n    "player": "Hero",\n    "hands": 9\n  }'``), its values :func:`json_texts`.
    The expressions are made once: for 52 columns, making them took some 60 ms a slice."""

    def __init__(self, frame: pl.DataFrame) -> None:
        self.texts = _json_texts(frame)
        self.layout: list[pl.Expr] = []
        for n, name in enumerate(frame.columns):
            before = "  {\n    " if n == 0 else ",\n    "
            self.layout += [pl.lit(before + json_text(name, None) + ": "), pl.col(name)]
        self.layout.append(pl.lit("\n  }"))

    def exact_texts(self, frame: pl.DataFrame) -> tuple[pl.DataFrame, list[pl.Expr]]:
        """Each column's text (the rows' values, named as the columns) as an expression of no
        value but its own row's, so that polars' streaming engine can make the rows a few at a
        time: polars' rule, but for the values it cannot be shown to write as the per-value path
        does (a tie at the sixth place, a tiny figure: a few hundred of a million hands' six
        million, in a handful of columns), whose texts the per-value path makes first and
        ``frame`` (returned) holds in a column of their own, null elsewhere.  (A lookup of those
        few values' texts would be ``replace_strict``, which polars evaluates over the whole
        column at once.)"""
        inexact = {name: ~t.exact.fill_null(False) for name, t in self.texts.items()}
        counts = frame.lazy().select(e.sum().alias(n) for n, e in inexact.items()).collect(engine="streaming")
        patched = [n for n, count in zip(self.texts, counts.row(0), strict=True) if count]
        where = frame.select(inexact[n].alias(n) for n in patched) if patched else pl.DataFrame()
        patches: list[pl.Series] = []
        texts = []
        for name, text in self.texts.items():
            if name not in patched:
                texts.append(text.text.alias(name))
                continue
            rows = where[name].arg_true()
            values, unit = frame[name].gather(rows).to_list(), units(frame, name).gather(rows).to_list()
            patch = pl.repeat(None, frame.height, dtype=pl.String, eager=True)
            patch = patch.scatter(rows, [json_text(v, u) for v, u in zip(values, unit, strict=True)])
            patches.append(patch.alias(_unused(f"{name} text", frame.columns)))
            made = pl.col(patches[-1].name)
            texts.append(pl.when(made.is_null()).then(text.text).otherwise(made).alias(name))
        return (frame.with_columns(patches) if patches else frame), texts

    def __call__(self, rows: pl.DataFrame, after: pl.Expr | None = None) -> pl.Series:
        """The row objects of ``rows`` (of the schema this was made for), each followed by
        ``after``'s text (a string expression, over rows numbered by ``pl.int_range``), if any."""
        if not rows.width:
            return pl.Series("row", [], dtype=pl.String)  # a frame without columns has no rows to write
        columns = _made(rows, self.texts, json_text)
        parts = self.layout if after is None else [*self.layout, after]
        return pl.DataFrame(columns).select(pl.concat_str(parts).alias("row")).to_series()
