"""The reading commands on a ledger file at the program's schema read it through ``sqlite3``
itself (ledger/store/reads.py, ``reading``): a real ``python -m ledger`` process imports neither
SQLAlchemy nor SQLModel, prints what it always did, and stops at a Ctrl-C with the one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ctrl_c import BIN, INTERRUPTED, env, interrupted, ledger

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")]

# ``python -c LOADED ARGS...``: ``python -m ledger ARGS...``, then the database packages it imported
LOADED = r'''
import atexit, json, runpy, sys

def loaded():
    found = sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "sqlmodel", "alembic")})
    print("LOADED", json.dumps(found), file=sys.stderr)

atexit.register(loaded)
sys.argv = ["ledger", *sys.argv[1:]]
runpy.run_module("ledger", run_name="__main__", alter_sys=True)
'''

READS = [["show", "1"], ["show", "1", "--json"], ["report"], ["report", "--json"], ["stats"], ["stats", "--json"],
         ["match", "list"], ["match", "list", "--json"]]


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """A ledger holding the demo night, at the program's schema (made by ``ledger demo``)."""
    db = tmp_path_factory.mktemp("reading") / "demo.db"
    ledger(db, "demo")
    return db


@pytest.mark.parametrize("args", READS, ids=" ".join)
def test_a_reading_command_imports_no_database_layer(demo, args):
    r = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True, env=env(demo),
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines()[-1] == "LOADED []", r.stderr[-2000:]
    assert r.stdout == ledger(demo, *args).stdout  # what the installed command prints
    if "--json" in args:
        json.loads(r.stdout)


def test_a_ledger_read_this_way_is_left_whole_and_its_owners(demo):
    """The read's connection closes with the command: no -wal or -shm file is left beside it."""
    ledger(demo, "show", "1")
    assert not Path(f"{demo}-wal").exists() and not Path(f"{demo}-shm").exists()
    assert oct(demo.stat().st_mode & 0o777) == "0o600"


@pytest.mark.parametrize("nth", [1, 3], ids=["first query", "third query"])
def test_a_ctrl_c_while_show_reads_is_the_one_line(demo, nth):
    r = interrupted(demo, "ledger.store.reads:SqliteRows.rows", "show", "1", when="any", nth=nth)
    assert "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1] == INTERRUPTED, r.stderr
    assert r.returncode == 130
    assert ledger(demo, "show", "1").returncode == 0
