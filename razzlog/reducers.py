"""razzlog's dataclasses pickled and copied as constructor calls (registered with :mod:`copyreg`).

A frozen dataclass compiled by mypyc (see ``setup.py``) cannot be rebuilt by
its own ``__setstate__``: that assigns the fields one at a time, which the
frozen class refuses, so ``pickle`` (the trip to worker processes, see
:mod:`razzlog.parallel`) and ``copy.deepcopy`` (:mod:`razzlog.generate`)
would fail on it.  A call of the class with its field values works in both
builds, and is also cheaper than a slotted dataclass's per-field state
(``dataclasses.fields()`` for every object).  Each module that defines
dataclasses which cross processes or get copied registers them when it is
imported, so that no caller has to remember to.
"""

from __future__ import annotations

import copyreg
import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any


def _reducer(cls: type, names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    get = attrgetter(*names)
    if len(names) == 1:
        return lambda obj: (cls, (get(obj),))
    return lambda obj: (cls, get(obj))


def register(namespace: dict[str, Any], module: str) -> None:
    """Register every dataclass defined in ``module`` (its ``globals()``) whose fields are all
    constructor arguments; the others (none today) keep pickle's usual path."""
    for cls in list(namespace.values()):
        if not isinstance(cls, type) or cls.__module__ != module or not dataclasses.is_dataclass(cls):
            continue
        fields = dataclasses.fields(cls)
        if all(f.init for f in fields) and not hasattr(cls, "__post_init__"):
            copyreg.pickle(cls, _reducer(cls, tuple(f.name for f in fields)))
