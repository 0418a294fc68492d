"""RZ308 stack-overdraw."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from razzlog.events import Ante
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status

_IN: Final = Status.IN  # bound once (a C static, compiled): enum lookups are slow


@rule("stack-overdraw")
def stack_overdraw(r: Replay) -> list[Finding]:
    """A player put in more than their stack, or an all-in flag the stack contradicts.

    Bad (``Seat 3: manga130 ($0.04 in chips)`` after a $0.01 ante)::

        manga130: calls $0.04

    Fix: ``manga130: calls $0.03 and is all-in``.
    """
    found: list[Finding] = []
    # ``r.antes`` keeps one ante per player, so each ante comes out of the starting stack.
    for ante in _by_line(list(r.antes.values())):
        player = ante.player  # (read once: an event's field is a Python attribute look-up)
        state = r.players.get(player)
        if state is None:
            continue
        amount, all_in = ante.amount, ante.all_in
        if not _fine(amount, state.start, all_in):
            found.append(_finding(player, amount, state.start, all_in, ante.line, "3rd", "antes"))
    for s in r.steps:
        chips = s.put[0]
        if not chips or s.status is not _IN:
            continue
        if not _fine(chips, s.stack[0], s.all_in):
            a = s.action
            found.append(
                _finding(a.player, chips, s.stack[0], a.all_in, a.line, a.street.value, a.kind.value)
            )
    return found


def _line(a: Ante) -> int:
    return a.line


def _by_line(antes: list[Ante]) -> list[Ante]:
    """The antes in line order: as they come, nearly always, else sorted (stable, as ``sorted``).

    ``sorted(key=_line)`` calls the key as a Python function, some 600 instructions an ante;
    reading the lines to see they are in order is a third of that.
    """
    last = -1
    for a in antes:
        line = a.line
        if line < last:
            return sorted(antes, key=_line)
        last = line
    return antes


def _fine(chips: Decimal, stack: Decimal, all_in: bool) -> bool:
    """The usual case, checked first: within the stack, and all-in exactly when it is all."""
    return chips == stack if all_in else chips < stack


def _finding(
    player: str, chips: Decimal, stack: Decimal, all_in: bool, line: int, street: str, what: str
) -> Finding:
    if chips > stack:
        return Finding(line, f"{player} puts in {chips} ({what}) with only {stack} behind", player, street)
    if all_in:
        return Finding(line, f"{player} is marked all-in but keeps {stack - chips} behind", player, street)
    return Finding(line, f"{player} puts in their last {chips} but is not marked all-in", player, street)
