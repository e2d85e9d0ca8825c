"""What ``import`` and ``restore`` read, before any database is opened: what kind of file a
backup is, and each match document of an export made into the rows the ledger stores.

The second half of an import, the rows inserted in one transaction, is
:mod:`ledger.store.bulk`; this half imports neither SQLAlchemy nor SQLModel, so that the
worker processes that read an export's matches (:class:`MatchReads`) can be started by the
``import`` and ``restore`` commands as soon as the file's first matches are parsed, while the
importing process is still loading the storage layer and opening the ledger (issue 17).

- :func:`read_match`: one match document read, checked and replayed once
  (``replay_document``), made into its rows; pure (it reads nothing but the document).
- :class:`MatchReads`: :func:`read_match` of every match of an export, in order, by worker
  processes once the import is large enough (:data:`PARALLEL_HANDS`); of an export file laid
  out a match a line, the lines themselves, each parsed by the worker that reads it
  (:func:`match_reads`; :class:`NotLaidOut` where they cannot be).
- :func:`check_backup`, :func:`file_kind`, :func:`is_export`: what a backup is.
"""

from __future__ import annotations

import datetime as dt
import gc
import multiprocessing
import os
import signal
import sqlite3
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.dates import night_date, parse_date, utcnow
from ledger.errors import LedgerError, os_reason
from ledger.games import collector_paused, get_game
from ledger.games.base import CONTROL, Replay
from ledger.games.document_checks import hand_source
from ledger.games.documents import replay_document
from ledger.games.record import agrees, json_text, plain_text
from ledger.i18n import t
from ledger.store.engine import check_revision
from ledger.store.export import EXPORT_FORMAT, EXPORT_VERSION
from ledger.store.health import SQLITE_MAGIC

if TYPE_CHECKING:
    from ledger.store.models import Match

PARALLEL_HANDS = 2000  # hands an import must have before worker processes read its matches
CHUNK_HANDS = 400  # hands (whole matches) a worker reads at a time
MAX_WORKERS = 8
START_CHUNKS = 6  # chunks a worker is handed before the importing process goes on (opens the ledger)
TEXTS = True  # an export laid out a match a line goes to the workers as its lines (False: as parsed documents)
TEXT_BYTES_A_HAND = 800  # about what a hand takes in an export (a line's size, counted in hands)
RAW_INSERTS = True  # SQLite rows through the DB-API cursor (False: SQLAlchemy's insert, as elsewhere)

# the columns of a hand row that read_match writes as SQLite stores them (raw): a text there is
# inserted as it is (a voided hand's result and state, and None, through the column's bind processor)
WRITTEN = {"hand": frozenset({"document", "result", "state", "entered_at", "voided_at"})}
# a match still open after this many hands keeps no facts for ledger stats in its summary (stats
# replays it instead: keeping them would cost every write the match's length)
FACTS_OPEN_HANDS = 500


class MatchRow:
    """A match's row as it is put together: the columns of :class:`ledger.store.models.Match` as
    attributes (what :func:`store_state` reads and sets), without the cost of an ORM object."""

    id: int | None
    night_id: int | None
    game: str
    rules: str
    options: dict
    teams: bool
    status: str
    winner: Any
    summary: dict | None
    note: str | None
    created_at: dt.datetime
    finished_at: dt.datetime | None
    revision: int

    def __init__(self, **columns: Any):
        self.__dict__.update(dict.fromkeys(MATCH_COLUMNS), winner=None, summary=None, finished_at=None, revision=0,
                             created_at=utcnow())
        self.__dict__.update(columns)


MATCH_COLUMNS = tuple(MatchRow.__annotations__)  # the match table's columns, in its order




@dataclass(slots=True)
class ReadMatch:
    """A match document read, checked and replayed by :func:`read_match`: every row it makes,
    without the numbers (the match's and its hands' own ``"stored"`` numbers beside them), the
    players and the night, which the import gives out in order (:meth:`BulkImport.add_read`).
    Plain data (the hands' texts plain ``str``: a text type of their own cost 11 µs a hand more to
    pickle and unpickle, issue 17): a worker process sends it back whole (:class:`MatchReads`)."""

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
    hands_listed: bool  # the document's "hands" is a list (else it has no numbers to keep)


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
    setup, rp = replay_document(doc)
    game = get_game(setup.game)
    all_hands = list(doc["hands"]) if doc.get("hands") else []
    kept = stored_fields(doc, "stored", {"id": int, "status": str, "finished_at": str, "demo": bool})
    when = date or (parse_date(doc["night"], "night") if doc.get("night") else first_night(all_hands))
    label = text_field(doc, "night_label")
    # numbered by add_read; -1 stands in for the number meanwhile (what _store_state reads takes none)
    m: Any = MatchRow(id=-1, game=setup.game, rules=setup.rules, options=dict(setup.options), teams=setup.teams,
                      note=text_field(doc, "note"), status="ended" if setup.ended_early else "open")
    if doc.get("created_at"):
        m.created_at = parse_time(doc["created_at"], "created_at")
    for side in setup.sides:
        check_name(side, "sides")
    side_of = {p: side for side, members in setup.sides.items() for p in members}
    seats = [(player_name(name), side_of[name]) for name in setup.players]
    rows: list[dict] = []
    ids: list[int | None] = []
    k = 0
    for i, h in enumerate(all_hands):
        f = f"hands[{i}]"
        hs = stored_fields(h, f"{f}.stored", {"id": int, "result": dict, "scorer_version": str})
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
        when_entered = parse_time(h["entered_at"], f"{f}.entered_at") if h.get("entered_at") else utcnow()
        row = {"position": i + 1, "document": plain_text(entered, tree=True) if raw else entered,
               "result": result, "rules": setup.rules, "scorer_version": hs.get("scorer_version") or game.version,
               "entered_at": sqlite_time(when_entered) if raw else when_entered,
               "voided": voided, "voided_at": None, "void_reason": None, "replaces_id": None, "state": state,
               "source": hand_source(h, f"{f}.source")}
        if voided:
            when_voided = parse_time(h["voided_at"], f"{f}.voided_at") if h.get("voided_at") else utcnow()
            row["voided_at"] = sqlite_time(when_voided) if raw else when_voided
            row["void_reason"] = text_field(h, "void_reason", f"{f}.void_reason")
        rows.append(row)
        ids.append(hs.get("id"))
    # checked by replay_document: an earlier voided hand's index
    replaces = [(i, h["replaces"]) for i, h in enumerate(all_hands) if h.get("replaces") is not None]
    store_state(m, rp)  # status, winner, summary and revision, as every write
    if "status" in kept:
        check_status(kept["status"], m, rp)
        m.status = kept["status"]
    if "finished_at" in kept:
        m.finished_at = parse_time(kept["finished_at"], "stored.finished_at") if kept["finished_at"] else None
    return ReadMatch(match={c: getattr(m, c) for c in MATCH_COLUMNS}, kept_id=kept.get("id"), night=when,
                     night_demo=demo or kept.get("demo", False), night_label=label, demo=demo, seats=seats,
                     hands=rows, hand_ids=ids, replaces=replaces, live=k,
                     hands_listed=isinstance(doc.get("hands"), list))


def start_reading(data: Any, url: str) -> MatchReads:
    """The reads of the matches of ``data`` (a ledger export or a list of match documents, its
    fields checked first: :func:`read_export`) started at once, for the ledger at the SQLAlchemy
    URL ``url`` (the texts as SQLite stores them for a SQLite ledger, :data:`RAW_INSERTS`). The
    ``import`` and ``restore`` commands start them before they load the storage layer and open
    the ledger, which the workers' reading then overlaps (``import_all(..., started=)``); a
    ``with`` around the rest stops them whatever happens. ``LedgerError`` for fields that are
    wrong, before anything is read.

    The matches of an export file laid out as ``export --all`` writes it, a match a line, go to
    the workers as those lines, each parsed there (``ExportMatches.texts`` and ``.parse``, see
    :class:`MatchReads`), rather than parsed here and sent as objects: the importing process then
    neither parses the file nor pickles its matches."""
    docs, _ = read_export(data)
    return match_reads(docs, RAW_INSERTS and url.startswith("sqlite"))


def match_reads(docs: Iterable[Any], raw: bool, texts: bool = True) -> MatchReads:
    """:class:`MatchReads` of ``docs``: of their texts, each parsed where it is read, when ``docs``
    can give them (``texts()`` and ``parse``, an export file laid out a match a line) and
    ``texts`` (and :data:`TEXTS`) allow it; else of the documents as ``docs`` gives them."""
    if texts and TEXTS and callable(getattr(docs, "texts", None)):
        return MatchReads(docs.texts(), raw, parse=docs.parse)  # type: ignore[attr-defined]
    return MatchReads(docs, raw)


class NotLaidOut(Exception):
    """The export's matches cannot be read a line at a time (:class:`MatchReads` with ``parse``):
    a line that is not one match, or not one that parses, or a file that is not laid out as
    ``export --all`` writes it. The import reads the file as parsed documents instead
    (``backup.import_all``), which says what is wrong with it, if anything."""


class MatchReads:
    """The read of every match document of ``docs``, in order, as it is iterated: what
    :func:`read_match` made of the document (``raw``: the texts as SQLite stores them), or the
    exception it raised (the caller raises it in its turn, so an import says what is wrong with
    the first bad match, as one process would). Iterated once; :meth:`close` (or the end of a
    ``with``) stops the workers, wherever the iteration was.

    With ``parse``, the items of ``docs`` are the texts of the documents (bytes: a line of an
    export file each), made into documents by ``parse`` where they are read (a worker); should
    ``parse`` raise anything, or ``docs`` itself, the read there is :class:`NotLaidOut`.

    The reading starts as the object is made: once more than :data:`PARALLEL_HANDS` hands have
    come, the documents are read by ``workers`` processes (default: one per core this process may
    use), a chunk of about :data:`CHUNK_HANDS` hands at a time, and the first
    :data:`START_CHUNKS` chunks a worker are handed out before this returns, so that the workers
    are busy while the importing process opens the ledger; then at most two chunks a worker wait,
    so memory stays bounded whatever the size of ``docs``. The workers are forked (copies of this
    process: nothing is imported or set up again, the language in use included), on Linux; a
    smaller import, one core, or another system reads the documents here, one by one, as they are
    iterated. An error of ``docs`` itself (a streamed file that stops making sense) comes after
    every document before it. Python's cycle collector is paused from the start to :meth:`close`
    (:func:`ledger.games.collector_paused`): the documents in flight and the reads held would be
    walked over and over, as the importing process goes on (loading SQLAlchemy makes many objects)."""

    def __init__(self, docs: Iterable[Any], raw: bool, workers: int | None = None,
                 parse: Callable[[Any], Any] | None = None):
        self.raw, self.parse = raw, parse
        self._reads = _reads(docs, _Reader(raw, parse), _workers() if workers is None else workers)
        self._paused = collector_paused()
        self._paused.__enter__()
        try:
            next(self._reads)  # up to the first chunks handed out (_STARTED)
        except BaseException:
            self.close()
            raise

    def __iter__(self) -> Iterator[Any]:
        return self._reads

    def close(self) -> None:
        try:
            self._reads.close()
        finally:
            self._paused.__exit__(None, None, None)

    def __enter__(self) -> MatchReads:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True, slots=True)
class _Reader:
    """What reads one item of a :class:`MatchReads` (here, or in a worker: sent with each chunk)."""

    raw: bool
    parse: Callable[[Any], Any] | None

    def size(self, item: Any) -> int:
        """About how many hands ``item`` holds (what the chunks are measured in)."""
        if self.parse is not None:
            return len(item) // TEXT_BYTES_A_HAND + 1
        hands = item.get("hands") if isinstance(item, Mapping) else None
        return len(hands) if isinstance(hands, list) else 1

    def read(self, item: Any) -> Any:
        """:func:`read_match` of the item's document, or the exception that stopped it."""
        if self.parse is not None:
            try:
                item = self.parse(item)
            except Exception:
                return NotLaidOut()
        try:
            return read_match(item, self.raw)
        except Exception as err:  # LedgerError, or a fault of ours: raised by the caller in turn
            return err


_STARTED: Any = object()  # what _reads yields first, once the reading has started


def _reads(docs: Iterable[Any], reader: _Reader, workers: int) -> Generator[Any, None, None]:
    """:class:`MatchReads`: ``_STARTED``, then the read of every document."""
    it = iter(docs)
    waiting: list[Any] = []
    trouble: BaseException | None = None
    if workers > 1:  # a small import never starts the workers
        waiting, hands, trouble = _next_chunk(it, PARALLEL_HANDS + 1, reader)
        if trouble is None and hands > PARALLEL_HANDS:
            yield from _in_workers(chain(waiting, it), reader, workers)
            return
    yield _STARTED
    if trouble is not None:  # the file broke before the workers would start: after the documents before it
        yield from _here(waiting, reader)
        raise trouble
    yield from _here(chain(waiting, it), reader)


def _in_workers(docs: Iterator[Any], reader: _Reader, workers: int) -> Generator[Any, None, None]:
    """:func:`_reads` through a pool of ``workers`` forked processes. Should the workers fail
    (none can start, the system ended one, a result cannot be sent back), the matches not yet
    given are read here, one by one: the same reads, later."""
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_quiet_worker,
                               initargs=(os.getpid(),))
    pending: deque[tuple[list, Any]] = deque()
    trouble: BaseException | None = None
    started = False
    ahead = START_CHUNKS * workers  # chunks handed out before the first is waited for, then two a worker
    try:
        while True:
            while trouble is None and len(pending) < ahead:
                chunk, _, trouble = _next_chunk(docs, CHUNK_HANDS, reader)
                if not chunk:
                    break
                try:
                    pending.append((chunk, _submit(pool, chunk, reader, first=not started)))
                except Exception:  # no worker could start (fork refused): read here
                    pending.append((chunk, None))
                    break
                started = True
            if ahead > 2 * workers:
                ahead = 2 * workers
                yield _STARTED
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
                yield from _here(rest, reader)
                if trouble is not None:
                    raise trouble
                yield from _here(docs, reader)
                return
            for read in reads:
                yield read
                if isinstance(read, BaseException):  # the caller stops at the first bad match
                    return
        if trouble is not None:
            raise trouble
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _next_chunk(docs: Iterator[Any], hands: int, reader: _Reader) -> tuple[list, int, BaseException | None]:
    """The next documents of ``docs`` up to about ``hands`` hands (whole matches), how many hands
    they hold, and the error that reading them stopped at (the file itself: said after the
    documents before it; :class:`NotLaidOut` when the documents are texts), if any."""
    chunk: list = []
    size = 0
    try:
        for doc in docs:
            chunk.append(doc)
            size += reader.size(doc)
            if size >= hands:
                break
    except Exception as err:
        return chunk, size, NotLaidOut() if reader.parse is not None else err
    return chunk, size, None


def _submit(pool: Any, chunk: list, reader: _Reader, first: bool) -> Any:
    """``chunk`` sent to the pool's workers. The workers start with the first chunk: they are born
    with Ctrl-C held back, until :func:`_quiet_worker` has them ignore it (the importing process
    takes it)."""
    if not first:
        return pool.submit(_read_chunk, chunk, reader)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return pool.submit(_read_chunk, chunk, reader)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _here(docs: Iterable[Any], reader: _Reader) -> Iterator[Any]:
    """:class:`MatchReads` in this process, one document after the other."""
    for doc in docs:
        yield reader.read(doc)


def _read_chunk(docs: list, reader: _Reader) -> list:
    """A worker's part: the read of each document, up to the first that fails."""
    out = []
    for doc in docs:
        out.append(reader.read(doc))
        if isinstance(out[-1], BaseException):
            break
    return out


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


def sqlite_time(when: dt.datetime) -> str:
    """The text SQLAlchemy stores on SQLite for the moment ``when`` (its ``DATETIME`` bind
    processor's storage format: the fields as they are, any time zone left out; a test compares
    the two), written where the hand is read (a worker process) rather than where it is inserted."""
    return (f"{when.year:04d}-{when.month:02d}-{when.day:02d} {when.hour:02d}:{when.minute:02d}:"
            f"{when.second:02d}.{when.microsecond:06d}")


def player_name(name: Any, restored: bool = False) -> str:
    """A player's name as stored: spaces tidied (a ``restored`` name is kept as it was); a
    ``LedgerError`` on ``name`` for an empty one or one with control characters."""
    clean = name if restored else " ".join(str(name).split())
    if not clean:
        raise LedgerError(t("store.name_missing", "a player needs a name"), "name", name)
    check_name(clean, "name")
    return clean


def _result(hs: Mapping[str, Any], scored: Any, version: str, field: str, raw: bool) -> Any:
    """The result to store for a live hand scored ``scored`` (a ``HandResult``): the file's own
    when its ``"stored"`` object ``hs`` has one, which must agree with it when it is this scorer's
    ``version`` (:func:`ledger.store.service._check_stored_result`: equal as objects, or the same
    JSON text), else the one scored. ``raw``: the JSON text as stored (:data:`WRITTEN`):
    the file's result as ``json.dumps`` writes it (what is stored), compared with the replay's as
    objects without writing either (:func:`ledger.games.record.agrees`); only a result that is not
    equal so is written and compared as text, then refused."""
    if not raw:
        result = scored.to_json()
        check_stored_result(hs, result, version, field)
        return hs.get("result", result)
    if "result" not in hs:
        return json_text(scored.json_value)
    given = hs["result"]
    text = plain_text(given, tree=True)
    if hs.get("scorer_version", version) == version and not agrees(given, scored.json_value) \
            and text != json_text(scored.json_value):
        check_stored_result(hs, scored.to_json(), version, field)
    return text




# the bookkeeping a hand of a document carries beside what was entered (docs/formats.md)
_HAND_META = frozenset({"entered_at", "source", "voided", "voided_at", "void_reason", "replaces", "stored"})


def stored_fields(doc: Mapping[str, Any], field: str, kinds: Mapping[str, type]) -> dict:
    """The ``"stored"`` object of a backup's match or hand, checked: each key has its type."""
    value = doc.get("stored")
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise LedgerError(t("store.expected_object", "expected an object"), field, value)
    out = {}
    for key, v in value.items():
        kind = kinds.get(key)
        if kind is None:
            raise LedgerError(t("store.unknown_field", "unknown field {key!r}", key=key), f"{field}.{key}", v)
        ok = isinstance(v, kind) and not (kind is int and (isinstance(v, bool) or not isinstance(v, int) or v < 1))
        if not ok and not (key == "finished_at" and v is None):
            raise LedgerError(t("store.expected_positive", "expected a positive integer") if kind is int
                              else t("store.expected_kind", "expected {kind}", kind=kind.__name__), f"{field}.{key}", v)
        out[key] = v
    return out


def check_stored_result(stored: Mapping[str, Any], result: dict, version: str, field: str) -> None:
    """A backup's stored result of a live hand, by this scorer's version, must be the hand's
    result as scored now (a different version may differ: ``db check`` tells); ``LedgerError``
    on ``FIELD.result`` otherwise (the hand or its result was changed in the file)."""
    if "result" in stored and stored.get("scorer_version", version) == version and stored["result"] != result:
        raise LedgerError(t("store.result_changed", "does not agree with the hand as scored (the file was changed)"),
                          f"{field}.result", None)


def text_field(doc: Mapping[str, Any], key: str, field: str | None = None) -> str | None:
    """``doc[key]`` when it is a text or missing; ``LedgerError`` otherwise."""
    v = doc.get(key)
    if v is not None and not isinstance(v, str):
        raise LedgerError(t("store.expected_text", "expected a text"), field or key, v)
    return v


def check_status(status: str, m: Match | MatchRow, rp: Replay) -> None:
    """A backup's stored status must agree with the match's hands (``open`` always may: reopened)."""
    fits = {"open": True, "finished": rp.final.finished and m.status != "ended", "ended": m.status == "ended"}
    if not fits.get(status, False):
        raise LedgerError(t("store.status_disagrees", "status {status!r} does not agree with the match's hands",
                            status=status), "stored.status", status)


def store_state(m: Match | MatchRow, rp: Replay) -> None:
    """The match's status, winner, summary (with what ``ledger stats`` reads) from its replay
    ``rp``, and one more revision, set on ``m`` (a stored :class:`Match` or an import's
    :class:`MatchRow`): every write to a match passes here once (``Ledger._store_state``)."""
    final = rp.final
    if m.status != "ended":
        m.status = "finished" if final.finished else "open"
    # a shared win is stored as the list of its sides (Game.winning)
    m.winner = get_game(rp.setup.game).winning(final) if (final.finished or m.status == "ended") else None
    if m.status == "open":
        m.finished_at = None
    elif m.finished_at is None:
        m.finished_at = utcnow()
    m.summary = {"hands": final.hands, "totals": dict(final.totals)}
    # what ledger stats reads, so that it need not replay the match; a match still open after
    # FACTS_OPEN_HANDS hands is replayed by stats instead (every hand would cost its length)
    facts = match_facts_of(m, rp) if m.status != "open" or final.hands <= FACTS_OPEN_HANDS else None
    if facts is not None:
        m.summary["stats"] = facts
    m.revision = (m.revision or 0) + 1


def match_facts_of(m: Match | MatchRow, rp: Replay) -> dict | None:
    """What ``ledger stats`` reads of the match (:func:`ledger.summary.match_facts`), kept in
    its summary so that statistics need not replay it; None when they cannot be worked out (stats
    then replay the match and say why)."""
    from ledger.summary import MatchRecord, match_facts

    assert m.id is not None  # a stored match
    try:  # no night (a report's MatchRecord has one): the facts read none
        return match_facts(MatchRecord(m.id, None, rp.setup, rp, m.status))  # type: ignore[arg-type]
    except LedgerError:
        return None


def check_name(name: str, field: str) -> None:
    """Names are kept exactly as given (quotes, accents, emoji, anything printable); control
    characters are refused: no database keeps a NUL, and no terminal shows them (the games'
    check, :data:`ledger.games.base.CONTROL`)."""
    if CONTROL.search(name):
        raise LedgerError(t("store.name_control", "a name cannot contain control characters (or text that is not "
                            "UTF-8)"), field, name)


def first_night(hands: Sequence[Any]) -> dt.date | None:
    """The night of the first hand that says when it was entered (local time, 06:00 rule of
    RULES.md); None when none does (the match then belongs to tonight)."""
    for i, h in enumerate(hands):
        if isinstance(h, Mapping) and h.get("entered_at"):
            try:
                return night_date(parse_time(h["entered_at"], f"hands[{i}].entered_at").astimezone()
                                  .replace(tzinfo=None))
            except OverflowError:  # a moment at the very edge of the calendar: no night of its own
                return None
    return None


def parse_time(text: Any, field: str) -> dt.datetime:
    try:
        when = dt.datetime.fromisoformat(str(text))
    except ValueError:
        raise LedgerError(t("store.not_a_time", "{value!r} is not a date and time", value=text), field, text) from None
    return (when if when.tzinfo else when.replace(tzinfo=dt.timezone.utc)).astimezone(dt.timezone.utc)


def is_export(data: Any) -> bool:
    """True for a ledger export or a JSON list of match documents (what :func:`import_all` takes)."""
    return isinstance(data, list) or (isinstance(data, Mapping) and "matches" in data)


def file_kind(path: str | os.PathLike) -> str:
    """``sqlite`` for a SQLite file, ``json`` for what looks like JSON; ``LedgerError`` otherwise."""
    p = Path(path).expanduser()
    try:
        with p.open("rb") as f:
            head = f.read(64)
    except OSError as err:
        raise LedgerError(t("backup.cannot_read", "cannot read {path!r}: {why}", path=str(path), why=os_reason(err)),
                          "FILE", str(path)) from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"["):
        return "json"
    raise LedgerError(not_a_backup(str(path)), "FILE", str(path))


def sqlite_revision(path: Path) -> str:
    """The schema revision of the SQLite ledger file ``path`` (read only); ``LedgerError`` when the
    file is not a ledger or was made by a newer program."""
    not_ledger = LedgerError(t("backup.not_ledger_file", "{path!r} is not a ledger (a SQLite file without the "
                               "ledger's tables)", path=str(path)), "FILE", str(path))
    try:
        con = sqlite3.connect(f"file:{uri_path(Path(path).resolve())}?mode=ro", uri=True)
    except sqlite3.Error:
        raise not_ledger from None
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"alembic_version", "match", "hand", "player"} <= tables:
            raise not_ledger
        row = con.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        raise not_ledger from None
    finally:
        con.close()
    if row is None:
        raise not_ledger
    check_revision(row[0], f"{path}")
    return row[0]


def check_backup(path: str | os.PathLike) -> str:
    """What :func:`restore_file` or :func:`restore_export` takes, checked before any ledger is
    opened: ``sqlite`` for a ledger file of this program's schema or an older one, ``json`` for
    what looks like JSON (:func:`check_export` checks it once read); ``LedgerError`` otherwise."""
    kind = file_kind(path)
    if kind == "sqlite":
        sqlite_revision(Path(path).expanduser().resolve())
    return kind


def not_a_backup(path: str):
    """``'x.txt' is not a ledger (neither a ledger file nor a ledger export)``."""
    return t("backup.not_ledger", "{path!r} is not a ledger (neither a ledger file nor a ledger export)", path=path)


def uri_path(p: Path) -> str:
    """``p`` as the path of a ``file:`` URI (sqlite3's ``uri=True``)."""
    from urllib.parse import quote

    return quote(str(p))


def check_export(data: Any, name: str = "FILE") -> None:
    """``LedgerError`` unless ``data`` is a ledger export (a match document, a list of documents,
    or anything else is not a backup) whose fields before its matches are right."""
    if not isinstance(data, Mapping) or not is_export(data):
        raise LedgerError(not_a_backup(name), "FILE", name)
    read_export(data)


def read_export(data: Any) -> tuple[Iterable, list[dict]]:
    """The matches of ``data`` (a ledger export, or a list of match documents) and its players
    (``{"id", "name", "demo", "created_at"}`` each), its fields checked; ``LedgerError`` naming
    the field otherwise."""
    if isinstance(data, list):
        return data, []
    if not isinstance(data, Mapping) or not listlike(data.get("matches")):
        raise LedgerError(t("backup.expected_export", "expected a ledger export (an object with a list of matches)"),
                          "matches", None)
    fmt, version = data.get("format", EXPORT_FORMAT), data.get("version", EXPORT_VERSION)
    if fmt != EXPORT_FORMAT:
        raise LedgerError(t("backup.not_export", "not a ledger export (format {format!r})", format=fmt), "format", fmt)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise LedgerError(t("backup.expected_version", "expected a version number"), "version", version)
    if version > EXPORT_VERSION:
        raise LedgerError(t("backup.newer_export", "this export has version {version}, newer than this program reads "
                            "({readable}); upgrade ledger to import it", version=version, readable=EXPORT_VERSION),
                          "version", version)
    players = data.get("players") or []
    if not isinstance(players, list):
        raise LedgerError(t("backup.expected_players", "expected a list of players"), "players", players)
    seen: set[str] = set()
    out = []
    for i, p in enumerate(players):
        f = f"players[{i}]"
        if not isinstance(p, Mapping) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise LedgerError(t("backup.expected_named", "expected an object with a name"), f, p)
        check_name(p["name"], f"{f}.name")
        if p["name"].casefold() in seen:
            raise LedgerError(t("backup.twice", "{name!r} appears twice", name=p["name"]), f"{f}.name", p["name"])
        seen.add(p["name"].casefold())
        pid = p.get("id")
        if pid is not None and (not isinstance(pid, int) or isinstance(pid, bool) or pid < 1):
            raise LedgerError(t("store.expected_positive", "expected a positive integer"), f"{f}.id", pid)
        if not isinstance(p.get("demo", False), bool):
            raise LedgerError(t("backup.expected_bool", "expected true or false"), f"{f}.demo", p.get("demo"))
        if p.get("created_at") is not None and not isinstance(p["created_at"], str):
            raise LedgerError(t("backup.expected_time", "expected a date and time"), f"{f}.created_at", p["created_at"])
        out.append({"id": pid, "name": p["name"], "demo": p.get("demo", False), "created_at": p.get("created_at")})
    return data["matches"], out


def listlike(value: Any) -> bool:
    """A list, or something iterated like one (the matches of an export read as a stream)."""
    return isinstance(value, list) or (hasattr(value, "__iter__") and not isinstance(value, (str, bytes, Mapping)))
