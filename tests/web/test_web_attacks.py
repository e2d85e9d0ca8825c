"""``ledger serve --scorekeeper`` against an attacker (issue 37): cross-site writes, header
tricks, odd bodies, many Idempotency-Keys, voids of hands that are not live, match ids that are
not numbers, concurrent posts with the same ``after``. Each refusal is its status with one line
naming its field, nothing is stored, and the server goes on answering."""

from __future__ import annotations

import json
import re
import socket
import threading

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from ledger.cli.app import reading
from ledger.web.app import create_app

SK, PK = "the-scorekeeper-s-key", "the-players-key"
BASE = "http://127.0.0.1:8037"
POINTS = {"points": {"Anna": 3, "Bruno": 1}}  # a segnapunti hand
FORM = "after=0&f%3Apoints%3A0=1&f%3Apoints%3A1=1"  # the page's form for it


@pytest.fixture
def client(ledger_db, cli):
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    with TestClient(create_app(PK, poll=0.05, scorekeeper=SK), base_url=BASE) as c:
        yield c


def live_hands(match: int = 1) -> int:
    with reading() as reads:
        return len(reads.view(match).hands)


def refused(r: httpx.Response, status: int, field: str) -> None:
    """``r`` is ``status`` with one line naming ``field``."""
    assert r.status_code == status, r.text
    body = r.json()
    assert body["field"] == field and body["error"].strip() and "\n" not in body["error"], body


def bearer(key: str = SK, **more: str) -> dict:
    return {"Authorization": f"Bearer {key}", **more}


def page_token(client) -> str:
    page = client.get(f"/?key={SK}").text  # the scorekeeper's cookie, and the page's token
    return re.search(r'<section id="keeper" data-token="([^"]+)"', page).group(1)


def form_post(client, token: str | None, path: str = "/api/page/matches/1/hands", body: str = FORM, **headers):
    sent = {"content-type": "application/x-www-form-urlencoded", **headers}
    if token is not None:
        sent["x-ledger-token"] = token
    return client.post(path, content=body, headers=sent)


def test_no_cross_site_request_writes(client):
    token = page_token(client)
    with TestClient(create_app(PK, poll=0.05, scorekeeper="another run's key"), base_url=BASE) as other:
        other_page = other.get("/?key=another run's key").text
        other_token = re.search(r'<section id="keeper" data-token="([^"]+)"', other_page).group(1)
    for headers in ({"origin": "https://evil.example"}, {"origin": "null"}, {"origin": "http://127.0.0.1:9999"},
                    {"sec-fetch-site": "cross-site"}, {"origin": "https://evil.example", "sec-fetch-site": "same-origin"}):
        refused(form_post(client, token, **headers), 403, "")  # the cookie and the token, from elsewhere
    refused(form_post(client, None), 403, "")  # a form post carrying only the cookie
    refused(form_post(client, other_token), 403, "")  # another run's token
    refused(form_post(client, token.split(".")[0] + ".00"), 403, "")
    refused(form_post(client, None, body=FORM + "&token=" + token), 403, "")  # a token in the body
    refused(client.post("/api/matches/1/hands", json=POINTS), 403, "Authorization")  # the cookie alone, on the API
    assert live_hands() == 0
    assert form_post(client, token, origin=BASE).status_code == 201  # the page itself, from its own origin


def test_header_tricks_write_nothing(client):
    refused(client.post("/api/matches/1/hands", json=POINTS,
                        headers=[("Authorization", f"Bearer {SK}"), ("Authorization", f"Bearer {SK}")]),
            403, "Authorization")
    refused(client.post(f"/api/matches/1/hands?key={SK}", json=POINTS, headers={"Authorization": ""}), 403,
            "Authorization")
    refused(client.post("/api/matches/1/hands", json=POINTS, headers={"Authorization": f"Basic {SK}"}), 403,
            "Authorization")
    refused(client.post("/api/matches/1/hands", json=POINTS, headers=bearer(PK)), 403, "Authorization")
    refused(client.post("/api/matches/1/hands", json=POINTS,
                        headers=[*bearer().items(), ("Idempotency-Key", "a"), ("Idempotency-Key", "b")]),
            422, "Idempotency-Key")
    refused(client.post("/api/matches/1/hands", json=POINTS, headers=bearer(**{"Idempotency-Key": "k" * 10_000})),
            422, "Idempotency-Key")
    assert live_hands() == 0
    odd = client.post("/api/matches/1/hands", content=json.dumps(POINTS),
                      headers=bearer(**{"Content-Type": "text/plain; charset=latin-1"}))
    assert odd.status_code == 201  # JSON is read as JSON whatever the type says: no form can carry the key


@pytest.mark.parametrize("body, field", [
    (b"not JSON", "body"), (b"[]", "body"), (b"\"a hand\"", "body"), (b"", "body"),
    (b'{"points": {"Anna": 3, "Bruno": 1}, "points": {"Anna": 30, "Bruno": 1}}', "body"),  # a key twice
    (b'{"points": {"Anna": NaN, "Bruno": 1}}', "body"), (b'{"points": {"Anna": 1e999, "Bruno": 1}}', "body"),
    (b'{"points": {"Anna": 1' + b"0" * 5000 + b', "Bruno": 1}}', "body"),
    (b"[" * 100_000 + b"]" * 100_000, "body"), (b'{"points": {"Anna": 3, "Bruno": 1}}\xff', "body"),
    (b'{"points": {"Anna": 3, "Bruno": 1}, "after": true}', "after"),
    (b'{"points": {"Anna": 3, "Bruno": 1}, "after": -1}', "after"),
    (b'{"points": {"Anna": 1' + b"0" * 40 + b', "Bruno": 1}}', "points.Anna"),
])
def test_odd_bodies_are_422_naming_their_field(client, body, field):
    refused(client.post("/api/matches/1/hands", content=body, headers=bearer()), 422, field)
    assert live_hands() == 0
    assert client.post("/api/matches/1/hands", json=POINTS, headers=bearer()).status_code == 201  # still up


@pytest.mark.slow  # 2,500 requests
def test_many_idempotency_keys_keep_memory_bounded(client):
    from ledger.web.api import REMEMBERED

    for n in range(REMEMBERED + 500):  # stale: each a 409 with the scoreboard, none stored
        r = client.post("/api/matches/1/hands", json={**POINTS, "after": 7}, headers=bearer(**{"Idempotency-Key": f"k{n}"}))
        assert r.status_code == 409
    assert live_hands() == 0
    r = client.post("/api/matches/1/hands", json={**POINTS, "after": 7}, headers=bearer(**{"Idempotency-Key": "k0"}))
    assert r.status_code == 409  # k0 forgotten long ago: worked out again, still nothing stored
    assert live_hands() == 0


def test_voids_and_match_ids_that_name_nothing(client):
    assert client.post("/api/matches/1/hands", json=POINTS, headers=bearer()).status_code == 201
    assert client.post("/api/matches/1/hands", json=POINTS, headers=bearer()).status_code == 201
    assert client.post("/api/matches/1/hands/1/void", headers=bearer()).status_code == 200
    for n in ("2", "0", "-1", "99999999999999999999999"):  # hand 2 was the second hand: no longer a live hand 2
        refused(client.post(f"/api/matches/1/hands/{n}/void", headers=bearer()), 404, "hand")
    refused(client.post("/api/matches/1/hands/x/void", headers=bearer()), 422, "hand")
    for m in ("abc", "-1", "1.0", "0x1", "%20", "99999999999999999999999"):
        r = client.post(f"/api/matches/{m}/hands", json=POINTS, headers=bearer())
        refused(r, 404, "match")
    assert live_hands() == 1


def test_a_void_with_the_hands_seen_voids_nothing_when_they_changed(client, cli):
    for _ in range(3):
        assert client.post("/api/matches/1/hands", json=POINTS, headers=bearer()).status_code == 201
    cli("hand", "void", "1", "1", "--reason", "at the terminal")  # hand 3 is now hand 2
    r = client.post("/api/matches/1/hands/3/void", json={"after": 3, "reason": "x"}, headers=bearer())
    refused(r, 409, "after")
    assert len(r.json()["hands"]) == 2 and live_hands() == 2
    r = client.post("/api/matches/1/hands/2/void", json={"after": 2, "reason": "x"}, headers=bearer())
    assert r.status_code == 200 and live_hands() == 1
    refused(client.post("/api/matches/1/hands/1/void", json={"after": "1"}, headers=bearer()), 422, "after")


def test_an_address_the_api_does_not_have_is_a_json_404(client):
    for path in ("/api/foo", "/api/matches/1/hands/1/void/again", "/api/matches/1"):
        refused(client.post(path, json=POINTS, headers=bearer()), 404, "path")
    r = client.post("/api/foo", json=POINTS, headers=bearer(**{"Accept-Language": "it"}))
    assert "indirizzo" in r.json()["error"]
    refused(client.post("/api/foo", json=POINTS), 403, "Authorization")  # the key first
    assert live_hands() == 0


def test_concurrent_posts_with_the_same_after_store_one_hand(client):
    answers: list[int] = []

    def post():
        answers.append(client.post("/api/matches/1/hands", json={**POINTS, "after": 0}, headers=bearer()).status_code)

    threads = [threading.Thread(target=post) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert sorted(answers) == [201, 409, 409, 409, 409, 409] and live_hands() == 1


@pytest.mark.slow  # a real server and raw sockets
def test_transfer_encoding_games_are_refused_and_the_server_stays_up(cli, serve):
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    served = serve("--scorekeeper")
    sk, _ = served.scorekeeper_keys()
    host, port = served.base.removeprefix("http://").split(":")
    body = json.dumps(POINTS).encode()
    head = (f"POST /api/matches/1/hands HTTP/1.1\r\nHost: {host}:{port}\r\nAuthorization: Bearer {sk}\r\n"
            "Connection: close\r\n").encode()

    def send(raw: bytes) -> bytes:
        """What the server answered before it closed (a server that answers and closes while a
        long body is still coming may reset the connection: then nothing, or what came first)."""
        out = b""
        with socket.create_connection((host, int(port)), timeout=15) as s:
            try:
                s.sendall(raw)
                while chunk := s.recv(65536):
                    out += chunk
            except (ConnectionResetError, BrokenPipeError):
                pass
        return out

    chunked = f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
    for trick in (b"Transfer-Encoding: chunked, identity\r\n\r\n" + chunked,
                  b"Transfer-Encoding: gzip\r\n\r\n" + body,
                  b"Content-Length: 2\r\nContent-Length: 40\r\n\r\n" + body,
                  b"Content-Length: -1\r\n\r\n" + body,
                  b"Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n" + b"zz\r\n" + body):
        assert send(head + trick).startswith(b"HTTP/1.1 4"), trick
    assert len(cli.json("show", "1")["hands"]) == 0
    huge_chunk = b"Transfer-Encoding: chunked\r\n\r\n" + b"FFFFFFF\r\n" + b" " * 1_100_000
    assert send(head + huge_chunk)[:12] in (b"", b"HTTP/1.1 413")  # a running count, whatever the chunk says
    r = httpx.post(f"{served.base}/api/matches/1/hands", json=POINTS, headers=bearer(sk), timeout=30)
    assert r.status_code == 201 and len(cli.json("show", "1")["hands"]) == 1
