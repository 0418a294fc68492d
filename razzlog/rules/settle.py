"""After the betting: what each player put in, what comes back, the pots and the hands.

Derived once per replay and read by the pot, showdown and summary rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Final

from razzlog.cards import Card, best_low_key
from razzlog.events import (
    Action,
    Ante,
    Collect,
    Deal,
    Event,
    Muck,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.rules.pots import Pot, build_pots, uncalled_excess
from razzlog.rules.replay import Replay, Status


class Settlement:
    """The settlement of one hand, built once per replay and never changed after.

    A plain class, as ``Step`` is: compiled, a native class, built and read without a
    Python call (a named tuple's ``__new__`` is interpreted code, some 3,000 instructions,
    and its methods were called as Python functions).
    """

    __slots__ = (
        "_moves", "_unit", "collected", "collects", "deals", "due_return", "lows", "mucked", "pots",
        "put", "returned", "returns", "showdown", "shows", "summary_pot", "summary_seats",
    )  # fmt: skip

    def __init__(
        self,
        put: tuple[dict[str, Decimal], dict[str, Decimal]],
        due_return: tuple[tuple[str, Decimal] | None, tuple[str, Decimal] | None],
        returns: tuple[UncalledReturn, ...],
        returned: dict[str, Decimal],
        pots: tuple[list[Pot], list[Pot]],
        collects: tuple[Collect, ...],
        collected: dict[str, Decimal],
        summary_pot: SummaryPot | None,
        summary_seats: tuple[SummarySeat, ...],
        unit: Decimal | None,
        moves: tuple[Sequence[Ante | Action | UncalledReturn | Collect], ...],
        deals: Sequence[Deal],
        shows: dict[str, Show],
        showdown: tuple[Show | Muck, ...],
        mucked: dict[str, Muck],
        lows: dict[str, tuple[int, ...] | None],
    ) -> None:
        self.put = put  # per variant, before returns
        self.due_return = due_return
        self.returns = returns
        self.returned = returned
        self.pots = pots  # as logged (with the log's returns), and as the rules call for
        self.collects = collects
        self.collected = collected
        self.summary_pot = summary_pot
        self.summary_seats = summary_seats
        self._unit = unit  # None: worked out from ``_moves`` when asked
        self._moves = moves  # (not the replay: a reference to it would make a cycle for the GC)
        self.deals = deals  # the deal lines, for ``cards``
        self.shows = shows  # each player's last show
        self.showdown = showdown  # shows and mucks after *** SHOW DOWN ***, in order
        self.mucked = mucked
        self.lows = lows  # ``value`` of each player asked about, kept

    @property
    def unit(self) -> Decimal:
        """The smallest chip: one tournament chip when the log moves only whole amounts and
        names no currency, else a cent.  Worked out when asked (only a split pot asks): it
        reads every amount the log moves, about 1 % of the replay and rules."""
        if self._unit is None:
            self._unit = _CHIP if _whole(self._moves) else _CENT
        return self._unit

    def pot_total(self, v: int) -> Decimal:
        return sum((p.amount for p in self.pots[v]), _ZERO)

    def cards(self, player: str) -> tuple[Card, ...]:
        """Every card known of ``player``, in deal order (worked out when asked: rarely)."""
        return tuple([c for d in self.deals if d.player == player for c in d.new])

    def value(self, player: str) -> tuple[int, ...] | None:
        """The player's best low, from the cards they showed (None if never shown)."""
        if player in self.lows:
            return self.lows[player]
        show = self.shows.get(player)
        found = self.lows[player] = best_low_key(show.cards) if show and show.cards else None
        return found


def settle(r: Replay) -> Settlement:
    """The settlement of a replayed hand (computed once per replay)."""
    cached = r.cache.get("settlement")
    if isinstance(cached, Settlement):
        return cached
    result = _settle(r)
    r.cache["settlement"] = result
    return result


def _settle(r: Replay) -> Settlement:
    # One pass over the players for what each variant put in, whether the variants share every
    # amount, who is still in and who is all-in (``r.live`` and the rest were a pass each).
    put0: dict[str, Decimal] = {}
    put1: dict[str, Decimal] = {}
    same = True
    in_hand: list[str] = []
    all_in_players: list[str] = []
    for p, st in r.players.items():
        p0, p1 = st.put
        put0[p] = p0
        put1[p] = p1
        if p0 is not p1:
            same = False
        status = st.status
        if status is _ALL_IN:
            in_hand.append(p)
            all_in_players.append(p)
        elif status is _IN:
            in_hand.append(p)
    due0 = uncalled_excess(put0)
    # The variants mostly share their amounts (the same objects): then so do their excesses.
    due1 = due0 if same else uncalled_excess(put1)
    returns = tuple(r.of(UncalledReturn))
    returned: dict[str, Decimal] = {}
    for e in returns:
        returned[e.player] = returned.get(e.player, _ZERO) + e.amount
    live = frozenset(in_hand)  # ``r.live``
    all_in = frozenset(all_in_players)
    # Variant 0 follows the log (its own returns); variant 1 the rules' returns.
    logged = after_log_returns(put0, returned)
    ruled = _after_return(put1, due1)
    pots0 = build_pots(logged, live, all_in)
    # When the log returned what the rules return, both variants have the same pots.
    pots = (pots0, list(pots0) if _same_amounts(logged, ruled) else build_pots(ruled, live, all_in))
    collects = tuple(r.of(Collect))
    collected: dict[str, Decimal] = {}
    for c in collects:
        collected[c.player] = collected.get(c.player, _ZERO) + c.amount
    summary_pots = r.of(SummaryPot)
    shows = r.of(Show)
    mucks = r.of(Muck)
    return Settlement(
        (put0, put1),
        (due0, due1),
        returns,
        returned,
        pots,
        collects,
        collected,
        summary_pots[0] if summary_pots else None,
        tuple(r.of(SummarySeat)),
        # A currency's smallest amount is a cent; without one, the amounts tell (when asked).
        _CENT if r.hand.header.currency is not None else None,
        tuple([r.of(kind) for kind in _MOVES]) if r.hand.header.currency is None else (),
        r.of(Deal),
        {e.player: e for e in shows},
        _showdown(r) if shows or mucks else (),
        {e.player: e for e in mucks},
        {},
    )


_ZERO: Final = Decimal(0)
_CHIP: Final = Decimal(1)
_CENT: Final = Decimal("0.01")
_ALL_IN: Final = Status.ALL_IN
_IN: Final = Status.IN
# Bound once, as C statics (compiled): any other module name is a dict look-up at every use.
_SHOWDOWN: Final = Street.SHOWDOWN
_SEVENTH: Final = Street.SEVENTH
_SHOW: Final = Show
_MUCK: Final = Muck


def _showdown(r: Replay) -> tuple[Show | Muck, ...]:
    """Shows and mucks from where the showdown begins: the ``*** SHOW DOWN ***`` header
    (PokerStars), or for sites without one (Full Tilt) the end of 7th-street betting.

    The showdown is near the end of the log: the events are scanned backwards from
    the end to the first header (known from ``r.streets``), or to the last river
    header and the last action.
    """
    events = r.hand.events
    header = next((s for s in r.streets if s.street is _SHOWDOWN), None)
    start = len(events)
    if header is not None:
        start = -1
        for i in range(len(events) - 1, -1, -1):  # (a loop, not _last_index: no call per event)
            if events[i] is header:
                start = i
                break
    elif any(s.street is _SEVENTH for s in r.streets):
        river = _last_index(events, lambda e: type(e) is StreetStart and e.street is Street.SEVENTH)
        last_action = _last_index(events, lambda e: type(e) is Action)
        start = max(river, last_action) + 1
    return tuple([e for e in events[start:] if type(e) is _SHOW or type(e) is _MUCK])


def _last_index(events: tuple[Event, ...], match: Callable[[Event], bool]) -> int:
    """The position of the last event that matches, or -1."""
    for i in range(len(events) - 1, -1, -1):
        if match(events[i]):
            return i
    return -1


def _same_amounts(a: dict[str, Decimal], b: dict[str, Decimal]) -> bool:
    """The same players with the same amounts, printed alike (``0.1`` is not ``0.10``)."""
    if a.keys() != b.keys():
        return False
    for p, amount in a.items():
        other = b[p]
        if other is not amount and amount.compare_total(other):
            return False
    return True


def after_log_returns(put: dict[str, Decimal], returned: dict[str, Decimal]) -> dict[str, Decimal]:
    """``{p: amount - returned.get(p, 0) for p, amount in put.items()}``, where a player without a
    return keeps the very amount put in: ``put - 0`` would be equal and printed alike (a total
    put in is 0 or a sum from 0, so its exponent is at most 0), and ``_same_amounts`` then finds
    most players' amounts shared with variant 1 without comparing them."""
    out = dict(put)
    for p, amount in returned.items():
        if p in out:
            out[p] = out[p] - amount
    return out


def _after_return(put: dict[str, Decimal], due: tuple[str, Decimal] | None) -> dict[str, Decimal]:
    if due is None:
        return dict(put)
    out = dict(put)
    out[due[0]] -= due[1]
    return out


def _whole(moves: tuple[Sequence[Ante | Action | UncalledReturn | Collect], ...]) -> bool:
    """Whether every amount the log moves (its antes, actions, returns and collects) is whole."""
    for events in moves:
        for e in events:
            amount = e.amount  # read once: an event's field is a Python attribute look-up
            if amount != amount.to_integral_value():
                return False
    return True


_MOVES: Final[tuple[type[Ante | Action | UncalledReturn | Collect], ...]] = (
    Ante,
    Action,
    UncalledReturn,
    Collect,
)


def ending_stacks(r: Replay) -> dict[str, frozenset[Decimal]]:
    """Each player's possible stacks after the hand: as logged, and as the rules would have it."""
    # (one member when shared: each member is hashed, a Decimal's hash being some 4,000 instructions)
    return {
        player: frozenset((logged,)) if logged is ruled else frozenset({logged, ruled})
        for player, logged, ruled in _ends(r)
    }


def ending_stack_texts(r: Replay) -> dict[str, tuple[str, ...]]:
    """``stack_texts`` of each player's :func:`ending_stacks`, as the cross-hand checks keep them.

    Without the frozenset: a Decimal's hash is a modular power in C, some 4,000
    instructions, and hashing two a player made the cross-hand keys cost half again as much.
    """
    return {player: pair_texts(logged, ruled) for player, logged, ruled in _ends(r)}


def _ends(r: Replay) -> list[tuple[str, Decimal, Decimal]]:
    """Each player's stack after the hand as logged and as the rules would have it."""
    s = settle(r)
    out: list[tuple[str, Decimal, Decimal]] = []
    due = s.due_return[1]
    for player, state in r.players.items():
        back = due[1] if due is not None and due[0] == player else _ZERO
        logged, ruled = end_pair(
            state.start, state.put, s.returned.get(player, _ZERO), back, s.collected.get(player, _ZERO)
        )
        out.append((player, logged, ruled))
    return out


def end_pair(
    start: Decimal, put: tuple[Decimal, Decimal], returned: Decimal, back: Decimal, won: Decimal
) -> tuple[Decimal, Decimal]:
    """A stack after the hand as logged (less what it put in, plus the log's return and what it
    won) and as the rules would have it (their return); computed once when the variants share
    their operands: the same operands give the same amount, to the exponent."""
    put0, put1 = put
    logged = start - put0 + returned + won
    if put1 is put0 and back is returned:
        return logged, logged
    return logged, start - put1 + back + won


def pair_texts(logged: Decimal, ruled: Decimal) -> tuple[str, ...]:
    """``stack_texts(frozenset({logged, ruled}))``: the texts least first, and one text, the logged
    stack's, when the two are equal (a set keeps the first of equal members)."""
    if logged is ruled or logged == ruled:
        return (str(logged),)
    return (str(logged), str(ruled)) if logged < ruled else (str(ruled), str(logged))


def in_showdown(r: Replay) -> list[str]:
    """Players who did not fold, in seat order."""
    return [p for p in r.order if r.players[p].status in _LIVE]


_LIVE: Final = (Status.IN, Status.ALL_IN)
