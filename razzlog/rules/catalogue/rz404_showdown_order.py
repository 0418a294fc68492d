"""RZ404 showdown-order."""

from __future__ import annotations

from razzlog.events import Muck, Street
from razzlog.rules.base import Finding, rule
from razzlog.rules.profiles import ShowdownOrder
from razzlog.rules.replay import Replay, Status
from razzlog.rules.settle import in_showdown, settle


@rule("showdown-order")
def showdown_order(r: Replay) -> list[Finding]:
    """Players showed in the wrong order.

    The last player to bet or raise on 7th street shows first, then the
    others clockwise.  When nobody bet on 7th, ``pokerstars`` starts with the
    lowest seat; ``fulltilt`` and ``casino`` with the last aggressor of the
    latest street that had one.  ``fulltilt`` does not judge the order of
    all-in players when there are side pots.

    Bad (kobreli bet the river, SilkZone called)::

        *** SHOW DOWN ***
        SilkZone: shows [...]
        kobreli: shows [...]

    Fix: kobreli shows first.
    """
    s = settle(r)
    players = in_showdown(r)
    if len(players) < 2 or not s.showdown:
        return []
    start = _first_to_show(r, players)
    ring = players[players.index(start) :] + players[: players.index(start)]
    judged = set(players)
    if not r.profile.judge_side_pot_showdown_order and len(s.pots[0]) > 1:
        judged = {p for p in players if r.players[p].status == Status.IN}
    sequence: list[tuple[str, int, bool]] = []
    seen: set[str] = set()
    for e in s.showdown:
        player = e.player  # (read once: an event's field is a Python attribute look-up)
        if player in judged and player not in seen:
            seen.add(player)
            sequence.append((player, e.line, type(e) is Muck))
    position = -1
    for player, line, mucked in sequence:
        here = ring.index(player)
        if here < position:
            # A muck is no show: it says who gave up their turn late, not who showed early.
            did = f"mucks after {ring[position]}, who was due after them" if mucked else "shows out of turn"
            return [
                Finding(
                    line,
                    f"{player} {did}; the order is {', '.join(ring)} (starting with {start})",
                    player,
                    "showdown",
                )
            ]
        position = here
    return []


def _first_to_show(r: Replay, players: list[str]) -> str:
    river = r.aggressor.get(Street.SEVENTH)
    if river in players:
        return river
    if r.profile.showdown_order_without_bet == ShowdownOrder.LAST_AGGRESSOR:
        for street in (Street.SIXTH, Street.FIFTH, Street.FOURTH, Street.THIRD):
            who = r.aggressor.get(street)
            if who in players:
                return who
    return players[0]
