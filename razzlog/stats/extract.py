"""One parsed hand → the rows it adds to the three statistics tables.

Plain Python, one walk over the hand's events: the per-hand facts that need
the order of play (who brought in, who stole, who saw 4th street, who went
to showdown…) are worked out here, once; :mod:`razzlog.stats.definitions`
turns them into statistics with polars.  The column layout of the rows is
:data:`razzlog.stats.tables.HANDS_SCHEMA` (and ``PLAYERS_``/``ACTIONS_``).

Money is whole 10^-4 units (:mod:`razzlog.stats.units`: each amount converted
where it is read, the sums in integers): ``net`` is what the player collected,
plus the uncalled bet returned to them, minus everything they put in (ante,
bring-in, bets, calls, completions and raises).  A raise's chips are its ``to`` minus
what the player already had in on that street (the log's ``amount`` is only
the increment).
"""

from __future__ import annotations

from typing import Any, Final

from razzlog.cards import start_label
from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    Collect,
    CommonCard,
    Deal,
    Hand,
    HandHeader,
    Seat,
    SeatOutcome,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    SummarySeat,
    TournamentFinish,
    UncalledReturn,
)
from razzlog.stats.betting import LaterStreet
from razzlog.stats.betting import PlayerFacts as _Player
from razzlog.stats.betting import ThirdStreet as _ThirdStreet
from razzlog.stats.played_times import played_epochs
from razzlog.stats.player_rows import player_row, stats_player_row, street_index
from razzlog.stats.shares import entry_of, rake_shares
from razzlog.stats.units import Units, to_units, to_units_or_none, units, units_or_none

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
CHIPS = "chips"  # the currency of tournament chips
PLAY = "play"  # the currency of play-money tables
RAZZ = "Razz"  # the game of a table that deals razz only (a mix's razz hands: the mix's name)
# Enums hash and look up their values in Python: in the loop over every action of every
# hand, compare them by identity and read their plain ``_value_`` instead.
_STREET_INDEX: Final = {s.value: s.index for s in Street}
_SEVENTH: Final = Street.SEVENTH.value
_LAST_BETTING: Final = Street.SEVENTH.index
# Final: mypyc keeps these in C variables.  A plain global name (the events' classes and the
# enums' members come from other modules) is a look-up in the module's dict at each use,
# and the loop over a hand's events compared each event's type with up to a dozen of them.
_ACTION: Final = Action
_DEAL: Final = Deal
_ANTE: Final = Ante
_STREET_START: Final = StreetStart
_UNCALLED: Final = UncalledReturn
_COLLECT: Final = Collect
_SUMMARY_SEAT: Final = SummarySeat
_SHOW: Final = Show
_COMMON_CARD: Final = CommonCard
_SUMMARY_POT: Final = SummaryPot
_FINISH: Final = TournamentFinish
_SEAT: Final = Seat
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_COMPLETE: Final = ActionKind.COMPLETE
_CALL: Final = ActionKind.CALL
_THIRD: Final = Street.THIRD
_FOURTH: Final = Street.FOURTH
_FIFTH: Final = Street.FIFTH
_SIXTH: Final = Street.SIXTH
_BRING_IN: Final = ActionKind.BRING_IN
# the streets' and the kinds' values (the rows' text)
_THIRD_V: Final = Street.THIRD.value
_FOURTH_V: Final = Street.FOURTH.value
_FIFTH_V: Final = Street.FIFTH.value
_SIXTH_V: Final = Street.SIXTH.value
_BRING_IN_V: Final = ActionKind.BRING_IN.value
_COMPLETE_V: Final = ActionKind.COMPLETE.value
_BET_V: Final = ActionKind.BET.value
_RAISE_V: Final = ActionKind.RAISE.value
_CALL_V: Final = ActionKind.CALL.value
_CHECK_V: Final = ActionKind.CHECK.value
_FOLD_V: Final = ActionKind.FOLD.value
_SAT_OUT: Final = SeatOutcome.SAT_OUT

Row = tuple[Any, ...]
ACTION_WIDTH: Final = 8  # an action's values (ACTIONS_SCHEMA)


class HandRows:
    """What one hand adds: its ``hands`` row, its ``players`` rows and its ``actions`` rows.

    (A plain class: compiled, a frozen dataclass's ``__init__`` set each field through
    ``object.__setattr__``, ~4.7 k instructions a hand.)"""

    def __init__(self, hand: Row, players: list[Row], actions: list[Row]) -> None:
        self.hand = hand
        self.players = players
        self.actions = actions


class Columns:
    """The rows of one table, value after value in one list; :meth:`column` gives each column.

    polars makes a Series of a list in one call, where rows kept as tuples had first to be
    transposed (``zip(*rows)``: a third of the frames' cost); a column is a slice of the values
    with a step (a C loop).  And each row's tuple dies as soon as it is added: kept to the end of
    a chunk, those tuples were most of what the collector's young generations walked in an import.
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self.values: list[Any] = []
        self.height = 0

    def __len__(self) -> int:
        return self.height

    def add(self, row: Row) -> None:
        if len(row) != self.width:  # a value in the wrong column would be stored without a word
            raise ValueError(f"a row of {len(row)} values for {self.width} columns")
        self.values.extend(row)
        self.height += 1

    def column(self, i: int) -> list[Any]:
        """The values of column ``i``, row after row."""
        if not 0 <= i < self.width:
            raise IndexError(f"column {i} of {self.width}")
        return self.values[i :: self.width]

    def rows(self) -> list[Row]:
        """The rows as tuples again (the rare path that drops a hand's rows)."""
        values, width = self.values, self.width
        return [tuple(values[start : start + width]) for start in range(0, len(values), width)]


def columns_of(rows: list[Row], width: int) -> Columns:
    """``rows`` (each of ``width`` values) as :class:`Columns`."""
    out = Columns(width)
    for row in rows:
        out.add(row)
    return out


def add_hand(
    hand: Hand, idx: int, hands: Columns, players: Columns, actions: Columns | None, *, detail: bool = True
) -> None:
    """Add the rows of ``hand`` (its key ``idx``; see :func:`hand_rows`) to each table's columns;
    ``actions`` None: not its actions.  ``detail=False``: the narrow rows (see :func:`hand_rows`)."""
    into = actions if detail else None
    start = 0 if into is None else len(into.values)
    try:
        rows = _hand_rows(hand, idx, detail, into, False)
    except BaseException:
        if into is not None:  # (the actions it added: the columns stay whole rows)
            del into.values[start:]
        raise
    if into is not None:  # counted only now that the hand is whole
        into.height += (len(into.values) - start) // ACTION_WIDTH
    hands.add(rows.hand)
    for row in rows.players:
        players.add(row)


def currency_of(header: HandHeader) -> str:
    """The unit of the hand's money: ``USD``/``EUR``/… for cash, ``chips``, or ``play``."""
    if header.is_tournament:
        return CHIPS
    return header.currency or PLAY


def stakes_of(header: HandHeader) -> str:
    """``$0.04/$0.08`` for cash (``0.04/0.08 CAD`` without a known symbol), ``75/150`` otherwise."""
    small, big = header.small_bet, header.big_bet
    code = header.currency
    if header.is_tournament or code is None:
        return f"{small}/{big}"
    symbol = CURRENCY_SYMBOLS.get(code)
    return f"{symbol}{small}/{symbol}{big}" if symbol else f"{small}/{big} {code}"


def _get(players: dict[str, _Player], out: dict[str, Seat], name: str) -> _Player:
    """``name``'s facts, added for a player who acts without a seat line (their money kept all the
    same).  (A function of its own, not a closure in :func:`hand_rows`: compiled, a closure and its
    environment refer to each other, and every hand's facts became cyclic garbage that only the
    collector freed, ~26 objects a hand: the import's collections cost 4x the audit's.)"""
    p = players.get(name)
    if p is None:
        seat = out.get(name)
        p = _Player(name, seat.seat, to_units_or_none(seat.stack)) if seat else _Player(name, None, None)
        players[name] = p
    return p


def _kind_value(kind: ActionKind) -> str:
    """``kind.value``, by identity (see the actions' loop in :func:`hand_rows`)."""
    if kind is _CALL:
        return _CALL_V
    if kind is _FOLD:
        return _FOLD_V
    if kind is _CHECK:
        return _CHECK_V
    if kind is _BET:
        return _BET_V
    if kind is _RAISE:
        return _RAISE_V
    if kind is _COMPLETE:
        return _COMPLETE_V
    if kind is _BRING_IN:
        return _BRING_IN_V
    return str(kind._value_)


def hand_rows(hand: Hand, idx: int, detail: bool = True) -> HandRows:
    """The rows of ``hand``, whose key in every table is ``idx``.

    ``detail=False``: only the columns the statistics read (those of
    :data:`~razzlog.stats.schema.STATS_HANDS_SCHEMA` and ``STATS_PLAYERS_SCHEMA``, the same
    values as the full rows' columns of those names) and no actions: ``razzlog stats`` keeps no
    more, and the cards' text, the lows' names and the actions' rows were a third of the walk.
    """
    return _hand_rows(hand, idx, detail, None, detail)


def _hand_rows(hand: Hand, idx: int, detail: bool, into: Columns | None, listed: bool) -> HandRows:
    """:func:`hand_rows`, whose actions' values go straight to ``into``'s (a tuple, a list of
    them and :meth:`Columns.add` of each: ~8 k instructions a hand), or as tuples to the rows'
    ``actions`` if ``listed``, or nowhere."""
    if into is not None and into.width != ACTION_WIDTH:
        raise ValueError(f"{ACTION_WIDTH} values an action for {into.width} columns")
    header = hand.header
    players: dict[str, _Player] = {}
    out: dict[str, Seat] = {}  # seated but sitting out: not dealt in, unless they ante, get cards or act
    for e in hand.events:
        if type(e) is _SEAT:
            if e.sitting_out:
                out[e.player] = e
            else:
                players[e.player] = _Player(e.player, e.seat, to_units_or_none(e.stack))

    actions: list[Row] = []
    done = 0  # actions added to ``into``
    reached = 0  # the index of the last betting street dealt (0: 3rd … 4: 7th)
    third: _ThirdStreet | None = None
    later: LaterStreet | None = None  # 4th or 5th street: continuation bets
    aggressor: list[_Player | None] = [None, None, None, None, None]  # each street's last aggressor
    pot: Units | None = None
    rake: Units | None = None
    sat_out: list[_Player] = []
    for e in hand.events:  # exact types: events are final dataclasses, and ``is`` is fast
        if type(e) is _ACTION:
            # each field read once: an interpreted event's field (the pure build's) costs ~190 instructions a read
            name, to, all_in = e.player, units_or_none(e.to), e.all_in
            p = players.get(name) or _get(players, out, name)
            # the street by identity: an enum's ``_value_`` is an attribute read in Python (~190
            # instructions) and its index a look-up of that value
            st = e.street
            if st is _THIRD:
                si, street = 0, _THIRD_V
            elif st is _FOURTH:
                si, street = 1, _FOURTH_V
            elif st is _FIFTH:
                si, street = 2, _FIFTH_V
            elif st is _SIXTH:
                si, street = 3, _SIXTH_V
            else:  # 7th, or a bet logged after the showdown began (the audit reports it): its
                si, street = _LAST_BETTING, _SEVENTH  # chips still count, as the 7th street's
            kind = e.kind
            put: Units
            if kind is _CHECK:
                put = 0
            elif kind is _FOLD:
                put = 0
                p.folded = e.street
                p.folds += 1
                if si:
                    p.folds_late += 1
            elif to is not None and (kind is _RAISE or kind is _COMPLETE):
                put = to - p.put[si]
            elif kind is _RAISE:  # no "to" printed: the increment is over the street's top bet
                put = max(q.put[si] for q in players.values()) + units(e.amount) - p.put[si]
            else:
                put = units(e.amount)
            if put:
                p.put[si] += put
            if kind is _BET or kind is _RAISE or kind is _COMPLETE:
                p.aggressive[si] += 1
                aggressor[si] = p
            elif kind is _CALL:
                p.calls[si] += 1
            if all_in:
                p.all_in = True
            if si == 0:
                if third is None:
                    # dealt in (a door card or an ante: not a seat whose sitting out only the
                    # summary tells) and not all-in from the ante
                    third = _ThirdStreet(
                        sum(1 for q in players.values() if (q.cards or q.ante) and not q.ante_all_in),
                        list(players.values()),
                    )
                third.act(p, kind)
            elif later is not None and si == later.si:
                later.act(p, kind)
            if into is not None:
                into.values.extend((idx, done, street, name, _kind_value(kind), put, to, all_in))
                done += 1
            elif listed:
                actions.append((idx, len(actions), street, name, _kind_value(kind), put, to, all_in))
        elif type(e) is _DEAL:
            name, known, new = e.player, e.known, e.new
            p = players.get(name) or _get(players, out, name)
            p.see(known + new)
            if new and e.street is _THIRD:
                p.door = new[-1]  # the face-up card is printed last
                if not known and len(new) == 3:
                    p.hole = True
                    p.start = start_label(new[:2], new[2])
        elif type(e) is _ANTE:
            p = _get(players, out, e.player)
            p.ante += units(e.amount)
            if e.all_in:
                p.ante_all_in = p.all_in = True
        elif type(e) is _STREET_START:
            si = street_index(e.street)
            if si <= 4:  # (showdown and summary are no streets dealt)
                reached = max(reached, si)
                later = LaterStreet(si, aggressor[si - 1]) if si == 1 or si == 2 else None
        elif type(e) is _UNCALLED:
            _get(players, out, e.player).returned += to_units(e.amount)
        elif type(e) is _COLLECT:
            _get(players, out, e.player).collected += to_units(e.amount)
        elif type(e) is _SUMMARY_SEAT:
            # A summary line deals no one in: "Seat 6: X is sitting out" names a player who was
            # not (a seat line without the mark, and no ante, card or action: dropped below).
            q = players.get(e.player)
            if q is not None:
                q.see(e.cards)
                if e.outcome is _SAT_OUT:
                    sat_out.append(q)
        elif type(e) is _SHOW:
            q = players.get(e.player)
            if q is not None:
                q.see(e.cards)
        elif type(e) is _COMMON_CARD:
            for q in players.values():
                if q.folded is None:
                    q.see((*q.cards, e.card))
        elif type(e) is _SUMMARY_POT:
            pot, rake = to_units_or_none(e.total), to_units_or_none(e.rake)
        elif type(e) is _FINISH:
            finisher = players.get(e.player)
            if finisher is not None:  # a line about a player not dealt in adds no row
                finisher.finish = e

    for q in sat_out:
        if not q.ante and not q.cards and q.folded is None and not any(q.put) and not q.collected:
            del players[q.name]
    live = [p for p in players.values() if p.folded is None]
    showdown = len(live) >= 2
    if third is not None:
        third.finish(live)
    shares = rake_shares(rake, [p.collected for p in players.values()])
    # (zip(strict=True)'s check, by hand: compiled, that call with a keyword cost ~2.5 k instructions)
    if len(shares) != len(players):
        raise ValueError(f"{len(shares)} rake shares for {len(players)} players")
    player_rows: list[Row] = []
    for i, p in enumerate(players.values()):
        if detail:
            player_rows.append(player_row(idx, p, shares[i], showdown, reached))
        else:
            player_rows.append(stats_player_row(idx, p, shares[i], showdown, reached))
    # (as integers: rows_frame makes the temporal columns of them by a cast)
    day, time, utc = played_epochs(header.played_at)
    entry, entry_currency = entry_of(header)
    if not detail:
        stats_row = (
            idx,
            header.site,
            header.hand_id,
            header.table,
            stakes_of(header),
            units(header.big_bet),
            currency_of(header),
            header.tournament_id,
            day,
            utc,
            units_or_none(entry),
            entry_currency,
            header.mix or RAZZ,
            header.club,
        )
        return HandRows(stats_row, player_rows, actions)
    hand_row = (
        idx,
        header.site,
        header.hand_id,
        hand.file,
        header.table,
        stakes_of(header),
        units(header.small_bet),
        units(header.big_bet),
        currency_of(header),
        header.is_tournament,
        header.tournament_id,
        header.played_at,
        day,
        time,
        utc,
        len(players),
        units_or_none(entry),
        entry_currency,
        pot,
        rake,
        header.mix or RAZZ,
        header.club,
    )
    return HandRows(hand_row, player_rows, actions)
