"""Masking, rewritten to cost less a line, masks as it did (mask-7): the masked lines, the names
and the spans of any hand, against the masking as it was (75431d8) kept here as the reference,
with its plain ``startswith`` and regular expressions; and its small scanners against what they
stand for."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.generate.stream import generate_text
from razzlog.sites import fulltilt, kingsclub, mask_names, mask_scan, masking, winamax
from razzlog.sites.masking import POKERSTARS, Syntax, mask_lines

# --------------------------------------------------------------------------- the reference


def _ref_at_start(line: str, longest: list[str], fallback: list[str], syntax: Syntax, showdown: bool):
    tails = re.compile(
        f"{syntax.line_tails}|{syntax.showdown_tails}"
        if showdown and syntax.showdown_tails
        else syntax.line_tails
    )
    for name in longest:
        if line.startswith(name) and tails.match(line, len(name)):
            return name
    for name in fallback:
        if line.startswith(name) and re.compile(syntax.fallback_tail).match(line, len(name)):
            return name
    return None


def _ref_dealt_to(line: str, longest: list[str], syntax: Syntax) -> str | None:
    cards = re.compile(syntax.dealt_cards)
    for name in longest:
        if line.startswith(name, 9) and cards.match(line, 9 + len(name)):
            return name
    for name in longest:
        if line.startswith(name, 9) and line.startswith(syntax.dealt_fallback, 9 + len(name)):
            return name
    return None


def _ref_summary_seat(line: str, seats: dict[int, str], longest: list[str]) -> tuple[str | None, int]:
    colon = line.find(": ", 5)
    if colon > 5 and line[5:colon].isdigit():
        name = seats.get(int(line[5:colon]))
        pos = colon + 2
        if name is not None and line.startswith(name, pos):
            end = pos + len(name)
            if end == len(line) or line[end] == " ":
                return name, pos
    m = re.match(r"Seat \d+: ", line)
    if m:
        pos = m.end()
        for name in longest:
            end = pos + len(name)
            if line.startswith(name, pos) and (end == len(line) or line[end] == " "):
                return name, pos
    return None, 0


def _reference(raw_lines: tuple[str, ...], syntax: Syntax):
    """masking.mask_lines as it was: (masked lines, lines, names, spans)."""
    lines = tuple(line.rstrip() for line in raw_lines)
    seat_lines: dict[int, tuple[str, str, int]] = {}
    for i in range(1, len(lines)):
        if lines[i].startswith("*** "):
            break
        if lines[i].startswith("Seat "):
            m = syntax.seat_line.fullmatch(lines[i]) or syntax.loose_seat_line.fullmatch(lines[i])
            if m:
                seat_lines[i] = (m.group(1), m.group(2), m.start(2))
    seats: dict[int, str] = {}
    for seat, name, _ in seat_lines.values():
        seats.setdefault(int(seat), name)
    names = list(dict.fromkeys(seats.values()))
    index = {name: k for k, name in enumerate(names)}
    if not names:
        return lines, lines, (), {}
    longest = sorted(names, key=len, reverse=True)
    fallback = sorted(names, key=len) if syntax.fallback_shortest else longest
    out = list(lines)
    spans: dict[int, tuple[int, int, int]] = {}
    section = 0
    for i in range(1, len(lines)):
        line = lines[i]
        if not line:
            continue
        name: str | None = None
        pos = 0
        if line.startswith("*** "):
            section = (
                2 if line.startswith("*** SUMMARY ***") else 3 if line.startswith("*** SHOW DOWN ***") else 1
            )
            continue
        if line.startswith("Seat "):
            if section == 0:
                if i in seat_lines:
                    _, name, pos = seat_lines[i]
            elif section == 2:
                name, pos = _ref_summary_seat(line, seats, longest)
        elif line.startswith("Dealt to "):
            name = _ref_dealt_to(line, longest, syntax)
            pos = 9
        elif line.startswith("Uncalled bet "):
            m = re.compile(syntax.returned).match(line)
            if m and line[m.end() :] in index:
                name, pos = line[m.end() :], m.end()
        elif i <= 2 and line.startswith("Table '"):
            continue
        if name is None:
            name = _ref_at_start(line, longest, fallback, syntax, section == 3)
            pos = 0
        if name is None or name not in index:
            continue
        marker = f"\ue000{index[name]}\ue001"
        out[i] = line[:pos] + marker + line[pos + len(name) :]
        spans[i] = (pos, len(marker), len(name))
    return tuple(out), lines, tuple(names), spans


def _same(lines: tuple[str, ...], syntax: Syntax) -> None:
    got = mask_lines(lines, syntax)
    want = _reference(lines, syntax)
    assert (got.masked, got.lines, got.names, got.spans) == want
    for index, line in enumerate(got.masked):  # the column map, as the spans give it
        for column in range(len(line) + 1):
            span = want[3].get(index)
            if span is None or column < span[0]:
                expected = column
            elif column < span[0] + span[1]:
                expected = span[0]
            else:
                expected = column - span[1] + span[2]
            assert got.original_column(index, column) == expected


# --------------------------------------------------------------------------- hands

_NAMES = [
    "Hero",
    "Bob",
    "Bob B",
    "Jörg.K: 2",
    "李小龙73295",
    "Seat 9",
    "A 2 3 4 5",
    "PC [Mittel]",
    "Dealt to x",
]
_NAMES += ["Bob: calls $1 and", "x (1 in chips)", "Ölfisch ", "\ue0001\ue001", "Bo", "B", "Total pot"]
_SYNTAXES = st.sampled_from([POKERSTARS, fulltilt.SYNTAX, kingsclub.SYNTAX, winamax.SYNTAX])


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.sampled_from(_NAMES), max_size=3), _SYNTAXES)
def test_generated_hands_with_renamed_players_are_masked_as_before(
    seed: int, renames: list[str], syntax: Syntax
) -> None:
    text = generate_text(seed, 2, site="pokerstars")
    for hand in text.split("\n\n\n"):
        lines = tuple(hand.strip("\n").split("\n"))
        seated = [m.group(1) for line in lines if (m := re.match(r"Seat \d+: (.+?) \(", line))]
        for old, new in zip(dict.fromkeys(seated), renames, strict=False):
            lines = tuple(line.replace(old, new) for line in lines)
        _same(lines, syntax)


_LINE_BITS = st.sampled_from(
    [
        "Seat 1: ",
        "Seat 2: ",
        "Seat ٣: ",
        "Seat 12: ",
        "Seat 1x: ",
        "Seat ",
        " ($5 in chips)",
        " (1,000 in chips) is sitting out",
        " folded on the 3rd Street",
        "*** 3rd STREET ***",
        "*** SHOW DOWN ***",
        "*** SUMMARY ***",
        "Dealt to ",
        " [Ah]",
        " [2c 3d] [Ks]",
        " [Ah",
        "Uncalled bet ($1) returned to ",
        "Table 'T' 8-max",
        ": bets $1",
        ": folds",
        ": checks",
        " collected $3 from pot",
        " finished the tournament in 2nd place",
        " \t",
        "\u3000",
        "Total pot $3",
        "",
    ]
)
_HAND_NAMES = st.lists(st.sampled_from(_NAMES), min_size=1, max_size=4)


@settings(max_examples=1500, deadline=None)
@given(
    _HAND_NAMES,
    st.lists(st.lists(_LINE_BITS | st.sampled_from(_NAMES), max_size=5).map("".join), max_size=14),
    _SYNTAXES,
)
def test_any_lines_after_seat_lines_are_masked_as_before(
    names: list[str], body: list[str], syntax: Syntax
) -> None:
    seats = [f"Seat {k + 1}: {name} (${k + 1} in chips)" for k, name in enumerate(names)]
    _same(("PokerStars Hand #1: Razz", "Table 'T' 8-max", *seats, *body), syntax)
    _same(("header", *body, *seats, *body), syntax)  # (names before the seat lines too)


# --------------------------------------------------------------------------- the scanners


@settings(max_examples=3000, deadline=None)
@given(
    st.text(alphabet="ab\ue000é ", max_size=6), st.text(alphabet="ab\ue000é ", max_size=4), st.integers(0, 8)
)
def test_starts_at_is_startswith_with_a_start(line: str, prefix: str, at: int) -> None:
    assert mask_scan.starts_at(line, prefix, at) == line.startswith(prefix, at)


@settings(max_examples=3000, deadline=None)
@given(st.lists(_LINE_BITS | st.sampled_from(_NAMES), max_size=4).map("".join), _HAND_NAMES)
def test_a_summary_seat_line_is_read_as_before(tail: str, names: list[str]) -> None:
    seats = {k + 1: name for k, name in enumerate(names)}
    longest = sorted(names, key=len, reverse=True)
    for line in ("Seat " + tail, tail):
        try:
            want: object = _ref_summary_seat(line, seats, longest)
        except ValueError:  # (int() of a digit that is no decimal, "²": as before)
            want = ValueError
        try:
            got: object = mask_scan.summary_seat(line, seats, longest)
        except ValueError:
            got = ValueError
        assert got == want


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.text(alphabet="ab \t\x1c\x85\xa0\u3000\ue000", max_size=4), max_size=6))
def test_stripped_lines_are_rstripped(lines: list[str]) -> None:
    want = tuple(line.rstrip() for line in lines)
    assert masking.stripped(lines) == want
    assert masking.stripped(tuple(lines)) == want


def test_the_compiled_patterns_are_kept_per_syntax() -> None:
    assert masking._compiled(POKERSTARS) is masking._compiled(POKERSTARS)
    assert masking._compiled(fulltilt.SYNTAX).tails.pattern == fulltilt.SYNTAX.line_tails


_TAIL_PIECES = [": ", "posts the ante ", "brings in for ", "bets ", "calls ", "raises ", " to ", "checks"]
_TAIL_PIECES += ["folds", "mucks hand", "doesn't show hand", "shows ", " collected ", " from ", "main "]
_TAIL_PIECES += ["side ", "pot", "$", "€", "£", "1", "0", ",", ".", "٣", "５", "5", " [Ah]", "[2c 10d]"]
_TAIL_PIECES += [
    " [",
    "]",
    " ",
    "\n",
    "x",
    " finished the tournament",
    " in 2nd place",
    " and received $1.50.",
]
_TAIL_PIECES += [
    " wins the tournament and receives $3 - congratulations!",
    ": folds [Ah Kd]",
    ": raises $1 to $2",
]


@settings(max_examples=6000, deadline=None)
@given(st.lists(st.sampled_from(_TAIL_PIECES), max_size=8).map("".join))
def test_pokerstars_tails_are_read_as_the_patterns_match_them(rest: str) -> None:
    c = masking._compiled(POKERSTARS)
    assert c.stars_tails
    assert mask_scan.stars_tail(rest) == (re.compile(masking._STARS_TAILS).match(rest) is not None)
    for tails in (c.tails, c.showdown_tails):
        assert mask_names._tail_at_start(c, tails, rest) == (tails.match(rest) is not None)
