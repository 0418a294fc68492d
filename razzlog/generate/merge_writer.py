"""Write dealt hands as the Merge network's XML hand histories look.

Shapes follow Merge's real logs (``tests/data/sites/merge-*``, from fpdb's regression
files; ``docs/sites/merge.md``): a ``<description type="Razz" stakes="Limit
$0.50/$1"/>`` line, then a ``<game>`` element whose ``<round>``s list their events
first and the cards dealt on them after; players are named by their seat counted from
0; cards are cumulative (``null,null,6c,2c``, ``null`` where a card is face down);
``RAISE`` and ``COMPLETE`` give the street total, ``ALL_IN`` the chips put in; an
uncontested winner mucks in ``END_OF_FOLDED_GAME``; a returned bet is a ``<winner
uncalled="true">``, as the site's later logs write it.

Each hand is written with its own description line, so that a run of hands at
several stakes is still one valid file (the reader takes the latest description
before each game).  Ids are the dealer's numbers, without the ``table-hand`` dash
the site prints.  Names are escaped as XML attributes.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from xml.sax.saxutils import quoteattr

from razzlog.cards import Card
from razzlog.generate import Event, Hand, Stakes, money_text

# Injected violations this format cannot show: it prints no summary, no total pot and
# no rake, and a low only for the winner of a pot (razzlog.generate.stream leaves them out).
UNWRITABLE_RULES: frozenset[str] = frozenset({"summary-mismatch", "pot-total", "hand-description"})

STREET_ROUNDS = {4: "FOURTH_STREET", 5: "FIFTH_STREET", 6: "SIXTH_STREET", 7: "SEVENTH_STREET"}
_EPOCH_OFFSET = timedelta(hours=5)  # starttime is the site's clock, UTC-5
_UNIX = datetime(1970, 1, 1)


def amount_text(amount: int, stakes: Stakes) -> str:
    """``0.50`` (cents as dollars with two decimals), or chips as a whole number."""
    if not stakes.cash:
        return str(amount)
    dollars, cents = divmod(amount, 100)
    return f"{dollars}.{cents:02d}"


def description(hand: Hand) -> str:
    st = hand.stakes
    if st.cash:
        return f'<description type="Razz" stakes="Limit {money_text(st.small_bet, st)}/{money_text(st.big_bet, st)}"/>'
    return f'<description type="Razz Tournament" stakes="Limit {st.small_bet}/{st.big_bet}"/>'


def _cards(cards: list[Card | None]) -> str:
    return ",".join("null" if c is None else str(c) for c in cards)


class _Writer:
    """One pass over a hand's events, rounds opened and closed as Merge writes them."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.st = hand.stakes
        self.seat = {s.player: str(s.seat - 1) for s in hand.seats}
        self.lines: list[str] = []
        self.round = 0
        self.sequence = 0
        self.open: str | None = None
        self.pending: list[str] = []  # the cards of the open round, written at its end
        self.street = 0
        self.completed = False
        self.cards: dict[str, list[Card | None]] = {}
        self.folded: set[str] = set()
        self.shown: set[str] = set()
        self.winners: list[str] = []
        self.uncontested = False
        self.put: dict[str, int] = {}  # this street's chips per player (an all-in raise prints what it adds)
        self.clock = int((hand.played_at + _EPOCH_OFFSET - _UNIX).total_seconds()) * 1000

    def start_round(self, name: str) -> None:
        self.end_round()
        self.round += 1
        self.open = name
        self.lines.append(f'\t<round id="{name}" sequence="{self.round}">')

    def end_round(self) -> None:
        if self.open is not None:
            self.lines += self.pending
            self.lines.append("\t</round>")
        self.open, self.pending = None, []

    def event(self, kind: str, player: str, amount: int | None = None) -> None:
        self.sequence += 1
        self.clock += 1500
        money = f' amount="{amount_text(amount, self.st)}"' if amount is not None else ""
        self.lines.append(
            f'\t\t<event sequence="{self.sequence}" type="{kind}" timestamp="{self.clock}" '
            f'player="{self.seat[player]}"{money}/>'
        )

    def cards_line(self, kind: str, player: str, cards: list[Card | None]) -> str:
        return f'\t\t<cards type="{kind}" cards="{_cards(cards)}" player="{self.seat[player]}"/>'

    def write(self, e: Event) -> None:
        match e.kind:
            case "ante":
                self.event("ALL_IN" if e.all_in else "ANTE", e.player, e.amount)
            case "street":
                self.street, self.put = e.street, {}
                if e.street == 3:
                    self.start_round("BRING_IN")
                else:
                    self.start_round(STREET_ROUNDS[e.street])
                    if e.street == 7:  # the others' face-down 7th card
                        for p, cards in self.cards.items():
                            if p != self.hand.hero and p not in self.folded and p not in self.shown:
                                cards.append(None)
                                self.pending.append(self.cards_line("DRAW_DRAWN_CARDS", p, cards))
            case "deal":
                self.deal(e)
            case "bring-in":
                self.event("ALL_IN" if e.all_in else "BRING_IN", e.player, e.amount)
                self.start_round("THIRD_STREET")
            case "fold" | "check":
                if e.kind == "fold":
                    self.folded.add(e.player)
                self.event(e.kind.upper(), e.player)
            case "call" | "bet":
                self.event("ALL_IN" if e.all_in else e.kind.upper(), e.player, e.amount)
            case "raise":
                if e.all_in:
                    self.event("ALL_IN", e.player, e.to - self.put.get(e.player, 0))
                elif self.street == 3 and not self.completed:
                    self.event("COMPLETE", e.player, e.to)
                else:
                    self.event("RAISE", e.player, e.to)
                self.completed = True
            case "capped":
                pass
            case "showdown":
                self.start_round("SHOWDOWN")
            case "show":
                if e.player not in self.shown:
                    self.show(e)
            case "muck":
                self.event("MUCK", e.player)
                # the mucked cards the hand's summary knows (razzlog carries no mucked cards)
                result = next((r for r in self.hand.results if r.player == e.player), None)
                mucked = result.cards if result is not None else ()
                if mucked:
                    self.pending.append(self.cards_line("MUCKED", e.player, list(mucked)))
            case "noshow":
                self.start_round("END_OF_FOLDED_GAME")
                self.uncontested = True
                self.event("MUCK", e.player)
            case "uncalled" | "collect":
                self.winners.append(self.winner(e))
            case _:
                raise ValueError(f"unknown event kind {e.kind!r}")
        if e.kind == "raise":
            self.put[e.player] = e.to
        elif e.kind in ("call", "bet", "bring-in"):
            self.put[e.player] = self.put.get(e.player, 0) + e.amount

    def show(self, e: Event) -> None:
        """A hand shown; hands turned up before the showdown (``e.desc`` empty) are all shown
        at once, in the order the showdown takes (the log's only SHOW of them)."""
        early = [
            x for x in self.hand.events if x.kind == "show" and not x.desc and x.player not in self.shown
        ]
        if e.desc or not early:
            shows = [e]
        else:
            events = self.hand.events
            start = next((k for k, x in enumerate(events) if x.kind == "showdown"), len(events))
            later = [x.player for x in events[start:] if x.kind in ("show", "muck")]
            shows = sorted(early, key=lambda x: later.index(x.player) if x.player in later else len(later))
        for x in shows:
            self.shown.add(x.player)
            self.event("SHOW", x.player)
            self.pending.append(self.cards_line("SHOWN", x.player, list(x.new)))

    def deal(self, e: Event) -> None:
        """The player's cards so far, as the deal repeats them: face-down cards ``null``."""
        cards = self.cards.setdefault(e.player, [])
        if self.street == 3:
            cards[:] = list(e.new) if len(e.new) == 3 else [None, None, *e.new]
        else:
            hidden = max(0, len(cards) - len(e.old))  # the down cards the deal does not repeat
            cards[:] = [None] * hidden + list(e.old) + list(e.new)
        kind = "HOLE" if e.player == self.hand.hero else "DRAW_DRAWN_CARDS"
        self.pending.append(self.cards_line(kind, e.player, cards))

    def winner(self, e: Event) -> str:
        if e.kind == "uncalled":
            number, uncalled = len({c.pot for c in self.hand.events if c.kind == "collect"}) + 1, "true"
        else:
            number = 1 if e.pot in ("pot", "main pot") else int(e.pot.rsplit("-", 1)[1]) + 1
            uncalled = "false"
        show = next(
            (s for s in self.hand.events if s.kind == "show" and s.player == e.player and s.desc), None
        )
        hand = f' hand="{show.desc.replace(",", "-")}"' if show is not None and e.kind == "collect" else ""
        return (
            f'\t\t<winner amount="{amount_text(e.amount, self.st)}" uncalled="{uncalled}" potnumber="{number}" '
            f'player="{self.seat[e.player]}"{hand} pottype="n"/>'
        )


def write_hand(hand: Hand) -> str:
    """One hand (its description line and its ``<game>``) in Merge's format, without a trailing newline."""
    w = _Writer(hand)
    st, t = hand.stakes, hand.played_at
    if st.cash:
        data = f"{t:%Y%m%d}|{hand.table}|{hand.hand_id // 1000}|{hand.hand_id}|false"
    else:
        data = f"{t:%Y%m%d}|{hand.table}|{hand.tournament_id}-1|{hand.hand_id}|true"
    lines = [
        description(hand),
        f'<game id="{hand.hand_id}" starttime="{t:%Y%m%d%H%M%S}" numholecards="7" gametype="47" '
        f'realmoney="true" data={quoteattr(data)}>',
        f'\t<players dealer="{hand.seats[-1].seat - 1}">',
    ]
    for s in hand.seats:
        balance = f"${amount_text(s.stack, st)}" if st.cash else amount_text(s.stack, st)
        nickname = quoteattr(s.player)
        lines.append(
            f'\t\t<player seat="{s.seat - 1}" nickname={nickname} balance="{balance}" dealtin="true" />'
        )
    lines.append("\t</players>")
    w.start_round("BLINDS")
    for e in hand.events:
        w.write(e)
    if not w.uncontested:
        w.start_round("END_OF_GAME")
    w.lines += w.winners  # the pots, then a returned bet, as the site's later logs order them
    w.end_round()
    if w.uncontested:
        w.start_round("END_OF_GAME")
        w.end_round()
    return "\n".join([*lines, *w.lines, "</game>"])
