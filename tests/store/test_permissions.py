"""The ledger file and its -wal/-shm companions are readable and writable by their owner only,
whatever the umask; so are backups."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from ledger.store.backup import backup
from ledger.store.service import Ledger

pytestmark = pytest.mark.sqlite_only


@pytest.fixture
def open_umask():
    old = os.umask(0o002)  # a permissive umask: group- and world-readable files by default
    yield
    os.umask(old)


def mode(p: Path) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


def test_file_wal_and_shm_are_owner_only_while_in_use(ledger_db, open_umask):
    led = Ledger(str(ledger_db))
    led.new_match("trentasette", players=["Anna", "Bruno"])
    with led.engine.connect() as conn:  # a connection held open: the companions exist now
        conn.exec_driver_sql("SELECT count(*) FROM match").scalar()
        wal, shm = Path(f"{ledger_db}-wal"), Path(f"{ledger_db}-shm")
        assert wal.exists() and shm.exists()
        assert (mode(ledger_db), mode(wal), mode(shm)) == (0o600, 0o600, 0o600)
    second = Ledger(str(ledger_db))  # another writer on the same file changes nothing
    second.add_players(["Carla"])
    assert mode(ledger_db) == 0o600


def test_the_default_ledger_in_a_new_folder_and_its_backup_are_owner_only(tmp_path, open_umask, monkeypatch):
    monkeypatch.delenv("LEDGER_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "new" / "folder"))
    led = Ledger()
    path = tmp_path / "new" / "folder" / "ledger" / "ledger.db"
    led.new_match("simone", players=["Anna", "Bruno"])
    assert mode(path) == 0o600
    done = backup(led, tmp_path / "copy.db")
    assert mode(Path(done["file"])) == 0o600


def test_a_ledger_named_in_a_folder_that_does_not_exist_is_refused(tmp_path, cli):
    typo = tmp_path / "ledgr" / "club.db"
    line = cli.error("--db", str(typo), "match", "list")
    assert line.startswith("error: db: ") and "does not exist" in line and str(typo.parent) in line
    assert not typo.parent.exists()


def test_a_ledger_named_as_a_folder_is_refused(tmp_path, cli):
    line = cli.error("--db", str(tmp_path), "show", "1")
    assert line.startswith("error: db: ") and "is a folder" in line
