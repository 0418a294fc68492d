"""razzlog.lines' plain files: the whole-chunk decoding gives what decoding each line alone gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.lines import (
    MAX_LINE_LENGTH,
    _plain_line,
    _plain_lines,
    decoded_lines,
)
from tests.line_reference import BINARY_BREAK, split_lines

# pieces that matter to line breaks and decoding: line breaks, a BOM, valid multi-byte UTF-8,
# bytes that are not UTF-8 (cp1252 "é", a cut "€", a lone continuation byte)
_PIECES = [
    b"a",
    b"Seat 1: ",
    b"\r",
    b"\n",
    b"\r\n",
    b"\xef\xbb\xbf",
    "é€".encode(),
    b"\xe9",
    b"\xe2\x82",
    b"\x80",
]


def per_line(chunks: list[bytes]) -> list[tuple[str, str]]:
    """The reference: split the bytes into lines, then decode each line alone."""
    return [_plain_line(raw[:MAX_LINE_LENGTH]) for raw in split_lines(chunks, BINARY_BREAK, b"\n")]


def chunked(data: bytes, cuts: list[int]) -> list[bytes]:
    at = sorted({min(c, len(data)) for c in cuts})
    return [data[a:b] for a, b in zip([0, *at], [*at, len(data)], strict=True)]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40), st.lists(st.integers(0, 200), max_size=6))
def test_whole_chunk_decoding_equals_decoding_each_line(pieces: list[bytes], cuts: list[int]) -> None:
    chunks = chunked(b"".join(pieces), cuts)
    assert list(_plain_lines(chunks)) == per_line(chunks)


@given(st.binary(max_size=300), st.lists(st.integers(0, 300), max_size=6))
def test_any_bytes_decode_as_each_line_alone(data: bytes, cuts: list[int]) -> None:
    chunks = chunked(data, cuts)
    assert list(_plain_lines(chunks)) == per_line(chunks)


def test_empty_chunks_do_not_change_the_lines() -> None:
    # an empty chunk between "\r" and "\n" ends the "\r"'s wait for its "\n", as in the reference split (tests/line_reference.py)
    chunks = [b"ab\r", b"", b"\ncd", b"", b"e"]
    assert (
        list(_plain_lines(chunks)) == per_line(chunks) == [("ab", "utf-8"), ("", "utf-8"), ("cde", "utf-8")]
    )


def test_crlf_and_lone_cr_across_chunk_ends() -> None:
    data = b"ab\r\ncd\r\r\nef\rg\xe9\r"
    for cut in range(len(data) + 1):
        chunks = [data[:cut], data[cut:]]
        assert list(_plain_lines(chunks)) == per_line(chunks)
    assert list(decoded_lines(iter([data]))) == [
        ("ab", "utf-8"),
        ("cd", "utf-8"),
        ("", "utf-8"),
        ("ef", "utf-8"),
        ("g\xe9", "cp1252"),
    ]


def test_a_bom_is_removed_from_every_line() -> None:
    data = b"\xef\xbb\xbfone\n\xef\xbb\xbftwo\r\xef\xbb\xbf\xef\xbb\xbfthree\n"
    assert list(decoded_lines(iter([b"x\n", data]), "plain")) == [
        ("x", "utf-8"),
        ("one", "utf-8"),
        ("two", "utf-8"),
        ("\ufeffthree", "utf-8"),
    ]


def test_long_lines_are_cut_in_bytes_in_either_path() -> None:
    # lines longer than MAX_LINE_LENGTH, with a 2-byte character across the cut (cutting the
    # bytes leaves half of it: that line is cp1252), inside one big chunk or across small ones
    long_cut = b"x" * (MAX_LINE_LENGTH - 1) + "é".encode() + b"tail"
    long_plain = b"y" * (MAX_LINE_LENGTH + 10)
    data = b"short\n" + long_cut + b"\n" + long_plain + "\r\nlast é\n".encode() + b"z" * 100
    expected = [
        ("short", "utf-8"),
        ((b"x" * (MAX_LINE_LENGTH - 1) + b"\xc3").decode("cp1252", errors="replace"), "cp1252"),
        ("y" * MAX_LINE_LENGTH, "utf-8"),
        ("last é", "utf-8"),
        ("z" * 100, "utf-8"),
    ]
    for size in (len(data), 64 * 1024, 1000_003):
        chunks = [data[i : i + size] for i in range(0, len(data), size)]
        assert list(_plain_lines(chunks)) == per_line(chunks) == expected


def test_a_run_of_lines_just_under_the_limit_is_decoded_whole() -> None:
    # a chunk of many complete lines longer than MAX_LINE_LENGTH in all takes the per-line path
    line = "Seat 1: Jörg (1 in chips)\n".encode()
    data = b"first\n" + line * (MAX_LINE_LENGTH // len(line) + 2) + b"\xe9 end\n"
    chunks = [data]
    got = list(_plain_lines(chunks))
    assert got == per_line(chunks)
    assert got[-1] == ("é end", "cp1252")
    assert got[1] == ("Seat 1: Jörg (1 in chips)", "utf-8")
