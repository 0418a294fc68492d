"""Text from a log made visible (see :mod:`razzlog.render.text`, where it is shared
with the terminal renderers).

The HTML template escapes markup (Jinja2's autoescaping); :func:`visible` turns
the characters a browser would hide, swallow or act on into text.
"""

from __future__ import annotations

from razzlog.render.text import visible

__all__ = ["visible"]
