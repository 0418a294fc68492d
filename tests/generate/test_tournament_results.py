"""Tournament results in generated PokerStars hands: written where players bust, parsed back.

* each busted player gets a result line, placed at the players left plus one
  (players busted in the same hand share the place); the last hand of a
  tournament names its winner, and the table stops there;
* the text parses back to exactly the results the dealer recorded
  (``Hand.finishes``), also for any names, places and prizes (hypothesis);
* Full Tilt's hands carry no result (its real logs print none).
"""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from razzlog.events import Hand as ParsedHand
from razzlog.events import TournamentFinish
from razzlog.generate import TOURNAMENT_STAKES, Finish, Hand, generate_hands, generate_session
from razzlog.generate.pokerstars_writer import write_hand
from razzlog.generate.stream import generate_text
from razzlog.sites import pokerstars
from razzlog.sources import RawHand


def parsed(hand: Hand) -> ParsedHand:
    result = pokerstars.parse_hand(RawHand("g.txt", 1, tuple(write_hand(hand).split("\n")), "utf-8"))
    assert isinstance(result, ParsedHand), result
    return result


def expected(hand: Hand) -> list[tuple[str, int, Decimal | None, str | None, bool]]:
    """The results the dealer recorded, as the parser's events should say them."""
    return [
        (f.player, f.place, Decimal(f.prize) / 100 if f.prize else None, "USD" if f.prize else None, f.winner)
        for f in hand.finishes
    ]


def results(hand: ParsedHand) -> list[tuple[str, int | None, Decimal | None, str | None, bool]]:
    return [
        (e.player, e.place, e.prize, e.currency, e.winner)
        for e in hand.events
        if isinstance(e, TournamentFinish)
    ]


@pytest.fixture(scope="module")
def tables() -> list[list[Hand]]:
    """Tournament tables played to their end: sit & gos and final tables of 2-4 players."""
    out = []
    for seed in range(40):
        stakes = TOURNAMENT_STAKES[seed % len(TOURNAMENT_STAKES)]
        out.append(list(generate_session(seed, 400, players=(2, 4), stakes=stakes)))
    return out


def test_every_bust_has_its_place_and_a_finished_tournament_its_winner(tables: list[list[Hand]]) -> None:
    winners = 0
    for hands in tables:
        places = []
        for i, hand in enumerate(hands):
            if hand.finishes:  # where the site prints results: a bust always comes to a showdown
                assert any(e.kind == "showdown" for e in hand.events)
            busted = [s.player for s in hand.seats if hand.end_stacks[s.player] <= 0]
            losers = [f for f in hand.finishes if not f.winner]
            assert [f.player for f in losers] == busted  # in seat order
            assert len({f.place for f in losers}) <= 1  # busted together, placed together
            places += [f.place for f in losers]
            won = [f for f in hand.finishes if f.winner]
            if won:
                winners += 1
                assert i == len(hands) - 1  # the table stops with its tournament
                (winner,) = won
                assert (winner.place, hand.end_stacks[winner.player] > 0) == (1, True)
                assert losers and losers[0].place == 2
                assert winner.prize > 0 and all(winner.prize >= f.prize for f in losers)
        assert places == sorted(places, reverse=True)  # a place is never better than a later bust's
        names = [f.player for h in hands for f in h.finishes]
        assert len(names) == len(set(names))  # a busted player never comes back
        assert all(p >= 2 for p in places)
    assert winners >= 5  # the sample plays several tournaments to their end


def test_results_parse_back_to_what_the_dealer_recorded(tables: list[list[Hand]]) -> None:
    written = 0
    for hands in tables:
        for hand in hands:
            assert results(parsed(hand)) == expected(hand)
            written += len(hand.finishes)
    assert written > 20


def test_a_mixed_run_writes_results_only_for_tournaments() -> None:
    hands = list(generate_hands(20261201, 1500))
    assert any(h.finishes for h in hands)
    assert all(not h.finishes for h in hands if h.stakes.cash)
    by_tournament: defaultdict[int, list[int]] = defaultdict(list)
    for hand in hands:
        by_tournament[hand.tournament_id] += [f.place for f in hand.finishes if not f.winner]
    for tid, places in by_tournament.items():
        assert places == sorted(places, reverse=True), tid


def test_full_tilt_writes_no_result() -> None:
    text = generate_text(20100302, 600, site="fulltilt")
    assert "Sit & Go" in text
    assert " the tournament" not in text


def test_result_lines_look_like_the_real_ones(tables: list[list[Hand]]) -> None:
    lines = [
        line for hands in tables for h in hands for line in write_hand(h).split("\n") if "tournament" in line
    ]
    assert lines
    for line in lines:
        assert re.fullmatch(
            r".+ (finished the tournament in \d+(st|nd|rd|th) place( and received \$[\d,]+\.\d\d\.)?"
            r"|wins the tournament and receives \$[\d,]+\.\d\d - congratulations!)",
            line,
        ), line


# --------------------------------------------------------------------------- any name, place and prize

NAMES = st.text(
    st.characters(categories=("L", "N"), exclude_characters="\ue000\ue001")
    | st.sampled_from(list(" .:_-[]'#$")),
    min_size=1,
    max_size=14,
).filter(
    lambda n: (
        n == n.strip()
        and not re.match(r"Seat \d|\*\*\* |Dealt to |Uncalled bet ", n)
        and not re.search(r"\[(?:10|[2-9TJQKA])[shdc]", n)
    )
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    seed=st.integers(0, 2**32),
    hero=NAMES,
    place=st.integers(2, 10**6),
    prize=st.integers(0, 10**11),
    winner=st.booleans(),
)
def test_any_name_place_and_prize_round_trip(
    seed: int, hero: str, place: int, prize: int, winner: bool
) -> None:
    stakes = TOURNAMENT_STAKES[seed % len(TOURNAMENT_STAKES)]
    # results are printed at the showdown (a bust always comes to one)
    dealt = [
        h
        for h in generate_session(seed, 12, hero=hero, stakes=stakes)
        if any(e.kind == "showdown" for e in h.events)
    ]
    assume(dealt)
    hand = dealt[0]
    others = [s.player for s in hand.seats if s.player != hero]
    hand.finishes = [
        Finish(others[0], place, prize),
        Finish(hero, 1, prize or 1, winner=True) if winner else Finish(hero, place, 0),
    ]
    assert results(parsed(hand)) == expected(hand)
