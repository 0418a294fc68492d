"""``razzlog parse``: every hand of the input as a JSON line of events.

Each input item becomes a :class:`~razzlog.api.HandReport` without an audit
(a parsed hand, or the violation saying why there is none), so the exit code
is decided by the same :class:`~razzlog.render.audit.AuditTally` as ``audit``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from razzlog.api import HandReport, other_game_report
from razzlog.events import OtherGameHand
from razzlog.render.audit import AuditTally
from razzlog.render.jsonout import dumps_line, hand_to_dict, unparsed_to_dict
from razzlog.violations import Violation


def parse_reports(paths: Iterable[str]) -> Iterator[HandReport]:
    """Every hand of the input, parsed (``hand``) or not (one violation), in order."""
    from razzlog.sites import parse_raw_hand
    from razzlog.sources import iter_raw_hands

    for item in iter_raw_hands(paths):
        if isinstance(item, Violation):
            yield HandReport(item.file, item.line, item.site, item.hand_id, None, (item,))
            continue
        parsed = parse_raw_hand(item)
        if isinstance(parsed, Violation):
            yield HandReport(item.file, item.first_line, parsed.site, parsed.hand_id, None, (parsed,))
        elif isinstance(parsed, OtherGameHand):
            yield other_game_report(parsed)  # counted, no line: the output holds razz hands
        else:
            h = parsed.header
            yield HandReport(parsed.file, parsed.first_line, h.site, h.hand_id, parsed, ())


def report_to_dict(report: HandReport) -> dict[str, Any] | None:
    """The JSON line of one report (None for an input error filtered away)."""
    if report.hand is not None:
        return hand_to_dict(report.hand)
    if report.violations:
        return unparsed_to_dict(report.violations[0], report.first_line)
    return None


def write_jsonl(reports: Iterable[HandReport], out: TextIO) -> AuditTally:
    """Write one JSON line per report, flushing after each; return the tally."""
    tally = AuditTally()
    for report in reports:
        tally.add(report)
        obj = report_to_dict(report)
        if obj is not None:
            out.write(dumps_line(obj) + "\n")
            out.flush()
    return tally
