"""The page's reads on a PostgreSQL ledger (a club's shared server): the change token and tonight's
matches through ``Ledger.reads()``, as ``ledger serve`` reads such a ledger. Runs when
LEDGER_TEST_PG_URL names a server (tests/backends.py; ``.ci/run`` starts one)."""

from __future__ import annotations

import pytest

import backends
from ledger.cli.app import State, reading
from ledger.web.app import read_board
from ledger.web.tonight import change_token, read_tonight

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not backends.pg_url(), reason=f"PostgreSQL not configured ({backends.PG_ENV})")]


def test_tonight_on_postgresql(cli, monkeypatch):
    with backends.pg_schema() as url:
        monkeypatch.setenv("LEDGER_DB", url)
        State.db, State._ledger = None, None
        cli("match", "new", "simone", "--players", "Anna,Bruno")
        State._ledger = None
        with reading() as reads:
            before = change_token(reads)
        cli("hand", "add", "1", "Anna=12", "Bruno=17", "knock=Bruno")
        cli("hand", "undo", "1")
        cli("hand", "add", "1", "Anna=12", "Bruno=17", "knock=Bruno")
        State._ledger = None
        with reading() as reads:
            after = change_token(reads)
            tonight = read_tonight(reads)
        assert after != before
        [card] = tonight.cards
        assert card.summary.hands == 1 and card.deals_next == "Bruno"
        token, board = read_board(reading, None)
        assert token == after and "Match 1" in board and "cannot be read" not in board
        State._ledger = None
