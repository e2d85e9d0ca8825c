"""The web application of ``ledger serve`` through Starlette's TestClient: the key, the methods,
the headers, escaping, and updates (a match started later, a hand added while a stream is open)."""

from __future__ import annotations

import hashlib
import json
import re
import time

import pytest
from starlette.testclient import TestClient

from ledger.web.app import create_app

KEY = "k3y-for-the-tests"
BASE = "http://127.0.0.1:8037"  # a Host the application answers to (its default: this machine's own names)
POLL = 0.05  # seconds: the tests wait for updates, so the board is read often


@pytest.fixture
def client(ledger_db):
    with TestClient(create_app(KEY, poll=POLL), base_url=BASE) as c:
        yield c


def new_simone(cli, players="Anna,Bruno") -> None:
    cli("match", "new", "simone", "--players", players)


def wait_for(client, text: str, seconds: float = 5) -> str:
    """The page, read again until it holds ``text`` (the board is read every POLL seconds)."""
    deadline = time.monotonic() + seconds
    while True:
        page = client.get(f"/?key={KEY}").text
        if text in page or time.monotonic() > deadline:
            return page
        time.sleep(POLL)


def test_every_request_needs_the_key(client):
    for path in ("/", "/events", "/nothing", "/?key=", "/?key=wrong", f"/?key={KEY}x", f"/events?key={KEY[:-1]}"):
        r = client.get(path)
        assert r.status_code == 403, path
        assert "needs its key" in r.text
        assert KEY not in r.text and "set-cookie" not in r.headers
    assert client.get(f"/?key={KEY}").status_code == 200
    assert client.get(f"/nothing?key={KEY}").status_code == 404


def test_the_key_from_the_query_becomes_a_strict_http_only_cookie(client):
    first = client.get(f"/?key={KEY}")
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"ledger-key-8037={KEY};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    again = client.get("/")  # the cookie alone will do now (the page's event stream relies on it)
    assert again.status_code == 200 and "set-cookie" not in again.headers
    assert client.get("/?key=wrong").status_code == 403  # a wrong key is refused, cookie or not
    client.cookies.clear()
    client.cookies.set("ledger-key-8037", "wrong")
    assert client.get("/").status_code == 403


def test_only_get_and_head_are_served(client):
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        for path in (f"/?key={KEY}", "/", f"/events?key={KEY}"):
            r = client.request(method, path)
            assert r.status_code == 405, (method, path)
            assert r.headers["allow"] == "GET, HEAD"
    head = client.head(f"/?key={KEY}")
    assert head.status_code == 200 and head.content == b""
    assert client.head(f"/events?key={KEY}").headers["content-type"].startswith("text/event-stream")


def test_security_headers_and_a_nonce_for_the_only_inline_style_and_script(client):
    pages = [client.get(f"/?key={KEY}") for _ in range(2)]
    nonces = []
    for r in pages:
        h = r.headers
        csp = h["content-security-policy"]
        nonce = re.search(r"script-src 'nonce-([A-Za-z0-9_-]+)'", csp).group(1)
        nonces.append(nonce)
        assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp and f"style-src 'nonce-{nonce}'" in csp
        assert "connect-src 'self'" in csp and "unsafe-inline" not in csp
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"
        assert h["x-frame-options"] == "DENY"
        assert h["cache-control"] == "no-store"
        assert re.findall(r"<script[^>]*>", r.text) == [f'<script nonce="{nonce}">']
        assert re.findall(r"<style[^>]*>", r.text) == [f'<style nonce="{nonce}">']
        assert not re.search(r"\b(src|href)=", r.text)  # nothing loaded from anywhere
    assert nonces[0] != nonces[1]
    client.cookies.clear()
    refused = client.get("/")
    assert refused.status_code == 403 and "frame-ancestors 'none'" in refused.headers["content-security-policy"]


def test_names_and_notes_are_escaped_with_their_control_characters(cli, client, tmp_path):
    evil = "<script>alert(1)</script>"
    cli("match", "new", "simone", "--players", f"{evil},Bruno")
    cli("hand", "add", "1", f"{evil}=12", "Bruno=17", "knock=Bruno")
    note = "first line\r\ndata: <img src=x onerror=alert(2)>\nevent: board\x00"
    doc = {"game": "simone", "players": ["Carla", "Dario"], "note": note,
           "hands": [{"hands": {"Carla": 10, "Dario": 20}, "knocked_by": "Carla"}]}
    (tmp_path / "m.json").write_text(json.dumps(doc), encoding="utf-8")
    cli("import", str(tmp_path / "m.json"))
    page = wait_for(client, "Match 2")
    assert "Match 1" in page and "Match 2" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and evil not in page
    assert "<img" not in page and "&lt;img src=x onerror=alert(2)&gt;" in page
    assert r"first line\r\ndata: " in page and r"event: board\x00" in page  # visible, not line breaks
    assert len(re.findall("<script", page)) == 1  # ours
    with client.stream("GET", f"/events?key={KEY}") as events:
        lines = read_event(events)
    assert all(line.startswith(("event: ", "id: ", "data: ", "retry: ")) or line == "" for line in lines), lines
    board = "\n".join(line[6:] for line in lines if line.startswith("data: "))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in board and "<img" not in board
    assert sum(line.startswith("event: ") for line in lines) == 1


def read_event(response, seconds: float = 10) -> list[str]:
    """The lines of a stream up to the end of its first ``board`` event."""
    lines, deadline = [], time.monotonic() + seconds
    seen = False
    for line in response.iter_lines():
        lines.append(line)
        seen = seen or line == "event: board"
        if (seen and line == "") or time.monotonic() > deadline:
            break
    return lines


def test_a_match_started_after_the_server_is_shown(cli, client):
    assert "No match tonight yet" in client.get(f"/?key={KEY}").text
    new_simone(cli, "Elena,Franco")
    page = wait_for(client, "Match 1")
    assert "Match 1 · Il Gioco di Simone" in page or "Match 1 · " in page
    assert "Elena" in page and "Franco" in page and "Deals next: Elena" in page


def test_the_event_stream_sends_the_new_board_after_hand_add(cli, client):
    new_simone(cli)
    page = wait_for(client, "Match 1")
    token = re.search(r'data-token="([0-9a-f]+)"', page).group(1)
    with client.stream("GET", f"/events?key={KEY}&since={token}") as events:
        assert events.headers["content-type"].startswith("text/event-stream")
        cli("hand", "add", "1", "Anna=12", "Bruno=17", "knock=Bruno")
        lines = read_event(events)
    ids = [line[4:] for line in lines if line.startswith("id: ")]
    assert len(ids) == 1 and ids[0] != token  # only the board after the change, with its new token
    board = "\n".join(line[6:] for line in lines if line.startswith("data: "))
    assert "1 hand" in board and "Deals next: Bruno" in board
    assert ">12<" in board and ">17<" in board  # the hand's cells on the scoreboard


def test_a_stream_starting_without_a_token_gets_the_board_at_once(cli, client):
    new_simone(cli)
    wait_for(client, "Match 1")
    with client.stream("GET", f"/events?key={KEY}") as events:
        lines = read_event(events)
    assert "retry: 1000" in lines and any("Match 1" in line for line in lines)


def test_event_streams_are_capped(ledger_db):
    app = create_app(KEY, poll=POLL, max_streams=1)
    with TestClient(app, base_url=BASE) as client:
        with client.stream("GET", f"/events?key={KEY}") as first:
            lines = first.iter_lines()  # kept: a dropped iterator closes the stream
            assert next(lines) == "retry: 1000" and app.board.streams == 1
            with client.stream("GET", f"/events?key={KEY}") as busy:  # a stream, in case it were served
                assert busy.status_code == 503 and busy.headers["retry-after"] == "5"
        assert client.get(f"/?key={KEY}").status_code == 200  # the page itself is still served
    # (that a closed stream gives its slot back is tested on the real server: test_web_serve.py)


def test_serving_writes_nothing(cli, ledger_db):
    new_simone(cli)
    cli("hand", "add", "1", "Anna=12", "Bruno=17", "knock=Bruno")
    # the file and its write-ahead log (the -shm index is SQLite's shared memory: readers mark it)
    files = [ledger_db, ledger_db.with_name("ledger.db-wal")]

    def digest():
        return {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in files if f.exists()}

    before = digest()
    with TestClient(create_app(KEY, poll=POLL), base_url=BASE) as client:
        for _ in range(20):
            assert "Match 1" in client.get(f"/?key={KEY}").text
        time.sleep(0.3)
    assert digest() == before


def test_a_ledger_that_cannot_be_read_is_said_on_the_page(cli, ledger_db):
    import sqlite3

    new_simone(cli)
    cli("hand", "add", "1", "Anna=12", "Bruno=17", "knock=Bruno")
    with sqlite3.connect(ledger_db) as conn:  # a hand damaged by hand, as `ledger db check` finds it
        conn.execute("UPDATE hand SET document = 'not json'")
    with TestClient(create_app(KEY, poll=POLL), base_url=BASE) as client:
        r = client.get(f"/?key={KEY}")
    assert r.status_code == 200
    assert "cannot be read just now" in r.text and "damaged hand" in r.text
