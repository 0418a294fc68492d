"""RZ401 uncalled-bet."""

from __future__ import annotations

from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay
from razzlog.rules.settle import settle


@rule("uncalled-bet")
def uncalled_bet(r: Replay) -> list[Finding]:
    """An uncalled bet returned of the wrong amount, to the wrong player, or not returned.

    What the top contributor put in beyond the next-highest contributor was
    never called: it goes back to them and is not part of the pot.

    Bad::

        SilkZone: bets $0.08
        willy32948: folds
        SilkZone collected $0.47 from pot

    Fix: ``Uncalled bet ($0.08) returned to SilkZone`` before the collection.
    """
    s = settle(r)
    logged = sorted((e.player, e.amount) for e in s.returns)
    options = [[due] if due else [] for due in s.due_return]
    if any(logged == option for option in options):
        return []
    due = s.due_return[0]
    line = s.returns[0].line if s.returns else (s.collects[0].line if s.collects else r.hand.last_line)
    if due is None:
        player, amount = logged[0]
        return [Finding(line, f"{amount} is returned to {player}, but every bet was called", player, None)]
    if not logged:
        return [Finding(line, f"{due[1]} bet by {due[0]} was never called and is not returned", due[0], None)]
    got = ", ".join(f"{a} to {p}" for p, a in logged)
    return [
        Finding(line, f"the log returns {got}; the uncalled bet is {due[1]} to {due[0]}", logged[0][0], None)
    ]
