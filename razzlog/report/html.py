"""The report's page model as one self-contained HTML file (Jinja2, autoescaping on).

The templates (``razzlog/report/templates/``) only lay the model out.  Every
value they print is first made visible (:func:`razzlog.render.text.visible`,
Jinja2's ``finalize``) and then escaped (autoescaping), so text from a log can
neither hide characters nor become markup.  The page loads nothing: its CSS is
inline, it has no script, and its Content-Security-Policy forbids any fetch.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from razzlog.render.text import visible
from razzlog.report.model import PlayerSection, ReportPage


def _finalize(value: object) -> object:
    """Every printed value: a string's control characters made visible (markup built by razzlog,
    ``Markup``, is trusted as it is)."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return visible(value)
    return value


def _number(value: int) -> str:
    return f"{value:,}"


def _plural(count: int) -> str:
    return "" if count == 1 else "s"


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("razzlog.report", "templates"),
        autoescape=True,  # every template, whatever its name
        finalize=_finalize,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["n"] = _number
    env.filters["plural"] = _plural
    return env


@cache
def _style() -> Markup:
    """The page's CSS (razzlog's own file, put in as it is)."""
    return Markup(files("razzlog.report").joinpath("templates", "report.css").read_text(encoding="utf-8"))


def render_html(page: ReportPage, players: PlayerSection | None = None) -> str:
    """The whole page; with ``players``, its players section too."""
    template = environment().get_template("report.html.j2")
    return template.render(page=page, players=players, style=_style())
