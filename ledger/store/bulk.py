"""Storing match documents in bulk: ``import`` of one match, of a ledger export, ``restore``.

A :class:`BulkImport` lives inside one write transaction of the caller (an ORM ``Session``:
``Ledger.transaction(write=True)``) and writes through that session's connection with one
``executemany`` a table (on SQLite the DB-API cursor's own, each value converted by its column
type's SQLAlchemy bind processor, but a hand's result and state, written as JSON text straight
from their records by :func:`ledger.games.record.json_text`, the text that processor would write;
elsewhere SQLAlchemy Core's), in batches of
:data:`BATCH_HANDS` hands, so that an import costs about what parsing the file and inserting its
rows costs (issue 17):

- each match document is read, checked and replayed once (:func:`ledger.store.reading.read_match`:
  ``replay_document``); every live hand's result and state come from that one replay and are
  inserted with the hand. The matches of an export are independent of each other: only their
  numbers, players and nights, given out here in order (:meth:`BulkImport.add_read`), depend on
  what came before;
- every player is looked up once (all players are read when the import starts, new ones are
  remembered as they are added), and so is every night;
- the rows get their numbers here (the ones the export carries with ``keep_ids``, otherwise the
  next free ones: the write transaction holds the ledger's write lock), so that nothing waits for
  the database to hand out an id; PostgreSQL's id sequences are moved past them at the end
  (:func:`ledger.store.engine.after_explicit_ids`).

Memory stays bounded by a batch whatever the size of the import. Nothing is committed here: a ``LedgerError`` for any match leaves the caller's
transaction to roll back everything.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from sqlalchemy import Table, func as sa_func, insert, inspect as sa_inspect, select as sa_select

from ledger.dates import utcnow
from ledger.interrupts import checkpoint
from ledger.store import reading
from ledger.store.engine import after_explicit_ids
from ledger.store.models import Hand, Match, Night, Player, Seat
from ledger.store.reading import WRITTEN, ReadMatch, player_name, read_match

# hands held before their rows (and their matches') are inserted: few executemany calls, bounded memory
BATCH_HANDS = 2000

TABLES = {"player": Player, "night": Night, "match": Match, "seat": Seat, "hand": Hand}  # insertion order


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
        self.raw = self.conn.dialect.name == "sqlite" and reading.RAW_INSERTS  # rows through the DB-API cursor

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
        return self._player(player_name(name, restored=pid is not None), demo, pid, created_at)

    def _player(self, clean: str, demo: bool, pid: int | None = None, created_at: dt.datetime | None = None) -> int:
        """The number of the player ``clean`` (a name :func:`player_name` has checked)."""
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
        return self.add_read(read_match(doc, self.raw, demo, date), keep_ids)

    def add_read(self, read: ReadMatch, keep_ids: bool = False) -> dict:
        """Queue the rows of a match :func:`read_match` has read, numbered here (with ``keep_ids``
        the numbers of its ``"stored"`` objects, else the next free ones). Returns ``{"id", "game",
        "hands"}`` (live hands). A Ctrl-C that came meanwhile stops the import here, the caller's
        transaction rolled back (:func:`ledger.interrupts.checkpoint`)."""
        checkpoint()
        row = read.match
        row["id"] = mid = self._number("match", read.kept_id if keep_ids else None)
        row["night_id"] = self.night(read.night, read.night_demo, read.night_label)
        seats = self.rows["seat"]
        for i, (name, side) in enumerate(read.seats):
            seats.append({"id": self._number("seat"), "match_id": mid, "seat": i, "side": side,
                          "player_id": self._player(name, read.demo)})
        hands = read.hands
        for h, kept in zip(hands, read.hand_ids):
            h["id"] = self._number("hand", kept if keep_ids else None)
            h["match_id"] = mid
        for i, r in read.replaces:  # a replacement takes the place of the hand it replaced
            hands[i]["replaces_id"], hands[i]["position"] = hands[r]["id"], hands[r]["position"]
        self.rows["match"].append(row)
        self.rows["hand"] += hands
        if len(self.rows["hand"]) >= BATCH_HANDS:
            self.flush()
        return {"id": mid, "game": row["game"], "hands": read.live}

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
        by ``json.dumps``, times as SQLAlchemy writes them), but a text in a column of
        :data:`WRITTEN` (what :func:`read_match` wrote as that processor would): SQLAlchemy's
        ``executemany`` costs about a second more for 20,000 hands. Any other database:
        SQLAlchemy's ``insert``."""
        if not self.raw:
            self.conn.execute(insert(table), rows)
            return
        names = list(rows[0])
        dialect = self.conn.dialect
        written = WRITTEN.get(table.name, frozenset())
        convert = [(k, f, c in written) for k, c in enumerate(names)
                   if (f := table.c[c].type.dialect_impl(dialect).bind_processor(dialect)) is not None]
        get = itemgetter(*names)
        values: list[Any] = [get(r) for r in rows] if len(names) > 1 else [(get(r),) for r in rows]
        if convert:
            for i, r in enumerate(values):
                r = list(r)
                for k, f, texts in convert:
                    v = r[k]
                    if not (texts and isinstance(v, str)):  # else a text read_match wrote, as stored
                        r[k] = f(v)
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


