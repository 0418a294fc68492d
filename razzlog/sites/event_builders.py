"""Frozen slotted dataclasses (:mod:`razzlog.events`) made without their ``__init__``.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (its own
``__setattr__`` refuses): 1,500 instructions a field, 27,000 for a hand's header.  A plain class
with the same slots takes plain assignments, and Python lets an object of it become a ``cls``
(``obj.__class__ = cls``: the layouts are compared, not the values), which is then the very
object ``cls(...)`` makes: same fields, equality, hash, repr, pickling.  The line templates'
fill functions (:mod:`.template_fill`) build their events so; :func:`constructor` gives the same
for the header and the hand, made once per parsed hand.

A compiled build's events (mypyc native classes, ``razzlog/compiled.py``) have no slots to
borrow, and their ``__init__`` is still the dataclass's interpreted one (12,600 instructions an
``Action``; through each field descriptor's ``__set__``, 6,900): :func:`factory` gives
:mod:`razzlog.event_factories`' compiled constructor instead (3,000; the slotted builder 4,500).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["build_lines", "builder", "constructor", "factory", "field_names"]

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


def build_lines(cls: type, var: str, args: list[str], const: Callable[[Any], str]) -> list[str]:
    """Python lines (indented once) that set ``var`` to ``cls(*args)`` (``args``: expressions),
    through :func:`builder` or :func:`factory` when ``cls`` has one; ``const`` names a value the
    lines refer to (it must be in the code's globals under that name)."""
    made = builder(cls)
    if made is not None:
        names = field_names(cls)
        return [
            f"    {var} = {const(made)}()\n",
            *(f"    {var}.{n} = {a}\n" for n, a in zip(names, args, strict=True)),
            f"    {var}.__class__ = {const(cls)}\n",
        ]
    made_by = factory(cls)
    if made_by is not None:
        return [f"    {var} = {const(made_by)}({', '.join(args)})\n"]
    return [f"    {var} = {const(cls)}({', '.join(args)})\n"]


def factory(cls: type) -> Callable[..., Any] | None:
    """``razzlog.event_factories``' constructor of ``cls`` when that module is compiled, else None."""
    from razzlog import event_factories

    if event_factories.__file__ is None or event_factories.__file__.endswith(".py"):
        return None
    return event_factories.FACTORIES.get(cls)


def constructor(cls: type) -> Callable[..., Any]:
    """A function of ``cls``'s field values, all of them, in order (no defaults, no keywords),
    that returns what ``cls(*values)`` returns: through :func:`build_lines`, or ``cls`` itself."""
    made_by = factory(cls)
    if made_by is not None:
        return made_by
    if builder(cls) is None:
        return cls
    names = field_names(cls)
    space: dict[str, Any] = {}

    def const(value: Any) -> str:
        name = f"K{len(space)}"
        space[name] = value
        return name

    body = "".join(build_lines(cls, "obj", list(names), const))
    source = f"def new({', '.join(names)}):\n{body}    return obj\n"
    exec(compile(source, f"<razzlog {cls.__name__} constructor>", "exec"), space)
    new: Callable[..., Any] = space["new"]
    return new
