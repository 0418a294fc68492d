"""duplicate-hand: the same hand id twice (warning if identical, error if the text differs)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from razzlog.api import audit_paths
from tests.rules.helpers import hand, mutate


def _found(tmp_path: Path, *texts: str) -> list[tuple[str, str]]:
    path = tmp_path / "hands.txt"
    path.write_text("\n\n\n".join(texts), encoding="utf-8")
    return [(v.rule, v.severity.value) for r in audit_paths([str(path)]) for v in r.violations]


def test_distinct_hands_are_not_duplicates(tmp_path: Path) -> None:
    assert _found(tmp_path, hand("35874566077"), hand("35874590575")) == []


def test_identical_copy_is_a_warning(tmp_path: Path) -> None:
    assert _found(tmp_path, hand("35874566077"), hand("35874566077")) == [("duplicate-hand", "warning")]


def test_altered_copy_is_an_error(tmp_path: Path) -> None:
    altered = mutate(hand("35874566077"), "Hero ($1.60 in chips)", "Hero ($1.70 in chips)")
    assert _found(tmp_path, hand("35874566077"), altered) == [("duplicate-hand", "error")]


def test_seen_hands_keep_every_kind_of_id_exactly() -> None:
    """Numeric ids go to the compact table, others to a dict; both answer the same."""
    from razzlog.rules.catalogue.rz503_duplicate_hand import SeenHands

    seen = SeenHands()
    kept = [
        (str(10**11 + 7 * k), f"{k * 2654435761 % 2**64:016x}", f"f{k % 3}.txt", k + 1) for k in range(5000)
    ]  # enough to grow the table several times
    kept += [
        ("007", "00000000000000aa", "a.txt", 1),  # leading zero: "7" is another id
        ("7", "00000000000000bb", "a.txt", 2),
        ("18446744073709551615", "00000000000000cc", "a.txt", 3),  # 2**64 - 1, the largest kept compact
        ("18446744073709551616", "00000000000000dd", "a.txt", 4),
        ("-5", "00000000000000ee", "a.txt", 5),
        ("+5", "00000000000000ef", "a.txt", 6),
        ("5", "00000000000000f0", "a.txt", 7),
        ("TF-1234", "0123456789abcdef", "b.txt", 8),
        ("12", "0123456789ABCDEF", "b.txt", 9),  # upper-case digest: kept as text
        ("13", "abc", "b.txt", 10),
        ("14", "0123456789abcdef", "b.txt", 2**40),  # line past 2**32
        ("0", "0000000000000000", "b.txt", 0),
    ]
    for hand_id, digest, file, line in kept:
        assert seen.first_or_add("pokerstars", hand_id, digest, file, line) is None
    for hand_id, digest, file, line in kept:
        assert seen.first("pokerstars", hand_id) == (digest, file, line)
        assert seen.first_or_add("pokerstars", hand_id, "ffffffffffffffff", "z.txt", 1) == (
            digest,
            file,
            line,
        )
        assert seen.first("fulltilt", hand_id) is None
    for absent in ("1", "00", "99999999999", "", "1e5"):
        assert seen.first("pokerstars", absent) is None


def test_seen_hands_take_the_latest_word_on_an_id() -> None:
    from razzlog.rules.catalogue.rz503_duplicate_hand import SeenHands

    seen = SeenHands()
    seen.add("pokerstars", "42", "00000000000000aa", "a.txt", 1)
    seen.add("pokerstars", "42", "NOT HEX", "b.txt", 2)
    assert seen.first("pokerstars", "42") == ("NOT HEX", "b.txt", 2)
    seen.add("pokerstars", "42", "00000000000000bb", "c.txt", 3)
    assert seen.first("pokerstars", "42") == ("00000000000000bb", "c.txt", 3)


def _hex_reference(digest: str) -> int | None:
    """``_hex`` as it was before it checked the text with ``strip`` (formatted the number back)."""
    if len(digest) != 16:
        return None
    try:
        value = int(digest, 16)
    except ValueError:
        return None
    return value if f"{value:016x}" == digest else None


@given(
    st.one_of(
        st.text(alphabet="0123456789abcdefABCDEF+-_ xg\u0660", min_size=14, max_size=18),
        st.integers(0, 2**64 - 1).map(lambda v: f"{v:016x}"),
        st.text(max_size=20),
    )
)
def test_hex_agrees_with_formatting_the_number_back(digest: str) -> None:
    from razzlog.rules.catalogue.rz503_duplicate_hand import _hex

    assert _hex(digest) == _hex_reference(digest)


def _number_reference(hand_id: str) -> int | None:
    """``_number`` as it was before it read the digits itself (``int``, then ``str`` back)."""
    try:
        value = int(hand_id)
    except ValueError:
        return None
    return value if 0 <= value <= 2**64 - 1 and str(value) == hand_id else None


@given(
    st.one_of(
        st.text(alphabet="0123456789+-_ \u0660\u0969x", max_size=22),
        st.integers(0, 2**66).map(str),
        st.integers(0, 2**66).map(lambda v: "0" + str(v)),
        st.text(max_size=22),
    )
)
def test_number_agrees_with_int_and_str(hand_id: str) -> None:
    from razzlog.rules.catalogue.rz503_duplicate_hand import _number

    assert _number(hand_id) == _number_reference(hand_id)


_IDS = st.sampled_from(["42", "7", "007", "18446744073709551616", "TF-1", "-3", "0"])
_DIGESTS = st.sampled_from(["00000000000000aa", "00000000000000bb", "NOT HEX", "0123456789ABCDEF"])


@given(
    st.lists(
        st.tuples(st.booleans(), st.sampled_from(["pokerstars", "fulltilt"]), _IDS, _DIGESTS), max_size=40
    )
)
def test_seen_hands_answer_as_a_dict_of_the_latest_word(ops: list[tuple[bool, str, str, str]]) -> None:
    """``first_or_add`` keeps the first word, ``add`` the latest, whatever table the id goes to."""
    from razzlog.rules.catalogue.rz503_duplicate_hand import SeenHands

    seen = SeenHands()
    reference: dict[tuple[str, str], tuple[str, str, int]] = {}
    for line, (overwrite, site, hand_id, digest) in enumerate(ops, 1):
        entry = (digest, f"f{line % 2}.txt", line)
        if overwrite:
            seen.add(site, hand_id, *entry)
            reference[site, hand_id] = entry
        else:
            assert seen.first_or_add(site, hand_id, *entry) == reference.get((site, hand_id))
            reference.setdefault((site, hand_id), entry)
        for key, value in reference.items():
            assert seen.first(*key) == value
