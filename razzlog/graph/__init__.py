"""Winnings graphs: cumulative net over the hands a player played, split by showdown.

:func:`~razzlog.graph.series.winnings` computes the lines from the statistics
tables (of files or of the store); :mod:`~razzlog.graph.terminal` draws them
in the terminal with plotext and :mod:`~razzlog.graph.picture` as a PNG or SVG
with matplotlib.
"""

from razzlog.graph.series import Unit, Winnings, winnings

__all__ = ["Unit", "Winnings", "winnings"]
