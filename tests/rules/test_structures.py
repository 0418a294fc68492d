"""``structures``' table look-ups against their former implementations (kept here as references):
the known structures were a dict keyed by the small bet, the most-posted ante a ``Counter``.
Both must pick the same entry for equal amounts printed differently (``0.1`` and ``0.10``) and
give back the very object the log printed (its digits reach the messages)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from razzlog.events import Ante, Hand, HandHeader
from razzlog.rules.structures import KNOWN_STRUCTURES, _known, _most_posted, expected_amounts


def _most_posted_reference(antes: list[Ante]) -> Decimal | None:
    counts = Counter(a.amount for a in antes if not a.all_in)
    if not counts:
        return None
    ranked = counts.most_common(2)
    if len(ranked) == 2 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


# few values in several printings: equal amounts that print differently must count together
amounts = st.sampled_from(["1", "1.0", "1.00", "2", "2.0", "0.5", "0.50", "5", "0"]).map(Decimal)
antes = st.builds(Ante, st.sampled_from(["a", "b", "c"]), amounts, st.booleans(), st.integers(1, 9))


@given(st.lists(antes, max_size=9))
def test_most_posted_matches_the_counter(posted: list[Ante]) -> None:
    found, want = _most_posted(posted), _most_posted_reference(posted)
    assert found is want  # the same object: the first posted of the most posted amount


def test_most_posted_needs_a_clear_majority() -> None:
    def ante(amount: str, all_in: bool = False) -> Ante:
        return Ante("p", Decimal(amount), all_in, 1)

    first = ante("2.0")
    assert _most_posted([first, ante("2"), ante("1"), ante("1", all_in=True)]) is first.amount
    assert _most_posted([ante("2"), ante("1")]) is None
    assert _most_posted([ante("1", all_in=True)]) is None


sites = st.sampled_from(sorted({site for site, _, _ in KNOWN_STRUCTURES} | {"ipoker"}))
currencies = st.sampled_from([None, "USD", "EUR"])
known_bets = sorted({bet for _, _, bet in KNOWN_STRUCTURES})
# the known bets, printed with more or fewer digits, and others
bets = st.sampled_from(known_bets).flatmap(
    lambda bet: st.sampled_from([bet, bet.quantize(Decimal("0.001")), bet.normalize(), bet + 1])
)


@given(sites, currencies, bets)
def test_known_matches_the_dict(site: str, currency: str | None, bet: Decimal) -> None:
    found, want = _known(site, currency, bet), KNOWN_STRUCTURES.get((site, currency, bet))
    # the very amounts (compiled, the pair itself is rebuilt: a pair of Decimals is a C struct)
    assert found == want and (
        found is None or want is None or all(a is b for a, b in zip(found, want, strict=True))
    )


def test_known_finds_a_bet_printed_otherwise() -> None:
    assert _known("pokerstars", "USD", Decimal("0.1")) == (Decimal("0.02"), Decimal("0.05"))
    assert _known("pokerstars", "EUR", Decimal("0.1")) is None


def _tournament_rule_reference(h: HandHeader) -> tuple[Decimal, Decimal] | None:
    if h.site != "pokerstars" or not h.is_tournament:
        return None
    ante, bring_in = h.big_bet / Decimal(10), h.big_bet * Decimal("0.15")
    if ante == ante.to_integral_value() and bring_in == bring_in.to_integral_value():
        return ante.quantize(Decimal(1)), bring_in.quantize(Decimal(1))
    return None


def _expected_amounts_reference(hand: Hand, antes: list[Ante]) -> tuple[Decimal | None, Decimal | None]:
    # before the tournament rule was worked out only when needed, and kept per big bet
    h = hand.header
    known = KNOWN_STRUCTURES.get((h.site, None if h.is_tournament else h.currency, h.small_bet))
    rule = _tournament_rule_reference(h)
    ante = h.ante if h.ante is not None else (known or rule or (_most_posted_reference(antes), None))[0]
    bring_in = h.bring_in if h.bring_in is not None else (known[1] if known else None)
    return ante, bring_in


def _same(a: Decimal | None, b: Decimal | None) -> bool:
    return a is None if b is None else a is not None and str(a) == str(b) and a.compare_total(b) == 0


# tournament levels' big bets (whole, printed with digits or not, or not a multiple of 20)
big_bets = st.sampled_from(["60", "100", "150", "400", "400.0", "1E+3", "35", "0.20", "3000"]).map(Decimal)


@given(
    sites,
    st.booleans(),
    currencies,
    bets,
    big_bets,
    st.none() | amounts,
    st.none() | amounts,
    st.lists(antes, max_size=8),
)
def test_expected_amounts_match_the_former_code(
    site: str,
    tournament: bool,
    currency: str | None,
    small_bet: Decimal,
    big_bet: Decimal,
    ante: Decimal | None,
    bring_in: Decimal | None,
    posted: list[Ante],
) -> None:
    header = HandHeader(
        site,
        "1",
        "razz",
        small_bet,
        big_bet,
        currency,
        tournament,
        None,
        None,
        None,
        "",
        "t",
        8,
        1,
        ante,
        bring_in,
    )
    hand = Hand(header, tuple(posted), "f", 1, 2)
    for _ in range(2):  # and again, from what is kept
        found, want = expected_amounts(hand, posted), _expected_amounts_reference(hand, posted)
        assert _same(found[0], want[0]) and _same(found[1], want[1])
