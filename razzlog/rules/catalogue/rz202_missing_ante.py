"""RZ202 missing-ante."""

from __future__ import annotations

from typing import Final

from razzlog.events import Action, Deal
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


@rule("missing-ante")
def missing_ante(r: Replay) -> list[Finding]:
    """A dealt-in player posted no ante.

    Everyone dealt cards or acting in the hand must ante first (players
    listed as sitting out are not dealt in and owe nothing).

    Bad::

        Seat 3: willy32948 ($2.17 in chips)
        kobreli: posts the ante $0.01
        *** 3rd STREET ***
        Dealt to willy32948 [6h]

    Fix: ``willy32948: posts the ante $0.01`` before the deal.
    """
    if not r.antes and not r.table_ante:
        return []  # a table without antes
    unposted = [p for p in r.order if p not in r.antes]
    if not unposted:
        return []
    first: dict[str, int] = {}
    for e in r.stream(_PLAYING):
        if isinstance(e, Deal | Action) and e.player not in first:
            first[e.player] = e.line
    return [
        Finding(first[player], f"{player} is dealt in but posted no ante", player, "3rd")
        for player in unposted
        if player in first
    ]


_PLAYING: Final = frozenset({Deal, Action})
