"""RZ308 stack-overdraw."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status


@rule("stack-overdraw")
def stack_overdraw(r: Replay) -> Iterator[Finding]:
    """A player put in more than their stack, or an all-in flag the stack contradicts.

    Bad (``Seat 3: manga130 ($0.04 in chips)`` after a $0.01 ante)::

        manga130: calls $0.04

    Fix: ``manga130: calls $0.03 and is all-in``.
    """
    left: dict[str, Decimal] = {p: s.start for p, s in r.players.items()}
    for ante in sorted(r.antes.values(), key=lambda x: x.line):
        if ante.player not in left:
            continue
        yield from _judge(ante.player, ante.amount, left[ante.player], ante.all_in, ante.line, "3rd", "antes")
        left[ante.player] -= ante.amount
    for s in r.steps:
        a = s.action
        chips = s.put[0]
        if s.status != Status.IN or chips == 0:
            continue
        yield from _judge(a.player, chips, s.stack[0], a.all_in, a.line, a.street.value, a.kind.value)


def _judge(
    player: str, chips: Decimal, stack: Decimal, all_in: bool, line: int, street: str, what: str
) -> Iterator[Finding]:
    if chips > stack:
        yield Finding(line, f"{player} puts in {chips} ({what}) with only {stack} behind", player, street)
    elif all_in and chips < stack:
        yield Finding(line, f"{player} is marked all-in but keeps {stack - chips} behind", player, street)
    elif not all_in and chips == stack:
        yield Finding(line, f"{player} puts in their last {chips} but is not marked all-in", player, street)
