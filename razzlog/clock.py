"""Times printed by the sites, read in their time zone and turned into UTC.

Sites print local times with an abbreviation: PokerStars ``2009/11/26 10:24:42
ET`` (its first time; the bracketed one is the same instant), Full Tilt
``17:10:10 CCT - 2010/12/07``.  An abbreviation names a zone whose rules
(``zoneinfo``: summer time included) give the offset at that date.  ``ET``
is US Eastern whether or not summer time applies, as the sites use it; an
unknown abbreviation gives no UTC time rather than a guessed one.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "Europe/Lisbon",
    "BST": "Europe/London",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",  # Full Tilt's "China Coast Time", UTC+8
    "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}
_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})")
_TIME = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s+([A-Z]{2,5})\b)?")


@cache
def _zone(abbreviation: str) -> ZoneInfo | None:
    name = ZONES.get(abbreviation)
    if name is None:
        return None
    try:
        return ZoneInfo(name)
    except ZoneInfoNotFoundError:
        return None


def utc_time(played_at: str) -> datetime | None:
    """The instant a header's date and time stand for, in UTC; None when the text has no full
    date and time, names no time zone that razzlog knows, or stands for an instant before year 1
    or after year 9999."""
    date = _DATE.search(played_at)
    time = _TIME.search(played_at)
    if date is None or time is None or time[4] is None:
        return None
    zone = _zone(time[4])
    if zone is None:
        return None
    try:
        local = datetime(
            int(date[1]),
            int(date[2]),
            int(date[3]),
            int(time[1]),
            int(time[2]),
            int(time[3] or 0),
            tzinfo=zone,
        )
    except ValueError:
        return None
    try:
        return local.astimezone(UTC)
    except OverflowError:  # a local time whose instant is in year 0 or 10000: no datetime holds it
        return None
