"""The cross-hand checks' state at a file's end, kept in ``files.carry`` as JSON.

``stack-continuity`` and the table's bring-ins are judged within a file,
against the hands before at the same table.  When a file grows, its new hands
are judged against the state its stored hands left, which this module saves
and restores (the keys of that state start with the file's name).
"""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from typing import Any

from razzlog.rules.engine import CrossHandChecks


def _of_file(key: str, name: str) -> bool:
    return key.startswith(f"{name}/")


def saved(cross: CrossHandChecks, name: str) -> str:
    """The state of the tables of file ``name``, as JSON."""
    stacks = [
        [site, key, {player: list(ends) for player, ends in players.items()}]  # least first
        for (site, key), players in cross.last_stacks.items()
        if _of_file(key, name)
    ]
    bring_ins = [
        [site, key, str(small_bet), {str(amount): n for amount, n in counts.items()}]
        for (site, key, small_bet), counts in cross.bring_ins.items()
        if _of_file(key, name)
    ]
    return json.dumps({"stacks": stacks, "bring_ins": bring_ins}, separators=(",", ":"))


def restore(cross: CrossHandChecks, text: str | None) -> None:
    """Put a file's saved state back into ``cross``."""
    if not text:
        return
    doc: dict[str, Any] = json.loads(text)
    for site, key, players in doc.get("stacks", []):
        cross.last_stacks[(site, key)] = {p: tuple(ends) for p, ends in players.items()}
    for site, key, small_bet, counts in doc.get("bring_ins", []):
        cross.bring_ins[(site, key, Decimal(small_bet))] = Counter({Decimal(a): n for a, n in counts.items()})
