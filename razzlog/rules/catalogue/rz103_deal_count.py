"""RZ103 deal-count."""

from __future__ import annotations

from collections.abc import Iterator

from razzlog.events import Action, ActionKind, Deal, Street, StreetStart
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status

_UP_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH)


@rule("deal-count")
def deal_count(r: Replay) -> Iterator[Finding]:
    """Wrong number of cards for a street, or a street dealt out of order.

    Every player still in gets three cards on 3rd street (one face up) and
    one on each later street; face-up cards are always shown, so each of them
    has a ``Dealt to`` line on 3rd to 6th street.  Streets come in order, none
    after the hand is over (one player left), and none is skipped while two
    players are still in.

    Bad::

        *** 4th STREET ***
        Dealt to kobreli [Qc] [8s 2d]

    Fix: one new card per player on 4th street: ``Dealt to kobreli [Qc] [8s]``.
    """
    folded: set[str] = set()
    street: Street | None = None
    started: list[Street] = []
    lines: dict[str, list[Deal]] = {}

    def close(street: Street | None, line: int) -> Iterator[Finding]:
        if street is None or street == Street.SEVENTH:
            return
        for p in r.order:
            if p in folded or p in lines:
                continue
            if street == Street.THIRD and r.players[p].status == Status.OUT:
                continue
            yield Finding(line, f"{p} is still in but gets no card on {street.value} street", p, street.value)

    for e in r.hand.events:
        if isinstance(e, StreetStart) and e.street.is_betting:
            yield from close(street, e.line)
            live = [p for p in r.order if p not in folded]
            expected = Street.THIRD if not started else _next(started[-1])
            if e.street != expected:
                yield Finding(
                    e.line,
                    f"{e.street.value} street follows {started[-1].value if started else 'the antes'}; expected {expected.value if expected else 'no more streets'}",
                    None,
                    e.street.value,
                )
            elif len(live) < 2:
                yield Finding(
                    e.line, f"{e.street.value} street is dealt after the hand was over", None, e.street.value
                )
            started.append(e.street)
            street, lines = e.street, {}
        elif isinstance(e, StreetStart):
            yield from close(street, e.line)
            street = None
        elif isinstance(e, Action) and e.kind == ActionKind.FOLD:
            folded.add(e.player)
        elif isinstance(e, Deal):
            yield from _check_deal(e, folded, lines)
    yield from close(street, r.hand.last_line)
    live = [p for p in r.order if p not in folded]
    if len(live) >= 2 and started and started[-1] != Street.SEVENTH:
        yield Finding(
            r.hand.last_line,
            f"the hand ends on {started[-1].value} street with {len(live)} players still in",
            None,
            started[-1].value,
        )


def _next(street: Street) -> Street | None:
    order = [Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH]
    i = order.index(street) if street in order else len(order)
    return order[i + 1] if i + 1 < len(order) else None


def _check_deal(e: Deal, folded: set[str], lines: dict[str, list[Deal]]) -> Iterator[Finding]:
    street = e.street.value
    if e.player in folded:
        yield Finding(
            e.line, f"{e.player} folded earlier but is dealt a card on {street} street", e.player, street
        )
        return
    if e.player in lines:
        yield Finding(e.line, f"{e.player} is dealt twice on {street} street", e.player, street)
    lines.setdefault(e.player, []).append(e)
    allowed = (1, 3) if e.street == Street.THIRD else (1,)
    if len(e.new) not in allowed:
        yield Finding(
            e.line,
            f"{e.player} gets {len(e.new)} new cards on {street} street; expected {' or '.join(map(str, allowed))}",
            e.player,
            street,
        )
    index = _UP_STREETS.index(e.street) if e.street in _UP_STREETS else 4
    if e.street != Street.THIRD and e.known and len(e.known) not in (index, index + 2):
        yield Finding(
            e.line,
            f"{e.player}'s line repeats {len(e.known)} earlier cards on {street} street; expected {index} face-up or {index + 2} in all",
            e.player,
            street,
        )
