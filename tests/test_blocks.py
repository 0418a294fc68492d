"""razzlog.blocks: a file cut into blocks of bytes gives, block by block, exactly the hands
and violations that reading it line by line gives."""

from __future__ import annotations

import codecs
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from razzlog import blocks
from razzlog.blocks import HandBlock, _cut_blocks, hands_of_block, iter_blocks
from razzlog.lines import MAX_LINE_LENGTH, decoded_lines, encoding_mode
from razzlog.sources import RawHand, ReadProgress, _chunks, hands_of_lines, iter_raw_hands
from razzlog.violations import Violation

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _via_blocks(
    paths: list[str], block_bytes: int, max_block_bytes: int = 16 * 1024 * 1024
) -> list[RawHand | Violation]:
    out: list[RawHand | Violation] = []
    for item in iter_blocks(paths, block_bytes, max_block_bytes=max_block_bytes):
        if isinstance(item, HandBlock):
            out.extend(hands_of_block(item))
        else:
            out.append(item)
    return out


# Lines a file of hands is made of: headers of every site, hand lines, blank and
# space-only lines, text before the first header, non-UTF-8 bytes, a BOM inside.
_LINES = st.sampled_from(
    [
        b"PokerStars Hand #1: Razz Limit ($0.04/$0.08 USD)",
        b"PokerStars Game #2: Razz",
        b"PokerStars Zoom Hand #3: Razz",
        b"PokerStars Home Game Hand #4: Razz",
        b"Full Tilt Poker Game #5: Table T (6 max) - $1/$2 - Razz",
        b"FullTiltPoker Game #6: Razz",
        b"Seat 1: J\xc3\xb6rg ($5 in chips)",
        b"Seat 2: caf\xe9 ($5 in chips)",
        b"\xef\xbb\xbfPokerStars Hand #7: Razz",
        b"*** SUMMARY ***",
        b"Total pot $1 | Rake $0",
        b"",
        b"   ",
        b"notes before the hands",
        b" PokerStars Hand #8: not at the start of the line",
    ]
)
_BREAKS = st.sampled_from([b"\n", b"\r\n", b"\r"])


@st.composite
def _files(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(st.tuples(_LINES, _BREAKS), max_size=60))
    data = b"".join(line + brk for line, brk in lines)
    if draw(st.booleans()) and data:
        data = data[: draw(st.integers(0, len(data)))]  # ends anywhere, even inside a line or "\r\n"
    if draw(st.booleans()):
        data = codecs.BOM_UTF8 + data
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_files(), block_bytes=st.integers(1, 400), max_block_bytes=st.sampled_from([64, 1 << 20]))
def test_blocks_give_what_line_by_line_reading_gives(
    tmp_path: Path, data: bytes, block_bytes: int, max_block_bytes: int
) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    assert _via_blocks([str(path)], block_bytes, max_block_bytes) == list(iter_raw_hands([str(path)]))


def test_blocks_start_at_hand_headers_and_number_their_lines(tmp_path: Path) -> None:
    hand = "PokerStars Hand #{n}: Razz\r\nSeat 1: a ($1 in chips)\rx\n\n"
    path = tmp_path / "h.txt"
    path.write_bytes(b"notes\n" + "".join(hand.format(n=n) for n in range(50)).encode())
    blocks = [b for b in iter_blocks([str(path)], block_bytes=100) if isinstance(b, HandBlock)]
    assert len(blocks) > 5
    assert blocks[0].first_line == 1 and blocks[0].mode is None
    for block in blocks[1:]:
        assert block.data.startswith(b"PokerStars Hand #") and block.mode == "plain"
        assert (block.first_line - 2) % 4 == 0  # line 2 + 4 lines per hand
    assert b"".join(b.data for b in blocks) == path.read_bytes()
    assert _via_blocks([str(path)], 100) == list(iter_raw_hands([str(path)]))


def test_a_file_without_headers_to_cut_at_is_read_hand_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    hand = b"PokerStars Hand #1: Razz\n" + b"x\n" * 200
    path.write_bytes(hand * 3)
    items = list(iter_blocks([str(path)], block_bytes=64, max_block_bytes=256))
    assert any(isinstance(i, RawHand) for i in items)  # past 256 bytes with no cut: the serial way
    assert _via_blocks([str(path)], 64, 256) == list(iter_raw_hands([str(path)]))


@st.composite
def _utf16_files(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(st.tuples(_LINES, _BREAKS), max_size=40))
    text = "".join(line.decode("utf-8", errors="replace") + brk.decode() for line, brk in lines)
    text += draw(st.sampled_from(["", "\u0a00\u4600", "\U0001f0a1"]))  # odd bytes around breaks
    encoding = draw(st.sampled_from(["utf-16-le", "utf-16-be"]))
    bom = codecs.BOM_UTF16_LE if encoding == "utf-16-le" else codecs.BOM_UTF16_BE
    data = bom + text.encode(encoding)
    if draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]  # ends anywhere, an odd byte or half a pair
    return data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_utf16_files(), block_bytes=st.integers(1, 400), max_block_bytes=st.sampled_from([64, 1 << 20]))
def test_utf16_blocks_give_what_line_by_line_reading_gives(
    tmp_path: Path, data: bytes, block_bytes: int, max_block_bytes: int
) -> None:
    path = tmp_path / "ft.txt"
    path.write_bytes(data)
    assert _via_blocks([str(path)], block_bytes, max_block_bytes) == list(iter_raw_hands([str(path)]))


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_files_are_cut_on_characters(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "ft.txt"
    bom = codecs.BOM_UTF16_LE if encoding == "utf-16-le" else codecs.BOM_UTF16_BE
    hand = "Full Tilt Poker Game #{n}: Razz\r\n\r\nSeat 1: J\u00f6rg \u0a00\r\n*** SUMMARY ***\r\n"
    path.write_bytes(bom + "".join(hand.format(n=n) for n in range(40)).encode(encoding))
    items = list(iter_blocks([str(path)], block_bytes=300))
    blocks = [i for i in items if isinstance(i, HandBlock)]
    assert len(blocks) == len(items) > 5
    assert all(b.mode == encoding and b.data.decode(encoding).startswith("Full Tilt") for b in blocks[1:])
    assert [b.first_line for b in blocks[1:]] == sorted(b.first_line for b in blocks[1:])
    assert _via_blocks([str(path)], 300) == list(iter_raw_hands([str(path)]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=_files() | _utf16_files(),
    block_bytes=st.integers(1, 400),
    tail=st.integers(1, 200),
    max_block_bytes=st.sampled_from([64, 1 << 20]),
)
def test_looking_for_the_last_header_near_the_end_first_cuts_the_same_blocks(
    tmp_path: Path, data: bytes, block_bytes: int, tail: int, max_block_bytes: int
) -> None:
    """The main process looks for a block's last hand header in its last ``_TAIL_BYTES`` first
    (a block is 384 KiB: here the tail is made small enough to matter): the same blocks."""
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    expected = list(iter_blocks([str(path)], block_bytes, max_block_bytes=max_block_bytes))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blocks, "_TAIL_BYTES", tail)
        assert list(iter_blocks([str(path)], block_bytes, max_block_bytes=max_block_bytes)) == expected


def test_real_samples_missing_and_odd_files(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("no hands\n")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "long.txt").write_bytes(b"PokerStars Hand #1\n" + b"y" * (MAX_LINE_LENGTH + 10) + b"\n")
    paths = [str(SAMPLES), str(tmp_path), str(tmp_path / "missing.txt")]
    expected = list(iter_raw_hands(paths))
    assert sum(isinstance(i, RawHand) for i in expected) > 10
    for block_bytes in (1, 700, 1 << 20):
        assert _via_blocks(paths, block_bytes) == expected


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux /proc")
def test_unreadable_file_is_reported_as_when_read_line_by_line() -> None:
    assert _via_blocks(["/proc/self/mem"], 100) == list(iter_raw_hands(["/proc/self/mem"]))


def test_progress_counts_every_byte_once(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(b"PokerStars Hand #1\nx\n" * 500)
    progress = ReadProgress.of([str(path)])
    list(iter_blocks([str(path)], block_bytes=300, progress=progress))
    assert progress.done == progress.total == path.stat().st_size
    utf16 = tmp_path / "u.txt"
    utf16.write_bytes(codecs.BOM_UTF16_LE + "Full Tilt Poker Game #1\r\nx\r\n".encode("utf-16-le") * 50)
    progress = ReadProgress.of([str(utf16)])
    list(iter_blocks([str(utf16)], block_bytes=64, progress=progress))
    assert progress.done == progress.total


class _FailingDisk(io.BytesIO):
    """A file whose reads fail with an I/O error from byte ``fail_at`` on (as a bad disk does)."""

    def __init__(self, data: bytes, fail_at: int) -> None:
        super().__init__(data)
        self.fail_at = fail_at

    def read(self, size: int | None = -1) -> bytes:
        if self.tell() >= self.fail_at:
            raise OSError(5, "Input/output error")
        left = self.fail_at - self.tell()
        return super().read(left if size is None or size < 0 else min(size, left))

    read1 = read


@settings(max_examples=150, deadline=None)
@given(data=_files() | _utf16_files(), cut=st.floats(0.05, 1.0), block_bytes=st.integers(4, 300))
def test_a_read_error_midway_is_reported_where_the_serial_reading_reports_it(
    data: bytes, cut: float, block_bytes: int
) -> None:
    fail_at = max(4, int(len(data) * cut))
    serial = list(hands_of_lines("f.txt", decoded_lines(_chunks(_FailingDisk(data, fail_at)))))
    disk = _FailingDisk(data, fail_at)
    head = disk.read(max(block_bytes, 3))
    if len(data) <= fail_at:
        return  # no error to see
    found: list[RawHand | Violation] = []
    for item in _cut_blocks("f.txt", disk, head, encoding_mode(head), block_bytes, 1 << 20, None):
        found.extend(hands_of_block(item) if isinstance(item, HandBlock) else [item])
    assert found == serial
    assert isinstance(found[-1], Violation) and found[-1].message.startswith("cannot read file")


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300) | _files() | _utf16_files(), mode=st.sampled_from(sorted(blocks._CUTS)))
def test_any_start_says_whether_there_is_a_start(data: bytes, mode: str) -> None:
    """The file's first block is asked only whether it holds a hand header before its cut: the
    search stops at the first one (at a character's offset), with the answer of the full list."""
    pattern, unit = blocks._CUTS[mode]
    assert blocks._any_start(pattern, unit, data) == bool(blocks._starts(pattern, unit, data, 0))
