"""Write dealt hands exactly as PokerStars' razz hand histories look.

Formats follow ``shared/samples/pokerstars-*.txt``: cash amounts as ``$0.39``
(whole dollars as ``$2``, zero as ``$0``), tournament chips as plain integers;
hands separated by two blank lines; the text ends with a newline.

Conventions where the samples show no example: a pot with side pots is always
numbered (``side pot-1`` even if there is only one); the summary lists pot
amounts after the rake; a mucked hand of a player other than the hero is
summarised as ``Seat N: NAME mucked``; a winner without showdown never shows.

Tournament results (``Hand.finishes``) come after the pots are awarded, just
before the summary, busted players first (in seat order), then the winner, in
the forms of fpdb's regression files (``tour/Stars/Flop/NLHE-USD-STT-20-201006.
DONturbo.txt``, ``…5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.
won.txt``): prizes always with cents, thousands separated by commas.
"""

from __future__ import annotations

from razzlog.generate import Event, Finish, Hand, SeatResult, Stakes, cards_text, money_text

STREET_TITLES = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET", 7: "RIVER"}
STREET_NAMES = {3: "3rd Street", 4: "4th Street", 5: "5th Street", 6: "6th Street", 7: "River"}


def money(amount: int, stakes: Stakes) -> str:
    return money_text(amount, stakes)


def header(hand: Hand) -> list[str]:
    st, t = hand.stakes, hand.played_at
    when = f"{t.year}/{t.month:02d}/{t.day:02d} {t.hour}:{t.minute:02d}:{t.second:02d} ET"
    limits = f"{money(st.small_bet, st)}/{money(st.big_bet, st)}"
    if st.cash:
        first = f"PokerStars Hand #{hand.hand_id}:  Razz Limit ({limits} USD) - {when}"
    else:
        first = (
            f"PokerStars Hand #{hand.hand_id}: Tournament #{hand.tournament_id}, "
            f"{st.buy_in} USD Razz Limit - Level {st.level} ({limits}) - {when}"
        )
    lines = [first, f"Table '{hand.table}' 8-max"]
    lines += [f"Seat {s.seat}: {s.player} ({money(s.stack, st)} in chips)" for s in hand.seats]
    return lines


def event_line(e: Event, st: Stakes) -> str:
    m = money(e.amount, st)
    allin = " and is all-in" if e.all_in else ""
    match e.kind:
        case "ante":
            return f"{e.player}: posts the ante {m}{allin}"
        case "bring-in":
            return f"{e.player}: brings in for {m}{allin}"
        case "street":
            return f"*** {STREET_TITLES[e.street]} ***"
        case "deal":
            old = cards_text(e.old) + " " if e.old else ""
            return f"Dealt to {e.player} {old}{cards_text(e.new)}"
        case "fold" | "check":
            return f"{e.player}: {e.kind}s"
        case "call" | "bet":
            return f"{e.player}: {e.kind}s {m}{allin}"
        case "raise":
            return f"{e.player}: raises {m} to {money(e.to, st)}{allin}"
        case "capped":
            return "Betting is capped"
        case "uncalled":
            return f"Uncalled bet ({m}) returned to {e.player}"
        case "showdown":
            return "*** SHOW DOWN ***"
        case "show":
            return f"{e.player}: shows {cards_text(e.new)} (Lo: {e.desc})"
        case "muck":
            return f"{e.player}: mucks hand"
        case "collect":
            return f"{e.player} collected {m} from {e.pot}"
        case "noshow":
            return f"{e.player}: doesn't show hand"
    raise ValueError(f"unknown event kind {e.kind!r}")


def result_line(r: SeatResult, st: Stakes) -> str:
    head = f"Seat {r.seat}: {r.player}"
    match r.result:
        case "folded":
            return f"{head} folded on the {STREET_NAMES[r.street]}" + (" (didn't bet)" if r.didnt_bet else "")
        case "collected":
            return f"{head} collected ({money(r.amount, st)})"
        case "won":
            return f"{head} showed {cards_text(r.cards)} and won ({money(r.amount, st)}) with Lo: {r.desc}"
        case "lost":
            return f"{head} showed {cards_text(r.cards)} and lost with Lo: {r.desc}"
        case "mucked":
            return f"{head} mucked {cards_text(r.cards)}" if r.cards else f"{head} mucked"
    raise ValueError(f"unknown seat result {r.result!r}")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def prize_text(cents: int) -> str:
    """A prize as the result lines print it: always with cents (``$40.00``, ``$1,234.50``)."""
    dollars, cents = divmod(cents, 100)
    return f"${dollars:,}.{cents:02d}"


def finish_line(f: Finish) -> str:
    """A tournament result, as in fpdb's regression files (tour/Stars/…: DONturbo,
    5-Card-PLO-6max-MTT-USD-12.30-12.25-2.45-201611.progressive.won)."""
    if f.winner:
        return f"{f.player} wins the tournament and receives {prize_text(f.prize)} - congratulations!"
    line = f"{f.player} finished the tournament in {ordinal(f.place)} place"
    return line + (f" and received {prize_text(f.prize)}." if f.prize else "")


def write_hand(hand: Hand) -> str:
    """One hand in PokerStars' format, without a trailing newline."""
    st = hand.stakes
    lines = header(hand)
    lines += [event_line(e, st) for e in hand.events]
    lines += [finish_line(f) for f in hand.finishes]
    lines.append("*** SUMMARY ***")
    total = f"Total pot {money(hand.total_pot, st)}"
    if hand.pots:
        parts = [f"Main pot {money(hand.pots[0], st)}."]
        parts += [f"Side pot-{k} {money(a, st)}." for k, a in enumerate(hand.pots[1:], 1)]
        total += " " + " ".join(parts)
    lines.append(f"{total} | Rake {money(hand.rake, st)}")
    lines += [result_line(r, st) for r in hand.results]
    return "\n".join(lines)
