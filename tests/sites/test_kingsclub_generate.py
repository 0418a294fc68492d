"""KingsClub hands from the independent dealer: legal under KingsClub's profile, parsed
back to exactly what was dealt, and every injectable violation found alone.

* 2,000 hands and hypothesis-chosen seeds audit clean under ``auto`` (the
  ``kingsclub`` profile);
* the text parses back, event by event, to what the dealer dealt: the expected
  events are worked out here from the dealer's own records, not from the text;
* each labelled hand reports exactly its injected rule (tests/test_injected_violations.py
  runs the same for every site), every rule KingsClub's format can show occurs.
"""

from __future__ import annotations

from decimal import Decimal

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
    Seat,
    Show,
    StreetStart,
    SummaryNet,
    SummaryPot,
    SummarySeat,
    UncalledReturn,
)
from razzlog.generate import Hand, generate_hands
from razzlog.generate.house import KINGSCLUB
from razzlog.generate.kingsclub_writer import write_hand
from razzlog.generate.stream import generate_text, rules_for
from tests.generate.helpers import audit_text as _audit
from tests.generate.helpers import found as _found

CORPUS_SEED = 20210102
STREET = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


@pytest.fixture(scope="module")
def dealt() -> list[Hand]:
    return list(generate_hands(CORPUS_SEED, 2000, house=KINGSCLUB))


@pytest.fixture(scope="module")
def text(dealt: list[Hand]) -> str:
    return "\n\n\n".join(write_hand(h) for h in dealt) + "\n"


@pytest.fixture(scope="module")
def reports(text: str) -> list[HandReport]:
    return _audit(text)


def test_two_thousand_hands_parse_and_audit_clean(reports: list[HandReport]) -> None:
    assert len(reports) == 2000
    assert all(r.hand is not None and r.site == "kingsclub" for r in reports)
    assert _found(reports) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([(2, 2), (2, 8), (7, 8)]))
def test_any_seed_audits_clean_under_the_kingsclub_profile(seed: int, players: tuple[int, int]) -> None:
    text = generate_text(seed, 30, players=players, site="kingsclub")
    assert text == generate_text(seed, 30, players=players, site="kingsclub")
    reports = _audit(text, profile="kingsclub")
    assert len(reports) == 30 and all(r.hand is not None for r in reports)
    assert _found(reports) == []


def test_kingsclub_shapes_occur(text: str) -> None:
    for shape in (
        ": posts ante 10\n", ", and is all in\n", " brings in for ", ": [X X ", ": [X]\n", " bets ",
        " raises to ", " calls ", "*** 3RD STREET ***", "*** 6TH STREET ***", " wins pot (", "\nRake ",
        "Table 'T", ") -", ") +", " shows [",
    ):  # fmt: skip
        assert shape in text, shape
    for absent in ("Uncalled bet", "Betting is capped", "*** SHOW DOWN ***", "*** 7TH STREET ***", "$"):
        assert absent not in text, absent


def test_the_generator_and_cli_know_the_site() -> None:
    head = generate_text(3, 2, site="kingsclub").splitlines()[:3]
    assert head[0].startswith("#") and ": Limit Razz - " in head[0]
    assert len(head[1]) == 19 and head[2].startswith("Table '")


# --------------------------------------------------------------------------- round trip


def _money(amount: int, hand: Hand) -> Decimal:
    return Decimal(amount) / 100 if hand.stakes.cash else Decimal(amount)


def _expected(hand: Hand) -> list[tuple[object, ...]]:
    """The events KingsClub's log of ``hand`` must parse to, from the dealer's records."""

    def m(amount: int) -> Decimal:
        return _money(amount, hand)

    out: list[tuple[object, ...]] = [("seat", s.seat, s.player, m(s.stack)) for s in hand.seats]
    turned_up = any(e.kind == "show" and not e.desc for e in hand.events)
    street, put, raised = 0, dict[str, int](), False
    returned: list[tuple[object, ...]] = []
    collects = [e for e in hand.events if e.kind == "collect"]
    for e in hand.events:
        if e.kind == "ante":
            out.append(("ante", e.player, m(e.amount), e.all_in))
        elif e.kind == "street":
            street, put, raised = e.street, {}, False
            out.append(("street", STREET[street]))
        elif e.kind == "deal":
            if street == 7 and e.player != hand.hero:
                continue  # "[X]": unseen
            new = e.new if street > 3 or e.player == hand.hero else e.new[-1:]
            out.append(("deal", e.player, (), new))
        elif e.kind in ("bring-in", "call", "bet"):
            put[e.player] = put.get(e.player, 0) + e.amount
            out.append(("action", e.player, e.kind, m(e.amount), None, e.all_in))
        elif e.kind == "raise":
            complete = street == 3 and not raised
            amount = e.to - put.get(e.player, 0) if complete else e.amount
            raised, put[e.player] = True, e.to
            out.append(
                ("action", e.player, "complete" if complete else "raise", m(amount), m(e.to), e.all_in)
            )
        elif e.kind in ("fold", "check"):
            out.append(("action", e.player, e.kind, Decimal(0), None, False))
        elif e.kind == "uncalled":
            returned.append(("uncalled", e.player, m(e.amount)))
        elif e.kind == "show" and e.desc and not turned_up:
            out.append(("show", e.player, e.new, ()))
    out.append(("street", "summary"))
    for s in hand.seats:
        end = hand.end_stacks[s.player]
        out += [("result", s.seat, s.player), ("net", s.player, m(end), m(end - s.stack))]
    out.append(("pot", m(hand.total_pot), m(hand.rake)))
    out += returned
    if len({e.player for e in collects}) == 1:
        out.append(("collect", collects[0].player, m(sum(e.amount for e in collects)), None))
    else:
        for e in collects:
            pot = int(e.pot.rsplit("-", 1)[1]) if e.pot.startswith("side pot") else None
            out.append(("collect", e.player, m(e.amount), pot))
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
                out.append(("pot", e.total, e.rake))
            case SummarySeat():
                out.append(("result", e.seat, e.player))
            case SummaryNet():
                out.append(("net", e.player, e.stack, e.net))
            case _:
                raise AssertionError(f"unexpected event {e!r}")
    return out


def test_every_hand_parses_back_to_what_was_dealt(dealt: list[Hand], reports: list[HandReport]) -> None:
    assert len(dealt) == len(reports)
    for hand, report in zip(dealt, reports, strict=True):
        assert report.hand is not None
        assert _parsed(report.hand.events) == _expected(hand), hand.hand_id
        h = report.hand.header
        assert (h.hand_id, h.small_bet, h.big_bet, h.is_tournament) == (
            str(hand.hand_id),
            _money(hand.stakes.small_bet, hand),
            _money(hand.stakes.big_bet, hand),
            not hand.stakes.cash,
        )
        assert h.tournament_id == (str(hand.tournament_id) if not hand.stakes.cash else None)


def test_injectable_rules_leave_out_what_the_format_cannot_show() -> None:
    rules = rules_for("kingsclub")
    for missing in ("uncalled-bet", "pot-total", "hand-description", "mucked-winner", "card-mismatch"):
        assert missing not in rules
    assert "pot-award" in rules and "bet-size" in rules and "duplicate-card" in rules
