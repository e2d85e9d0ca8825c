"""The ledger's operations: what the CLI asks of the store, each in one transaction.

A :class:`Ledger` wraps an engine. Every method that writes runs in one transaction and checks
everything (through the game's scorer) before anything is written, so a ``LedgerError`` leaves
the ledger exactly as it was. Matches are referred to by id, or ``last`` for the newest.

The scoreboard of a match is always a replay of its live hands through the current scorer
(:meth:`Ledger.replay`); each hand's stored result is what the scorer said when it was entered,
and :meth:`Ledger.check` says which stored result a replay no longer agrees with.
"""

from __future__ import annotations

import datetime as dt
import json
from contextlib import contextmanager
from typing import Any, Iterator, Mapping, Sequence

from sqlmodel import Session, col, delete, select

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import MatchSetup, Replay, join_names, replay
from ledger.games.documents import replay_document
from ledger.store.dates import check_night, night_date, parse_date  # noqa: F401 (parse_date: re-export)
from ledger.store.engine import database_url, ensure_schema, open_engine, snapshot, writer
from ledger.store.models import Hand, Match, Night, Player, Seat, utcnow
from ledger.store.reads import MatchView, Reads, damaged, setup_from_seats

# what the ledger itself records about a hand (docs/formats.md): never taken from a hand as entered
BOOKKEEPING = frozenset({"entered_at", "voided", "voided_at", "void_reason", "replaces", "replaced_by", "stored"})


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
        """
        with Session(self.writer if write else self.engine, expire_on_commit=False) as session:
            with session.begin():
                yield session

    # --- players ----------------------------------------------------------------------------
    def player(self, s: Session, name: str, create: bool = True, demo: bool = False) -> Player:
        """The player called ``name`` (case-insensitive); created when missing and ``create``."""
        clean, found = self._find_player(s, name)
        if found is None:
            if not create:
                raise LedgerError(f"no player called {clean!r}", "name", clean)
            found = Player(name=clean, name_key=clean.casefold(), demo=demo)
            s.add(found)
            s.flush()
        return found

    def _find_player(self, s: Session, name: str) -> tuple[str, Player | None]:
        """The name with its spaces tidied, and the player so called (any letter case) or None."""
        clean = " ".join(str(name).split())
        if not clean:
            raise LedgerError("a player needs a name", "name", name)
        _check_name(clean, "name")
        return clean, s.exec(select(Player).where(Player.name_key == clean.casefold())).first()

    def add_players(self, names: Sequence[str]) -> list[tuple[Player, bool]]:
        """Add players; returns each with whether it was new. Existing names are left as they are."""
        out = []
        with self.transaction(write=True) as s:
            for n in names:
                _check_name(n, "name")
                _, exists = self._find_player(s, n)
                out.append((exists or self.player(s, n), exists is None))
        return out

    def players(self) -> list[dict]:
        """Every player with the number of matches played, by name."""
        with self.transaction() as s:
            rows = s.exec(select(Player).order_by(Player.name_key)).all()
            counts: dict[int, int] = {}
            for pid in s.exec(select(Seat.player_id)).all():
                counts[pid] = counts.get(pid, 0) + 1
            return [{"id": p.id, "name": p.name, "matches": counts.get(p.id, 0)} for p in rows]

    def rename_player(self, old: str, new: str) -> Player:
        """Rename a player; the new name must not belong to someone else (case-insensitive)."""
        with self.transaction(write=True) as s:
            p = self.player(s, old, create=False)
            clean = " ".join(new.split())
            if not clean:
                raise LedgerError("a player needs a name", "new", new)
            _check_name(clean, "new")
            other = s.exec(select(Player).where(Player.name_key == clean.casefold())).first()
            if other is not None and other.id != p.id:
                raise LedgerError(f"{other.name!r} already exists", "new", new)
            self._rename_in_matches(s, p, p.name, clean)
            p.name, p.name_key = clean, clean.casefold()
            s.add(p)
            return p

    def _rename_in_matches(self, s: Session, p: Player, old: str, new: str) -> None:
        """Carry a rename into the player's matches: their side (when named after them), and the
        hands and results that name them, so every match still replays to the same scores."""
        seats = s.exec(select(Seat).where(Seat.player_id == p.id)).all()
        for seat in seats:
            if seat.side == old:
                seat.side = new
                s.add(seat)
        mids = sorted({seat.match_id for seat in seats})
        if not mids:
            return
        for m in s.exec(select(Match).where(col(Match.id).in_(mids))).all():
            m.winner, m.summary = _swap_name(m.winner, old, new), _swap_summary(m.summary, old, new)
            s.add(m)
        for h in self._hands(s, select(Hand).where(col(Hand.match_id).in_(mids))):
            h.document, h.result = _swap_name(h.document, old, new), _swap_name(h.result, old, new)
            s.add(h)

    # --- nights and matches -----------------------------------------------------------------
    def night(self, s: Session, date: dt.date | None = None, demo: bool = False, label: str | None = None) -> Night:
        """The night of ``date`` (default: tonight by the 06:00 rule), created when missing."""
        date = date or night_date()
        q = select(Night).where(Night.date == date, Night.demo == demo).order_by(Night.id)
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
            setup = game.setup(rules, players, sides, options)
            m = self._create_match(s, setup, self.night(s, date))
            return self._view(s, m)

    def _create_match(self, s: Session, setup: MatchSetup, night: Night, demo: bool = False,
                      id: int | None = None) -> Match:
        m = Match(id=id, night_id=night.id, game=setup.game, rules=setup.rules, options=dict(setup.options),
                  teams=setup.teams)
        s.add(m)
        s.flush()
        side_of = {p: side for side, members in setup.sides.items() for p in members}
        for side in setup.sides:
            _check_name(side, "sides")
        for i, name in enumerate(setup.players):
            player = self.player(s, name, demo=demo)
            s.add(Seat(match_id=m.id, player_id=player.id, seat=i, side=side_of[name]))
        s.flush()
        return m

    def find(self, s: Session, ref: str | int) -> Match:
        """The match ``ref``: its id, or ``last`` for the most recently started (:meth:`Reads.find_id`)."""
        return s.get(Match, session_reads(s).find_id(ref))

    @contextmanager
    def reads(self) -> Iterator[Reads]:
        """The ledger's plain-SQL reads (:mod:`ledger.store.reads`) in one read transaction."""
        with Session(snapshot(self.engine), expire_on_commit=False) as s:  # one moment, on every database
            with s.begin():
                yield session_reads(s)

    def setup_of(self, s: Session, m: Match) -> MatchSetup:
        """The match's settings as the scorer takes them (seats in order, sides in seat order)."""
        return setup_from_seats(m, session_reads(s).seats([m.id]).get(m.id, []))

    def live_hands(self, s: Session, m: Match) -> list[Hand]:
        q = select(Hand).where(Hand.match_id == m.id, Hand.voided == False).order_by(Hand.position, Hand.id)  # noqa: E712
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
        setup = self.setup_of(s, m)
        hands = self.live_hands(s, m)
        rp = replay(get_game(m.game), setup, [h.document for h in hands])
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

    # --- hands ------------------------------------------------------------------------------
    def _store_state(self, m: Match, rp: Replay) -> None:
        final = rp.final
        if m.status != "ended":
            m.status = "finished" if final.finished else "open"
        m.winner = final.winner if (final.finished or m.status == "ended") else None
        if m.status == "open":
            m.finished_at = None
        elif m.finished_at is None:
            m.finished_at = utcnow()
        m.summary = {"hands": final.hands, "totals": dict(final.totals)}
        facts = _facts(m, rp)
        if facts is not None:  # what ledger stats reads, so that it need not replay the match
            m.summary["stats"] = facts

    def _check_open(self, m: Match) -> None:
        if m.status == "finished":
            raise LedgerError(f"match {m.id} is over (winner: {_who(m.winner)}): no more hands", "match", m.id)
        if m.status == "ended":
            raise LedgerError(f"match {m.id} was ended: no more hands", "match", m.id)

    def _check_correctable(self, m: Match) -> None:
        """A finished or ended match is corrected only after an explicit ``match reopen``."""
        if m.status != "open":
            how = f"is over (winner: {_who(m.winner)})" if m.status == "finished" else "was ended"
            raise LedgerError(f"match {m.id} {how}: to correct it, first run: ledger match reopen {m.id}",
                              "match", m.id)

    def add_hand(self, ref: str | int, doc: Mapping[str, Any]) -> MatchView:
        """Score ``doc`` as the next hand of the match and store it with its result."""
        return self.add_hands(ref, [doc])

    def add_hands(self, ref: str | int, new_docs: Sequence[Mapping[str, Any]]) -> MatchView:
        """Score ``new_docs`` as the next hands of the match and store them all, or none of them."""
        new_docs = [_entered(d) for d in new_docs]
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            self._check_open(m)
            view = self._view(s, m)
            docs = [h.document for h in view.hands] + [dict(d) for d in new_docs]
            rp = self._replay_new(m, view.setup, docs, len(docs) - 1)
            pos = (view.hands[-1].position + 1) if view.hands else 1
            first = len(view.hands)
            for i, d in enumerate(new_docs):
                self._insert_hand(s, m, pos + i, dict(d), rp.results[first + i].to_json())
            self._store_state(m, rp)
            s.add(m)
            s.flush()
            return self._view(s, m)

    def _replay_new(self, m: Match, setup: MatchSetup, docs: list, changed: int) -> Replay:
        """Replay with a new or changed hand (``changed``, 0-based; -1 for a removed one); errors
        name the hand by its number, and say so when a correction breaks a later hand."""
        try:
            return replay(get_game(m.game), setup, docs)
        except LedgerError as err:
            import re

            hit = re.match(r"hands\[(\d+)\]", err.field)
            later = hit is not None and int(hit.group(1)) > changed and changed != len(docs) - 1
            if later:
                n = int(hit.group(1)) + 1
                raise LedgerError(f"this change would make hand {n} impossible: {err.message}",
                                  _renumber(err).field, err.value) from None
            raise _renumber(err) from None

    def _insert_hand(self, s: Session, m: Match, position: int, doc: dict, result: dict,
                     replaces: int | None = None, entered_at: dt.datetime | None = None,
                     scorer_version: str | None = None, id: int | None = None) -> Hand:
        game = get_game(m.game)
        h = Hand(id=id, match_id=m.id, position=position, document=doc, result=result, rules=m.rules,
                 scorer_version=scorer_version or game.version, replaces_id=replaces,
                 entered_at=entered_at or utcnow())
        s.add(h)
        s.flush()
        return h

    def _nth(self, view: MatchView, n: int | str) -> Hand:
        if isinstance(n, str) and n.strip().lower() == "last":
            if not view.hands:
                raise LedgerError(f"match {view.match.id} has no hand yet", "hand", n)
            return view.hands[-1]
        try:
            k = int(n)
        except (TypeError, ValueError):
            raise LedgerError(f"{n!r} is not a hand number", "hand", n) from None
        if not 1 <= k <= len(view.hands):
            raise LedgerError(f"match {view.match.id} has no hand {k} (it has {len(view.hands)})", "hand", n)
        return view.hands[k - 1]

    def void_hand(self, ref: str | int, n: int | str, reason: str | None = None) -> MatchView:
        """Void hand ``n`` (1-based among live hands, or ``last``); it stays in the history with when
        and why. A finished or ended match must be reopened first (``reopen_match``)."""
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            self._check_correctable(m)
            view = self._view(s, m)
            h = self._nth(view, n)
            docs = [x.document for x in view.hands if x.id != h.id]
            rp = self._replay_new(m, view.setup, docs, -1)
            h.voided, h.voided_at, h.void_reason = True, utcnow(), reason or "voided"
            s.add(h)
            self._store_state(m, rp)
            s.add(m)
            s.flush()
            return self._view(s, m)

    def replace_hand(self, ref: str | int, n: int | str, doc: Mapping[str, Any],
                     reason: str | None = None) -> MatchView:
        """Correct hand ``n``: the old hand is voided (kept), the new one takes its place.

        A finished or ended match must be reopened first (``reopen_match``)."""
        doc = _entered(doc)
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            self._check_correctable(m)
            view = self._view(s, m)
            h = self._nth(view, n)
            k = view.hands.index(h)
            docs = [x.document for x in view.hands]
            docs[k] = dict(doc)
            rp = self._replay_new(m, view.setup, docs, k)
            h.voided, h.voided_at, h.void_reason = True, utcnow(), reason or "corrected"
            s.add(h)
            s.flush()
            self._insert_hand(s, m, h.position, dict(doc), rp.results[k].to_json(), replaces=h.id)
            self._store_state(m, rp)
            s.add(m)
            s.flush()
            return self._view(s, m)

    def history(self, ref: str | int) -> list[dict]:
        """Every hand ever entered in the match (voided ones too), in the order entered."""
        with self.transaction() as s:
            m = self.find(s, ref)
            hands = self._hands(s, select(Hand).where(Hand.match_id == m.id).order_by(Hand.id), m.id)
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
            self._check_open(m)
            m.status = "ended"
            view = self._view(s, m)
            self._store_state(m, view.replay)
            s.add(m)
            s.flush()
            return self._view(s, m)

    def undo_hand(self, ref: str | int, reason: str | None = None) -> MatchView:
        """Void the match's last live hand (it stays in the history, with ``reason``)."""
        return self.void_hand(ref, "last", reason or "undone")

    def reopen_match(self, ref: str | int) -> MatchView:
        """Open a finished or ended match again, to correct it or (if ended early) to play on.

        A match that reached its natural end stays open only until the next correction: if its live
        hands still finish it then, it is finished again.
        """
        with self.transaction(write=True) as s:
            m = self.find(s, ref)
            if m.status == "open":
                raise LedgerError(f"match {m.id} is open already", "match", ref)
            was, m.status = m.status, "open"
            if was == "ended":
                self._store_state(m, self._view(s, m).replay)
            else:
                m.finished_at = None
            s.add(m)
            s.flush()
            return self._view(s, m)

    # --- documents --------------------------------------------------------------------------
    def export(self, ref: str | int) -> dict:
        """The match as a match document with everything a backup needs (docs/formats.md)."""
        with self.transaction() as s:
            return self._export(s, self.find(s, ref))

    def _export(self, s: Session, m: Match, stored: bool = False) -> dict:
        """The match document of ``m``; ``stored`` adds what only a backup needs (``"stored"``
        objects: row numbers, status, stored results; docs/formats.md)."""
        hands = self._hands(s, select(Hand).where(Hand.match_id == m.id).order_by(Hand.position, Hand.id), m.id)
        return match_document(m, self.setup_of(s, m), s.get(Night, m.night_id), hands, stored)

    def import_match(self, doc: Mapping[str, Any], demo: bool = False, date: dt.date | None = None) -> MatchView:
        """Store a match document as a new match (its night, hands, voided hands and times kept)."""
        with self.transaction(write=True) as s:
            return self._view(s, self._import(s, doc, demo, date))

    def _import(self, s: Session, doc: Mapping[str, Any], demo: bool = False, date: dt.date | None = None,
                keep_ids: bool = False) -> Match:
        """Store one match document in the open transaction ``s``; with ``keep_ids`` the match and
        hand numbers of its ``"stored"`` objects are used (a restore into an empty ledger)."""
        setup, rp = replay_document(doc)
        all_hands = [dict(h) for h in doc["hands"]] if doc.get("hands") else []
        kept = _stored(doc, "stored", {"id": int, "status": str, "finished_at": str, "demo": bool})
        when = date or (parse_date(doc["night"], "night") if doc.get("night") else _first_night(all_hands))
        night = self.night(s, when, demo=demo or kept.get("demo", False),
                           label=_text(doc, "night_label"))
        m = self._create_match(s, setup, night, demo=demo, id=kept.get("id") if keep_ids else None)
        m.note = _text(doc, "note")
        if doc.get("created_at"):
            m.created_at = _parse_time(doc["created_at"], "created_at")
        if setup.ended_early:
            m.status = "ended"
        rows: list[Hand] = []
        k = 0
        for i, h in enumerate(all_hands):
            f = f"hands[{i}]"
            meta = {key: h.get(key) for key in ("entered_at", "voided", "voided_at", "void_reason", "replaces")}
            body = {key: v for key, v in h.items() if key not in meta and key != "stored"}
            hs = _stored(h, f"{f}.stored", {"id": int, "result": dict, "scorer_version": str})
            if meta["voided"]:
                result: dict = {}
            else:
                result = rp.results[k].to_json()
                k += 1
                _check_stored_result(hs, result, get_game(setup.game).version, f"{f}.stored")
            when_entered = _parse_time(meta["entered_at"], f"{f}.entered_at") if meta["entered_at"] else None
            row = self._insert_hand(s, m, i + 1, body, hs.get("result", result), entered_at=when_entered,
                                    scorer_version=hs.get("scorer_version"),
                                    id=hs.get("id") if keep_ids else None)
            if meta["voided"]:
                row.voided = True
                row.voided_at = _parse_time(meta["voided_at"], f"{f}.voided_at") if meta["voided_at"] else utcnow()
                row.void_reason = _text(h, "void_reason", f"{f}.void_reason")
            rows.append(row)
        for i, h in enumerate(all_hands):
            r = h.get("replaces")  # checked by replay_document: an earlier voided hand's index
            if r is not None:
                rows[i].replaces_id = rows[r].id
                # a replacement takes the place of the hand it replaced
                rows[i].position = rows[r].position
                s.add(rows[i])
        self._store_state(m, rp)
        if "status" in kept:
            _check_status(kept["status"], m, rp)
            m.status = kept["status"]
        if "finished_at" in kept:
            m.finished_at = _parse_time(kept["finished_at"], "stored.finished_at") if kept["finished_at"] else None
        s.add(m)
        s.flush()
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
        s.exec(delete(Player).where(Player.demo == True, col(Player.id).not_in(seated)))  # noqa: E712
        return len(mids)

    # --- checks -----------------------------------------------------------------------------
    def check(self) -> list[dict]:
        """Check the database file (SQLite's integrity checks), the hands' stored JSON and their
        corrections (:func:`_replacement_problems`), then replay every match and compare with the
        stored results; one entry per problem: ``{"match", "hand" (its number among the live
        hands, or None), "problem"}``, by match."""
        from ledger.report.stats import usable_facts
        from ledger.store.engine import integrity_problems

        problems = [{"match": None, "hand": None, "problem": f"database: {p}"}
                    for p in integrity_problems(self.engine)]
        with self.transaction() as s:
            damaged_hands = session_reads(s).damaged_hands()
            problems += [{"match": mid, "hand": None,
                          "problem": f"entry {entry} is damaged: its stored document or result is not JSON"}
                         for mid, entry in damaged_hands]
            problems += _replacement_problems(s)
            unreadable = {mid for mid, _ in damaged_hands}
            for m in s.exec(select(Match).order_by(Match.id)).all():
                if m.id in unreadable:
                    continue  # it cannot be replayed: said once above
                try:
                    view = self._view(s, m)
                except LedgerError as err:
                    problems.append({"match": m.id, "hand": None, "problem": str(err)})
                    continue
                for i, (h, res) in enumerate(zip(view.hands, view.replay.results)):
                    if h.result != res.to_json():
                        problems.append({"match": m.id, "hand": i + 1,
                                         "problem": f"stored result differs from a replay (scored by version {h.scorer_version})"})
                if usable_facts(m.summary, m.status) not in (None, _facts(m, view.replay)):
                    problems.append({"match": m.id, "hand": None,
                                     "problem": "stored summary (what stats read) differs from a replay"})
        return sorted(problems, key=lambda p: p["match"] or 0)


def _replacement_problems(s: Session) -> list[dict]:
    """The corrections that do not hold together (``db check``): a hand that replaces one which is
    not voided, is of another match, or whose place it does not take, and a hand replaced twice.
    One query, over the columns that say it (no document is read)."""
    from sqlalchemy import select as sa_select
    from sqlalchemy.orm import aliased

    old = aliased(Hand)
    rows = s.execute(sa_select(Hand.id, Hand.match_id, Hand.position, old.id, old.match_id, old.position, old.voided)
                     .join(old, old.id == Hand.replaces_id).order_by(Hand.id)).all()
    out, by = [], {}
    for hid, mid, pos, rid, rmid, rpos, rvoided in rows:
        why = None
        if rmid != mid:
            why = f"entry {hid} replaces entry {rid}, which is in match {rmid}"
        elif not rvoided:
            why = f"entry {hid} replaces entry {rid}, which is not voided"
        elif rpos != pos:
            why = f"entry {hid} replaces entry {rid} but is not in its place"
        elif rid in by:
            why = f"entries {by[rid]} and {hid} both replace entry {rid}"
        by.setdefault(rid, hid)
        if why:
            out.append({"match": mid, "hand": None, "problem": why})
    return out


def session_reads(s: Session) -> Reads:
    """:class:`Reads` over the session's own connection (inside its transaction; what the session
    holds unwritten is written first, so the reads see it)."""
    s.flush()
    conn = s.connection()
    sqlite = conn.dialect.name == "sqlite"
    return Reads(conn.connection.driver_connection, "qmark" if sqlite else "format", json_text=sqlite)


def match_document(m: Match, setup: MatchSetup, night: Night, hands: Sequence[Hand], stored: bool = False) -> dict:
    """The match document of ``m`` from its rows (``hands``: every hand, voided ones too, in
    position then entry order); ``stored`` adds what only a backup needs (docs/formats.md)."""
    doc = setup.to_json()
    doc["night"] = night.date.isoformat()
    if night.label:
        doc["night_label"] = night.label
    doc["created_at"] = _iso(m.created_at)
    if m.note:
        doc["note"] = m.note
    ids = {h.id: i for i, h in enumerate(hands)}
    out = []
    for h in hands:
        entry = {k: v for k, v in h.document.items() if k not in BOOKKEEPING}  # the row's own below
        entry["entered_at"] = _iso(h.entered_at)
        if h.voided:
            entry.update({"voided": True, "voided_at": _iso(h.voided_at), "void_reason": h.void_reason})
        if h.replaces_id in ids:
            entry["replaces"] = ids[h.replaces_id]
        if stored:
            entry["stored"] = {"id": h.id, "result": h.result, "scorer_version": h.scorer_version}
        out.append(entry)
    doc["hands"] = out
    if m.status == "ended":
        doc["ended_early"] = True
    if stored:
        doc["stored"] = {"id": m.id, "status": m.status, "finished_at": _iso(m.finished_at),
                         "demo": night.demo}
    return doc


def _stored(doc: Mapping[str, Any], field: str, kinds: Mapping[str, type]) -> dict:
    """The ``"stored"`` object of a backup's match or hand, checked: each key has its type."""
    value = doc.get("stored")
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise LedgerError("expected an object", field, value)
    out = {}
    for key, v in value.items():
        kind = kinds.get(key)
        if kind is None:
            raise LedgerError(f"unknown field {key!r}", f"{field}.{key}", v)
        ok = isinstance(v, kind) and not (kind is int and (isinstance(v, bool) or v < 1))
        if not ok and not (key == "finished_at" and v is None):
            raise LedgerError(f"expected {'a positive integer' if kind is int else kind.__name__}",
                              f"{field}.{key}", v)
        out[key] = v
    return out


def _check_stored_result(stored: Mapping[str, Any], result: dict, version: str, field: str) -> None:
    """A backup's stored result of a live hand, by this scorer's version, must be the hand's
    result as scored now (a different version may differ: ``db check`` tells); ``LedgerError``
    on ``FIELD.result`` otherwise (the hand or its result was changed in the file)."""
    if "result" in stored and stored.get("scorer_version", version) == version and stored["result"] != result:
        raise LedgerError("does not agree with the hand as scored (the file was changed)", f"{field}.result", None)


def _text(doc: Mapping[str, Any], key: str, field: str | None = None) -> str | None:
    """``doc[key]`` when it is a text or missing; ``LedgerError`` otherwise."""
    v = doc.get(key)
    if v is not None and not isinstance(v, str):
        raise LedgerError("expected a text", field or key, v)
    return v


def _check_status(status: str, m: Match, rp: Replay) -> None:
    """A backup's stored status must agree with the match's hands (``open`` always may: reopened)."""
    fits = {"open": True, "finished": rp.final.finished and m.status != "ended", "ended": m.status == "ended"}
    if not fits.get(status, False):
        raise LedgerError(f"status {status!r} does not agree with the match's hands", "stored.status", status)


def _facts(m: Match, rp: Replay) -> dict | None:
    """What ``ledger stats`` reads of the match (:func:`ledger.report.stats.match_facts`), kept in
    its summary so that statistics need not replay it; None when they cannot be worked out (stats
    then replay the match and say why)."""
    from ledger.report.model import MatchRecord
    from ledger.report.stats import match_facts

    try:
        return match_facts(MatchRecord(m.id, None, rp.setup, rp, m.status))  # no night: stats read none
    except LedgerError:
        return None


def _swap_summary(summary: Any, old: str, new: str) -> Any:
    """A match summary after a rename: names swapped where names are (totals, winner, the facts'
    players and money), never in the names of the fields or counters."""
    if not isinstance(summary, dict):
        return _swap_name(summary, old, new)
    out = {k: (v if k == "stats" else _swap_name(v, old, new, False)) for k, v in summary.items()}
    facts = summary.get("stats")
    if isinstance(facts, dict):
        def keys(d: Any) -> Any:
            return {_swap_name(k, old, new): v for k, v in d.items()} if isinstance(d, dict) else d

        money, sides = facts.get("money"), facts.get("sides")
        out["stats"] = {**facts, "winner": _swap_name(facts.get("winner"), old, new),
                        "sides": _swap_name(sides, old, new, False),  # side names and members: all names
                        "players": keys(facts.get("players")),
                        "money": {**money, "nets": keys(money.get("nets"))} if isinstance(money, dict) else money}
    return out


def _swap_name(value: Any, old: str, new: str, top: bool = True) -> Any:
    """``value`` (JSON) with every key or string that is the name ``old`` (in any letter case)
    replaced by ``new``; everything else as it was. The keys of the outermost object are field
    names (``hands``, ``sides``, ``knocked_by``), never a player's, and are left alone."""
    key = old.casefold()
    if isinstance(value, str):
        return new if value.strip().casefold() == key else value
    if isinstance(value, list):
        return [_swap_name(v, old, new, False) for v in value]
    if isinstance(value, dict):
        return {(k if top else _swap_name(k, old, new, False)): _swap_name(v, old, new, False)
                for k, v in value.items()}
    return value


def _renumber(err: LedgerError) -> LedgerError:
    """``hands[3].sides`` → ``hand 4: sides`` for people entering hands one by one."""
    import re

    m = re.match(r"hands\[(\d+)\]\.?(.*)", err.field)
    if not m:
        return err
    return LedgerError(err.message, f"hand {int(m.group(1)) + 1}" + (f": {m.group(2)}" if m.group(2) else ""), err.value)


def _entered(doc: Any) -> Any:
    """A hand as the scorekeeper enters it, without the ledger's bookkeeping fields (a hand copied
    from an export may carry them); a hand cannot be entered already voided."""
    if not isinstance(doc, Mapping):
        return doc  # the scorer names the problem
    if doc.get("voided"):
        raise LedgerError("a hand is voided with 'ledger hand void' or 'ledger hand undo', not entered voided",
                          "voided", doc["voided"])
    return {k: v for k, v in doc.items() if k not in BOOKKEEPING}


def _check_name(name: str, field: str) -> None:
    """Names are kept exactly as given (quotes, accents, emoji, anything printable); control
    characters are refused: no database keeps a NUL, and no terminal shows them."""
    import unicodedata

    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise LedgerError("a name cannot contain control characters (or text that is not UTF-8)", field, name)


def _who(w: Any) -> str:
    return w if isinstance(w, str) else (join_names(w) if w else "none")


def _iso(t: dt.datetime | None) -> str | None:
    """ISO 8601 in UTC (a time read back without a zone was stored as UTC)."""
    if t is None:
        return None
    return (t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)).astimezone(dt.timezone.utc).isoformat()


def _first_night(hands: Sequence[Any]) -> dt.date | None:
    """The night of the first hand that says when it was entered (local time, 06:00 rule of
    RULES.md); None when none does (the match then belongs to tonight)."""
    for i, h in enumerate(hands):
        if isinstance(h, Mapping) and h.get("entered_at"):
            try:
                return night_date(_parse_time(h["entered_at"], f"hands[{i}].entered_at").astimezone()
                                  .replace(tzinfo=None))
            except OverflowError:  # a moment at the very edge of the calendar: no night of its own
                return None
    return None


def _parse_time(text: Any, field: str) -> dt.datetime:
    try:
        t = dt.datetime.fromisoformat(str(text))
    except ValueError:
        raise LedgerError(f"{text!r} is not a date and time", field, text) from None
    return (t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)).astimezone(dt.timezone.utc)
