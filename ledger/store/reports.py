"""Reading the ledger for reports and statistics: a period's matches, replayed, in a few queries.

Every function takes a :class:`ledger.store.reads.Reads` (plain SQL in the store's read
transaction) and reads in one transaction.

- :func:`choose_period` turns what was asked (a night, a range, a player, a game, the demo) into a
  :class:`ledger.report.model.Period`, with names as the ledger spells them. With no night and no
  range, a report covers the most recent night with matches. Real and demo nights are never mixed:
  the demo night is read when asked for (``demo``), or stands in when the ledger holds no other
  match at all (so ``ledger demo`` then ``ledger report`` shows the demo night).
- :func:`load_matches` reads the matches of a period with their seats and hands in three queries
  (per 500 matches: matches with nights, seats with players, hands), then replays each match's
  live hands through its scorer (a replay is the truth of a match; the stored results are not
  trusted), reporting progress to an optional callback.
- :func:`load_outcomes` reads what statistics need: the facts kept in each match's stored summary
  (written with every change of the match, checked against a replay by ``ledger db check``), and
  replays only the matches whose summary lacks them.

All raise ``LedgerError`` for an unknown player or game, and for a match that no longer replays.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from ledger.errors import LedgerError
from ledger.i18n import t
from ledger.games import get_game
from ledger.store.reads import MATCH, MATCHES, NIGHT, PLAYER, SEAT, MatchRow, NightRow, Reads, replay_row, setup_from_seats
from ledger.summary import MatchRecord, Outcome, Period, usable_facts

Progress = Callable[[int, int], None]
ORDER = f"{NIGHT}.date, {MATCH}.id"  # night then match order, everywhere


def choose_period(reads: Reads, night: dt.date | None = None, date_from: dt.date | None = None,
                  date_to: dt.date | None = None, demo: bool = False, player: str | None = None,
                  vs: str | None = None, game: str | None = None, latest: bool = True) -> Period:
    """The period a report or statistics cover (see the module docstring).

    ``night`` is one night; ``date_from``/``date_to`` a range (either may be None); neither and
    ``latest``: the most recent night with matches (with that player, of that game); neither and
    not ``latest``: all time. ``LedgerError`` on ``player``/``vs``/``game`` when unknown, on ``to``
    when the range is backwards.
    """
    if night is not None:
        date_from = date_to = night
    if date_from and date_to and date_from > date_to:
        raise LedgerError(t("store.range_backwards", "the range ends ({end}) before it starts ({start})",
                            end=date_to.isoformat(), start=date_from.isoformat()), "to", date_to.isoformat())
    game_name = get_game(game).name if game else None
    who = reads.player_name(player, "player") if player else None
    other = reads.player_name(vs, "vs") if vs else None
    if other is not None and who is not None and other.casefold() == who.casefold():
        raise LedgerError(t("store.same_players", "a head-to-head needs two different players"), "vs", vs)
    period = Period(date_from, date_to, demo, who, game_name, other)
    if not demo and not _any_match(reads, Period()) and _any_match(reads, Period(demo=True)):
        period = Period(date_from, date_to, True, period.player, game_name, period.vs, stand_in=True)
    if latest and date_from is None and date_to is None:
        where, params = _where(period)
        last = reads.rows(f"SELECT max({NIGHT}.date) FROM {MATCHES} WHERE {where}", params)[0][0]
        if last is not None:
            last = reads.date(last)
            period = Period(last, last, period.demo, period.player, game_name, period.vs, period.stand_in)
    return period


def load_matches(reads: Reads, period: Period, progress: Progress | None = None) -> list[MatchRecord]:
    """The matches of ``period`` in night then match order, each replayed from its live hands.

    ``progress(done, total)`` is called before the first replay and after each one.
    """
    return _replayed(reads, reads.matches(*_where(period), order=ORDER), progress)


def load_outcomes(reads: Reads, period: Period, progress: Progress | None = None) -> list[Outcome]:
    """What ``ledger stats`` needs of the matches of ``period`` (night then match order): for each,
    the facts kept in its stored summary when they hold for its current status
    (:func:`ledger.summary.usable_facts`); else a replay of its live hands (a ledger written
    before summaries had them, a match reopened since). ``progress`` as :func:`load_matches`, over
    the matches replayed."""
    rows = reads.matches(*_where(period), order=ORDER)
    kept = {m.id: usable_facts(m.summary, m.status) for m, _ in rows}
    stale = [(m, night) for m, night in rows if kept[m.id] is None]
    replayed = {rec.id: Outcome.of(rec) for rec in _replayed(reads, stale, progress)} if stale else {}
    return [replayed[m.id] if (facts := kept[m.id]) is None else Outcome(m.id, m.game, m.status, facts) for m, _ in rows]


def _replayed(reads: Reads, rows: list[tuple[MatchRow, NightRow]], progress: Progress | None) -> list[MatchRecord]:
    """``rows`` (matches with their nights) replayed from their live hands."""
    ids = [m.id for m, _ in rows]
    seats = reads.seats(ids)
    live, voided = reads.hand_documents(ids)
    out = []
    if progress:
        progress(0, len(rows))
    for k, (m, night) in enumerate(rows):
        setup = setup_from_seats(m, seats.get(m.id, []))
        rp = replay_row(m, setup, live.get(m.id, []))
        out.append(MatchRecord(m.id, night.date, setup, rp, m.status, night.demo, voided.get(m.id, 0), m.note))
        if progress:
            progress(k + 1, len(rows))
    return out


def _where(period: Period) -> tuple[str, list]:
    """The SQL condition over :data:`MATCH` and :data:`NIGHT` choosing the matches of ``period``
    (nights, demo or not, game, player), with its parameters."""
    asked = [(f"{NIGHT}.demo = ?", period.demo),
             (f"{NIGHT}.date >= ?", period.date_from), (f"{NIGHT}.date <= ?", period.date_to),
             (f"{MATCH}.game = ?", period.game),
             (f"{MATCH}.id IN (SELECT {SEAT}.match_id FROM {SEAT} JOIN {PLAYER} ON {PLAYER}.id = {SEAT}.player_id"
              f" WHERE {PLAYER}.name_key = ?)", period.player.casefold() if period.player else None)]
    chosen = asked[:1] + [(sql, value) for sql, value in asked[1:] if value]
    return " AND ".join(sql for sql, _ in chosen), [value for _, value in chosen]


def _any_match(reads: Reads, period: Period) -> bool:
    where, params = _where(period)
    return bool(reads.rows(f"SELECT {MATCH}.id FROM {MATCHES} WHERE {where} LIMIT 1", params))
