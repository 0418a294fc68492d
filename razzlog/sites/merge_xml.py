"""Merge's XML, read safely: one element (a ``<game>``, a ``<description/>``) at a time.

A Merge hand history file is no XML document: it is a ``<description/>`` line
followed by ``<game>`` elements, with no root around them.  :mod:`razzlog.sources`
cuts the file at every ``<game`` line (and keeps the description as the hand's
context), so each hand reaches this module as the text of one element, which
Python's expat parser (:mod:`xml.parsers.expat`, the standard library's streaming
XML parser) reads on its own: a malformed game is a ``parse-error`` at its own line
and column, and the next game is read as if nothing happened.

Nothing outside the element is ever read: the parser is given no base URI and no
external entity handler, parameter entities are never parsed, and a document type
declaration or an entity declaration stops the parse (:class:`Forbidden`); a hand
starts at ``<game``, where XML allows no declaration anyway, so entity expansion
(the "billion laughs") and external entities (files, URLs) cannot happen.  Only the
five predefined entities and character references are expanded.
"""

from __future__ import annotations

import xml.parsers.expat as expat
from dataclasses import dataclass

# the errors of an input that stops inside the element: a truncated hand, not a malformed one
_TRUNCATED = {
    expat.errors.codes[expat.errors.XML_ERROR_NO_ELEMENTS],
    expat.errors.codes[expat.errors.XML_ERROR_UNCLOSED_TOKEN],
    expat.errors.codes[expat.errors.XML_ERROR_PARTIAL_CHAR],
    expat.errors.codes[expat.errors.XML_ERROR_UNCLOSED_CDATA_SECTION],
}


@dataclass(frozen=True, slots=True)
class Node:
    """A start tag (``end`` False) or an end tag, where it starts (1-based line of the text, 0-based column)."""

    name: str
    attrs: dict[str, str]
    line: int
    column: int
    end: bool = False


class XmlProblem(Exception):
    """Why a text is not one well-formed element: where (1-based line, 0-based column) and what."""

    def __init__(self, line: int, column: int, message: str, truncated: bool = False) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message
        self.truncated = truncated  # the text stops inside the element


class Forbidden(Exception):
    """A declaration no hand history needs (a DOCTYPE, an entity): the parse stops there."""


def read_element(text: str) -> list[Node]:
    """The start and end tags of ``text``, one XML element, in document order.

    Raises :class:`XmlProblem` for what is not a single well-formed element: a syntax
    error, text (other than white space) between tags, a declaration, or an input that
    stops inside the element (``truncated``)."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    nodes: list[Node] = []
    stray: list[tuple[int, int, str]] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        nodes.append(Node(name, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber))

    def end(name: str) -> None:
        nodes.append(Node(name, {}, parser.CurrentLineNumber, parser.CurrentColumnNumber, end=True))

    def characters(data: str) -> None:
        if not stray and data.strip():
            stray.append((parser.CurrentLineNumber, parser.CurrentColumnNumber, data.strip()))

    def forbidden(*_: object) -> None:
        raise Forbidden

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = forbidden
    parser.EntityDeclHandler = forbidden
    try:
        parser.Parse(text, True)
    except Forbidden:
        raise XmlProblem(
            parser.CurrentLineNumber,
            parser.CurrentColumnNumber,
            "a declaration (DOCTYPE or ENTITY), which no hand history holds",
        ) from None
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code)
        raise XmlProblem(exc.lineno, exc.offset, reason, truncated=exc.code in _TRUNCATED) from None
    if stray:
        line, column, data = stray[0]
        shown = data if len(data) <= 40 else data[:39] + "…"
        raise XmlProblem(line, column, f"text between the tags ({shown!r})")
    return nodes
