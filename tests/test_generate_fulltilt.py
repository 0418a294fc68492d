"""Full Tilt hands from the independent dealer: legal under Full Tilt's profile,
parsed back to exactly what was dealt, and every injected violation found alone.

* a corpus of 2,000 hands and hypothesis-chosen seeds audit clean under the
  ``fulltilt`` profile (``auto`` picks it from the header), while the
  ``pokerstars`` profile does object to their showdown order: the dealer plays
  Full Tilt's house rules, not PokerStars' with another look;
* the text parses back, event by event, to what the dealer dealt: the
  expected events are worked out here from the dealer's own records, not from
  the text;
* each labelled hand reports exactly its injected rule, every rule occurs, and
  unlabelled hands are clean;
* the generator imports nothing of the replay engine.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.api import HandReport
from razzlog.cards import Card
from razzlog.events import (
    Action,
    Ante,
    BringInClaim,
    Collect,
    Deal,
    Event,
    HandHeader,
    Muck,
    Seat,
    Show,
    StreetStart,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.generate import Hand, generate_hands
from razzlog.generate.fulltilt_writer import write_hand
from razzlog.generate.house import FULLTILT
from razzlog.generate.inject import RULES
from razzlog.generate.stream import generate_labeled, generate_text
from tests.generate.helpers import audit_text as _audit
from tests.generate.helpers import found as _found

CORPUS_SEED = 20100302
STREET = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
RANKS = "A23456789TJQK"
OUTCOME = {
    "folded": "folded",
    "collected": "collected",
    "won": "showed-won",
    "lost": "showed-lost",
    "mucked": "mucked",
}


@pytest.fixture(scope="module")
def dealt() -> list[Hand]:
    return list(generate_hands(CORPUS_SEED, 2000, house=FULLTILT))


@pytest.fixture(scope="module")
def text(dealt: list[Hand]) -> str:
    return "\n\n\n".join(write_hand(h) for h in dealt) + "\n"


@pytest.fixture(scope="module")
def reports(text: str) -> list[HandReport]:
    return _audit(text)


# --------------------------------------------------------------------------- legal play


def test_two_thousand_hands_parse_and_audit_clean(reports: list[HandReport]) -> None:
    assert len(reports) == 2000
    assert all(r.hand is not None and r.site == "fulltilt" for r in reports)
    assert _found(reports) == []


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([(2, 2), (2, 8), (7, 8)]))
def test_any_seed_audits_clean_under_the_fulltilt_profile(seed: int, players: tuple[int, int]) -> None:
    text = generate_text(seed, 30, players=players, site="fulltilt")
    assert text == generate_text(seed, 30, players=players, site="fulltilt")
    reports = _audit(text, profile="fulltilt")
    assert len(reports) == 30 and all(r.hand is not None for r in reports)
    assert _found(reports) == []


def test_pokerstars_rules_would_object_to_full_tilt_showdowns(text: str) -> None:
    """Who shows first when nobody bet on 7th differs; the dealer follows Full Tilt."""
    first = text[: text.index("\n\n\nFull Tilt", len(text) // 3)] + "\n"
    rules = Counter(v.rule for r in _audit(first, profile="pokerstars") for v in r.violations)
    assert rules["showdown-order"] > 0
    assert set(rules) <= {"showdown-order"}


def test_same_seed_same_bytes_and_the_sites_differ() -> None:
    tilt = generate_text(5, 40, site="fulltilt")
    assert tilt == generate_text(5, 40, site="fulltilt") != generate_text(6, 40, site="fulltilt")
    assert tilt.startswith("Full Tilt Poker Game #") and tilt.endswith("\n")
    assert not generate_text(5, 40).startswith("Full Tilt")


def test_full_tilt_shapes_occur(text: str) -> None:
    for shape in (
        " antes $0.02\n",
        ", and is all in\n",
        " is high with [",
        " completes it to ",
        " raises to ",
        "Uncalled bet of ",
        " mucks\n",
        " wins the pot (",
        " wins the side pot (",
        " wins the main pot (",
        " ties for the pot (",
        "), mucked\n",
        " mucked [",
        " Side pot ",
        " Sit & Go (",
        "), Table 1 - ",
        " folded on 7th St.\n",
        "*** SHOW DOWN ***",
        "*** 7TH STREET ***",
        "Rake 0\n",
        ",0",
    ):
        assert shape in text, shape
    assert "Betting is capped" not in text and "(didn't bet)" not in text
    # hands turned up when all but one are all in: shown early, dealt open, no SHOW DOWN
    turned = [h for h in text.split("\n\n\n") if " shows [" in h.split("*** 7TH STREET ***")[0]]
    assert turned and all("*** SHOW DOWN ***" not in h for h in turned)


# --------------------------------------------------------------------------- round trip


def _money(amount: int, hand: Hand) -> Decimal:
    return Decimal(amount) / 100 if hand.stakes.cash else Decimal(amount)


def _ranks(desc: str) -> tuple[int, ...]:
    return tuple(RANKS.index(r) + 1 for r in desc.split(",")) if desc else ()


def _expected(hand: Hand) -> list[tuple[object, ...]]:
    """The events Full Tilt's log of ``hand`` must parse to, from the dealer's records."""

    def m(amount: int) -> Decimal:
        return _money(amount, hand)

    out: list[tuple[object, ...]] = [("seat", s.seat, s.player, m(s.stack)) for s in hand.seats]
    doors: dict[str, Card] = {}
    street, put, raised, shown_early = 0, Counter[str](), False, False
    winners = {e.player for e in hand.events if e.kind == "collect"}
    for e in hand.events:
        if e.kind == "ante":
            out.append(("ante", e.player, m(e.amount), e.all_in))
        elif e.kind == "street":
            street, put, raised = e.street, Counter(), False
            out.append(("street", STREET[street]))
        elif e.kind == "deal":
            if street == 3:
                doors[e.player] = e.new[-1]
            out.append(("deal", e.player, e.old, e.new))
        elif e.kind in ("bring-in", "call", "bet"):
            if e.kind == "bring-in":
                out.append(("claim", e.player, doors[e.player]))
            put[e.player] += e.amount
            out.append(("action", e.player, e.kind, m(e.amount), None, e.all_in))
        elif e.kind == "raise":
            complete = street == 3 and not raised
            amount = e.to - put[e.player] if complete else e.amount
            raised, put[e.player] = True, e.to
            out.append(
                ("action", e.player, "complete" if complete else "raise", m(amount), m(e.to), e.all_in)
            )
        elif e.kind in ("fold", "check"):
            out.append(("action", e.player, e.kind, Decimal(0), None, False))
        elif e.kind == "uncalled":
            out.append(("uncalled", e.player, m(e.amount)))
        elif e.kind == "showdown" and not shown_early:
            out.append(("street", "showdown"))
        elif e.kind == "show":
            shown_early |= not e.desc
            out.append(("show", e.player, e.new, _ranks(e.desc)))
        elif e.kind in ("muck", "noshow"):
            out.append(("muck", e.player, e.player not in winners))
        elif e.kind == "collect":
            pot = None if e.pot == "pot" else 0 if e.pot == "main pot" else int(e.pot.rsplit("-", 1)[1])
            out.append(("collect", e.player, m(e.amount), pot))
    pots = [m(a + (hand.rake if k == hand.raked_pot else 0)) for k, a in enumerate(hand.pots)]
    out += [
        ("street", "summary"),
        ("pot", m(hand.total_pot), pots[0] if pots else None, tuple(pots[1:]), m(hand.rake)),
    ]
    for r in hand.results:
        won = m(r.amount) if r.result in ("won", "collected") else None
        street_of = STREET[r.street] if r.result == "folded" else None
        out.append(("result", r.seat, r.player, OUTCOME[r.result], street_of, r.cards, won, _ranks(r.desc)))
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
            case BringInClaim():
                out.append(("claim", e.player, e.card))
            case Action():
                out.append(("action", e.player, e.kind.value, e.amount, e.to, e.all_in))
            case UncalledReturn():
                out.append(("uncalled", e.player, e.amount))
            case Show():
                out.append(("show", e.player, e.cards, e.description))
            case Muck():
                out.append(("muck", e.player, e.shown))
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
    assert (h.site, h.hand_id, h.table, h.is_tournament) == (
        "fulltilt",
        str(hand.hand_id),
        hand.table,
        not hand.stakes.cash,
    )
    st = hand.stakes
    assert (h.small_bet, h.big_bet, h.ante) == (
        _money(st.small_bet, hand),
        _money(st.big_bet, hand),
        _money(st.ante, hand),
    )
    assert h.currency == ("USD" if st.cash else None)
    assert h.tournament_id == (None if st.cash else str(hand.tournament_id))


def test_text_parses_back_to_what_the_dealer_dealt(dealt: list[Hand], reports: list[HandReport]) -> None:
    assert [r.hand_id for r in reports] == [str(h.hand_id) for h in dealt]
    for hand, report in zip(dealt, reports, strict=True):
        assert report.hand is not None
        _header(hand, report.hand.header)
        assert _parsed(report.hand.events) == _expected(hand), write_hand(hand)


# --------------------------------------------------------------------------- injected violations


def test_every_injected_violation_is_reported_exactly() -> None:
    text, labels = generate_labeled(2026, 1200, site="fulltilt", violations=0.5)
    want = {label["hand_id"]: label["rule"] for label in labels}
    got = {str(r.hand_id): sorted(v.rule for v in r.violations) for r in _audit(text)}
    assert len(got) == 1200
    wrong = [(h, want.get(h), rules) for h, rules in got.items() if rules != ([want[h]] if h in want else [])]
    assert wrong == []
    assert set(want.values()) == set(RULES)  # every injectable rule, in Full Tilt's format too


# --------------------------------------------------------------------------- independence


def test_the_generator_imports_nothing_of_the_replay_engine() -> None:
    code = (
        "import sys, razzlog.generate.stream, razzlog.generate.fulltilt_writer;"
        "print(sorted(m for m in sys.modules if m.startswith('razzlog.rules')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
