"""Site-neutral events of one razz hand.

A site's transformer turns its parse tree into these frozen dataclasses; the
replay engine, the renderers and the statistics read nothing else.  Every
event carries ``line``: the 1-based line number in the source file.

Money is ``Decimal`` in the table's unit (dollars for ``$0.04/$0.08``, chips
for tournaments and play money), never float.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum

from razzlog.cards import Card
from razzlog.reducers import register as register_reducers


class Street(Enum):
    THIRD = "3rd"
    FOURTH = "4th"
    FIFTH = "5th"
    SIXTH = "6th"
    SEVENTH = "7th"
    SHOWDOWN = "showdown"
    SUMMARY = "summary"

    @property
    def index(self) -> int:
        """0 for 3rd street … 4 for 7th street, 5 showdown, 6 summary."""
        return _STREET_ORDER.index(self)

    @property
    def is_betting(self) -> bool:
        return self.index <= 4


_STREET_ORDER = list(Street)
BETTING_STREETS = tuple(s for s in Street if s.is_betting)


@dataclass(frozen=True, slots=True)
class HandHeader:
    site: str  # "pokerstars", "fulltilt", …
    hand_id: str  # as printed by the site
    game: str  # "razz" (other games are skipped before they get here)
    small_bet: Decimal
    big_bet: Decimal
    currency: str | None  # "USD", "EUR", "GBP"; None for play money or tournament chips
    is_tournament: bool
    tournament_id: str | None
    buy_in: str | None  # as printed, e.g. "$200+$15 USD" (razzlog.tournament.parse_buy_in splits it)
    level: str | None  # e.g. "V"
    played_at: str  # date and time as printed (first time zone)
    table: str
    max_seats: int | None
    line: int
    ante: Decimal | None = None  # when the site prints it in the header
    bring_in: Decimal | None = None  # when the site prints it in the header
    mix: str | None = None  # the mixed game the razz hand was dealt in, as printed ("HORSE", "8-Game")
    club: str | None = None  # a private club's name (PokerStars Home Games), as printed


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    player: str
    stack: Decimal
    sitting_out: bool  # listed but not dealt in ("is sitting out", "out of hand")
    line: int


@dataclass(frozen=True, slots=True)
class Ante:
    player: str
    amount: Decimal
    all_in: bool
    line: int


@dataclass(frozen=True, slots=True)
class StreetStart:
    street: Street
    line: int


@dataclass(frozen=True, slots=True)
class Deal:
    """``Dealt to NAME [earlier cards] [new cards]``.

    ``known`` repeats cards the log showed for this player before; ``new`` are
    the cards dealt on this street as the log shows them (face-down cards of
    other players are not shown, so a line may be missing altogether).
    """

    street: Street
    player: str
    known: tuple[Card, ...]
    new: tuple[Card, ...]
    line: int


@dataclass(frozen=True, slots=True)
class CommonCard:
    """The single community card dealt on 7th street when the deck runs out."""

    card: Card
    line: int


@dataclass(frozen=True, slots=True)
class BringInClaim:
    """The site names who must bring in (Full Tilt: ``NAME is high with [Ks]``);
    the engine checks the claim against its own derivation."""

    player: str
    card: Card
    line: int


class ActionKind(Enum):
    BRING_IN = "bring-in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Action:
    """One betting action.

    ``amount`` is what the player put in with this action (the call amount, the
    bet, the bring-in, or for a raise the increment as printed: ``raises 2 to
    4`` has amount 2); ``to`` is the player's total for the street after a
    raise or completion when the site prints it, else None.  Zero for
    checks and folds.  A completion may be printed by a site as a raise
    (PokerStars ``raises $0.02 to $0.04`` over a bring-in); the transformer
    keeps the site's word and the replay engine works out what it was.
    """

    street: Street
    player: str
    kind: ActionKind
    amount: Decimal
    to: Decimal | None
    all_in: bool
    line: int


@dataclass(frozen=True, slots=True)
class BettingCapped:
    street: Street
    line: int


@dataclass(frozen=True, slots=True)
class UncalledReturn:
    player: str
    amount: Decimal
    line: int


@dataclass(frozen=True, slots=True)
class Collect:
    """``NAME collected X from pot`` / ``main pot`` / ``side pot`` / ``side pot-N``.

    ``pot`` is None for the whole pot, 0 for the main pot, N for side pot N
    (a bare ``side pot`` is side pot 1).
    """

    player: str
    amount: Decimal
    pot: int | None
    line: int


@dataclass(frozen=True, slots=True)
class Show:
    """``NAME: shows [cards] (Lo: 9,5,4,2,A)``; ``description`` holds the
    declared ranks in the printed order, or is empty when none was printed."""

    street: Street
    player: str
    cards: tuple[Card, ...]
    description: tuple[int, ...]
    line: int


@dataclass(frozen=True, slots=True)
class Muck:
    """``NAME: mucks hand`` (cards unseen) or ``doesn't show hand``."""

    street: Street
    player: str
    shown: bool  # False: "doesn't show hand" after winning uncontested
    line: int


class SeatOutcome(Enum):
    FOLDED = "folded"
    SHOWED_WON = "showed-won"
    SHOWED_LOST = "showed-lost"
    MUCKED = "mucked"
    COLLECTED = "collected"
    SAT_OUT = "sat-out"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class SummaryPot:
    """``Total pot 584 Main pot 274. Side pot-1 246. | Rake 0``."""

    total: Decimal
    main: Decimal | None
    side: tuple[Decimal, ...]
    rake: Decimal
    line: int


@dataclass(frozen=True, slots=True)
class SummarySeat:
    """One ``Seat N: NAME …`` line of the summary section."""

    seat: int
    player: str
    outcome: SeatOutcome
    street: Street | None  # where they folded
    didnt_bet: bool | None  # "(didn't bet)"; None where the site never marks it (Full Tilt)
    cards: tuple[Card, ...]  # shown or mucked cards
    won: Decimal | None  # amount won / collected
    description: tuple[int, ...]  # declared low, printed order
    line: int


@dataclass(frozen=True, slots=True)
class SummaryNet:
    """A seat's ending stack and net for the hand, as the site prints them in its
    summary (KingsClub: ``Seat 1: Player0 (1,010.38) -50``).

    A check, never a source: the nets razzlog reports are worked out from the
    antes, actions, returns and collections; the summary rule compares them
    with this line.
    """

    player: str
    stack: Decimal  # after the hand
    net: Decimal  # won minus put in
    line: int


@dataclass(frozen=True, slots=True)
class TournamentFinish:
    """A player's result in the tournament, printed in the hand where they
    bust (or, for the winner, the tournament's last hand).

    PokerStars: ``NAME finished the tournament in 7th place``, ``… in 2nd place
    and received $10.00.``, ``NAME finished the tournament`` (no place) and
    ``NAME wins the tournament and receives $2.80 - congratulations!``.

    ``place`` is the place printed (1 for the winner; players busted in the
    same hand share one), None when the line names none; ``prize`` is the
    money received, None when the line names none; ``currency`` is the
    prize's ("USD", "EUR", "GBP", from its symbol; None without a prize).
    ``winner`` tells the ``wins the tournament`` line from ``finished the
    tournament in 1st place`` (which a tournament with several winners, such
    as a double-or-nothing, prints for each of them).  Nothing here is chips:
    the replay and the rules ignore it.
    """

    player: str
    place: int | None
    prize: Decimal | None
    currency: str | None
    winner: bool
    line: int


Event = (
    Seat
    | Ante
    | StreetStart
    | Deal
    | CommonCard
    | BringInClaim
    | Action
    | BettingCapped
    | UncalledReturn
    | Collect
    | Show
    | Muck
    | SummaryPot
    | SummarySeat
    | SummaryNet
    | TournamentFinish
)


@dataclass(frozen=True, slots=True)
class Hand:
    """A parsed hand: its header, its events in log order, and where it came from."""

    header: HandHeader
    events: tuple[Event, ...]
    file: str
    first_line: int
    last_line: int
    text_digest: str = field(default="")  # identifies the exact text (duplicate-hand)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(e for e in self.events if isinstance(e, Seat))


def count_game(counts: dict[str, int], game: str, hands: int = 1) -> None:
    """Add ``hands`` hands of ``game`` to ``counts`` (the other games of a run, by game)."""
    counts[game] = counts.get(game, 0) + hands


@dataclass(frozen=True, slots=True)
class OtherGameHand:
    """A hand of another game than razz (Hold'em, Stud, a mix's other rounds…): counted by game,
    never parsed nor reported.  Mixed-game archives hold far more of them than razz hands."""

    file: str
    first_line: int
    site: str
    hand_id: str | None
    game: str  # as the header names it, with its limit: "Hold'em No Limit", "Limit Stud Hi"


# Pickled and copied as constructor calls (razzlog.reducers says why).
register_reducers(globals(), __name__)
