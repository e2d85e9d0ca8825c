"""A new SQLite ledger is made at the newest revision from ``ledger/store/schema_head.py``: the
schema the Alembic migrations make, written by SQLite in the same words, without Alembic."""

from __future__ import annotations

import importlib.util
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ledger.store import engine as store_engine
from ledger.store import schema_head
from ledger.store.engine import HEAD, dispose_engines, open_engine, upgrade
from ledger.store.service import Ledger

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.sqlite_only


def _schema(path: Path) -> tuple[list[tuple], list[tuple]]:
    """What SQLite keeps of a ledger file's schema (every table, index and automatic index, with
    its statement), and its stored revision."""
    with sqlite3.connect(path) as con:
        master = con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()
        return master, con.execute("SELECT version_num FROM alembic_version").fetchall()


def _migrated(path: Path) -> Path:
    upgrade(open_engine(f"sqlite:///{path}"))
    dispose_engines()
    return path


def test_a_new_ledger_has_exactly_the_schema_the_migrations_make(tmp_path):
    led = Ledger(str(tmp_path / "new.db"))
    led.new_match("trentasette", players=["Anna", "Bruno"])  # and it works as a ledger
    dispose_engines()
    made, migrated = _schema(tmp_path / "new.db"), _schema(_migrated(tmp_path / "migrated.db"))
    assert made == migrated
    assert made[1] == [(HEAD,)]
    assert {name for kind, name, _, _ in made[0] if kind == "table"} >= {"player", "night", "match", "seat", "hand"}


def test_the_module_is_what_the_migrations_make_now():
    spec = importlib.util.spec_from_file_location("schema_tool", ROOT / "tools" / "schema.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.MODULE.read_text() == tool.module_text(), "run: python tools/schema.py write"
    assert schema_head.REVISION == HEAD


@pytest.mark.slow  # runs the installed command in a process of its own
def test_a_new_ledger_is_made_without_importing_alembic(tmp_path):
    code = ("import sys; from ledger.store.service import Ledger; "
            f"Ledger({str(tmp_path / 'new.db')!r}).players(); "
            "print(sorted(m for m in ('alembic', 'mako') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_module_behind_the_migrations_leaves_the_ledger_to_them(tmp_path, monkeypatch):
    monkeypatch.setattr(schema_head, "REVISION", "0003")  # a migration added, the module not written again
    calls = []
    monkeypatch.setattr(store_engine, "upgrade", lambda engine: (calls.append(engine), upgrade(engine)))
    Ledger(str(tmp_path / "new.db")).players()
    dispose_engines()
    assert len(calls) == 1
    assert _schema(tmp_path / "new.db") == _schema(_migrated(tmp_path / "migrated.db"))


def test_a_database_made_meanwhile_is_not_made_again(tmp_path):
    path = _migrated(tmp_path / "ledger.db")  # another process made it between the look and the write
    engine = open_engine(f"sqlite:///{path}")
    assert store_engine._create_at_head(engine) is False
    dispose_engines()
    assert _schema(path) == _schema(_migrated(tmp_path / "again.db"))
