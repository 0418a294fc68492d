"""House rules: where the sites deal, show and print a hand differently.

The dealer plays every hand under one ``House``.  Each field is a difference
between the sites that RULES.md (its "Profiles" table) or the sites' real logs
show; the dealer reads the flags, never the site's name, so each difference
is written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from razzlog.generate import CASH_STAKES, TOURNAMENT_STAKES, Stakes


class Reject(Exception):
    """The deal reached a spot the rule book leaves open: deal again."""


@dataclass(frozen=True, slots=True)
class House:
    site: str
    cash_stakes: tuple[Stakes, ...]
    tournament_stakes: tuple[Stakes, ...]
    # Nobody bet on 7th: the last aggressor of the latest street that had one
    # shows first (True), or the lowest seat (False).
    last_aggressor_shows_first: bool
    # With side pots the players who are not all-in show first and the all-in
    # players after them (Full Tilt's logs; its profile does not judge the
    # order of all-in players then).
    all_in_show_last: bool
    # Pots are awarded after every hand is shown, side pots first (Full Tilt),
    # instead of each pot as soon as its contenders have shown (PokerStars).
    award_after_shows: bool
    # The winner of an uncontested pot always mucks before collecting (Full
    # Tilt); otherwise half of them say "doesn't show hand" after it.
    winner_always_mucks: bool
    # When at most one player can still bet, the hands are turned face up and
    # dealt open to the end (Full Tilt).
    turn_up_when_all_in: bool
    # The summary shows every mucked hand, not only the hero's (Full Tilt).
    reveal_mucked: bool
    # Side pots a hand may have; more is dealt again.  Full Tilt: one, because
    # how it words a second side pot is in none of our real logs.
    max_side_pots: int
    # The antes are logged in the order the players posted them, not by seat.
    antes_in_random_order: bool
    # A tournament hand says who busted, in which place, and who won
    # (PokerStars: "NAME finished the tournament in 7th place"); Full Tilt's
    # hand histories print no result (its sit & go logs in fpdb's regression
    # files show busts without one: results were in its tournament summaries).
    prints_finishes: bool
    # Hand ids and dates: where a run starts; the range of tournament ids.
    first_hand_ids: tuple[int, int]
    tournament_ids: tuple[int, int]
    epoch: datetime
    # A beaten hand at the showdown may be mucked (False: every hand is shown; Winamax, whose
    # real logs show each hand at a showdown, the loser's too, and KingsClub, which prints no
    # muck line).
    mucks_beaten_hands: bool = True


POKERSTARS: House = House(
    site="pokerstars",
    cash_stakes=CASH_STAKES,
    tournament_stakes=TOURNAMENT_STAKES,
    last_aggressor_shows_first=False,
    all_in_show_last=False,
    award_after_shows=False,
    winner_always_mucks=False,
    turn_up_when_all_in=False,
    reveal_mucked=False,
    max_side_pots=7,
    antes_in_random_order=False,
    prints_finishes=True,
    first_hand_ids=(200_000_000_000, 260_000_000_000),
    tournament_ids=(1_000_000_000, 3_999_999_999),
    epoch=datetime(2026, 1, 2, 10, 24, 42),
)

# Full Tilt's razz structures: ante a fifth of the small bet, bring-in about a
# quarter to a third ($0.10/$0.20 ante $0.02 brings in for $0.03, the real
# sample; $0.50/$1 ante $0.10 for $0.15; Stud $2/$4 ante $0.40 for $0.50).
# Tournament levels as its sit & go logs show them (40/80 ante 7, 80/160 ante 15).
FULLTILT_CASH_STAKES: tuple[Stakes, ...] = (
    Stakes(10, 20, 2, 3),
    Stakes(50, 100, 10, 15),
    Stakes(100, 200, 20, 25),
    Stakes(200, 400, 40, 50),
    Stakes(1000, 2000, 200, 250),
)
FULLTILT_TOURNAMENT_STAKES: tuple[Stakes, ...] = (
    Stakes(40, 80, 7, 10, cash=False, buy_in="$10+$1"),
    Stakes(80, 160, 15, 25, cash=False, buy_in="$2+$0.10"),
    Stakes(300, 600, 60, 90, cash=False, buy_in="$200+$9"),
)

FULLTILT: House = House(
    site="fulltilt",
    cash_stakes=FULLTILT_CASH_STAKES,
    tournament_stakes=FULLTILT_TOURNAMENT_STAKES,
    last_aggressor_shows_first=True,
    all_in_show_last=True,
    award_after_shows=True,
    winner_always_mucks=True,
    turn_up_when_all_in=True,
    reveal_mucked=True,
    max_side_pots=1,
    antes_in_random_order=True,
    prints_finishes=False,
    first_hand_ids=(20_000_000_000, 29_000_000_000),
    tournament_ids=(100_000_000, 299_999_999),
    epoch=datetime(2010, 3, 2, 10, 24, 42),
)

# Winamax's razz structures: ante a fifth and bring-in two fifths of the small
# bet, as its real 8-game log shows them (5€/25€/50€ brings in 10€); the other
# levels follow that rule (assumed: no real log shows them).
WINAMAX_CASH_STAKES: tuple[Stakes, ...] = (
    Stakes(10, 20, 2, 4),
    Stakes(50, 100, 10, 20),
    Stakes(200, 400, 40, 80),
    Stakes(2500, 5000, 500, 1000),
)
WINAMAX_TOURNAMENT_STAKES: tuple[Stakes, ...] = (
    Stakes(100, 200, 20, 40, cash=False, level="3", buy_in="9€ + 1€"),
    Stakes(400, 800, 80, 160, cash=False, level="8", buy_in="45€ + 5€"),
)

WINAMAX: House = House(
    site="winamax",
    cash_stakes=WINAMAX_CASH_STAKES,
    tournament_stakes=WINAMAX_TOURNAMENT_STAKES,
    last_aggressor_shows_first=True,
    all_in_show_last=True,
    award_after_shows=True,
    winner_always_mucks=False,
    turn_up_when_all_in=False,
    reveal_mucked=False,
    max_side_pots=7,
    antes_in_random_order=False,
    prints_finishes=False,
    first_hand_ids=(90_000_000_000, 99_000_000_000),
    tournament_ids=(100_000_000, 999_999_999),
    epoch=datetime(2016, 11, 12, 22, 39, 0),
    mucks_beaten_hands=False,
)


# Merge (docs/sites/merge.md): razz $0.25/$0.50 ante $0.02 brings in for $0.05, $0.50/$1
# ante $0.05 for $0.10 (its real logs); the other stakes and the tournament levels keep a
# fifth to a quarter of the small bet (no razz tournament log of the site is known).
MERGE_CASH_STAKES: tuple[Stakes, ...] = (
    Stakes(25, 50, 2, 5),
    Stakes(50, 100, 5, 10),
    Stakes(100, 200, 10, 25),
)
MERGE_TOURNAMENT_STAKES: tuple[Stakes, ...] = (
    Stakes(100, 200, 20, 25, cash=False, buy_in="$10+$1"),
    Stakes(200, 400, 40, 50, cash=False, buy_in="$20+$2"),
)

# What Merge's real logs show: the last aggressor shows first when nobody bet on 7th (its
# 7-stud and HORSE logs), an uncontested winner mucks (every END_OF_FOLDED_GAME), the hands
# are turned up when nobody can bet any more (its razz log: SHOW on 4th street), mucked
# hands are shown (MUCKED cards) and the antes are logged as they were posted.
MERGE: House = House(
    site="merge",
    cash_stakes=MERGE_CASH_STAKES,
    tournament_stakes=MERGE_TOURNAMENT_STAKES,
    last_aggressor_shows_first=True,
    all_in_show_last=False,
    award_after_shows=True,
    winner_always_mucks=True,
    turn_up_when_all_in=True,
    reveal_mucked=False,
    max_side_pots=3,
    antes_in_random_order=True,
    prints_finishes=False,
    first_hand_ids=(43_000_000_000, 79_000_000_000),
    tournament_ids=(30_000_000, 79_999_999),
    epoch=datetime(2011, 11, 15, 22, 36, 28),
)


# KingsClub (fpdb's regression files): the bring-in is the ante, a quarter of the small
# bet (40/80 ante 10, 500/1,000 ante 125).  Tournaments: no real log; the table is
# written "T<id> [<table>]" as fpdb's KingsClubToFpdb.py reads it, and the level assumed.
KINGSCLUB_CASH_STAKES: tuple[Stakes, ...] = (
    Stakes(4000, 8000, 1000, 1000),
    Stakes(50000, 100000, 12500, 12500),
)
KINGSCLUB_TOURNAMENT_STAKES: tuple[Stakes, ...] = (Stakes(100, 200, 25, 25, cash=False),)

KINGSCLUB: House = House(
    site="kingsclub",
    cash_stakes=KINGSCLUB_CASH_STAKES,
    tournament_stakes=KINGSCLUB_TOURNAMENT_STAKES,
    last_aggressor_shows_first=True,  # its profile's assumption (docs/sites/kingsclub.md)
    all_in_show_last=False,
    award_after_shows=True,  # the pots are printed after the summary, all together
    winner_always_mucks=False,  # (no line says so: the writer prints none)
    turn_up_when_all_in=True,  # a real log: all-in hands shown before 6th street
    reveal_mucked=False,
    max_side_pots=1,
    antes_in_random_order=False,
    prints_finishes=False,
    first_hand_ids=(37_000_000, 41_000_000),
    tournament_ids=(1_000, 99_999),
    epoch=datetime(2021, 1, 2, 15, 48, 40),
    mucks_beaten_hands=False,
)

HOUSES = {h.site: h for h in (POKERSTARS, FULLTILT, WINAMAX, MERGE, KINGSCLUB)}
