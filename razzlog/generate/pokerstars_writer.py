"""Write dealt hands exactly as PokerStars' razz hand histories look.

Formats follow ``shared/samples/pokerstars-*.txt``: cash amounts as ``$0.39``
(whole dollars as ``$2``, zero as ``$0``), tournament chips as plain integers;
hands separated by two blank lines; the text ends with a newline.

Conventions where the samples show no example: a pot with side pots is always
numbered (``side pot-1`` even if there is only one); the summary lists pot
amounts after the rake; a mucked hand of a player other than the hero is
summarised as ``Seat N: NAME mucked``; a winner without showdown never shows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence

from razzlog.cards import Card
from razzlog.generate import Event, Hand, SeatResult, Stakes
from razzlog.generate.dealer import generate_hands
from razzlog.generate.inject import RULES, inject

STREET_TITLES = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET", 7: "RIVER"}
STREET_NAMES = {3: "3rd Street", 4: "4th Street", 5: "5th Street", 6: "6th Street", 7: "River"}


def money(amount: int, stakes: Stakes) -> str:
    if not stakes.cash:
        return str(amount)
    dollars, cents = divmod(amount, 100)
    return f"${dollars}" if cents == 0 else f"${dollars}.{cents:02d}"


def cards_text(cards: Sequence[Card]) -> str:
    return "[" + " ".join(str(c) for c in cards) + "]"


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


def write_hand(hand: Hand) -> str:
    """One hand in PokerStars' format, without a trailing newline."""
    st = hand.stakes
    lines = header(hand)
    lines += [event_line(e, st) for e in hand.events]
    lines.append("*** SUMMARY ***")
    total = f"Total pot {money(hand.total_pot, st)}"
    if hand.pots:
        parts = [f"Main pot {money(hand.pots[0], st)}."]
        parts += [f"Side pot-{k} {money(a, st)}." for k, a in enumerate(hand.pots[1:], 1)]
        total += " " + " ".join(parts)
    lines.append(f"{total} | Rake {money(hand.rake, st)}")
    lines += [result_line(r, st) for r in hand.results]
    return "\n".join(lines)


def write_hands(hands: Sequence[Hand]) -> str:
    return "\n\n\n".join(write_hand(h) for h in hands) + "\n"


def stream_labeled(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    site: str = "pokerstars",
    violations: float = 0.0,
    rules: Sequence[str] = RULES,
    hero: str = "Hero",
) -> Iterator[tuple[str, list[dict[str, str]]]]:
    """Hand by hand: the text of each hand (with its separator) and the labels of
    the violations injected since the previous one.

    A fraction ``violations`` of the hands (chosen by a second generator seeded
    from ``seed``) gets exactly one violation of a rule drawn from ``rules``
    (other rules are tried when the hand has no place for it); the table then
    goes on from the stacks the injected hand implies.  Streams, so millions of
    hands need no more memory than one.
    """
    if site != "pokerstars":
        raise ValueError(f"no writer for site {site!r}")
    picker = random.Random(f"{seed}/violations")
    pending: list[dict[str, str]] = []

    def mutate(hand: Hand) -> Hand:
        if violations <= 0 or picker.random() >= violations:
            return hand
        for rule in picker.sample(list(rules), len(rules)):
            changed = inject(hand, rule, picker)
            if changed is not None:
                pending.append({"hand_id": str(hand.hand_id), "rule": rule})
                return changed
        return hand

    for i, hand in enumerate(generate_hands(seed, hands, players, hero, mutate)):
        labels, pending[:] = list(pending), []
        yield ("" if i == 0 else "\n\n\n") + write_hand(hand) + ("\n" if i == hands - 1 else ""), labels


def generate_labeled(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    site: str = "pokerstars",
    violations: float = 0.0,
    rules: Sequence[str] = RULES,
    hero: str = "Hero",
) -> tuple[str, list[dict[str, str]]]:
    """``hands`` hands of text and one label per injected violation (see ``stream_labeled``)."""
    parts: list[str] = []
    labels: list[dict[str, str]] = []
    for text, new_labels in stream_labeled(seed, hands, players, site, violations, rules, hero):
        parts.append(text)
        labels.extend(new_labels)
    return "".join(parts), labels


def generate_text(
    seed: int,
    hands: int,
    players: tuple[int, int] = (2, 8),
    site: str = "pokerstars",
    violations: float = 0.0,
) -> str:
    """``hands`` legal hands (or with injected violations); same seed, same bytes."""
    return generate_labeled(seed, hands, players, site, violations)[0]


def labels_jsonl(labels: Sequence[dict[str, str]]) -> str:
    return "".join(json.dumps(label, ensure_ascii=False) + "\n" for label in labels)
