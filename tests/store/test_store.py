"""The store: schema and migrations, file permissions, transactions, night rule, newer ledgers."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import stat

import pytest

from ledger.errors import LedgerError
from ledger.store.engine import HEAD, database_url, stored_revision
from ledger.store.service import Ledger, night_date


def hd():
    return " ".join(r + s for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())


def test_migrations_create_exactly_the_models_schema(ledger_db):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from ledger.store.models import SQLModel

    led = Ledger(str(ledger_db))
    with led.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    assert diff == []
    assert stored_revision(led.engine) == HEAD


@pytest.mark.sqlite_only
def test_the_ledger_file_is_private_and_uses_wal(ledger_db):
    led = Ledger(str(ledger_db))
    led.new_match("trentasette", players=["Anna", "Bruno"])
    assert stat.S_IMODE(os.stat(ledger_db).st_mode) == 0o600
    with led.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
    for companion in (str(ledger_db) + "-wal", str(ledger_db) + "-shm"):
        if os.path.exists(companion):
            assert stat.S_IMODE(os.stat(companion).st_mode) == 0o600


def test_a_failed_write_leaves_the_ledger_as_it_was(ledger_db):
    led = Ledger(str(ledger_db))
    led.new_match("trentasette", players=["Anna", "Bruno"])
    led.add_hand(1, {"sides": {"Anna": hd(), "Bruno": "rest"}})
    with pytest.raises(LedgerError):
        led.add_hand(1, {"sides": {"Anna": "AH AH", "Bruno": "rest"}})
    with pytest.raises(LedgerError):  # new players are not left behind by a failed match
        led.new_match("trentasette", players=["Zoe"])
    assert [p["name"] for p in led.players()] == ["Anna", "Bruno"]
    assert len(led.view(1).hands) == 1


def test_a_correction_that_breaks_a_later_hand_is_refused(ledger_db):
    led = Ledger(str(ledger_db))
    led.new_match("trentasette", players=["Anna", "Bruno"], options={"target": 3})
    led.add_hand(1, {"sides": {"Anna": "rest", "Bruno": hd()}})   # Anna -1, Bruno +2
    led.add_hand(1, {"sides": {"Anna": hd(), "Bruno": "rest"}})   # Anna +2, Bruno -1
    assert led.view(1).replay.final.totals == {"Anna": 1, "Bruno": 1}
    # corrected, hand 1 would end the match (Bruno +11), leaving hand 2 after the end: refused
    with pytest.raises(LedgerError, match="hand 2") as err:
        led.replace_hand(1, 1, {"sides": {"Anna": "rest", "Bruno": hd() + " 3S 3C"}})
    assert "over" in str(err.value)
    assert len(led.history(1)) == 2 and led.view(1).replay.final.totals == {"Anna": 1, "Bruno": 1}
    # voiding hand 1 is fine; the scoreboard follows the live hands, the history keeps all
    led.void_hand(1, 1, "misdeal")
    assert led.view(1).replay.final.totals == {"Anna": 2, "Bruno": -1}
    assert [h["voided"] for h in led.history(1)] == [True, False]


@pytest.mark.sqlite_only
def test_a_newer_ledger_is_refused_and_not_changed(ledger_db):
    Ledger(str(ledger_db))
    con = sqlite3.connect(ledger_db)
    con.execute("UPDATE alembic_version SET version_num = '9999'")
    con.commit()
    con.close()
    before = ledger_db.read_bytes()
    with pytest.raises(LedgerError, match="newer than this program"):
        Ledger(str(ledger_db))
    assert ledger_db.read_bytes() == before


def test_database_url_from_option_env_or_default(monkeypatch, tmp_path):
    monkeypatch.setenv("LEDGER_DB", str(tmp_path / "env.db"))
    assert database_url(None) == f"sqlite:///{tmp_path / 'env.db'}"
    assert database_url(str(tmp_path / "opt.db")) == f"sqlite:///{tmp_path / 'opt.db'}"
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    monkeypatch.delenv("LEDGER_DB")
    assert database_url(None).endswith("ledger.db")
    assert str(tmp_path / "xdg") in database_url(None)


@pytest.mark.parametrize("when,night", [
    (dt.datetime(2026, 11, 29, 23, 30), dt.date(2026, 11, 29)),
    (dt.datetime(2026, 11, 30, 1, 15), dt.date(2026, 11, 29)),
    (dt.datetime(2026, 11, 30, 6, 0), dt.date(2026, 11, 30)),
])
def test_a_hand_before_six_belongs_to_the_previous_night(when, night):
    assert night_date(when) == night


def test_an_imported_match_without_a_night_belongs_to_the_night_its_first_hand_was_entered(ledger_db, monkeypatch):
    """RULES.md: a hand entered before 06:00 belongs to the previous day's night."""
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    led = Ledger()
    hands = [{"sides": {"Anna": "AH AD AC AS 2H 2D 2C 2S 3H 3D 3C 3S", "Bruno": "rest"},
              "entered_at": "2026-11-28T03:00:00+00:00"}]
    late = led.import_match({"game": "trentasette", "players": ["Anna", "Bruno"], "hands": hands})
    assert late.night.date.isoformat() == "2026-11-27"
    hands[0]["entered_at"] = "2026-11-28T21:00:00+00:00"
    evening = led.import_match({"game": "trentasette", "players": ["Anna", "Bruno"], "hands": hands})
    assert evening.night.date.isoformat() == "2026-11-28"
    named = led.import_match({"game": "trentasette", "players": ["Anna", "Bruno"], "night": "2026-01-02",
                              "hands": hands})
    assert named.night.date.isoformat() == "2026-01-02"  # a night given wins
    monkeypatch.delenv("TZ")
    time.tzset()


def test_loading_the_demo_again_replaces_it_in_one_transaction(ledger_db, cli):
    from ledger.cli.cmd_ledger import demo_documents

    led = Ledger()
    n = len(demo_documents())
    first, views = led.load_demo(demo_documents())
    assert first == 0 and len(views) == n
    again, views = led.load_demo(demo_documents())
    assert again == n and len([m for m in led.matches() if m["demo"]]) == n
    bad = demo_documents()
    bad[-1] = {**bad[-1], "hands": [{"nonsense": 1}]}
    with pytest.raises(LedgerError):
        led.load_demo(bad)
    assert len([m for m in led.matches() if m["demo"]]) == n  # nothing changed: the old demo is still there
    assert f"replaces the demo night recorded before, {n} matches" in " ".join(cli("demo").stdout.split())


@pytest.mark.sqlite_only
def test_a_ledger_switched_to_wal_while_another_writes_waits_for_it(ledger_db):
    """A new ledger is switched to the WAL journal by the first command that opens it. When another
    connection holds the write lock then (``ledger serve`` making the same new ledger), SQLite
    refuses the switch at once, without waiting: the command waits its turn instead of failing
    with "database is locked"."""
    import threading
    import time
    from contextlib import closing

    from ledger.store.engine import dispose_engines

    held = 0.3  # seconds the other writer keeps its write lock
    Ledger(str(ledger_db))
    dispose_engines()
    con = sqlite3.connect(str(ledger_db), isolation_level=None, check_same_thread=False)
    con.execute("PRAGMA journal_mode=DELETE")  # as a ledger is before its first command switches it
    con.execute("BEGIN IMMEDIATE")  # the other writer, in the middle of its transaction
    release = threading.Timer(held, lambda: con.execute("COMMIT"))
    release.start()
    started = time.monotonic()
    led = Ledger(str(ledger_db))
    release.join()
    assert time.monotonic() - started >= held * 0.9  # it waited for the other writer
    con.close()
    with closing(sqlite3.connect(str(ledger_db))) as fresh:
        assert fresh.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert led.matches() == []
