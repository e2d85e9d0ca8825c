"""Crash safety: a ``ledger hand add`` killed at any moment leaves the ledger either as it was
before the hand or with the whole hand, never in between, and the database sound.

Each round starts the real command in a subprocess and kills it (SIGKILL: no cleanup at all)
after a random delay, or, on SQLite, the instant it starts writing to the write-ahead log, which
lands the kill inside the commit. The delays are drawn over the command's measured run time.
"""

from __future__ import annotations

import pytest

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from fixtures.hands import piles
from ledger.store.service import Ledger

pytestmark = pytest.mark.slow  # real processes, servers or kills: python -m pytest -m "not slow" leaves them out

NAMES = ["Anna", "Bruno"]
ROUNDS_AT_RANDOM = 12
ROUNDS_ON_WRITE = 8  # SQLite only


def start(db, doc_file: Path) -> subprocess.Popen:
    env = {**os.environ, "LEDGER_DB": str(db)}
    return subprocess.Popen([sys.executable, "-m", "ledger", "hand", "add", "1", "--file", str(doc_file), "--json"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def kill_after(proc: subprocess.Popen, delay: float) -> bool:
    """Kill ``proc`` after ``delay`` seconds unless it ended; True when it was killed."""
    try:
        proc.wait(timeout=delay)
        return False
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        return True


def kill_on_write(proc: subprocess.Popen, wal: Path, limit: float, then: float) -> bool:
    """Kill ``proc`` ``then`` seconds after the -wal file changes (the transaction is being written)."""
    def stamp():
        try:
            st = wal.stat()
            return st.st_mtime_ns, st.st_size
        except FileNotFoundError:
            return None

    first, deadline = stamp(), time.monotonic() + limit
    while proc.poll() is None and time.monotonic() < deadline:
        if stamp() != first:
            return kill_after(proc, then)
    return kill_after(proc, 0)


def test_a_killed_hand_add_leaves_the_ledger_before_or_after_the_hand(ledger_db, tmp_path):
    led = Ledger(str(ledger_db))
    led.new_match("trentasette", players=NAMES, options={"target": 100_000})
    led.add_hands(1, [piles(i, NAMES) for i in range(40)])  # a match with a history to replay
    sqlite = isinstance(ledger_db, Path)
    rnd = random.Random(37)

    def doc_file(seed: int) -> tuple[dict, Path]:
        doc = piles(seed, NAMES)
        path = tmp_path / f"hand{seed}.json"
        path.write_text(json.dumps(doc))
        return doc, path

    # how long an uninterrupted run takes, to spread the kills over it
    doc, path = doc_file(1000)
    t0 = time.monotonic()
    proc = start(ledger_db, path)
    assert proc.wait(timeout=120) == 0, proc.stderr.read().decode()
    run_time = time.monotonic() - t0
    history = led.history(1)
    assert history[-1]["document"] == doc

    plans = [("random", rnd.uniform(0.05, 1.1) * run_time) for _ in range(ROUNDS_AT_RANDOM)]
    if sqlite:
        plans += [("on write", rnd.choice([0, rnd.uniform(0, 0.004)])) for _ in range(ROUNDS_ON_WRITE)]
    outcomes = []
    for i, (how, when) in enumerate(plans):
        doc, path = doc_file(2000 + i)
        proc = start(ledger_db, path)
        killed = (kill_after(proc, when) if how == "random"
                  else kill_on_write(proc, Path(f"{ledger_db}-wal"), 3 * run_time, when))
        if not killed:
            assert proc.returncode == 0, proc.stderr.read().decode()
        proc.stderr.close()
        after = led.history(1)
        # before or after the hand, never between: the old history is untouched and at most the
        # whole new hand was added
        assert after[:len(history)] == history, f"round {i} ({how}) changed earlier hands"
        assert len(after) in (len(history), len(history) + 1), f"round {i} ({how})"
        if len(after) > len(history):
            assert after[-1]["document"] == doc and not after[-1]["voided"]
            assert after[-1]["number"] == sum(1 for h in after if not h["voided"])
        assert led.check() == []  # integrity_check (SQLite) and every stored result = a replay
        outcomes.append((how, killed, len(after) > len(history)))
        history = after
    assert any(killed for _, killed, _ in outcomes)
    # the ledger goes on as usual afterwards
    led.add_hand(1, piles(9999, NAMES))
    assert led.view(1).hands[-1].document == piles(9999, NAMES)
