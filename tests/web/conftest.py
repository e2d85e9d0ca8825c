"""Fixtures for the tests of ``ledger serve`` (helpers in serving.py)."""

from __future__ import annotations

import pytest

from serving import Served, start_serve


@pytest.fixture(autouse=True)
def fresh_cli_state(ledger_db):
    """The in-process reads (``ledger.cli.app.reading``) open this test's ledger, not the Ledger a
    previous test's command left in ``State``."""
    from ledger.cli.app import State

    State.db, State._ledger = None, None
    yield
    State.db, State._ledger = None, None


@pytest.fixture
def serve():
    """Start ``ledger serve --port 0 [ARGS]`` (as ``serve(*args)``); every one is stopped after the
    test with Ctrl-C."""
    started: list[Served] = []

    def run(*args: str) -> Served:
        s = start_serve(*args)
        started.append(s)
        return s

    yield run
    for s in started:
        s.stop()
