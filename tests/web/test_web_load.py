"""The scorekeepers' load on ``ledger serve --scorekeeper`` (issue 37): 5 phones post hands to 5
matches at once, each sending every hand twice (a retry on a bad network, the same
Idempotency-Key), while 50 players' phones hold the event stream; then every hand is stored
exactly once, in the order sent, and ``db check`` finds nothing. On SQLite, and on PostgreSQL
when LEDGER_TEST_PG_URL names a server (tests/backends.py)."""

from __future__ import annotations

import json
import threading
import time

import httpx2 as httpx
import pytest

import backends
from serving import ledger

pytestmark = pytest.mark.slow  # real processes and many connections

PHONES = 5
READERS = 50
HANDS = 8  # each phone's hands, every one sent twice
LOAD_SECONDS = 120  # everything done within this, on a busy 2-core machine


def hand(phone: int, i: int) -> dict:
    """Hand ``i`` of ``phone``'s match: Anna's sweeps say which hand it is (the order is checked)."""
    return {"sides": {"Anna": {"cards": 22, "denari": 6, "settebello": True, "primiera": 78, "scope": (phone + i) % 4},
                      "Bruno": {"cards": 18, "denari": 4, "settebello": False, "primiera": 70}}}


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, monkeypatch):
    if request.param == "sqlite":
        yield
        return
    if not backends.pg_url():
        pytest.skip(f"PostgreSQL not configured ({backends.PG_ENV})")
    with backends.pg_schema() as url:
        monkeypatch.setenv("LEDGER_DB", url)
        yield


def test_five_phones_post_while_fifty_read_and_every_hand_is_stored_once(backend, serve):
    s = serve("--scorekeeper")
    sk, pk = s.scorekeeper_keys()
    auth = {"Authorization": f"Bearer {sk}"}
    with httpx.Client(base_url=s.base, timeout=LOAD_SECONDS) as c:
        for phone in range(PHONES):
            r = c.post("/api/matches", json={"game": "scopa", "players": ["Anna", "Bruno"],
                                             "options": {"target": 1000}}, headers=auth)
            assert r.status_code == 201, r.text
    matches = list(range(1, PHONES + 1))
    stop = threading.Event()
    boards = [0] * READERS
    problems: list[object] = []

    def reader(i: int) -> None:
        try:
            with httpx.Client(base_url=s.base, timeout=LOAD_SECONDS) as c:
                with c.stream("GET", f"/events?key={pk}") as events:
                    assert events.status_code == 200
                    for line in events.iter_lines():
                        boards[i] += line == "event: board"
                        if stop.is_set():
                            return
        except BaseException as err:  # noqa: BLE001  reported below
            if not stop.is_set():
                problems.append(err)

    def phone(k: int) -> None:
        try:
            with httpx.Client(base_url=s.base, timeout=LOAD_SECONDS) as c:
                for i in range(HANDS):
                    doc = {**hand(k, i), "after": i}
                    headers = {**auth, "Idempotency-Key": f"phone {k} hand {i}"}
                    first = c.post(f"/api/matches/{matches[k]}/hands", content=json.dumps(doc), headers=headers)
                    again = c.post(f"/api/matches/{matches[k]}/hands", content=json.dumps(doc), headers=headers)
                    assert first.status_code == 201, first.text
                    assert again.json() == first.json() and first.json()["number"] == i + 1
        except BaseException as err:  # noqa: BLE001  reported below
            problems.append(err)

    readers = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(READERS)]
    for th in readers:
        th.start()
    time.sleep(1)  # the readers hold their streams before the hands come
    began = time.monotonic()
    phones = [threading.Thread(target=phone, args=(k,), daemon=True) for k in range(PHONES)]
    for th in phones:
        th.start()
    for th in phones:
        th.join(LOAD_SECONDS)
    time.sleep(2)  # the board's next poll reaches the streams
    stop.set()
    assert not problems, problems[:3]
    assert time.monotonic() - began < LOAD_SECONDS
    assert all(n >= 2 for n in boards), boards  # the first board, and a board after hands
    for k, mid in enumerate(matches):
        doc = json.loads(ledger("export", str(mid)).stdout)
        assert [h["sides"]["Anna"]["scope"] for h in doc["hands"]] == [(k + i) % 4 for i in range(HANDS)]
        assert all(h["source"] == "page" and "voided" not in h for h in doc["hands"])
    assert "Every match replays" in ledger("db", "check").stdout
    assert s.proc.poll() is None
