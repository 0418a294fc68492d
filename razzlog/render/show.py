"""``razzlog show``: one hand, street by street, on a rich console.

The hand is laid out by :func:`razzlog.render.hand_view.hand_view` (pure data);
this module only turns that view into rich text: cards in four colours, the
log's own text always plain (never markup, controls made visible).
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from razzlog.events import HandHeader
from razzlog.render.hand_view import CardView, HandView, money
from razzlog.render.text import plain
from razzlog.violations import Violation

SUIT_STYLE = {"h": "red", "d": "blue", "c": "green", "s": "default"}


def card_text(view: CardView) -> Text:
    """A card in the four-colour deck: bright and bold face up, dim face down."""
    style = SUIT_STYLE[view.card.suit] + (" bold" if view.face_up else " dim")
    return Text(str(view.card), style=style)


def cards_text(cards: tuple[CardView, ...]) -> Text:
    out = Text("[")
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c))
    out.append("]")
    return out


def violation_text(v: Violation) -> Text:
    return plain(f"✗ {v.code} {v.rule}: {v.message}", style="red")


def header_text(h: HandHeader) -> Text:
    stakes = f"{money(h.small_bet, h)}/{money(h.big_bet, h)}" + (f" {h.currency}" if h.currency else "")
    where = f"Tournament #{h.tournament_id}, " if h.is_tournament and h.tournament_id else ""
    # the table's name, the ids and the level are the log's text: plain, controls visible
    text = plain(f"{h.site} hand #{h.hand_id}", style="bold")
    text.append_text(plain(f" — {where}Razz {stakes}"))
    if h.level:
        text.append_text(plain(f", level {h.level}"))
    text.append_text(plain(f" — table '{h.table}' — {h.played_at}", style="dim"))
    return text


# What one printed hand shows at most, the rest counted (a damaged hand of 10,000 seat lines
# has 100,000 violations): the seats table (rich lays a table out whole), the violations under
# one line, and those on no line.  ``razzlog audit --format jsonl`` lists every violation.
MAX_SEATS_SHOWN = 200
MAX_VIOLATIONS_PER_LINE = 20
MAX_HAND_VIOLATIONS = 200


def _more(n: int, noun: str) -> Text:
    return Text(f"… {n} more {noun}{'' if n == 1 else 's'}, not shown", style="dim")


def print_hand(console: Console, view: HandView) -> None:
    """Print the hand street by street."""
    h = view.header
    console.print(header_text(h))
    seats = Table(box=None, show_header=False, pad_edge=False)
    seats.add_column(justify="right", style="dim")
    seats.add_column(style="bold")
    seats.add_column(justify="right")
    for s in view.seats[:MAX_SEATS_SHOWN]:
        stack = money(s.stack, h) + (" (sitting out)" if s.sitting_out else "")
        seats.add_row(f"Seat {s.seat}", plain(s.player), plain(stack))
    console.print(seats)
    if len(view.seats) > MAX_SEATS_SHOWN:
        console.print(_more(len(view.seats) - MAX_SEATS_SHOWN, "seat"))
    for section in view.sections:
        console.print()
        title = section.title
        if section.street is not None:
            title += f" — pot {money(section.pot_before, h)}"
        console.rule(Text(title, style="bold"), align="left")
        for row in section.rows:
            parts: list[Text] = []
            if row.player is not None:
                parts.append(plain(row.player, style="bold"))
            if row.text:
                parts.append(plain(row.text))
            if row.cards:
                parts.append(cards_text(row.cards))
            if row.low is not None:
                parts.append(Text(f" Lo: {row.low}", style="cyan"))
            line = Text(" ").join(parts)
            console.print(Text("  ").append_text(line))
            for v in row.violations[:MAX_VIOLATIONS_PER_LINE]:
                console.print(Text("    ").append_text(violation_text(v)))
            if len(row.violations) > MAX_VIOLATIONS_PER_LINE:
                more = _more(len(row.violations) - MAX_VIOLATIONS_PER_LINE, "violation")
                console.print(Text("    ").append_text(more))
    if view.hand_violations:
        console.print()
        for v in view.hand_violations[:MAX_HAND_VIOLATIONS]:
            console.print(Text(f"line {v.line}: ", style="dim").append_text(violation_text(v)))
        if len(view.hand_violations) > MAX_HAND_VIOLATIONS:
            console.print(_more(len(view.hand_violations) - MAX_HAND_VIOLATIONS, "violation"))
