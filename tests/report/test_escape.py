"""Text from a log on the page: control characters made visible, markup escaped."""

from __future__ import annotations

from razzlog.render.text import visible
from razzlog.report.html import _finalize


def test_control_characters_become_their_escapes() -> None:
    assert visible("\x1b[2J") == "\\x1b[2J"
    assert visible("a\x00b\x07c\rd\x7fe") == "a\\x00b\\x07c\\rd\\x7fe".replace("\\r", "\\x0d")
    assert visible("\x85\x9b") == "\\x85\\x9b"  # C1, including the 8-bit CSI


def test_bidi_overrides_become_their_escapes() -> None:
    assert visible("abc\u202edef\u2066") == "abc\\u202edef\\u2066"


def test_tab_line_feed_and_printable_text_are_kept() -> None:
    text = "Seat 1: Zoé ♠ 中文\tplayer\nnext \\x1b and ␛"
    assert visible(text) == text


def test_visible_is_idempotent() -> None:
    once = visible("\x1b\x9b\u202e")
    assert visible(once) == once
    assert all(c.isprintable() for c in once)


def test_markup_made_by_razzlog_is_left_alone() -> None:
    from markupsafe import Markup

    trusted = Markup("<svg>\x1b</svg>")
    assert _finalize(trusted) is trusted
    assert _finalize("\x1b") == "\\x1b"
    assert _finalize(3) == 3
