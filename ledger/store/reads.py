"""Reading the ledger: what ``show``, ``match list``, ``report``, ``stats`` and ``export --all``
read, in one read transaction, through the one set of queries here.

:class:`Reads` runs plain SQL text (``?`` parameters) over the tables and columns named in
:data:`COLUMNS` (a test checks every name against :mod:`ledger.store.models`, and compares these
reads with the ORM's on SQLite and PostgreSQL) on one of two executors, each
``rows(sql, params) -> list[tuple]``:

- :class:`SqliteRows`: a plain ``sqlite3`` connection. :func:`reading` opens one on a SQLite
  ledger file at :data:`ledger.store.engine.HEAD` in WAL mode, so that the reading commands
  import neither SQLAlchemy nor SQLModel (the same queries as on any other ledger).
- :class:`DriverRows`: a SQLAlchemy connection (a session's: the writes, the web keeper,
  PostgreSQL, every ledger :func:`reading` does not open itself), through
  ``exec_driver_sql`` with the driver's own parameter style.

JSON columns come back as the text SQLite stores and are decoded here (so that a text damaged
by hand names its match and hand rather than failing inside the driver); PostgreSQL's driver
gives Python values. Dates and booleans are read as :meth:`Reads.date` and ``bool`` say.

Every read raises ``LedgerError`` for what the user named wrong (a match, a player).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from ledger.errors import LedgerError
from ledger.i18n import t
from ledger.games.match_setup import MatchSetup

if TYPE_CHECKING:  # the games' protocol is imported by the reads that replay (export --all needs none of it)
    from ledger.games.base import MatchState, Replay

BATCH = 500  # ids per IN (...) list: few bound values a query, on any database
LAST_WORDS = ("last", "ultimo", "ultima")

# the columns read, in the order of the named tuples below
MATCH_COLUMNS = ("id", "night_id", "game", "rules", "options", "teams", "status", "winner", "summary", "note",
                 "revision")
NIGHT_COLUMNS = ("id", "date", "label", "demo")
HAND_COLUMNS = ("id", "match_id", "position", "document", "result", "voided", "state", "scorer_version")
# every table and column the queries of the ledger's reads name (checked against the models by a test)
COLUMNS = {
    "match": MATCH_COLUMNS + ("created_at", "finished_at"),
    "night": NIGHT_COLUMNS,
    "hand": HAND_COLUMNS + ("entered_at", "voided_at", "void_reason", "replaces_id", "source"),
    "seat": ("match_id", "player_id", "seat", "side"),
    "player": ("id", "name", "name_key", "created_at", "demo"),
    "club_session": ("id", "title", "event", "scoring", "movement", "names", "boards", "tables", "created_at"),
    "club_result": ("id", "session_id", "position", "board", "document", "entered_at", "voided", "voided_at",
                    "void_reason", "replaces_id"),
}
MATCH, NIGHT, HAND, SEAT, PLAYER = '"match"', "night", "hand", "seat", "player"  # as SQL names them
MATCHES = f"{MATCH} JOIN {NIGHT} ON {NIGHT}.id = {MATCH}.night_id"  # FROM: matches with their nights


def columns(table: str, names: Sequence[str]) -> str:
    """``table``'s columns ``names`` as a SQL select list (``hand.id, hand.match_id``)."""
    return ", ".join(f"{table}.{n}" for n in names)


def marks(values: Sequence[Any]) -> str:
    """The placeholders of an ``IN (...)`` list of ``values``: ``?, ?, ?``."""
    return ", ".join("?" * len(values))


def _sqlite_value(value: Any) -> Any:
    """A parameter as SQLite stores it: a date as its ``YYYY-MM-DD`` text (as the ORM writes it)."""
    return value.isoformat() if isinstance(value, dt.date) else value


class SqliteRows:
    """The reads' executor over a plain ``sqlite3`` connection (JSON columns are text)."""

    json_text = True

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """The rows of ``sql`` (``?`` parameters ``params``)."""
        return self.conn.execute(sql, [_sqlite_value(p) for p in params]).fetchall()


class DriverRows:
    """The reads' executor over a SQLAlchemy connection: the SQL is sent to the driver as it is
    (``exec_driver_sql``), its ``?`` written in the driver's parameter style (``%s`` for psycopg)."""

    def __init__(self, conn: Any):
        self.conn = conn
        self.json_text = conn.dialect.name == "sqlite"
        self.mark = "%s" if conn.dialect.paramstyle in ("format", "pyformat") else "?"

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """The rows of ``sql`` (``?`` parameters ``params``)."""
        values = tuple(_sqlite_value(p) for p in params) if self.json_text else tuple(params)
        return [tuple(r) for r in self.conn.exec_driver_sql(sql.replace("?", self.mark), values).fetchall()]


class MatchRow(NamedTuple):
    """A row of ``match`` as read (JSON columns decoded): what a scoreboard and a report need."""

    id: int
    night_id: int
    game: str
    rules: str
    options: dict
    teams: bool
    status: str
    winner: Any
    summary: Any
    note: str | None
    revision: int


class NightRow(NamedTuple):
    """A row of ``night``: ``date`` is a ``datetime.date``."""

    id: int
    date: dt.date
    label: str | None
    demo: bool


class HandRow(NamedTuple):
    """A row of ``hand``: its ``document`` as entered, ``result`` as scored then and ``state``, the
    match's state after it (dicts; ``state`` None until written, migration 0003)."""

    id: int
    match_id: int
    position: int
    document: dict
    result: dict
    voided: bool
    state: dict | None
    scorer_version: str


@dataclass
class MatchView:
    """A match with what the CLI shows: its row, setup, live hands (in order), replay and night.

    ``match``, ``hands`` and ``night`` are rows read by :class:`Reads`, or the ORM objects of
    :mod:`ledger.store.models` where the store has just changed the match (same attribute names).
    """

    match: Any
    setup: MatchSetup
    hands: list
    replay: Replay
    night: Any

    def to_json(self) -> dict:
        """The scoreboard as data: ``replay --json``'s fields plus the match's own (for ``show``)."""
        from ledger.games.documents import replay_json

        doc = replay_json(self.replay, [h.document for h in self.hands])
        doc["match"] = match_header(self.match, self.setup, self.night)
        return doc


@dataclass
class Entry:
    """A match as a hand is entered into it (:meth:`Reads.entry`): its row, setup, number of live
    hands, the state the hand is applied to, and the hand being corrected (None for a new one)."""

    match: Any
    setup: MatchSetup
    hands: int
    state: MatchState
    hand: HandRow | None


def match_header(m: Any, setup: MatchSetup, night: Any) -> dict:
    """The match's own fields in ``show --json`` (docs/formats.md)."""
    return {"id": m.id, "game": m.game, "rules": m.rules, "status": m.status,
            "night": night.date.isoformat(), "demo": night.demo,
            **({"sides": {s: list(p) for s, p in setup.sides.items()}} if setup.teams
               else {"players": list(setup.players)}),
            "options": dict(m.options), "winner": m.winner}


def setup_from_seats(m: Any, seats: Sequence[tuple[str, str]]) -> MatchSetup:
    """The match's settings as the scorer takes them, from its seats as ``(side, player's name)``
    in seat order: players in seat order, sides in the order of their first seat."""
    sides: dict[str, list[str]] = {}
    for side, name in seats:
        sides.setdefault(side, []).append(name)
    return MatchSetup(m.game, m.rules, tuple(name for _, name in seats),
                      {side: tuple(p) for side, p in sides.items()}, dict(m.options), m.status == "ended")


def replay_row(m: Any, setup: MatchSetup, documents: list[dict]) -> Replay:
    """The replay of a stored match's live hands; ``LedgerError`` naming the match (and ``ledger
    db check``) when its hands no longer replay under this program's scorer."""
    from ledger.games import get_game
    from ledger.games.base import replay

    try:
        return replay(get_game(m.game), setup, documents)
    except LedgerError as err:
        raise LedgerError(t("store.no_longer_replays", "match {match} no longer replays ({error}); see: ledger db check",
                            match=str(m.id), error=err), "match", m.id) from None


def damaged(mid: int, entry: int) -> LedgerError:
    """The error for a stored hand whose document or result is not JSON (SQLite keeps whatever
    text a hand-made change wrote): it names the match and the hand's entry number."""
    return LedgerError(t("store.damaged_hand", "match {match} has a damaged hand (entry {entry}): see ledger db check",
                         match=str(mid), entry=str(entry)), "match", mid)


class Reads:
    """The ledger's reads over one connection, inside its read transaction: a ``sqlite3``
    connection (:class:`SqliteRows`) or a SQLAlchemy one (:class:`DriverRows`; a session's:
    :func:`ledger.store.service.session_reads`). ``json_text``: JSON columns come back as the text
    SQLite stores, to decode (PostgreSQL's driver gives Python values)."""

    def __init__(self, conn: Any):
        self.executor = SqliteRows(conn) if isinstance(conn, sqlite3.Connection) else DriverRows(conn)
        self.json_text = self.executor.json_text

    # --- plumbing ---------------------------------------------------------------------------
    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """The rows of the SQL text ``sql``, its ``?`` bound to ``params`` in order."""
        return self.executor.rows(sql, params)

    def json(self, value: Any) -> Any:
        """A JSON column's value as Python data (decoded from SQLite's text; ``ValueError`` on text
        that is not JSON)."""
        return json.loads(value) if self.json_text and isinstance(value, str) else value

    @staticmethod
    def date(value: Any) -> dt.date:
        """A date column's value (a ``datetime.date``, or SQLite's ``YYYY-MM-DD`` text) as a date."""
        return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value)[:10])

    def match_row(self, r: Sequence[Any]) -> MatchRow:
        """A :class:`MatchRow` from the columns of :data:`MATCH_COLUMNS`; ``LedgerError`` on
        ``match`` when a JSON column was damaged by hand."""
        try:
            return MatchRow(r[0], r[1], r[2], r[3], self.json(r[4]) or {}, bool(r[5]), r[6], self.json(r[7]),
                            self.json(r[8]), r[9], r[10] or 0)
        except (ValueError, TypeError):  # text that is not JSON, written by hand into the file
            raise LedgerError(t("store.damaged_match", "match {match} is damaged (its stored options, winner or "
                                "summary are not JSON)", match=str(r[0])), "match", r[0]) from None

    def night_row(self, r: Sequence[Any]) -> NightRow:
        """A :class:`NightRow` from the columns of :data:`NIGHT_COLUMNS` (more may follow)."""
        return NightRow(r[0], self.date(r[1]), r[2], bool(r[3]))

    def hand_row(self, r: Sequence[Any]) -> HandRow:
        """A :class:`HandRow` from the columns of :data:`HAND_COLUMNS`; ``LedgerError`` on ``match``
        (:func:`damaged`) when its JSON was damaged by hand."""
        try:
            return HandRow(r[0], r[1], r[2], self.json(r[3]), self.json(r[4]), bool(r[5]),
                           None if r[6] is None else self.json(r[6]), r[7])
        except (ValueError, TypeError):
            raise damaged(r[1], r[0]) from None

    def in_batches(self, ids: Sequence[int]) -> Iterator[list[int]]:
        """``ids`` at most :data:`BATCH` at a time (few bound values a query, on any database)."""
        ids = list(ids)
        for k in range(0, len(ids), BATCH):
            yield ids[k:k + BATCH]

    # --- one match --------------------------------------------------------------------------
    def find_id(self, ref: str | int) -> int:
        """The id of match ``ref``: its number, or ``last`` for the most recently started one
        (of the user's own: a demo match only when there is no other)."""
        if isinstance(ref, str) and ref.strip().lower() in LAST_WORDS:
            found = self.rows(f"SELECT max({MATCH}.id) FROM {MATCHES} WHERE NOT {NIGHT}.demo")[0][0]
            if found is None:
                found = self.rows(f"SELECT max(id) FROM {MATCH}")[0][0]
            if found is None:
                raise LedgerError(t("store.no_match_yet", "the ledger has no match yet"), "match", ref)
            return found
        try:
            mid = int(ref)
        except (TypeError, ValueError):
            raise LedgerError(t("store.not_match_number", "{value!r} is not a match number (or 'last')", value=ref),
                              "match", ref) from None
        # beyond any database's integer there is no such match
        if not 0 < mid < 2**31 or not self.rows(f"SELECT id FROM {MATCH} WHERE id = ?", [mid]):
            raise LedgerError(t("store.no_match", "no match {match}", match=str(mid)), "match", ref)
        return mid

    def match(self, mid: int) -> MatchRow:
        """The row of match ``mid`` (an id :meth:`find_id` gave)."""
        return self.match_row(self.rows(f"SELECT {columns(MATCH, MATCH_COLUMNS)} FROM {MATCH} WHERE id = ?", [mid])[0])

    def night(self, nid: int) -> NightRow:
        """The row of night ``nid``."""
        return self.night_row(self.rows(f"SELECT {columns(NIGHT, NIGHT_COLUMNS)} FROM {NIGHT} WHERE id = ?", [nid])[0])

    def seats(self, ids: Iterable[int] | None) -> dict[int, list[tuple[str, str]]]:
        """Each match's seats as ``(side, player's name)`` in seat order, by match id: of the
        matches ``ids``, or of every match with None."""
        out: dict[int, list[tuple[str, str]]] = {}
        query = (f"SELECT {SEAT}.match_id, {SEAT}.side, {PLAYER}.name"
                 f" FROM {SEAT} JOIN {PLAYER} ON {PLAYER}.id = {SEAT}.player_id")
        order = f" ORDER BY {SEAT}.match_id, {SEAT}.seat"
        for chunk in [[]] if ids is None else self.in_batches(list(ids)):
            where = f" WHERE {SEAT}.match_id IN ({marks(chunk)})" if ids is not None else ""
            for mid, side, name in self.rows(query + where + order, chunk):
                out.setdefault(mid, []).append((side, name))
        return out

    def hands(self, mid: int) -> list[HandRow]:
        """The match's live hands, in play order."""
        return [self.hand_row(r) for r in self.rows(LIVE_HANDS, [mid])]

    def view(self, ref: str | int) -> MatchView:
        """Match ``ref`` as stored (each live hand's result and state; a replay of its hands when
        they have none yet): what ``show`` prints."""
        from ledger.games import get_game
        from ledger.games.base import stored_replay

        m = self.match(self.find_id(ref))
        setup = setup_from_seats(m, self.seats([m.id]).get(m.id, []))
        hands = self.hands(m.id)
        rp = stored_replay(get_game(m.game), setup, hands) or replay_row(m, setup, [h.document for h in hands])
        return MatchView(m, setup, hands, rp, self.night(m.night_id))

    def view_tail(self, ref: str | int, keep: int) -> MatchView:
        """Match ``ref`` with only its last ``keep`` live hands read (``replay.offset`` says how many
        come before; ``replay.start`` is the state the first of them met), so that drawing the end
        of a long match costs what a short one does (``show --last``). The whole match
        (:meth:`view`) where the window cannot be read alone: a hand without a stored state or
        scored by another version, or a game whose scoreboard needs more than its last hands
        (:meth:`ledger.games.base.Game.board_window`)."""
        from ledger.games import get_game
        from ledger.games.base import Game, stored_replay

        m = self.match(self.find_id(ref))
        game = get_game(m.game)
        count = self.live_counts([m.id]).get(m.id, 0)
        cut = count - keep
        if cut <= 0 or type(game).board_window is not Game.board_window:
            return self.view(m.id)
        setup = setup_from_seats(m, self.seats([m.id]).get(m.id, []))
        rows = [self.hand_row(r) for r in self.rows(LIVE_HANDS + " LIMIT ? OFFSET ?", [m.id, keep + 1, cut - 1])]
        rp = stored_replay(game, setup, rows)
        if rp is None or len(rows) != keep + 1:
            return self.view(m.id)
        before = rp.tail(keep)  # the row before the window gives its start
        return MatchView(m, setup, rows[1:], replace(before, offset=cut), self.night(m.night_id))

    def live_hand(self, mid: int, k: int) -> HandRow | None:
        """Live hand ``k`` (0-based, in play order) of match ``mid``, or None: one row read."""
        rows = self.rows(LIVE_HANDS + " LIMIT 1 OFFSET ?", [mid, k])
        return self.hand_row(rows[0]) if rows else None

    def entry(self, ref: str | int, number: int | None = None) -> "Entry":
        """What entering a hand needs of match ``ref``, without reading its other hands: the match,
        its setup, its number of live hands, the state the hand is applied to (after the last
        live hand, or before hand ``number`` when correcting it) and, when correcting, the hand's
        row. A match with no stored state yet (a ledger older than migration 0003), or one
        scored by another version of the scorer, is replayed instead (:meth:`view`)."""
        from ledger.games import get_game

        m = self.match(self.find_id(ref))
        setup = setup_from_seats(m, self.seats([m.id]).get(m.id, []))
        game = get_game(m.game)
        count = self.live_counts([m.id]).get(m.id, 0)
        k = count if number is None else number - 1  # the hand entered: its index among the live
        before = self.live_hand(m.id, k - 1) if 0 < k <= count else None
        hand = self.live_hand(m.id, k) if number is not None and 0 <= k < count else None
        if k == 0 or (0 < k <= count and before is not None and before.state is not None
                      and before.scorer_version == game.version):
            state = (game.load_state(setup, before.state) if before is not None and before.state is not None
                     else game.start(setup))
            return Entry(m, setup, count, state, hand)
        view = self.view(ref)
        rp = view.replay
        state = rp.final if number is None else (rp.states[k - 1] if 0 < k <= len(rp.states) else rp.start)
        return Entry(m, setup, count, state, hand)

    # --- many matches -----------------------------------------------------------------------
    def matches(self, where: str = "", params: Sequence[Any] = (),
                order: str = f"{NIGHT}.date, {MATCH}.id") -> list[tuple[MatchRow, NightRow]]:
        """Matches with their nights, in ``order`` (SQL); ``where``: a SQL condition over
        :data:`MATCH` and :data:`NIGHT` with ``?`` for ``params`` ("": every match)."""
        query = f"SELECT {columns(MATCH, MATCH_COLUMNS)}, {columns(NIGHT, NIGHT_COLUMNS)} FROM {MATCHES}"
        n = len(MATCH_COLUMNS)
        return [(self.match_row(r), self.night_row(r[n:]))
                for r in self.rows(query + (f" WHERE {where}" if where else "") + f" ORDER BY {order}", params)]

    def hand_documents(self, ids: Sequence[int]) -> tuple[dict[int, list[dict]], dict[int, int]]:
        """The live hands' documents of matches ``ids`` in play order, and how many hands each has
        voided, by match id (one query per :data:`BATCH` matches)."""
        live: dict[int, list[dict]] = {}
        voided: dict[int, int] = {}
        for chunk in self.in_batches(ids):
            for mid, hid, doc, void in self.rows(
                    f"SELECT match_id, id, document, voided FROM {HAND} WHERE match_id IN ({marks(chunk)})"
                    " ORDER BY match_id, position, id", chunk):
                if void:
                    voided[mid] = voided.get(mid, 0) + 1
                    continue
                try:
                    live.setdefault(mid, []).append(self.json(doc))
                except (ValueError, TypeError):
                    raise damaged(mid, hid) from None
        return live, voided

    def damaged_hands(self, mid: int | None = None) -> list[tuple[int, int]]:
        """``(match id, entry)`` of every hand (of match ``mid`` when given) whose stored document or
        result is not JSON, in entry order: SQLite keeps any text; a database server keeps only JSON
        in a JSON column, so there it is none."""
        if not self.json_text:
            return []
        which, params = ("match_id = ?", [mid]) if mid is not None else ("", [])
        valid = "json_valid(document) AND json_valid(result)"
        try:  # SQLite's own json_valid: the whole ledger is checked without decoding it in Python
            where = f"NOT ({valid})" + (f" AND {which}" if which else "")
            return [(m, h) for m, h in self.rows(f"SELECT match_id, id FROM {HAND} WHERE {where} ORDER BY id", params)]
        except Exception:  # an SQLite built without its JSON functions (optional before 3.38)
            where = f" WHERE {which}" if which else ""
            rows = self.rows(f"SELECT match_id, id, document, result FROM {HAND}{where} ORDER BY id", params)
            return [(m, h) for m, h, doc, res in rows if not (_is_json(doc) and _is_json(res))]

    def live_counts(self, ids: Sequence[int]) -> dict[int, int]:
        """How many live hands each of matches ``ids`` has."""
        out: dict[int, int] = {}
        for chunk in self.in_batches(ids):
            out.update((m, n) for m, n in self.rows(
                f"SELECT match_id, count(*) FROM {HAND} WHERE match_id IN ({marks(chunk)}) AND NOT voided"
                " GROUP BY match_id", chunk))
        return out

    def match_list(self, game: str | None = None, status: str | None = None,
                   date: dt.date | None = None) -> list[dict]:
        """Matches, newest first, as ``{"id", "game", "rules", "night" (ISO date), "players" (seat
        order), "hands" (live), "status", "winner", "demo"}``, of ``game``, with ``status``, of the
        night ``date`` when given; ``LedgerError`` for an unknown game."""
        from ledger.games import get_game

        asked = [(column, value) for column, value in ((f"{MATCH}.game", get_game(game).name if game else None),
                                                        (f"{MATCH}.status", status), (f"{NIGHT}.date", date)) if value]
        rows = self.matches(" AND ".join(f"{column} = ?" for column, _ in asked), [value for _, value in asked],
                            order=f"{MATCH}.id DESC")
        ids = [m.id for m, _ in rows]
        seats, counts = self.seats(ids), self.live_counts(ids)
        return [{"id": m.id, "game": m.game, "rules": m.rules, "night": n.date.isoformat(),
                 "players": [name for _, name in seats.get(m.id, [])], "hands": counts.get(m.id, 0),
                 "status": m.status, "winner": m.winner, "demo": n.demo} for m, n in rows]

    def player_name(self, name: str, field: str) -> str:
        """The name of the player called ``name`` (any letter case, spaces tidied), as the ledger
        spells it; ``LedgerError`` on ``field`` when there is none."""
        clean = " ".join(str(name).split())
        found = self.rows(f"SELECT name FROM {PLAYER} WHERE name_key = ?", [clean.casefold()]) if clean else []
        if not found:
            raise LedgerError(t("store.no_player", "no player called {name!r}", name=name), field, name)
        return found[0][0]


# a match's live hands (:data:`HAND_COLUMNS`) in play order; the one parameter: the match's id
LIVE_HANDS = f"SELECT {columns(HAND, HAND_COLUMNS)} FROM {HAND} WHERE match_id = ? AND NOT voided ORDER BY position, id"


def _is_json(text: Any) -> bool:
    try:
        json.loads(text)
        return True
    except (TypeError, ValueError):
        return False


@contextmanager
def reading(db: str | None = None, opened: Callable[[], Any] | None = None) -> Iterator[Reads]:
    """The reads of the ledger ``db`` (path, URL, or None for ``$LEDGER_DB`` / the default file)
    in one read transaction: what ``show``, ``report``, ``stats``, ``match list`` and ``ledger
    serve`` read through.

    A SQLite ledger file this program has opened before (:func:`open_at_head`) is read through a
    plain ``sqlite3`` connection, without importing SQLAlchemy; a Ctrl-C stops the read, and the
    connection's closing ends its transaction. Any other ledger (none yet, an older or newer
    schema, a read-only file, a damaged or foreign file, a database server) is read through the
    store (:meth:`ledger.store.service.Ledger.reads`) via ``opened()``, the caller's open
    :class:`ledger.store.service.Ledger` (default: one opened here), which upgrades it or says
    what is wrong (``LedgerError`` on ``db``)."""
    conn = open_at_head(db)
    if conn is None:
        if opened is None:
            from ledger.store.service import Ledger

            led = Ledger(db)
        else:
            led = opened()
        with led.reads() as reads:
            yield reads
        return
    try:
        conn.execute("BEGIN")  # one moment of the ledger for every query of the command
        yield Reads(conn)
    finally:
        conn.close()  # ends the read transaction (nothing was written)


def open_at_head(db: str | None) -> sqlite3.Connection | None:
    """A ``sqlite3`` connection (autocommit, the store's busy timeout) to the ledger ``db`` when
    it is an existing, writable SQLite file at this program's schema
    (:data:`ledger.store.engine.HEAD`) already in the WAL journal: all that opening it through the
    store would check or change. None for any other ledger, and on any ``sqlite3.Error`` met while
    looking (the store then opens it, and names what is wrong)."""
    from urllib.parse import quote

    from ledger.store.engine import BUSY_TIMEOUT_MS, HEAD, database_url, sqlite_path
    from ledger.store.health import is_writable, tighten

    url = database_url(db)
    path = sqlite_path(url)
    if path is None or "?" in url or not path.is_file() or not is_writable(path):
        return None
    try:  # mode=rw: never creates a file
        conn = sqlite3.connect(f"file:{quote(str(path))}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                               isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        if (conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
                and conn.execute("PRAGMA journal_mode").fetchall() == [("wal",)]):
            tighten(path)  # as the store does on every opening: the ledger stays its owner's
            return conn
    except sqlite3.Error:
        pass
    conn.close()
    return None
