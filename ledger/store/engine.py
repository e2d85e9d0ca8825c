"""Where the ledger lives and how it is opened.

- :func:`database_url` picks the database: ``--db`` (a path or a SQLAlchemy URL), else the
  ``LEDGER_DB`` environment variable, else ``ledger.db`` in the platformdirs user data directory.
- :func:`open_engine` creates the engine (one per URL and process); SQLite files are created
  readable and writable by their owner only (in a folder that exists, or the default one) and opened with foreign keys on, WAL journal and a
  busy timeout.
- Writers take turns: a transaction opened through :func:`writer` starts with ``BEGIN IMMEDIATE``
  on SQLite (it waits up to the busy timeout for another writer, instead of failing later when a
  read lock would have to become a write lock) and takes one transaction-scoped advisory lock on
  PostgreSQL. Read transactions never wait for writers.
- :func:`ensure_schema` reads the stored Alembic revision cheaply and runs the migrations only
  when it differs from :data:`HEAD` (Alembic is imported only then); a new SQLite ledger is made
  at :data:`HEAD` directly (:mod:`ledger.store.schema_head`). A ledger written by a newer
  program is refused, never changed.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote

from ledger.errors import LedgerError
from ledger.i18n import t

HEAD = "0005"  # the newest migration in ledger/store/migrations/versions
KNOWN = ("0001", "0002", "0003", "0004", "0005")  # every revision this program can read, oldest first
BUSY_TIMEOUT_MS = 10_000
WAIT_NOTICE_MS = 1_000  # a writer that waited this long for another says so (on_wait), then waits on
WAIT_LONGEST_MS = 600_000  # ... up to this long (a restore of years of hands), then gives up
on_wait = None  # the CLI's way of saying a writer is waiting: a function taking the one line
ENV_VAR = "LEDGER_DB"
WRITE = "ledger_write"  # execution option marking a transaction that writes
PG_LOCK_KEY = 0x1ED6E7  # the advisory lock PostgreSQL writers take turns on (any constant)

_engines: dict = {}  # url -> Engine: one engine (and connection pool) per database per process


def default_path() -> Path:
    """``ledger.db`` in the user data directory (platformdirs), e.g. ~/.local/share/ledger."""
    from platformdirs import user_data_path

    return user_data_path("ledger", appauthor=False) / "ledger.db"


def database_url(db: str | None = None) -> str:
    """The SQLAlchemy URL of the ledger: ``db``, else ``$LEDGER_DB``, else the default file."""
    value = db or os.environ.get(ENV_VAR) or str(default_path())
    if "://" in value:
        return value
    path = str(Path(value).expanduser().resolve())
    # the characters a URL reads otherwise (SQLAlchemy decodes %XX in the database part)
    return "sqlite:///" + path.replace("%", "%25").replace("?", "%3F").replace("#", "%23")


def display_url(url: str) -> str:
    """``url`` as it may be shown to people: a password is replaced by ``***``."""
    if url.startswith("sqlite"):
        return url
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy can read: show only its scheme
        return url.split("://", 1)[0] + "://…"


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None for an in-memory database or another kind of database)."""
    if not url.startswith("sqlite"):
        return None
    path = url.split(":///", 1)[1] if ":///" in url else ""
    path = unquote(path.split("?", 1)[0])  # as SQLAlchemy reads it
    if not path or path == ":memory:":
        return None
    return Path(path)


def is_sqlite(engine) -> bool:
    return engine.dialect.name == "sqlite"


def _prepare_sqlite_file(url: str) -> None:
    """Create a new ledger file owner-only. Its folder is created only for the default ledger
    (the user data directory); a folder named by ``--db`` or ``LEDGER_DB`` must exist, so that a
    mistyped path is refused (``LedgerError`` on ``db``) rather than starting an empty ledger."""
    p = sqlite_path(url)
    if p is None:
        return
    if p.is_dir():
        raise LedgerError(t("db.is_folder", "{path} is a folder: name the ledger file in it (e.g. {example})",
                            path=str(p), example=str(p / "ledger.db")), "db", str(p))
    if not p.parent.is_dir():
        if p.resolve() != default_path().expanduser().resolve():
            raise LedgerError(t("db.no_folder", "the folder {path} does not exist (check the path, or create the "
                                "folder first)", path=str(p.parent)), "db", str(p))
        p.parent.mkdir(parents=True, exist_ok=True)
    if p.exists():
        from ledger.store.health import check_sqlite_file, tighten

        check_sqlite_file(p)  # another program's file, or one SQLite cannot read: refused, untouched
        tighten(p)
    else:
        # SQLite creates -wal and -shm with the main file's permissions: owner only
        fd = os.open(p, os.O_CREAT | os.O_WRONLY, 0o600)
        os.close(fd)


def open_engine(url: str):
    """The engine for ``url`` (created on first use, then shared within the process).

    SQLite gets the pragmas DESIGN.md asks for, and SQLAlchemy emits ``BEGIN`` itself (the
    sqlite3 module's own transaction handling is turned off, as the SQLAlchemy documentation
    describes for pysqlite) so that writers can begin with ``BEGIN IMMEDIATE``. A database whose
    driver is not installed is refused with the package to install.
    """
    engine = _engines.get(url)
    if engine is None:
        engine = _engines[url] = _create_engine(url)
    return engine


def dispose_engines() -> None:
    """Close every pooled connection of every engine this process opened (tests, restore)."""
    for engine in list(_engines.values()):
        engine.dispose()
    _engines.clear()


def snapshot(engine):
    """``engine`` for a read transaction that must see one moment of the ledger throughout (an
    export of everything): SQLite's read transactions do; PostgreSQL needs REPEATABLE READ."""
    if engine.dialect.name == "postgresql":
        return engine.execution_options(isolation_level="REPEATABLE READ")
    return engine


def writer(engine):
    """``engine`` for transactions that write: they take turns (see the module docstring)."""
    return engine.execution_options(**{WRITE: True})


def read_only(url: str) -> bool:
    """Whether ``url`` is a SQLite ledger file this process cannot change (a read-only file or
    folder, a read-only mount): it is then opened read only (``mode=ro&immutable=1``), so that
    the reading commands work and the writing ones fail with "readonly database"."""
    from ledger.store.health import is_writable

    path = sqlite_path(url)
    return path is not None and path.is_file() and not is_writable(path)


def _read_only(url: str) -> dict:
    """``create_engine`` arguments opening a :func:`read_only` ledger file read only."""
    if not read_only(url):
        return {}
    import sqlite3

    from ledger.store.health import read_only_uri

    path = sqlite_path(url)
    assert path is not None  # read_only(url) holds only for a SQLite file
    uri = read_only_uri(path) + "&immutable=1"
    return {"creator": lambda: sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                                               check_same_thread=False)}


def _create_engine(url: str):
    from sqlalchemy import event
    from sqlmodel import create_engine

    if url.startswith("sqlite"):
        _prepare_sqlite_file(url)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000}, **_read_only(url))
        fixed = read_only(url)

        @event.listens_for(engine, "connect")
        def _connect(dbapi_conn, _record):  # pragma: no cover - exercised by every test
            dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN (see _begin)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn):  # pragma: no cover - exercised by every test
            if fixed and conn.get_execution_options().get(WRITE):  # said before anything is checked
                import sqlite3

                raise sqlite3.OperationalError("attempt to write a readonly database")
            if conn.get_execution_options().get(WRITE):
                _begin_writing(conn.connection.driver_connection, url)
            else:
                conn.exec_driver_sql("BEGIN")

        return engine
    try:
        engine = create_engine(url, pool_pre_ping=True)
    except Exception as err:
        if isinstance(err, ImportError) or type(err).__name__ == "NoSuchModuleError":
            where = display_url(url)
            why = (t("db.no_driver_pg", "cannot open {url}: its database driver is not installed (pip install "
                     "'ledger[postgres]')", url=where) if url.startswith("postgres")
                   else t("db.no_driver", "cannot open {url}: its database driver is not installed", url=where))
            raise LedgerError(why, "db", where) from None
        if type(err).__name__ == "ArgumentError":
            raise LedgerError(t("db.not_url", "{url} is not a database URL", url=display_url(url)), "db",
                              display_url(url)) from None
        raise
    if engine.dialect.name == "postgresql":

        @event.listens_for(engine, "begin")
        def _pg_begin(conn):
            if conn.get_execution_options().get(WRITE):
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_LOCK_KEY})")

    return engine


def _begin_writing(raw, url: str) -> None:
    """``BEGIN IMMEDIATE`` on the SQLite connection ``raw``: when another writer holds the ledger
    for more than :data:`WAIT_NOTICE_MS` (a restore, a big import), :data:`on_wait` is told once
    and the wait goes on, up to :data:`WAIT_LONGEST_MS` ("database is locked" after that)."""
    import sqlite3

    try:
        raw.execute(f"PRAGMA busy_timeout={WAIT_NOTICE_MS}")
        try:
            raw.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) and "busy" not in str(err):
                raise
        if on_wait is not None:
            on_wait(str(t("db.waiting", "waiting: another command is writing to the ledger {ledger} (a restore or a "
                          "big import takes a while); this one goes on when it is done (Ctrl-C gives up, nothing "
                          "written)", ledger=str(sqlite_path(url) or display_url(url)))))
        raw.execute(f"PRAGMA busy_timeout={WAIT_LONGEST_MS}")
        raw.execute("BEGIN IMMEDIATE")
    finally:
        raw.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")


def read_connection(engine):
    """``engine.connect()`` for a read: a Ctrl-C stops the read at once, but never the
    connection's closing (SQLAlchemy's rollback, cut, ends in an ``AssertionError``):
    :func:`ledger.interrupts.transaction_held`."""
    from ledger.interrupts import transaction_held

    return transaction_held(engine.connect, write=False)


def after_explicit_ids(conn, tables: tuple[str, ...] = ("player", "match", "hand")) -> None:
    """After rows were inserted with explicit ids (a restore), move PostgreSQL's id sequences past
    them so the next row gets the next free number (SQLite needs nothing: it takes max(id) + 1)."""
    if conn.dialect.name != "postgresql":
        return
    for table in tables:
        conn.exec_driver_sql(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")


def integrity_problems(engine) -> list:
    """What SQLite's ``integrity_check`` and ``foreign_key_check`` find wrong (nothing: ``[]``).

    A database server looks after its own storage: ``[]`` there.
    """
    if not is_sqlite(engine):
        return []
    with read_connection(engine) as conn:
        found = [r[0] for r in conn.exec_driver_sql("PRAGMA integrity_check").fetchall() if r[0] != "ok"]
        found += [t("db.missing_row", "row {row} of table {table} refers to a missing row of {other}", row=str(r[1]),
                    table=r[0], other=r[2])
                  for r in conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()]
    return found


def stored_revision(engine) -> str | None:
    """The Alembic revision stored in the ledger, or None for an empty database.

    One plain query when the ledger has a revision (every open but the first); only when it fails
    is the database inspected for the table, so any other error is reported as it was.
    """
    from sqlalchemy import inspect, text
    from sqlalchemy.exc import DBAPIError

    query = text("SELECT version_num FROM alembic_version")
    with read_connection(engine) as conn:
        try:
            return conn.execute(query).scalar()
        except DBAPIError:
            pass
    with read_connection(engine) as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(query).scalar()


def check_revision(rev: str | None, what: str | None = None) -> None:
    """Refuse a revision this program does not know (a ledger made by a newer program)."""
    if rev is not None and rev not in KNOWN:
        named = what if what is not None else t("db.this_ledger", "this ledger")
        raise LedgerError(t("db.newer", "{what} has schema revision {rev!r}, newer than this program knows ({head}); "
                            "upgrade ledger to open it (nothing was changed)", what=named, rev=rev, head=HEAD),
                          "db", rev)


def ensure_schema(engine) -> None:
    """Bring the ledger to :data:`HEAD`; raise ``LedgerError`` for a ledger newer than this program.

    A SQLite ledger is switched to the WAL journal only once its schema is known to be ours, so a
    refused ledger file is left byte for byte as it was.
    """
    rev = stored_revision(engine)
    fixed = is_sqlite(engine) and read_only(str(engine.url))
    if rev != HEAD:
        check_revision(rev)
        if fixed:
            path = sqlite_path(str(engine.url))
            raise LedgerError(t("db.read_only_old", "the ledger {path} is read-only here and has schema {rev}, older "
                                "than this program's ({head}): it cannot be upgraded; copy it somewhere writable first "
                                "(ledger backup)", path=str(path), rev=rev or "none", head=HEAD), "db", str(path))
        if rev is not None or not is_sqlite(engine) or not _create_at_head(engine):
            upgrade(engine)
    if is_sqlite(engine) and sqlite_path(str(engine.url)) is not None and not fixed:
        _use_wal(engine)


def _use_wal(engine) -> None:
    """Switch the SQLite ledger of ``engine`` to the WAL journal, unless it is in it already.

    Two processes opening a new ledger at once (``ledger serve`` and a command typed beside it)
    may both switch it: SQLite then answers "database is locked" at once to one of them, without
    waiting its busy timeout, so the switch is tried again, for up to :data:`BUSY_TIMEOUT_MS`
    (by then the other process has usually switched it). ``sqlite3.OperationalError`` after that."""
    import sqlite3
    import time
    from contextlib import closing

    from ledger.interrupts import transaction_held

    give_up = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    with transaction_held(lambda: closing(engine.raw_connection()), write=False) as raw:  # its return to the pool held
        cur = raw.driver_connection.cursor()
        while cur.execute("PRAGMA journal_mode").fetchall()[0][0] != "wal":
            try:
                cur.execute("PRAGMA journal_mode=WAL").fetchall()
            except sqlite3.OperationalError as err:
                if "locked" not in str(err) or time.monotonic() > give_up:
                    raise
                time.sleep(0.02)
        cur.close()


def _create_at_head(engine) -> bool:
    """Make an empty SQLite database a ledger at :data:`HEAD` in one write transaction, from the
    statements SQLite keeps for a ledger the migrations brought there
    (:mod:`ledger.store.schema_head`, written by ``tools/schema.py``), and store the revision as
    Alembic does: the same schema without importing Alembic and running every migration (a
    fifth of a second, issue 17). False, with nothing done, when the database is not empty (by
    then another process made it: the migrations then see its revision) or when that module is
    not at :data:`HEAD` (the migrations make the ledger)."""
    from ledger.interrupts import transaction_held
    from ledger.store.schema_head import REVISION, SQLITE

    if REVISION != HEAD:
        return False
    with transaction_held(writer(engine).begin, write=True, counted=False) as conn:
        if conn.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar():
            return False
        for statement in SQLITE:
            conn.exec_driver_sql(statement)
        conn.exec_driver_sql("INSERT INTO alembic_version (version_num) VALUES (?)", (REVISION,))
    return True


def upgrade(engine) -> None:
    """Run the Alembic migrations up to the head, in one write transaction (Ctrl-C held back
    over it: :func:`ledger.interrupts.transaction_held`)."""
    from alembic import command
    from alembic.config import Config

    from ledger.interrupts import transaction_held

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with transaction_held(writer(engine).begin, write=True, counted=False) as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
