"""Rule profiles: the few places where sites (and the seed rule texts) disagree.

A profile is plain data; the replay engine and the rules read it.  RULES.md's
"Profiles" table is the source of every field here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from enum import Enum

from razzlog.reducers import register as register_reducers


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
    # The bring-in as a fraction of the small bet (lowest, highest), for stakes
    # whose structure neither the header nor the known structures give.
    bring_in_fraction: tuple[Decimal, Decimal]


POKERSTARS = Profile(
    name="pokerstars",
    bring_in_tie_by_suit=True,
    showdown_order_without_bet=ShowdownOrder.LOWEST_SEAT,
    judge_side_pot_showdown_order=True,
    raises_per_round=3,
    # Real PokerStars logs cap heads-up rounds ("Betting is capped" with two players).
    cap_heads_up=True,
    fourth_street_open_pair_double=False,
    bring_in_fraction=(Decimal("0.25"), Decimal("0.5")),  # seed 003: half; real logs: a quarter up
)

FULLTILT = Profile(
    name="fulltilt",
    bring_in_tie_by_suit=True,
    showdown_order_without_bet=ShowdownOrder.LAST_AGGRESSOR,
    judge_side_pot_showdown_order=False,
    raises_per_round=3,
    cap_heads_up=True,
    fourth_street_open_pair_double=False,
    bring_in_fraction=(Decimal("0.2"), Decimal("0.45")),  # seeds 000/002: about a quarter; $0.03 of $0.10
)

CASINO = Profile(
    name="casino",
    bring_in_tie_by_suit=False,
    showdown_order_without_bet=ShowdownOrder.LAST_AGGRESSOR,
    judge_side_pot_showdown_order=True,
    raises_per_round=3,
    cap_heads_up=True,
    fourth_street_open_pair_double=False,
    bring_in_fraction=(Decimal("0.4"), Decimal("0.5")),  # seed 001: half or two fifths
)

# Winamax (docs/sites/winamax.md): what its real logs show, the rest as Full Tilt's.
WINAMAX = Profile(
    name="winamax",
    bring_in_tie_by_suit=True,  # assumed: no tie in the real logs; the seeds' majority
    # assumed as Full Tilt's: no real log shows a 7th street without a bet
    showdown_order_without_bet=ShowdownOrder.LAST_AGGRESSOR,
    # real log (7-Card Stud, all-in on 3rd): the player who is not all-in shows first
    judge_side_pot_showdown_order=False,
    raises_per_round=3,  # assumed: no capped round in the real logs
    cap_heads_up=True,  # assumed
    fourth_street_open_pair_double=False,
    bring_in_fraction=(Decimal("0.3"), Decimal("0.5")),  # real logs: 10€ of 25€ (0.4)
)

# Merge (docs/sites/merge.md): its real logs show the last aggressor first when nobody
# bet on 7th, and a heads-up limit round raised five times (its 2-7 triple draw log);
# the bring-in tie and the all-in show order are in none of them.
MERGE = Profile(
    name="merge",
    bring_in_tie_by_suit=True,
    showdown_order_without_bet=ShowdownOrder.LAST_AGGRESSOR,
    judge_side_pot_showdown_order=False,
    raises_per_round=3,
    cap_heads_up=False,
    fourth_street_open_pair_double=False,
    bring_in_fraction=(Decimal("0.2"), Decimal("0.3")),  # $0.10 of $0.50, $0.05 of $0.25
)

# KingsClub: what its real logs show (docs/sites/kingsclub.md); the rest is assumed.
KINGSCLUB = Profile(
    name="kingsclub",
    bring_in_tie_by_suit=True,  # assumed: no log shows a tie of door cards
    # assumed as Full Tilt's: the one log that reaches 7th with a bet shows the bettor first
    showdown_order_without_bet=ShowdownOrder.LAST_AGGRESSOR,
    judge_side_pot_showdown_order=False,  # its all-in players show before the last streets
    raises_per_round=3,  # a 2-7 razz log: bet and three raises, then calls
    cap_heads_up=True,  # assumed
    fourth_street_open_pair_double=False,
    # razz logs: the bring-in is the ante, a quarter of the small bet
    bring_in_fraction=(Decimal("0.25"), Decimal("0.5")),
)

PROFILES: dict[str, Profile] = {p.name: p for p in (POKERSTARS, FULLTILT, CASINO, WINAMAX, MERGE, KINGSCLUB)}
SITE_DEFAULT_PROFILE: dict[str, str] = {
    "pokerstars": "pokerstars",
    "fulltilt": "fulltilt",
    "winamax": "winamax",
    "merge": "merge",
    "kingsclub": "kingsclub",
}


def profile_for(name: str, site: str, open_pair_double: bool = False) -> Profile:
    """The profile called ``name``; ``auto`` picks the site's own profile.

    ``open_pair_double`` turns on the 4th-street double bet with an open pair
    (a stud-high rule some casinos keep; off by default in every profile).
    """
    if name == "auto":
        profile = PROFILES[SITE_DEFAULT_PROFILE.get(site, "pokerstars")]
    elif name in PROFILES:
        profile = PROFILES[name]
    else:
        raise ValueError(f"unknown profile {name!r}: choose auto, {', '.join(PROFILES)}")
    return replace(profile, fourth_street_open_pair_double=True) if open_pair_double else profile


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
