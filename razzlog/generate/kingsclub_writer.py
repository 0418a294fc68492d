"""Write dealt hands exactly as KingsClub's razz hand histories look.

Formats follow the real KingsClub logs (fpdb's regression files; see
``docs/sites/kingsclub.md``): a header ``#39969356: Limit Razz - 40/80``, the
date and time alone on the next line, ``Table 'NAME'``; amounts without a
currency symbol, thousands grouped (``1,060.38``, ``1,000``); ``NAME: posts
ante 10``; no header for 3rd street and the later ones one short (``*** 3RD
STREET ***`` opens 4th street); other players' unseen cards as ``X``
(``Dealt to NAME: [X X Tc]``, ``Dealt to NAME: [X]`` on 7th street) and only
the new card on 4th to 6th street; ``bets X`` on 3rd street completes, and
``calls X`` / ``raises to X`` give the street's total; ``, and is all in``.

What KingsClub leaves out: no ``Uncalled bet`` line, no ``Betting is capped``,
no showdown header and no hand description; a hand turned up when all but one
are all in is not shown again after the last cards.  The summary lists each
seat's ending stack and net, the rake (when there is one) and then the pots:
one ``NAME wins pot (X)`` line for a winner of every pot (as the real
multi-pot log prints it), else ``wins pot`` for the main pot and ``wins side
pot N`` for the others (the form fpdb's reader accepts; no real log shows it).
"""

from __future__ import annotations

from razzlog.generate import Event, Hand, Stakes, cards_text, money_text

STREET_TITLES = {4: "3RD", 5: "4TH", 6: "5TH", 7: "6TH"}  # one short: KingsClub's numbering
ALL_IN = ", and is all in"


def money(amount: int, stakes: Stakes) -> str:
    """``1,060.38``, ``40`` (whole dollars without cents), chips as plain integers."""
    return money_text(amount, stakes, ",").lstrip("$")


def header(hand: Hand) -> list[str]:
    st, t = hand.stakes, hand.played_at
    return [
        f"#{hand.hand_id}: Limit Razz - {money(st.small_bet, st)}/{money(st.big_bet, st)}",
        f"{t.year}-{t.month:02d}-{t.day:02d} {t.hour:02d}:{t.minute:02d}:{t.second:02d}",
        f"Table '{hand.table}'",
        *(f"Seat {s.seat}: {s.player} ({money(s.stack, st)})" for s in hand.seats),
    ]


class _Writer:
    """One pass over a hand's events; it remembers what KingsClub's lines depend on."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.st = hand.stakes
        self.street = 0
        self.raised = False  # a raise was made on this street (the first on 3rd completes)
        self.put: dict[str, int] = {}  # each player's total on this street
        self.live = [s.player for s in hand.seats]
        self.shown_early: set[str] = set()
        self.collects: list[Event] = []

    def lines(self, e: Event) -> list[str]:
        st = self.st
        allin = ALL_IN if e.all_in else ""
        match e.kind:
            case "ante":
                return [f"{e.player}: posts ante {money(e.amount, st)}{allin}"]
            case "street":
                self.street, self.put, self.raised = e.street, {}, False
                if e.street == 3:
                    return []  # 3rd street has no header
                lines = [f"*** {STREET_TITLES[e.street]} STREET ***"]
                if e.street == 7:  # the down card: seen by the hero only
                    lines += [self.seventh(p) for p in self.live]
                return lines
            case "deal":
                if self.street == 7:
                    return []  # written with the street's header, in seat order
                if self.street == 3 and e.player != self.hand.hero:
                    return [f"Dealt to {e.player}: [X X {e.new[-1]}]"]
                return [f"Dealt to {e.player}: {cards_text(e.new)}"]
            case "fold":
                self.live.remove(e.player)
                return [f"{e.player} folds"]
            case "check":
                return [f"{e.player} checks"]
            case "bring-in":
                self.put[e.player] = e.amount
                return [f"{e.player} brings in for {money(e.amount, st)}{allin}"]
            case "call" | "bet":
                total = self.put.get(e.player, 0) + e.amount
                self.put[e.player] = total
                return [f"{e.player} {e.kind}s {money(total, st)}{allin}"]
            case "raise":
                # the first raise on 3rd street completes the bring-in: "bets X"
                complete = self.street == 3 and not self.raised
                self.put[e.player], self.raised = e.to, True
                verb = "bets" if complete else "raises to"
                return [f"{e.player} {verb} {money(e.to, st)}{allin}"]
            case "capped" | "uncalled" | "showdown" | "muck" | "noshow":
                return []  # KingsClub prints none of these
            case "show":
                if not e.desc:
                    self.shown_early.add(e.player)  # turned up: shown before the last cards
                elif e.player in self.shown_early:
                    return []  # not shown again after the last cards
                return [f"{e.player} shows {cards_text(e.new)}"]
            case "collect":
                self.collects.append(e)
                return []
        raise ValueError(f"unknown event kind {e.kind!r}")

    def seventh(self, player: str) -> str:
        if player == self.hand.hero:
            return f"Dealt to {player}: {cards_text(self.hand.cards[player][6:7])}"
        return f"Dealt to {player}: [X]"

    def pot_lines(self) -> list[str]:
        st = self.st
        winners = {e.player for e in self.collects}
        if len(winners) == 1:
            (player,) = winners
            return [f"{player} wins pot ({money(sum(e.amount for e in self.collects), st)})"]
        out = []
        for e in self.collects:
            pot = "side pot " + e.pot.rsplit("-", 1)[1] if e.pot.startswith("side pot") else "pot"
            out.append(f"{e.player} wins {pot} ({money(e.amount, st)})")
        return out


def net_text(net: int, stakes: Stakes) -> str:
    """``+49``, ``-1,250``, ``0``."""
    if net == 0:
        return "0"
    return ("+" if net > 0 else "-") + money(abs(net), stakes)


def write_hand(hand: Hand) -> str:
    """One hand in KingsClub's format, without a trailing newline."""
    w = _Writer(hand)
    st = hand.stakes
    lines = header(hand)
    for e in hand.events:
        lines += w.lines(e)
    lines.append("*** SUMMARY ***")
    for s in hand.seats:
        end = hand.end_stacks[s.player]
        lines.append(f"Seat {s.seat}: {s.player} ({money(end, st)}) {net_text(end - s.stack, st)}")
    if hand.rake:
        lines.append(f"Rake {money(hand.rake, st)}")
    lines += w.pot_lines()
    return "\n".join(lines)
