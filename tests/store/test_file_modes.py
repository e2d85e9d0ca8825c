"""A ledger file made by another tool with loose modes (0644) is tightened to owner-only, with its
-wal and -shm files, when the ledger opens it (issue 14, item 11)."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest

from ledger.store.engine import dispose_engines
from ledger.store.service import Ledger

pytestmark = pytest.mark.sqlite_only


def mode(p: Path) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


def test_a_loose_ledger_and_its_wal_and_shm_are_tightened_when_opened(ledger_db):
    Ledger(str(ledger_db)).new_match("trentasette", players=["Anna", "Bruno"])
    dispose_engines()
    holder = sqlite3.connect(ledger_db)  # another tool holding it open: -wal and -shm are there
    holder.execute("SELECT count(*) FROM match").fetchone()
    wal, shm = Path(f"{ledger_db}-wal"), Path(f"{ledger_db}-shm")
    for p in (ledger_db, wal, shm):
        os.chmod(p, 0o644)
    led = Ledger(str(ledger_db))
    led.add_players(["Carla"])
    assert (mode(ledger_db), mode(wal), mode(shm)) == (0o600, 0o600, 0o600)
    holder.close()


def test_a_group_readable_ledger_opened_only_to_read_is_tightened_too(ledger_db, cli):
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    dispose_engines()
    os.chmod(ledger_db, 0o640)
    cli("match", "list")
    assert mode(ledger_db) == 0o600
