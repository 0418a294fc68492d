"""RZ203 bring-in-player."""

from __future__ import annotations

from collections.abc import Iterator

from razzlog.events import ActionKind, BringInClaim, Street
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


@rule("bring-in-player")
def bring_in_player(r: Replay) -> Iterator[Finding]:
    """The bring-in was posted by the wrong player.

    The highest door card brings in (king high, ace low); equal ranks are
    broken by suit (spades, hearts, diamonds, clubs) or, in the ``casino``
    profile, by the lowest seat.  A player all-in from the ante passes the
    bring-in clockwise to the next player who can act.  The bring-in player
    may complete instead of bringing in.  A site's own claim (Full Tilt's
    ``NAME is high with [Ks]``) is checked too.

    Bad (door cards Qc, 6h, 3s)::

        willy32948: brings in for $0.02

    Fix: ``kobreli: brings in for $0.02`` (the queen).
    """
    due = r.bring_in_due
    if due is None:
        return
    door = r.door.get(due)
    why = f"{due} should bring in with {door}" if door else f"{due} should bring in"
    claims = r.of(BringInClaim)
    claim = claims[0] if claims else None
    if claim is not None and claim.player != due:
        yield Finding(
            claim.line, f"the log says {claim.player} is high with {claim.card}; {why}", claim.player, "3rd"
        )
        if r.bring_in is not None and r.bring_in.player == claim.player:
            return  # the bring-in follows the wrong claim: one finding
    if r.bring_in is not None:
        if r.bring_in.player != due:
            shown = r.door.get(r.bring_in.player)
            yield Finding(
                r.bring_in.line,
                f"{r.bring_in.player} brings in{f' with {shown}' if shown else ''}; {why}",
                r.bring_in.player,
                "3rd",
            )
        return
    first = next((s.action for s in r.steps if s.action.street == Street.THIRD), None)
    if first is None:
        return
    aggressive = first.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    if first.player != due or not aggressive:
        yield Finding(first.line, f"no bring-in was posted; {why}", first.player, "3rd")
