"""What a winnings graph says: its title, its axis and the label of each line.

Labels hold player names, which are untrusted text: control characters are
shown as escapes (:func:`razzlog.render.text.visible`) and, for matplotlib,
``$`` is escaped so that a name is never read as mathematical markup.
"""

from __future__ import annotations

from collections.abc import Iterator

import polars as pl

from razzlog.graph.series import Unit, Winnings
from razzlog.render.text import visible

LINE_NAMES = {"net": "net", "net_showdown": "showdown", "net_no_showdown": "non-showdown"}


def line_specs(winnings: Winnings) -> Iterator[tuple[str, str, pl.DataFrame]]:
    """(label, column, rows) for each line to draw: one player's line shows the total, showdown and
    non-showdown winnings; several lines show each one's total."""
    if len(winnings.series) == 1:
        frame = winnings.of(winnings.series[0])
        for line, name in LINE_NAMES.items():
            yield name, line, frame
        return
    for label in winnings.series:
        yield visible(label), "net", winnings.of(label)


def title(winnings: Winnings) -> str:
    if len(winnings.series) == 1:
        return f"Winnings of {visible(winnings.series[0])}"
    return f"Winnings of {len(winnings.series)} lines"


def axis_title(winnings: Winnings) -> str:
    if winnings.unit is Unit.BB:
        return "big bets"
    currencies = winnings.frame["currency"].unique().to_list()
    return str(currencies[0]) if len(currencies) == 1 else "amount"


def for_matplotlib(text: str) -> str:
    """``text`` as matplotlib shows it literally (``$`` starts mathematical text there)."""
    return text.replace("$", r"\$")
