"""RZ403 pot-award."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from razzlog.cards import format_low
from razzlog.rules.base import Finding, rule
from razzlog.rules.pots import Pot, split_shares
from razzlog.rules.replay import Replay
from razzlog.rules.settle import Settlement, settle

_ZERO: Final = Decimal(0)


@rule("pot-award")
def pot_award(r: Replay) -> list[Finding]:
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
        return []
    problems = _problems(r, s, s.pots[0])
    # Reported when the rules' pots are misawarded too; pots equal to the log's are
    # judged alike (the judgement compares amounts), so they are not judged twice.
    if problems and (s.pots[1] == s.pots[0] or _problems(r, s, s.pots[1])):
        return problems
    return []


def winners(pot: Pot, s: Settlement) -> frozenset[str] | None:
    """Who wins this pot, or None when the cards shown cannot tell."""
    if len(pot.eligible) == 1:
        return pot.eligible
    # Who showed cards (and did not muck them): a low is valued only when two or more did.
    showed: list[str] = []
    for p in pot.eligible:
        show = s.shows.get(p)
        if show is not None and show.cards and p not in s.mucked:
            showed.append(p)
    if len(showed) < 2:
        return frozenset(showed) if showed else None
    shown = {p: v for p in showed if (v := s.value(p)) is not None}
    best = min(shown.values())
    return frozenset(p for p, v in shown.items() if v == best)


def _problems(r: Replay, s: Settlement, pots: list[Pot]) -> list[Finding]:
    """The findings of ``pots`` (``_judge``), judged first with the quick shares (most hands
    have none: then the pots are not judged twice)."""
    if not _judge(r, s, pots, False):
        return []
    return _judge(r, s, pots, True)


def _judge(r: Replay, s: Settlement, pots: list[Pot], exact: bool) -> list[Finding]:
    """Who collected what they should not have.  Not ``exact``, a pot with one winner is their
    share whole, where the exact share is that amount rounded down and up to the smallest
    chip (``split_shares``: it asks for ``s.unit``, which for a tournament reads every amount
    of the log).  That range holds the amount, so a hand judged right so is judged right
    exactly: only a hand with findings needs the exact judgement, whose figures they print."""
    rake = s.summary_pot.rake if s.summary_pot else _ZERO
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
        if not exact and len(won_by) == 1:
            lo = hi = pot.amount
        else:
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
            return [
                Finding(
                    c.line,
                    f"{c.player} collects {c.amount}, but the pot belongs to {who}{detail}",
                    c.player,
                    None,
                )
            ]
    found: list[Finding] = []
    if not known:
        return found
    for p in sorted(low):
        got = s.collected.get(p, _ZERO)
        if not (low[p] - rake <= got <= high[p]):
            want = f"{low[p]}" if low[p] == high[p] else f"{low[p]}–{high[p]}"
            rake_note = f" less at most {rake} rake" if rake else ""
            found.append(
                Finding(
                    s.collects[-1].line if got == 0 else line,
                    f"{p} collects {got}; their share of the pots is {want}{rake_note}",
                    p,
                    None,
                )
            )
    return found


def _best_text(s: Settlement, players: list[str]) -> str:
    values = [s.shows[p].cards for p in players if p in s.shows]
    if not values:
        return ""
    from razzlog.cards import best_low

    return f" (Lo: {format_low(best_low(values[0]))})"
