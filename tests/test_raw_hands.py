"""RawHand's own ``__init__`` (raw_hands.py says why) keeps it the frozen dataclass it was."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from razzlog.raw_hands import RawHand


def test_a_raw_hand_is_built_compared_and_copied_as_the_dataclass_was() -> None:
    raw = RawHand("a.txt", 3, ("PokerStars Hand #1", "x"), "utf-8", ((1, "<description x>"),))
    assert (raw.file, raw.first_line, raw.lines, raw.encoding, raw.context) == (
        "a.txt",
        3,
        ("PokerStars Hand #1", "x"),
        "utf-8",
        ((1, "<description x>"),),
    )
    assert RawHand("a.txt", 3, ("h",), "utf-8").context == ()  # the default
    same = RawHand(file="a.txt", first_line=3, lines=raw.lines, encoding="utf-8", context=raw.context)
    assert same == raw and hash(same) == hash(raw)
    assert repr(raw).startswith("RawHand(file='a.txt', first_line=3,")
    assert [f.name for f in dataclasses.fields(RawHand)] == [
        "file",
        "first_line",
        "lines",
        "encoding",
        "context",
    ]
    assert dataclasses.replace(raw, first_line=9) == RawHand("a.txt", 9, raw.lines, "utf-8", raw.context)
    assert pickle.loads(pickle.dumps(raw)) == raw
    assert copy.deepcopy(raw) == raw
    with pytest.raises(dataclasses.FrozenInstanceError):
        raw.first_line = 4  # type: ignore[misc]
