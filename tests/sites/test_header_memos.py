"""The header reads kept per game's name (pokerstars._GAMES, common._RAZZ) answer as the reads they
replace: the old implementations are kept here as the reference, fed headers whose pieces recur
(so the memos are hit, and headers that share a key differ after it)."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from razzlog.sites import common, pokerstars
from razzlog.sites.pokerstars import _BUY_IN_RE, _ENDS_WITH_LIMIT, _HEADER_RE, _TOURNAMENT_RE

# (the patterns are unchanged: only how often they run)
_LIMIT_WORDS = re.compile(r"(?i)\b(?:no limit|pot limit|fixed limit|spread limit|limit|nl|pl|fl)\b")


def old_game_of(header: str) -> str | None:
    """pokerstars.game_of before the memo (4392424)."""
    m = _HEADER_RE.match(header)
    if not m:
        return None
    rest = m.group(2)
    t = _TOURNAMENT_RE.match(rest)
    if t:
        rest = rest[t.end() :]
        b = _BUY_IN_RE.match(rest)
        if b:
            rest = rest[b.end() :]
    desc, ended, _ = rest.partition(" - ")
    paren = desc.find("(")
    if paren >= 0:
        inside = desc[paren + 1 :].split(",", 1)[0].rstrip(")").strip()
        if _ENDS_WITH_LIMIT.search(inside) or (inside and not inside[0].isdigit() and inside[0] not in "$€£"):
            return inside if ended or desc.endswith(")") else None
        ended = ended or inside[:1]
        desc = desc[:paren]
    return desc.strip() or None if ended else None


def old_hand_id_of(header: str) -> str | None:
    m = _HEADER_RE.match(header)
    return m.group(1) if m else None


def old_is_razz(game: str) -> bool:
    return " ".join(_LIMIT_WORDS.sub(" ", game).split()).lower() == "razz"


_PIECES = st.sampled_from(
    [
        "Tournament #7, ",
        "Tournament #12,",
        "$10+$1 USD ",
        "10+1 ",
        "10+1",
        "Freeroll ",
        "150 FPP ",
        "$5 ",
        "Razz Limit",
        "Razz",
        " Limit",
        "HORSE ",
        "(Razz Limit, $2/$4)",
        "(7 Card Stud Hi/Lo Limit)",
        "($0.04/$0.08 USD)",
        "(",
        ")",
        " - ",
        "- ",
        " -",
        "-",
        " ",
        "  ",
        "Level VI (100/200)",
        "2026/01/13 20:19:33 ET",
        "x",
        ",",
    ]
)
_REST = st.lists(_PIECES, max_size=9).map("".join)
_HEADER = st.builds(
    lambda kind, number, rest: f"PokerStars {kind} #{number}: {rest}",
    st.sampled_from(["Hand", "Game", "Zoom Hand"]),
    st.sampled_from(["1", "258150858133"]),
    _REST,
) | st.text(st.sampled_from("PokerStars Hand#1: -()RazLimt,$"), max_size=40)


@settings(max_examples=400)
@given(st.lists(_HEADER, min_size=1, max_size=12))
@example(
    [  # the buy-in's spaces take the one before a "-": the game is read after the " - "
        "PokerStars Hand #1: Tournament #7, 10+1 - Razz Limit - x",
        "PokerStars Hand #1: Tournament #7, 10+1 - HORSE - x",
    ]
)
@example(
    [
        "PokerStars Hand #1: Razz Limit - x",
        "PokerStars Hand #2: Razz Limit - y",
        "PokerStars Hand #3: Razz Limit",
    ]
)
def test_game_of_is_the_old_read(headers: list[str]) -> None:
    for header in headers + headers:  # the second time from the memo
        assert pokerstars.game_of(header) == old_game_of(header)
        assert pokerstars.hand_id_and_game(header) == (old_hand_id_of(header), old_game_of(header))
        assert pokerstars.hand_id_of(header) == old_hand_id_of(header)


@given(st.lists(st.text(st.sampled_from("Razz Limit NLPF27-"), max_size=20), min_size=1, max_size=8))
def test_is_razz_is_the_old_read(games: list[str]) -> None:
    for game in games + games:
        assert common.is_razz(game) == old_is_razz(game)


def test_a_game_read_after_the_dash_is_not_kept() -> None:
    pokerstars._GAMES.clear()
    assert pokerstars.game_of("PokerStars Hand #1: Tournament #7, 10+1 - Razz Limit - x") == "- Razz Limit"
    assert pokerstars._GAMES == {}
    assert pokerstars.game_of("PokerStars Hand #1: Tournament #7, 10+1 - HORSE - x") == "- HORSE"
