"""RZ103 deal-count."""

from __future__ import annotations

from typing import Final

from razzlog.events import Action, ActionKind, CommonCard, Deal, Street, StreetStart
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay, Status
from razzlog.rules.state import Dealt

# Typed as a tuple of any length: compiled, a Final tuple of fixed length is kept unboxed, and
# boxed again (a new tuple) at every call that passes it.
_UP_STREETS: Final[tuple[Street, ...]] = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH)
# Enum members bound once and compared with ``is`` (or found in tuples, by identity):
# an enum's class attributes, hash and ``.value`` are slow Python code, and compiled,
# a Final name is a C static where any other module name is a look-up in a dict.
_THIRD: Final = Street.THIRD
_SEVENTH: Final = Street.SEVENTH
_FOLD: Final = ActionKind.FOLD
_OUT: Final = Status.OUT
_BETTING: Final = tuple(s for s in Street if s.is_betting)
# Shared with common-card (equal sets share one pass over the events).
_TABLE_EVENTS: Final = frozenset({StreetStart, Action, Deal, CommonCard})
_ACTION: Final = Action  # the event classes too: their names are not looked up at every use
_DEAL: Final = Deal
_STREET_START: Final = StreetStart


@rule("deal-count")
def deal_count(r: Replay) -> list[Finding]:
    """Wrong number of cards for a street, or a street dealt out of order.

    Every player still in gets three cards on 3rd street (one face up) and
    one on each later street; face-up cards are always shown, so each of them
    has a ``Dealt to`` line on 3rd to 6th street.  Streets come in order, none
    after the hand is over (one player left), and none is skipped while two
    players are still in.  A player who acts on 3rd to 6th street without a
    line for it is reported at that first action (a fold would otherwise
    hide the missing card: they were in when the street was dealt).

    Bad::

        *** 4th STREET ***
        Dealt to kobreli [Qc] [8s 2d]

    Fix: one new card per player on 4th street: ``Dealt to kobreli [Qc] [8s]``.
    """
    folded: set[str] = set()
    street: Street | None = None
    started: list[Street] = []
    lines: set[str] = set()  # players dealt a line on this street
    found: list[Finding] = []

    seated = r.players  # (by name: the players of ``r.order``)
    # The engine made one step per action, in log order: an action's fields are read from its
    # step (native fields) rather than from the event (a Python look-up each, see ``Step``).
    # Likewise each deal line's from ``r.dealt``.
    steps, deals = r.steps, r.dealt
    actions = dealt = 0
    for e in r.stream(_TABLE_EVENTS):
        if type(e) is _ACTION:
            step = steps[actions]
            actions += 1
            player = step.player
            if (
                player not in lines
                and step.street is street
                and _position(street, _UP_STREETS) >= 0
                and player not in folded
            ):
                lines.add(player)  # reported here, once: not again when the street closes
                if player in seated:  # (a player with no seat is another rule's finding)
                    found.append(
                        Finding(
                            step.line,
                            f"{player} acts on {step.street.value} street but was dealt no card on it",
                            player,
                            step.street.value,
                        )
                    )
            if step.kind is _FOLD:
                folded.add(player)
        elif type(e) is _DEAL:
            wrong = _check_deal(deals[dealt], folded, lines)
            dealt += 1
            if wrong:
                found.extend(wrong)
        elif type(e) is _STREET_START:
            now, line = e.street, e.line  # read once: an event's field is a Python look-up
            _close(found, r, folded, lines, street, line)
            if _position(now, _BETTING) < 0:
                street = None
                continue
            expected = _THIRD if not started else _next(started[-1])
            if now is not expected:
                found.append(
                    Finding(
                        line,
                        f"{now.value} street follows {started[-1].value if started else 'the antes'}; expected {expected.value if expected else 'no more streets'}",
                        None,
                        now.value,
                    )
                )
            elif _still_in(r.order, folded) < 2:
                found.append(
                    Finding(line, f"{now.value} street is dealt after the hand was over", None, now.value)
                )
            started.append(now)
            street, lines = now, set()
    _close(found, r, folded, lines, street, r.hand.last_line)
    live = [p for p in r.order if p not in folded]
    if len(live) >= 2 and started and started[-1] is not _SEVENTH:
        found.append(
            Finding(
                r.hand.last_line,
                f"the hand ends on {started[-1].value} street with {len(live)} players still in",
                None,
                started[-1].value,
            )
        )
    return found


def _close(
    found: list[Finding], r: Replay, folded: set[str], lines: set[str], street: Street | None, line: int
) -> None:
    """Add the players still in who got no line on ``street``, which ends at ``line``.

    A module function, not a closure in ``deal_count``: compiled, a closure is called as a
    Python object (some 1,200 instructions a call, at every street), this one natively.
    """
    if street is None or street is _SEVENTH:
        return
    for p in r.order:  # (a native loop: two set differences cost some 800 instructions each)
        if p not in folded and p not in lines and not (street is _THIRD and r.players[p].status is _OUT):
            found.append(
                Finding(line, f"{p} is still in but gets no card on {street.value} street", p, street.value)
            )


def _still_in(order: list[str], folded: set[str]) -> int:
    """How many of ``order`` have not folded (a native loop, not a set intersection)."""
    n = 0
    for p in order:
        if p not in folded:
            n += 1
    return n


def _next(street: Street) -> Street | None:
    i = _position(street, _BETTING) + 1  # _BETTING lists the betting streets in order
    return _BETTING[i] if i < len(_BETTING) else None


def _position(street: Street | None, streets: tuple[Street, ...]) -> int:
    """``streets.index(street)``, or -1.  Compared by identity in a native loop: ``in`` and
    ``index`` on a tuple are calls into Python's C API, some 400 instructions each (this runs
    for every action and deal line)."""
    for i, s in enumerate(streets):
        if s is street:
            return i
    return -1


def _check_deal(e: Dealt, folded: set[str], lines: set[str]) -> list[Finding] | None:
    """The findings of one deal line (None for none: this runs for every line)."""
    player, e_street = e.player, e.street
    if player in folded:
        street = e_street.value
        return [
            Finding(e.line, f"{player} folded earlier but is dealt a card on {street} street", player, street)
        ]
    twice = player in lines
    lines.add(player)
    third = e_street is _THIRD
    new, known = len(e.new), len(e.known)
    wrong_new = new != 1 and not (third and new == 3)
    index = 0  # face-up cards before this street
    if known and not third:
        index = _position(e_street, _UP_STREETS)
        if index < 0:
            index = 4
    wrong_known = known and not third and known != index and known != index + 2
    if not (twice or wrong_new or wrong_known):
        return None
    street = e_street.value
    found: list[Finding] = []
    if twice:
        found.append(Finding(e.line, f"{e.player} is dealt twice on {street} street", e.player, street))
    if wrong_new:
        allowed = "1 or 3" if third else "1"
        found.append(
            Finding(
                e.line,
                f"{e.player} gets {new} new cards on {street} street; expected {allowed}",
                e.player,
                street,
            )
        )
    if wrong_known:
        found.append(
            Finding(
                e.line,
                f"{e.player}'s line repeats {known} earlier cards on {street} street; expected {index} face-up or {index + 2} in all",
                e.player,
                street,
            )
        )
    return found
