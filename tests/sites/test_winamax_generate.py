"""Winamax hands from the independent dealer: legal under Winamax's profile,
parsed back to exactly what was dealt, and every injected violation found alone.

* a corpus of 1,500 hands and hypothesis-chosen seeds audit clean under
  ``--profile auto`` (which picks ``winamax`` from the header);
* the text parses back, event by event, to what the dealer dealt: the expected
  events are worked out here from the dealer's records, not from the text
  (Winamax prints no uncalled bet, no muck and no summary line for a player
  who folded: the parser gives the return back and says nothing of the others);
* each labelled hand reports exactly its injected rule, and every rule that
  Winamax's format can carry occurs (not uncalled-bet, mucked-winner,
  summary-mismatch: see razzlog/generate/stream.py UNWRITABLE_RULES);
* the generator imports nothing of the replay engine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.api import HandReport
from razzlog.events import (
    Action,
    Ante,
    Collect,
    Deal,
    Event,
    HandHeader,
    Seat,
    Show,
    StreetStart,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.generate import Hand, generate_hands
from razzlog.generate.house import WINAMAX
from razzlog.generate.inject import RULES
from razzlog.generate.stream import UNWRITABLE_RULES, generate_labeled, generate_text
from razzlog.generate.winamax_writer import hand_id, write_hand
from tests.generate.helpers import audit_text as _audit
from tests.generate.helpers import found as _found

CORPUS_SEED = 20161112
STREET = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
RANKS = "A23456789TJQK"
OUTCOME = {"collected": "collected", "won": "showed-won", "lost": "showed-lost"}


@pytest.fixture(scope="module")
def dealt() -> list[Hand]:
    return list(generate_hands(CORPUS_SEED, 1500, house=WINAMAX))


@pytest.fixture(scope="module")
def text(dealt: list[Hand]) -> str:
    return "\n\n\n".join(write_hand(h) for h in dealt) + "\n"


@pytest.fixture(scope="module")
def reports(text: str) -> list[HandReport]:
    return _audit(text)


# --------------------------------------------------------------------------- legal play


def test_fifteen_hundred_hands_parse_and_audit_clean(reports: list[HandReport]) -> None:
    assert len(reports) == 1500
    assert all(r.hand is not None and r.site == "winamax" for r in reports)
    assert _found(reports) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([(2, 2), (2, 8), (7, 8)]))
def test_any_seed_audits_clean_under_the_winamax_profile(seed: int, players: tuple[int, int]) -> None:
    text = generate_text(seed, 30, players=players, site="winamax")
    assert text == generate_text(seed, 30, players=players, site="winamax")
    reports = _audit(text, profile="winamax")
    assert len(reports) == 30 and all(r.hand is not None for r in reports)
    assert _found(reports) == []


def test_winamax_shapes_occur(text: str) -> None:
    for shape in (
        "Winamax Poker - CashGame - HandId: #", 'Winamax Poker - Tournament "', " buyIn: 9€ + 1€ level: 3 - ",
        "Razz fixed limit (5€/25€/50€)", "*** ANTE/BLINDS ***", " posts ante 0.10€\n", " and is all-in\n",
        " brings in ", " raises 0.50€ to 0.50€\n", "Dealt to Hero [", " [X X ", "] [X]\n", " from pot\n",
        " from main pot\n", " from side pot 1\n", " | No rake\n", " | Rake ", " won ", " and lost with Low : ",
        "*** 7th STREET ***", "*** SHOW DOWN ***",
    ):  # fmt: skip
        assert shape in text, shape
    assert "Uncalled bet" not in text and "mucks" not in text and "folded" not in text


def test_same_seed_same_bytes_and_ids_as_winamax_prints_them() -> None:
    a = generate_text(5, 40, site="winamax")
    assert a == generate_text(5, 40, site="winamax") != generate_text(6, 40, site="winamax")
    assert a.startswith("Winamax Poker - ") and a.endswith("\n")
    ids = [r.hand_id for r in _audit(a)]
    assert len(set(ids)) == len(ids) and all(i.count("-") == 2 for i in ids)


# --------------------------------------------------------------------------- round trip


def _money(amount: int, hand: Hand) -> Decimal:
    return Decimal(amount) / 100 if hand.stakes.cash else Decimal(amount)


def _ranks(desc: str) -> tuple[int, ...]:
    return tuple(RANKS.index(r) + 1 for r in desc.split(",")) if desc else ()


def _expected(hand: Hand) -> list[tuple[object, ...]]:
    """The events Winamax's log of ``hand`` must parse to, from the dealer's records."""

    def m(amount: int) -> Decimal:
        return _money(amount, hand)

    out: list[tuple[object, ...]] = [("seat", s.seat, s.player, m(s.stack)) for s in hand.seats]
    bet = 0
    for e in hand.events:
        if e.kind == "ante":
            out.append(("ante", e.player, m(e.amount), e.all_in))
        elif e.kind == "street":
            bet = 0
            out.append(("street", STREET[e.street]))
        elif e.kind == "deal":
            out.append(("deal", e.player, e.old, e.new))
        elif e.kind in ("bring-in", "call", "bet"):
            out.append(("action", e.player, e.kind, m(e.amount), None, e.all_in))
            bet = max(bet, e.amount) if e.kind != "call" else bet
        elif e.kind == "raise":
            # amount: over the street's highest bet, the bring-in included
            out.append(("action", e.player, "raise", m(e.to - bet), m(e.to), e.all_in))
            bet = e.to
        elif e.kind in ("fold", "check"):
            out.append(("action", e.player, e.kind, Decimal(0), None, False))
        elif e.kind == "uncalled":
            out.append(("uncalled", e.player, m(e.amount)))
        elif e.kind == "showdown":
            out.append(("street", "showdown"))
        elif e.kind == "show":
            out.append(("show", e.player, e.new, _ranks(e.desc)))
        elif e.kind == "collect":
            pot = None if e.pot == "pot" else 0 if e.pot == "main pot" else int(e.pot.rsplit("-", 1)[1])
            out.append(("collect", e.player, m(e.amount), pot))
    out += [("street", "summary"), ("pot", m(hand.total_pot), None, (), m(hand.rake))]
    listed = set()
    for r in hand.results:
        if r.result in OUTCOME:
            listed.add(r.player)
            won = m(r.amount) if r.result in ("won", "collected") else None
            out.append(("result", r.seat, r.player, OUTCOME[r.result], None, r.cards, won, _ranks(r.desc)))
    out += [
        ("result", s.seat, s.player, "other", None, (), None, ())
        for s in hand.seats
        if s.player not in listed
    ]
    return out


def _parsed(events: tuple[Event, ...]) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for e in events:
        match e:
            case Seat():
                out.append(("seat", e.seat, e.player, e.stack))
            case Ante():
                out.append(("ante", e.player, e.amount, e.all_in))
            case StreetStart():
                out.append(("street", e.street.value))
            case Deal():
                out.append(("deal", e.player, e.known, e.new))
            case Action():
                out.append(("action", e.player, e.kind.value, e.amount, e.to, e.all_in))
            case UncalledReturn():
                out.append(("uncalled", e.player, e.amount))
            case Show():
                out.append(("show", e.player, e.cards, e.description))
            case Collect():
                out.append(("collect", e.player, e.amount, e.pot))
            case SummaryPot():
                out.append(("pot", e.total, e.main, e.side, e.rake))
            case SummarySeat():
                street = e.street.value if e.street else None
                out.append(
                    ("result", e.seat, e.player, e.outcome.value, street, e.cards, e.won, e.description)
                )
            case _:
                raise AssertionError(f"the writer wrote a line the dealer never made: {e}")
    return out


def _header(hand: Hand, h: HandHeader) -> None:
    st = hand.stakes
    assert (h.site, h.hand_id, h.is_tournament) == ("winamax", hand_id(hand), not st.cash)
    assert (h.small_bet, h.big_bet, h.ante) == (
        _money(st.small_bet, hand),
        _money(st.big_bet, hand),
        _money(st.ante, hand),
    )
    assert h.currency == ("EUR" if st.cash else None)
    assert h.tournament_id == (None if st.cash else str(hand.tournament_id))
    assert h.table == (hand.table if st.cash else f"Razz Party({hand.tournament_id})#{hand.table}")


def test_text_parses_back_to_what_the_dealer_dealt(dealt: list[Hand], reports: list[HandReport]) -> None:
    assert [r.hand_id for r in reports] == [hand_id(h) for h in dealt]
    for hand, report in zip(dealt, reports, strict=True):
        assert report.hand is not None
        _header(hand, report.hand.header)
        assert _parsed(report.hand.events) == _expected(hand), write_hand(hand)


# --------------------------------------------------------------------------- injected violations


@pytest.mark.parametrize("seed", [7, 2026])
def test_every_injected_violation_is_reported_exactly(seed: int) -> None:
    text, labels = generate_labeled(seed, 1200, site="winamax", violations=0.5)
    want = {label["hand_id"]: label["rule"] for label in labels}
    got = {str(r.hand_id): sorted(v.rule for v in r.violations) for r in _audit(text)}
    assert len(got) == 1200
    wrong = [(h, want.get(h), rules) for h, rules in got.items() if rules != ([want[h]] if h in want else [])]
    assert wrong == []
    assert set(want.values()) == set(RULES) - set(UNWRITABLE_RULES["winamax"])
    assert Counter(want.values())["pot-total"] > 0


def test_generate_cli_writes_winamax_with_labels(tmp_path: Path) -> None:
    out, labels = tmp_path / "w.txt", tmp_path / "labels.jsonl"
    cmd = [sys.executable, "-m", "razzlog", "generate", "--hands", "60", "--seed", "3", "--site", "winamax"]
    done = subprocess.run([*cmd, "--violations", "0.5", "--labels", str(labels), "-o", str(out)], check=False)
    assert done.returncode == 0
    rows = [json.loads(line) for line in labels.read_text(encoding="utf-8").splitlines()]
    ids = {r.hand_id for r in _audit(out.read_text(encoding="utf-8"))}
    assert rows and {row["hand_id"] for row in rows} <= ids


# --------------------------------------------------------------------------- independence


def test_the_generator_imports_nothing_of_the_replay_engine() -> None:
    code = (
        "import sys, razzlog.generate.stream, razzlog.generate.winamax_writer;"
        "print(sorted(m for m in sys.modules if m.startswith('razzlog.rules')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
