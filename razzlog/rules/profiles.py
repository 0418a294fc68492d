"""Rule profiles: the few places where sites (and the seed rule texts) disagree.

A profile is plain data; the replay engine and the rules read it.  RULES.md's
"Profiles" table is the source of every field here.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum


class ShowdownOrder(Enum):
    LOWEST_SEAT = "lowest-seat"  # nobody bet on 7th: lowest seat first, then clockwise
    LAST_AGGRESSOR = "last-aggressor"  # the last aggressor of the latest street that had one


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    # Equal door cards: the highest suit brings in (True) or the player closest
    # to the dealer's left, i.e. the lowest seat (False).
    bring_in_tie_by_suit: bool
    # When nobody bet on 7th street.
    showdown_order_without_bet: ShowdownOrder
    # Whether the order in which all-in players show is judged when there are side pots.
    judge_side_pot_showdown_order: bool
    # Bet + this many raises per round.
    raises_per_round: int
    # Whether the cap also applies when only two players remain.
    cap_heads_up: bool
    # 4th street: a player showing an open pair may bet the big bet (stud-high rule).
    fourth_street_open_pair_double: bool
    # Typical bring-in as fractions of the small bet; used only when neither the
    # header nor the known structures nor earlier hands at the table say.
    typical_bring_in: tuple[Decimal, ...]


POKERSTARS = Profile(
    name="pokerstars",
    bring_in_tie_by_suit=True,
    showdown_order_without_bet=ShowdownOrder.LOWEST_SEAT,
    judge_side_pot_showdown_order=True,
    raises_per_round=3,
    # Real PokerStars logs cap heads-up rounds ("Betting is capped" with two players).
    cap_heads_up=True,
    fourth_street_open_pair_double=False,
    typical_bring_in=(Decimal("0.5"), Decimal("0.25"), Decimal(1) / Decimal(3)),
)

FULLTILT = Profile(
    name="fulltilt",
    bring_in_tie_by_suit=True,
    showdown_order_without_bet=ShowdownOrder.LAST_AGGRESSOR,
    judge_side_pot_showdown_order=False,
    raises_per_round=3,
    cap_heads_up=True,
    fourth_street_open_pair_double=False,
    typical_bring_in=(Decimal("0.25"), Decimal("0.3"), Decimal(1) / Decimal(3)),
)

CASINO = Profile(
    name="casino",
    bring_in_tie_by_suit=False,
    showdown_order_without_bet=ShowdownOrder.LAST_AGGRESSOR,
    judge_side_pot_showdown_order=True,
    raises_per_round=3,
    cap_heads_up=True,
    fourth_street_open_pair_double=False,
    typical_bring_in=(Decimal("0.5"), Decimal("0.4")),
)

PROFILES: dict[str, Profile] = {p.name: p for p in (POKERSTARS, FULLTILT, CASINO)}
SITE_DEFAULT_PROFILE: dict[str, str] = {"pokerstars": "pokerstars", "fulltilt": "fulltilt"}


def profile_for(name: str, site: str) -> Profile:
    """The profile called ``name``; ``auto`` picks the site's own profile."""
    if name == "auto":
        return PROFILES[SITE_DEFAULT_PROFILE.get(site, "pokerstars")]
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown profile {name!r}: choose auto, {', '.join(PROFILES)}") from None
