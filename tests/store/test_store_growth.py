"""A file imported again and again while a site writes it ends as a clean import of the whole file.

Hypothesis picks where the writing stops before each import: at a hand's
end, in the middle of a line, inside a ``\\r\\n``, after blank lines; and the
line endings and encoding of the file.  However the file grew, the store must
end equal to one import of the finished file, and ``audit --store`` must
report what ``audit`` reports on it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from razzlog.generate.stream import stream_labeled
from razzlog.store.importer import import_paths
from tests.store.helpers import contents, same_contents, store_audit_json, text_audit_json

HANDS = 8


def _text(seed: int) -> str:
    return "".join(t for t, _ in stream_labeled(seed, HANDS, (2, 6), "pokerstars", 0.3)) + "\n"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    cuts=st.lists(st.floats(0.0, 1.0), min_size=1, max_size=4),
    at_hand_ends=st.booleans(),
    crlf=st.booleans(),
    utf16=st.booleans(),
)
def test_a_file_imported_while_it_grows_ends_as_a_clean_import(
    seed: int, cuts: list[float], at_hand_ends: bool, crlf: bool, utf16: bool
) -> None:
    text = _text(seed)
    if crlf:
        text = text.replace("\n", "\r\n")
    data = ("\ufeff" + text).encode("utf-16-le") if utf16 else text.encode("utf-8")
    if at_hand_ends:  # where a site that writes whole hands leaves the file
        header = "PokerStars Hand #".encode("utf-16-le" if utf16 else "utf-8")
        starts = [i for i in range(len(data)) if data.startswith(header, i)]
        ends = [*starts[1:], len(data)]
        sizes = sorted({ends[int(c * (len(ends) - 1))] for c in cuts})
    else:
        unit = 2 if utf16 else 1
        sizes = sorted({int(c * len(data)) // unit * unit for c in cuts})
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "day.txt"
        grown, clean = Path(folder) / "grown", Path(folder) / "clean"
        for size in [*sizes, len(data)]:
            log.write_bytes(data[:size])
            import_paths([str(log)], grown)
        import_paths([str(log)], clean)
        assert same_contents(contents(grown, keys=False), contents(clean, keys=False))
        assert store_audit_json(grown) == text_audit_json([str(log)])
