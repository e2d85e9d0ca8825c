"""Reading the ledger for reports and statistics: a period's matches, replayed, in a few queries.

- :func:`choose_period` turns what was asked (a night, a range, a player, a game, the demo) into a
  :class:`ledger.report.model.Period`, with names as the ledger spells them. With no night and no
  range, a report covers the most recent night with matches. Real and demo nights are never mixed:
  the demo night is read when asked for (``demo``), or stands in when the ledger holds no other
  match at all (so ``ledger demo`` then ``ledger report`` shows the demo night).
- :func:`load_matches` reads the matches of a period with their seats and hands in three queries
  (matches with nights, seats with players, hands), whatever the number of matches, then replays
  each match's live hands through its scorer (a replay is the truth of a match; the stored results
  are not trusted), reporting progress to an optional callback.
- :func:`load_outcomes` reads what statistics need: the facts kept in each match's stored summary
  (written with every change of the match, checked against a replay by ``ledger db check``), and
  replays only the matches whose summary lacks them.

All raise ``LedgerError`` for an unknown player or game, and for a match that no longer replays.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import MatchSetup, replay
from ledger.report.model import MatchRecord, Period
from ledger.store.models import Hand, Match, Night, Player, Seat

if TYPE_CHECKING:
    from ledger.report.stats import Outcome

Progress = Callable[[int, int], None]


def choose_period(led, night: dt.date | None = None, date_from: dt.date | None = None,
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
        raise LedgerError(f"the range ends ({date_to}) before it starts ({date_from})", "to", date_to.isoformat())
    game_name = get_game(game).name if game else None
    with led.transaction() as s:
        who = _player(s, player, "player") if player else None
        other = _player(s, vs, "vs") if vs else None
        if other is not None and who is not None and other.id == who.id:
            raise LedgerError("a head-to-head needs two different players", "vs", vs)
        period = Period(date_from, date_to, demo, who.name if who else None, game_name,
                        other.name if other else None)
        if not demo and not _any_match(s, Period()) and _any_match(s, Period(demo=True)):
            period = Period(date_from, date_to, True, period.player, game_name, period.vs, stand_in=True)
        if latest and date_from is None and date_to is None:
            last = s.exec(select(func.max(Night.date)).join(Match, Match.night_id == Night.id)
                          .where(col(Match.id).in_(_match_ids(s, period)))).one()
            if last is not None:
                period = Period(last, last, period.demo, period.player, game_name, period.vs, period.stand_in)
        return period


def load_matches(led, period: Period, progress: Progress | None = None) -> list[MatchRecord]:
    """The matches of ``period`` in night then match order, each replayed from its live hands.

    ``progress(done, total)`` is called before the first replay and after each one.
    """
    with led.transaction() as s:
        ids = _match_ids(s, period)
        rows, seats = _matches_and_seats(s, ids)
        return _replayed(s, rows, seats, progress, ids)


def load_outcomes(led, period: Period, progress: Progress | None = None) -> list[Outcome]:
    """What ``ledger stats`` needs of the matches of ``period`` (night then match order): for each,
    the facts kept in its stored summary when they hold for its current status
    (:func:`ledger.report.stats.usable_facts`), in one query; else a replay of its live hands (a
    ledger written before summaries had them, a match reopened since). ``progress`` as
    :func:`load_matches`, over the matches replayed."""
    from ledger.report.stats import Outcome, usable_facts

    with led.transaction() as s:
        rows = s.connection().execute(
            sa_select(Match.id, Match.game, Match.status, Match.summary).join(Night, Night.id == Match.night_id)
            .where(col(Match.id).in_(_match_ids(s, period))).order_by(Night.date, Match.id)).all()
        kept = {mid: usable_facts(summary, status) for mid, _, status, summary in rows}
        stale = [mid for mid, facts in kept.items() if facts is None]
        old, seats = [], {}
        for k in range(0, len(stale), 500):  # few bound values a query, on any database
            more, more_seats = _matches_and_seats(s, stale[k:k + 500])
            old += more
            seats.update(more_seats)
        replayed = {rec.id: Outcome.of(rec) for rec in _replayed(s, old, seats, progress)} if stale else {}
    return [replayed[mid] if kept[mid] is None else Outcome(mid, game, status, kept[mid])
            for mid, game, status, _ in rows]


class _NightOf(NamedTuple):
    date: dt.date
    demo: bool


def _matches_and_seats(s: Session, ids) -> tuple[list, dict[int, list[tuple[str, str]]]]:
    """The matches ``ids`` (a subquery or a short list) with their nights, in night then match order, and their
    seats with the players' names in seat order, in two queries. Plain rows with the models'
    fields, not ORM objects: several times quicker to read for thousands of matches."""
    db = s.connection()
    q = (sa_select(Match.id, Match.game, Match.rules, Match.options, Match.status, Match.note, Match.summary,
                   Night.date.label("night_date"), Night.demo.label("night_demo"))
         .join(Night, Night.id == Match.night_id).where(col(Match.id).in_(ids)).order_by(Night.date, Match.id))
    rows = [(m, _NightOf(m.night_date, m.night_demo)) for m in db.execute(q).all()]  # fetchall: quicker
    seats: dict[int, list[tuple[str, str]]] = {}
    for mid, side, name in db.execute(sa_select(Seat.match_id, Seat.side, Player.name)
                                      .join(Player, Player.id == Seat.player_id)
                                      .where(col(Seat.match_id).in_(ids)).order_by(Seat.match_id, Seat.seat)).all():
        seats.setdefault(mid, []).append((side, name))
    return rows, seats


def _replayed(s: Session, rows: list, seats: dict, progress: Progress | None, ids=None) -> list[MatchRecord]:
    """``rows`` (matches with nights) replayed from their live hands, read in one query when
    ``ids`` is the subquery of their ids, else in one query per 500 matches."""
    numbers = [m.id for m, _ in rows]
    batches = [ids] if ids is not None else [numbers[k:k + 500] for k in range(0, len(numbers), 500)]
    live: dict[int, list[dict]] = {}
    voided: dict[int, int] = {}
    for batch in batches:
        for mid, doc, void in s.exec(select(Hand.match_id, Hand.document, Hand.voided)
                                     .where(col(Hand.match_id).in_(batch))
                                     .order_by(Hand.match_id, Hand.position, Hand.id)).all():
            if void:
                voided[mid] = voided.get(mid, 0) + 1
            else:
                live.setdefault(mid, []).append(doc)
    out = []
    if progress:
        progress(0, len(rows))
    for k, (m, night) in enumerate(rows):
        setup = setup_from_seats(m, seats.get(m.id, []))
        try:
            rp = replay(get_game(m.game), setup, live.get(m.id, []))
        except LedgerError as err:
            raise LedgerError(f"match {m.id} no longer replays ({err}); see: ledger db check",
                              "match", m.id) from None
        out.append(MatchRecord(m.id, night.date, setup, rp, m.status, night.demo, voided.get(m.id, 0), m.note))
        if progress:
            progress(k + 1, len(rows))
    return out


def setup_from_seats(m: Match, seats: Sequence[tuple[str, str]]) -> MatchSetup:
    """The match's settings as the scorer takes them: players in seat order, sides in the order of
    their first seat (as :meth:`ledger.store.service.Ledger.setup_of`)."""
    sides: dict[str, list[str]] = {}
    for side, name in seats:  # (side, player's name) in seat order
        sides.setdefault(side, []).append(name)
    return MatchSetup(m.game, m.rules, tuple(name for _, name in seats),
                      {side: tuple(p) for side, p in sides.items()}, dict(m.options), m.status == "ended")


def _match_ids(s: Session, period: Period):
    """A subquery of the ids of the matches in ``period`` (nights, demo or not, game, player)."""
    q = select(Match.id).join(Night, Night.id == Match.night_id).where(Night.demo == period.demo)
    if period.date_from:
        q = q.where(Night.date >= period.date_from)
    if period.date_to:
        q = q.where(Night.date <= period.date_to)
    if period.game:
        q = q.where(Match.game == period.game)
    if period.player:
        q = q.where(col(Match.id).in_(select(Seat.match_id).join(Player, Player.id == Seat.player_id)
                                      .where(Player.name_key == period.player.casefold())))
    return q


def _any_match(s: Session, period: Period) -> bool:
    return s.exec(select(Match.id).where(col(Match.id).in_(_match_ids(s, period))).limit(1)).first() is not None


def _player(s: Session, name: str, field: str) -> Player:
    clean = " ".join(str(name).split())
    found = s.exec(select(Player).where(Player.name_key == clean.casefold())).first() if clean else None
    if found is None:
        raise LedgerError(f"no player called {name!r}", field, name)
    return found
