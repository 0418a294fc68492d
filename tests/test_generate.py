"""Tests of the synthetic dealer, its PokerStars writer and the violation injector.

Hands are checked from their *text* by a small referee written here,
independently of the dealer: chips, cards, lows, bring-in, cap, showdown order,
pot award, summary.  It returns the catalogue names of what it finds, so it also
checks that an injected violation is seen (and, for the rules it covers, alone).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.generate import RULES, generate_hands, generate_session, inject, write_hand
from razzlog.generate.stream import generate_labeled, generate_text, write_hands

SAMPLE_SEED = 20260102
STREETS = {"3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6, "RIVER": 7}
SUMMARY_STREETS = {"3rd Street": 3, "4th Street": 4, "5th Street": 5, "6th Street": 6, "River": 7}
RANKS = "A23456789TJQK"
AMOUNT = r"(\$?[\d.]+)"
# (cash?, small bet) -> (ante, bring-in), from the brief's stakes table
FORCED = {
    (True, 4): (1, 2),
    (True, 10): (2, 5),
    (True, 25): (5, 10),
    (True, 100): (10, 25),
    (True, 500): (50, 200),
    (False, 75): (15, 25),
    (False, 100): (20, 30),
    (False, 400): (80, 125),
}


def units(text: str) -> int:
    """'$1.33' -> 133 cents, '$2' -> 200, '584' -> 584 chips."""
    if text.startswith("$"):
        dollars, _, cents = text[1:].partition(".")
        return int(dollars) * 100 + int(cents.ljust(2, "0"))
    return int(text)


def low_of(cards: list[str]) -> list[int]:
    """Best low of seven cards with at least five ranks: the five lowest, high first."""
    return sorted({RANKS.index(c[0]) for c in cards})[:5][::-1]


def low_text(cards: list[str]) -> str:
    return ",".join(RANKS[r] for r in low_of(cards))


def board_key(cards: list[str]) -> tuple[list[int], list[int]]:
    """Face-up cards for low: fewer and smaller pairs first, then from the top."""
    n = Counter(RANKS.index(c[0]) for c in cards)
    return sorted(n.values(), reverse=True), sorted(n, key=lambda r: (-n[r], -r))


@dataclass
class Report:
    found: set[str] = field(default_factory=set)
    starts: dict[str, int] = field(default_factory=dict)
    ends: dict[str, int] = field(default_factory=dict)
    rake: int = 0
    table: str = ""
    features: set[str] = field(default_factory=set)
    # tournament results: (name, place, prize in cents, the winner's line?)
    finishes: list[tuple[str, int, int, bool]] = field(default_factory=list)


class Referee:
    """One pass over one hand's lines."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.rep = Report()
        self.seats: dict[str, int] = {}
        self.put: Counter[str] = Counter()
        self.back: Counter[str] = Counter()
        self.got: Counter[str] = Counter()
        self.committed: Counter[str] = Counter()
        self.known: dict[str, list[str | None]] = {}
        self.folded: dict[str, int] = {}
        self.doors: dict[str, str] = {}
        self.voluntary: set[str] = set()
        self.ante_all_in: set[str] = set()
        self.poster = ""
        self.hero = ""
        self.order: list[str] = []  # who showed or mucked, in order
        self.mucked: list[str] = []
        self.pot_wins: dict[str, Counter[str]] = {}
        self.street = self.count = self.level = 0
        self.river_aggr = ""
        self.prev = ""  # the last player who acted on this street
        self.antes: set[str] = set()

    def who(self, line: str, sep: str) -> tuple[str, str]:
        for n in sorted(self.seats, key=len, reverse=True):
            if line.startswith(n + sep):
                return n, line[len(n) + len(sep) :]
        raise AssertionError(f"no player in {line!r}")

    def run(self) -> Report:
        lines, rep = self.lines, self.rep
        assert re.match(r"PokerStars Hand #\d+: ", lines[0]), lines[0]
        m = re.search(r"\((\$?[\d.]+)/(\$?[\d.]+)( USD)?\) - ", lines[0])
        assert m, lines[0]
        self.small, self.big = units(m.group(1)), units(m.group(2))
        self.ante, self.bring_in = FORCED[(m.group(1).startswith("$"), self.small)]
        rep.table = re.fullmatch(r"Table '(.+)' 8-max", lines[1]).group(1)  # type: ignore[union-attr]
        k = 2
        while m := re.fullmatch(r"Seat (\d): (.+) \(" + AMOUNT + r" in chips\)", lines[k]):
            self.seats[m.group(2)] = int(m.group(1))
            rep.starts[m.group(2)] = units(m.group(3))
            self.known[m.group(2)] = [None] * 7
            k += 1
        self.stack = dict(rep.starts)
        while lines[k] != "*** SUMMARY ***":
            self.line(lines[k])
            k += 1
        if self.antes != set(self.seats):
            rep.found.add("missing-ante")
        self.summary(lines[k + 1 :])
        self.final_checks()
        rep.ends = {n: rep.starts[n] - self.put[n] + self.back[n] + self.got[n] for n in self.seats}
        return rep

    def line(self, line: str) -> None:
        if m := re.fullmatch(r"\*\*\* (.+) \*\*\*", line):
            self.street = STREETS.get(m.group(1), 8)
            self.count = self.level = 0
            self.committed.clear()
            self.prev = ""
        elif line == "Betting is capped":
            if self.count != 4:
                self.rep.found.add("cap-exceeded")
            self.rep.features.add("capped")
        elif line.startswith("Dealt to "):
            self.deal(*self.who(line[9:], " ["))
        elif m := re.fullmatch(r"Uncalled bet \(" + AMOUNT + r"\) returned to (.+)", line):
            name, amount = m.group(2), units(m.group(1))
            others = max((v for n, v in self.committed.items() if n != name), default=0)
            if amount != self.committed[name] - others:
                self.rep.found.add("uncalled-bet")
            self.committed[name] -= amount
            self.back[name] += amount
        elif m := re.fullmatch(r"(.+) collected " + AMOUNT + r" from (pot|main pot|side pot-\d)", line):
            self.got[m.group(1)] += units(m.group(2))
            self.pot_wins.setdefault(m.group(3), Counter())[m.group(1)] += units(m.group(2))
        elif m := re.fullmatch(
            r"(.+) finished the tournament in (\d+)(?:st|nd|rd|th) place"
            r"(?: and received \$([\d,]+\.\d\d)\.)?",
            line,
        ):
            prize = units("$" + m.group(3).replace(",", "")) if m.group(3) else 0
            self.rep.finishes.append((m.group(1), int(m.group(2)), prize, False))
        elif m := re.fullmatch(
            r"(.+) wins the tournament and receives \$([\d,]+\.\d\d)"
            r" - congratulations!",
            line,
        ):
            self.rep.finishes.append((m.group(1), 1, units("$" + m.group(2).replace(",", "")), True))
        else:
            self.action(*self.who(line, ": "))

    def deal(self, name: str, rest: str) -> None:
        groups = [g.split() for g in re.findall(r"\[([^]]*)\]", "[" + rest)]
        new, old = groups[-1], groups[0] if len(groups) == 2 else []
        if self.street == 3:
            self.doors[name] = new[-1]
            if len(new) == 3:
                self.hero = name
        first = 0 if name == self.hero else 2
        for j, c in enumerate(old + new):
            slot = first + j
            if self.known[name][slot] not in (None, c):
                self.rep.found.add("card-mismatch")
            self.known[name][slot] = c

    def action(self, name: str, act: str) -> None:
        rep, street = self.rep, self.street
        all_in = act.endswith(" and is all-in")
        act = act.removesuffix(" and is all-in")
        betting = act.split(" ")[0] in ("folds", "checks", "calls", "bets", "raises")
        if street <= 7 and (name in self.folded or (betting and self.stack[name] == 0)):
            rep.found.add("inactive-player-acted")
        elif street <= 7 and betting:
            if name != self.next_actor():
                rep.found.add("action-order")
            self.prev = name
        amount = 0
        unit = self.small if street <= 4 else self.big
        if m := re.fullmatch(r"posts the ante " + AMOUNT, act):
            amount = units(m.group(1))
            self.antes.add(name)
            if all_in:
                self.ante_all_in.add(name)
                rep.features.add("ante-all-in")
            if amount != self.ante and not (all_in and amount < self.ante):
                rep.found.add("ante-amount")
        elif m := re.fullmatch(r"brings in for " + AMOUNT, act):
            amount, self.poster, self.level = units(m.group(1)), name, units(m.group(1))
            self.prev = name
            if all_in:
                rep.features.add("bring-in-all-in")
            if amount != self.bring_in and not (all_in and amount < self.bring_in):
                rep.found.add("bring-in-amount")
        elif m := re.fullmatch(r"(calls|bets) " + AMOUNT, act):
            amount = units(m.group(2))
            if m.group(1) == "bets":
                if self.level or (amount != unit and not (all_in and amount < unit)):
                    rep.found.add("bet-size")
                self.aggression(name, amount)
            elif self.committed[name] + amount != self.level and not (
                all_in and self.committed[name] + amount < self.level
            ):
                rep.found.add("call-amount")
        elif m := re.fullmatch(r"raises " + AMOUNT + " to " + AMOUNT, act):
            to = units(m.group(2))
            want = self.small if street == 3 and self.count == 0 else self.level + unit
            if to - units(m.group(1)) != self.level or (to != want and not (all_in and to < want)):
                rep.found.add("bet-size")
            amount = to - self.committed[name]
            self.aggression(name, to)
        elif act == "folds":
            self.folded[name] = street
        elif act == "checks":
            if self.level > self.committed[name]:
                rep.found.add("illegal-check")
        elif m := re.fullmatch(r"shows \[(.+)\] \(Lo: (.+)\)", act):
            cards = m.group(1).split()
            self.order.append(name)
            if m.group(2) != low_text(cards):
                rep.found.add("hand-description")
            for j, c in enumerate(cards):
                if self.known[name][j] not in (None, c):
                    rep.found.add("card-mismatch")
                self.known[name][j] = c
        elif act == "mucks hand":
            rep.features.add("muck")
            self.order.append(name)
            self.mucked.append(name)
        if amount:
            self.put[name] += amount
            self.stack[name] -= amount
            if act.startswith("posts"):
                return
            self.committed[name] += amount
            if street == 3:
                self.voluntary.add(name)
            if self.stack[name] < 0 or (self.stack[name] == 0) != all_in:
                rep.found.add("stack-overdraw")
            if all_in:
                rep.features.add("all-in")

    def next_actor(self) -> str:
        """Clockwise after the last actor (3rd street: after the bring-in); on a new
        street the best low board opens, passing clockwise if that player is all-in."""
        order = sorted(self.seats, key=self.seats.__getitem__)
        live = [n for n in order if n not in self.folded]
        prev = self.prev
        if not prev:
            up = slice(2, min(self.street, 6))
            best = min(
                live,
                key=lambda n: (
                    board_key(self.known[n][up]),  # type: ignore[arg-type]
                    self.seats[n],
                ),
            )
            if self.stack[best] > 0:
                return best
            prev = best
        i = order.index(prev)
        return next(n for n in order[i + 1 :] + order[: i + 1] if n not in self.folded and self.stack[n] > 0)

    def aggression(self, name: str, level: int) -> None:
        self.count += 1
        self.level = level
        if self.count > 4:
            self.rep.found.add("cap-exceeded")
        if self.street == 7:
            self.river_aggr = name

    def summary(self, lines: list[str]) -> None:
        rep = self.rep
        m = re.fullmatch(r"Total pot " + AMOUNT + r"(?: Main pot (.+)\.)? \| Rake " + AMOUNT, lines[0])
        assert m, lines[0]
        total, rep.rake = units(m.group(1)), units(m.group(3))
        put = sum(self.put.values()) - sum(self.back.values())
        if total != put or total != sum(self.got.values()) + rep.rake:
            rep.found.add("pot-total")
        if m.group(2):
            rep.features.add("side-pot")
            pots = [units(p.rsplit(" ", 1)[1]) for p in ("Main pot " + m.group(2)).split(". ")]
            if sum(pots) != total - rep.rake:
                rep.found.add("pot-total")
        if any(len(w) > 1 for w in self.pot_wins.values()):
            rep.features.add("split")
        assert len(lines) == len(self.seats) + 1, lines
        for line in lines[1:]:
            name = next(
                n
                for n in sorted(self.seats, key=len, reverse=True)
                if line.startswith(f"Seat {self.seats[n]}: {n} ")
            )
            rest = line[len(f"Seat {self.seats[name]}: {name} ") :]
            if m := re.fullmatch(r"folded on the (.+?)( \(didn't bet\))?", rest):
                ok = self.folded.get(name) == SUMMARY_STREETS[m.group(1)]
                ok &= bool(m.group(2)) == (self.folded.get(name) == 3 and name not in self.voluntary)
            elif m := re.fullmatch(r"(?:collected|showed \[.+\] and won) \(" + AMOUNT + r"\).*", rest):
                ok = units(m.group(1)) == self.got[name]
            else:
                ok = self.got[name] == 0 and name not in self.folded
            if not ok:
                rep.found.add("summary-mismatch")

    def final_checks(self) -> None:
        rep = self.rep
        every = [c for cs in self.known.values() for c in cs if c is not None]
        if len(every) != len(set(every)):
            rep.found.add("duplicate-card")
        order = sorted(self.seats, key=self.seats.__getitem__)
        top = max(order, key=lambda n: (RANKS.index(self.doors[n][0]), "cdhs".index(self.doors[n][1])))
        i = order.index(top)
        if self.poster != next(n for n in order[i:] + order[:i] if n not in self.ante_all_in):
            rep.found.add("bring-in-player")
        if not self.order:
            return
        live = [n for n in order if n not in self.folded]
        i = live.index(self.river_aggr or live[0])
        if self.order != live[i:] + live[:i]:
            rep.found.add("showdown-order")
        shown = [n for n in self.order if n not in self.mucked]
        if "pot" in self.pot_wins:  # a single pot: its winners have the best shown low
            best = min(low_of(self.known[n]) for n in shown)  # type: ignore[arg-type]
            winners = {n for n in shown if low_of(self.known[n]) == best}  # type: ignore[arg-type]
            if set(self.pot_wins["pot"]) != winners:
                rep.found.add("pot-award")
            hero = self.known.get(self.hero, [])
            if self.hero in self.mucked and all(hero) and low_of(hero) < best:  # type: ignore[arg-type]
                rep.found.add("mucked-winner")


def referee(text: str) -> Report:
    return Referee(text).run()


@pytest.fixture(scope="module")
def sample() -> list:  # type: ignore[type-arg]
    return list(generate_hands(SAMPLE_SEED, 2000))


def test_same_seed_same_bytes() -> None:
    assert generate_text(5, 40) == generate_text(5, 40)
    assert generate_text(5, 40) != generate_text(6, 40)
    assert generate_text(5, 40).endswith("\n")


def test_every_hand_is_legal_and_consistent(sample: list) -> None:  # type: ignore[type-arg]
    for hand in sample:
        text = write_hand(hand)
        rep = referee(text)
        assert rep.found == set(), (rep.found, text)
        assert rep.ends == hand.end_stacks, text
        assert min(rep.ends.values()) >= 0
        assert sum(rep.starts.values()) == sum(rep.ends.values()) + rep.rake
        assert "*** SUMMARY ***" in text
        assert rep.rake == 0 or hand.stakes.cash
        dealt = [c for cs in hand.cards.values() for c in cs]
        assert len(dealt) == len(set(dealt)) <= 52
        # a tournament hand names every player it busted, a cash game nobody
        busted = {name for name, chips in rep.ends.items() if chips == 0}
        finished = {name for name, _, _, winner in rep.finishes if not winner}
        assert finished == (set() if hand.stakes.cash else busted), text
        for name, place, _, winner in rep.finishes:
            assert (place == 1) if winner else place >= 2, text
            assert (rep.ends[name] > 0) == winner, text


def test_features_occur_in_a_sample(sample: list) -> None:  # type: ignore[type-arg]
    seen = Counter(f for hand in sample for f in referee(write_hand(hand)).features)
    for feature in ("side-pot", "all-in", "capped", "split", "muck", "ante-all-in", "bring-in-all-in"):
        assert seen[feature] > 0, (feature, seen)
    text = write_hands(sample)
    for shape in (
        " and is all-in",
        "Betting is capped",
        "from side pot-1",
        "from main pot",
        ": mucks hand",
        ": doesn't show hand",
        "Uncalled bet (",
        "Tournament #",
        "(didn't bet)",
        "folded on the River",
        "Rake 0\n",
        "*** RIVER ***",
    ):
        assert shape in text, shape
    assert max(len(h.seats) for h in sample) == 8 and min(len(h.seats) for h in sample) == 2


def test_sessions_carry_stacks() -> None:
    hands = list(generate_session(11, 80, players=(5, 8)))
    assert len({h.table for h in hands}) == 1
    for before, after in itertools.pairwise(hands):
        ends = referee(write_hand(before)).ends
        starts = referee(write_hand(after)).starts
        for name, stack in starts.items():
            if name in ends:
                assert stack == ends[name], (name, before.hand_id)
            assert stack > 0
    ids = [h.hand_id for h in hands]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)


def test_text_shapes() -> None:
    text = generate_text(3, 30)
    hands = text.split("\n\n\n")
    assert len(hands) == 30
    for hand in hands:
        first = hand.split("\n")[0]
        assert re.fullmatch(
            r"PokerStars Hand #\d+: ( Razz Limit \(\$[\d.]+/\$[\d.]+ USD\)|"
            r"Tournament #\d+, \$\d+\+\$\d+ USD Razz Limit - Level [IVXL]+ \(\d+/\d+\)) - "
            r"\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d ET",
            first,
        ), first
        assert "\n\n" not in hand.strip("\n")


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_any_seed_gives_legal_hands(seed: int) -> None:
    text = generate_text(seed, 12)
    assert text == generate_text(seed, 12)
    for hand in text.rstrip("\n").split("\n\n\n"):
        assert referee(hand).found == set(), hand


@pytest.mark.parametrize("rule", RULES)
def test_injection_changes_one_thing(sample: list, rule: str) -> None:  # type: ignore[type-arg]
    rng = random.Random(rule)
    done = 0
    for hand in sample[:800]:
        if done == 40:
            break
        changed = inject(hand, rule, rng)
        if changed is None:
            continue
        before, after = write_hand(hand), write_hand(changed)
        assert after != before
        assert write_hand(hand) == before  # the legal hand is untouched
        found = referee(after).found
        assert found == {rule}, (found, after)
        done += 1
    assert done > 0, rule


def test_labeled_generation() -> None:
    text, labels = generate_labeled(9, 300, violations=0.2)
    assert (text, labels) == generate_labeled(9, 300, violations=0.2)
    assert 30 <= len(labels) <= 90
    hands = {h.split(":")[0].split("#")[1]: h for h in text.rstrip("\n").split("\n\n\n")}
    for label in labels:
        assert label["rule"] in RULES
        assert referee(hands[label["hand_id"]]).found == {label["rule"]}
    bad = {label["hand_id"] for label in labels}
    for hand_id, hand in hands.items():
        if hand_id not in bad:
            assert referee(hand).found == set()
