"""RZ203 bring-in-player."""

from __future__ import annotations

from typing import Final

from razzlog.cards import door_card_bring_in_key
from razzlog.events import ActionKind, BringInClaim, Street
from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay

_THIRD: Final = Street.THIRD  # bound once (a C static, compiled): enum lookups are slow


@rule("bring-in-player")
def bring_in_player(r: Replay) -> list[Finding]:
    """The bring-in was posted by the wrong player.

    The highest door card brings in (king high, ace low); equal ranks are
    broken by suit (spades, hearts, diamonds, clubs) or, in the ``casino``
    profile, by the lowest seat.  A player all-in from the ante passes the
    bring-in clockwise to the next player who can act.  The bring-in player
    may complete instead of bringing in.  A site's own claim (Full Tilt's
    ``NAME is high with [Ks]``) is checked too, except where the rules do
    not say who is high: when everyone but one player is all-in from the
    ante, nobody brings in, and Full Tilt still names a player; the one who
    could bet or the highest door of all is accepted then.

    Bad (door cards Qc, 6h, 3s)::

        willy32948: brings in for $0.02

    Fix: ``kobreli: brings in for $0.02`` (the queen).
    """
    due = r.bring_in_due
    if due is None:
        return []
    door = r.door.get(due)
    why = f"{due} should bring in with {door}" if door else f"{due} should bring in"
    claims = r.of(BringInClaim)
    claim = claims[0] if claims else None
    top = _top_when_nobody_brings_in(r) if claim is not None else None
    if top is not None and top != due:
        why = f"expected {due} (the only player who can bet, {door}) or {top} (the highest door card, {r.door[top]})"
    found: list[Finding] = []
    if claim is not None and claim.player != due and claim.player != top:
        found.append(
            Finding(
                claim.line,
                f"the log says {claim.player} is high with {claim.card}; {why}",
                claim.player,
                "3rd",
            )
        )
        if r.bring_in is not None and r.bring_in.player == claim.player:
            return found  # the bring-in follows the wrong claim: one finding
    if r.bring_in is not None:
        if r.bring_in.player != due:
            shown = r.door.get(r.bring_in.player)
            found.append(
                Finding(
                    r.bring_in.line,
                    f"{r.bring_in.player} brings in{f' with {shown}' if shown else ''}; {why}",
                    r.bring_in.player,
                    "3rd",
                )
            )
        return found
    first = next((s.action for s in r.steps if s.street is _THIRD), None)
    if first is None:
        return found
    aggressive = first.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    if first.player != due or not aggressive:
        found.append(Finding(first.line, f"no bring-in was posted; {why}", first.player, "3rd"))
    return found


def _top_when_nobody_brings_in(r: Replay) -> str | None:
    """The player with the highest door card of all, in a hand where at most one player could
    bet on 3rd street (the others all-in from the ante) and nobody brought in; else None."""
    if r.bring_in is not None:
        return None
    able = [p for p in r.order if p not in r.antes or not r.antes[p].all_in]
    doors = [p for p in r.order if p in r.door]
    if len(able) > 1 or not doors:
        return None
    suit = r.profile.bring_in_tie_by_suit
    return max(doors, key=lambda p: (door_card_bring_in_key(r.door[p], suit), -r.players[p].seat))
