"""Storing match documents in bulk: ``import`` of one match, of a ledger export, ``restore``.

A :class:`BulkImport` lives inside one write transaction of the caller (an ORM ``Session``:
``Ledger.transaction(write=True)``) and writes through that session's connection with one
``executemany`` a table (on SQLite the DB-API cursor's own, each value converted by its column
type's SQLAlchemy bind processor, but a hand's result and state, written as JSON text straight
from their records by :func:`ledger.games.record.json_text`, the text that processor would write;
elsewhere SQLAlchemy Core's), in batches of
:data:`BATCH_HANDS` hands, so that an import costs about what parsing the file and inserting its
rows costs (issue 17):

- each match document is read, checked and replayed once (:func:`read_match`:
  ``replay_document``); every live hand's result and state come from that one replay and are
  inserted with the hand. An import of more than :data:`PARALLEL_HANDS` hands has its matches
  read by worker processes (:func:`read_matches`, one per core): the matches of an export are
  independent of each other, and only their numbers, players and nights, given out here in
  order (:meth:`BulkImport.add_read`), depend on what came before;
- every player is looked up once (all players are read when the import starts, new ones are
  remembered as they are added), and so is every night;
- the rows get their numbers here (the ones the export carries with ``keep_ids``, otherwise the
  next free ones: the write transaction holds the ledger's write lock), so that nothing waits for
  the database to hand out an id; PostgreSQL's id sequences are moved past them at the end
  (:func:`ledger.store.engine.after_explicit_ids`).

Memory stays bounded by a batch (and the workers' chunks in flight) whatever the size of the import. Nothing is committed here: a
``LedgerError`` for any match leaves the caller's transaction to roll back everything.
"""

from __future__ import annotations

import datetime as dt
import gc
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import Any

from sqlalchemy import Table, func as sa_func, insert, inspect as sa_inspect, select as sa_select

from ledger.dates import parse_date
from ledger.errors import LedgerError
from ledger.i18n import t
from ledger.interrupts import checkpoint
from ledger.games import get_game
from ledger.games.documents import replay_document
from ledger.games.record import agrees, json_text, plain_text
from ledger.store.engine import after_explicit_ids
from ledger.store.models import Hand, Match, Night, Player, Seat, utcnow

BATCH_HANDS = 5000  # hands held before their rows (and their matches') are inserted
PARALLEL_HANDS = 2000  # hands an import must have before worker processes read its matches
CHUNK_HANDS = 400  # hands (whole matches) a worker reads at a time
MAX_WORKERS = 8
RAW_INSERTS = True  # SQLite rows through the DB-API cursor (False: SQLAlchemy's insert, as elsewhere)

TABLES = {"player": Player, "night": Night, "match": Match, "seat": Seat, "hand": Hand}  # insertion order
# the columns of a hand row that read_match writes as SQLite stores them (raw): a text there is
# inserted as it is (a voided hand's result and state, and None, through the column's bind processor)
WRITTEN = {"hand": frozenset({"document", "result", "state", "entered_at", "voided_at"})}
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


@dataclass(slots=True)
class ReadMatch:
    """A match document read, checked and replayed by :func:`read_match`: every row it makes,
    without the numbers (the match's and its hands' own ``"stored"`` numbers beside them), the
    players and the night, which the import gives out in order (:meth:`BulkImport.add_read`).
    Plain data (the hands' texts plain ``str``: a text type of their own cost 11 µs a hand more to
    pickle and unpickle, issue 17): a worker process sends it back whole (:func:`read_matches`)."""

    match: dict  # the match's columns (MATCH_COLUMNS) but its id and night_id
    kept_id: int | None  # the match's own number ("stored"), kept on a restore
    night: dt.date | None  # its night (None: tonight)
    night_demo: bool
    night_label: str | None
    demo: bool  # its players are the demo's
    seats: list[tuple[str, str]]  # (player's name, side) by seat
    hands: list[dict]  # every hand's columns but its id and match_id
    hand_ids: list[int | None]  # the hands' own numbers ("stored")
    replaces: list[tuple[int, int]]  # (hand, the earlier hand it replaces), by index in hands
    live: int  # how many hands are live


def read_match(doc: Mapping[str, Any], raw: bool, demo: bool = False, date: dt.date | None = None) -> ReadMatch:
    """Read, check and replay one match document (``replay_document``) and make its rows: the
    match's (status, winner and summary from the replay, as every write), its seats' players'
    names, and every hand's, each live hand with its result and state from the one replay.
    ``raw``: a hand's document, result, state and times as the texts SQLite stores (plain
    ``str`` in the columns of :data:`WRITTEN`, what their bind processors would write, which
    :meth:`BulkImport._insert` leaves as they are), but a voided hand's result and state; else
    as objects. ``doc``: a JSON value as ``json`` reads it (no container in it holds itself: its
    texts are written without json's check for a circle). Pure: it reads nothing but ``doc`` (a
    worker process may run it). Raises ``LedgerError`` naming the field, as ``replay`` and ``import`` always have."""
    from ledger.store.service import (Ledger, _check_name, _check_status, _first_night,
                                      _parse_time, _stored, _text)

    setup, rp = replay_document(doc)
    game = get_game(setup.game)
    all_hands = list(doc["hands"]) if doc.get("hands") else []
    kept = _stored(doc, "stored", {"id": int, "status": str, "finished_at": str, "demo": bool})
    when = date or (parse_date(doc["night"], "night") if doc.get("night") else _first_night(all_hands))
    label = _text(doc, "night_label")
    # numbered by add_read; -1 stands in for the number meanwhile (what _store_state reads takes none)
    m: Any = MatchRow(id=-1, game=setup.game, rules=setup.rules, options=dict(setup.options), teams=setup.teams,
                      note=_text(doc, "note"), status="ended" if setup.ended_early else "open")
    if doc.get("created_at"):
        m.created_at = _parse_time(doc["created_at"], "created_at")
    for side in setup.sides:
        _check_name(side, "sides")
    side_of = {p: side for side, members in setup.sides.items() for p in members}
    seats = [(player_name(name), side_of[name]) for name in setup.players]
    rows: list[dict] = []
    ids: list[int | None] = []
    k = 0
    for i, h in enumerate(all_hands):
        f = f"hands[{i}]"
        hs = _stored(h, f"{f}.stored", {"id": int, "result": dict, "scorer_version": str})
        voided = bool(h.get("voided"))
        state: Any = None
        if voided:
            result: Any = hs.get("result", {})
        else:  # each live hand's result and state: the one replay above
            result = _result(hs, rp.results[k], game.version, f"{f}.stored", raw)
            after = rp.state_after(k)
            state = json_text(after.json_value) if raw else after.to_json()
            k += 1
        entered = {key: v for key, v in h.items() if key not in _HAND_META}
        when_entered = _parse_time(h["entered_at"], f"{f}.entered_at") if h.get("entered_at") else utcnow()
        row = {"position": i + 1, "document": plain_text(entered, tree=True) if raw else entered,
               "result": result, "rules": setup.rules, "scorer_version": hs.get("scorer_version") or game.version,
               "entered_at": sqlite_time(when_entered) if raw else when_entered,
               "voided": voided, "voided_at": None, "void_reason": None, "replaces_id": None, "state": state}
        if voided:
            when_voided = _parse_time(h["voided_at"], f"{f}.voided_at") if h.get("voided_at") else utcnow()
            row["voided_at"] = sqlite_time(when_voided) if raw else when_voided
            row["void_reason"] = _text(h, "void_reason", f"{f}.void_reason")
        rows.append(row)
        ids.append(hs.get("id"))
    # checked by replay_document: an earlier voided hand's index
    replaces = [(i, h["replaces"]) for i, h in enumerate(all_hands) if h.get("replaces") is not None]
    Ledger._store_state(m, rp)  # status, winner, summary and revision, as every write
    if "status" in kept:
        _check_status(kept["status"], m, rp)
        m.status = kept["status"]
    if "finished_at" in kept:
        m.finished_at = _parse_time(kept["finished_at"], "stored.finished_at") if kept["finished_at"] else None
    return ReadMatch(match={c: getattr(m, c) for c in MATCH_COLUMNS}, kept_id=kept.get("id"), night=when,
                     night_demo=demo or kept.get("demo", False), night_label=label, demo=demo, seats=seats,
                     hands=rows, hand_ids=ids, replaces=replaces, live=k)


def read_matches(docs: Iterable[Any], raw: bool, workers: int | None = None) -> Generator[tuple[Any, Any], None, None]:
    """``(doc, read)`` for every match document of ``docs``, in order: ``read`` is what
    :func:`read_match` made of it, or the exception it raised (the caller raises it in its turn,
    so an import says what is wrong with the first bad match, as one process would).

    The documents are read by ``workers`` processes (default: one per core this process may use)
    once more than :data:`PARALLEL_HANDS` hands have come, a chunk of about :data:`CHUNK_HANDS`
    hands at a time; at most two chunks a worker wait, so memory stays bounded whatever the size
    of ``docs``. The workers are forked (copies of this process: nothing is imported or set up
    again, the language in use included), on Linux; a smaller import, one core, or another system
    reads them here, one by one. An error of ``docs`` itself (a streamed file that stops making
    sense) comes after every document before it."""
    workers = _workers() if workers is None else workers
    it = iter(docs)
    waiting: list[Any] = []
    trouble: BaseException | None = None
    if workers > 1:  # a small import never starts the workers
        waiting, hands, trouble = _next_chunk(it, PARALLEL_HANDS + 1)
        if trouble is None and hands > PARALLEL_HANDS:
            yield from _in_workers(chain(waiting, it), raw, workers)
            return
    if trouble is not None:  # the file broke before the workers would start: after the documents before it
        yield from _here(waiting, raw)
        raise trouble
    yield from _here(chain(waiting, it), raw)


def _in_workers(docs: Iterator[Any], raw: bool, workers: int) -> Generator[tuple[Any, Any], None, None]:
    """:func:`read_matches` through a pool of ``workers`` forked processes. Should the workers
    fail (none can start, the system ended one, a result cannot be sent back), the matches not yet
    given are read here, one by one: the same reads, later."""
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_quiet_worker,
                               initargs=(os.getpid(),))
    pending: deque[tuple[list, Any]] = deque()
    trouble: BaseException | None = None
    started = False
    try:
        while True:
            while trouble is None and len(pending) < 2 * workers:
                chunk, _, trouble = _next_chunk(docs, CHUNK_HANDS)
                if not chunk:
                    break
                try:
                    pending.append((chunk, _submit(pool, chunk, raw, first=not started)))
                except Exception:  # no worker could start (fork refused): read here
                    pending.append((chunk, None))
                    break
                started = True
            if not pending:
                break
            chunk, future = pending.popleft()
            try:
                reads = future.result() if future is not None else None
            except Exception:  # a worker ended, or its result could not come back: read here
                reads = None
            if reads is None:
                rest = chunk + [doc for later, _ in pending for doc in later]
                pending.clear()
                yield from _here(rest, raw)
                if trouble is not None:
                    raise trouble
                yield from _here(docs, raw)
                return
            for doc, read in zip(chunk, reads):
                yield doc, read
                if isinstance(read, BaseException):  # the caller stops at the first bad match
                    return
        if trouble is not None:
            raise trouble
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _next_chunk(docs: Iterator[Any], hands: int) -> tuple[list, int, BaseException | None]:
    """The next documents of ``docs`` up to about ``hands`` hands (whole matches), how many hands
    they hold, and the error that reading them stopped at (the file itself: said after the
    documents before it), if any."""
    chunk: list = []
    size = 0
    try:
        for doc in docs:
            chunk.append(doc)
            size += _hand_count(doc)
            if size >= hands:
                break
    except Exception as err:
        return chunk, size, err
    return chunk, size, None


def _submit(pool: Any, chunk: list, raw: bool, first: bool) -> Any:
    """``chunk`` sent to the pool's workers. The workers start with the first chunk: they are born
    with Ctrl-C held back, until :func:`_quiet_worker` has them ignore it (the importing process
    takes it)."""
    if not first:
        return pool.submit(_read_chunk, chunk, raw)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return pool.submit(_read_chunk, chunk, raw)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _here(docs: Iterable[Any], raw: bool) -> Iterator[tuple[Any, Any]]:
    """:func:`read_matches` in this process, one document after the other."""
    for doc in docs:
        yield doc, _read_or_error(doc, raw)


def _read_chunk(docs: list, raw: bool) -> list:
    """A worker's part: :func:`read_match` of each document, up to the first that fails."""
    out = []
    for doc in docs:
        out.append(_read_or_error(doc, raw))
        if isinstance(out[-1], BaseException):
            break
    return out


def _read_or_error(doc: Any, raw: bool) -> Any:
    try:
        return read_match(doc, raw)
    except Exception as err:  # LedgerError, or a fault of ours: raised by the caller in turn
        return err


def _quiet_worker(importer: int) -> None:
    """A worker leaves Ctrl-C to the import (which stops the workers and rolls back), ends with
    the importing process ``importer`` however that ends (killed too: Linux's parent-death
    signal), and keeps the cycle collector off what it was forked with (``gc.freeze``: never
    walked, never copied) and off what it makes (the games make no cycles:
    :func:`ledger.games.collector_paused`)."""
    import ctypes

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != importer:  # it ended before the signal was asked for
        os._exit(1)
    gc.freeze()
    gc.disable()


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _workers() -> int:
    """How many worker processes read an import's matches: one per core this process may use,
    at most :data:`MAX_WORKERS`; 1 (none) but on Linux."""
    if not sys.platform.startswith("linux"):  # fork, and the parent-death signal
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(cores, MAX_WORKERS)


def _hand_count(doc: Any) -> int:
    hands = doc.get("hands") if isinstance(doc, Mapping) else None
    return len(hands) if isinstance(hands, list) else 1


def sqlite_time(when: dt.datetime) -> str:
    """The text SQLAlchemy stores on SQLite for the moment ``when`` (its ``DATETIME`` bind
    processor's storage format: the fields as they are, any time zone left out; a test compares
    the two), written where the hand is read (a worker process) rather than where it is inserted."""
    return (f"{when.year:04d}-{when.month:02d}-{when.day:02d} {when.hour:02d}:{when.minute:02d}:"
            f"{when.second:02d}.{when.microsecond:06d}")


def player_name(name: Any, restored: bool = False) -> str:
    """A player's name as stored: spaces tidied (a ``restored`` name is kept as it was); a
    ``LedgerError`` on ``name`` for an empty one or one with control characters."""
    from ledger.store.service import _check_name

    clean = name if restored else " ".join(str(name).split())
    if not clean:
        raise LedgerError(t("store.name_missing", "a player needs a name"), "name", name)
    _check_name(clean, "name")
    return clean


def _result(hs: Mapping[str, Any], scored: Any, version: str, field: str, raw: bool) -> Any:
    """The result to store for a live hand scored ``scored`` (a ``HandResult``): the file's own
    when its ``"stored"`` object ``hs`` has one, which must agree with it when it is this scorer's
    ``version`` (:func:`ledger.store.service._check_stored_result`: equal as objects, or the same
    JSON text), else the one scored. ``raw``: the JSON text as stored (:data:`WRITTEN`):
    the file's result as ``json.dumps`` writes it (what is stored), compared with the replay's as
    objects without writing either (:func:`ledger.games.record.agrees`); only a result that is not
    equal so is written and compared as text, then refused."""
    from ledger.store.service import _check_stored_result

    if not raw:
        result = scored.to_json()
        _check_stored_result(hs, result, version, field)
        return hs.get("result", result)
    if "result" not in hs:
        return json_text(scored.json_value)
    given = hs["result"]
    text = plain_text(given, tree=True)
    if hs.get("scorer_version", version) == version and not agrees(given, scored.json_value) \
            and text != json_text(scored.json_value):
        _check_stored_result(hs, scored.to_json(), version, field)
    return text


def _table(model: Any) -> Table:
    """The table of a model (SQLModel's classes do not say they have ``__table__``)."""
    return sa_inspect(model).local_table


# the bookkeeping a hand of a document carries beside what was entered (docs/formats.md)
_HAND_META = frozenset({"entered_at", "voided", "voided_at", "void_reason", "replaces", "stored"})
