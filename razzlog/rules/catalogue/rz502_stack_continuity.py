"""RZ502 stack-continuity (warning, across hands)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from razzlog.events import Hand
from razzlog.rules.base import rule
from razzlog.violations import Severity, Violation


@rule("stack-continuity", Severity.WARNING, cross_hand=True)
def stack_continuity(hand: Hand, previous: dict[str, frozenset[Decimal]]) -> Iterator[Violation]:
    """A starting stack differs from the player's previous ending stack at that table.

    Compared with the previous hand at the same table (and tournament) when
    the player sat in it.  A cash player may top up or rebuy between hands,
    so only a stack that shrank is reported there; in a tournament any change
    is, except for a player who busted (a rebuy).  A warning: a missing hand
    in the input explains it too.

    Bad::

        (hand 1) SilkZone collected ($0.39) ... ends with $1.89
        (hand 2) Seat 8: SilkZone ($1.79 in chips)

    Fix: hand 2 starts SilkZone with $1.89.
    """
    h = hand.header
    seats = tuple((s.player, s.stack, s.line) for s in hand.seats)
    return stack_changes(hand.file, h.site, h.hand_id, h.is_tournament, seats, previous)


# A seat as the cross-hand checks keep it: player, stack, line.
SeatKey = tuple[str, Decimal, int]


def stack_changes(
    file: str,
    site: str,
    hand_id: str,
    is_tournament: bool,
    seats: tuple[SeatKey, ...],
    previous: dict[str, frozenset[Decimal]],
) -> Iterator[Violation]:
    """:func:`stack_continuity` on the hand's keys: the parallel audit's main process has these,
    not the hand."""
    for player, stack, line in seats:
        ends = previous.get(player)
        if not ends or stack in ends or max(ends) == 0:
            continue  # unchanged, or busted and back: a rebuy explains any stack
        if not is_tournament and stack > max(ends):
            continue  # a top-up or rebuy between hands
        before = " or ".join(str(e) for e in sorted(ends))
        yield Violation(
            "stack-continuity",
            Severity.WARNING,
            file,
            line,
            site,
            hand_id,
            player,
            None,
            f"{player} starts with {stack}; they ended the previous hand at this table with {before}",
        )
