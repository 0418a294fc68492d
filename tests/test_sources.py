"""Tests for razzlog.sources: real files on disk, no mocks."""

from __future__ import annotations

import codecs
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from razzlog.headers import PREFIXES_OF_SITE, SHAPED_HEADER_SITE, header_site
from razzlog.sources import (
    HEADER_PREFIXES,
    MAX_HAND_LINES,
    MAX_LINE_LENGTH,
    RawHand,
    iter_files,
    iter_lines,
    iter_raw_hands,
)
from razzlog.violations import Severity, Violation

SAMPLES = Path(__file__).resolve().parent.parent / "samples"  # copies of the shared real samples
PS_SAMPLE = SAMPLES / "pokerstars-cash-razz-0.04-0.08.txt"
FT_SAMPLE = SAMPLES / "fulltilt-cash-razz-0.10-0.20.utf16.txt"

PS_HAND = [
    "PokerStars Hand #100: Razz Limit ($0.04/$0.08 USD) - 2009/11/26 14:05:19 ET",
    "Table 'Iris X' 8-max",
    "Seat 2: Jörg ($0.50 in chips)",
    "*** SUMMARY ***",
]
FT_HAND = [
    "Full Tilt Poker Game #200: Table Mart - $0.10/$0.20 Ante $0.02 - Limit Razz",
    "Seat 1: Hero ($4.50)",
    "Hero antes $0.02",
]


def hands(items: list[RawHand | Violation]) -> list[RawHand]:
    return [i for i in items if isinstance(i, RawHand)]


def violations(items: list[RawHand | Violation]) -> list[Violation]:
    return [i for i in items if isinstance(i, Violation)]


def write(path: Path, lines: list[str], encoding: str, newline: str = "\n") -> Path:
    """Write ``lines`` (each followed by ``newline``) encoded as ``encoding``.

    ``utf-16-le``/``utf-16-be``/``utf-8-sig`` get their BOM.
    """
    text = "".join(line + newline for line in lines)
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(encoding, b"")
    path.write_bytes(bom + text.encode(encoding))
    return path


# --------------------------------------------------------------------------- encodings


@pytest.mark.parametrize(
    ("encoding", "expected"),
    [
        ("utf-8", "utf-8"),
        ("utf-8-sig", "utf-8-sig"),
        ("cp1252", "cp1252"),
        ("utf-16-le", "utf-16-le"),
        ("utf-16-be", "utf-16-be"),
    ],
)
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_encodings_and_newlines(tmp_path: Path, encoding: str, expected: str, newline: str) -> None:
    content = ["", "", *PS_HAND, "", "", *FT_HAND, "", ""]
    path = write(tmp_path / "h.txt", content, encoding, newline)
    items = list(iter_raw_hands([str(path)]))
    assert violations(items) == []
    got = hands(items)
    assert [h.first_line for h in got] == [3, 9]
    assert [list(h.lines) for h in got] == [PS_HAND, FT_HAND]
    assert got[0].encoding == expected
    assert got[0].lines[2] == "Seat 2: Jörg ($0.50 in chips)"
    assert got[0].file == str(path)
    # The all-ASCII hand of a BOM-less file is plain UTF-8.
    assert got[1].encoding == ("utf-8" if expected == "cp1252" else expected)
    assert list(iter_lines(str(path))) == content


def test_cp1252_decided_per_line(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(
        "\n".join(PS_HAND).encode("utf-8")
        + b"\n\n"
        + FT_HAND[0].encode()
        + b"\nSeat 1: J\xf6rg ($4.50)\nSeat 2: Ren\xc3\xa9 ($1)\n"
    )
    got = hands(list(iter_raw_hands([str(path)])))
    assert got[0].encoding == "utf-8"
    assert got[0].lines[2] == "Seat 2: Jörg ($0.50 in chips)"
    assert got[1].encoding == "cp1252"
    assert got[1].lines == (FT_HAND[0], "Seat 1: Jörg ($4.50)", "Seat 2: René ($1)")


def test_cp1252_undefined_bytes_do_not_crash(tmp_path: Path) -> None:
    path = tmp_path / "odd.txt"
    path.write_bytes(PS_HAND[0].encode() + b"\nSeat 1: \x81\x8d\x90 ($1)\n")
    (hand,) = hands(list(iter_raw_hands([str(path)])))
    assert hand.encoding == "cp1252"
    assert hand.lines[1] == "Seat 1: \ufffd\ufffd\ufffd ($1)"


def test_lone_cr_and_mixed_line_endings(tmp_path: Path) -> None:
    path = tmp_path / "cr.txt"
    path.write_bytes(b"PokerStars Hand #1: x\rline 2\r\nline 3\n\rline 5\r")
    assert list(iter_lines(str(path))) == [
        "PokerStars Hand #1: x",
        "line 2",
        "line 3",
        "",
        "line 5",
    ]


@pytest.mark.parametrize("split_at", range(1, 12))
def test_crlf_split_across_chunks_is_one_line_end(tmp_path: Path, split_at: int) -> None:
    # Chunks (e.g. from a pipe) can end between "\r" and "\n".
    from razzlog.lines import _split_runs

    data = b"ab\r\ncd\r\r\nef"
    chunks = [data[:split_at], data[split_at:]]
    assert [line for run in _split_runs(chunks, b"\r", b"\n") for line in run] == [b"ab", b"cd", b"", b"ef"]


def test_bom_inside_file_is_removed(tmp_path: Path) -> None:
    # Two UTF-8 files with BOMs concatenated.
    one = codecs.BOM_UTF8 + "\n".join(PS_HAND).encode() + b"\n"
    two = codecs.BOM_UTF8 + "\n".join(FT_HAND).encode() + b"\n"
    path = tmp_path / "cat.txt"
    path.write_bytes(one + two)
    got = hands(list(iter_raw_hands([str(path)])))
    assert [h.first_line for h in got] == [1, 5]
    assert [list(h.lines) for h in got] == [PS_HAND, FT_HAND]


def test_utf16_stray_trailing_byte_dropped(tmp_path: Path) -> None:
    path = tmp_path / "ft.txt"
    body = "\n".join(FT_HAND).encode("utf-16-le")
    path.write_bytes(codecs.BOM_UTF16_LE + body + b"\n")
    assert list(iter_lines(str(path))) == FT_HAND


def test_overlong_line_is_cut(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_bytes(b"x" * (MAX_LINE_LENGTH * 3 + 5) + b"\nnext\n")
    lines = list(iter_lines(str(path)))
    assert [len(line) for line in lines] == [MAX_LINE_LENGTH, 4]


# --------------------------------------------------------------------------- real samples


def test_full_tilt_sample(tmp_path: Path) -> None:
    copy = tmp_path / FT_SAMPLE.name
    shutil.copyfile(FT_SAMPLE, copy)
    raw = copy.read_bytes()
    assert raw.startswith(codecs.BOM_UTF16_LE) and len(raw) % 2 == 1  # the stray byte
    items = list(iter_raw_hands([str(copy)]))
    assert violations(items) == []
    (hand,) = hands(items)
    assert hand.first_line == 1
    assert hand.encoding == "utf-16-le"
    assert hand.lines[0].startswith("Full Tilt Poker Game #26190453000")
    # Full Tilt puts a blank line between every line: kept inside, removed at the end.
    assert hand.lines[1] == ""
    assert hand.lines[2] == "Seat 1: Hero ($4.50)"
    assert hand.lines[-1] != ""
    # Physical line numbers: first_line + index matches the file.
    physical = raw[2:-1].decode("utf-16-le").split("\n")
    for index, line in enumerate(hand.lines):
        assert physical[hand.first_line - 1 + index] == line


def test_pokerstars_sample() -> None:
    items = list(iter_raw_hands([str(PS_SAMPLE)]))
    assert violations(items) == []
    got = hands(items)
    assert len(got) == 9
    physical = PS_SAMPLE.read_text(encoding="utf-8").splitlines()
    expected_starts = [n for n, line in enumerate(physical, start=1) if line.startswith("PokerStars")]
    assert [h.first_line for h in got] == expected_starts
    assert expected_starts[:3] == [1, 60, 121]
    for hand in got:
        assert hand.file == str(PS_SAMPLE)
        assert hand.encoding == "utf-8"
        assert hand.lines[0].startswith("PokerStars Game #")
        assert hand.lines[-1].strip() != ""
        for index, line in enumerate(hand.lines):
            assert physical[hand.first_line - 1 + index] == line


# --------------------------------------------------------------------------- structure


def test_text_before_first_header_is_parse_error(tmp_path: Path) -> None:
    path = write(tmp_path / "pre.txt", ["", "  ", "garbage", "more", *PS_HAND], "utf-8")
    items = list(iter_raw_hands([str(path)]))
    assert isinstance(items[0], Violation)
    assert items[0].rule == "parse-error"
    assert items[0].severity is Severity.ERROR
    assert items[0].line == 3
    assert items[0].file == str(path)
    assert items[0].message.startswith("text before the first hand header: expected a line")
    assert isinstance(items[1], RawHand) and items[1].first_line == 5
    assert len(items) == 2


def test_blank_and_separator_lines(tmp_path: Path) -> None:
    content = [*PS_HAND, "", "   ", "", *PS_HAND, "*" * 20, "", *FT_HAND]
    path = write(tmp_path / "sep.txt", content, "utf-8")
    got = hands(list(iter_raw_hands([str(path)])))
    assert [h.first_line for h in got] == [1, 8, 14]
    # Separator lines that are not blank belong to the hand before them.
    assert got[1].lines == (*PS_HAND, "*" * 20)
    # Blank lines inside a hand stay, as "".
    inner = write(tmp_path / "inner.txt", [PS_HAND[0], "", " \t", PS_HAND[1], "", ""], "utf-8")
    (hand,) = hands(list(iter_raw_hands([str(inner)])))
    assert hand.lines == (PS_HAND[0], "", "", PS_HAND[1])


def test_all_header_prefixes(tmp_path: Path) -> None:
    content = [f"{prefix}{n}: x" for n, prefix in enumerate(HEADER_PREFIXES)]
    path = write(tmp_path / "all.txt", content, "utf-8")
    got = hands(list(iter_raw_hands([str(path)])))
    assert [h.lines for h in got] == [(line,) for line in content]
    assert [h.first_line for h in got] == list(range(1, len(content) + 1))


def test_runaway_hand_is_skipped_to_next_header(tmp_path: Path) -> None:
    path = tmp_path / "runaway.txt"
    with path.open("w", encoding="utf-8") as out:
        out.write(PS_HAND[0] + "\n")
        for n in range(MAX_HAND_LINES + 10):
            out.write(f"chatter {n}\n")
        out.write("\n".join(FT_HAND) + "\n")
    items = list(iter_raw_hands([str(path)]))
    assert len(items) == 2
    first, second = items
    assert isinstance(first, Violation) and first.rule == "parse-error" and first.line == 1
    assert isinstance(second, RawHand)
    assert second.first_line == MAX_HAND_LINES + 12
    assert list(second.lines) == FT_HAND


def test_many_blank_lines_do_not_count_as_hand_lines(tmp_path: Path) -> None:
    path = tmp_path / "blanks.txt"
    path.write_bytes(("\n".join(PS_HAND) + "\n" * (MAX_HAND_LINES * 2)).encode())
    (hand,) = list(iter_raw_hands([str(path)]))
    assert isinstance(hand, RawHand) and list(hand.lines) == PS_HAND


def test_header_must_start_the_line(tmp_path: Path) -> None:
    path = write(tmp_path / "indent.txt", [" " + PS_HAND[0], *PS_HAND[1:]], "utf-8")
    (item,) = list(iter_raw_hands([str(path)]))
    assert isinstance(item, Violation) and item.rule == "unknown-format"


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\n\n",
        b"just some notes\nabout poker\n",
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe",
    ],
)
def test_unknown_format(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "notes.bin"
    path.write_bytes(content)
    (item,) = list(iter_raw_hands([str(path)]))
    assert isinstance(item, Violation)
    assert item.rule == "unknown-format"
    assert item.code == "RZ003"
    assert item.severity is Severity.ERROR
    assert item.line == 1
    assert item.file == str(path)
    assert (item.site, item.hand_id, item.player, item.street) == (None, None, None, None)
    assert "no hand history razzlog knows" in item.message
    assert "'PokerStars Hand #'" in item.message and "'Full Tilt Poker Game #'" in item.message


def test_missing_file(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.txt")
    (item,) = list(iter_raw_hands([missing]))
    assert isinstance(item, Violation)
    assert (item.rule, item.line, item.file, item.message) == (
        "unknown-format",
        0,
        missing,
        "file not found",
    )
    assert list(iter_files([missing])) == [item]


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux /proc")
def test_unreadable_file() -> None:
    # Reading /proc/self/mem from offset 0 fails with an I/O error even for root
    # (CI runs as root, so file permissions cannot make a file unreadable).
    (item,) = list(iter_raw_hands(["/proc/self/mem"]))
    assert isinstance(item, Violation)
    assert item.rule == "unknown-format" and item.line == 0
    assert item.message.startswith("cannot read file")


# --------------------------------------------------------------------------- folders


def test_folder_walk(tmp_path: Path) -> None:
    root = tmp_path / "hh"
    (root / "b" / "deep").mkdir(parents=True)
    (root / ".hidden_dir").mkdir()
    write(root / "a.txt", PS_HAND, "utf-8")
    write(root / "b" / "deep" / "x.dat", FT_HAND, "utf-16-le")
    write(root / "b" / "c.log", PS_HAND, "cp1252")
    write(root / "c.txt", FT_HAND, "utf-8")
    (root / "notes.md").write_text("# my notes\n")
    write(root / ".hidden.txt", PS_HAND, "utf-8")
    write(root / ".hidden_dir" / "h.txt", PS_HAND, "utf-8")

    given = str(root) + os.sep
    files = list(iter_files([given]))
    expected = [
        os.path.join(given, "a.txt"),
        os.path.join(given, "b", "c.log"),
        os.path.join(given, "b", "deep", "x.dat"),
        os.path.join(given, "c.txt"),
        os.path.join(given, "notes.md"),
    ]
    assert files == expected

    items = list(iter_raw_hands([given]))
    assert [(i.file, i.encoding) for i in hands(items)] == [
        (expected[0], "utf-8"),
        (expected[1], "cp1252"),
        (expected[2], "utf-16-le"),
        (expected[3], "utf-8"),
    ]
    (bad,) = violations(items)
    assert (bad.file, bad.rule, bad.line) == (expected[4], "unknown-format", 1)
    # notes found in a folder: skipped with a warning; the same file named: an error
    assert bad.severity is Severity.WARNING and bad.message.endswith("skipped")
    (named,) = violations(list(iter_raw_hands([expected[4]])))
    assert (named.rule, named.line, named.severity) == ("unknown-format", 1, Severity.ERROR)


def test_relative_folder_and_explicit_hidden_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "d").mkdir()
    write(tmp_path / "d" / "h.txt", PS_HAND, "utf-8")
    hidden = write(tmp_path / ".explicit.txt", PS_HAND, "utf-8")
    monkeypatch.chdir(tmp_path)
    assert list(iter_files(["d"])) == [os.path.join("d", "h.txt")]
    assert list(iter_files(["."])) == [os.path.join(".", "d", "h.txt")]
    assert list(iter_files([str(hidden)])) == [str(hidden)]


def test_several_paths_keep_order(tmp_path: Path) -> None:
    one = write(tmp_path / "z.txt", PS_HAND, "utf-8")
    two = write(tmp_path / "a.txt", FT_HAND, "utf-8")
    got = hands(list(iter_raw_hands([str(one), str(two)])))
    assert [h.file for h in got] == [str(one), str(two)]


# --------------------------------------------------------------------------- stdin


def test_stdin_subprocess() -> None:
    code = (
        "from razzlog.sources import iter_raw_hands\n"
        "for h in iter_raw_hands(['-']):\n"
        "    print(h.file, h.first_line, h.encoding, len(h.lines))\n"
    )
    data = ("\n\n" + "\n".join(PS_HAND) + "\n\n" + "\n".join(FT_HAND)).encode("utf-16-le")
    result = subprocess.run(
        [sys.executable, "-c", code],
        input=codecs.BOM_UTF16_LE + data,
        capture_output=True,
        check=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert result.stdout.decode().splitlines() == [
        "<stdin> 3 utf-16-le 4",
        "<stdin> 8 utf-16-le 3",
    ]


# --------------------------------------------------------------------------- round trip

_ALPHABET = st.characters(codec="ascii", categories=("L", "N", "P", "S", "Zs")) | st.sampled_from("äöüéÖß")
_body_line = st.text(_ALPHABET, min_size=1, max_size=30).filter(
    lambda s: s.strip() != "" and not s.startswith(HEADER_PREFIXES)
)


@st.composite
def _hand(draw: st.DrawFn) -> list[str]:
    prefix = draw(st.sampled_from(HEADER_PREFIXES))
    hand_id = draw(st.integers(min_value=1, max_value=10**12))
    header = f"{prefix}{hand_id}: {draw(st.text(_ALPHABET, max_size=20))}"
    body = draw(st.lists(st.one_of(_body_line, st.just("")), max_size=12))
    while body and body[-1] == "":
        body.pop()
    return [header, *body]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    leading=st.integers(min_value=0, max_value=3),
    hand_list=st.lists(st.tuples(_hand(), st.integers(min_value=0, max_value=3)), max_size=6),
    encoding=st.sampled_from(["utf-8", "utf-16-le", "cp1252"]),
    newline=st.sampled_from(["\n", "\r\n"]),
    final_newline=st.booleans(),
)
def test_round_trip(
    tmp_path: Path,
    leading: int,
    hand_list: list[tuple[list[str], int]],
    encoding: str,
    newline: str,
    final_newline: bool,
) -> None:
    lines: list[str] = [""] * leading
    expected: list[tuple[int, tuple[str, ...]]] = []
    for hand_lines, gap in hand_list:
        expected.append((len(lines) + 1, tuple(hand_lines)))
        lines.extend(hand_lines)
        lines.extend([""] * gap)
    text = newline.join(lines) + (newline if final_newline else "")
    bom = codecs.BOM_UTF16_LE if encoding == "utf-16-le" else b""
    path = tmp_path / "round.txt"
    path.write_bytes(bom + text.encode(encoding))

    items = list(iter_raw_hands([str(path)]))
    if not expected:
        assert len(items) == 1 and isinstance(items[0], Violation)
        assert items[0].rule == "unknown-format"
        return
    assert violations(items) == []
    got = hands(items)
    assert [(h.first_line, h.lines) for h in got] == expected
    for hand, (_, want) in zip(got, expected, strict=True):
        if encoding == "utf-16-le":
            assert hand.encoding == "utf-16-le"
        elif encoding == "cp1252" and not all(line.isascii() for line in want):
            assert hand.encoding == "cp1252"
        else:
            assert hand.encoding == "utf-8"


def test_every_site_header_starts_a_hand() -> None:
    from razzlog.sites import SITES

    for site in SITES:
        for prefix in site.HEADER_PREFIXES:
            assert prefix in HEADER_PREFIXES, f"{site.NAME}: {prefix!r} is not split into hands"
            assert header_site(prefix + "1: x") == site.NAME
        assert PREFIXES_OF_SITE.get(site.NAME, ()) == site.HEADER_PREFIXES
    assert set(PREFIXES_OF_SITE) | {SHAPED_HEADER_SITE} == {site.NAME for site in SITES}
    assert header_site("#39969356: Limit Razz - 40/80") == SHAPED_HEADER_SITE
