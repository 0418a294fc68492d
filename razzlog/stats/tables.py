"""Parsed hands → three polars tables, the one source of every statistic.

* ``hands``: one row per hand (site, hand id, table, stakes, currency,
  tournament, date and time, player count, pot and rake);
* ``players``: one row per player dealt in per hand (seat, stacks, money per
  street, net, cards known, and the per-hand flags the statistics count);
* ``actions``: one row per betting action, in log order.

``hand_idx`` joins them.  Money columns are ``Decimal(38, 4)``: exact, and
the ``currency`` column (``USD``…, ``chips`` for tournaments, ``play``) says
which amounts may be added together.  Rows are gathered as plain tuples and
turned into a DataFrame once per batch of hands, not per hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

import polars as pl

from razzlog.events import ActionKind, Hand, Street
from razzlog.stats.extract import Row, hand_rows
from razzlog.violations import Violation

SCALE = 4  # decimal places of the money columns (sites print at most 2)
MONEY = pl.Decimal(38, SCALE)
_UNIT = Decimal(10) ** SCALE
STREET = pl.Enum([s.value for s in Street if s.is_betting])
ACTION_KIND = pl.Enum([k.value for k in ActionKind])

HANDS_SCHEMA: dict[str, pl.DataType] = {
    "hand_idx": pl.UInt32(),
    "site": pl.String(),
    "hand_id": pl.String(),
    "file": pl.String(),
    "table": pl.String(),
    "stakes": pl.String(),
    "small_bet": MONEY,
    "big_bet": MONEY,
    "currency": pl.String(),
    "is_tournament": pl.Boolean(),
    "tournament": pl.String(),  # the tournament id
    "played_at": pl.String(),  # as printed
    "date": pl.Date(),
    "time": pl.Datetime(),  # the site's local time, as printed
    "players": pl.UInt8(),  # dealt in
    "pot": MONEY,
    "rake": MONEY,
}
PLAYERS_SCHEMA: dict[str, pl.DataType] = {
    "hand_idx": pl.UInt32(),
    "player": pl.String(),
    "seat": pl.UInt8(),
    "start_stack": MONEY,
    "dealt_hole": pl.Boolean(),  # the log shows all three of their 3rd-street cards
    "ante": MONEY,
    "put_3rd": MONEY,  # bring-in, bets, calls, completions and raises, per street
    "put_4th": MONEY,
    "put_5th": MONEY,
    "put_6th": MONEY,
    "put_7th": MONEY,
    "returned": MONEY,  # uncalled bet returned
    "collected": MONEY,
    "net": MONEY,  # collected + returned - ante - put_*
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
    "final_low": pl.String(),  # best low of the cards shown at showdown, "8,6,4,3,2"
    "final_low_top": pl.UInt8(),  # its highest rank when unpaired (8 for an 8-low)
}
ACTIONS_SCHEMA: dict[str, pl.DataType] = {
    "hand_idx": pl.UInt32(),
    "seq": pl.UInt16(),  # order within the hand
    "street": STREET,
    "player": pl.String(),
    "kind": ACTION_KIND,
    "put": MONEY,  # chips this action put in (a raise: its "to" minus what was in already)
    "to": MONEY,
    "all_in": pl.Boolean(),
}
BATCH_HANDS = 4096


@dataclass(frozen=True, slots=True)
class Tables:
    """The statistics tables of an input, its hero, and what could not be used.

    ``players`` has an ``is_hero`` column.  ``problems`` are the input's
    violations that yielded no hand (unreadable files, hands that do not
    parse); ``duplicates`` counts hands seen again (same site and hand id)
    and left out.
    """

    hands: pl.DataFrame
    players: pl.DataFrame
    actions: pl.DataFrame
    hero: str | None
    problems: tuple[Violation, ...] = ()
    duplicates: int = 0


def _units(values: Iterable[Decimal | None], name: str) -> pl.Series:
    """Amounts as whole 10^-SCALE units; ValueError for one that ``MONEY`` would round."""
    out: list[int | None] = []
    for v in values:
        if v is None:
            out.append(None)
            continue
        scaled = v * _UNIT
        whole = int(scaled)
        if whole != scaled:
            raise ValueError(f"{name}: {v} has more than {SCALE} decimal places")
        out.append(whole)
    return pl.Series(name, out, dtype=pl.Int64)


def _frame(rows: list[Row], schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """One DataFrame from row tuples, built column by column.

    Money goes to polars as whole units (faster than ``Decimal`` objects, and
    checked to be exact), then becomes ``MONEY``.
    """
    series: list[pl.Series] = []
    money: list[str] = []
    for (name, dtype), values in zip(schema.items(), zip(*rows, strict=True), strict=True):
        if dtype == MONEY:
            series.append(_units(values, name))
            money.append(name)
        else:
            series.append(pl.Series(name, values, dtype=dtype))
    return pl.DataFrame(series).with_columns(pl.col(money).cast(MONEY) * pl.lit(1 / _UNIT, dtype=MONEY))


class TableBuilder:
    """Collects hands into row batches; :meth:`finish` returns the :class:`Tables`."""

    def __init__(self, batch_hands: int = BATCH_HANDS) -> None:
        self.batch_hands = batch_hands
        self.rows: tuple[list[Row], list[Row], list[Row]] = ([], [], [])
        self.frames: tuple[list[pl.DataFrame], list[pl.DataFrame], list[pl.DataFrame]] = ([], [], [])
        self.seen: set[tuple[str, str]] = set()
        self.hole = Counter[str]()
        self.duplicates = 0
        self.problems: list[Violation] = []

    def add(self, item: Hand | Violation) -> None:
        """Add a parsed hand (a hand seen before is counted and left out), or note a violation."""
        if isinstance(item, Violation):
            self.problems.append(item)
            return
        key = (item.header.site, item.header.hand_id)
        if key in self.seen:
            self.duplicates += 1
            return
        self.seen.add(key)
        rows = hand_rows(item, len(self.seen) - 1)
        hands, players, actions = self.rows
        hands.append(rows.hand)
        players.extend(rows.players)
        actions.extend(rows.actions)
        self.hole.update(rows.hole)
        if len(hands) >= self.batch_hands:
            self._flush()

    def _flush(self) -> None:
        for rows, frames, schema in zip(
            self.rows, self.frames, (HANDS_SCHEMA, PLAYERS_SCHEMA, ACTIONS_SCHEMA), strict=True
        ):
            if rows:
                frames.append(_frame(rows, schema))
                rows.clear()

    def detected_hero(self) -> str | None:
        """The player whose three 3rd-street cards the log shows most often (ties: by name)."""
        if not self.hole:
            return None
        return min(self.hole.items(), key=lambda item: (-item[1], item[0]))[0]

    def finish(self, hero: str | None = None) -> Tables:
        """The tables; ``hero`` overrides the detected hero."""
        self._flush()
        hands, players, actions = (
            pl.concat(frames, rechunk=True) if frames else pl.DataFrame(schema=schema)
            for frames, schema in zip(
                self.frames, (HANDS_SCHEMA, PLAYERS_SCHEMA, ACTIONS_SCHEMA), strict=True
            )
        )
        hero = hero if hero is not None else self.detected_hero()
        players = players.with_columns(
            is_hero=(pl.col("player") == hero) if hero is not None else pl.lit(False)
        )
        return Tables(hands, players, actions, hero, tuple(self.problems), self.duplicates)


def build_tables(items: Iterable[Hand | Violation], hero: str | None = None) -> Tables:
    """The tables of parsed hands (and the violations of what did not parse).

    ``hero`` is the player whose hole cards the log shows; by default the one
    with a three-card 3rd-street ``Dealt to`` line in the most hands.
    """
    builder = TableBuilder()
    for item in items:
        builder.add(item)
    return builder.finish(hero)


def load(paths: Iterable[str], hero: str | None = None) -> Tables:
    """Read, parse and tabulate every hand under ``paths`` (files, folders, ``-``)."""
    from razzlog.api import parse_paths

    return build_tables(parse_paths(paths), hero)
