"""A winnings graph drawn in the terminal with plotext (Unicode block characters, ANSI colours)."""

from __future__ import annotations

from razzlog.graph.labels import axis_title, line_specs, title
from razzlog.graph.series import Winnings

# plotext's colour names for the tracker's usual lines: total, showdown, non-showdown
COLOURS = {"net": "green", "net_showdown": "blue", "net_no_showdown": "red"}
PALETTE = ("green", "blue", "red", "orange", "cyan", "magenta", "yellow", "white")
# without colour, the lines are told apart by their characters
MARKERS = ("•", "+", "x", "o", "*", "#", "=", "~")


def terminal_graph(winnings: Winnings, width: int, height: int, *, colour: bool) -> str:
    """The graph as text ``width`` × ``height`` characters; without ``colour``, plain text."""
    import plotext as plt  # a few hundred ms to import: only for this command

    plt.clear_figure()
    plt.plotsize(width, height)
    plt.theme("pro" if colour else "clear")
    for n, (label, line, frame) in enumerate(line_specs(winnings)):
        colour_name = COLOURS[line] if len(winnings.series) == 1 else PALETTE[n % len(PALETTE)]
        plt.plot(
            [0, *frame["hand"].to_list()],  # every line starts at 0 before its first hand
            [0.0, *(float(v) for v in frame[line].to_list())],
            label=label,
            color=colour_name,
            marker="braille" if colour else MARKERS[n % len(MARKERS)],
        )
    plt.title(title(winnings))
    plt.xlabel("hands")
    plt.ylabel(axis_title(winnings))
    text: str = plt.build()
    plt.clear_figure()
    return text if colour else str(plt.uncolorize(text))
