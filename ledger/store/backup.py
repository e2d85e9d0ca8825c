"""The whole ledger at once: export and import of every match, backups and restores.

- :func:`export_all`: every player and every match (as match documents with their ``"stored"``
  bookkeeping) in one *ledger export* document (docs/formats.md, "The whole ledger").
- :func:`import_all`: store a ledger export (or a JSON list of match documents) in one
  transaction; into an empty ledger the player, match and hand numbers are kept.
- :func:`backup`: a SQLite ledger is copied with SQLite's online backup API (one consistent
  snapshot, safe while others write) into a single owner-only file; any other database is
  written as a ledger export (JSON).
- :func:`restore`: replace the ledger's content with a backup: a SQLite ledger file or a ledger
  export. SQLite into SQLite is copied back with the backup API and then upgraded like any older
  ledger; everything else is re-imported in one transaction. A file that is not a ledger, or one
  made by a newer program, is refused before anything is changed.

Errors are ``LedgerError`` naming the file or the field.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO, Any

from sqlmodel import delete, func, select, update

from ledger.errors import LedgerError, os_reason
from ledger.i18n import t, tn
from ledger.interrupts import held_back, wrote
from ledger.store.engine import BUSY_TIMEOUT_MS, ensure_schema, sqlite_path
from ledger.store.club import import_sessions, wipe_sessions
from ledger.store.export import export_document, write_export as export_rows
from ledger.store.models import Hand, Match, Night, Player, Seat
from ledger.store.reading import (ReadMatch, check_export, parse_time, read_export, read_matches, sqlite_revision,
                                  uri_path)
from ledger.store.service import Ledger

# --- export and import of every match --------------------------------------------------------
def export_all(led: Ledger) -> dict:
    """Every player and every match of the ledger, in one document read in one read transaction
    (:func:`ledger.store.export.export_document`; held in memory whole)."""
    with led.reads() as reads:
        return export_document(reads)


def write_export(led: Ledger, out: IO[str], indent: int | None = None) -> int:
    """:func:`export_all`'s document written to ``out`` match by match
    (:func:`ledger.store.export.write_export`); returns the number of matches."""
    with led.reads() as reads:
        return export_rows(reads, out, indent)


def import_all(led: Ledger, data: Any, replace: bool = False) -> list[dict]:
    """Store every match of ``data`` (a ledger export, or a list of match documents) or none.

    Into a ledger with no players and no matches (or with ``replace``, which empties the ledger
    first in the same transaction) the numbers of players, matches and hands are kept when every
    one carries its own distinct number, so the restored ledger is the exported one; otherwise the
    matches get new numbers and players are matched by name. Returns ``[{"id", "game", "hands"}]``
    per match, in order.

    The matches are read once (a streamed export is parsed once): numbers are kept from the start
    when they can be, and should a match or hand further on lack its number (or repeat one), what
    was stored is rolled back to a savepoint and the matches are stored again with new numbers.
    ``LedgerError`` naming the first wrong match and its field (``matches[3].hands[2].entered_at``);
    nothing is stored then.
    """
    docs, players = read_export(data)
    with led.transaction(write=True) as s:
        if replace:
            _wipe(s)
        empty = s.exec(select(func.count()).select_from(Player)).one() == 0 and \
            s.exec(select(func.count()).select_from(Match)).one() == 0
        keep = empty and _distinct([p.get("id") for p in players])
        out = _store_trying(led, s, docs, players, keep)
        if isinstance(data, Mapping):
            import_sessions(s, data.get("club_sessions"))
        return out


def _store_trying(led: Ledger, s: Any, docs: Iterable, players: list[dict], keep: bool) -> list[dict]:
    """:func:`_store_all`, tried again from a savepoint with new numbers where the numbers cannot
    be kept (:class:`_Unnumbered`)."""
    savepoint = s.begin_nested()
    try:
        out = _store_all(led, s, docs, players, keep)
    except _Unnumbered:
        savepoint.rollback()
        return _store_trying(led, s, docs, players, False)
    savepoint.commit()
    return out


class _Unnumbered(Exception):
    """A match or hand of an export without its own distinct number (its numbers cannot be kept)."""


def _store_all(led: Ledger, s: Any, docs: Iterable, players: list[dict], keep: bool) -> list[dict]:
    """The players and matches of an export stored through one :class:`BulkImport` (``keep``: with
    their own numbers; :class:`_Unnumbered` as soon as one is missing or repeated), each match
    read, checked and replayed as it comes (:func:`ledger.store.reading.read_matches`)."""
    from ledger.store.bulk import BulkImport

    bulk = BulkImport(led, s)  # every row inserted in bulk; one transaction all the same
    bad_time: LedgerError | None = None  # a player's time matters only once the numbers are known kept
    for p in players:
        created = None
        if keep and p.get("created_at"):
            try:
                created = parse_time(p["created_at"], "players.created_at")
            except LedgerError as err:
                bad_time = bad_time or err
        bulk.player(p["name"], demo=p["demo"], pid=p["id"] if keep else None, created_at=created)
    matches: set[Any] = set()
    hands: set[Any] = set()
    out = []
    for read in read_matches(docs, bulk.raw):
        if keep:
            _check_numbers(read, matches, hands)
        out.append(bulk.add_read(read, keep_ids=keep))
    if bad_time is not None:
        raise bad_time
    bulk.finish()
    return out


def _distinct(ids: list) -> bool:
    return None not in ids and len(set(ids)) == len(ids)


def _check_numbers(read: ReadMatch, matches: set, hands: set) -> None:
    """:class:`_Unnumbered` unless the match read (a match document whose "hands" is a list) and
    each of its hands carry a number (in ``"stored"``) that none before had (``matches``,
    ``hands``: the numbers seen, added to). A match that cannot be read is refused before its
    numbers are looked at: with new numbers, it would be refused the same."""
    own, mid = read.hand_ids, read.kept_id
    if not (read.hands_listed and mid is not None and mid not in matches and _distinct(own)
            and hands.isdisjoint(own)):
        raise _Unnumbered
    matches.add(mid)
    hands.update(own)


def _wipe(s) -> None:
    """Delete every row of the ledger (inside the caller's transaction; a restore follows). The
    corrections' links to the hands they replace are cut first, on those rows alone (through the
    ``replaces_id`` index: rewriting every hand was a tenth of a second for 20,000 hands)."""
    s.exec(update(Hand).where(Hand.replaces_id.is_not(None)).values(replaces_id=None))  # type: ignore[union-attr]
    for model in (Hand, Seat, Match, Night, Player):
        s.exec(delete(model))
    wipe_sessions(s)


def match_count(led: Ledger) -> int:
    with led.transaction() as s:
        return s.exec(select(func.count()).select_from(Match)).one()


# --- backup and restore -----------------------------------------------------------------------
def backup(led: Ledger, dest: str | os.PathLike, force: bool = False) -> dict:
    """Copy the ledger into ``dest`` (owner-only); returns ``{"file", "kind", "matches"}``.

    ``kind`` is ``sqlite`` (a ledger file made with SQLite's online backup: one consistent
    snapshot even while others write, checked with ``PRAGMA integrity_check``) or ``export`` (a
    ledger export in JSON, for ledgers on a database server). An existing ``dest`` is replaced
    only with ``force``.
    """
    target = Path(dest).expanduser().resolve()
    source = sqlite_path(led.url)
    if target.is_dir():
        raise LedgerError(t("backup.is_folder", "{path} is a folder", path=str(target)), "FILE", str(dest))
    if source is not None and target == source.resolve():
        raise LedgerError(t("backup.itself", "that is the ledger itself"), "FILE", str(dest))
    if target.exists() and not force:
        raise LedgerError(t("backup.exists", "{path} exists (add --force to replace it)", path=str(target)), "FILE",
                          str(dest))
    if not target.parent.is_dir():
        raise LedgerError(t("backup.no_folder", "no folder {path}", path=str(target.parent)), "FILE", str(dest))
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        os.close(os.open(tmp, os.O_CREAT | os.O_TRUNC | os.O_WRONLY, 0o600))
        if source is not None:
            matches = _sqlite_copy(source, tmp)
            kind = "sqlite"
        else:
            data = export_all(led)
            tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            matches, kind = len(data["matches"]), "export"
        os.replace(tmp, target)
    except (OSError, sqlite3.OperationalError) as err:
        # a full disk (or a file size limit) where the backup goes: one line, nothing left behind;
        # anything else (a damaged ledger) is said as it is
        text = getattr(err, "strerror", None) or str(err)
        if isinstance(err, sqlite3.OperationalError) and not any(
                k in text.lower() for k in ("disk", "full", "i/o", "too large", "unable to open")):
            raise
        raise LedgerError(t("backup.cannot_write", "cannot write the backup {path}: {why}; nothing was written",
                            path=str(target), why=os_reason(err) if isinstance(err, OSError) else text), "FILE",
                          str(dest)) from None
    finally:
        for leftover in (tmp, Path(f"{tmp}-journal")):
            leftover.unlink(missing_ok=True)
    return {"file": str(target), "kind": kind, "matches": matches}


def _sqlite_copy(source: Path, target: Path) -> int:
    """Online backup of the SQLite file ``source`` into ``target`` (a self-contained file)."""
    src = sqlite3.connect(str(source), timeout=BUSY_TIMEOUT_MS / 1000)
    dst = sqlite3.connect(str(target))
    try:
        src.backup(dst)  # every page in one step: one snapshot; writers go on meanwhile (WAL)
        dst.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
        _check_integrity(dst, str(target))
        return dst.execute("SELECT count(*) FROM match").fetchone()[0]
    finally:
        dst.close()
        src.close()


def _check_integrity(con: sqlite3.Connection, name: str) -> None:
    rows = [r[0] for r in con.execute("PRAGMA integrity_check").fetchall()]
    if rows != ["ok"]:
        raise LedgerError(t("backup.integrity", "{path} fails SQLite's integrity check: {problem}", path=name,
                            problem=rows[0]), "FILE", name)


def restore_file(led: Ledger, source: str | os.PathLike, force: bool = False) -> dict:
    """Replace the ledger's content with the SQLite ledger file ``source``; ``{"kind", "matches"}``.

    Refuses a file that is not a ledger or is newer than this program, and (without ``force``) a
    ledger that has matches, before changing anything.
    """
    src = Path(source).expanduser().resolve()
    sqlite_revision(src)
    _refuse_overwrite(led, force)
    target = sqlite_path(led.url)
    if target is not None:
        if src == target.resolve():
            raise LedgerError(t("backup.itself", "that is the ledger itself"), "FILE", str(source))
        s_con = sqlite3.connect(f"file:{uri_path(src)}?mode=ro", uri=True)
        d_con = sqlite3.connect(str(target), timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            _check_integrity(s_con, str(source))
            with held_back(write=True):  # one SQLite transaction on the ledger: Ctrl-C waits until it is in
                s_con.backup(d_con)  # SQLite locks the ledger while it copies: others wait, then see it
                wrote()
        finally:
            d_con.close()
            s_con.close()
        ensure_schema(led.engine)  # an older backup is upgraded like any older ledger
        return {"kind": "sqlite", "matches": match_count(led)}
    # a ledger on a server: read the backup through a private copy (upgraded there), import it
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        copy = Path(d) / "restore.db"
        shutil.copyfile(src, copy)
        data = export_all(Ledger(str(copy)))
    return restore_export(led, data, force=True)


def restore_export(led: Ledger, data: Any, force: bool = False, name: str = "FILE") -> dict:
    """Replace the ledger's content with a ledger export, in one transaction; ``{"kind", "matches"}``."""
    check_export(data, name)
    _refuse_overwrite(led, force)
    return {"kind": "export", "matches": len(import_all(led, data, replace=True))}


def _refuse_overwrite(led: Ledger, force: bool) -> None:
    n = match_count(led)
    if n and not force:
        raise LedgerError(tn("backup.would_replace", "the ledger has {n} match; restore replaces them all (add --force "
                             "to do it; a backup first is wise)", "the ledger has {n} matches; restore replaces them "
                             "all (add --force to do it; a backup first is wise)", n), "FILE", None)


