"""Pickling razzlog's objects for the trip between processes (see :mod:`razzlog.parallel`).

A frozen dataclass with slots pickles through Python-level ``__getstate__`` and
``__setstate__`` (``dataclasses.fields()`` for every object); events are
pickled as (class, field values) instead, which is rebuilt by the class's
``__init__``.
"""

from __future__ import annotations

import copyreg
import dataclasses
import io
import pickle
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from razzlog import cards, events, violations
from razzlog.sources import RawHand


def _reducer(cls: type, names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    get = attrgetter(*names)
    if len(names) == 1:
        return lambda obj: (cls, (get(obj),))
    return lambda obj: (cls, get(obj))


def _dispatch_table() -> dict[type, Callable[[Any], Any]]:
    from razzlog.rules.engine import CrossFacts

    table: dict[type, Callable[[Any], Any]] = dict(copyreg.dispatch_table)
    classes: list[type] = [CrossFacts, RawHand]
    for module in (events, cards, violations):
        classes += [
            c for c in vars(module).values() if isinstance(c, type) and c.__module__ == module.__name__
        ]
    for cls in classes:
        if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
            continue
        fields = dataclasses.fields(cls)
        if all(f.init for f in fields):
            table[cls] = _reducer(cls, tuple(f.name for f in fields))
    return table


_DISPATCH: dict[type, Callable[[Any], Any]] | None = None


def dumps(obj: object) -> bytes:
    """``pickle.dumps(obj)``, with razzlog's dataclasses pickled as constructor calls."""
    global _DISPATCH
    if _DISPATCH is None:
        _DISPATCH = _dispatch_table()
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump(obj)
    return out.getvalue()
