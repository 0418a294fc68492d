"""razzlog.hand_cutting cuts runs of lines into hands as the line-by-line reading did.

The reference below is the reading as it was before lines came in runs
(``razzlog.lines`` split each line with a regular expression, and the hands were
cut one line at a time): random bytes, in every encoding mode, with the lines
that matter to cutting (headers, NULs, KingsClub's two-line headers, context
lines, archive separators, blank and whitespace lines, BOMs, odd line breaks),
in random chunks, must give the same hands and violations.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import razzlog.hand_cutting as hand_cutting
from razzlog.hand_cutting import hands_of_lines, hands_of_runs
from razzlog.headers import (
    _ARCHIVE_SEPARATOR,
    CONTEXT_PREFIXES,
    HEADER_PREFIXES,
    SHAPED_HEADER,
    SHAPED_HEADER_NEXT,
    file_looks_like,
    header_site,
    is_header,
    unknown_format_message,
)
from razzlog.lines import (
    MAX_LINE_LENGTH,
    PLAIN,
    UTF8_BOM,
    _plain_line,
    _utf16_text,
    decoded_runs,
    encoding_mode,
)
from razzlog.raw_hands import (
    MAX_HAND_LINES,
    NOT_A_HAND_HISTORY_MESSAGE,
    TEXT_BEFORE_HEADER_MESSAGE,
    RawHand,
    display_name,
    file_violation,
    read_error,
)
from razzlog.violations import Severity, Violation
from tests.line_reference import BINARY_BREAK, TEXT_BREAK, split_lines


def reference_lines(chunks: list[bytes]) -> Iterator[tuple[str, str]]:
    """The lines of a whole file read in ``chunks``, split by regular expression and decoded one
    by one.  (As the reading did: the first chunks are joined until they hold 3 bytes, and a
    line break's "\\r" and "\\n" in chunks with an empty one between are two line breaks.)"""
    rest = iter(chunks)
    head = b""
    for chunk in rest:
        head += chunk
        if len(head) >= 3:
            break
    mode = encoding_mode(head)
    body = head[{UTF8_BOM: 3, PLAIN: 0}.get(mode, 2) :]
    pieces = [*([body] if body else []), *rest]
    if mode == PLAIN:
        for raw in split_lines(pieces, BINARY_BREAK, b"\n"):
            yield _plain_line(raw[:MAX_LINE_LENGTH])
        return
    if mode == UTF8_BOM:
        for raw in split_lines(pieces, BINARY_BREAK, b"\n"):
            line = raw.decode("utf-8", errors="replace")
            yield (line[1:] if line.startswith("\ufeff") else line), mode
        return
    text = _utf16_text(pieces[0] if pieces else b"", iter(pieces[1:]), mode)
    for line in split_lines(text, TEXT_BREAK, "\n"):
        yield (line[1:] if line.startswith("\ufeff") else line), mode


def is_archive_separator(line: str) -> bool:
    """The archive separators as the line-by-line reading found them."""
    return line[:1] in "H*B " and _ARCHIVE_SEPARATOR.match(line) is not None


def _marked(numbered: Iterable[tuple[str, str]], first: int) -> Iterator[tuple[int, str, str, bool]]:
    held: tuple[int, str, str] | None = None
    for lineno, (line, encoding) in enumerate(numbered, start=first):
        if held is not None:
            yield held[0], held[1], held[2], SHAPED_HEADER_NEXT.fullmatch(line) is not None
            held = None
        if line.startswith(HEADER_PREFIXES) or ("\x00" in line and is_header(line)):
            yield lineno, line, encoding, True
        elif line.startswith("#") and SHAPED_HEADER.match(line):
            held = (lineno, line, encoding)
        else:
            yield lineno, line, encoding, False
    if held is not None:
        yield held[0], held[1], held[2], False


def reference_hands(
    path: str, numbered: Iterable[tuple[str, str]], first: int = 1, in_folder: bool = False
) -> Iterator[RawHand | Violation]:
    """The hands as the line-by-line reading cut them (its code, less the read errors)."""
    name = display_name(path)
    lines: list[str] = []
    first_line = 0
    encodings: set[str] = set()
    blanks = 0
    skipping = False
    seen_header = False
    text_before: int | None = None
    first_text: str | None = None
    context: tuple[tuple[int, str], ...] = ()

    def finish() -> RawHand:
        encoding = "cp1252" if "cp1252" in encodings else next(iter(encodings))
        return RawHand(name, first_line, tuple(lines), encoding, context)

    for lineno, line, encoding, starts_hand in _marked(numbered, first):
        if starts_hand:
            if lines:
                yield finish()
            elif not seen_header and text_before is not None:
                yield file_violation(path, text_before, TEXT_BEFORE_HEADER_MESSAGE, rule="parse-error")
            seen_header, skipping = True, False
            lines, first_line, encodings, blanks = [line], lineno, {encoding}, 0
        elif line.startswith(CONTEXT_PREFIXES):
            if lines:
                yield finish()
                lines = []
            skipping = False
            context = ((lineno, line),)
        elif skipping:
            continue
        elif not lines:
            if text_before is None and not seen_header and line.strip() and not is_archive_separator(line):
                text_before, first_text = lineno, line
        elif not line or line.isspace() or is_archive_separator(line):
            blanks += 1
        elif len(lines) + blanks >= MAX_HAND_LINES:
            too_long = file_violation(
                path,
                first_line,
                f"hand runs on for more than {MAX_HAND_LINES} lines without a new hand "
                "header: skipped up to the next header",
                rule="parse-error",
            )
            yield replace(too_long, site=header_site(lines[0]))
            skipping, lines = True, []
        else:
            lines.extend([""] * blanks)
            blanks = 0
            lines.append(line)
            encodings.add(encoding)
    if lines:
        yield finish()
    elif not seen_header:
        if in_folder:
            what = file_looks_like(first_text)
            message = (
                NOT_A_HAND_HISTORY_MESSAGE if what is None else f"{what}: no hand razzlog reads, skipped"
            )
            yield replace(file_violation(path, 1, message), severity=Severity.WARNING)
        else:
            yield file_violation(path, 1, unknown_format_message(first_text))


# Lines (text) that matter to cutting, and the line breaks and bytes between them.
_LINES = [
    "PokerStars Hand #1: Razz Limit ($0.04/$0.08 USD) - 2009/11/26 14:05:19 ET",
    "Full Tilt Poker Game #2: Table Mart - $0.10/$0.20 - Limit Razz",
    "Winamax Poker - CashGame - HandId: #3 - Razz",
    '<game id="4">',
    '<description type="Razz" stakes="Limit $0.50/$1"/>',
    "#39969356: Limit Razz - 40/80",
    "2021-01-02 15:48:40",
    "#12: chat",
    "Hand #17",
    "  Hand #18  ",
    "Hand #x",
    "BEGIN   FullTiltPoker",
    "BEGINNER: folds",
    "H",
    "*",
    "******************** # 1 **************************",
    "BEGIN FullTiltPoker",
    "*** 3rd STREET ***",
    "Hero: posts the ante $0.01",
    "Seat 2: Jörg ($0.50 in chips)",
    "Pat € 3",
    "Board",
    " indented",
    "\tx",
    "\xa0nbsp",
    "\u3000ideographic",
    "\x01ctl",
    "",
    "   ",
    "\x00PokerStars Hand #5: x",
    "Seat\x00 1",
    "P\x00okerStars Hand #7: x",
    "PokerStars\x00",
    "\ufeffPokerStars Hand #6: x",
    "\ufeff\ufeffx",
    "Ünïcode",
]
_BREAKS = ["\n", "\r\n", "\r"]
_RAW = [b"\xe9", b"\x80", b"\xe2\x82", b"\xef\xbb\xbf"]  # cp1252, stray, cut UTF-8, a BOM


@st.composite
def files(draw: st.DrawFn) -> tuple[str, list[bytes]]:
    encoding = draw(st.sampled_from(["plain", "utf-8-sig", "utf-16-le", "utf-16-be"]))
    parts: list[bytes] = []
    for _ in range(draw(st.integers(0, 40))):
        if encoding == "plain" and draw(st.integers(0, 9)) == 0:
            parts.append(draw(st.sampled_from(_RAW)))
        else:
            text = draw(st.sampled_from(_LINES)) + draw(st.sampled_from(_BREAKS))
            parts.append(text.encode("utf-8" if encoding in ("plain", "utf-8-sig") else encoding))
    bom = {"plain": b"", "utf-8-sig": codecs.BOM_UTF8, "utf-16-le": codecs.BOM_UTF16_LE}
    data = bom.get(encoding, codecs.BOM_UTF16_BE) + b"".join(parts)
    if encoding.startswith("utf-16") and draw(st.booleans()):
        data += b"\x00"  # a stray odd byte at the end
    cuts = sorted(draw(st.lists(st.integers(0, len(data)), max_size=5)))
    return encoding, [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)], strict=True)]


@settings(max_examples=500, deadline=None)
@given(files(), st.booleans())
def test_runs_cut_into_the_hands_the_line_by_line_reading_found(
    drawn: tuple[str, list[bytes]], in_folder: bool
) -> None:
    _, chunks = drawn
    expected = list(reference_hands("f.txt", reference_lines(chunks), in_folder=in_folder))
    got = list(hands_of_runs("f.txt", decoded_runs(iter(chunks)), in_folder=in_folder))
    assert got == expected
    # (and line by line: runs of one line, the interface the store and the tests use)
    assert list(hands_of_lines("f.txt", reference_lines(chunks), in_folder=in_folder)) == expected


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400), st.lists(st.integers(0, 400), max_size=5))
def test_any_bytes_cut_as_the_line_by_line_reading_did(data: bytes, cuts: list[int]) -> None:
    at = sorted({min(c, len(data)) for c in cuts})
    chunks = [data[a:b] for a, b in zip([0, *at], [*at, len(data)], strict=True)]
    expected = list(reference_hands("f.txt", reference_lines(chunks)))
    assert list(hands_of_runs("f.txt", decoded_runs(iter(chunks)))) == expected


def test_a_long_hand_is_cut_where_the_line_by_line_reading_cut_it() -> None:
    lines = [
        "PokerStars Hand #1: x",
        *(["Hero: folds", ""] * (MAX_HAND_LINES // 2 + 5)),
        "PokerStars Hand #2: y",
    ]
    data = "\n".join(lines).encode()
    chunks = [data[i : i + 4096] for i in range(0, len(data), 4096)]
    expected = list(reference_hands("f.txt", reference_lines(chunks)))
    assert any(isinstance(x, Violation) for x in expected)
    assert list(hands_of_runs("f.txt", decoded_runs(iter(chunks)))) == expected


def test_a_read_error_after_a_held_line_ends_it_as_a_line() -> None:
    def failing() -> Iterator[tuple[list[str], str]]:
        yield ["PokerStars Hand #1: x", "Hero: folds", "#39969356: Limit Razz - 40/80"], "utf-8"
        raise OSError(5, "Input/output error")

    got = list(hands_of_runs("f.txt", failing()))
    assert got == [
        RawHand(
            "f.txt", 1, ("PokerStars Hand #1: x", "Hero: folds", "#39969356: Limit Razz - 40/80"), "utf-8"
        ),
        read_error("f.txt", 4, OSError(5, "Input/output error")),
    ]


def test_the_whitespace_that_is_not_ascii_is_asked_of_isspace() -> None:
    # (the short path's table is of ASCII; a line starting with any other space is blank-checked)
    assert all(p[:1].isascii() and p[:1] > " " for p in hand_cutting._MAY_BE_MORE)
    hand = ["PokerStars Hand #1: x", "a", "\u2003", "\u3000 ", "b"]
    assert list(hands_of_runs("f.txt", iter([(hand, "utf-8")]))) == [
        RawHand("f.txt", 1, ("PokerStars Hand #1: x", "a", "", "", "b"), "utf-8")
    ]


@settings(max_examples=3000, deadline=None)
@given(
    st.sampled_from([*hand_cutting._MAY_BE_MORE, "P", "*** ", "Hand", "#", "BEGI", "x"]), st.text(max_size=4)
)
def test_a_line_is_looked_up_among_the_prefixes_of_its_first_character(start: str, rest: str) -> None:
    # (mask-7: startswith of the whole tuple was a generic method call, 1,000 instructions)
    line = start + rest
    prefixes = hand_cutting._MORE_OF[ord(line[0])] if ord(line[0]) < 128 else ()
    assert hand_cutting._starts_with_any(line, prefixes) == line.startswith(hand_cutting._MAY_BE_MORE)


def test_unicode_white_space_is_what_isspace_says_past_ascii() -> None:
    # every character past ASCII: a line that starts with one is a line of the hand unless a space
    assert [c for c in range(128, 0x110000) if hand_cutting._unicode_space(c)] == [
        c for c in range(128, 0x110000) if chr(c).isspace()
    ]
