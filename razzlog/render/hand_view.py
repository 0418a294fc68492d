"""One hand, street by street, as data: what ``razzlog show`` and the report print.

:func:`hand_view` is pure: from a parsed hand and its violations it builds the
sections to print (seats, antes, each street, showdown, summary) with the pot
before and after each, every row's text and cards, and the violations placed
under the line where they happen.  :func:`razzlog.render.show.print_hand` puts
it on a rich console; the report (``razzlog.report.model``) writes it as HTML.

The pot is computed from the events only: antes, plus the chips of every
action, minus uncalled bets returned.  A raise or completion printed with a
total ("raises $0.02 to $0.04") puts in that total minus what the player had
already put in on the street; without a total it puts in the current bet plus
the printed increment, minus what the player had put in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from razzlog.cards import Card, best_low, format_low
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
from razzlog.violations import Violation

if TYPE_CHECKING:
    from razzlog.api import HandReport

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}

STREET_TITLES = {
    Street.THIRD: "3rd street",
    Street.FOURTH: "4th street",
    Street.FIFTH: "5th street",
    Street.SIXTH: "6th street",
    Street.SEVENTH: "7th street",
    Street.SHOWDOWN: "Showdown",
    Street.SUMMARY: "Summary",
}


def money(amount: Decimal, header: HandHeader) -> str:
    """``$0.04`` for a cash game in dollars, ``150`` for chips."""
    symbol = CURRENCY_SYMBOLS.get(header.currency or "", "")
    return f"{symbol}{amount}"


@dataclass(frozen=True, slots=True)
class CardView:
    card: Card
    face_up: bool

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Row:
    """One printed line of the hand."""

    line: int
    kind: str  # the event's type name: "Ante", "Deal", "Action", …
    player: str | None
    text: str
    cards: tuple[CardView, ...] = ()
    low: str | None = None  # the best low of shown cards, "9,8,3,2,A"
    violations: tuple[Violation, ...] = ()


@dataclass(slots=True)
class Section:
    """A street (or the antes, the showdown, the summary) with the pot around it."""

    title: str
    street: Street | None
    pot_before: Decimal
    pot_after: Decimal
    rows: list[Row] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class HandView:
    header: HandHeader
    seats: tuple[Seat, ...]
    sections: tuple[Section, ...]
    hand_violations: tuple[Violation, ...]  # on no event line (the header, a missing line)

    def pot_after(self, street: Street) -> Decimal | None:
        """The pot at the end of ``street`` (None if the hand never reached it)."""
        for s in self.sections:
            if s.street is street:
                return s.pot_after
        return None


class _Pot:
    """Chips in the middle: antes + action chips − uncalled returns."""

    def __init__(self) -> None:
        self.total = Decimal(0)
        self.street_in: dict[str, Decimal] = {}  # chips put in on the current street, by player

    def new_street(self) -> None:
        self.street_in = {}

    def ante(self, a: Ante) -> None:
        self.total += a.amount

    def action(self, a: Action) -> None:
        before = self.street_in.get(a.player, Decimal(0))
        level = max(self.street_in.values(), default=Decimal(0))
        if a.kind in (ActionKind.RAISE, ActionKind.COMPLETE) and a.to is not None:
            chips = a.to - before
        elif a.kind is ActionKind.RAISE:
            chips = level + a.amount - before
        else:
            chips = a.amount
        self.street_in[a.player] = before + chips
        self.total += chips

    def uncalled(self, u: UncalledReturn) -> None:
        self.total -= u.amount
        self.street_in[u.player] = self.street_in.get(u.player, Decimal(0)) - u.amount


def pot_by_street(hand: Hand) -> dict[Street, Decimal]:
    """The pot after each betting street the hand reached (a shortcut to :func:`hand_view`)."""
    view = hand_view(hand, ())
    return {s.street: s.pot_after for s in view.sections if s.street is not None and s.street.is_betting}


class _Cards:
    """Which of a player's cards are face down: two first on 3rd street, the 7th street card."""

    def __init__(self) -> None:
        self.down: set[tuple[str, Card]] = set()

    def deal(self, d: Deal) -> tuple[CardView, ...]:
        if d.street is Street.THIRD and len(d.new) == 3:
            self.down.update((d.player, c) for c in d.new[:2])
        elif d.street is Street.SEVENTH:
            self.down.update((d.player, c) for c in d.new)
        return tuple(CardView(c, (d.player, c) not in self.down) for c in (*d.known, *d.new))

    def shown(self, player: str, cards: tuple[Card, ...]) -> tuple[CardView, ...]:
        # A full seven-card hand is printed down, down, up × 4, down.
        down_at = {0, 1, 6} if len(cards) == 7 else set()
        return tuple(
            CardView(c, (player, c) not in self.down and i not in down_at) for i, c in enumerate(cards)
        )


def _action_text(a: Action, h: HandHeader) -> str:
    kind = a.kind
    if kind is ActionKind.BRING_IN:
        text = f"brings in for {money(a.amount, h)}"
    elif kind is ActionKind.COMPLETE:
        text = f"completes to {money(a.to if a.to is not None else a.amount, h)}"
    elif kind is ActionKind.RAISE:
        text = f"raises {money(a.amount, h)}" + (f" to {money(a.to, h)}" if a.to is not None else "")
    elif kind is ActionKind.BET:
        text = f"bets {money(a.amount, h)}"
    elif kind is ActionKind.CALL:
        text = f"calls {money(a.amount, h)}"
    elif kind is ActionKind.CHECK:
        text = "checks"
    else:
        text = "folds"
    return text + (" and is all-in" if a.all_in else "")


def _pot_name(pot: int | None) -> str:
    if pot is None:
        return "pot"
    return "main pot" if pot == 0 else f"side pot-{pot}"


_OUTCOME_TEXT = {
    SeatOutcome.FOLDED: "folded",
    SeatOutcome.SHOWED_WON: "showed and won",
    SeatOutcome.SHOWED_LOST: "showed and lost",
    SeatOutcome.MUCKED: "mucked",
    SeatOutcome.COLLECTED: "collected",
    SeatOutcome.SAT_OUT: "sat out",
    SeatOutcome.OTHER: "",
}


def _summary_seat_text(s: SummarySeat, h: HandHeader) -> str:
    parts = [f"seat {s.seat}", _OUTCOME_TEXT[s.outcome]]
    if s.street is not None:
        parts.append(f"on {s.street.value} street")
    if s.didnt_bet:
        parts.append("(didn't bet)")
    if s.won is not None:
        parts.append(f"({money(s.won, h)})")
    if s.description:
        parts.append(f"with Lo: {format_low(s.description)}")
    return " ".join(p for p in parts if p)


def _summary_pot_text(p: SummaryPot, h: HandHeader) -> str:
    text = f"Total pot {money(p.total, h)}"
    if p.main is not None:
        text += f" (main pot {money(p.main, h)}"
        text += "".join(f", side pot-{i} {money(x, h)}" for i, x in enumerate(p.side, start=1))
        text += ")"
    return text + f" | Rake {money(p.rake, h)}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``, ``112th``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return str(n) + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _finish_text(f: TournamentFinish) -> str:
    """A tournament result in words, its prize in the prize's own currency (not the table's chips)."""
    prize = ""
    if f.prize is not None:
        symbol = CURRENCY_SYMBOLS.get(f.currency or "", "")
        prize = f"{symbol}{f.prize}" if symbol or f.currency is None else f"{f.prize} {f.currency}"
    if f.winner:
        return "wins the tournament" + (f" and receives {prize}" if prize else "")
    text = "finished the tournament"
    if f.place is not None:
        text += f" in {ordinal(f.place)} place"
    return text + (f" and received {prize}" if prize else "")


def _row(event: Event, h: HandHeader, pot: _Pot, cards: _Cards) -> Row | None:
    """The printed row of ``event`` (updating the pot and the cards), or None for a street start."""
    if isinstance(event, Ante):
        pot.ante(event)
        text = f"posts the ante {money(event.amount, h)}" + (" and is all-in" if event.all_in else "")
        return Row(event.line, "Ante", event.player, text)
    if isinstance(event, Deal):
        return Row(event.line, "Deal", event.player, "", cards.deal(event))
    if isinstance(event, CommonCard):
        return Row(event.line, "CommonCard", None, "common card", (CardView(event.card, True),))
    if isinstance(event, Action):
        pot.action(event)
        return Row(event.line, "Action", event.player, _action_text(event, h))
    if isinstance(event, BettingCapped):
        return Row(event.line, "BettingCapped", None, "betting is capped")
    if isinstance(event, UncalledReturn):
        pot.uncalled(event)
        return Row(
            event.line, "UncalledReturn", event.player, f"uncalled bet {money(event.amount, h)} returned"
        )
    if isinstance(event, Show):
        text = "shows"
        if event.description and event.description != best_low(event.cards):
            text += f" (declares Lo: {format_low(event.description)})"
        low = format_low(best_low(event.cards)) if event.cards else None
        return Row(event.line, "Show", event.player, text, cards.shown(event.player, event.cards), low)
    if isinstance(event, Muck):
        return Row(event.line, "Muck", event.player, "mucks hand" if event.shown else "doesn't show hand")
    if isinstance(event, Collect):
        text = f"collected {money(event.amount, h)} from {_pot_name(event.pot)}"
        return Row(event.line, "Collect", event.player, text)
    if isinstance(event, SummaryPot):
        return Row(event.line, "SummaryPot", None, _summary_pot_text(event, h))
    if isinstance(event, SummarySeat):
        shown = cards.shown(event.player, event.cards) if event.cards else ()
        return Row(event.line, "SummarySeat", event.player, _summary_seat_text(event, h), shown)
    if isinstance(event, SummaryNet):
        sign = "+" if event.net > 0 else "-" if event.net < 0 else ""
        text = f"ends with {money(event.stack, h)}, net {sign}{money(abs(event.net), h)}"
        return Row(event.line, "SummaryNet", event.player, text)
    if isinstance(event, BringInClaim):
        return Row(event.line, "BringInClaim", event.player, "is high with", (CardView(event.card, True),))
    if isinstance(event, TournamentFinish):
        return Row(event.line, "TournamentFinish", event.player, _finish_text(event))
    if isinstance(event, Seat | StreetStart):
        return None
    # A new event type still shows where it happened, by its name.
    return Row(event.line, type(event).__name__, None, type(event).__name__)


def find_report(
    reports: Iterable[HandReport], hand_id: str, unreadable_files: list[str] | None = None
) -> HandReport | None:
    """The first report whose hand id is exactly ``hand_id`` (reading stops there).

    Inputs that could not be read on the way are appended to ``unreadable_files``.
    """
    from razzlog.render.audit import is_unreadable

    for report in reports:
        if report.hand_id == hand_id:
            return report
        if unreadable_files is not None and is_unreadable(report):
            unreadable_files.append(report.file)
    return None


def hand_view(hand: Hand, violations: tuple[Violation, ...] | list[Violation]) -> HandView:
    """The hand as sections of rows, with the pot before and after each section.

    Each violation goes under the row of its line; those on no row (the
    header line, a line the hand lacks) are the view's ``hand_violations``.
    """
    h = hand.header
    by_line: dict[int, list[Violation]] = {}
    for v in violations:
        by_line.setdefault(v.line, []).append(v)
    pot = _Pot()
    cards = _Cards()
    sections = [Section("Antes", None, Decimal(0), Decimal(0))]
    placed: set[int] = set()
    for event in hand.events:
        if isinstance(event, StreetStart):
            sections[-1].pot_after = pot.total
            pot.new_street()
            sections.append(Section(STREET_TITLES[event.street], event.street, pot.total, pot.total))
            continue
        row = _row(event, h, pot, cards)
        if row is None:
            continue
        if event.line in by_line and event.line not in placed:
            placed.add(event.line)
            row = Row(
                row.line, row.kind, row.player, row.text, row.cards, row.low, tuple(by_line[event.line])
            )
        sections[-1].rows.append(row)
    sections[-1].pot_after = pot.total
    if not sections[0].rows:
        sections.pop(0)
    rest = tuple(v for v in violations if v.line not in placed)
    return HandView(h, hand.seats, tuple(sections), rest)
