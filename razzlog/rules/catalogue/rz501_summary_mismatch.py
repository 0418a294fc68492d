"""RZ501 summary-mismatch."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from razzlog.events import SeatOutcome, Show, SummaryNet, SummarySeat
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status
from razzlog.rules.settle import settle

# Bound once (C statics, compiled): an enum's class attribute is slow Python code, and this
# runs per summary line.
_COLLECTED: Final = SeatOutcome.COLLECTED
_FOLDED: Final = SeatOutcome.FOLDED
_MUCKED: Final = SeatOutcome.MUCKED
_OTHER: Final = SeatOutcome.OTHER
_SAT_OUT: Final = SeatOutcome.SAT_OUT
_SHOWED_LOST: Final = SeatOutcome.SHOWED_LOST
_SHOWED_WON: Final = SeatOutcome.SHOWED_WON
_FOLDED_STATUS: Final = Status.FOLDED
_ZERO: Final = Decimal(0)


@rule("summary-mismatch")
def summary_mismatch(r: Replay) -> list[Finding]:
    """The summary section disagrees with the play.

    Each ``Seat N: NAME …`` line must name the player of that seat, say on
    which street they folded (``(didn't bet)`` only when they put in nothing
    but the ante), and what they showed, mucked or won, as the hand happened;
    every player dealt in appears.  Where the site prints each seat's ending
    stack and net (KingsClub: ``Seat 1: Player0 (1,010.38) -50``), the net
    must be what the player won minus what they put in, and the stack their
    starting stack plus that net.

    Bad::

        meg100: folds            (on 5th street)
        ...
        Seat 5: meg100 folded on the 4th Street

    Fix: ``Seat 5: meg100 folded on the 5th Street``.
    """
    s = settle(r)
    if not s.summary_seats:
        return []
    found = _net_problems(r, s.put[0], s.returned, s.collected)
    listed = set()
    for e in s.summary_seats:
        player = e.player  # read once: an event's field is a Python attribute look-up
        listed.add(player)
        seat = r.seats.get(player)
        state = r.players.get(player)
        if seat is None or seat.seat != e.seat:
            where = f"seat {seat.seat}" if seat else "no seat"
            found.append(
                Finding(
                    e.line,
                    f"the summary puts {player} in seat {e.seat}; the hand has them in {where}",
                    player,
                    "summary",
                )
            )
            continue
        if state is None:
            continue
        problem = _outcome_problem(r, e, player, s.collected, s.shows)
        if problem:
            found.append(Finding(e.line, problem, player, "summary"))
    for p in r.order:
        if p not in listed:
            found.append(
                Finding(
                    s.summary_seats[0].line,
                    f"{p} played the hand but is missing from the summary",
                    p,
                    "summary",
                )
            )
    return found


def _net_problems(
    r: Replay, put: dict[str, Decimal], returned: dict[str, Decimal], collected: dict[str, Decimal]
) -> list[Finding]:
    """The printed nets and ending stacks (:class:`SummaryNet`, KingsClub's) against the play."""
    found: list[Finding] = []
    for e in r.of(SummaryNet):
        if e.player not in put:
            continue  # a player the hand does not know: the seat check reports it
        net = collected.get(e.player, _ZERO) + returned.get(e.player, _ZERO) - put[e.player]
        seat = r.seats.get(e.player)
        if e.net != net:
            found.append(
                Finding(
                    e.line,
                    f"the summary gives {e.player} a net of {e.net}; the play gives {net}",
                    e.player,
                    "summary",
                )
            )
        elif seat is not None and e.stack != seat.stack + net:
            found.append(
                Finding(
                    e.line,
                    f"the summary leaves {e.player} with {e.stack}; {seat.stack} {'+' if net >= 0 else '-'} {abs(net)} is {seat.stack + net}",
                    e.player,
                    "summary",
                )
            )
    return found


def _outcome_problem(
    r: Replay, e: SummarySeat, player: str, collected: dict[str, Decimal], shows: dict[str, Show]
) -> str | None:
    # Typed, so that compiled its reads of the replay are native and its enums compare by
    # identity (an untyped function reads every field as a Python attribute: some 2,500
    # instructions a summary line).  The line's fields are read where the outcome needs
    # them: each is a Python attribute look-up.
    outcome = e.outcome
    got = collected.get(player, _ZERO)
    folded = r.folded_on.get(player)
    status = r.players[player].status
    if outcome is _FOLDED:
        if folded is None:
            return f"the summary says {player} folded, but they did not fold"
        street = e.street
        if street is not None and street is not folded:
            return f"the summary says {player} folded on {street.value} street; they folded on {folded.value}"
        didnt_bet = e.didnt_bet
        if didnt_bet is None:
            return None
        # (with _ZERO, not 0: a Decimal's arithmetic or comparison with an int first makes the int a
        # new Decimal; 0's exponent is _ZERO's, so the amount is the same and printed alike)
        voluntary = r.players[player].put[0] - (r.antes[player].amount if player in r.antes else _ZERO)
        if didnt_bet != (voluntary == _ZERO):
            return f"the summary says {player} {'did not bet' if didnt_bet else 'bet'}, but they put in {voluntary} beyond the ante"
        return None
    if folded is not None and outcome not in (_SAT_OUT, _OTHER):
        return f"the summary says {player} {outcome.value.replace('-', ' and ')}, but they folded on {folded.value} street"
    if outcome is _SHOWED_WON:
        if player not in shows:
            return f"the summary says {player} showed, but they never showed"
        won = e.won
        if won is not None and won != got:
            return f"the summary says {player} won {won}; they collected {got}"
    elif outcome is _SHOWED_LOST:
        if player not in shows:
            return f"the summary says {player} showed, but they never showed"
        if got:
            return f"the summary says {player} lost, but they collected {got}"
    elif outcome is _COLLECTED:
        won = e.won
        if won is not None and won != got:
            return f"the summary says {player} collected {won}; they collected {got}"
    elif outcome is _MUCKED and got and status is not _FOLDED_STATUS:
        return f"the summary says {player} mucked, but they collected {got}"
    return None
