"""The installed ``ledger`` command in a real subprocess, against a temporary ledger."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent / "ledger"


def run(*args, db, input=None):
    env = {**os.environ, "LEDGER_DB": str(db), "COLUMNS": "120"}
    return subprocess.run([str(BIN), *args], input=input, capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")
def test_installed_ledger_plays_a_hand_and_shows_the_scoreboard(tmp_path):
    db = tmp_path / "club.db"
    assert run("--version", db=db).stdout.startswith("ledger ")
    r = run("match", "new", "trentasette", "--players", "Anna,Bruno", db=db)
    assert r.returncode == 0, r.stderr
    hd = " ".join(r + s for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    r = run("hand", "add", "1", f"Anna={hd}", "Bruno=rest", db=db)
    assert r.returncode == 0, r.stderr
    r = run("show", "1", db=db)
    assert "Anna" in r.stdout and "Next dealer: Bruno" in r.stdout
    data = json.loads(run("show", "1", "--json", db=db).stdout)
    assert data["totals"] == {"Anna": 2, "Bruno": -1}
    bad = run("hand", "add", "1", "Anna=AH AH", "Bruno=rest", db=db)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1
    assert "Traceback" not in bad.stderr
    assert json.loads(run("show", "1", "--json", db=db).stdout)["hands"] == data["hands"]
    assert db.exists() and oct(db.stat().st_mode & 0o777) == "0o600"


def test_python_dash_m_ledger(tmp_path):
    r = subprocess.run([sys.executable, "-m", "ledger", "--version"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("ledger ")


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["hand", "add", "--help"], ["score", "--help"]])
def test_help_and_version_do_not_import_the_database_layer(argv):
    code = ("import sys\nsys.argv = ['ledger'] + %r\nfrom ledger.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'sqlmodel', 'alembic'))\n"
            "print('HEAVY', heavy, file=sys.stderr)\n") % argv
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "HEAVY []" in r.stderr, r.stderr[-500:]
