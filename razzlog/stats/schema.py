"""The columns of the statistics tables, and which of them the statistics read.

``hand_idx`` joins the tables.  Money columns are ``Decimal(38, 4)``: exact,
and the ``currency`` column (``USD``…, ``chips`` for tournaments, ``play``)
says which amounts may be added together.  Names (players, tables, sites,
stakes…) are ``Categorical``: four bytes a row instead of a string's sixteen
or more, the text stored once per name.

Tables built with ``detail=False`` (what ``razzlog stats`` builds) keep only
the columns the statistics read (:data:`STATS_HANDS`, :data:`STATS_PLAYERS`)
and no actions, with money as whole units of 10^-4 (``Int64``: half the size
of a ``Decimal``): about 190 bytes a hand instead of some 2,300, so that a
million hands fit in memory.
"""

from __future__ import annotations

from decimal import Decimal

import polars as pl

from razzlog.events import ActionKind, Street
from razzlog.stats.betting import FLAG_COLUMNS
from razzlog.stats.player_rows import FLAGS_SHIFT

SCALE = 4  # decimal places of the money columns (sites print at most 2)
MONEY = pl.Decimal(38, SCALE)
# Money as whole 10^-SCALE units, in tables built with detail=False: Int32 (half
# the size) when every amount of the input fits, as a hand's amounts at any
# cash stakes do (up to 214,748.3647); Int64 otherwise.
UNITS = (pl.Int32(), pl.Int64())
UNIT = Decimal(10) ** SCALE
NAME = pl.Categorical()
# A count per player-hand (the COUNTS columns): the smallest unsigned type
# that holds every value of a chunk (almost always UInt8; a wider one for
# hands of hundreds of actions), widened when chunks are put together.
COUNT = pl.UInt8()
STREET = pl.Enum([s.value for s in Street if s.is_betting])
ACTION_KIND = pl.Enum([k.value for k in ActionKind])
STREETS = tuple(s.value for s in Street if s.is_betting)

HANDS_SCHEMA: dict[str, pl.DataType] = {
    "hand_idx": pl.UInt32(),
    "site": NAME,
    "hand_id": pl.String(),
    "file": NAME,
    "table": NAME,
    "stakes": NAME,
    "small_bet": MONEY,
    "big_bet": MONEY,
    "currency": NAME,
    "is_tournament": pl.Boolean(),
    "tournament": NAME,  # the tournament id
    "played_at": pl.String(),  # as printed
    "date": pl.Date(),
    "time": pl.Datetime(),  # the site's local time, as printed
    "time_utc": pl.Datetime("us", "UTC"),  # played_at read in the site's time zone; null if unknown
    "players": pl.UInt32(),  # dealt in (a hostile log can seat thousands)
    # what a tournament costs to enter (buy-in, bounty and fee) and its unit: USD…, FPP…, null for play chips
    "entry_cost": MONEY,
    "buy_in_currency": NAME,
    "pot": MONEY,
    "rake": MONEY,
    "game": NAME,  # the table's game: "Razz", or the mix it is dealt in as printed ("HORSE", "8-Game")
    "club": NAME,  # a private club's name (PokerStars Home Games); null elsewhere
}
PLAYERS_SCHEMA: dict[str, pl.DataType] = {
    "hand_idx": pl.UInt32(),
    "player": NAME,
    "seat": pl.UInt8(),
    "start_stack": MONEY,
    "dealt_hole": pl.Boolean(),  # the log shows all three of their 3rd-street cards
    "start": NAME,  # those three cards as a start, "A23", "AA2 split" (cards.start_label); null if not shown
    "ante": MONEY,
    "put_3rd": MONEY,  # bring-in, bets, calls, completions and raises, per street
    "put_4th": MONEY,
    "put_5th": MONEY,
    "put_6th": MONEY,
    "put_7th": MONEY,
    "returned": MONEY,  # uncalled bet returned
    "collected": MONEY,
    "net": MONEY,  # collected + returned - ante - put_*
    "rake_paid": MONEY,  # their share of the rake: the hand's rake in proportion to what they collected
    "finished": pl.Boolean(),  # the hand shows the player finishing the tournament (busted, or won it)
    "finish_place": pl.UInt16(),  # the place printed, if any
    "prize": MONEY,  # the prize printed, in the buy-in's currency, if any
    "cards": pl.String(),  # every card of theirs the log shows, space-separated
    "folded_on": STREET,
    "all_in": pl.Boolean(),
    "saw_4th": pl.Boolean(),
    "showdown": pl.Boolean(),
    "won": pl.Boolean(),  # collected from a pot
    "won_showdown": pl.Boolean(),
    "vpip": pl.Boolean(),
    "third_raise": pl.Boolean(),
    "bring_in": pl.Boolean(),
    "bring_in_completed": pl.Boolean(),
    "steal_opportunity": pl.Boolean(),
    "steal_attempt": pl.Boolean(),
    "faced_steal": pl.Boolean(),
    "folded_to_steal": pl.Boolean(),
    "final_low": NAME,  # best low of the cards shown at showdown, "8,6,4,3,2"
    "final_low_top": pl.UInt8(),  # its highest rank when unpaired (8 for an 8-low)
    "low_known": pl.Boolean(),  # final_low is known (what the statistics read: a bit, not a name)
    # their bets, completions and raises, then their calls, per street; their folds
    **{f"aggressive_{s}": COUNT for s in STREETS},
    **{f"calls_{s}": COUNT for s in STREETS},
    "folds": COUNT,
    "folds_late": COUNT,  # their folds on 4th to 7th street
    "saw_5th": pl.Boolean(),
    "saw_6th": pl.Boolean(),
    "saw_7th": pl.Boolean(),
    # 3rd-street answers, first-in, 3-bet, door-card, continuation-bet and 5th-street flags
    # (razzlog.stats.betting sets them; razzlog.stats.stud says what each one counts)
    **{name: pl.Boolean() for name in FLAG_COLUMNS},
}
COUNTS = frozenset(name for name in PLAYERS_SCHEMA if name.startswith(("aggressive_", "calls_", "folds")))
ACTIONS_SCHEMA: dict[str, pl.DataType] = {
    "hand_idx": pl.UInt32(),
    "seq": pl.UInt16(),  # order within the hand
    "street": STREET,
    "player": NAME,
    "kind": ACTION_KIND,
    "put": MONEY,  # chips this action put in (a raise: its "to" minus what was in already)
    "to": MONEY,
    "all_in": pl.Boolean(),
}

# What the statistics read (razzlog.stats.definitions and report): the group
# keys and filters, the big bet, and the players' per-hand figures.
STATS_HANDS = (
    "hand_idx",
    "site",
    "table",
    "stakes",
    "big_bet",
    "currency",
    "tournament",
    "date",
    "time_utc",
    "entry_cost",
    "buy_in_currency",
    "game",
    "club",
)
_DETAIL_ONLY = (
    "seat",
    "start_stack",
    "ante",
    "returned",
    "collected",
    "cards",
    "folded_on",
    "all_in",
    "final_low",
)
STATS_PLAYERS = tuple(n for n in PLAYERS_SCHEMA if n not in _DETAIL_ONLY and not n.startswith("put_"))
# The rows of razzlog.stats.extract.hand_rows(detail=False): those columns only (and the hand
# ids, which find the hands read twice), in the full tables' order, before money becomes units.
STATS_HANDS_SCHEMA = {n: t for n, t in HANDS_SCHEMA.items() if n in STATS_HANDS or n == "hand_id"}
STATS_PLAYERS_SCHEMA = {n: t for n, t in PLAYERS_SCHEMA.items() if n in STATS_PLAYERS}
# Those rows hold the flags (the last columns) as the bits of one integer: 24 columns of
# Python booleans cost more to make and to hand to polars than the bits' 24 expressions.
FLAGS = "flags"
STATS_PLAYERS_ROWS = {
    **{n: t for n, t in STATS_PLAYERS_SCHEMA.items() if n not in FLAG_COLUMNS},
    FLAGS: pl.UInt32(),
}


# The full rows (hand_rows' detail) hold the players' Boolean columns as the bits of one integer,
# BITS, in the last place: bit i is PLAYER_BOOLS[i], the flags (the last 24) being FLAGS shifted by
# FLAGS_SHIFT.  Some 45 columns of Python booleans a player cost the rows and polars' conversion
# more than the bits' expressions (razzlog.stats.chunks: players_frame; the store: its parts).
BITS = "bits"
PLAYER_BOOLS = tuple(n for n, t in PLAYERS_SCHEMA.items() if t == pl.Boolean())
assert PLAYER_BOOLS[FLAGS_SHIFT:] == FLAG_COLUMNS and len(PLAYER_BOOLS) <= 64
PLAYERS_ROWS = {**{n: t for n, t in PLAYERS_SCHEMA.items() if t != pl.Boolean()}, BITS: pl.UInt64()}


def bool_columns(names: tuple[str, ...] = PLAYER_BOOLS) -> list[pl.Expr]:
    """The Boolean columns ``names`` (of :data:`PLAYER_BOOLS`) made of :data:`BITS`."""
    return [
        ((pl.col(BITS) & pl.lit(1 << PLAYER_BOOLS.index(name), dtype=pl.UInt64())) != 0).alias(name)
        for name in names
    ]


def units_to_money(units: pl.Expr) -> pl.Expr:
    """Whole 10^-SCALE units as ``MONEY``, exactly."""
    # The factor from text: a Decimal literal makes polars import numpy (some 40 MB).
    return units.cast(MONEY) * pl.lit(str(1 / UNIT)).cast(MONEY)


def columns(schema: dict[str, pl.DataType], keep: tuple[str, ...] | None) -> dict[str, pl.DataType]:
    """``schema`` as stored: every column (``keep`` None), or those of ``keep`` with money as units."""
    if keep is None:
        return dict(schema)
    return {name: UNITS[0] if dtype == MONEY else dtype for name, dtype in schema.items() if name in keep}
