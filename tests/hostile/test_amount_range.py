"""Amounts no table can hold (a 30-digit bet, seven decimal places) are located parse errors.

Such a bet once stopped the whole audit with a traceback (``decimal.DivisionImpossible`` while
splitting a pot), found by ``tools/same_output.py``'s damaged hands; :data:`AMOUNT_RANGE` is
what the store and the replay's 28-digit arithmetic hold exactly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from razzlog.events import Hand
from razzlog.generate.stream import stream_labeled
from razzlog.sites import parse_raw_hand
from razzlog.sites.common import AMOUNT_RANGE, AmountOutOfRange, check_range
from razzlog.sources import RawHand
from razzlog.violations import Violation

# a call or a bet and its amount (the currency symbol before it, or after it on Winamax)
_CALL = re.compile(r"(?:calls|bets) (?P<amount>[$€£]?\d[\d,]*(?:\.\d+)?)")
SITES = ("pokerstars", "fulltilt", "winamax", "kingsclub")


def _hand(site: str, seed: int = 7) -> tuple[str, ...]:
    text = next(t for t, _ in stream_labeled(seed, 5, site=site) if _CALL.search(t))
    return tuple(text.strip("\n").split("\n"))


def _with_amount(lines: tuple[str, ...], digits: str) -> tuple[tuple[str, ...], int, int]:
    """``lines`` with the first called or bet amount's digits replaced; its line index and
    1-based column."""
    index = next(i for i, line in enumerate(lines) if _CALL.search(line))
    found = _CALL.search(lines[index])
    assert found is not None
    start, end = found.span("amount")
    symbol = found["amount"][0] if found["amount"][0] in "$€£" else ""
    changed = lines[index][:start] + symbol + digits + lines[index][end:]
    return (*lines[:index], changed, *lines[index + 1 :]), index, start + 1


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("digits", ["9" * 30, "1" + "0" * 14, "0.0000001", "12.1234567"])
def test_an_amount_out_of_range_is_a_located_parse_error(site: str, digits: str) -> None:
    lines, index, column = _with_amount(_hand(site), digits)
    parsed = parse_raw_hand(RawHand("h.txt", 10, lines, "utf-8"))
    assert isinstance(parsed, Violation), parsed
    assert parsed.rule == "parse-error"
    assert parsed.line == 10 + index
    assert parsed.column == column
    assert AMOUNT_RANGE in parsed.message


@pytest.mark.parametrize("site", SITES)
@pytest.mark.parametrize("digits", ["9" * 14, "99999999999999.123456", "0.000001"])
def test_an_amount_in_range_parses(site: str, digits: str) -> None:
    lines, _, _ = _with_amount(_hand(site), digits)
    assert isinstance(parse_raw_hand(RawHand("h.txt", 1, lines, "utf-8")), Hand)


def test_the_range() -> None:
    check_range("99999999999999.999999", "x")
    check_range("00000000000000001", "x")  # leading zeros are no magnitude
    check_range("-6.10", "x")
    for digits in ("100000000000000", "1.0000000", "-100000000000000"):
        with pytest.raises(AmountOutOfRange):
            check_range(digits, "x")


def test_merge_stakes_out_of_range_are_a_parse_error(tmp_path: Path) -> None:
    text = next(t for t, _ in stream_labeled(3, 1, site="merge"))
    stakes = re.search(r"Limit \$?(\d+(?:\.\d+)?)/", text)
    assert stakes is not None
    path = tmp_path / "merge.xml"
    path.write_text(text[: stakes.start(1)] + "9" * 30 + text[stakes.end(1) :], encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "razzlog", "audit", str(path), "-f", "jsonl"], capture_output=True, text=True
    )
    assert "Traceback" not in done.stderr and done.returncode == 1, done.stderr
    assert '"rule":"parse-error"' in done.stdout


@pytest.mark.parametrize("site", SITES)
def test_no_command_fails_on_a_huge_bet(tmp_path: Path, site: str) -> None:
    lines, _, _ = _with_amount(_hand(site), "9" * 30)
    path = tmp_path / "hand.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for command in (
        ["audit", str(path), "-f", "json"],
        ["stats", str(path), "-f", "json"],
        ["import", str(path), "--store", str(tmp_path / "s")],
    ):
        done = subprocess.run([sys.executable, "-m", "razzlog", *command], capture_output=True, text=True)
        assert "Traceback" not in done.stderr and done.returncode in (1, 2), (command, done.stderr)
