"""Storing match documents in bulk: ``import`` of one match, of a ledger export, ``restore``.

A :class:`BulkImport` lives inside one write transaction of the caller (an ORM ``Session``:
``Ledger.transaction(write=True)``) and writes through that session's connection with one
``executemany`` a table (on SQLite the DB-API cursor's own, each value converted by its column
type's SQLAlchemy bind processor, but a hand's result and state, written as JSON text straight
from their records by :func:`ledger.games.record.json_text`, the text that processor would write;
elsewhere SQLAlchemy Core's), in batches of
:data:`BATCH_HANDS` hands, so that an import costs about what parsing the file and inserting its
rows costs (issue 17):

- each match document is read, checked and replayed once (``replay_document``); every live
  hand's result and state come from that one replay and are inserted with the hand;
- every player is looked up once (all players are read when the import starts, new ones are
  remembered as they are added), and so is every night;
- the rows get their numbers here (the ones the export carries with ``keep_ids``, otherwise the
  next free ones: the write transaction holds the ledger's write lock), so that nothing waits for
  the database to hand out an id; PostgreSQL's id sequences are moved past them at the end
  (:func:`ledger.store.engine.after_explicit_ids`).

Memory stays bounded by a batch whatever the size of the import. Nothing is committed here: a
``LedgerError`` for any match leaves the caller's transaction to roll back everything.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from sqlalchemy import Table, func as sa_func, insert, inspect as sa_inspect, select as sa_select

from ledger.dates import parse_date
from ledger.errors import LedgerError
from ledger.i18n import t
from ledger.interrupts import checkpoint
from ledger.games import get_game
from ledger.games.documents import replay_document
from ledger.games.record import json_text
from ledger.store.engine import after_explicit_ids
from ledger.store.export import Raw
from ledger.store.models import Hand, Match, Night, Player, Seat, utcnow

BATCH_HANDS = 5000  # hands held before their rows (and their matches') are inserted
RAW_INSERTS = True  # SQLite rows through the DB-API cursor (False: SQLAlchemy's insert, as elsewhere)

TABLES = {"player": Player, "night": Night, "match": Match, "seat": Seat, "hand": Hand}  # insertion order
MATCH_COLUMNS = ("id", "night_id", "game", "rules", "options", "teams", "status", "winner", "summary", "note",
                 "created_at", "finished_at", "revision")


class MatchRow:
    """A match's row as it is put together: the columns of :class:`Match` as attributes (what
    ``Ledger._store_state`` reads and sets), without the cost of an ORM object."""

    def __init__(self, **columns: Any):
        self.__dict__.update(dict.fromkeys(MATCH_COLUMNS), winner=None, summary=None, finished_at=None, revision=0,
                             created_at=utcnow())
        self.__dict__.update(columns)


class BulkImport:
    """Rows of players, nights, matches, seats and hands to insert in the transaction of ``s``
    (an open write session of ``led``, a :class:`ledger.store.service.Ledger`)."""

    def __init__(self, led: Any, s: Any):
        self.led = led
        self.conn = s.connection()
        s.flush()  # whatever the session holds is in the database before its numbers are read
        players, nights = _table(Player).c, _table(Night).c
        self.players: dict[str, int] = {key: pid for pid, key in self.conn.execute(
            sa_select(players.id, players.name_key))}
        self.nights: dict[tuple[dt.date, bool], int] = {}
        for nid, date, demo in self.conn.execute(sa_select(nights.id, nights.date, nights.demo).order_by(nights.id)):
            self.nights.setdefault((date, bool(demo)), nid)  # the first night of a date, as Ledger.night
        self.next = {name: (self.conn.execute(sa_select(sa_func.max(_table(model).c.id))).scalar() or 0) + 1
                     for name, model in TABLES.items()}
        self.rows: dict[str, list[dict]] = {name: [] for name in TABLES}
        self.raw = self.conn.dialect.name == "sqlite" and RAW_INSERTS  # rows through the DB-API cursor

    # --- numbers --------------------------------------------------------------------------------
    def _number(self, table: str, given: int | None = None) -> int:
        """``given`` (a kept number) or the next free number of ``table``."""
        if given is not None:
            self.next[table] = max(self.next[table], given + 1)
            return given
        n = self.next[table]
        self.next[table] = n + 1
        return n

    # --- players and nights -----------------------------------------------------------------------
    def player(self, name: str, demo: bool = False, pid: int | None = None, created_at: dt.datetime | None = None) -> int:
        """The number of the player called ``name`` (any letter case, spaces tidied), added when
        missing (as :meth:`Ledger.player`); ``pid`` and ``created_at``: a restored player's own."""
        from ledger.store.service import _check_name

        clean = name if pid is not None else " ".join(str(name).split())  # a restored name: as it was
        if not clean:
            raise LedgerError(t("store.name_missing", "a player needs a name"), "name", name)
        _check_name(clean, "name")
        key = clean.casefold()
        found = self.players.get(key)
        if found is None:
            found = self.players[key] = self._number("player", pid)
            self.rows["player"].append({"id": found, "name": clean, "name_key": key, "demo": demo,
                                        "created_at": created_at or utcnow()})
        return found

    def night(self, date: dt.date | None, demo: bool, label: str | None) -> int:
        """The number of the night of ``date`` (default tonight), added when missing (:meth:`Ledger.night`)."""
        from ledger.dates import night_date

        key = (date or night_date(), demo)
        found = self.nights.get(key)
        if found is None:
            found = self.nights[key] = self._number("night")
            self.rows["night"].append({"id": found, "date": key[0], "label": label, "demo": demo,
                                       "created_at": utcnow()})
        return found

    # --- one match -------------------------------------------------------------------------------
    def add_match(self, doc: Mapping[str, Any], demo: bool = False, date: dt.date | None = None,
                  keep_ids: bool = False) -> dict:
        """Check, replay and queue one match document (everything ``Ledger.import_match`` stores:
        its night, seats, hands, voided hands, corrections and times; with ``keep_ids`` the numbers
        of its ``"stored"`` objects). Returns ``{"id", "game", "hands"}`` (live hands). Raises
        ``LedgerError`` naming the field, as ``replay`` and ``import`` always have."""
        from ledger.store.service import (_check_name, _check_status, _first_night,
                                          _parse_time, _stored, _text)

        checkpoint()  # a Ctrl-C meanwhile stops the import here (the caller's transaction rolls back)
        setup, rp = replay_document(doc)
        game = get_game(setup.game)
        all_hands = list(doc["hands"]) if doc.get("hands") else []
        kept = _stored(doc, "stored", {"id": int, "status": str, "finished_at": str, "demo": bool})
        when = date or (parse_date(doc["night"], "night") if doc.get("night") else _first_night(all_hands))
        night_id = self.night(when, demo or kept.get("demo", False), _text(doc, "night_label"))
        m: Any = MatchRow(id=self._number("match", kept.get("id") if keep_ids else None), night_id=night_id,
                     game=setup.game, rules=setup.rules, options=dict(setup.options), teams=setup.teams,
                     note=_text(doc, "note"), status="ended" if setup.ended_early else "open")
        if doc.get("created_at"):
            m.created_at = _parse_time(doc["created_at"], "created_at")
        for side in setup.sides:
            _check_name(side, "sides")
        side_of = {p: side for side, members in setup.sides.items() for p in members}
        for i, name in enumerate(setup.players):
            self.rows["seat"].append({"id": self._number("seat"), "match_id": m.id, "seat": i, "side": side_of[name],
                                      "player_id": self.player(name, demo)})
        rows: list[dict] = []
        k = 0
        for i, h in enumerate(all_hands):
            f = f"hands[{i}]"
            hs = _stored(h, f"{f}.stored", {"id": int, "result": dict, "scorer_version": str})
            voided = bool(h.get("voided"))
            state: Any = None
            if voided:
                result: Any = hs.get("result", {})
            else:  # each live hand's result and state: the one replay above
                result = self._result(hs, rp.results[k], game.version, f"{f}.stored")
                after = rp.state_after(k)
                state = Raw(json_text(after.json_value)) if self.raw else after.to_json()
                k += 1
            row = {"id": self._number("hand", hs.get("id") if keep_ids else None), "match_id": m.id,
                   "position": i + 1, "document": {key: v for key, v in h.items() if key not in _HAND_META},
                   "result": result, "rules": setup.rules,
                   "scorer_version": hs.get("scorer_version") or game.version,
                   "entered_at": _parse_time(h["entered_at"], f"{f}.entered_at") if h.get("entered_at") else utcnow(),
                   "voided": voided, "voided_at": None, "void_reason": None, "replaces_id": None, "state": state}
            if voided:
                row["voided_at"] = _parse_time(h["voided_at"], f"{f}.voided_at") if h.get("voided_at") else utcnow()
                row["void_reason"] = _text(h, "void_reason", f"{f}.void_reason")
            rows.append(row)
        for i, h in enumerate(all_hands):
            r = h.get("replaces")  # checked by replay_document: an earlier voided hand's index
            if r is not None:  # a replacement takes the place of the hand it replaced
                rows[i]["replaces_id"], rows[i]["position"] = rows[r]["id"], rows[r]["position"]
        self.led._store_state(m, rp)  # status, winner, summary and revision, as every write
        if "status" in kept:
            _check_status(kept["status"], m, rp)
            m.status = kept["status"]
        if "finished_at" in kept:
            m.finished_at = _parse_time(kept["finished_at"], "stored.finished_at") if kept["finished_at"] else None
        self.rows["match"].append({c: getattr(m, c) for c in MATCH_COLUMNS})
        self.rows["hand"] += rows
        if len(self.rows["hand"]) >= BATCH_HANDS:
            self.flush()
        return {"id": m.id, "game": m.game, "hands": k}

    def _result(self, hs: Mapping[str, Any], scored: Any, version: str, field: str) -> Any:
        """The result to store for a live hand scored ``scored`` (a ``HandResult``): the file's own
        when its ``"stored"`` object ``hs`` has one, which must agree with it
        (:func:`ledger.store.service._check_stored_result`), else the one scored. On the cursor's
        path it is the JSON text (:class:`~ledger.store.export.Raw`), compared as text first: the
        same text is the same result, and only a text that differs (another key order) is
        compared as objects."""
        from ledger.store.service import _check_stored_result

        if not self.raw:
            result = scored.to_json()
            _check_stored_result(hs, result, version, field)
            return hs.get("result", result)
        text = json_text(scored.json_value)
        if "result" not in hs:
            return Raw(text)
        given = json.dumps(hs["result"])
        if given != text:
            _check_stored_result(hs, scored.to_json(), version, field)
        return Raw(given)

    # --- writing -----------------------------------------------------------------------------------
    def flush(self) -> None:
        """Insert the queued rows (players, nights, matches, seats, hands: each table with one
        ``executemany``), still inside the caller's transaction."""
        for name, model in TABLES.items():
            if self.rows[name]:
                self._insert(_table(model), self.rows[name])
                self.rows[name] = []

    def _insert(self, table: Table, rows: list[dict]) -> None:
        """``rows`` (dicts with the same keys) into ``table``. On SQLite straight through the DB-API
        cursor of the transaction's own connection, each value converted by the column type's own
        SQLAlchemy bind processor (so the stored texts are exactly what an ORM write stores: JSON
        by ``json.dumps``, times as SQLAlchemy writes them): SQLAlchemy's ``executemany`` costs
        about a second more for 20,000 hands. Any other database: SQLAlchemy's ``insert``."""
        if not self.raw:
            self.conn.execute(insert(table), rows)
            return
        names = list(rows[0])
        dialect = self.conn.dialect
        convert = [(k, f) for k, c in enumerate(names)
                   if (f := table.c[c].type.dialect_impl(dialect).bind_processor(dialect)) is not None]
        get = itemgetter(*names)
        values: list[Any] = [get(r) for r in rows] if len(names) > 1 else [(get(r),) for r in rows]
        if convert:
            for i, r in enumerate(values):
                r = list(r)
                for k, f in convert:
                    v = r[k]
                    r[k] = v if type(v) is Raw else f(v)  # a JSON text already written
                values[i] = r
        quoted = ", ".join(f'"{c}"' for c in names)
        sql = f'INSERT INTO "{table.name}" ({quoted}) VALUES ({", ".join("?" * len(names))})'
        cursor = self.conn.connection.driver_connection.cursor()
        try:
            cursor.executemany(sql, values)
        finally:
            cursor.close()

    def finish(self) -> None:
        """Insert what is left; on PostgreSQL move the id sequences past the numbers given here."""
        self.flush()
        after_explicit_ids(self.conn, tuple(TABLES))


def _table(model: Any) -> Table:
    """The table of a model (SQLModel's classes do not say they have ``__table__``)."""
    return sa_inspect(model).local_table


# the bookkeeping a hand of a document carries beside what was entered (docs/formats.md)
_HAND_META = frozenset({"entered_at", "voided", "voided_at", "void_reason", "replaces", "stored"})
