"""A header's printed time read once for the three time columns of a hand's row: its date, its
local time and its UTC instant.

:func:`parse_played_at` (moved here from ``razzlog.stats.extract``) and :func:`razzlog.clock.utc_time` read the text
with four regex searches, and ``utc_time`` asks ``zoneinfo`` for the offset of every hand (~53 k
instructions a hand in an import).  The common shape, ``2009/11/26 10:24:42 ET``, is read here
with one match, and the zone's offset is kept per day: every time of a day whose offset is the same
at its first and last second has that offset.  Anything else goes to those two functions.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import Final

from razzlog.clock import _zone as zone_of  # (cached per abbreviation)
from razzlog.clock import utc_time

# Where this matches the whole text, the old searches find these very groups: the date at 0 (the
# leftmost), and the first ":" is the time's, so both time patterns match at its first digit, the
# seconds included, and the zone (2 to 5 capitals, then the end: a word boundary) follows.
_SHAPE: Final = re.compile(r"(\d{4})/(\d{2})/(\d{2}) (\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{2,5})")
_DATE: Final = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})")
_TIME: Final = re.compile(r"(\d{1,2}):(\d{2}):(\d{2})")
_DAY_END: Final = (23, 59, 59)
_KEPT: Final = 1 << 12  # days remembered (a log spans a few)

# (zone abbreviation, year, month, day) -> that day's UTC offset, or None when it changes in the day
_OFFSETS: dict[tuple[str, int, int, int], timedelta | None] = {}
# date and zone text ("2009/11/26 ET") -> _day_of's answer
_DAYS: Final[dict[str, tuple[int, int] | None]] = {}

Times = tuple[date | None, datetime | None, datetime | None]
# The same as polars stores them: days since 1970-01-01, and microseconds since its midnight (the
# local time as printed, and the UTC instant)
Epochs = tuple[int | None, int | None, int | None]

_EPOCH_DAY: Final = date(1970, 1, 1).toordinal()
_EPOCH: Final = datetime(1970, 1, 1)
_EPOCH_UTC: Final = datetime(1970, 1, 1, tzinfo=UTC)
_US: Final = 1_000_000
_DAY_US: Final = 86_400 * _US


def parse_played_at(text: str) -> tuple[date | None, datetime | None]:
    """The date and time printed in a header (``2009/11/26 10:24:42 ET``), as the site's local time."""
    d = _DATE.search(text)
    if d is None:
        return None, None
    try:
        day = date(int(d[1]), int(d[2]), int(d[3]))
    except ValueError:
        return None, None
    t = _TIME.search(text)
    if t is None:
        return day, None
    try:
        return day, datetime(day.year, day.month, day.day, int(t[1]), int(t[2]), int(t[3]))
    except ValueError:
        return day, None


def played_times(text: str) -> Times:
    """The date and local time of ``text`` (as ``parse_played_at(text)`` gives them) and its UTC
    instant (as :func:`razzlog.clock.utc_time`)."""
    m = _SHAPE.fullmatch(text)
    if m is not None:
        try:
            return _fast(m)
        except (ValueError, OverflowError):  # out of range: the slow path says what it is
            pass
    day, time = parse_played_at(text)
    return day, time, utc_time(text)


def _fast(m: re.Match[str]) -> Times:
    y, mo, d = int(m[1]), int(m[2]), int(m[3])
    local = datetime(y, mo, d, int(m[4]), int(m[5]), int(m[6]))
    day = date(y, mo, d)
    offset = _offset(m[7], y, mo, d)
    if offset is None:
        return day, local, utc_time(m.string)
    return day, local, (local - offset).replace(tzinfo=UTC)


def played_epochs(text: str) -> Epochs:
    """:func:`played_times` as the integers of :data:`Epochs`, which polars makes its ``Date`` and
    ``Datetime`` columns of by a cast: of ``date`` and ``datetime`` objects it made them one value
    at a time, ~16 k instructions a hand in an import.  The common shape in integers, without
    those objects; anything else through :func:`played_times`."""
    m = _SHAPE.fullmatch(text)
    if m is not None:
        # The date and the zone are most hands' (see _day_of); the time of day read from its
        # digits, which the match found at these places from the end ("H:MM:SS ZONE").  (A
        # digit that is not ASCII, which \d matches, makes a value of 80 or more: the old way.)
        cut = text.rfind(" ")
        day = _day_of(text, cut)
        if day is not None:
            hour = ord(text[cut - 7]) - 48
            if text[cut - 8] != " ":
                hour += (ord(text[cut - 8]) - 48) * 10
            minute = (ord(text[cut - 5]) - 48) * 10 + ord(text[cut - 4]) - 48
            second = (ord(text[cut - 2]) - 48) * 10 + ord(text[cut - 1]) - 48
            if hour < 24 and minute < 60 and second < 60:
                days, offset_us = day
                local = days * _DAY_US + (hour * 3600 + minute * 60 + second) * _US
                return days, local, local - offset_us
    if m is not None:
        y, mo, d, hour, minute, second = int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5]), int(m[6])
        # (years 1 and 9999: an instant a day away may be out of a datetime's range, which
        # played_times says; the date's own checks: date() below)
        if 1 < y < 9999 and hour < 24 and minute < 60 and second < 60:
            try:
                days = date(y, mo, d).toordinal() - _EPOCH_DAY
            except ValueError:  # (30 February)
                return _epochs(played_times(text))
            offset = _offset(m[7], y, mo, d)
            if offset is not None:
                local = days * _DAY_US + (hour * 3600 + minute * 60 + second) * _US
                return days, local, local - _micros(offset)
    return _epochs(played_times(text))


def _day_of(text: str, cut: int) -> tuple[int, int] | None:
    """For a text of the common shape (``cut``: the space before its zone): its day (days since
    1970-01-01) and the zone's offset that day in microseconds, if :func:`played_epochs` may
    read it without :func:`played_times` (a year in range, a valid date, one offset all day);
    remembered by the text's date and zone, which the hands of a log share (~15 k instructions
    a hand: the regex's groups, ``int`` of each, the ``date`` and the offset's look-up)."""
    key = text[:10] + text[cut:]
    if key in _DAYS:
        return _DAYS[key]
    found: tuple[int, int] | None = None
    y, mo, d = int(text[:4]), int(text[5:7]), int(text[8:10])
    if 1 < y < 9999:
        try:
            days = date(y, mo, d).toordinal() - _EPOCH_DAY
        except ValueError:  # (30 February)
            days = None
        if days is not None:
            offset = _offset(text[cut + 1 :], y, mo, d)
            if offset is not None:
                found = days, _micros(offset)
    if len(_DAYS) >= _KEPT:
        _DAYS.clear()
    _DAYS[key] = found
    return found


def _epochs(times: Times) -> Epochs:
    day, local, utc = times
    return (
        None if day is None else day.toordinal() - _EPOCH_DAY,
        None if local is None else _micros(local - _EPOCH),
        None if utc is None else _micros(utc - _EPOCH_UTC),
    )


def _micros(delta: timedelta) -> int:
    return (delta.days * 86_400 + delta.seconds) * _US + delta.microseconds


def _offset(abbreviation: str, y: int, mo: int, d: int) -> timedelta | None:
    """The zone's offset on that day (see :func:`_day_offset`), kept per day."""
    key = (abbreviation, y, mo, d)
    if key in _OFFSETS:
        return _OFFSETS[key]
    offset = _day_offset(abbreviation, y, mo, d)
    if len(_OFFSETS) >= _KEPT:
        _OFFSETS.clear()
    _OFFSETS[key] = offset
    return offset


def _day_offset(abbreviation: str, y: int, mo: int, d: int) -> timedelta | None:
    """The zone's offset on that day if it is the same at its first and its last second (the zones
    razzlog knows change theirs at most once a day); None otherwise, or for an unknown zone."""
    zone = zone_of(abbreviation)
    if zone is None:
        return None
    first = datetime(y, mo, d, tzinfo=zone).utcoffset()
    last = datetime(y, mo, d, *_DAY_END, tzinfo=zone).utcoffset()
    return first if first == last else None
