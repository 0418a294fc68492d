"""RZ201 ante-amount."""

from __future__ import annotations

from razzlog.rules.base import Finding, rule
from razzlog.rules.replay import Replay


@rule("ante-amount")
def ante_amount(r: Replay) -> list[Finding]:
    """An ante other than the table's ante (and not all-in).

    The table's ante comes from the header when the site prints it, from the
    site's known structure for the stakes, or else from what most players
    posted in this hand.  A player all-in on the ante may post less, never more.

    Bad (a $0.04/$0.08 PokerStars table antes $0.01)::

        meg100: posts the ante $0.02

    Fix: ``meg100: posts the ante $0.01``.
    """
    want = r.table_ante
    found: list[Finding] = []
    if want is None:
        return found
    for a in r.antes.values():
        if a.amount == want or (a.all_in and a.amount < want):
            continue
        what = "an all-in ante above" if a.all_in else "an ante of"
        found.append(
            Finding(
                a.line, f"{a.player} posts {what} {a.amount}; the table's ante is {want}", a.player, "3rd"
            )
        )
    return found
