"""Restore in bulk (issue 14, item 3): ``hand.replaces_id`` is indexed (migration 0003), so
emptying a ledger of many corrected hands is linear; a writer that has to wait for a long
operation says so on standard error, then goes on."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ledger.store.engine import HEAD, dispose_engines
from ledger.store.service import Ledger

pytestmark = [pytest.mark.slow, pytest.mark.sqlite_only]
BIN = Path(sys.executable).parent / "ledger"


def indexes(path: Path) -> dict[str, str]:
    con = sqlite3.connect(path)
    try:
        return {name: sql for name, sql in con.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'hand'")}
    finally:
        con.close()


def test_migration_0003_indexes_the_hand_a_correction_replaces(ledger_db):
    Ledger(str(ledger_db))
    assert HEAD >= "0003"  # 0003 and after
    assert "replaces_id" in (indexes(ledger_db).get("ix_hand_replaces") or "")


def test_migration_0003_goes_down_and_up_again(ledger_db):
    from alembic import command
    from alembic.config import Config

    led = Ledger(str(ledger_db))
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parents[2] / "ledger/store/migrations"))
    with led.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0002")
    assert "ix_hand_replaces" not in indexes(ledger_db)
    dispose_engines()
    Ledger(str(ledger_db))  # opening upgrades again
    assert "ix_hand_replaces" in indexes(ledger_db)


def test_a_writer_waiting_for_a_long_operation_says_so_and_then_writes(ledger_db):
    Ledger(str(ledger_db)).add_players(["Anna"])
    dispose_engines()
    holder = sqlite3.connect(ledger_db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # a long restore holds the write lock
    env = {**os.environ, "LEDGER_DB": str(ledger_db)}
    p = subprocess.Popen([str(BIN), "player", "add", "Bruno"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env)
    notice: list[str] = []
    reader = threading.Thread(target=lambda: notice.append(p.stderr.readline()), daemon=True)
    reader.start()
    reader.join(120)  # the notice comes once the command has waited a second (later on a busy machine)
    assert notice and p.poll() is None  # said it waits, and still waiting
    holder.execute("COMMIT")
    holder.close()
    out, rest = p.communicate(timeout=60)
    err = notice[0] + rest
    assert p.returncode == 0, err
    assert "waiting" in err and "another command" in err and str(ledger_db) in err
    assert len(err.strip().splitlines()) == 1
    assert "Bruno" in out
