"""Nights and dates as the scorekeeper says them (pure: no database).

A night is the date an evening began: a hand entered before 06:00 belongs to the previous day's
night (DESIGN.md). :func:`parse_date` reads what a user types for a night.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TypeVar

from ledger.errors import LedgerError
from ledger.i18n import Msg, t

_T = TypeVar("_T")

NIGHT_STARTS = dt.time(6, 0)  # a hand entered before 06:00 belongs to the previous day's night


def utcnow() -> dt.datetime:
    """Now, as an aware datetime in UTC (how every time in the ledger is kept)."""
    return dt.datetime.now(dt.timezone.utc)


def night_date(now: dt.datetime | None = None) -> dt.date:
    """The night a moment belongs to (local time): before 06:00 it is the previous day's."""
    now = now or dt.datetime.now()
    return (now - dt.timedelta(days=1)).date() if now.time() < NIGHT_STARTS else now.date()


def parse_date(text: str, field: str = "night") -> dt.date:
    """An ISO date (``2026-11-29``), or ``today``/``yesterday``; ``LedgerError`` otherwise."""
    word = str(text).strip().lower()
    if word in ("today", "oggi", "tonight", "stasera"):
        return night_date()
    if word in ("yesterday", "ieri"):
        return night_date() - dt.timedelta(days=1)
    try:
        return dt.date.fromisoformat(word)
    except ValueError:
        raise LedgerError(t("dates.not_date", "{value!r} is not a date (write YYYY-MM-DD)", value=text),
                          field, text) from None


def latest_night() -> dt.date:
    """The latest night a match may be recorded on: tomorrow's (a later one is a typo, and would
    stand as the latest night in every report)."""
    return night_date() + dt.timedelta(days=1)


def check_night(date: dt.date, field: str = "night") -> dt.date:
    """``date`` when it is a night a match may be recorded on (not after :func:`latest_night`,
    as ``match new --night`` allows); ``LedgerError`` on ``field`` otherwise."""
    if date > latest_night():
        raise LedgerError(t("dates.future_night", "{date} is in the future: a match is recorded on the night "
                            "it is played", date=date.isoformat()), field, date.isoformat())
    return date


def read_night(value: object, field: str = "night") -> dt.date:
    """A document's night: an ISO date (``"2026-11-29"``) within :func:`check_night`'s range."""
    return check_night(_iso(value, dt.date.fromisoformat, lambda: t("dates.not_date", "{value!r} is not a date "
                                                                     "(write YYYY-MM-DD)", value=value), field), field)


def _iso(value: object, parse: Callable[[str], _T], refusal: Callable[[], Msg], field: str) -> _T:
    """``parse(value)`` for a text ``value``; ``LedgerError`` with the message ``refusal()``
    otherwise (written only then: a replay reads a moment a hand)."""
    try:
        if isinstance(value, str):
            return parse(value.strip())
    except ValueError:
        pass
    raise LedgerError(refusal(), field, value)


def read_moment(value: object, field: str, latest: dt.date | None = None) -> dt.datetime:
    """A document's moment (``entered_at``, ``voided_at``, ``created_at``): an ISO 8601 date and
    time (UTC when it names no zone), in UTC, not on a night after ``latest`` (by default
    :func:`latest_night`: a caller reading many moments at once asks it once)."""
    moment = _iso(value, dt.datetime.fromisoformat, lambda: t("dates.not_moment", "{value!r} is not a date and "
                                                              "time (ISO 8601)", value=value), field)
    moment = (moment if moment.tzinfo else moment.replace(tzinfo=dt.timezone.utc)).astimezone(dt.timezone.utc)
    if moment.date() > (latest or latest_night()):
        raise LedgerError(t("dates.future", "{value!r} is in the future", value=value), field, value)
    return moment
