"""Merge network (Carbon Poker…) razz hand histories: XML elements to razzlog events.

Merge writes XML, so this site has no Lark grammar: :mod:`.merge_xml` reads each
``<game>`` element with the standard library's expat parser, safely, and this module
turns its tags into the site-neutral events of :mod:`razzlog.events`.  The design
(how a file is cut into games, where the description comes from) and what the real
logs show are in ``docs/sites/merge.md``.  What Merge writes differently:

* the game and stakes are in the file's ``<description type="Razz" stakes="Limit
  $0.50/$1"/>`` line, before the games (``RawHand.context``); a mixed game
  (``type="HORSE"``) names each game's variant by number (``multigametype="47"``);
* players act by seat number, counted from 0: razzlog's seats are those plus 1;
* each ``<round>`` lists its actions first and the cards dealt on it after them: the
  deals are given before the actions (each event keeps its own line);
* ``RAISE`` amounts are the street total ("raises to") since 2010-09-08, the chips put
  in before (fpdb's reading); ``ALL_IN`` is the chips put in, a call, bet or raise;
* cards are cumulative per street (``null,null,6c,2c``, hidden cards ``null`` or
  empty); a ``SHOW`` may come before the last street (all in): the hands are shown
  at the showdown with every card the log gives, the winner's ``hand="9-8-6-3-2"``
  as the declared low;
* ``<winner uncalled="true">`` returns a bet; without it (older logs) a winner's
  amount includes the uncalled part of the last bet, which razzlog returns itself;
* ``starttime`` is UTC-5 all year (the events' timestamps show it): ``played_at`` is
  printed in UTC.
"""

from __future__ import annotations

import re

from razzlog.events import Hand, OtherGameHand
from razzlog.sites.common import other_game
from razzlog.sites.errors import site_violation
from razzlog.sites.merge_events import Bad, GameReader
from razzlog.sites.merge_xml import XmlProblem, read_element
from razzlog.sources import RawHand, without_nul
from razzlog.violations import Severity, Violation

NAME = "merge"
TITLE = "Merge network"  # as users know it (messages)
HEADER_PREFIXES: tuple[str, ...] = ('<game id="',)
CONTEXT_PREFIXES: tuple[str, ...] = ("<description ",)

# Description types of mixed games (each game then says its variant in ``multigametype``).
MIXES = frozenset({"HORSE", "HOSE", "HA", "HAR", "HO", "RASH", "SHOE"})
# multigametype numbers, as fpdb's Merge importer reads them (47 is also the razz file's gametype)
VARIANTS = {
    "46": "Razz",
    "47": "Razz",
    "49": "Razz",
    "38": "7-Stud",
    "39": "7-Stud",
    "41": "7-Stud",
    "42": "7-Stud",
    "43": "7-Stud H/L8",
    "45": "7-Stud H/L8",
    "1": "Holdem",
    "2": "Holdem",
    "9": "Holdem",
    "23": "Holdem",
    "4": "Omaha",
    "34": "Omaha H/L8",
    "35": "Omaha H/L8",
    "37": "Omaha H/L8",
}
_GAME_ID = re.compile(r'<game id="([^"]*)"')
_MULTIGAME = re.compile(r'\smultigametype="([^"]*)"')
_LIMIT = re.compile(r"No Limit|Pot Limit|Limit")


def hand_id_of(header: str) -> str | None:
    """The id of ``<game id="43618199-14" …``, as printed."""
    found = _GAME_ID.match(without_nul(header))
    return found.group(1) if found else None


def parse_hand(raw: RawHand) -> Hand | Violation | OtherGameHand:
    """One ``<game>`` element (and the description before it) into events, or why not."""
    header_line = raw.lines[0] if raw.lines else ""
    hand_id = hand_id_of(header_line)
    if not raw.context:
        expected = "a <description type=… stakes=…/> line before the game (the game and the stakes)"
        return _error(raw, raw.first_line, 1, hand_id, f"no description before the game; expected {expected}")
    context_line, context_text = raw.context[-1]
    try:
        description = _description(context_text)
    except XmlProblem as exc:
        return _error(raw, context_line, exc.column + 1, hand_id, exc.message)
    kind = description.get("type", "")
    tournament = kind.endswith(" Tournament")
    base = kind.removesuffix(" Tournament")
    mix = base if base in MIXES else None
    game = base
    if mix is not None:
        number = _MULTIGAME.search(header_line)
        code = number.group(1) if number else "?"
        game = VARIANTS.get(code, f"{mix} game {code}")
    limit = _LIMIT.match(description.get("stakes", ""))  # named as the other sites name games
    if other := other_game(raw, NAME, hand_id, f"{game} {limit.group(0)}" if limit else game):
        return other
    try:
        nodes = read_element("\n".join(raw.lines))
    except XmlProblem as exc:
        line = raw.first_line + exc.line - 1
        if exc.truncated:
            message = f"hand ends at line {raw.first_line + len(raw.lines) - 1} inside its <game> element"
            return site_violation(
                raw, NAME, "truncated-hand", Severity.ERROR, raw.first_line, hand_id, message
            )
        return _error(raw, line, exc.column + 1, hand_id, exc.message)
    reader = GameReader(raw, hand_id or "", description.get("stakes", ""), tournament, mix, context_line)
    try:
        return reader.hand(nodes)
    except Bad as exc:
        line = raw.first_line + exc.node.line - 1
        tag = f"<{'/' if exc.node.end else ''}{exc.node.name}>"
        return _error(raw, line, exc.node.column + 1, hand_id, f"unexpected {tag}; expected {exc.expected}")


def _description(text: str) -> dict[str, str]:
    nodes = read_element(text)
    if nodes[0].name != "description":
        raise XmlProblem(1, 0, f"unexpected <{nodes[0].name}>; expected <description type=… stakes=…/>")
    return nodes[0].attrs


def _error(raw: RawHand, line: int, column: int, hand_id: str | None, what: str) -> Violation:
    message = f"line {line}, column {column}: {what}"
    return site_violation(raw, NAME, "parse-error", Severity.ERROR, line, hand_id, message, column)
