"""What the page shows, read from the ledger: tonight's matches, replayed, with the night's report.

- :func:`change_token` is the cheap question asked twice a second: a few small queries over
  tonight's matches (their ids, statuses and notes, their seated players' names, and their hands'
  count, voided count and newest id). Any hand added, edited, undone or voided, any match started,
  ended, reopened or annotated, any player renamed, and midnight's turn to a new night (06:00,
  RULES.md) changes it.
- :func:`read_tonight` reads and replays tonight's matches (:func:`ledger.store.reports.load_matches`,
  as ``ledger report`` does) into a :class:`Tonight`: each match's report summary
  (:class:`ledger.report.model.MatchSummary`) with its scoreboard (the game's ``board()``, as
  ``ledger show`` draws it) and who deals next, and the night's
  :class:`ledger.report.model.Report` (standings, who pays whom).

Tonight is the night of :func:`ledger.dates.night_date` (a hand before 06:00 belongs to the
night before); as in a report, the demo night stands in when the ledger has no other match
(:func:`ledger.store.reports.choose_period`). Both functions take a :class:`ledger.store.reads.Reads`
and read inside its one read transaction; they never write.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from ledger.games import get_game
from ledger.games.base import Board
from ledger.report.build import build_report
from ledger.report.model import MatchSummary, Period, Report
from ledger.dates import night_date
from ledger.store.reads import HAND, MATCH, MATCHES, NIGHT, Reads
from ledger.store.reports import choose_period, load_matches


@dataclass(frozen=True)
class MatchCard:
    """One match on the page: its report summary, the game's scoreboard, and who deals the next
    hand (None once the match is over)."""

    summary: MatchSummary
    board: Board
    deals_next: str | None


@dataclass(frozen=True)
class Tonight:
    """Tonight's page: the period read (its night and whether it is the demo's), the matches in
    play first (newest first), then the others (newest first), and the night's report."""

    period: Period
    cards: tuple[MatchCard, ...]
    report: Report


def tonight_period(reads: Reads, now: dt.datetime | None = None) -> Period:
    """The night shown: tonight by the 06:00 rule; the demo night stands in for a ledger that has
    no other match (as in ``ledger report``)."""
    return choose_period(reads, night=night_date(now))


def change_token(reads: Reads, now: dt.datetime | None = None) -> str:
    """A short text that changes whenever what the page shows may have changed (see the module
    docstring): 16 hex digits, safe in a URL and an SSE ``id``."""
    period = tonight_period(reads, now)
    where, params = f"{NIGHT}.date = ? AND {NIGHT}.demo = ?", [period.date_from, period.demo]
    matches = reads.rows(f"SELECT {MATCH}.id, {MATCH}.status, {MATCH}.note FROM {MATCHES} WHERE {where}"
                         f" ORDER BY {MATCH}.id", params)
    seats = reads.seats([r[0] for r in matches])
    hands = reads.rows(f"SELECT count(*), coalesce(sum(CASE WHEN {HAND}.voided THEN 1 ELSE 0 END), 0),"
                       f" coalesce(max({HAND}.id), 0) FROM {MATCHES} JOIN {HAND} ON {HAND}.match_id = {MATCH}.id"
                       f" WHERE {where}", params)
    state = repr((period.date_from, period.demo, [tuple(r) for r in matches], sorted(seats.items()),
                  [tuple(r) for r in hands]))
    return hashlib.sha256(state.encode("utf-8")).hexdigest()[:16]


def read_tonight(reads: Reads, now: dt.datetime | None = None) -> Tonight:
    """Tonight's matches replayed, with the night's report (``LedgerError`` when a match no
    longer replays: ``ledger db check`` says why)."""
    period = tonight_period(reads, now)
    records = load_matches(reads, period)
    report = build_report(records, period)
    summaries = {m.id: m for m in report.matches}
    cards = []
    for rec in records:
        game = get_game(rec.setup.game)
        summary = summaries[rec.id]
        final = rec.replay.final
        deals = None if rec.over else game.next_dealer(rec.setup, final)
        cards.append(MatchCard(summary, game.board(rec.setup, rec.replay), deals))
    cards.sort(key=lambda c: (not c.summary.unfinished, -c.summary.id))
    return Tonight(period, tuple(cards), report)
