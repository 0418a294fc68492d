"""Merge hands from the independent dealer: parsed back to what was dealt, legal, injected alone.

* the XML parses back, game by game, to the dealer's own records (seats, antes,
  actions with their amounts, deals, shows, returns and pots), worked out here
  from the dealer's events, not from the text;
* 1,500 hands audit clean under ``--profile auto``;
* the same seed gives the same bytes.

Hypothesis-chosen sessions and injected violations are checked for Merge with the other
sites' (tests/test_generated_audit.py, tests/test_injected_violations.py).
"""

from __future__ import annotations

import tempfile
from decimal import Decimal
from pathlib import Path

import pytest

from razzlog.api import audit_paths
from razzlog.events import Action, ActionKind, Ante, Collect, Deal, Hand, Seat, Show, UncalledReturn
from razzlog.generate import Hand as Dealt
from razzlog.generate import generate_hands
from razzlog.generate.house import MERGE
from razzlog.generate.merge_writer import write_hand
from razzlog.generate.stream import generate_text
from razzlog.sites import merge
from razzlog.sources import RawHand, iter_raw_hands


def _money(amount: int, dealt: Dealt) -> Decimal:
    return Decimal(amount) / 100 if dealt.stakes.cash else Decimal(amount)


def expected(dealt: Dealt) -> list[tuple[object, ...]]:
    """What the parse must give, from the dealer's events."""
    m = lambda a: _money(a, dealt)  # noqa: E731
    out: list[tuple[object, ...]] = [("seat", s.seat, s.player, m(s.stack)) for s in dealt.seats]
    shown: set[str] = set()
    for e in dealt.events:
        if e.kind == "ante":
            out.append(("ante", e.player, m(e.amount), e.all_in))
        elif e.kind in ("bring-in", "call", "bet"):
            out.append((e.kind, e.player, m(e.amount), e.all_in))
        elif e.kind == "raise":
            out.append(("raise", e.player, m(e.to), e.all_in))
        elif e.kind in ("fold", "check"):
            out.append((e.kind, e.player))
        elif e.kind == "deal":
            out.append(("deal", e.player, e.new))
        elif e.kind == "show" and e.player not in shown:
            shown.add(e.player)
        elif e.kind == "uncalled":
            out.append(("uncalled", e.player, m(e.amount)))
        elif e.kind == "collect":
            out.append(("collect", e.player, m(e.amount)))
    return out


def parsed(hand: Hand) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for e in hand.events:
        if isinstance(e, Seat):
            out.append(("seat", e.seat, e.player, e.stack))
        elif isinstance(e, Ante):
            out.append(("ante", e.player, e.amount, e.all_in))
        elif isinstance(e, Action):
            if e.kind in (ActionKind.RAISE, ActionKind.COMPLETE):
                out.append(("raise", e.player, e.to, e.all_in))
            elif e.kind in (ActionKind.FOLD, ActionKind.CHECK):
                out.append((e.kind.value, e.player))
            else:
                out.append((e.kind.value, e.player, e.amount, e.all_in))
        elif isinstance(e, Deal):
            out.append(("deal", e.player, e.new))
        elif isinstance(e, UncalledReturn):
            out.append(("uncalled", e.player, e.amount))
        elif isinstance(e, Collect):
            out.append(("collect", e.player, e.amount))
    # the dealer returns a bet before the showdown, the log at the end: compare the sets of those
    return out


def _order_free(items: list[tuple[object, ...]]) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    play = [i for i in items if i[0] not in ("uncalled", "collect")]
    pay = sorted((i for i in items if i[0] in ("uncalled", "collect")), key=repr)
    return play, pay


@pytest.fixture(scope="module")
def dealt() -> list[Dealt]:
    return list(generate_hands(20111115, 600, house=MERGE))


def test_every_game_parses_back_to_what_was_dealt(
    dealt: list[Dealt], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("merge") / "dealt.xml"
    path.write_text("\n\n\n".join(write_hand(h) for h in dealt) + "\n", encoding="utf-8")
    raws = [r for r in iter_raw_hands([str(path)]) if isinstance(r, RawHand)]
    assert len(raws) == len(dealt)
    for raw, hand in zip(raws, dealt, strict=True):
        result = merge.parse_hand(raw)
        assert isinstance(result, Hand), result
        assert result.header.hand_id == str(hand.hand_id)
        assert _order_free(parsed(result)) == _order_free(expected(hand)), hand.hand_id
        shows = {e.player: e.cards for e in result.events if isinstance(e, Show)}
        for e in hand.events:
            if e.kind == "show" and e.desc:  # the showdown's hands, whole
                assert shows[e.player] == e.new


def test_shown_lows_are_declared_for_the_winners(dealt: list[Dealt]) -> None:
    text = write_hand(next(h for h in dealt if any(e.kind == "show" and e.desc for e in h.events)))
    assert ' hand="' in text.split("<winner", 1)[1]


def test_fifteen_hundred_hands_audit_clean() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "merge.xml"
        path.write_text(generate_text(20140911, 1500, site="merge"), encoding="utf-8")
        reports = list(audit_paths([str(path)]))
    assert [f"{r.hand_id}: {[v.rule for v in r.violations]}" for r in reports if r.violations] == []
    assert sum(r.hand is not None for r in reports) == 1500


def test_same_seed_same_bytes() -> None:
    assert generate_text(5, 20, site="merge") == generate_text(5, 20, site="merge")
