"""Merge's tags to razzlog's events: one pass over a ``<game>`` element's tags (see :mod:`.merge`).

The tags come from :func:`razzlog.sites.merge_xml.read_element`, in document order;
:class:`GameReader` keeps what the next tag depends on (the street, the chips each
player put in on it, the cards each was dealt) and raises :class:`Bad` at a tag it
cannot read, which :func:`razzlog.sites.merge.parse_hand` reports as a located
``parse-error``.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal, InvalidOperation

from razzlog.cards import Card
from razzlog.events import (
    Action,
    ActionKind,
    Ante,
    Collect,
    Deal,
    Event,
    Hand,
    HandHeader,
    Muck,
    Seat,
    Show,
    Street,
    StreetStart,
    SummaryPot,
    UncalledReturn,
)
from razzlog.sites.common import MAX_SEATS, text_digest
from razzlog.sites.errors import site_violation
from razzlog.sites.merge_xml import Node
from razzlog.sources import RawHand
from razzlog.violations import Severity, Violation

NAME = "merge"
RAISE_TO_SINCE = "20100908"  # from this date on a RAISE's amount is the street total

# stakes in the range of an amount (_AMOUNT)
_STAKES = re.compile(r"Limit \(?\$?(\d{1,9}(?:\.\d{1,4})?)/\$?(\d{1,9}(?:\.\d{1,4})?)\)?$")
_AMOUNT = re.compile(r"\$?\d{1,9}(?:\.\d{1,4})?")
_STARTTIME = re.compile(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$")
_RANKS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
_UTC_OFFSET = datetime.timedelta(hours=5)  # starttime is UTC-5, summer and winter

_BETTING_ROUNDS = {
    "BRING_IN": Street.THIRD,
    "THIRD_STREET": Street.THIRD,
    "FOURTH_STREET": Street.FOURTH,
    "FIFTH_STREET": Street.FIFTH,
    "SIXTH_STREET": Street.SIXTH,
    "SEVENTH_STREET": Street.SEVENTH,
}
_OTHER_ROUNDS = frozenset({"BLINDS", "SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME"})
# events that change nothing in the play (chat, connections, a player leaving after it)
_NOISE = frozenset({"CHAT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT", "SIT_IN", "TIMEOUT"})
_ACTIONS = frozenset(
    {"ANTE", "BRING_IN", "COMPLETE", "BET", "RAISE", "CALL", "CHECK", "FOLD", "SIT_OUT", "ALL_IN"}
)
_ZERO = Decimal(0)


class Bad(Exception):
    """A tag razzlog cannot read: where, and what was expected there."""

    def __init__(self, node: Node, expected: str) -> None:
        super().__init__(expected)
        self.node = node
        self.expected = expected


def _cards(text: str) -> list[Card | None]:
    """``"null,null,6c"`` / ``",,6c"`` -> ``[None, None, 6c]``; ValueError for a bad card."""
    return [None if t in ("", "null") else Card.parse(t) for t in text.split(",")]


def _low(text: str | None) -> tuple[int, ...]:
    """A winner's ``hand="9-8-6-3-2"`` as ranks; () for anything else ("Pair of Tens")."""
    if not text:
        return ()
    ranks = tuple(_RANKS.get(r, 0) for r in text.split("-"))
    return ranks if len(ranks) == 5 and all(ranks) else ()


class GameReader:
    """One pass over a game's tags, in document order."""

    def __init__(
        self, raw: RawHand, hand_id: str, stakes: str, tournament: bool, mix: str | None, context_line: int
    ) -> None:
        self.raw = raw
        self.hand_id = hand_id
        self.stakes = stakes
        self.tournament = tournament
        self.mix = mix
        self.context_line = context_line
        self.events: list[Event] = []
        self.deals: list[Event] = []  # this round's deals, given before its actions
        self.actions: list[Event] = []
        self.names: dict[str, str] = {}  # seat attribute -> player
        self.cards: dict[str, list[Card | None]] = {}  # every card the log gave a player, shown ones too
        self.dealt: dict[str, list[bool]] = {}  # per card dealt to a player: was it shown as dealt
        self.street: Street | None = None  # None: before the deal
        self.put: dict[str, Decimal] = {}  # this street's chips, per player
        self.total: dict[str, Decimal] = {}  # the hand's
        self.level = _ZERO  # the street's bet to call
        self.raise_to = True
        self.reveals: list[tuple[str, str, int]] = []  # SHOW and MUCK, in log order: (type, player, line)
        self.shown: dict[str, list[Card | None]] = {}  # each player's latest SHOWN cards
        self.early: list[tuple[str, int]] = []  # this betting round's SHOWs (hands turned up all in)
        self.showdown_line: int | None = None
        self.end_line: int | None = None
        self.winners: list[Node] = []

    def line(self, node: Node) -> int:
        return self.raw.first_line + node.line - 1

    def hand(self, nodes: list[Node]) -> Hand | Violation:
        game = nodes[0]
        if game.name != "game":
            raise Bad(game, "<game>")
        header = self.header(game)
        self.raise_to = game.attrs.get("starttime", "")[:8] >= RAISE_TO_SINCE
        for node in nodes[1:]:
            if node.end:
                if node.name == "round":
                    self.end_round()
                continue
            self.tag(node)
        if self.end_line is None:
            message = (
                f"hand ends at line {self.raw.first_line + len(self.raw.lines) - 1} before its END_OF_GAME"
            )
            return site_violation(
                self.raw, NAME, "truncated-hand", Severity.ERROR, self.raw.first_line, self.hand_id, message
            )
        self.finish()
        raw = self.raw
        return Hand(
            header=header,
            events=tuple(self.events),
            file=raw.file,
            first_line=raw.first_line,
            last_line=raw.first_line + len(raw.lines) - 1,
            text_digest=text_digest((raw.context[-1][1], *raw.lines)),
        )

    # ------------------------------------------------------------------ header

    def header(self, game: Node) -> HandHeader:
        stakes = _STAKES.search(self.stakes)
        if stakes is None:
            raise Bad(
                Node("description", {}, self.context_line - self.raw.first_line + 1, 0),
                "stakes such as 'Limit $0.50/$1'",
            )
        a = game.attrs
        when = _STARTTIME.match(a.get("starttime", ""))
        try:
            assert when is not None
            year, month, day, hour, minute, second = (int(g) for g in when.groups())
            start = datetime.datetime(year, month, day, hour, minute, second) + _UTC_OFFSET
        except (AssertionError, ValueError):
            raise Bad(game, 'a starttime="YYYYMMDDhhmmss" that exists') from None
        data = a.get("data", "")
        fields = data.split("|" if "|" in data else ":")
        table = fields[1] if len(fields) > 1 else ""
        seats = a.get("seats")
        if seats is not None and not (seats.isdigit() and 2 <= int(seats) <= MAX_SEATS):
            raise Bad(game, f"seats from 2 to {MAX_SEATS}")
        return HandHeader(
            site=NAME,
            hand_id=self.hand_id,
            game="razz",
            small_bet=Decimal(stakes.group(1)),
            big_bet=Decimal(stakes.group(2)),
            currency="USD" if a.get("realmoney") == "true" and not self.tournament else None,
            is_tournament=self.tournament,
            tournament_id=fields[2] if self.tournament and len(fields) > 2 else None,
            buy_in=None,
            level=None,
            played_at=start.strftime("%Y/%m/%d %H:%M:%S UTC"),
            table=table,
            max_seats=int(seats) if seats is not None else None,
            line=self.raw.first_line,
            mix=self.mix,
        )

    # ------------------------------------------------------------------ tags

    def tag(self, node: Node) -> None:
        name = node.name
        if name == "player":
            self.seat(node)
        elif name == "round":
            self.round(node)
        elif name == "event":
            self.event(node)
        elif name == "cards":
            self.cards_of(node)
        elif name == "winner":
            self.winners.append(node)
        elif name != "players":
            raise Bad(node, "<players>, <player>, <round>, <event>, <cards> or <winner>")

    def seat(self, node: Node) -> None:
        a = node.attrs
        seat, name = a.get("seat", ""), a.get("nickname")
        if not seat.isdigit() or int(seat) >= MAX_SEATS or name is None or seat in self.names:
            raise Bad(node, f"a player with a seat from 0 to {MAX_SEATS - 1} (once) and a nickname")
        self.names[seat] = name
        stack = self.amount(node, "balance")
        self.events.append(Seat(int(seat) + 1, name, stack, a.get("dealtin") == "false", self.line(node)))

    def round(self, node: Node) -> None:
        kind = node.attrs.get("id", "")
        street = _BETTING_ROUNDS.get(kind)
        if street is not None:
            if street is not self.street:
                self.street, self.put, self.level = street, {}, _ZERO
                self.events.append(StreetStart(street, self.line(node)))
        elif kind == "SHOWDOWN":
            self.showdown_line = self.line(node)
        elif kind in ("END_OF_GAME", "END_OF_FOLDED_GAME"):
            self.end_line = self.end_line or self.line(node)
        elif kind not in _OTHER_ROUNDS:
            raise Bad(
                node,
                "a round razz has (BLINDS, BRING_IN, THIRD_STREET … SEVENTH_STREET, SHOWDOWN, END_OF_GAME)",
            )

    def player(self, node: Node) -> str:
        name = self.names.get(node.attrs.get("player", ""))
        if name is None:
            raise Bad(node, "a seated player's seat number")
        return name

    def amount(self, node: Node, attr: str = "amount") -> Decimal:
        text = node.attrs.get(attr, "")
        if not _AMOUNT.fullmatch(text):
            raise Bad(node, f'{attr}="…" an amount (such as 0.50)')
        try:
            return Decimal(text.removeprefix("$"))
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            raise Bad(node, "an amount") from None

    def event(self, node: Node) -> None:
        kind = node.attrs.get("type", "")
        if kind in _NOISE:
            return
        if kind in ("SHOW", "MUCK"):
            self.reveals.append((kind, self.player(node), self.line(node)))
            if (
                kind == "SHOW"
                and self.street is not None
                and self.showdown_line is None
                and self.end_line is None
            ):
                self.early.append((self.player(node), self.line(node)))
        elif kind in _ACTIONS:
            self.action(node, kind, self.player(node))
        else:
            raise Bad(
                node,
                "an event razzlog knows (ANTE, BRING_IN, COMPLETE, BET, RAISE, CALL, CHECK, FOLD, ALL_IN, SHOW, MUCK, CHAT…)",
            )

    def action(self, node: Node, kind: str, player: str) -> None:
        line = self.line(node)
        street = self.street
        if street is None:  # before the deal: antes
            if kind not in ("ANTE", "ALL_IN"):
                raise Bad(node, "an ANTE before the deal")
            amount = self.amount(node)
            self.total[player] = self.total.get(player, _ZERO) + amount
            self.events.append(Ante(player, amount, kind == "ALL_IN", line))
            return
        put = self.put.get(player, _ZERO)
        if kind in ("FOLD", "SIT_OUT", "CHECK"):
            act = ActionKind.CHECK if kind == "CHECK" else ActionKind.FOLD
            self.actions.append(Action(street, player, act, _ZERO, None, False, line))
            return
        amount = self.amount(node)
        to: Decimal | None = None
        all_in = kind == "ALL_IN"
        if kind == "ANTE":
            raise Bad(node, "an action of the street (the antes are posted before the deal)")
        if kind == "BRING_IN" or (all_in and not self.level and street is Street.THIRD):
            act, added = ActionKind.BRING_IN, amount
        elif kind == "COMPLETE":
            act, to, added = ActionKind.COMPLETE, amount, amount - put
            amount = added
        elif kind == "RAISE" or (all_in and amount > self.level - put and self.level):
            to = amount if kind == "RAISE" and self.raise_to else put + amount
            act, added, amount = ActionKind.RAISE, to - put, to - self.level
        elif kind == "BET" or (all_in and not self.level):
            act, added = ActionKind.BET, amount
        else:  # CALL, or an all-in for no more than the call
            act, added = ActionKind.CALL, amount
        self.put[player] = put + added
        self.total[player] = self.total.get(player, _ZERO) + added
        self.level = max(self.level, self.put[player])
        self.actions.append(Action(street, player, act, amount, to, all_in, line))

    def cards_of(self, node: Node) -> None:
        kind = node.attrs.get("type", "")
        player = self.player(node)
        try:
            cards = _cards(node.attrs.get("cards", ""))
        except ValueError:
            raise Bad(node, 'cards="…" cards such as As,7h,Kc (null for a hidden one)') from None
        if kind in ("SHOWN", "MUCKED"):
            self.remember(player, cards)
            if kind == "SHOWN":
                self.shown[player] = cards
            if kind == "SHOWN":  # the shown cards are known to the later deals
                dealt = self.dealt.get(player, [])
                self.dealt[player] = [
                    flag or (i < len(cards) and cards[i] is not None) for i, flag in enumerate(dealt)
                ]
            return
        if kind not in ("HOLE", "DRAW_DRAWN_CARDS"):
            raise Bad(node, "cards of type HOLE, DRAW_DRAWN_CARDS, SHOWN or MUCKED")
        if self.street is None:
            raise Bad(node, "cards dealt in a round of the deal (BRING_IN … SEVENTH_STREET)")
        # a deal's known cards are those earlier deals (or an early show) showed
        dealt = self.dealt.get(player, [])
        known = tuple(c for c, shown in zip(cards, dealt, strict=False) if shown and c is not None)
        new = tuple(c for c in cards[len(dealt) :] if c is not None)
        if len(cards) > len(dealt):
            self.dealt[player] = dealt + [c is not None for c in cards[len(dealt) :]]
        self.remember(player, cards)
        if new:
            self.deals.append(Deal(self.street, player, known, new, self.line(node)))

    def remember(self, player: str, cards: list[Card | None]) -> None:
        """Add what ``cards`` shows of a player's cards; a card seen before keeps its first value
        (a later line that repeats it otherwise is a card-mismatch, reported there)."""
        seen = self.cards.get(player, [])
        merged = [seen[i] if i < len(seen) and seen[i] is not None else c for i, c in enumerate(cards)]
        self.cards[player] = merged + seen[len(merged) :]

    def showdown_cards(self, player: str) -> tuple[Card, ...]:
        """A hand shown at the showdown: its SHOWN cards when they are the whole hand, else every
        card the log gave it (a hand turned up early: the deals after the show)."""
        shown = self.shown.get(player)
        known = self.cards.get(player, [])
        if shown is not None and len(shown) >= len(known) and None not in shown:
            return tuple(c for c in shown if c is not None)
        return tuple(c for c in known if c is not None)

    # ------------------------------------------------------------------ the end

    def end_round(self) -> None:
        """A round's deals, its actions, then the hands it turned up (with the cards it showed)."""
        self.events += self.deals + self.actions
        for player, at in self.early:
            cards = tuple(c for c in self.cards.get(player, []) if c is not None)
            self.events.append(Show(self.street or Street.THIRD, player, cards, (), at))
        self.deals, self.actions, self.early = [], [], []

    def finish(self) -> None:
        """The showdown (hands turned up earlier are shown again, with all their cards),
        then the uncalled bets and the pots, after the last street."""
        self.end_round()
        wins = [w for w in self.winners if w.attrs.get("uncalled") != "true"]
        lows = {self.player(w): _low(w.attrs.get("hand")) for w in wins}
        if self.showdown_line is not None or any(kind == "SHOW" for kind, _, _ in self.reveals):
            # shown hands are turned up at the showdown, with every card the log gave them
            line = self.showdown_line or self.end_line or self.raw.first_line
            self.events.append(StreetStart(Street.SHOWDOWN, line))
            for kind, player, at in self.reveals:
                if kind == "SHOW":
                    cards = self.showdown_cards(player)
                    self.events.append(Show(Street.SHOWDOWN, player, cards, lows.get(player, ()), at))
                else:
                    self.events.append(Muck(Street.SHOWDOWN, player, True, at))
        else:  # the uncontested winner does not show
            street = self.street or Street.THIRD
            for _, player, at in self.reveals:
                self.events.append(Muck(street, player, False, at))
        self.pay(wins)

    def pay(self, wins: list[Node]) -> None:
        returned = [w for w in self.winners if w.attrs.get("uncalled") == "true"]
        for w in returned:
            self.events.append(UncalledReturn(self.player(w), self.amount(w), self.line(w)))
        excess: dict[str, Decimal] = {}
        if not returned and self.total:
            # older logs count the uncalled part of the last bet in the winner's amount
            ranked = sorted(self.total.items(), key=lambda item: item[1], reverse=True)
            top, second = ranked[0], ranked[1][1] if len(ranked) > 1 else _ZERO
            if top[1] > second and wins and any(self.player(w) == top[0] for w in wins):
                excess[top[0]] = top[1] - second
                self.events.append(UncalledReturn(top[0], top[1] - second, self.line(wins[0])))
        pots = sorted({w.attrs.get("potnumber", "") for w in wins}, key=lambda n: (len(n), n))
        for w in wins:
            player = self.player(w)
            amount = self.amount(w) - excess.pop(player, _ZERO)
            pot = None if len(pots) == 1 else pots.index(w.attrs.get("potnumber", ""))
            self.events.append(Collect(player, amount, pot, self.line(w)))
        # Merge prints no total pot and no rake: the total is what the players put in, the
        # rake what was not paid out of it (none when more was paid out than put in)
        line = self.end_line or self.raw.first_line
        total = sum(self.total.values(), _ZERO) - sum(
            (e.amount for e in self.events if isinstance(e, UncalledReturn)), _ZERO
        )
        paid = sum((e.amount for e in self.events if isinstance(e, Collect)), _ZERO)
        self.events.append(StreetStart(Street.SUMMARY, line))
        self.events.append(SummaryPot(total, None, (), max(total - paid, _ZERO), line))
