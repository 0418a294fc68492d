"""Text polars writes to a report's stream itself (:mod:`razzlog.render.polars_out`): the very
characters ``out.write("".join(texts))`` writes, to a text stream, a UTF-8 stream's buffer
(bytes), or a stream of another encoding; in order with the text written around them."""

from __future__ import annotations

import errno
import io

import polars as pl
import pytest

from razzlog.cli.output import GuardedOutput, OutputError, guarded
from razzlog.render.polars_out import polars_target, write_strings

# what a CSV writer would quote or escape, line ends of every kind, nothing at all, wide characters
AWKWARD = [
    "a,b",
    'q"uo"te',
    '"',
    "line\nbreak",
    "cr\r\n",
    "\r",
    "",
    "\x00nul\x1b[31m",
    "tab\there",
    "üñí€😀\u202e\u2066",
    " lead and trail ",
    "\\back\\slash",
    "",
    "end",
]


class Utf8Stream(io.TextIOWrapper):
    """A text stream over bytes that also records whether anything reached it as text."""

    texts: list[str]

    def write(self, text: str) -> int:
        self.texts.append(text)
        return super().write(text)


def _utf8(encoding: str = "utf-8") -> Utf8Stream:
    stream = Utf8Stream(io.BytesIO(), encoding=encoding, newline="")
    stream.texts = []
    return stream


def _bytes_of(stream: io.TextIOWrapper) -> bytes:
    stream.flush()
    raw = stream.buffer
    assert isinstance(raw, io.BytesIO)
    return raw.getvalue()


@pytest.mark.parametrize(
    "texts", [AWKWARD, [], [""], ["x" * 100_000, "y"], [f"{i}\n" for i in range(50_000)]]
)
def test_the_strings_one_after_the_other_in_text(texts: list[str]) -> None:
    out = io.StringIO()
    write_strings(pl.Series(texts, dtype=pl.String), out)
    assert out.getvalue() == "".join(texts)


@pytest.mark.parametrize("texts", [AWKWARD, [], ["x" * 100_000, "y"]])
def test_the_strings_as_utf8_bytes_in_order_with_the_text_around(texts: list[str]) -> None:
    out = _utf8()
    out.write("before é\n")  # buffered as text: must come out first
    write_strings(pl.Series(texts, dtype=pl.String), out)
    out.write("after ü\n")
    assert _bytes_of(out) == ("before é\n" + "".join(texts) + "after ü\n").encode("utf-8")
    assert out.texts == ["before é\n", "after ü\n"]  # the strings went as bytes, not as text


@pytest.mark.parametrize("encoding", ["utf-16", "latin-1", "cp1252"])
def test_another_encoding_gets_text(encoding: str) -> None:
    texts = ["abc", "é\n", 'q"', ""]
    out = _utf8(encoding)
    write_strings(pl.Series(texts, dtype=pl.String), out)
    assert _bytes_of(out) == "".join(texts).encode(encoding)
    assert polars_target(out) is out


def test_utf8_under_another_name_gets_bytes() -> None:
    out = _utf8("UTF8")
    assert polars_target(out) is out.buffer


def test_a_null_has_no_text() -> None:
    with pytest.raises(ValueError, match="null"):
        write_strings(pl.Series(["a", None], dtype=pl.String), io.StringIO())


def test_a_guarded_stream_hands_out_its_buffer_and_its_failures() -> None:
    stream = _utf8()
    with guarded(stream, "report.json") as out:
        out.write("[")
        write_strings(pl.Series(["é", "]"]), out)
    assert _bytes_of(stream) == "[é]".encode()

    class Full(io.BytesIO):
        def write(self, data: object) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    failing = io.TextIOWrapper(Full(), encoding="utf-8", newline="")
    failure = r"cannot write report\.json: No space left on device"
    with pytest.raises(OutputError, match=failure), guarded(failing, "report.json") as out:
        write_strings(pl.Series(["x" * 10_000]), out)
    assert not hasattr(GuardedOutput(io.StringIO(), "x"), "buffer")  # type: ignore[arg-type]
