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


def test_the_api_on_postgresql(monkeypatch):
    """The scorekeeper's API on a club's PostgreSQL ledger: a match, a hand, the ``after`` conflict,
    a retried Idempotency-Key, a void, and the players' page following."""
    import time

    from starlette.testclient import TestClient

    from ledger.web.app import create_app

    hand = {"hands": {"Anna": 12, "Bruno": 17}, "knocked_by": "Bruno"}
    auth = {"Authorization": "Bearer sk"}
    with backends.pg_schema() as url:
        monkeypatch.setenv("LEDGER_DB", url)
        State.db, State._ledger = None, None
        with TestClient(create_app("pk", poll=0.05, scorekeeper="sk"), base_url="http://127.0.0.1:8037") as c:
            r = c.post("/api/matches", json={"game": "simone", "players": ["Anna", "Bruno"]}, headers=auth)
            assert r.status_code == 201 and r.json() == {"match": 1}
            once = {**auth, "Idempotency-Key": "h1"}
            first = c.post("/api/matches/1/hands", json={**hand, "after": 0}, headers=once)
            assert first.status_code == 201 and first.json()["number"] == 1
            assert c.post("/api/matches/1/hands", json={}, headers=once).json() == first.json()
            stale = c.post("/api/matches/1/hands", json={**hand, "after": 0}, headers=auth)
            assert stale.status_code == 409 and len(stale.json()["hands"]) == 1
            assert c.post("/api/matches/1/hands", json=hand, headers={"Authorization": "Bearer pk"}).status_code == 403
            deadline = time.monotonic() + 10
            while "1 hand" not in c.get("/?key=pk").text and time.monotonic() < deadline:
                time.sleep(0.05)
            assert "1 hand" in c.get("/?key=pk").text
            assert c.post("/api/matches/1/hands/1/void", json={"reason": "typo"}, headers=auth).status_code == 200
        State._ledger = None
