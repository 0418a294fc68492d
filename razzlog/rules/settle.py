"""After the betting: what each player put in, what comes back, the pots and the hands.

Derived once per replay and read by the pot, showdown and summary rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from razzlog.cards import Card, best_low_key
from razzlog.events import (
    Action,
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
from razzlog.rules.replay import VARIANTS, Replay, Status


@dataclass(frozen=True, slots=True)
class Settlement:
    put: tuple[dict[str, Decimal], dict[str, Decimal]]  # per variant, before returns
    due_return: tuple[tuple[str, Decimal] | None, tuple[str, Decimal] | None]
    returns: tuple[UncalledReturn, ...]
    returned: dict[str, Decimal]
    pots: tuple[list[Pot], list[Pot]]  # as logged (with the log's returns), and as the rules call for
    collects: tuple[Collect, ...]
    collected: dict[str, Decimal]
    summary_pot: SummaryPot | None
    summary_seats: tuple[SummarySeat, ...]
    unit: Decimal  # the smallest chip: a cent, or one tournament chip
    cards: dict[str, tuple[Card, ...]]  # every card known of each player, in deal order
    shows: dict[str, Show]  # each player's last show
    showdown: tuple[Show | Muck, ...]  # shows and mucks after *** SHOW DOWN ***, in order
    mucked: dict[str, Muck]

    def pot_total(self, v: int) -> Decimal:
        return sum((p.amount for p in self.pots[v]), Decimal(0))

    def value(self, player: str) -> tuple[int, ...] | None:
        """The player's best low, from the cards they showed (None if never shown)."""
        show = self.shows.get(player)
        return best_low_key(show.cards) if show and show.cards else None


def settle(r: Replay) -> Settlement:
    """The settlement of a replayed hand (computed once per replay)."""
    cached = r.cache.get("settlement")
    if isinstance(cached, Settlement):
        return cached
    result = _settle(r)
    r.cache["settlement"] = result
    return result


def _settle(r: Replay) -> Settlement:
    events = r.hand.events
    put = tuple({p: s.put[v] for p, s in r.players.items()} for v in VARIANTS)
    due = tuple(uncalled_excess(put[v]) for v in VARIANTS)
    returns = tuple(e for e in events if isinstance(e, UncalledReturn))
    returned: dict[str, Decimal] = {}
    for e in returns:
        returned[e.player] = returned.get(e.player, Decimal(0)) + e.amount
    live = r.live
    all_in = frozenset(p for p, st in r.players.items() if st.status == Status.ALL_IN)
    # Variant 0 follows the log (its own returns); variant 1 the rules' returns.
    logged = {p: amount - returned.get(p, Decimal(0)) for p, amount in put[0].items()}
    pots = (build_pots(logged, live, all_in), build_pots(_after_return(put[1], due[1]), live, all_in))
    collects = tuple(e for e in events if isinstance(e, Collect))
    collected: dict[str, Decimal] = {}
    for c in collects:
        collected[c.player] = collected.get(c.player, Decimal(0)) + c.amount
    unit = Decimal(1) if r.hand.header.currency is None and _whole(events) else Decimal("0.01")
    showdown = tuple(e for e in events[_showdown_start(events) :] if isinstance(e, Show | Muck))
    return Settlement(
        (put[0], put[1]),
        (due[0], due[1]),
        returns,
        returned,
        (pots[0], pots[1]),
        collects,
        collected,
        next((e for e in events if isinstance(e, SummaryPot)), None),
        tuple(e for e in events if isinstance(e, SummarySeat)),
        unit,
        _known_cards(r),
        {e.player: e for e in events if isinstance(e, Show)},
        showdown,
        {e.player: e for e in events if isinstance(e, Muck)},
    )


def _showdown_start(events: tuple[Event, ...]) -> int:
    """Where the showdown begins: the ``*** SHOW DOWN ***`` header (PokerStars), or
    for sites without one (Full Tilt) the end of 7th-street betting."""
    river: int | None = None
    last_action = -1
    for i, e in enumerate(events):
        if isinstance(e, StreetStart) and e.street == Street.SHOWDOWN:
            return i
        if isinstance(e, StreetStart) and e.street == Street.SEVENTH:
            river = i
        elif isinstance(e, Action):
            last_action = i
    if river is None:
        return len(events)
    return max(river, last_action) + 1


def _after_return(put: dict[str, Decimal], due: tuple[str, Decimal] | None) -> dict[str, Decimal]:
    if due is None:
        return dict(put)
    out = dict(put)
    out[due[0]] -= due[1]
    return out


def _whole(events: tuple[object, ...]) -> bool:
    return all(
        getattr(e, "amount", Decimal(0)) == getattr(e, "amount", Decimal(0)).to_integral_value()
        for e in events
        if isinstance(getattr(e, "amount", None), Decimal)
    )


def _known_cards(r: Replay) -> dict[str, tuple[Card, ...]]:
    cards: dict[str, list[Card]] = {}
    for e in r.hand.events:
        if isinstance(e, Deal):
            cards.setdefault(e.player, []).extend(e.new)
    return {p: tuple(c) for p, c in cards.items()}


def ending_stacks(r: Replay) -> dict[str, frozenset[Decimal]]:
    """Each player's possible stacks after the hand: as logged, and as the rules would have it."""
    s = settle(r)
    out: dict[str, frozenset[Decimal]] = {}
    for player, state in r.players.items():
        won = s.collected.get(player, Decimal(0))
        logged = state.start - state.put[0] + s.returned.get(player, Decimal(0)) + won
        due = s.due_return[1]
        back = due[1] if due is not None and due[0] == player else Decimal(0)
        ruled = state.start - state.put[1] + back + won
        out[player] = frozenset({logged, ruled})
    return out


def in_showdown(r: Replay) -> list[str]:
    """Players who did not fold, in seat order."""
    return [p for p in r.order if r.players[p].status in (Status.IN, Status.ALL_IN)]
