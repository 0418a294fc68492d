"""``razzlog show HAND_ID --store``: a stored hand, parsed again from its stored text.

The store keeps each hand's text, so ``show`` replays exactly what the text
path would, with the violations the import found for it (the cross-hand ones
included, which need the hands before it).
"""

from __future__ import annotations

import polars as pl

from razzlog.api import HandReport, other_game_report
from razzlog.events import Hand, OtherGameHand
from razzlog.sites import parse_raw_hand
from razzlog.sources import stored_hand
from razzlog.store.tables import UNPARSED_RULES, Store, violation_of_row
from razzlog.violations import Violation


def stored_report(
    store: Store, hand_id: str, profile: str | None = None, open_pair_double: bool = False
) -> HandReport | None:
    """The first stored hand (or unparsed hand) with this id, in the store's order, parsed
    from its text, with its violations; None if the store has none.

    Under another ``profile`` than the import's, the hand's own rules run again
    and the checks against earlier hands (``duplicate-hand``,
    ``stack-continuity``) keep what the import found."""
    hands = (
        store.scan("hands")
        .filter(pl.col("hand_id") == hand_id)
        .sort("file_id", "line")
        .select("file_id", "line", "file", "encoding", "text")
        .head(1)
        .collect()
    )
    unparsed = (
        store.scan("violations")
        .filter((pl.col("hand_id") == hand_id) & pl.col("rule").is_in(UNPARSED_RULES))
        .sort("file_id", "hand_line")
        .select("file_id", "hand_line")
        .head(1)
        .collect()
    )
    places = [(r[0], r[1], "hand") for r in hands.select("file_id", "line").iter_rows()]
    places += [(r[0], r[1], "unparsed") for r in unparsed.iter_rows()]
    if not places:
        return None
    file_id, line, kind = min(places)
    violations = _violations(store, file_id, line)
    if kind == "unparsed":
        first = violations[0]
        return HandReport(first.file, line, first.site, hand_id, None, tuple(violations))
    row = hands.row(0, named=True)
    raw = stored_hand(row["file"], line, row["text"], row["encoding"])
    parsed = parse_raw_hand(raw)
    if isinstance(parsed, Violation):  # a later razzlog reads it otherwise: say so as the text path would
        return HandReport(raw.file, line, parsed.site, hand_id, None, (parsed,))
    if isinstance(parsed, OtherGameHand):
        return other_game_report(parsed)
    manifest = store.manifest
    if profile is not None and (profile, open_pair_double) != (manifest.profile, manifest.open_pair_double):
        violations = _rejudged(parsed, violations, profile, open_pair_double)
    return HandReport(parsed.file, line, parsed.header.site, hand_id, parsed, tuple(violations))


def _rejudged(hand: Hand, stored: list[Violation], profile: str, open_pair_double: bool) -> list[Violation]:
    from razzlog.rules.engine import hand_violations, rules, sort_by_line
    from razzlog.rules.profiles import profile_for
    from razzlog.rules.replay import replay

    across = {r.name for r in rules() if r.cross_hand}
    found = hand_violations(hand, replay(hand, profile_for(profile, hand.header.site, open_pair_double)))
    found += [v for v in stored if v.rule in across]
    sort_by_line(found)
    return found


def _violations(store: Store, file_id: int, line: int) -> list[Violation]:
    rows = (
        store.scan("violations")
        .filter((pl.col("file_id") == file_id) & (pl.col("hand_line") == line))
        .sort("seq")
        .collect()
    )
    return [violation_of_row(r) for r in rows.iter_rows(named=True)]
