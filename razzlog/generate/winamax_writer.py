"""Write dealt hands as Winamax's razz hand histories look.

Formats follow the real Winamax logs (``tests/data/sites/winamax-*.txt``, from
fpdb's regression files, and the line shapes of its other games): the header
prints ante/small bet/big bet and the time in UTC; amounts carry the euro
sign after the number (``5€``, ``0.20€``), tournament chips none; other
players' down cards are ``X``; a raise prints what it adds to the street's
bet level and the total (``raises 25€ to 25€`` completes a bring-in, which
sets no level); ``*** ANTE/BLINDS ***`` holds the antes.

What Winamax prints differently, and what the dealer does about it under
Winamax's house rules (``house.py``): every hand at the showdown is shown; no
uncalled bet is returned in the log: its amount stays in the bettor's last
collection (or is collected alone from a side pot of its own, as in the real
hold'em log) and in the
total pot, which is printed after the rake; no muck line, no ``Betting is
capped``; the summary names only the players who showed or won.

Assumed (no real razz log shows them; docs/sites/winamax.md): a shown low is
described as ``(Low : 8-6-4-2-A)``; the tournament's name and table.
"""

from __future__ import annotations

from razzlog.generate import Event, Hand, SeatResult, Stakes, cards_text, money_text

STREET_TITLES = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET", 7: "7th STREET"}
ALL_IN = " and is all-in"
TOURNAMENT_NAME = "Razz Party"


def money(amount: int, stakes: Stakes) -> str:
    """``25€``, ``0.20€``; chips ``1500``."""
    text = money_text(amount, stakes)
    return text[1:] + "€" if stakes.cash else text


def hand_id(hand: Hand) -> str:
    """``9250793-444-1478990340``: table, hand number, Unix time (as Winamax's ids read)."""
    stamp = int(hand.played_at.timestamp())
    return f"{hand.hand_id // 100_000}-{hand.hand_id % 100_000}-{stamp}"


def low_description(desc: str) -> str:
    """``9,8,3,2,A`` -> ``Low : 9-8-3-2-A`` (assumed form)."""
    return "Low : " + desc.replace(",", "-")


def header(hand: Hand) -> list[str]:
    st, t = hand.stakes, hand.played_at
    when = f"{t.year}/{t.month:02d}/{t.day:02d} {t.hour:02d}:{t.minute:02d}:{t.second:02d} UTC"
    stakes = f"{money(st.ante, st)}/{money(st.small_bet, st)}/{money(st.big_bet, st)}"
    if st.cash:
        kind, table = "CashGame", hand.table
    else:
        kind = f'Tournament "{TOURNAMENT_NAME}" buyIn: {st.buy_in} level: {st.level}'
        table = f"{TOURNAMENT_NAME}({hand.tournament_id})#{hand.table}"
    lines = [
        f"Winamax Poker - {kind} - HandId: #{hand_id(hand)} - Razz fixed limit ({stakes}) - {when}",
        f"Table: '{table}' 8-max (real money)",
    ]
    lines += [f"Seat {s.seat}: {s.player} ({money(s.stack, st)})" for s in hand.seats]
    return [*lines, "*** ANTE/BLINDS ***"]


class _Writer:
    """One pass over a hand's events; it remembers what Winamax's lines depend on."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.st = hand.stakes
        self.level = 0  # the street's bet level (a bring-in sets none)
        self.up: dict[str, tuple[str, ...]] = {}  # others' cards as printed so far ("X", "8h"…)
        self.folded: set[str] = set()
        # the uncalled bet Winamax leaves in the pot: (player, amount)
        returns = [e for e in hand.events if e.kind == "uncalled"]
        self.uncalled = (returns[-1].player, returns[-1].amount) if returns else ("", 0)
        collects = [k for k, e in enumerate(hand.events) if e.kind == "collect"]
        mine = [k for k in collects if hand.events[k].player == self.uncalled[0]]
        self.merge_at = mine[-1] if mine and returns else -1  # the collection that takes it in
        # or a pot of its own, after the last collection
        self.alone_after = collects[-1] if collects and returns and not mine else -1
        self.side_pots = len(hand.pots) - 1 if hand.pots else 0

    def lines(self, k: int, e: Event) -> list[str]:
        m = money(e.amount, self.st)
        allin = ALL_IN if e.all_in else ""
        match e.kind:
            case "ante":
                return [f"{e.player} posts ante {m}{allin}"]
            case "bring-in":
                return [f"{e.player} brings in {m}{allin}"]
            case "street":
                self.level = 0
                lines = [f"*** {STREET_TITLES[e.street]} ***"]
                if e.street == 7:  # the others' down card, unseen
                    lines += [
                        f"Dealt to {p} [{' '.join(shown)}] [X]"
                        for p, shown in self.up.items()
                        if p not in self.folded
                    ]
                return lines
            case "deal":
                return [self.deal(e)]
            case "fold" | "check":
                if e.kind == "fold":
                    self.folded.add(e.player)
                return [f"{e.player} {e.kind}s"]
            case "call":
                return [f"{e.player} calls {m}{allin}"]
            case "bet":
                self.level = e.amount
                return [f"{e.player} bets {m}{allin}"]
            case "raise":
                added, self.level = e.to - self.level, e.to
                return [f"{e.player} raises {money(added, self.st)} to {money(e.to, self.st)}{allin}"]
            case "capped" | "uncalled" | "muck" | "noshow":
                return []  # Winamax prints none of these
            case "showdown":
                return ["*** SHOW DOWN ***"]
            case "show":
                return [f"{e.player} shows {cards_text(e.new)} ({low_description(e.desc)})"]
            case "collect":
                return self.collect(k, e)
        raise ValueError(f"unknown event kind {e.kind!r}")

    def deal(self, e: Event) -> str:
        if e.player == self.hand.hero:
            old = cards_text(e.old) + " " if e.old else ""
            return f"Dealt to {e.player} {old}{cards_text(e.new)}"
        shown = ("X", "X", *(str(c) for c in e.old))  # the down cards unseen
        self.up[e.player] = shown + tuple(str(c) for c in e.new)
        if not e.old:  # 3rd street: "[X X 8h]"
            return f"Dealt to {e.player} [{' '.join(self.up[e.player])}]"
        return f"Dealt to {e.player} [{' '.join(shown)}] {cards_text(e.new)}"

    def collect(self, k: int, e: Event) -> list[str]:
        player, excess = self.uncalled
        amount = e.amount + (excess if k == self.merge_at else 0)
        line = f"{e.player} collected {money(amount, self.st)} from {_pot_name(e.pot)}"
        if k != self.alone_after:
            return [line]
        pot = f"side pot {self.side_pots + 1}"
        return [line, f"{player} collected {money(excess, self.st)} from {pot}"]

    def total_pot(self) -> int:
        """The total Winamax prints: after the rake, with the uncalled bet."""
        return self.hand.total_pot - self.hand.rake + self.uncalled[1]


def _pot_name(pot: str) -> str:
    """``side pot-2`` -> ``side pot 2``."""
    return pot.replace("side pot-", "side pot ")


def result_line(r: SeatResult, st: Stakes, extra: int) -> str | None:
    """A summary line, or None for a player Winamax's summary leaves out (folded, mucked)."""
    head = f"Seat {r.seat}: {r.player}"
    match r.result:
        case "collected":
            return f"{head} won {money(r.amount + extra, st)}"
        case "won":
            desc = low_description(r.desc)
            return f"{head} showed {cards_text(r.cards)} and won {money(r.amount + extra, st)} with {desc}"
        case "lost":
            return f"{head} showed {cards_text(r.cards)} and lost with {low_description(r.desc)}"
        case "folded" | "mucked":
            return None
    raise ValueError(f"unknown seat result {r.result!r}")


def write_hand(hand: Hand) -> str:
    """One hand in Winamax's format, without a trailing newline."""
    w = _Writer(hand)
    lines = header(hand)
    for k, e in enumerate(hand.events):
        lines += w.lines(k, e)
    st = hand.stakes
    rake = f"Rake {money(hand.rake, st)}" if hand.rake else "No rake"
    lines += ["*** SUMMARY ***", f"Total pot {money(w.total_pot(), st)} | {rake}"]
    player, excess = w.uncalled
    merged = w.merge_at >= 0
    for r in hand.results:
        line = result_line(r, st, excess if merged and r.player == player else 0)
        if line is not None:
            lines.append(line)
    return "\n".join(lines)
