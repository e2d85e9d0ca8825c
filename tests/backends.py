"""Which databases the store and CLI tests run on: SQLite always, PostgreSQL when configured.

``LEDGER_TEST_PG_URL`` names a PostgreSQL database the tests may create schemas in, e.g.
``postgresql+psycopg://ledger:ledger@localhost/ledger_test`` (``.ci/run`` starts a server and sets
it). Then every test under ``tests/store`` and ``tests/cli`` that takes ``cli`` or ``ledger_db``
runs once per database (ids ``[sqlite]`` and ``[postgresql]``); each PostgreSQL run gets a fresh
schema of its own (the connection's ``search_path``), dropped afterwards. A test that looks at
the SQLite file itself is marked ``@pytest.mark.sqlite_only``.

Without the variable the PostgreSQL runs are left out, and ``test_postgresql_is_configured``
says so as a skip; in CI (``CI=true``) that test fails instead, so the server run is never
silently skipped.
"""

from __future__ import annotations

import inspect
import os
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

PG_ENV = "LEDGER_TEST_PG_URL"
DIRS = ("store", "cli")  # the suites that run on every database
HERE = Path(__file__).parent

_admin = None


def pg_url() -> str | None:
    return os.environ.get(PG_ENV) or None


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def parametrize(metafunc) -> None:
    """``pytest_generate_tests``: run DB tests of tests/store and tests/cli on every backend."""
    if not pg_url() or "ledger_db" not in metafunc.fixturenames:
        return
    try:
        rel = Path(str(metafunc.definition.path)).resolve().relative_to(HERE)
    except ValueError:
        return
    if rel.parts[0] not in DIRS or metafunc.definition.get_closest_marker("sqlite_only"):
        return
    wants = set(inspect.signature(metafunc.function).parameters)
    if wants & {"cli", "ledger_db"}:
        metafunc.parametrize("ledger_db", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)],
                             indirect=True)  # a server: the fast loop (-m "not slow") leaves it out


@contextmanager
def pg_schema() -> Iterator[str]:
    """A fresh, empty schema in the test database; yields the URL that uses it."""
    global _admin
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    base = make_url(pg_url())
    if _admin is None:
        _admin = create_engine(base, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    name = f"t_{uuid.uuid4().hex[:16]}"
    with _admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {name}")
    url = base.update_query_dict({"options": f"-csearch_path={name}"}).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        close_engines()
        with _admin.connect() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {name} CASCADE")


def close_engines() -> None:
    """Close the connections the ledger opened in this process (each test starts afresh)."""
    import sys

    engine = sys.modules.get("ledger.store.engine")
    if engine is not None:
        engine.dispose_engines()
