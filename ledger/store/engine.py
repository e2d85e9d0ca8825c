"""Where the ledger lives and how it is opened.

- :func:`database_url` picks the database: ``--db`` (a path or a SQLAlchemy URL), else the
  ``LEDGER_DB`` environment variable, else ``ledger.db`` in the platformdirs user data directory.
- :func:`open_engine` creates the engine; SQLite files are created readable and writable by their
  owner only and opened with foreign keys on, WAL journal and a busy timeout.
- :func:`ensure_schema` reads the stored Alembic revision cheaply and runs the migrations only
  when it differs from :data:`HEAD` (Alembic is imported only then). A ledger written by a newer
  program is refused, never changed.
"""

from __future__ import annotations

import os
from pathlib import Path

from ledger.errors import LedgerError

HEAD = "0001"  # the newest migration in ledger/store/migrations/versions
KNOWN = ("0001",)
BUSY_TIMEOUT_MS = 10_000
ENV_VAR = "LEDGER_DB"


def default_path() -> Path:
    """``ledger.db`` in the user data directory (platformdirs), e.g. ~/.local/share/ledger."""
    from platformdirs import user_data_path

    return user_data_path("ledger", appauthor=False) / "ledger.db"


def database_url(db: str | None = None) -> str:
    """The SQLAlchemy URL of the ledger: ``db``, else ``$LEDGER_DB``, else the default file."""
    value = db or os.environ.get(ENV_VAR) or str(default_path())
    if "://" in value:
        return value
    return "sqlite:///" + str(Path(value).expanduser().resolve())


def _prepare_sqlite_file(url: str) -> None:
    path = url.removeprefix("sqlite:///")
    if not path or path == ":memory:" or url.startswith("sqlite:///:memory:"):
        return
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    if not p.exists():
        # SQLite creates -wal and -shm with the main file's permissions: owner only
        fd = os.open(p, os.O_CREAT | os.O_WRONLY, 0o600)
        os.close(fd)


def open_engine(url: str):
    """An engine for ``url``; for SQLite with the pragmas DESIGN.md asks for."""
    from sqlalchemy import event
    from sqlmodel import create_engine

    if url.startswith("sqlite"):
        _prepare_sqlite_file(url)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):  # pragma: no cover - exercised by every test
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def stored_revision(engine) -> str | None:
    """The Alembic revision stored in the ledger, or None for an empty database."""
    from sqlalchemy import inspect, text

    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def ensure_schema(engine) -> None:
    """Bring the ledger to :data:`HEAD`; raise ``LedgerError`` for a ledger newer than this program."""
    rev = stored_revision(engine)
    if rev == HEAD:
        return
    if rev is not None and rev not in KNOWN:
        raise LedgerError(
            f"this ledger has schema revision {rev!r}, newer than this program knows ({HEAD}); "
            "upgrade ledger to open it", "db", rev)
    upgrade(engine)


def upgrade(engine) -> None:
    """Run the Alembic migrations up to the head, in one transaction."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
