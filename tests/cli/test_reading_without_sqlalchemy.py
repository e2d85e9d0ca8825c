"""The reading commands on a ledger file at the program's schema read it through ``sqlite3``
itself (ledger/store/reads.py, ``reading``; tests/cli/test_installed_command.py checks that they
import neither SQLAlchemy nor SQLModel): they print, byte for byte, what reading through the store
prints, leave the file as the store would, and stop at a Ctrl-C with the one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ctrl_c import BIN, INTERRUPTED, interrupted, ledger
from ledger.store import reads as R

READS = [["show", "1"], ["show", "last", "--json"], ["show", "2", "--last", "2"], ["show", "999"],
         ["report"], ["report", "--json"], ["report", "--from", "2020-01-01", "--player", "anna", "--json"],
         ["report", "--game", "nope"], ["stats"], ["stats", "--player", "Anna", "--json"],
         ["match", "list"], ["match", "list", "--json"], ["match", "list", "--game", "scopa", "--json"],
         ["export", "--all"]]


@pytest.mark.sqlite_only
def test_a_ledger_at_head_reads_as_through_the_store(cli, ledger_db, monkeypatch):
    cli("demo")
    direct = {tuple(args): cli(*args, code=None) for args in READS}
    conn = R.open_at_head(str(ledger_db))
    assert conn is not None  # the reads below go through sqlite3 itself
    conn.close()
    monkeypatch.setattr(R, "open_at_head", lambda db: None)  # every read through Ledger(db)
    for args in READS:
        through_store, got = cli(*args, code=None), direct[tuple(args)]
        assert (got.exit_code, untimed(got.stdout), got.stderr) == \
            (through_store.exit_code, untimed(through_store.stdout), through_store.stderr), args
    refused = [2 if "999" in args or "nope" in args else 0 for args in READS]
    assert [direct[tuple(args)].exit_code for args in READS] == refused


def untimed(text: str) -> str:
    """``text`` without the time of an export (the one thing two reads of a ledger may differ in)."""
    return re.sub(r'"exported_at": "[^"]+"', '"exported_at": "…"', text)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """A ledger holding the demo night, at the program's schema (made by ``ledger demo``)."""
    db = tmp_path_factory.mktemp("reading") / "demo.db"
    ledger(db, "demo")
    return db


@pytest.mark.slow
@pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")
def test_a_ledger_read_this_way_is_left_whole_and_its_owners(demo):
    """The read's connection closes with the command: no -wal or -shm file is left beside it."""
    demo.chmod(0o644)
    assert ledger(demo, "show", "1").returncode == 0
    assert not Path(f"{demo}-wal").exists() and not Path(f"{demo}-shm").exists()
    assert oct(demo.stat().st_mode & 0o777) == "0o600"


@pytest.mark.slow
@pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")
@pytest.mark.parametrize("nth", [1, 3], ids=["first query", "third query"])
def test_a_ctrl_c_while_show_reads_is_the_one_line(demo, nth):
    r = interrupted(demo, "ledger.store.reads:SqliteRows.rows", "show", "1", when="any", nth=nth)
    assert "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1] == INTERRUPTED, r.stderr
    assert r.returncode == 130
    assert ledger(demo, "show", "1").returncode == 0
