"""RZ502 stack-continuity (warning, across hands)."""

from __future__ import annotations

from decimal import Decimal

from razzlog.rules.base import rule
from razzlog.violations import Severity, Violation

# A seat as the cross-hand checks keep it: player, stack (its text: ``str`` of its Decimal), line.
SeatKey = tuple[str, str, int]


def stack_texts(stacks: frozenset[Decimal]) -> tuple[str, ...]:
    """A player's possible ending stacks as the cross-hand checks keep them: their texts, least
    first.  (Text, not Decimals: the parallel audit's workers send them to the main process for
    every hand, and a string unpickles several times faster than a Decimal in a frozenset.  A
    Decimal's text gives back the very Decimal, exponent and all.)"""
    return tuple([str(e) for e in sorted(stacks)])


# Judged on the hand's keys, not the hand (the parallel audit's main process has only these):
# its place, whether a tournament, its seats, and ``previous``, the previous hand's
# :func:`stack_texts` by player (``razzlog.rules.engine.CrossHandChecks``).
@rule("stack-continuity", Severity.WARNING, cross_hand=True)
def stack_continuity(
    file: str,
    site: str,
    hand_id: str,
    is_tournament: bool,
    seats: tuple[SeatKey, ...],
    previous: dict[str, tuple[str, ...]],
) -> list[Violation]:
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
    found: list[Violation] = []
    for player, stack, line in seats:
        ends = previous.get(player)
        if not ends or stack in ends:
            continue  # unchanged (the same text is the same amount)
        # the same amount may be written otherwise ("1.9", "1.90"): compared as amounts now
        amount, amounts = Decimal(stack), [Decimal(e) for e in ends]
        if amount in amounts or max(amounts) == 0:
            continue  # unchanged, or busted and back: a rebuy explains any stack
        if not is_tournament and amount > max(amounts):
            continue  # a top-up or rebuy between hands
        before = " or ".join(ends)
        found.append(
            Violation(
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
        )
    return found
