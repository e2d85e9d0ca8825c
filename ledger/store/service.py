"""The ledger's operations: what the CLI asks of the store, each in one transaction.

A :class:`Ledger` wraps an engine. Every method that writes runs in one transaction and checks
everything (through the game's scorer) before anything is written, so a ``LedgerError`` leaves
the ledger exactly as it was. Matches are referred to by id, or ``last`` for the newest.

The scoreboard of a match is always a replay of its live hands through the current scorer
(:meth:`Ledger.replay`); each hand's stored result is what the scorer said when it was entered,
and :meth:`Ledger.check` (:mod:`ledger.store.checks`) says which stored result a replay no longer
agrees with. A rename is carried into the stored JSON by :mod:`ledger.store.renames`.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import object_session
from sqlmodel import Session, col, delete, func, select

from ledger.dates import check_night, night_date, parse_date  # noqa: F401 (parse_date: re-export)
from ledger.errors import LedgerError, match_settings
from ledger.interrupts import transaction_held
from ledger.i18n import t
from ledger.games import get_game
from ledger.games.match_setup import MatchSetup
from ledger.games.parsing import check_lookalike
from ledger.games.replay import Replay, stored_replay
from ledger.games.results import HandResult, MatchState
from ledger.store.export import BOOKKEEPING, iso as _iso, match_document  # noqa: F401 (re-exports)
from ledger.store.engine import database_url, ensure_schema, open_engine, snapshot, writer
from ledger.store.models import Hand, Match, Night, Player, Seat, utcnow
from ledger.store.reading import check_name, store_state
from ledger.store.refusals import (Stale, check_after, check_correctable, check_open, nth,  # noqa: F401 (Stale, check_after: re-exports)
                                   shown_refusal)
from ledger.store.reads import Entry, MatchView, Reads, damaged, replay_row, setup_from_seats
from ledger.store.renames import swap_name, swap_summary

if TYPE_CHECKING:
    from ledger.games.protocol import Game

Build = Callable[[Entry], tuple[Sequence[Mapping[str, Any]], LedgerError | None]]
"""How :meth:`Ledger.enter_hand` gets the hand documents: from the match as the hand meets it
(:class:`ledger.store.reads.Entry`), ``(docs, incomplete)``."""


@contextmanager
def _session(engine: Any) -> Iterator[Session]:
    """A session on ``engine`` in one transaction (committed at the end, rolled back on an
    exception) and closed after it."""
    with Session(engine, expire_on_commit=False) as session, session.begin():
        yield session


def _held_session(engine: Any, write: bool) -> AbstractContextManager[Session]:
    """:func:`_session` with Ctrl-C held back (:func:`ledger.interrupts.transaction_held`; a
    write's rows are flushed before the last look for a Ctrl-C)."""
    return transaction_held(lambda: _session(engine), write, Session.flush)


@dataclass
class Appended:
    """What :meth:`Ledger.append` stored: the match row, the new hand rows, the match's replay
    after them, and its live hand rows when it read them."""

    match: Match
    hands: list[Hand]
    replay: Replay
    live: list[Hand] | None = None


class Ledger:
    """The ledger at ``db`` (path, URL, or None for ``$LEDGER_DB`` / the default file)."""

    def __init__(self, db: str | None = None):
        self.url = database_url(db)
        self.engine = open_engine(self.url)
        ensure_schema(self.engine)
        self.writer = writer(self.engine)

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[Session]:
        """A session whose writes are committed together at the end, or not at all.

        ``write``: the transaction writes, so it waits its turn among writers from the start
        (``BEGIN IMMEDIATE`` on SQLite, an advisory lock on PostgreSQL): what it reads stays true
        until it commits, and it never fails half-way with "database is locked".

        Ctrl-C (:mod:`ledger.interrupts`): a write transaction holds it back from before it
        begins to after it ends. One that comes while the write is read, scored and flushed
        (a hand's ``apply``, its rows sent) is a **rollback**: at the commit point the session
        raises ``KeyboardInterrupt`` and nothing of it is written. One that comes during the
        ``COMMIT`` lets it finish: the write is in, whole, and ``KeyboardInterrupt`` follows.
        Never half of it. A read transaction stops at a Ctrl-C at once (only its end is held).
        """
        with _held_session(self.writer if write else self.engine, write) as session:
            yield session

    # --- players ----------------------------------------------------------------------------
    def player(self, s: Session, name: str, create: bool = True, demo: bool = False) -> Player:
        """The player called ``name`` (case-insensitive); created when missing and ``create``."""
        clean, found = self._find_player(s, name)
        if found is None:
            if not create:
                raise LedgerError(t("store.no_player", "no player called {name!r}", name=clean), "name", clean)
            found = Player(name=clean, name_key=clean.casefold(), demo=demo)
            s.add(found)
            s.flush()
        return found

    def _find_player(self, s: Session, name: str) -> tuple[str, Player | None]:
        """The name with its spaces tidied, and the player so called (any letter case) or None."""
        clean = " ".join(str(name).split())
        if not clean:
            raise LedgerError(t("store.name_missing", "a player needs a name"), "name", name)
        check_name(clean, "name")
        return clean, s.exec(select(Player).where(Player.name_key == clean.casefold())).first()

    def add_players(self, names: Sequence[str]) -> list[tuple[Player, bool]]:
        """Add players; returns each with whether it was new. Existing names are left as they are."""
        out = []
        with self.transaction(write=True) as s:
            for n in names:
                check_name(n, "name")
                check_lookalike(n, "name")  # a new name typed: not one that looks like another
                _, exists = self._find_player(s, n)
                out.append((exists or self.player(s, n), exists is None))
        return out

    def players(self) -> list[dict]:
        """Every player with the number of matches played, by name."""
        with self.transaction() as s:
            rows = s.exec(select(Player).order_by(col(Player.name_key))).all()
            counts: dict[int | None, int] = {}
            for pid in s.exec(select(Seat.player_id)).all():
                counts[pid] = counts.get(pid, 0) + 1
            return [{"id": p.id, "name": p.name, "matches": counts.get(p.id, 0)} for p in rows]

    def rename_player(self, old: str, new: str) -> Player:
        """Rename a player; the new name must not belong to someone else (case-insensitive)."""
        with self.transaction(write=True) as s:
            p = self.player(s, old, create=False)
            clean = " ".join(new.split())
            if not clean:
                raise LedgerError(t("store.name_missing", "a player needs a name"), "new", new)
            check_name(clean, "new")
            check_lookalike(clean, "new")
            other = s.exec(select(Player).where(Player.name_key == clean.casefold())).first()
            if other is not None and other.id != p.id:
                raise LedgerError(t("store.name_taken", "{name!r} already exists", name=other.name), "new", new)
            old_name = p.name
            p.name, p.name_key = clean, clean.casefold()
            s.add(p)
            s.flush()
            self._rename_in_matches(s, p, old_name, clean)
            return p

    def _rename_in_matches(self, s: Session, p: Player, old: str, new: str) -> None:
        """Carry a rename into the player's matches: their side (when named after them), and the
        hands and results that name them; then each match's hands are stored again as they now
        score (states included), so every match still replays to what is stored."""
        seats = s.exec(select(Seat).where(Seat.player_id == p.id)).all()
        for seat in seats:
            if seat.side == old:
                seat.side = new
                s.add(seat)
        mids = sorted({seat.match_id for seat in seats})
        if not mids:
            return
        for h in self._hands(s, select(Hand).where(col(Hand.match_id).in_(mids))):
            h.document, h.result = swap_name(h.document, old, new), swap_name(h.result, old, new)
            h.state = None if h.state is None else swap_name(h.state, old, new)
            s.add(h)
        s.flush()
        for m in s.exec(select(Match).where(col(Match.id).in_(mids))).all():
            m.winner, m.summary = swap_name(m.winner, old, new), swap_summary(m.summary, old, new)
            m.options = swap_name(m.options, old, new)  # first_dealer names a player
            s.add(m)
            s.flush()
            try:
                self._settle(s, m, self.setup_of(s, m), self.live_hands(s, m), 0)
            except LedgerError:  # a match this scorer no longer replays: its names swapped, as db check says
                m.revision = (m.revision or 0) + 1
                s.add(m)

    # --- nights and matches -----------------------------------------------------------------
    def night(self, s: Session, date: dt.date | None = None, demo: bool = False, label: str | None = None) -> Night:
        """The night of ``date`` (default: tonight by the 06:00 rule), created when missing."""
        date = date or night_date()
        q = select(Night).where(Night.date == date, Night.demo == demo).order_by(col(Night.id))
        found = s.exec(q).first()
        if found is None:
            found = Night(date=date, demo=demo, label=label)
            s.add(found)
            s.flush()
        return found

    def new_match(self, game_name: str, rules: str | None = None, players: Sequence[str] | None = None,
                  sides: Mapping[str, Sequence[str]] | None = None, options: Mapping[str, Any] | None = None,
                  date: dt.date | None = None) -> MatchView:
        """Start a match; players are matched by name (case-insensitive) or added. ``date``: its
        night (default tonight); a night after tomorrow is refused as a mistake (``LedgerError`` on
        ``night``): it would stand as the latest night in every report."""
        game = get_game(game_name)
        if date is not None:
            check_night(date)
        with self.transaction(write=True) as s:
            with match_settings():
                setup = game.setup(rules, players, sides, options)
                game.check_new_match(setup)  # names a person typed: each can be typed back in a hand
            m = self._create_match(s, setup, self.night(s, date))
            return self._view(s, m)

    def _create_match(self, s: Session, setup: MatchSetup, night: Night, demo: bool = False,
                      id: int | None = None) -> Match:
        assert night.id is not None  # a stored night
        m = Match(id=id, night_id=night.id, game=setup.game, rules=setup.rules, options=dict(setup.options),
                  teams=setup.teams)
        s.add(m)
        s.flush()
        side_of = {p: side for side, members in setup.sides.items() for p in members}
        for side in setup.sides:
            check_name(side, "sides")
        for i, name in enumerate(setup.players):
            player = self.player(s, name, demo=demo)
            assert m.id is not None and player.id is not None  # flushed: they have their ids
            s.add(Seat(match_id=m.id, player_id=player.id, seat=i, side=side_of[name]))
        s.flush()
        return m

    def find(self, s: Session, ref: str | int) -> Match:
        """The match ``ref``: its id, or ``last`` for the most recently started (:meth:`Reads.find_id`)."""
        m = s.get(Match, session_reads(s).find_id(ref))
        assert m is not None  # find_id found it
        return m

    @contextmanager
    def reads(self) -> Iterator[Reads]:
        """The ledger's plain-SQL reads (:mod:`ledger.store.reads`) in one read transaction."""
        with _held_session(snapshot(self.engine), write=False) as s:  # one moment, on every database
            yield session_reads(s)

    def setup_of(self, s: Session, m: Match) -> MatchSetup:
        """The match's settings as the scorer takes them (seats in order, sides in seat order)."""
        assert m.id is not None  # a stored match
        return setup_from_seats(m, session_reads(s).seats([m.id]).get(m.id, []))

    def live_hands(self, s: Session, m: Match) -> list[Hand]:
        q = (select(Hand).where(Hand.match_id == m.id, col(Hand.voided) == False)  # noqa: E712
             .order_by(col(Hand.position), col(Hand.id)))
        return self._hands(s, q, m.id)

    def _hands(self, s: Session, q: Any, mid: int | None = None) -> list[Hand]:
        """The hands ``q`` selects (of match ``mid``, when one); a hand whose stored document or
        result is not JSON is a ``LedgerError`` naming its match and entry (:func:`damaged`)."""
        try:
            return list(s.exec(q).all())
        except json.JSONDecodeError:  # SQLite keeps any text a hand-made change wrote
            found = session_reads(s).damaged_hands(mid)
            if not found:
                raise
            raise damaged(*found[0]) from None

    def _view(self, s: Session, m: Match) -> MatchView:
        """The match as stored: its live hands' stored results and states (no scoring), or a
        replay when some hand has none yet (a ledger written before migration 0003)."""
        setup = self.setup_of(s, m)
        hands = self.live_hands(s, m)
        rp = stored_replay(get_game(m.game), setup, hands) or replay_row(m, setup, [h.document for h in hands])
        return MatchView(m, setup, hands, rp, s.get(Night, m.night_id))

    def view(self, ref: str | int) -> MatchView:
        """A match with its replayed scoreboard (read only: rows, not ORM objects)."""
        with self.reads() as r:
            return r.view(ref)

    def matches(self, game: str | None = None, status: str | None = None,
                date: dt.date | None = None) -> list[dict]:
        """Matches, newest first (:meth:`ledger.store.reads.Reads.match_list`)."""
        with self.reads() as r:
            return r.match_list(game, status, date)

    # --- hands: the one path -----------------------------------------------------------------
    # Every write to a match's hands (hand add, play, import, pbn import, void, edit, undo) goes
    # through _append or _settle: each hand document is applied once to the match's state before
    # it, and each hand whose result or state changed is stored again, in the caller's
    # transaction; then the match's status, summary and revision (_store_state).

    check_open = staticmethod(check_open)
    check_correctable = staticmethod(check_correctable)
    nth = staticmethod(nth)

    def add_hand(self, ref: str | int, doc: Mapping[str, Any], incomplete: LedgerError | None = None,
                 seen: Entry | None = None, source: str | None = None, after: int | None = None) -> MatchView:
        """Score ``doc`` as the next hand of the match and store it with its result and state.
        ``incomplete``, ``source`` and ``after``: see :meth:`append`; ``seen``: see :meth:`enter`."""
        return self.enter(ref, lambda at: ([doc], incomplete), seen, source, after)

    def add_hands(self, ref: str | int, new_docs: Sequence[Mapping[str, Any]], incomplete: LedgerError | None = None,
                  source: str | None = None, after: int | None = None) -> MatchView:
        """Score ``new_docs`` as the next hands of the match and store them all, or none of them."""
        return self.enter(ref, lambda at: (new_docs, incomplete), None, source, after)

    def enter_hand(self, ref: str | int, doc: Mapping[str, Any], source: str | None = None,
                   after: int | None = None) -> MatchView:
        """Store ``doc``, a hand sent whole with no one to ask (the scorekeeper's page, the HTTP
        API), as ``ledger hand add --file`` stores it without a terminal: its ``game`` and ``rules``
        left out, each optional item still missing at its default (:meth:`Game.completed`), in
        :meth:`enter`'s one write transaction (``source``, ``after``: see :meth:`append`).
        ``LedgerError`` as there."""
        sent = {k: v for k, v in doc.items() if k not in ("game", "rules")}

        def build(at: Entry) -> tuple[list[dict[str, Any]], LedgerError | None]:
            full, incomplete = get_game(at.match.game).completed(at.setup, sent, at.state)
            return [full], incomplete

        return self.enter(ref, build, None, source, after)

    def enter(self, ref: str | int, build: Build, seen: Entry | None = None, source: str | None = None,
              after: int | None = None) -> MatchView:
        """``ledger hand add`` in one write transaction: the match ``ref`` is read and checked open
        once, the state the hand meets is read once, ``build(entry)`` makes the hand documents
        from it (``entry``: a :class:`ledger.store.reads.Entry`, the match, its setup, number of
        live hands and that state; ``build`` returns ``(docs, incomplete)``, see :meth:`append`,
        and may raise ``LedgerError``: nothing is written), and each is applied once and stored.

        ``seen``: the entry the caller read before asking at a terminal; while the match's
        ``revision`` is still the one it was read at, its check and its state stand (nothing is
        read again), else the match is checked and read afresh."""
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            trusted = seen if seen is not None and seen.match.revision == m.revision else None
            done = self.append(s, m, build=build, seen=trusted, source=source, after=after)
            hands = done.live if done.live is not None else self.live_hands(s, m)
            return MatchView(m, done.replay.setup, hands, done.replay, s.get(Night, m.night_id))

    def append(self, s: Session, m: Match, docs: Sequence[Mapping[str, Any]] = (),
               cached: Replay | None = None, incomplete: LedgerError | None = None,
               build: Build | None = None, seen: Entry | None = None, source: str | None = None,
               after: int | None = None) -> Appended:
        """The one way a hand enters a match, in the open write transaction ``s``: each of
        ``docs`` (hand documents as entered; or what ``build(entry)`` gives, see
        :meth:`enter_hand`) is read and applied once to the match's state, and stored with its
        result and the state after it; then the match's status and revision.

        The match is checked open once and its state read once: the newest live hand's stored
        one, read with the live hands the new scoreboard is drawn from. ``cached``: the caller's
        replay of the match as it stood at its current revision (``ledger play`` keeps one),
        trusted only when it covers exactly the stored live hands: then only the newest live
        hand is read. ``seen``: an entry read at the current revision (:meth:`enter_hand`),
        whose check and state stand. A match whose hands have no stored state yet (a ledger
        older than migration 0003) is replayed once and every hand stored again.
        ``LedgerError`` (``hand N: FIELD``) when a hand is bad or the match takes no more hands.
        ``incomplete``: the error of a hand that entry found still missing an item
        (:func:`ledger.cli.hand_entry.complete_hand`): raised, nothing written, unless the one
        apply finds a plainer fault (:func:`_refused`).
        ``source``: where the hands were entered, stored with each (None: the terminal or an
        import; ``"page"``: the scorekeeper's page and its HTTP API).
        ``after``: the number of live hands the sender saw; when the match has another number
        now (someone else wrote meanwhile), :class:`Stale` and nothing written. Checked here,
        inside the write transaction, so no other write can come between the check and the hands.
        """
        if seen is None:
            self.check_open(m)
        game = get_game(m.game)
        setup = cached.setup if cached is not None else seen.setup if seen is not None else self.setup_of(s, m)
        if cached is not None:
            count, last = self._newest_live(s, m)
            rows = None
        else:
            rows = self.live_hands(s, m)
            count, last = len(rows), (rows[-1] if rows else None)
        if after is not None and after != count:
            raise Stale(m.id, after, count, self._view(s, m).to_json())
        before: Replay | None = None
        if cached is not None and len(cached.results) == count:
            before = cached
            state = before.states[-1] if before.states else before.start
        elif seen is not None:
            state = seen.state
        elif last is None:
            state = game.start(setup)
        elif last.state is not None and last.scorer_version == game.version:
            state = game.load_state(setup, last.state)
        else:  # no state stored yet: settle the whole match once, then go on from it
            rows = self.live_hands(s, m) if rows is None else rows
            state = self._settle(s, m, setup, rows, 0).final
        if build is not None:
            docs, incomplete = build(Entry(m, setup, count, state, None))
        docs = [json.loads(json.dumps(_entered(d))) for d in docs]  # exactly what a replay reads
        position = (last.position + 1) if last is not None else 1
        new, results, states = self._apply_new(s, m, game, setup, state, docs, count, position, incomplete, source)
        live = None
        if before is not None:
            rp = Replay(setup, before.start, [*before.results, *results], [*before.states, *states])
        else:
            live = self.live_hands(s, m) if rows is None else [*rows, *new]  # read after the insert: with them
            rp = stored_replay(game, setup, live) or self._settle(s, m, setup, live, 0)  # older scores: once
        self._store_state(m, rp)
        return Appended(m, new, rp, live)

    def _apply_new(self, s: Session, m: Match, game: Game, setup: MatchSetup, state: MatchState,
                   docs: Sequence[Mapping[str, Any]], count: int, position: int,
                   incomplete: LedgerError | None,
                   source: str | None = None) -> tuple[list[Hand], list[HandResult], list[MatchState]]:
        """Apply ``docs`` in turn from ``state`` (the match has ``count`` live hands) and insert
        each at ``position`` on: the new rows, their results and the states after them."""
        raw = _raw(setup)
        rows, results, states = [], [], []
        for i, doc in enumerate(docs):
            try:
                state, result = game.apply(raw, state, doc)
            except LedgerError as err:
                raise shown_refusal(err, incomplete) or err.in_hand(count + i + 1) from None
            if incomplete is not None:
                raise incomplete
            rows.append(self._insert_hand(s, m, position + i, doc, result.to_json(), state=state, source=source))
            results.append(result)
            states.append(state)
        return rows, results, states

    def _newest_live(self, s: Session, m: Match) -> tuple[int, Hand | None]:
        """The number of live hands of ``m`` and the newest of them (None for none)."""
        count = s.exec(select(func.count()).select_from(Hand)
                       .where(Hand.match_id == m.id, Hand.voided == False)).one()  # noqa: E712
        q = (select(Hand).where(Hand.match_id == m.id, Hand.voided == False)  # noqa: E712
             .order_by(col(Hand.position).desc(), col(Hand.id).desc()).limit(1))
        found = self._hands(s, q, m.id)
        return count, (found[0] if found else None)

    def _settle(self, s: Session, m: Match, setup: MatchSetup, rows: list[Hand], changed: int,
                fresh: int | None = None, incomplete: LedgerError | None = None) -> Replay:
        """Apply the live hands ``rows`` (in order) from ``rows[changed]`` on to the stored state
        before it, storing again each result and state that differs (and the scorer's version),
        then the match's status and revision. ``changed`` is the first hand whose document or
        predecessors changed (a correction); ``fresh``, the index of a corrected hand's new
        document (``incomplete``: as for :meth:`append`, of that document). Errors name the hand:
        a later hand that the change makes impossible says so.
        Returns the match's replay."""
        game = get_game(m.game)
        start = changed if all(r.state is not None and r.scorer_version == game.version
                               for r in rows[:changed]) else 0
        raw = _raw(setup)
        before = rows[start - 1].state if start else None  # stored for every hand before start
        state = game.load_state(raw, before) if before is not None else game.start(raw)
        for i in range(start, len(rows)):
            try:
                state, result = game.apply(raw, state, rows[i].document)
            except LedgerError as err:
                refused = shown_refusal(err, incomplete) if i == fresh else None
                raise refused or err.in_hand(i + 1, None if i == fresh or i < changed else t(
                    "store.change_breaks", "this change would make hand {hand} impossible", hand=i + 1)) from None
            if i == fresh and incomplete is not None:
                raise incomplete
            self._restore(s, rows[i], game.version, result.to_json(), state)
        rp = stored_replay(game, setup, rows)
        assert rp is not None  # every row's state was stored above
        self._store_state(m, rp)
        return rp

    @staticmethod
    def _restore(s: Session, row: Hand, version: str, result: dict, state: MatchState) -> None:
        """Store a hand's result and state again where they differ from what is stored."""
        state_json = stored_json(state.to_json())
        if row.result != result or row.state != state_json or row.scorer_version != version:
            row.result, row.state, row.scorer_version = result, state_json, version
            s.add(row)

    @staticmethod
    def _store_state(m: Match, rp: Replay) -> None:
        """The match's status, winner, summary and revision from its replay
        (:func:`ledger.store.reading.store_state`), written: every write to a match passes here once."""
        store_state(m, rp)
        s = object_session(m)
        if s is not None:
            s.add(m)
            s.flush()

    def _insert_hand(self, s: Session, m: Match, position: int, doc: Mapping[str, Any], result: dict,
                     replaces: int | None = None, entered_at: dt.datetime | None = None,
                     scorer_version: str | None = None, id: int | None = None,
                     state: MatchState | None = None, source: str | None = None) -> Hand:
        game = get_game(m.game)
        assert m.id is not None  # a stored match
        h = Hand(id=id, match_id=m.id, position=position, document=dict(doc), result=result, rules=m.rules,
                 scorer_version=scorer_version or game.version, replaces_id=replaces,
                 entered_at=entered_at or utcnow(), state=None if state is None else stored_json(state.to_json()),
                 source=None if source == "cli" else source)
        s.add(h)
        s.flush()
        return h

    def void_hand(self, ref: str | int, n: int | str, reason: str | None = None, reopen: bool = False,
                  after: int | None = None) -> MatchView:
        """Void hand ``n`` (1-based among live hands, or ``last``); it stays in the history with when
        and why, and every later hand is stored again as it now scores. A finished or ended match
        must be reopened first (``reopen_match``), or with ``reopen`` in the same transaction (a
        table undoing the hand that won the match: never reopened without the hand voided).
        ``after``: the live hands the sender saw, checked in this transaction (:class:`Stale`)."""
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            if after is not None and after != self._newest_live(s, m)[0]:
                raise Stale(m.id, after, self._newest_live(s, m)[0], self._view(s, m).to_json())
            if reopen and m.status != "open":
                self._reopen(s, m)
            self.check_correctable(m)
            view = self._view(s, m)
            h = self.nth(view, n)
            k = view.hands.index(h)
            rows = [x for x in view.hands if x.id != h.id]
            self._settle(s, m, view.setup, rows, k)
            h.voided, h.voided_at, h.void_reason, h.state = True, utcnow(), reason or "voided", None
            s.add(h)
            s.flush()
            return self._view(s, m)

    def replace_hand(self, ref: str | int, n: int | str, doc: Mapping[str, Any],
                     reason: str | None = None, incomplete: LedgerError | None = None) -> MatchView:
        """Correct hand ``n``: the old hand is voided (kept), the new one takes its place, and every
        later hand is stored again as it now scores. A finished or ended match must be reopened
        first (``reopen_match``). ``incomplete``: as for :meth:`append`."""
        doc = json.loads(json.dumps(_entered(doc)))
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            self.check_correctable(m)
            view = self._view(s, m)
            h = self.nth(view, n)
            k = view.hands.index(h)
            h.voided, h.voided_at, h.void_reason, h.state = True, utcnow(), reason or "corrected", None
            s.add(h)
            s.flush()
            new = self._insert_hand(s, m, h.position, doc, {}, replaces=h.id)
            rows = [*view.hands[:k], new, *view.hands[k + 1:]]
            self._settle(s, m, view.setup, rows, k, fresh=k, incomplete=incomplete)
            return self._view(s, m)

    def history(self, ref: str | int) -> list[dict]:
        """Every hand ever entered in the match (voided ones too), in the order entered."""
        with self.transaction() as s:
            m = self.find(s, ref)
            hands = self._hands(s, select(Hand).where(Hand.match_id == m.id).order_by(col(Hand.id)), m.id)
            live = [h.id for h in self.live_hands(s, m)]
            return [{"id": h.id, "number": (live.index(h.id) + 1) if h.id in live else None,
                     "entered_at": _iso(h.entered_at), "voided": h.voided,
                     "voided_at": _iso(h.voided_at),
                     "void_reason": h.void_reason, "replaces": h.replaces_id,
                     "document": h.document, "result": h.result} for h in hands]

    def end_match(self, ref: str | int) -> MatchView:
        """End a match before its natural end: the winner is decided as the game says (finish_early)."""
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            self.check_open(m)
            m.status = "ended"
            view = self._view(s, m)
            self._store_state(m, view.replay)
            return view

    def undo_hand(self, ref: str | int, reason: str | None = None) -> MatchView:
        """Void the match's last live hand (it stays in the history, with ``reason``)."""
        return self.void_hand(ref, "last", reason or "undone")

    def reopen_match(self, ref: str | int) -> MatchView:
        """Open a finished or ended match again, to correct it or (if ended early) to play on.

        A match that reached its natural end (a finished one, or an ended one whose hands finish
        it) stays open only until the next correction: if its live hands still finish it then, it
        is finished again.
        """
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            if m.status == "open":
                raise LedgerError(t("store.open_already", "match {match} is open already", match=str(m.id)), "match", ref)
            return self._reopen(s, m)

    def _reopen(self, s: Session, m: Match) -> MatchView:
        """:meth:`reopen_match`'s change of the finished or ended match ``m``, in the transaction of ``s``."""
        was, m.status = m.status, "open"
        view = self._view(s, m)
        if was == "ended":  # no longer ended early: its status is its hands' again
            self._store_state(m, view.replay)
        if was == "finished" or m.status != "open":  # its hands reach its natural end: open until the next correction
            m.status = "open"
            m.finished_at = None
            m.revision = (m.revision or 0) + 1
            s.add(m)
            s.flush()
        return view

    # --- documents --------------------------------------------------------------------------
    def export(self, ref: str | int) -> dict:
        """The match as a match document with everything a backup needs (docs/formats.md)."""
        with self.transaction() as s:
            return self._export(s, self.find(s, ref))

    def _export(self, s: Session, m: Match, stored: bool = False) -> dict:
        """The match document of ``m``; ``stored`` adds what only a backup needs (``"stored"``
        objects: row numbers, status, stored results; docs/formats.md)."""
        hands = self._hands(s, select(Hand).where(Hand.match_id == m.id).order_by(col(Hand.position), col(Hand.id)), m.id)
        night = s.get(Night, m.night_id)
        assert night is not None  # the match's night (a foreign key)
        return match_document(m, self.setup_of(s, m), night, hands, stored)

    def import_match(self, doc: Mapping[str, Any], demo: bool = False, date: dt.date | None = None) -> MatchView:
        """Store a match document as a new match (its night, hands, voided hands and times kept)."""
        with self.transaction(write=True) as s:
            return self._view(s, self._import(s, doc, demo, date))

    def _import(self, s: Session, doc: Mapping[str, Any], demo: bool = False, date: dt.date | None = None,
                keep_ids: bool = False) -> Match:
        """Store one match document in the open transaction ``s``; with ``keep_ids`` the match and
        hand numbers of its ``"stored"`` objects are used (a restore into an empty ledger). The
        rows are written as an import of many matches writes them (:mod:`ledger.store.bulk`)."""
        from ledger.store.bulk import BulkImport

        bulk = BulkImport(self, s)
        mid = bulk.add_match(doc, demo, date, keep_ids)["id"]
        bulk.finish()
        m = s.get(Match, mid)
        assert m is not None  # just inserted
        return m

    # --- demo -------------------------------------------------------------------------------
    def load_demo(self, docs: Sequence[Mapping[str, Any]]) -> tuple[int, list[MatchView]]:
        """Replace the demo night by the match documents ``docs``, in one transaction: returns the
        number of demo matches taken out first and the views of the new ones."""
        with self.transaction(write=True) as s:
            removed = self._remove_demo(s)
            return removed, [self._view(s, self._import(s, doc, demo=True)) for doc in docs]

    def remove_demo(self) -> int:
        """Take out every demo night with its matches, and the players only the demo brought in.

        Returns the number of matches removed.
        """
        with self.transaction(write=True) as s:
            return self._remove_demo(s)

    def _remove_demo(self, s: Session) -> int:
        nights = [n.id for n in s.exec(select(Night).where(Night.demo == True)).all()]  # noqa: E712
        if not nights:
            return 0
        mids = [m.id for m in s.exec(select(Match).where(col(Match.night_id).in_(nights))).all()]
        if mids:
            s.exec(delete(Hand).where(col(Hand.match_id).in_(mids)).where(col(Hand.replaces_id).is_not(None)))
            s.exec(delete(Hand).where(col(Hand.match_id).in_(mids)))
            s.exec(delete(Seat).where(col(Seat.match_id).in_(mids)))
            s.exec(delete(Match).where(col(Match.id).in_(mids)))
        s.exec(delete(Night).where(col(Night.id).in_(nights)))
        seated = select(Seat.player_id)
        s.exec(delete(Player).where(col(Player.demo) == True, col(Player.id).not_in(seated)))  # noqa: E712
        return len(mids)

    # --- checks -----------------------------------------------------------------------------
    def check(self) -> list[dict]:
        """What ``ledger db check`` finds (:func:`ledger.store.checks.problems`): one entry per
        problem, ``{"match", "hand", "problem"}``, by match; ``[]`` for a sound ledger."""
        from ledger.store.checks import problems

        return problems(self)


def session_reads(s: Session) -> Reads:
    """:class:`Reads` over the session's own connection (inside its transaction; what the session
    holds unwritten is written first, so the reads see it)."""
    s.flush()
    return Reads(s.connection())


def _raw(setup: MatchSetup) -> MatchSetup:
    """The setup hands are applied with: an early end is the replay's last step, never a hand's."""
    return replace(setup, ended_early=False) if setup.ended_early else setup


def stored_json(value: Any) -> Any:
    """``value`` exactly as it reads back from a JSON column (tuples become lists)."""
    return json.loads(json.dumps(value))


def _entered(doc: Any) -> Any:
    """A hand as the scorekeeper enters it, without the ledger's bookkeeping fields (a hand copied
    from an export may carry them); a hand cannot be entered already voided."""
    if not isinstance(doc, Mapping):
        return doc  # the scorer names the problem
    if doc.get("voided"):
        raise LedgerError(t("store.entered_voided", "a hand is voided with 'ledger hand void' or 'ledger hand undo', "
                            "not entered voided"), "voided", doc["voided"])
    return {k: v for k, v in doc.items() if k not in BOOKKEEPING}
