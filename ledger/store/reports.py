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

Both raise ``LedgerError`` for an unknown player or game, and for a match that no longer replays.
"""

from __future__ import annotations

import datetime as dt
from typing import Callable, Sequence

from sqlalchemy import func
from sqlmodel import Session, col, select

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import MatchSetup, replay
from ledger.report.model import MatchRecord, Period
from ledger.store.models import Hand, Match, Night, Player, Seat

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
        rows = s.exec(select(Match, Night).join(Night, Night.id == Match.night_id)
                      .where(col(Match.id).in_(ids)).order_by(Night.date, Match.id)).all()
        seats: dict[int, list[tuple[Seat, str]]] = {}
        for seat, name in s.exec(select(Seat, Player.name).join(Player, Player.id == Seat.player_id)
                                 .where(col(Seat.match_id).in_(ids)).order_by(Seat.match_id, Seat.seat)).all():
            seats.setdefault(seat.match_id, []).append((seat, name))
        live: dict[int, list[dict]] = {}
        voided: dict[int, int] = {}
        for mid, doc, void in s.exec(select(Hand.match_id, Hand.document, Hand.voided)
                                     .where(col(Hand.match_id).in_(ids))
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


def setup_from_seats(m: Match, seats: Sequence[tuple[Seat, str]]) -> MatchSetup:
    """The match's settings as the scorer takes them: players in seat order, sides in the order of
    their first seat (as :meth:`ledger.store.service.Ledger.setup_of`)."""
    sides: dict[str, list[str]] = {}
    for seat, name in seats:
        sides.setdefault(seat.side, []).append(name)
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
