"""An idle ``play`` prompt says at once when another writer has added a hand (issue 31, item 9):
the match is looked at every second while nothing is typed, through a pipe and at a terminal,
and the prompt is asked again with the new hand's number; what is then typed is read as before."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.slow  # fuzzing, big inputs and whole-ledger round trips: left out of the fast loop

LEDGER = [sys.executable, "-m", "ledger"]
TYPED = b'Bruno="30 carte, 8 denari, settebello, primiera 84" Anna="10 carte, 2 denari, primiera 66"'
HAND = {"sides": {"Anna": {"cards": 30, "denari": 8, "settebello": True, "primiera": 84, "scope": 1},
                  "Bruno": {"cards": 10, "denari": 2, "settebello": False, "primiera": 66}}}


def _read_until(fd: int, marker: str, seconds: float) -> str:
    """What ``fd`` gives until ``marker`` is in it (the test fails after ``seconds``)."""
    out, end = b"", time.monotonic() + seconds
    while marker.encode() not in out:
        left = end - time.monotonic()
        assert left > 0, f"no {marker!r} within {seconds} s; got {out[-400:]!r}"
        if select.select([fd], [], [], left)[0]:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:  # a terminal whose other end has closed
                chunk = b""
            assert chunk, f"ended before {marker!r}; got {out[-400:]!r}"
            out += chunk
    return out.decode("utf-8", "replace")


def _add_from_another_terminal(env) -> None:
    subprocess.run(LEDGER + ["hand", "add", "1", "--file", "-"], input=json.dumps(HAND).encode(), env=env, check=True,
                   capture_output=True)


@pytest.fixture
def env(ledger_db):
    env = {**os.environ, "LEDGER_DB": str(ledger_db), "COLUMNS": "100"}
    subprocess.run(LEDGER + ["match", "new", "scopa", "-p", "Anna,Bruno"], env=env, check=True, capture_output=True)
    return env


@pytest.mark.slow
def test_an_idle_prompt_on_a_pipe_shows_the_hand_another_writer_added(env):
    p = subprocess.Popen(LEDGER + ["play", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    try:
        out = p.stdout.fileno()
        _read_until(out, "hand 1 · Anna deals > ", 30)
        _add_from_another_terminal(env)
        start = time.monotonic()
        said = _read_until(out, "hand 2 · Bruno deals > ", 10)
        assert time.monotonic() - start < 5  # nothing was typed: the session looked by itself
        assert "(hand 1 was added from another terminal: the scoreboard is the ledger's)" in said
        p.stdin.write(TYPED + b"\n")  # the next hand, read as before
        p.stdin.flush()
        _read_until(out, "hand 3 · Anna deals > ", 30)
        p.stdin.write(b"quit\n")
        p.stdin.close()
        assert p.wait(30) == 0
    finally:
        p.kill()
    shown = subprocess.run(LEDGER + ["show", "1", "--json"], env=env, check=True, capture_output=True, text=True)
    assert len(json.loads(shown.stdout)["hands"]) == 2


@pytest.mark.slow
def test_an_idle_prompt_at_a_terminal_shows_it_too_and_the_keys_typed_then_are_kept(env):
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    p = subprocess.Popen(LEDGER + ["play", "1"], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    try:
        _read_until(master, "hand 1 · Anna deals > ", 30)
        _add_from_another_terminal(env)
        said = _read_until(master, "hand 2 · Bruno deals > ", 10)
        assert "hand 1 was added from another terminal" in said
        os.write(master, TYPED[:3])  # the first key ends the wait; readline has it, the rest follows
        _read_until(master, "Bru", 10)
        os.write(master, TYPED[3:] + b"\r")
        _read_until(master, "hand 3 · Anna deals > ", 30)
        os.write(master, b"quit\r")
        _read_until(master, "all saved", 30)
        assert p.wait(30) == 0
    finally:
        p.kill()
        os.close(master)
