"""What can be wrong with a ledger's file or machine, found before it is used and said in one line.

- :func:`check_sqlite_file`: an existing SQLite ledger file is looked at read only (the standard
  library's ``sqlite3``, ``mode=ro``) before anything else opens it: a file that is not SQLite, or
  a SQLite file of another program (tables, but not the ledger's), is refused with ``LedgerError``
  on ``db`` and left byte for byte as it was; one SQLite cannot read is said to be damaged.
- :func:`trouble` turns a database error met later (a damaged page, a read-only file, a full disk,
  a writer that waited too long) into the one line the CLI prints: the ledger, what is wrong, and
  the way out (``ledger db check``, ``ledger restore``).
- :func:`integrity_findings`: what SQLite's integrity check finds, table by table when the check
  itself cannot read the file.

No SQLAlchemy here: the reading commands use it without importing SQLAlchemy.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from ledger.errors import LedgerError, os_reason
from ledger.i18n import Msg, t

SQLITE_MAGIC = b"SQLite format 3\x00"
LEDGER_TABLES = frozenset({"alembic_version", "player", "night", "match", "seat", "hand"})
def way_out() -> Msg:
    """What to do about a damaged ledger."""
    return t("health.way_out", "'ledger db check' lists what is wrong; 'ledger restore BACKUP --force' puts a backup back")


def way_out_sentence() -> Msg:
    """:func:`way_out` as a sentence of its own."""
    return t("health.way_out_sentence", "'ledger db check' lists what is wrong; 'ledger restore BACKUP --force' puts a "
             "backup back.")

# SQLite's messages (sqlite3.Error text) → what is wrong
_DAMAGED = ("malformed", "file is not a database", "database corruption", "file is encrypted")
_READ_ONLY = ("readonly database", "read-only", "attempt to write a readonly")
_FULL = ("database or disk is full", "disk i/o error", "no space left", "file too large")


def read_only_uri(path: Path) -> str:
    """A ``file:`` URI opening ``path`` read only (nothing is created beside it)."""
    return f"file:{quote(str(path))}?mode=ro"


def is_writable(path: Path) -> bool:
    """Whether this process may change the SQLite file ``path``: the file and its folder (where
    SQLite keeps its -wal, -shm and journal files) are writable (a read-only mount is not)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def tighten(path: Path) -> None:
    """Make the ledger file ``path`` and its -wal and -shm files owner-only (0600) when another
    tool made them readable by others (SQLite gives new -wal/-shm files the main file's mode):
    what the ledger holds stays its owner's. A file this process does not own, or cannot change
    (a read-only mount), is left as it is."""
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            st = p.stat()
            if st.st_mode & 0o077 and st.st_uid == os.geteuid():
                os.chmod(p, st.st_mode & 0o700)
        except OSError:  # not there, not ours, or a read-only mount
            continue


def check_sqlite_file(path: Path) -> None:
    """Refuse, before anything changes it, a file at ``path`` that is not a ledger: not SQLite,
    SQLite of another program (tables, but not all of the ledger's six), or
    damaged so that its list of tables cannot be read. An empty file or an empty SQLite
    database (no tables) passes: it becomes a ledger."""
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as err:
        raise LedgerError(t("health.cannot_read", "cannot read the ledger {path}: {why}", path=str(path),
                            why=os_reason(err)), "db", str(path)) from None
    if not head:
        return
    if head != SQLITE_MAGIC:
        raise LedgerError(t("health.not_sqlite", "{path} is not a ledger (not a SQLite file); nothing was changed",
                            path=str(path)), "db", str(path))
    try:
        con = sqlite3.connect(read_only_uri(path) + ("&immutable=1" if not is_writable(path) else ""), uri=True)
    except sqlite3.Error as err:
        raise LedgerError(t("health.cannot_open", "cannot open the ledger {path}: {why}", path=str(path), why=str(err)),
                          "db", str(path)) from None
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as err:
        raise LedgerError(describe(err, str(path)) or str(err), "db", str(path)) from None
    finally:
        con.close()
    tables.discard("sqlite_sequence")
    if tables and not LEDGER_TABLES <= tables:
        shown = ", ".join(sorted(tables - LEDGER_TABLES)[:5] or sorted(tables)[:5])
        raise LedgerError(t("health.other_program", "{path} is not a ledger: a SQLite file of another program (tables "
                            "{tables}); nothing was changed", path=str(path), tables=shown), "db", str(path))


def describe(err: BaseException, ledger: str) -> Msg | None:
    """The one line for database error ``err`` on the ledger named ``ledger`` (a path or a URL as
    it may be shown), or None when it is none of the troubles this module knows."""
    text = str(getattr(err, "orig", None) or err).splitlines()[0] if str(err) else type(err).__name__
    low = text.lower()
    if any(k in low for k in _DAMAGED):
        return t("health.damaged", "the ledger {ledger} is damaged ({why}): {way_out}", ledger=ledger, why=text,
                 way_out=way_out())
    if any(k in low for k in _READ_ONLY):
        return t("health.read_only", "the ledger {ledger} is read-only here ({why}): reading commands work on it; to "
                 "change it, copy it somewhere writable (ledger backup) or make it writable", ledger=ledger, why=text)
    if any(k in low for k in _FULL):
        return t("health.full", "the disk holding the ledger {ledger} is full or failing ({why}): nothing was written",
                 ledger=ledger, why=text)
    if "database is locked" in low:
        return t("health.busy", "the ledger {ledger} is busy: another command has been writing to it for a long time "
                 "({why}); nothing was written, try again when it is done", ledger=ledger, why=text)
    return None


def trouble(err: BaseException, url: str) -> Msg | None:
    """:func:`describe` for an exception from the database driver (``sqlite3``, or SQLAlchemy
    wrapping it) met while using the ledger at ``url``; None for any other exception."""
    orig = getattr(err, "orig", None)
    if not isinstance(err, sqlite3.Error) and not isinstance(orig, sqlite3.Error):
        return None
    from ledger.store.engine import sqlite_path

    path = sqlite_path(url)
    return describe(err, str(path) if path is not None else url)


def integrity_findings(path: Path) -> list:
    """What SQLite's ``integrity_check`` finds wrong in the ledger file ``path`` (``[]``: nothing),
    read only. When the check cannot read the file as a whole, each table is checked on its own
    (``"table hand: database disk image is malformed"``)."""
    try:
        con = sqlite3.connect(read_only_uri(path) + ("&immutable=1" if not is_writable(path) else ""), uri=True)
    except sqlite3.Error as err:
        return [t("health.cannot_open_file", "cannot open the file: {why}", why=str(err))]
    try:
        try:
            return [r[0] for r in con.execute("PRAGMA integrity_check").fetchall() if r[0] != "ok"]
        except sqlite3.Error as err:
            found = [t("health.check_stopped", "the integrity check stopped: {why}", why=str(err))]
        try:
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        except sqlite3.Error as err:
            return [*found, t("health.no_tables", "the list of tables cannot be read: {why}", why=str(err))]
        for name in tables:
            try:
                rows = con.execute(f'PRAGMA integrity_check("{name}")').fetchall()
                found += [t("health.table", "table {table}: {problem}", table=name, problem=r[0])
                          for r in rows if r[0] != "ok"]
            except sqlite3.Error as err:
                found.append(t("health.table", "table {table}: {problem}", table=name, problem=str(err)))
        return found
    finally:
        con.close()
