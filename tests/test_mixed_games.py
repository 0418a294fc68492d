"""Mixed-game archives: hands of other games are counted by game, never parsed nor reported.

An auditor's archive holds every game a site dealt.  These tests read the other
games' headers in every form the sites print them (real fpdb regression files
under ``tests/data/mixed/``, see its SOURCES.md, and hand-made variants),
interleave them with generated razz hands, and check that the razz hands are
audited exactly as when alone while the others are only counted.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.api import audit_paths
from razzlog.events import Hand, OtherGameHand
from razzlog.generate.stream import generate_labeled
from razzlog.sites import fulltilt, parse_raw_hand, pokerstars
from razzlog.sources import RawHand, iter_raw_hands

MIXED = Path(__file__).resolve().parent / "data" / "mixed"

# (header, the game as read): every header form of the other games, and razz beside them
POKERSTARS_HEADERS = [
    ("PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2012/05/06 7:08:09 ET", "Hold'em No Limit"),
    ("PokerStars Game #2:  Omaha Pot Limit ($0.05/$0.10 USD) - 2010/01/01 1:00:00 ET", "Omaha Pot Limit"),
    ("PokerStars Zoom Hand #3:  Hold'em No Limit ($0.05/$0.10) - 2013/01/01 1:00:00 ET", "Hold'em No Limit"),
    ("PokerStars Hand #4: HORSE (Hold'em Limit, $2/$4) - 2009/05/05 2:57:40 ET", "Hold'em Limit"),
    ("PokerStars Hand #5: 8-Game (Triple Draw 2-7 Lowball Limit, $1/$2 USD) - 2015/01/01 1:00:00 ET",
     "Triple Draw 2-7 Lowball Limit"),
    ("PokerStars Hand #6: Tournament #7, $0.98+$0.12 USD HORSE (7 Card Stud Hi/Lo Limit) - Level V (200/400)"
     " - 2023/02/05 10:25:51 PT [2023/02/05 13:25:51 ET]", "7 Card Stud Hi/Lo Limit"),
    # a shootout's header names no buy-in (the archive of the issue had one)
    ("PokerStars Hand #8: Tournament #9, Hold'em No Limit - Match Round I, Level I (10/20)"
     " - 2011/01/01 1:00:00 ET", "Hold'em No Limit"),
    ("PokerStars Hand #10: Tournament #11, 5 Card Omaha Pot Limit - Level I (10/20) - 2011/01/01 1:00:00 ET",
     "5 Card Omaha Pot Limit"),
    ("PokerStars Hand #12: Tournament #13, Freeroll  Badugi Limit - Level I (10/20) - 2011/01/01 1:00:00 ET",
     "Badugi Limit"),
    ("PokerStars Hand #14: Tournament #15, 150 FPP 7 Card Stud Limit - Level II (15/30)"
     " - 2011/01/01 1:00:00 ET", "7 Card Stud Limit"),
    ("PokerStars Home Game Hand #16: {Club Razz} Courchevel Pot Limit (10/20) - 2014/01/01 1:00:00 ET",
     "Courchevel Pot Limit"),
    ("PokerStars Home Game Hand #17: {Dazzle's Room} Tournament #18, 100+9 8-Game (Hold'em No Limit)"
     " - Match Round I, Level IV (30/60) - 2013/06/06 0:00:10 ET", "Hold'em No Limit"),
    ("PokerStars Hand #19:  5 Card Draw No Limit ($0.25/$0.50 USD) - 2011/06/01 1:00:00 ET",
     "5 Card Draw No Limit"),
    ("PokerStars Hand #20:  Omaha Hi/Lo Limit (€0.10/€0.20 EUR) - 2011/06/01 1:00:00 CET", "Omaha Hi/Lo Limit"),
    ("PokerStars Game #21: Razz Limit ($0.50/$1.00) - 2008/07/09 - 21:41:43 (ET)", "Razz Limit"),
    ("PokerStars Hand #22: Tournament #23, 10+1 Razz Limit - Level II (20/40) - 2011/03/04 5:06:07 ET",
     "Razz Limit"),
    ("PokerStars Hand #24: HORSE (Razz Limit, $2/$4) - 2009/05/05 2:57:40 ET", "Razz Limit"),
]  # fmt: skip
FULLTILT_HEADERS = [
    ("Full Tilt Poker Game #1: Table T (6 max) - $2.50/$5 Ante $0.40 - Limit Stud Hi - 19:37:32 CET - 2011/04/07",
     "Limit Stud Hi"),
    ("Full Tilt Poker Game #2: Table Rush (6 max) - PL Omaha Hi - 5/10 - 05:28:44 ET - 2015/08/16", "PL Omaha Hi"),
    ("FullTiltPoker Game #3: Table T - $1/$2 - No Limit Hold'em - 1:00:00 ET - 2010/01/01", "No Limit Hold'em"),
    ("Full Tilt Poker Game #4: Table T - $1/$2 - HORSE - Limit Hold'em - 1:00:00 ET - 2010/01/01",
     "Limit Hold'em"),
    ("Full Tilt Poker Game #5: Table T - $0.10/$0.20 Ante $0.02 - Limit Razz - 20:15:00 ET - 2011/04/07",
     "Limit Razz"),
]  # fmt: skip


@pytest.mark.parametrize(("header", "game"), POKERSTARS_HEADERS)
def test_pokerstars_names_the_game_of_every_header_form(header: str, game: str) -> None:
    assert pokerstars.game_of(header) == game


@pytest.mark.parametrize(("header", "game"), FULLTILT_HEADERS)
def test_fulltilt_names_the_game_of_every_header_form(header: str, game: str | None) -> None:
    assert fulltilt.game_of(header) == game


OTHER_GAMES = st.sampled_from(
    [
        "Hold'em No Limit",
        "Hold'em Pot Limit",
        "Omaha Hi/Lo Pot Limit",
        "5 Card Omaha Pot Limit",
        "Courchevel Hi/Lo Pot Limit",
        "7 Card Stud Limit",
        "7 Card Stud Hi/Lo Limit",
        "Badugi Limit",
        "Triple Draw 2-7 Lowball Limit",
        "Single Draw 2-7 Lowball No Limit",
        "5 Card Draw Pot Limit",
    ]
)
JUNK_LINE = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x85\u2028\u2029"))


@settings(max_examples=200, deadline=None)
@given(
    game=OTHER_GAMES,
    form=st.integers(0, 5),
    mix=st.sampled_from(["HORSE", "8-Game", "Mixed NLH/PLO", "Hold'em/Omaha"]),
    body=st.lists(JUNK_LINE, max_size=6),
)
def test_a_hand_of_another_game_is_counted_whatever_else_it_holds(
    game: str, form: int, mix: str, body: list[str]
) -> None:
    """Never a parse-error: the header names another game, so the rest of the hand is not read."""
    stakes = "$0.10/$0.25 USD"
    header = [
        f"PokerStars Hand #77:  {game} ({stakes}) - 2012/05/06 7:08:09 ET",
        f"PokerStars Hand #77: {mix} ({game}, {stakes}) - 2012/05/06 7:08:09 ET",
        f"PokerStars Hand #77: Tournament #5, $10+$1 USD {game} - Level I (10/20) - 2012/05/06 7:08:09 ET",
        f"PokerStars Hand #77: Tournament #5, {game} - Match Round II, Level I (10/20) - 2012/05/06 7:08:09 ET",
        f"PokerStars Zoom Hand #77:  {game} ({stakes}) - 2012/05/06 7:08:09 ET",
        f"PokerStars Home Game Hand #77: {{My Club}} Tournament #5, 100+9 {mix} ({game}) - Level I (10/20)"
        " - 2012/05/06 7:08:09 ET",
    ][form]
    raw = RawHand("t.txt", 3, (header, *body), "utf-8")
    assert parse_raw_hand(raw) == OtherGameHand("t.txt", 3, "pokerstars", "77", game)


@pytest.mark.parametrize(
    "cut",
    [
        "Razz Lim",
        "Ra",
        "Razz Limit (",
        "Razz Limit ($",
        "Razz Limit (1",
        "Razz Limit ($0.04/$0.0",
        "HORSE (Razz Li",
    ],
)
def test_a_header_cut_where_it_may_name_razz_is_a_truncated_hand(cut: str) -> None:
    raw = RawHand("t.txt", 1, (f"PokerStars Hand #77:  {cut}",), "utf-8")
    found = parse_raw_hand(raw)
    assert not isinstance(found, OtherGameHand | Hand) and found.rule == "truncated-hand"


def test_a_header_cut_after_another_games_name_is_that_game() -> None:
    raw = RawHand("t.txt", 1, ("PokerStars Hand #77:  Hold'em No Limit ($0.01",), "utf-8")
    assert parse_raw_hand(raw) == OtherGameHand("t.txt", 1, "pokerstars", "77", "Hold'em No Limit")


def test_deuce_to_seven_razz_is_another_game() -> None:
    from razzlog.sites.common import is_razz

    assert is_razz("Razz Limit") and is_razz("Limit Razz") and is_razz("Razz fixed limit") and is_razz("Razz")
    assert not is_razz("Limit 2-7 Razz") and not is_razz("Triple Draw 2-7 Lowball Limit")


# --------------------------------------------------------------------------- a mixed folder


def _hands_of(text: str) -> list[str]:
    return [h.strip("\n") for h in text.split("\n\n\n") if h.strip()]


def other_game_hands() -> list[tuple[str, str]]:
    """(text, game) of every other-game hand of the fixtures, both sites."""
    out: list[tuple[str, str]] = []
    for path in sorted([*MIXED.glob("*.txt"), MIXED.parent / "pokerstars-line-kinds.txt",
                        MIXED.parent / "fulltilt-line-kinds.txt"]):  # fmt: skip
        for raw in iter_raw_hands([str(path)]):
            if isinstance(raw, RawHand):
                found = parse_raw_hand(raw)
                if isinstance(found, OtherGameHand):
                    out.append(("\n".join(raw.lines).strip("\n"), found.game))
    return out


@pytest.fixture(scope="module")
def mixed_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Counter[str]]:
    """A folder of files interleaving generated razz hands (with injected violations) and other
    games' hands, and the same razz hands alone in another folder (same file names)."""
    others = other_game_hands()
    root = tmp_path_factory.mktemp("mixed")
    mixed, alone = root / "mixed", root / "alone"
    mixed.mkdir()
    alone.mkdir()
    counts: Counter[str] = Counter()
    for n, site in enumerate(("pokerstars", "fulltilt")):
        text, _labels = generate_labeled(seed=40 + n, hands=60, site=site, violations=0.2)
        razz = _hands_of(text)
        site_others = [(t, g) for t, g in others if (t.startswith("PokerStars") == (site == "pokerstars"))]
        merged: list[str] = []
        for i, hand in enumerate(razz):
            merged.append(hand)
            if site_others:
                other, game = site_others[i % len(site_others)]
                merged.append(other)
                counts[game] += 1
        (mixed / f"{site}.txt").write_text("\n\n\n".join(merged) + "\n", encoding="utf-8")
        (alone / f"{site}.txt").write_text("\n\n\n".join(razz) + "\n", encoding="utf-8")
    return mixed, alone, counts


def _razzlog(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args], capture_output=True, text=True, check=False
    )


def _findings(doc: dict[str, object]) -> Counter[tuple[object, ...]]:
    """The violations without their place (lines move when other hands come between)."""
    violations = doc["violations"]
    assert isinstance(violations, list)
    return Counter((v["file"].rsplit("/", 1)[-1], v["hand_id"], v["rule"], v["player"], v["street"], v["message"])
                   for v in violations)  # fmt: skip


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_mixed_folder_counts_other_games_and_audits_razz_as_when_alone(
    mixed_folder: tuple[Path, Path, Counter[str]], jobs: str
) -> None:
    mixed, alone, counts = mixed_folder
    together = _razzlog("audit", str(mixed), "--format", "json", "--jobs", jobs, "--no-progress")
    by_itself = _razzlog("audit", str(alone), "--format", "json", "--jobs", jobs, "--no-progress")
    doc, razz = json.loads(together.stdout), json.loads(by_itself.stdout)
    assert together.returncode == by_itself.returncode == 1  # the injected violations
    assert doc["other_games"] == dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    assert doc["hands"] == razz["hands"] + sum(counts.values())
    assert doc["hands_parsed"] == razz["hands_parsed"]
    assert doc["hands_with_violations"] == razz["hands_with_violations"]
    assert _findings(doc) == _findings(razz)
    assert razz["other_games"] == {}
    other_ids = {v["hand_id"] for v in doc["violations"]} & {
        h.hand_id for h in (parse_raw_hand(r) for r in iter_raw_hands([str(mixed)]) if isinstance(r, RawHand))
        if isinstance(h, OtherGameHand)
    }  # fmt: skip
    assert not other_ids


def test_jsonl_and_parse_write_no_line_for_another_game(
    mixed_folder: tuple[Path, Path, Counter[str]],
) -> None:
    mixed, alone, counts = mixed_folder
    assert len(_razzlog("audit", str(mixed), "-f", "jsonl").stdout.splitlines()) == len(
        _razzlog("audit", str(alone), "-f", "jsonl").stdout.splitlines()
    )
    parsed = _razzlog("parse", str(mixed))
    assert len(parsed.stdout.splitlines()) == len(_razzlog("parse", str(alone)).stdout.splitlines())
    assert f"{sum(counts.values()):,} hands of other games left out" in parsed.stderr


def test_the_table_summary_has_one_line_per_game(mixed_folder: tuple[Path, Path, Counter[str]]) -> None:
    mixed, _alone, counts = mixed_folder
    out = _razzlog("audit", str(mixed)).stdout.splitlines()
    heading = out.index(f"{sum(counts.values()):,} hands of other games, counted, not audited:")
    listed = {
        line.split(None, 1)[1]: int(line.split(None, 1)[0].replace(",", "")) for line in out[heading + 1 :]
    }
    assert listed == dict(counts)


def test_stats_and_the_store_count_them_the_same(
    mixed_folder: tuple[Path, Path, Counter[str]], tmp_path: Path
) -> None:
    mixed, alone, counts = mixed_folder
    stats = _razzlog("stats", str(mixed), "--format", "json")
    assert stats.returncode == 0
    assert json.loads(stats.stdout) == json.loads(_razzlog("stats", str(alone), "--format", "json").stdout)
    assert f"{sum(counts.values()):,} hands of other games left out" in stats.stderr
    store = tmp_path / "store"
    imported = _razzlog("import", str(mixed), "--store", str(store), "--format", "json")
    assert (
        json.loads(imported.stdout)["other_games"]
        == json.loads(_razzlog("audit", str(mixed), "-f", "json").stdout)["other_games"]
    )
    assert (
        _razzlog("audit", "--store", str(store), "-f", "json").stdout
        == _razzlog("audit", str(mixed), "-f", "json").stdout
    )
    by_game = _razzlog(
        "query", "--store", str(store), "-f", "json",
        "SELECT game, SUM(hands) AS hands FROM other_games GROUP BY game",
    )  # fmt: skip
    assert {r["game"]: r["hands"] for r in json.loads(by_game.stdout)} == dict(counts)


def test_razz_hands_of_mixed_games_keep_their_game(tmp_path: Path) -> None:
    kinds = MIXED.parent / "pokerstars-line-kinds.txt"
    rows = json.loads(_razzlog("stats", str(kinds), "--by", "game,club", "-f", "json").stdout)
    games = {(r["game"], r["club"], r["currency"]) for r in rows}
    assert ("HORSE", None, "GBP") in games and ("8-Game", "Dazzle's Room", "chips") in games
    assert {g for g, _, _ in games} == {"Razz", "HORSE", "8-Game"}
    reports = [r for r in audit_paths([str(kinds)]) if r.hand is not None]
    assert {r.hand.header.mix for r in reports} == {None, "HORSE", "8-Game"}
    store = tmp_path / "store"
    _razzlog("import", str(kinds), "--store", str(store))
    stored = _razzlog("stats", "--store", str(store), "--by", "game,club", "-f", "json")
    assert json.loads(stored.stdout) == rows


def test_the_report_lists_the_other_games(
    mixed_folder: tuple[Path, Path, Counter[str]], tmp_path: Path
) -> None:
    import html
    import re

    mixed, _alone, counts = mixed_folder
    page = tmp_path / "report.html"
    assert _razzlog("report", str(mixed), "-o", str(page)).returncode == 1
    rows = re.findall(r'<tr data-game="([^"]*)" data-hands="(\d+)">', page.read_text(encoding="utf-8"))
    assert {html.unescape(game): int(n) for game, n in rows} == dict(counts)


OTHER_SITES_RAZZ_HEADERS = [
    "Winamax Poker - CashGame - HandId: #9250793-444-1478990340 - Razz fixed limit (5€/25€/50€)"
    " - 2016/11/12 22:39:00 UTC",
    "#39969356: Limit Razz - 40/80",
]


@pytest.mark.parametrize(
    "header",
    [h for h, game in POKERSTARS_HEADERS + FULLTILT_HEADERS if "Razz" in game] + OTHER_SITES_RAZZ_HEADERS,
)
def test_a_razz_header_cut_anywhere_is_never_another_game(header: str) -> None:
    """Cut at any character (the end of a file being written), a razz hand stays a razz hand."""
    start = header.index("#") + 1
    for end in range(start, len(header) + 1):
        raw = RawHand("t.txt", 1, (header[:end],), "utf-8")
        assert not isinstance(parse_raw_hand(raw), OtherGameHand), header[:end]


def test_a_hostile_games_name_is_shown_with_its_controls_visible(tmp_path: Path) -> None:
    """The game is the header's text: never a terminal escape in any output."""
    from tests.hostile.helpers import raw_controls

    path = tmp_path / "hostile.txt"
    header = "PokerStars Hand #77:  Hold'em\x1b[2J\u202e No Limit ($0.01/$0.02 USD) - 2012/05/06 7:08:09 ET"
    path.write_text(header + "\nTable 'T' 9-max\n", encoding="utf-8")
    outputs = [
        _razzlog("audit", str(path)),
        _razzlog("audit", str(path), "-f", "json"),
        _razzlog("parse", str(path)),
        _razzlog("stats", str(path)),
        _razzlog("import", str(path), "--store", str(tmp_path / "store")),
        _razzlog("import", str(path), "--store", str(tmp_path / "store2"), "--format", "json"),
    ]
    for out in outputs:
        assert raw_controls(out.stdout) == [] and raw_controls(out.stderr) == [], out.args
    assert "\\x1b[2J" in outputs[0].stdout and "\\x1b[2J" in outputs[4].stdout
    assert json.loads(outputs[1].stdout)["other_games"] == {"Hold'em\x1b[2J\u202e No Limit": 1}


def test_show_says_what_a_hand_of_another_game_is(tmp_path: Path) -> None:
    kinds = MIXED.parent / "pokerstars-line-kinds.txt"
    text = _razzlog("show", "200000000008", str(kinds))
    assert text.returncode == 1
    assert "hand 200000000008 is a hand of Hold'em No Limit, not razz" in text.stderr
    store = tmp_path / "store"
    _razzlog("import", str(kinds), "--store", str(store))
    stored = _razzlog("show", "200000000008", "--store", str(store))
    assert stored.returncode == 2 and "hands of other games are only counted" in stored.stderr
