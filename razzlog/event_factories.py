"""Compiled constructors of the events, used only when this module is compiled (``sites/event_builders``).

mypyc compiles the events (``events.py``) as native classes but keeps the dataclass's interpreted
``__init__`` (12,600 instructions an ``Action``); these functions write the fields natively into
an object made by ``__new__`` (about 2,600).  In a pure Python build they would fail (the classes
are frozen): ``event_builders`` then builds through its slotted builders instead.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from razzlog.cards import Card
from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    BettingCapped,
    BringInClaim,
    Collect,
    CommonCard,
    Deal,
    Event,
    Hand,
    HandHeader,
    Muck,
    Seat,
    SeatOutcome,
    Show,
    Street,
    StreetStart,
    SummaryNet,
    SummaryPot,
    SummarySeat,
    TournamentFinish,
    UncalledReturn,
)


def new_hand_header(
    site: str,
    hand_id: str,
    game: str,
    small_bet: Decimal,
    big_bet: Decimal,
    currency: str | None,
    is_tournament: bool,
    tournament_id: str | None,
    buy_in: str | None,
    level: str | None,
    played_at: str,
    table: str,
    max_seats: int | None,
    line: int,
    ante: Decimal | None,
    bring_in: Decimal | None,
    mix: str | None,
    club: str | None,
) -> HandHeader:
    e: HandHeader = HandHeader.__new__(HandHeader)
    e.site = site  # type: ignore[misc]
    e.hand_id = hand_id  # type: ignore[misc]
    e.game = game  # type: ignore[misc]
    e.small_bet = small_bet  # type: ignore[misc]
    e.big_bet = big_bet  # type: ignore[misc]
    e.currency = currency  # type: ignore[misc]
    e.is_tournament = is_tournament  # type: ignore[misc]
    e.tournament_id = tournament_id  # type: ignore[misc]
    e.buy_in = buy_in  # type: ignore[misc]
    e.level = level  # type: ignore[misc]
    e.played_at = played_at  # type: ignore[misc]
    e.table = table  # type: ignore[misc]
    e.max_seats = max_seats  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    e.ante = ante  # type: ignore[misc]
    e.bring_in = bring_in  # type: ignore[misc]
    e.mix = mix  # type: ignore[misc]
    e.club = club  # type: ignore[misc]
    return e


def new_seat(seat: int, player: str, stack: Decimal, sitting_out: bool, line: int) -> Seat:
    e: Seat = Seat.__new__(Seat)
    e.seat = seat  # type: ignore[misc]
    e.player = player  # type: ignore[misc]
    e.stack = stack  # type: ignore[misc]
    e.sitting_out = sitting_out  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_ante(player: str, amount: Decimal, all_in: bool, line: int) -> Ante:
    e: Ante = Ante.__new__(Ante)
    e.player = player  # type: ignore[misc]
    e.amount = amount  # type: ignore[misc]
    e.all_in = all_in  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_street_start(street: Street, line: int) -> StreetStart:
    e: StreetStart = StreetStart.__new__(StreetStart)
    e.street = street  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_deal(street: Street, player: str, known: tuple[Card, ...], new: tuple[Card, ...], line: int) -> Deal:
    e: Deal = Deal.__new__(Deal)
    e.street = street  # type: ignore[misc]
    e.player = player  # type: ignore[misc]
    e.known = known  # type: ignore[misc]
    e.new = new  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_common_card(card: Card, line: int) -> CommonCard:
    e: CommonCard = CommonCard.__new__(CommonCard)
    e.card = card  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_bring_in_claim(player: str, card: Card, line: int) -> BringInClaim:
    e: BringInClaim = BringInClaim.__new__(BringInClaim)
    e.player = player  # type: ignore[misc]
    e.card = card  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_action(
    street: Street,
    player: str,
    kind: ActionKind,
    amount: Decimal,
    to: Decimal | None,
    all_in: bool,
    line: int,
) -> Action:
    e: Action = Action.__new__(Action)
    e.street = street  # type: ignore[misc]
    e.player = player  # type: ignore[misc]
    e.kind = kind  # type: ignore[misc]
    e.amount = amount  # type: ignore[misc]
    e.to = to  # type: ignore[misc]
    e.all_in = all_in  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_betting_capped(street: Street, line: int) -> BettingCapped:
    e: BettingCapped = BettingCapped.__new__(BettingCapped)
    e.street = street  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_uncalled_return(player: str, amount: Decimal, line: int) -> UncalledReturn:
    e: UncalledReturn = UncalledReturn.__new__(UncalledReturn)
    e.player = player  # type: ignore[misc]
    e.amount = amount  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_collect(player: str, amount: Decimal, pot: int | None, line: int) -> Collect:
    e: Collect = Collect.__new__(Collect)
    e.player = player  # type: ignore[misc]
    e.amount = amount  # type: ignore[misc]
    e.pot = pot  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_show(
    street: Street, player: str, cards: tuple[Card, ...], description: tuple[int, ...], line: int
) -> Show:
    e: Show = Show.__new__(Show)
    e.street = street  # type: ignore[misc]
    e.player = player  # type: ignore[misc]
    e.cards = cards  # type: ignore[misc]
    e.description = description  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_muck(street: Street, player: str, shown: bool, line: int) -> Muck:
    e: Muck = Muck.__new__(Muck)
    e.street = street  # type: ignore[misc]
    e.player = player  # type: ignore[misc]
    e.shown = shown  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_summary_pot(
    total: Decimal, main: Decimal | None, side: tuple[Decimal, ...], rake: Decimal, line: int
) -> SummaryPot:
    e: SummaryPot = SummaryPot.__new__(SummaryPot)
    e.total = total  # type: ignore[misc]
    e.main = main  # type: ignore[misc]
    e.side = side  # type: ignore[misc]
    e.rake = rake  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_summary_seat(
    seat: int,
    player: str,
    outcome: SeatOutcome,
    street: Street | None,
    didnt_bet: bool | None,
    cards: tuple[Card, ...],
    won: Decimal | None,
    description: tuple[int, ...],
    line: int,
) -> SummarySeat:
    e: SummarySeat = SummarySeat.__new__(SummarySeat)
    e.seat = seat  # type: ignore[misc]
    e.player = player  # type: ignore[misc]
    e.outcome = outcome  # type: ignore[misc]
    e.street = street  # type: ignore[misc]
    e.didnt_bet = didnt_bet  # type: ignore[misc]
    e.cards = cards  # type: ignore[misc]
    e.won = won  # type: ignore[misc]
    e.description = description  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_summary_net(player: str, stack: Decimal, net: Decimal, line: int) -> SummaryNet:
    e: SummaryNet = SummaryNet.__new__(SummaryNet)
    e.player = player  # type: ignore[misc]
    e.stack = stack  # type: ignore[misc]
    e.net = net  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_tournament_finish(
    player: str, place: int | None, prize: Decimal | None, currency: str | None, winner: bool, line: int
) -> TournamentFinish:
    e: TournamentFinish = TournamentFinish.__new__(TournamentFinish)
    e.player = player  # type: ignore[misc]
    e.place = place  # type: ignore[misc]
    e.prize = prize  # type: ignore[misc]
    e.currency = currency  # type: ignore[misc]
    e.winner = winner  # type: ignore[misc]
    e.line = line  # type: ignore[misc]
    return e


def new_hand(
    header: HandHeader,
    events: tuple[Event, ...],
    file: str,
    first_line: int,
    last_line: int,
    text_digest: str,
) -> Hand:
    e: Hand = Hand.__new__(Hand)
    e.header = header  # type: ignore[misc]
    e.events = events  # type: ignore[misc]
    e.file = file  # type: ignore[misc]
    e.first_line = first_line  # type: ignore[misc]
    e.last_line = last_line  # type: ignore[misc]
    e.text_digest = text_digest  # type: ignore[misc]
    return e


FACTORIES: dict[type, Callable[..., Any]] = {
    HandHeader: new_hand_header,
    Seat: new_seat,
    Ante: new_ante,
    StreetStart: new_street_start,
    Deal: new_deal,
    CommonCard: new_common_card,
    BringInClaim: new_bring_in_claim,
    Action: new_action,
    BettingCapped: new_betting_capped,
    UncalledReturn: new_uncalled_return,
    Collect: new_collect,
    Show: new_show,
    Muck: new_muck,
    SummaryPot: new_summary_pot,
    SummarySeat: new_summary_seat,
    SummaryNet: new_summary_net,
    TournamentFinish: new_tournament_finish,
    Hand: new_hand,
}
