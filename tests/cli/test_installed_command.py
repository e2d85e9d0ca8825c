"""The installed ``ledger`` command in a real subprocess, against a temporary ledger."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # real processes, servers or kills: python -m pytest -m "not slow" leaves them out

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


@pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")
def test_the_ledger_file_alone_holds_every_write_when_a_command_ends(tmp_path):
    """SQLite's write-ahead log is folded into the ledger file when the command ends (a copy of
    the .db file alone is the whole ledger), after a one-shot write and after a bulk import."""
    db = tmp_path / "night.db"
    assert run("demo", db=db).returncode == 0
    export = tmp_path / "all.json"
    assert run("export", "--all", "-o", str(export), db=db).returncode == 0
    other = tmp_path / "other.db"
    assert run("import", str(export), db=other).returncode == 0
    assert run("player", "add", "Zoe", db=other).returncode == 0
    for f in (db, other):
        assert not Path(f"{f}-wal").exists() and not Path(f"{f}-shm").exists()
    copy = tmp_path / "copy.db"
    copy.write_bytes(other.read_bytes())
    assert "Zoe" in run("player", "list", db=copy).stdout


def test_python_dash_m_ledger(tmp_path):
    r = subprocess.run([sys.executable, "-m", "ledger", "--version"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("ledger ")


LAZY_CHECK = """
import os, sys
import typer.main
from ledger.cli import app, main

HEAVY = ("sqlalchemy", "sqlmodel", "alembic")


def heavy():
    return sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in HEAVY})


def run(argv, env=None):
    saved = dict(os.environ)
    os.environ.update(env or {})
    sys.argv = ["ledger", *argv]
    try:
        main()
    except SystemExit:
        pass
    finally:
        os.environ.clear()
        os.environ.update(saved)


def paths(cmd, prefix=()):
    yield prefix
    for name, sub in sorted(getattr(cmd, "commands", {}).items()):
        yield from paths(sub, prefix + (name,))


cases = [[*p, "--help"] for p in paths(typer.main.get_command(app))] + [["--version"]]
for words in ("ledger ", "ledger sh", "ledger hand ", "ledger play ", "ledger match new "):
    cases.append(("complete", words))
for case in cases:
    if case[0] == "complete":
        run([], {"_LEDGER_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": case[1]})
    else:
        run(case)
    print("CASE", " ".join(case), heavy(), file=sys.stderr)
"""


def test_help_version_and_completion_do_not_import_the_database_layer():
    """Every command's --help, --version and shell completion, in one fresh process: after each,
    neither SQLAlchemy, SQLModel nor Alembic has been imported."""
    r = subprocess.run([sys.executable, "-c", LAZY_CHECK], capture_output=True, text=True, timeout=120)
    cases = [line for line in r.stderr.splitlines() if line.startswith("CASE ")]
    assert len(cases) > 20, r.stderr[-1000:]
    assert any(c.startswith("CASE play --help") for c in cases) and any("complete" in c for c in cases)
    heavy = [c for c in cases if not c.endswith("[]")]
    assert not heavy, heavy
    assert "show" in r.stdout  # completion answered ("ledger sh" -> show)


def test_alembic_is_imported_only_when_the_stored_revision_differs(tmp_path):
    import shutil

    old = tmp_path / "old.db"
    shutil.copy(Path(__file__).resolve().parents[1] / "fixtures" / "ledger-0001.db", old)

    def alembic(path):
        code = ("import sys\nfrom ledger.store.service import Ledger\nLedger(%r)\n"
                "print('ALEMBIC', any(m.split('.')[0] == 'alembic' for m in sys.modules))\n") % str(path)
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert "ALEMBIC" in r.stdout, r.stderr[-500:]
        return "ALEMBIC True" in r.stdout

    assert alembic(old)  # an older ledger is migrated
    assert not alembic(old)  # once up to date, it is not
    assert not alembic(tmp_path / "new.db")  # a new one is made at the newest revision directly (schema_head)


@pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")
def test_a_mistyped_option_or_command_is_one_line(tmp_path):
    db = tmp_path / "l.db"
    for args in (["show", "1", "--jsn"], ["shw", "1"], ["match", "new"]):
        r = run(*args, db=db)
        assert r.returncode == 2 and r.stdout == ""
        assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("error: ")
    r = run(db=db)  # nothing asked: the help, as before
    assert r.returncode == 0 and "Usage" in r.stdout + r.stderr


READ_CHECK = """
import sys
from ledger.cli import main

sys.argv = ["ledger", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    code = done.code
else:
    code = 0
heavy = sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "sqlmodel", "alembic")})
print("HEAVY", heavy, "CODE", code, file=sys.stderr)
"""


@pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")
def test_reading_commands_of_the_installed_program_read_a_sqlite_ledger(tmp_path):
    """show, match list, report and stats read a SQLite ledger at the program's schema through
    ``sqlite3`` itself (ledger/store/reads.py, ``reading``): neither SQLAlchemy nor SQLModel is
    imported, an unknown match included; what they print is checked by their own tests."""
    db = tmp_path / "club.db"
    assert run("demo", db=db).returncode == 0
    env = {**os.environ, "LEDGER_DB": str(db), "COLUMNS": "120"}
    for args in (["show", "1"], ["show", "last", "--json"], ["match", "list"], ["report"], ["report", "--json"],
                 ["stats"], ["stats", "--player", "Anna", "--json"], ["show", "999"]):
        r = subprocess.run([sys.executable, "-c", READ_CHECK, *args], capture_output=True, text=True, env=env,
                           timeout=120)
        last = r.stderr.strip().splitlines()[-1]
        assert last.startswith("HEAVY [] CODE"), (args, r.stderr[-800:])
        assert last.endswith("CODE 2" if args == ["show", "999"] else "CODE 0"), (args, r.stderr[-800:])
        assert args == ["show", "999"] or len(r.stdout) > 100, (args, r.stdout)
