"""``ledger serve`` as the user runs it: a subprocess on a free port of 127.0.0.1 against the test's
ledger: what it prints, that it refuses what it must, that Ctrl-C stops it with streams open, and
50 readers at once."""

from __future__ import annotations

import pytest

import re
import subprocess
import sys
import threading
import time

import httpx2 as httpx
from serving import ledger

pytestmark = pytest.mark.slow  # real processes, servers or kills: python -m pytest -m "not slow" leaves them out

READERS = 50
LOAD_SECONDS = 60  # all 50 readers answered within this, on a busy 2-core machine


def test_the_first_line_is_the_address_with_its_key_then_the_qr_code(serve):
    s = serve()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?key=[A-Za-z0-9_-]{22}", s.url), s.url
    deadline = time.monotonic() + 10  # stdout is read by its own thread: let it catch up
    while len(s.lines) < 12 and time.monotonic() < deadline:
        time.sleep(0.05)
    qr = s.lines[1:]
    assert len(qr) > 10 and all(set(line) <= set("█▀▄ ") for line in qr[:10])
    other = serve()
    assert other.key != s.key  # a new key each run
    assert "Ctrl-C" in "\n".join(s.errors)


def test_refused_without_the_key_and_for_anything_but_reading(serve):
    ledger("match", "new", "simone", "--players", "Anna,Bruno")
    s = serve()
    with httpx.Client(timeout=10) as c:
        assert c.get(s.base + "/").status_code == 403
        assert c.get(s.base + "/?key=" + s.key[::-1]).status_code == 403
        assert c.post(s.url).status_code == 405
        assert c.delete(s.url).status_code == 405
        page = c.get(s.url)
        assert page.status_code == 200 and "Match 1" in page.text
        assert page.headers["content-security-policy"].startswith("default-src 'none'")
        assert "server" not in page.headers


def test_ctrl_c_stops_it_cleanly_with_a_stream_open(serve):
    s = serve()
    with httpx.Client(timeout=10) as c, c.stream("GET", s.base + "/events", params={"key": s.key}) as events:
        lines = events.iter_lines()
        assert next(lines) == "retry: 1000"
        started = time.monotonic()
        assert s.stop() == 0
        assert time.monotonic() - started < 10
    assert "Stopped" in "\n".join(s.errors)
    assert not any("Traceback" in line for line in s.errors), s.errors


def test_a_port_in_use_is_one_line(serve):
    s = serve()
    port = s.base.rsplit(":", 1)[1]
    r = ledger("serve", "--port", port, check=False)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith(f"error: port: cannot listen on 127.0.0.1:{port}") and len(r.stderr.splitlines()) == 1


def test_an_address_of_another_machine_is_one_line():
    for host, why in (("192.0.2.1", "not an address of this machine"), ("no.such.host.invalid", "not an address")):
        r = ledger("serve", "--host", host, "--port", "0", check=False)
        assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1
        assert r.stderr.startswith(f"error: host: {why}"), r.stderr


def test_every_interface_prints_the_machine_s_addresses(serve):
    s = serve("--host", "0.0.0.0")
    host, port = re.match(r"http://([^:/]+):(\d+)/", s.url).groups()
    assert host != "0.0.0.0"
    with httpx.Client(timeout=10) as c:  # it listens on every interface, this machine's own too
        assert c.get(f"http://127.0.0.1:{port}/?key={s.key}").status_code == 200
        assert c.get(s.url).status_code == 200


def test_a_closed_stream_gives_its_place_back(ledger_db):
    """On uvicorn (which tells the application when a client leaves), with room for one stream:
    a page that closes its stream lets the next one in; one more while it is open gets 503."""
    import uvicorn

    from ledger.web.app import create_app
    from ledger.web.server import bind

    app = create_app("key", poll=0.05, max_streams=1)
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    try:
        with httpx.Client(timeout=10) as c:
            deadline = time.monotonic() + 30
            while not server.started and time.monotonic() < deadline:
                time.sleep(0.05)
            for _ in range(3):
                with c.stream("GET", base + "/events?key=key") as events:
                    lines = events.iter_lines()
                    assert events.status_code == 200 and next(lines) == "retry: 1000"
                    with c.stream("GET", base + "/events?key=key") as busy:
                        assert busy.status_code == 503
                deadline = time.monotonic() + 5
                while app.board.streams and time.monotonic() < deadline:
                    time.sleep(0.02)
                assert app.board.streams == 0
    finally:
        app.stop()
        server.should_exit = True
        thread.join(15)
    assert not thread.is_alive()


def test_fifty_readers_at_once(serve):
    """50 phones open the page and its event stream at the same moment: every one gets the page
    with the match and the board's first event, within LOAD_SECONDS in all."""
    ledger("match", "new", "simone", "--players", "Anna,Bruno")
    ledger("hand", "add", "1", "Anna=12", "Bruno=17", "knock=Bruno")
    s = serve()
    start = threading.Barrier(READERS)
    results: list[object] = [None] * READERS

    def reader(i: int) -> None:
        try:
            with httpx.Client(timeout=LOAD_SECONDS) as c:
                start.wait(LOAD_SECONDS)
                page = c.get(s.url)
                assert page.status_code == 200 and "Match 1" in page.text and "Deals next: Bruno" in page.text
                with c.stream("GET", s.base + "/events") as events:  # the cookie the page set
                    assert events.status_code == 200
                    data = ""
                    for line in events.iter_lines():
                        data += line
                        if line == "" and "event: board" in data:
                            break
                    assert "Match 1" in data
            results[i] = True
        except BaseException as err:  # noqa: BLE001  reported below, per reader
            results[i] = err

    began = time.monotonic()
    threads = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(READERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(0.1, LOAD_SECONDS - (time.monotonic() - began)))
    elapsed = time.monotonic() - began
    failed = [r for r in results if r is not True]
    assert not failed, failed[:3]
    assert elapsed < LOAD_SECONDS
    assert s.proc.poll() is None  # still serving


def test_help_does_not_load_the_web_stack():
    code = ("import sys\nfrom ledger.cli import main\nsys.argv = ['ledger', 'serve', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('WEB', sorted({m.split('.')[0] for m in sys.modules} & {'starlette', 'uvicorn', 'segno', "
            "'sqlalchemy'}))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "--host" in r.stdout and "WEB []" in r.stdout, r.stdout[-500:] + r.stderr[-500:]
