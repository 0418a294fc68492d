"""JSON for machines: events, hands and audit results as plain JSON values.

Everything here is pure: values in, ``dict``/``list``/``str`` out.  The
conversion is generic over dataclasses, so a new event type (or a new field)
needs no change here:

* ``Decimal`` becomes its exact string (``"0.04"``, never a float);
* a ``Card`` becomes ``"Td"``;
* an ``Enum`` becomes its value (``"3rd"``, ``"raise"``);
* tuples and lists become lists, dataclasses become objects.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import fields, is_dataclass
from decimal import Decimal
from enum import Enum
from typing import Any

from razzlog.cards import Card
from razzlog.events import Event, Hand
from razzlog.render.text import json_safe
from razzlog.violations import Violation


def to_json_value(value: Any) -> Any:
    """``value`` as a JSON-ready value (see the module docstring)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return to_json_value(value.value)
    if isinstance(value, tuple | list):
        return [to_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json_value(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json_value(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, float):
        return value
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")


def event_to_dict(event: Event) -> dict[str, Any]:
    """``{"type": "Seat", ...every field..., "line": n}`` for any event dataclass."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for f in fields(event):
        if f.name != "line":
            out[f.name] = to_json_value(getattr(event, f.name))
    out["line"] = event.line
    return out


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    """One parsed hand for ``razzlog parse --format jsonl``."""
    return {
        "file": hand.file,
        "first_line": hand.first_line,
        "site": hand.header.site,
        "hand_id": hand.header.hand_id,
        "header": to_json_value(hand.header),
        "events": [event_to_dict(e) for e in hand.events],
    }


def unparsed_to_dict(violation: Violation, first_line: int) -> dict[str, Any]:
    """A hand (or input) that could not be parsed, for ``razzlog parse``."""
    return {
        "file": violation.file,
        "first_line": first_line,
        "hand_id": violation.hand_id,
        "error": violation.to_dict(),
    }


def audit_document(
    files: int,
    hands: int,
    hands_parsed: int,
    hands_with_violations: int,
    violations: Iterable[Violation],
    other_games: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """The ``audit --format json`` object (CONTRACT.md, and ``other_games``: the hands of other
    games by game, counted in ``hands``, not in ``hands_parsed``)."""
    return {
        "files": files,
        "hands": hands,
        "hands_parsed": hands_parsed,
        "hands_with_violations": hands_with_violations,
        "other_games": by_count(other_games or {}),
        "violations": [v.to_dict() for v in violations],
    }


def by_count(counts: Mapping[str, int]) -> dict[str, int]:
    """``counts`` most first (then by name): the other games of a run, as reports list them."""
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def games_list(counts: Mapping[str, int]) -> str:
    """``Hold'em No Limit 1,097, 7 Card Stud Limit 120``: most hands first."""
    return ", ".join(f"{game} {n:,}" for game, n in by_count(counts).items())


def dumps_line(obj: Any) -> str:
    """One compact JSON line (no trailing newline), non-ASCII kept as is (but not the controls
    a terminal acts on: :func:`~razzlog.render.text.json_safe`)."""
    return json_safe(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))


def jsonl_lines(objs: Iterable[Any]) -> Iterator[str]:
    """``objs`` as JSON lines, each ending with a newline."""
    for obj in objs:
        yield dumps_line(obj) + "\n"
