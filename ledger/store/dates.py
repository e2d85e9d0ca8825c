"""Nights and dates as the scorekeeper says them (pure: no database).

A night is the date an evening began: a hand entered before 06:00 belongs to the previous day's
night (DESIGN.md). :func:`parse_date` reads what a user types for a night.
"""

from __future__ import annotations

import datetime as dt

from ledger.errors import LedgerError

NIGHT_STARTS = dt.time(6, 0)  # a hand entered before 06:00 belongs to the previous day's night


def night_date(now: dt.datetime | None = None) -> dt.date:
    """The night a moment belongs to (local time): before 06:00 it is the previous day's."""
    now = now or dt.datetime.now()
    return (now - dt.timedelta(days=1)).date() if now.time() < NIGHT_STARTS else now.date()


def parse_date(text: str, field: str = "night") -> dt.date:
    """An ISO date (``2026-11-29``), or ``today``/``yesterday``; ``LedgerError`` otherwise."""
    t = str(text).strip().lower()
    if t in ("today", "oggi", "tonight", "stasera"):
        return night_date()
    if t in ("yesterday", "ieri"):
        return night_date() - dt.timedelta(days=1)
    try:
        return dt.date.fromisoformat(t)
    except ValueError:
        raise LedgerError(f"{text!r} is not a date (write YYYY-MM-DD)", field, text) from None
