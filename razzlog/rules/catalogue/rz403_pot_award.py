"""RZ403 pot-award."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Final

from razzlog.cards import format_low
from razzlog.rules.base import Finding, rule
from razzlog.rules.pots import Pot, split_shares
from razzlog.rules.replay import Replay
from razzlog.rules.settle import Settlement, settle

_ZERO: Final = Decimal(0)


@rule("pot-award")
def pot_award(r: Replay) -> Iterator[Finding]:
    """A pot (main or side) awarded to the wrong player or in the wrong amount.

    Each pot goes to the best low among the players eligible for it who
    showed (a lone survivor needs to show nothing); equal lows split it, an
    odd chip going to one of them; the site's rake comes off the top.

    Bad (``Lo: 8,6,4,3,2`` beats ``Lo: 9,7,6,2,A``)::

        Hero: shows [9h 2s 7c 6c Qh Ad Ac] (Lo: 9,7,6,2,A)
        HIWAII2: shows [2h 8d Kh 6h 3d 6d 4h] (Lo: 8,6,4,3,2)
        Hero collected $0.68 from pot

    Fix: ``HIWAII2 collected $0.68 from pot``.
    """
    s = settle(r)
    if not s.collects:
        return
    problems = list(_judge(r, s, s.pots[0]))
    # Reported when the rules' pots are misawarded too; pots equal to the log's are
    # judged alike (the judgement compares amounts), so they are not judged twice.
    if problems and (s.pots[1] == s.pots[0] or any(_judge(r, s, s.pots[1]))):
        yield from problems


def winners(pot: Pot, s: Settlement) -> frozenset[str] | None:
    """Who wins this pot, or None when the cards shown cannot tell."""
    if len(pot.eligible) == 1:
        return pot.eligible
    shown = {p: v for p in pot.eligible if (v := s.value(p)) is not None and p not in s.mucked}
    if not shown:
        return None
    best = min(shown.values())
    return frozenset(p for p, v in shown.items() if v == best)


def _judge(r: Replay, s: Settlement, pots: list[Pot]) -> Iterator[Finding]:
    rake = s.summary_pot.rake if s.summary_pot else Decimal(0)
    low: dict[str, Decimal] = {}
    high: dict[str, Decimal] = {}
    may_win: set[str] = set()
    known = True
    for pot in pots:
        won_by = winners(pot, s)
        if won_by is None:
            known = False
            may_win |= pot.eligible
            continue
        may_win |= won_by
        lo, hi = split_shares(pot.amount, len(won_by), s.unit)
        for p in won_by:
            low[p] = low.get(p, _ZERO) + lo
            high[p] = high.get(p, _ZERO) + hi
    line = s.collects[0].line
    for c in s.collects:
        if c.player not in may_win:
            best = sorted(p for p in low)
            who = " and ".join(best) or "someone else"
            detail = _best_text(s, best)
            yield Finding(
                c.line,
                f"{c.player} collects {c.amount}, but the pot belongs to {who}{detail}",
                c.player,
                None,
            )
            return
    if not known:
        return
    for p in sorted(low):
        got = s.collected.get(p, _ZERO)
        if not (low[p] - rake <= got <= high[p]):
            want = f"{low[p]}" if low[p] == high[p] else f"{low[p]}–{high[p]}"
            rake_note = f" less at most {rake} rake" if rake else ""
            yield Finding(
                s.collects[-1].line if got == 0 else line,
                f"{p} collects {got}; their share of the pots is {want}{rake_note}",
                p,
                None,
            )


def _best_text(s: Settlement, players: list[str]) -> str:
    values = [s.shows[p].cards for p in players if p in s.shows]
    if not values:
        return ""
    from razzlog.cards import best_low

    return f" (Lo: {format_low(best_low(values[0]))})"
