"""What a stranger without the key can do to ``ledger serve``: hold idle sockets, dribble headers,
send a Host of another name (DNS rebinding). The door's books and the Host check on their own,
then the real ``ledger serve`` on 127.0.0.1 with real sockets (every loop bounded in time)."""

from __future__ import annotations

import re
import select
import socket
import threading
import time

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from ledger.web.app import create_app, split_host
from ledger.web.door import (GRACE_SECONDS, HEADER_SECONDS, IDLE_SECONDS, MAX_HEADER_BYTES, MAX_KEYLESS,
                             MAX_KEYLESS_PER_ADDRESS, Door)
from ledger.web.server import MAX_REQUESTS, OPEN_FILES, answering_hosts

IDLE_SOCKETS = 250
SLOW_SOCKETS = 20
OPEN_SECONDS = 10  # a keyed page and its stream open within this, sockets or not (a busy 2-core machine)
CLOSED_SECONDS = HEADER_SECONDS + 5  # every keyless socket is closed by the server within this


# the books

def test_beyond_the_address_bound_that_address_s_oldest_are_closed_once_past_the_grace():
    door = Door(max_keyless=100, per_address=3, grace=1)
    for n in range(3):
        door.admit(n, "10.0.0.7", now=0)
    door.admit(3, "10.0.0.8", now=0)  # another address has its own room
    assert door.crowd(now=5) == [] and not door.crowded()
    door.admit(4, "10.0.0.7", now=5)
    door.admit(5, "10.0.0.7", now=5)
    assert door.crowd(now=5) == [0, 1]
    for n in range(6, 10):  # a burst: nothing younger than the grace is closed, however many
        door.admit(n, "10.0.0.7", now=5.5)
    assert door.crowd(now=5.5) == [2] and door.crowded()  # the one left from before
    assert door.crowd(now=6.2) == [4, 5] and door.crowded()  # 6 to 9 came at 5.5
    assert door.crowd(now=6.6) == [6] and not door.crowded()
    assert list(door.keyless) == [3, 7, 8, 9]


def test_beyond_the_total_the_address_holding_the_most_loses_its_oldest():
    door = Door(max_keyless=4, per_address=3, grace=1)
    for n, address in enumerate(["a", "b", "b", "c"]):
        door.admit(n, address, now=0)
    door.admit(4, "d", now=1)
    assert door.crowd(now=1) == [1]  # "b" holds two: its oldest goes, "a" (older still) stays
    door.admit(5, "d", now=1.5)
    assert door.crowd(now=1.5) == [0]  # "d" holds two, but both too young: the oldest of the others
    assert list(door.keyless) == [2, 3, 4, 5] and not door.crowded()


def test_a_keyed_or_closed_connection_gives_its_room_back():
    door = Door(max_keyless=2, per_address=2, grace=0)
    door.admit("phone", "a", now=0)
    door.admit("idle", "a", now=0)
    door.keyed("phone")
    door.admit("stream", "a", now=1)
    assert door.crowd(now=1) == []  # the keyed one no longer counts
    door.gone("idle")
    door.gone("idle")  # closed twice (closed for room, then lost): counted once
    assert list(door.keyless) == ["stream"] and door.by_address == {"a": {"stream": 1}}


def test_the_documented_limits_are_the_server_s(pytestconfig):
    doc = " ".join((pytestconfig.rootpath / "docs" / "serve.md").read_text(encoding="utf-8").split())
    for said in (f"complete within **{HEADER_SECONDS:g} seconds**", f"closed after {IDLE_SECONDS} seconds",
                 f"over **{MAX_HEADER_BYTES // 1024} KB**", f"**{MAX_KEYLESS_PER_ADDRESS} keyless connections per "
                 f"client address** and **{MAX_KEYLESS} in all**", f"at most **{MAX_REQUESTS} requests**",
                 f"younger than **{GRACE_SECONDS:g} second**", f"open files to **{OPEN_FILES}**"):
        assert said in doc, said


# the Host check

@pytest.mark.parametrize("value, parsed", [
    ("127.0.0.1:8037", ("127.0.0.1", 8037)), ("LocalHost.", ("localhost", None)), ("[::1]:80", ("::1", 80)),
    ("[::ffff:192.168.1.20]:8037", ("192.168.1.20", 8037)), ("laptop.local:8037", ("laptop.local", 8037)),
    ("", None), ("a:b:c", None), ("[::1", None), ("[::1]x", None), ("host:", None), ("host:99999999", None),
    (":8037", None), ("host:8O37", None)])
def test_host_headers_are_read_strictly(value, parsed):
    assert split_host(value) == parsed


def test_a_foreign_host_is_refused_before_the_key_an_own_host_is_served(ledger_db):
    with TestClient(create_app("k", poll=0.05), base_url="http://127.0.0.1:8037") as c:
        for host in ("evil.example.com", "evil.example.com:8037", "127.0.0.1:8038", "192.168.1.20:8037",
                     "localhost.evil.example.com:8037", "127.0.0.1:8037:8037"):
            for path in ("/?key=k", "/", "/events?key=k"):
                r = c.get(path, headers={"host": host})
                assert r.status_code == 421 and "does not answer to that name" in r.text, (host, path)
                assert "set-cookie" not in r.headers and "content-security-policy" in r.headers
            assert c.post("/?key=k", headers={"host": host}).status_code == 421
        for host in ("127.0.0.1:8037", "127.0.0.1", "localhost:8037", "LOCALHOST.:8037", "[::1]:8037"):
            c.cookies.clear()
            assert c.get("/", headers={"host": host}).status_code == 403, host
            assert c.get("/?key=k", headers={"host": host}).status_code == 200, host


def test_the_names_a_server_answers_to():
    here = answering_hosts("127.0.0.1", "127.0.0.1")
    assert {"127.0.0.1", "localhost", "::1"} <= set(here) and socket.gethostname() not in here
    lan = answering_hosts("192.168.1.20", "192.168.1.20")
    assert {"192.168.1.20", "localhost"} <= set(lan) and "127.0.0.1" not in lan
    everywhere = answering_hosts("0.0.0.0", "0.0.0.0")
    assert {socket.gethostname(), "localhost", "127.0.0.1"} <= set(everywhere) and "0.0.0.0" not in everywhere


# the real server

def port_of(served) -> int:
    return int(re.match(r"http://[^/]+:(\d+)/", served.url).group(1))


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.setblocking(False)
    return sock


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (end of stream or reset); what it sent is skipped."""
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:  # reset: the server closed it with bytes of ours unread
        return True


def wait_closed(socks: list[socket.socket], seconds: float, dribble: bytes = b"") -> list[socket.socket]:
    """The sockets of ``socks`` still open after ``seconds`` (those the server closed are closed here
    too), sending each open one a byte of ``dribble`` every half second meanwhile."""
    deadline, sent = time.monotonic() + seconds, 0
    open_ = list(socks)
    while open_ and time.monotonic() < deadline:
        select.select(open_, [], [], 0.5)
        open_ = [s for s in open_ if not closed(s) or s.close()]
        if dribble:
            for s in open_:
                try:
                    s.send(dribble[sent % len(dribble):][:1])
                except OSError:
                    pass
            sent += 1
    return open_


def keyed_page_and_stream(served) -> float:
    """Seconds to get the page with the key and the first line of its event stream."""
    began = time.monotonic()
    with httpx.Client(timeout=OPEN_SECONDS) as c:
        assert c.get(served.url).status_code == 200
        with c.stream("GET", served.base + "/events") as events:  # with the cookie the page set
            assert events.status_code == 200 and next(events.iter_lines()) == "retry: 1000"
    return time.monotonic() - began


@pytest.mark.slow
def test_idle_and_slow_keyless_sockets_never_block_the_page(serve):
    """250 sockets that send nothing and 20 that dribble their headers a byte at a time are open;
    a phone with the key still gets the page and its event stream within seconds, and the server
    closes every keyless socket within a few seconds."""
    s = serve()
    port = port_of(s)
    slow_request = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Padding: {'x' * 200}\r\n\r\n".encode()
    idle = [connect(port) for _ in range(IDLE_SOCKETS)]
    slow = [connect(port) for _ in range(SLOW_SOCKETS)]
    for sock in slow:
        sock.send(slow_request[:5])
    try:
        assert keyed_page_and_stream(s) < OPEN_SECONDS
        began = time.monotonic()
        assert wait_closed(idle + slow, CLOSED_SECONDS, dribble=slow_request[5:]) == []
        assert time.monotonic() - began < CLOSED_SECONDS
        assert keyed_page_and_stream(s) < OPEN_SECONDS
    finally:
        for sock in idle + slow:
            sock.close()
    assert s.proc.poll() is None and not any("Traceback" in line for line in s.errors), s.errors[-5:]


@pytest.mark.slow
def test_keyless_sockets_from_many_addresses_never_block_the_page(serve):
    """The same from 25 loopback addresses (127.0.0.1 to 127.0.0.25), 10 sockets each: the total
    bound, not the per-address one, makes the room."""
    s = serve()
    port = port_of(s)
    idle = []
    for n in range(1, 26):
        for _ in range(10):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((f"127.0.0.{n}", 0))
            sock.settimeout(10)
            sock.connect(("127.0.0.1", port))
            sock.setblocking(False)
            idle.append(sock)
    try:
        assert keyed_page_and_stream(s) < OPEN_SECONDS
        assert wait_closed(idle, CLOSED_SECONDS) == []
    finally:
        for sock in idle:
            sock.close()


def reopening(port: int, count: int, seconds: float) -> threading.Thread:
    """A thread that keeps ``count`` keyless sockets open for ``seconds``, opening a new one as
    soon as the server closes one (it is started; it ends by itself)."""
    def run() -> None:
        socks: list[socket.socket] = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            while len(socks) < count:
                try:
                    socks.append(connect(port))
                except OSError:
                    break
            select.select(socks, [], [], 0.05)
            for sock in [s for s in socks if closed(s)]:
                sock.close()
                socks.remove(sock)
        for sock in socks:
            sock.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.slow
def test_keyless_sockets_opened_again_as_fast_as_they_are_closed_never_block_the_page(serve):
    """270 keyless sockets, each opened again as soon as the server closes it, for 8 seconds:
    every page with the key and its stream opened meanwhile opens within seconds."""
    s = serve()
    attacker = reopening(port_of(s), IDLE_SOCKETS + SLOW_SOCKETS, 8)
    time.sleep(1.5)  # past the grace: the server is closing and they are coming back
    loads = 0
    while attacker.is_alive() and loads < 10:
        assert keyed_page_and_stream(s) < OPEN_SECONDS
        loads += 1
    attacker.join(OPEN_SECONDS)
    assert loads >= 3 and not attacker.is_alive()


@pytest.mark.slow
def test_the_newest_keyless_sockets_stay_until_their_deadline(serve):
    """Beyond the bound the oldest keyless sockets are closed once past the grace; the newest,
    within the bound, stay until the header deadline."""
    s = serve()
    port = port_of(s)
    socks = [connect(port) for _ in range(MAX_KEYLESS_PER_ADDRESS + 10)]
    try:
        assert wait_closed(socks[:10], OPEN_SECONDS) == []
        assert wait_closed(socks[10:], HEADER_SECONDS / 3) == socks[10:]  # still open
        assert wait_closed(socks[10:], CLOSED_SECONDS) == []
    finally:
        for sock in socks:
            sock.close()


@pytest.mark.slow
def test_a_keyed_connection_left_idle_is_closed_too(serve):
    s = serve()
    port = port_of(s)
    sock = connect(port)
    try:
        sock.send(f"GET /?key={s.key} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        began = time.monotonic()
        assert wait_closed([sock], IDLE_SECONDS + 5) == []
        assert time.monotonic() - began > 1  # kept alive for a while first
    finally:
        sock.close()


@pytest.mark.slow
def test_the_real_server_refuses_a_foreign_host_and_serves_its_own(serve):
    s = serve()
    port = port_of(s)
    with httpx.Client(timeout=10) as c:
        for host in ("evil.example.com", f"evil.example.com:{port}", f"127.0.0.1:{port + 1}"):
            r = c.get(s.url, headers={"host": host})
            assert r.status_code == 421 and "set-cookie" not in r.headers, host
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost"):
            assert c.get(s.url, headers={"host": host}).status_code == 200, host
    for headers in (b"", b"Host: a\r\nHost: 127.0.0.1\r\n"):  # none, or two
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        with sock:
            sock.sendall(b"GET /?key=" + s.key.encode() + b" HTTP/1.0\r\n" + headers + b"\r\n")
            assert sock.recv(64).split(b" ")[1] in (b"400", b"421")


@pytest.mark.slow
def test_on_every_interface_the_machine_s_names_are_served(serve):
    s = serve("--host", "0.0.0.0")
    port = port_of(s)
    with httpx.Client(timeout=10) as c:
        local = f"http://127.0.0.1:{port}/?key={s.key}"  # (only loopback traffic in the tests)
        printed = s.url.split("/")[2]  # the address printed for the phones, a name of the machine
        for host in (printed, socket.gethostname(), f"{socket.gethostname()}:{port}", f"localhost:{port}"):
            assert c.get(local, headers={"host": host}).status_code == 200, host
        assert c.get(local, headers={"host": f"evil.example.com:{port}"}).status_code == 421


def test_the_open_file_limit_is_raised_never_lowered():
    import resource

    from ledger.web.server import more_open_files

    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, before[1]), before[1]))
        more_open_files(min(512, before[1]))
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (min(512, before[1]), before[1])
        more_open_files(300)
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == min(512, before[1])
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)
