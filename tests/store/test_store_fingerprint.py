"""A file's fingerprint counts its line breaks as the reader does (``\\n``, ``\\r\\n`` and a lone
``\\r`` each one break), also where a ``\\r\\n`` straddles two pieces of the file."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from razzlog.store.fingerprint import _breaks, fingerprint

TEXT = st.text(alphabet="ab\r\n", max_size=60)


def reference_breaks(data: str | bytes, cr: str | bytes, lf: str | bytes, before: str | bytes) -> int:
    """``_breaks`` as it was: three counts, whether the piece holds a ``\\r`` or not."""
    count: int = data.count(lf) + data.count(cr) - data.count(cr + lf)  # type: ignore[operator,arg-type]
    if before == cr and data[:1] == lf:
        count -= 1
    return count


@given(TEXT, st.sampled_from(["", "a", "\r", "\n"]))
def test_breaks_of_a_piece_are_the_three_counts(text: str, before: str) -> None:
    assert _breaks(text, "\r", "\n", before) == reference_breaks(text, "\r", "\n", before)
    data, last = text.encode(), before.encode()
    assert _breaks(data, b"\r", b"\n", last) == reference_breaks(data, b"\r", b"\n", last)


@settings(max_examples=50, deadline=None)
@given(TEXT, st.sampled_from(["utf-8", "utf-16"]))
def test_a_file_counts_its_breaks_as_lines(tmp_path_factory: object, text: str, encoding: str) -> None:
    folder = tmp_path_factory.mktemp("prints")  # type: ignore[attr-defined]
    path = Path(folder) / "hands.txt"
    path.write_bytes(text.encode(encoding))
    expected = text.count("\n") + text.count("\r") - text.count("\r\n")
    assert fingerprint(str(path)).line_breaks == expected
