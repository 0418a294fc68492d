"""Frozen slotted dataclasses (:mod:`razzlog.events`) made without their ``__init__``.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (its own
``__setattr__`` refuses): 1,500 instructions a field, 27,000 for a hand's header.  A plain class
with the same slots takes plain assignments, and Python lets an object of it become a ``cls``
(``obj.__class__ = cls``: the layouts are compared, not the values), which is then the very
object ``cls(...)`` makes: same fields, equality, hash, repr, pickling.  The line templates'
fill functions (:mod:`.template_fill`) build their events so; :func:`constructor` gives the same
for the header and the hand, made once per parsed hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["builder", "constructor", "field_names"]

_BUILDERS: dict[type, type | None] = {}


def field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def builder(cls: type) -> type | None:
    """A plain class with the slots of the frozen dataclass ``cls``, called with no arguments
    (it has no ``__init__``: ``object.__new__(builder)`` cost 300 instructions more an object);
    None where an object of it cannot become a ``cls`` (``cls`` has a ``__post_init__``, other
    slots than its fields, a base class; or Python refuses): then ``cls`` itself must be called."""
    if cls in _BUILDERS:
        return _BUILDERS[cls]
    names = field_names(cls)
    made: type | None = None
    if (
        getattr(cls, "__slots__", None) == names
        and cls.__bases__ == (object,)
        and not hasattr(cls, "__post_init__")
    ):
        made = type(f"{cls.__name__}Builder", (), {"__slots__": names})
        try:
            made().__class__ = cls  # (the slots unset: only the layouts are compared)
        except TypeError:
            made = None
    _BUILDERS[cls] = made
    return made


def constructor(cls: type) -> Callable[..., Any]:
    """A function of ``cls``'s field values, all of them, in order (no defaults, no keywords),
    that returns what ``cls(*values)`` returns: through :func:`builder`, or ``cls`` itself."""
    made = builder(cls)
    if made is None:
        return cls
    names = field_names(cls)
    body = "".join(f"    obj.{n} = {n}\n" for n in names)
    source = (
        f"def new({', '.join(names)}):\n    obj = BUILDER()\n{body}    obj.__class__ = CLS\n    return obj\n"
    )
    space: dict[str, Any] = {"BUILDER": made, "CLS": cls}
    exec(compile(source, f"<razzlog {cls.__name__} constructor>", "exec"), space)
    new: Callable[..., Any] = space["new"]
    return new
