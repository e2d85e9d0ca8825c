"""Helpers for the tests of ``ledger serve``: ``ledger`` commands and the real ``ledger serve`` as
subprocesses on a free port of 127.0.0.1, against the test's own ledger (LEDGER_DB, set by
tests/conftest.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field

START_SECONDS = 60  # a cold start on a busy 2-core machine imports the whole stack


def ledger(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """``ledger ARGS`` in a subprocess (the installed code, the test's LEDGER_DB)."""
    r = subprocess.run([sys.executable, "-m", "ledger", *args], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "COLUMNS": "120"})
    if check:
        assert r.returncode == 0, (args, r.stdout[-2000:], r.stderr[-2000:])
    return r


@dataclass
class Served:
    """A running ``ledger serve``: its process, the first line it printed (the URL with the key),
    and everything it printed since (read by a thread, so its pipes never fill up)."""

    proc: subprocess.Popen
    url: str = ""
    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return self.url.split("?", 1)[0].rstrip("/")

    @property
    def key(self) -> str:
        return self.url.split("key=", 1)[1]

    def scorekeeper_keys(self) -> tuple[str, str]:
        """With ``--scorekeeper``: the scorekeeper's key (the first address printed) and the
        players' (the other address)."""
        urls = [line for line in self.lines if line.startswith("http://")]
        sk = urls[0].split("key=", 1)[1]
        return sk, next(u.split("key=", 1)[1] for u in urls if not u.endswith(sk))

    def stop(self, timeout: float = 15) -> int:
        """Ctrl-C (SIGINT), as at the terminal; the exit code (the process is killed if it hangs,
        and the test then fails on the code)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
            return -999


def start_serve(*args: str) -> Served:
    proc = subprocess.Popen([sys.executable, "-m", "ledger", "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    served = Served(proc)
    first_line, note = threading.Event(), threading.Event()

    def pump(stream, into, seen, mark):
        for line in stream:
            into.append(line.rstrip("\n"))
            if mark is None or mark in line:
                seen.set()
        seen.set()

    # stdout: the address first; stderr: the note printed after the address and its QR code
    threading.Thread(target=pump, args=(proc.stdout, served.lines, first_line, None), daemon=True).start()
    threading.Thread(target=pump, args=(proc.stderr, served.errors, note, "Ctrl-C"), daemon=True).start()
    first_line.wait(START_SECONDS)
    note.wait(START_SECONDS)
    assert served.lines, f"ledger serve printed nothing: {served.errors}"
    served.url = served.lines[0]
    return served
