"""Write dealt hands exactly as Full Tilt Poker's razz hand histories look.

Formats follow the real Full Tilt logs (``samples/fulltilt-*.utf16.txt``, and
the line shapes of its other stud games): the header prints the ante and the
time in ET; actions have no colon (``NAME bets $0.10``); a raise prints only
the street total (``raises to $0.40``) and the first raise of 3rd street is
``completes it to``; ``NAME is high with [Ks]`` names the bring-in; amounts
carry thousands separators (``1,500``, ``$1,250.50``); the summary lists main
and side pots before the rake and shows mucked hands (``mucked [..] - 8,7,5,3,A``).

What Full Tilt prints differently from PokerStars, and what the dealer does
about it under Full Tilt's house rules (``house.py``): no ``Betting is capped``
line; no ``*** SHOW DOWN ***`` header when the hands were turned up early
(everyone but one all-in); an uncontested winner ``mucks`` before ``wins the
pot``; a split pot is ``ties for the pot``; no ``(didn't bet)`` in the summary.
"""

from __future__ import annotations

from razzlog.cards import Card
from razzlog.generate import Event, Hand, SeatResult, Stakes, cards_text, low_text, money_text

STREET_TITLES = {3: "3RD", 4: "4TH", 5: "5TH", 6: "6TH", 7: "7TH"}
FOLD_STREETS = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
ALL_IN = ", and is all in"


def money(amount: int, stakes: Stakes) -> str:
    return money_text(amount, stakes, ",")


def header(hand: Hand) -> list[str]:
    st, t = hand.stakes, hand.played_at
    when = f"{t.hour}:{t.minute:02d}:{t.second:02d} ET - {t.year}/{t.month:02d}/{t.day:02d}"
    game = f"{money(st.small_bet, st)}/{money(st.big_bet, st)} Ante {money(st.ante, st)} - Limit Razz"
    where = f"Table {hand.table}"
    if not st.cash:  # "$2+$0.10" is printed "$2 + $0.10 Sit & Go (220338000), Table 1"
        where = f"{st.buy_in.replace('+', ' + ')} Sit & Go ({hand.tournament_id}), {where}"
    lines = [f"Full Tilt Poker Game #{hand.hand_id}: {where} - {game} - {when}"]
    lines += [f"Seat {s.seat}: {s.player} ({money(s.stack, st)})" for s in hand.seats]
    return lines


def _deal_line(e: Event) -> str:
    if not e.old and len(e.new) == 3:  # the hero's 3rd street: the down cards, then the door card
        return f"Dealt to {e.player} {cards_text(e.new[:2])} {cards_text(e.new[2:])}"
    old = cards_text(e.old) + " " if e.old else ""
    return f"Dealt to {e.player} {old}{cards_text(e.new)}"


class _Writer:
    """One pass over a hand's events; it remembers what Full Tilt's lines depend on."""

    def __init__(self, hand: Hand) -> None:
        self.st = hand.stakes
        self.street = 0
        self.raised = False  # a raise was made on this street (the first on 3rd completes)
        self.shown_early = False
        self.doors: dict[str, Card] = {}
        self.lows: dict[str, str] = {}  # what each player showed at the showdown
        self.pot_winners: dict[str, int] = {}
        for e in hand.events:
            if e.kind == "deal" and not e.old:
                self.doors[e.player] = e.new[-1]
            elif e.kind == "show" and e.desc:
                self.lows[e.player] = e.desc
            elif e.kind == "collect":
                self.pot_winners[e.pot] = self.pot_winners.get(e.pot, 0) + 1
        self.pots = len({e.pot for e in hand.events if e.kind == "collect"})

    def lines(self, e: Event) -> list[str]:
        m = money(e.amount, self.st)
        allin = ALL_IN if e.all_in else ""
        match e.kind:
            case "ante":
                return [f"{e.player} antes {m}{allin}"]
            case "bring-in":
                high = f"{e.player} is high with {cards_text([self.doors[e.player]])}"
                return [high, f"{e.player} brings in for {m}{allin}"]
            case "street":
                self.street, self.raised = e.street, False
                return [f"*** {STREET_TITLES[e.street]} STREET ***"]
            case "deal":
                return [_deal_line(e)]
            case "fold" | "check":
                return [f"{e.player} {e.kind}s"]
            case "call" | "bet":
                return [f"{e.player} {e.kind}s {m}{allin}"]
            case "raise":
                verb = "completes it to" if self.street == 3 and not self.raised else "raises to"
                self.raised = True
                return [f"{e.player} {verb} {money(e.to, self.st)}{allin}"]
            case "capped":
                return []  # Full Tilt does not say so
            case "uncalled":
                return [f"Uncalled bet of {m} returned to {e.player}"]
            case "showdown":
                return [] if self.shown_early else ["*** SHOW DOWN ***"]
            case "show":
                self.shown_early |= not e.desc
                return [f"{e.player} shows {cards_text(e.new)}" + (f" {e.desc}" if e.desc else "")]
            case "muck" | "noshow":
                return [f"{e.player} mucks"]
            case "collect":
                return [self.collect(e, m)]
        raise ValueError(f"unknown event kind {e.kind!r}")

    def collect(self, e: Event, m: str) -> str:
        # "pot", "main pot", "side pot-1"; a second side pot is in none of the real
        # logs (the dealer deals none): numbered like the summary's, "side pot #2".
        pot = e.pot.replace("side pot-1", "side pot") if self.pots <= 2 else e.pot.replace("-", " #")
        verb = "ties for" if self.pot_winners[e.pot] > 1 else "wins"
        low = self.lows.get(e.player, "")
        return f"{e.player} {verb} the {pot} ({m})" + (f" with {low}" if low else "")


def result_line(r: SeatResult, st: Stakes, mucked: bool) -> str:
    head = f"Seat {r.seat}: {r.player}"
    match r.result:
        case "folded":
            return f"{head} folded on {FOLD_STREETS[r.street]} St."
        case "collected":
            return f"{head} collected ({money(r.amount, st)})" + (", mucked" if mucked else "")
        case "won":
            return f"{head} showed {cards_text(r.cards)} and won ({money(r.amount, st)}) with {r.desc}"
        case "lost":
            return f"{head} showed {cards_text(r.cards)} and lost with {r.desc}"
        case "mucked":
            if not r.cards:
                return f"{head} mucked"
            return f"{head} mucked {cards_text(r.cards)} - {r.desc or low_text(r.cards)}"
    raise ValueError(f"unknown seat result {r.result!r}")


def pot_line(hand: Hand) -> str:
    """``Total pot $2.14 Main pot $0.90. Side pot $1.24. | Rake $0.10``: the pots
    before the rake (they add up to the total, as Full Tilt prints them)."""
    st = hand.stakes
    line = f"Total pot {money(hand.total_pot, st)}"
    pots = [a + (hand.rake if k == hand.raked_pot else 0) for k, a in enumerate(hand.pots)]
    if pots:
        line += f" Main pot {money(pots[0], st)}."
        for k, a in enumerate(pots[1:], 1):
            line += f" Side pot{f' #{k}' if len(pots) > 2 else ''} {money(a, st)}."
    return f"{line} | Rake {money(hand.rake, st)}"


def write_hand(hand: Hand) -> str:
    """One hand in Full Tilt's format, without a trailing newline."""
    w = _Writer(hand)
    lines = header(hand)
    for e in hand.events:
        lines += w.lines(e)
    lines += ["*** SUMMARY ***", pot_line(hand)]
    no_show = {e.player for e in hand.events if e.kind == "noshow"}
    lines += [result_line(r, hand.stakes, r.player in no_show) for r in hand.results]
    return "\n".join(lines)
