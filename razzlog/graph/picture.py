"""A winnings graph as a PNG or SVG picture, drawn with matplotlib."""

from __future__ import annotations

import io
from pathlib import Path

from razzlog.graph.labels import axis_title, for_matplotlib, line_specs, title
from razzlog.graph.series import Winnings

COLOURS = {"net": "#2e7d32", "net_showdown": "#1565c0", "net_no_showdown": "#c62828"}
FORMATS = ("png", "svg")


def picture(winnings: Winnings, format: str, *, width: float = 9.0, height: float = 4.5) -> bytes:
    """The graph as a ``png`` or ``svg`` file's bytes (an SVG draws its text as paths: no font
    is needed to view it)."""
    import matplotlib

    matplotlib.use("Agg")  # no screen needed
    import matplotlib.pyplot as plt

    with matplotlib.rc_context({"svg.fonttype": "path", "svg.hashsalt": "razzlog", "font.size": 9}):
        figure, axes = plt.subplots(figsize=(width, height), layout="constrained")
        try:
            several = len(winnings.series) > 1
            for label, line, frame in line_specs(winnings):
                axes.plot(
                    [0, *frame["hand"].to_list()],  # every line starts at 0 before its first hand
                    [0.0, *(float(v) for v in frame[line].to_list())],
                    label=for_matplotlib(label),
                    color=None if several else COLOURS[line],
                    linewidth=1.4,
                )
            axes.axhline(0, color="#999999", linewidth=0.8)
            axes.set_title(for_matplotlib(title(winnings)))
            axes.set_xlabel("hands")
            axes.set_ylabel(for_matplotlib(axis_title(winnings)))
            axes.grid(True, alpha=0.3)
            axes.legend(loc="best")
            out = io.BytesIO()
            # no date in the file: the same data gives the same bytes
            metadata = {"Date": None} if format == "svg" else {"Software": None}
            figure.savefig(out, format=format, dpi=120, metadata=metadata)
        finally:
            plt.close(figure)
    return out.getvalue()


def write_picture(winnings: Winnings, path: Path) -> None:
    """The graph written to ``path`` in the format its suffix names (ValueError for another)."""
    format = path.suffix.lower().lstrip(".")
    if format not in FORMATS:
        raise ValueError(f"cannot draw {path.name}: name a .png or .svg file")
    path.write_bytes(picture(winnings, format))
