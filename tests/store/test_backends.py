"""The databases the ledger runs on: SQLite files and a club's PostgreSQL server (tests/backends.py
runs the store and CLI suites on both when LEDGER_TEST_PG_URL names a server)."""

from __future__ import annotations

import pytest

import backends
from ledger.store.engine import database_url, display_url, open_engine
from ledger.store.service import Ledger


def test_postgresql_is_configured():
    """In CI the PostgreSQL run is required; on a developer's machine it is skipped, saying so."""
    if backends.pg_url():
        return
    if backends.in_ci():
        pytest.fail(f"CI must run the store and CLI tests on PostgreSQL: set {backends.PG_ENV} (see .ci/run)")
    pytest.skip(f"PostgreSQL not configured: set {backends.PG_ENV}=postgresql+psycopg://USER:PASSWORD@HOST/DB "
                "to run the store and CLI tests on a server too")


def test_a_server_password_is_never_shown(cli, monkeypatch):
    url = "postgresql+psycopg://club:s3cret@db.example.org:5432/ledger"
    assert display_url(url) == "postgresql+psycopg://club:***@db.example.org:5432/ledger"
    monkeypatch.setenv("LEDGER_DB", url)
    assert cli("db", "path").stdout.strip() == display_url(url)
    assert display_url(database_url("/tmp/x.db")) == "sqlite:////tmp/x.db"


def test_a_database_without_its_driver_or_a_bad_url_gets_one_line(cli):
    assert "driver is not installed" in cli.error("--db", "nonsense://", "match", "list")
    line = cli.error("--db", "mssql+nosuchdriver://u:pw@host/db", "match", "list")
    assert "driver is not installed" in line and "pw" not in line


def test_the_same_ledger_on_every_backend(ledger_db):
    """Booleans, JSON, times with their zone and dates read back the same on every database."""
    led = Ledger(str(ledger_db))
    view = led.new_match("simone", players=["Zoë", "李娜"], options={"target": None})
    assert led.engine is open_engine(led.url)  # one engine per database and process
    led.add_hand(view.match.id, {"hands": {"Zoë": 3, "李娜": "AH 2H"}, "knocked_by": None, "note": {"a": [1, None]}})
    led.void_hand(view.match.id, 1, "é")
    (h,) = led.history(view.match.id)
    assert h["voided"] is True and h["void_reason"] == "é" and h["document"]["note"] == {"a": [1, None]}
    assert h["entered_at"].endswith("+00:00") and h["voided_at"] >= h["entered_at"]
    assert led.matches()[0]["night"] == view.night.date.isoformat()
    assert led.export(view.match.id)["options"] == {"target": None}
