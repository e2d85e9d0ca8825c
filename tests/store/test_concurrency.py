"""Concurrency: two scorekeepers writing at the same time, to different matches and to the same
match, through the CLI: every write lands exactly once, none is lost, no "database is locked"
(or any other error) reaches either of them, and the ledger replays to its stored results."""

from __future__ import annotations

import pytest

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

from sqlmodel import select

from fixtures.hands import piles
from ledger.store.models import Night
from ledger.store.service import Ledger

pytestmark = pytest.mark.slow  # real processes, servers or kills: python -m pytest -m "not slow" leaves them out

NAMES = ["Anna", "Bruno"]
OWN, SHARED = 40, 60  # hands per scorekeeper into its own match, and into the shared one
NIGHT = dt.date(2026, 11, 1)
WORKER = Path(__file__).parent.parent / "fixtures" / "scorekeeper.py"


def hand_step(match: int, seed: int) -> dict:
    doc = piles(seed, NAMES)
    return {"args": ["hand", "add", str(match), "--file", "-", "--json"], "input": json.dumps(doc)}


def plan_for(w: int) -> list[dict]:
    """Scorekeeper ``w`` (1 or 2): its own match ``w``, the shared match 3, and on the way new
    players (one of them the same for both) and new matches on the same new night."""
    steps = []
    for i in range(max(OWN, SHARED)):
        if i < OWN:
            steps.append(hand_step(w, w * 10_000 + i))
        if i < SHARED:
            steps.append(hand_step(3, w * 10_000 + 5_000 + i))
        if i % 20 == 0:
            steps.append({"args": ["player", "add", f"Player {w}-{i}", "Shared"]})
            steps.append({"args": ["match", "new", "simone", "-p", f"S{w}a,S{w}b,Shared", "--night", NIGHT.isoformat()]})
    return steps


def test_two_scorekeepers_at_once_lose_nothing(ledger_db, tmp_path):
    led = Ledger(str(ledger_db))
    for _ in range(3):
        led.new_match("trentasette", players=NAMES, options={"target": 100_000})
    go = tmp_path / "go"
    procs = []
    for w in (1, 2):
        plan = tmp_path / f"plan{w}.json"
        plan.write_text(json.dumps(plan_for(w)))
        procs.append(subprocess.Popen([sys.executable, str(WORKER), str(plan), str(go)],
                                      env={**os.environ, "LEDGER_DB": str(ledger_db)},
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    go.touch()
    reports = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err[-2000:]
        reports.append(json.loads(out))
    for w, rep in zip((1, 2), reports):
        assert rep["failed"] == [], f"scorekeeper {w} saw: {rep['failed'][:3]}"
        assert rep["ok"] == len(plan_for(w))
    # every hand landed once, in its match, in a single sequence of numbers
    for match, seeds in ((1, [10_000 + i for i in range(OWN)]), (2, [20_000 + i for i in range(OWN)]),
                         (3, [w * 10_000 + 5_000 + i for w in (1, 2) for i in range(SHARED)])):
        history = led.history(match)
        assert [h["number"] for h in history] == list(range(1, len(seeds) + 1))
        stored = sorted(json.dumps(h["document"], sort_keys=True) for h in history)
        assert stored == sorted(json.dumps(piles(s, NAMES), sort_keys=True) for s in seeds)
    # the new players and matches too: one "Shared", one night for 2026-12-01
    names = [p["name"] for p in led.players()]
    assert names.count("Shared") == 1 and sum(n.startswith("Player ") for n in names) == 2 * 3
    assert len(led.matches(date=NIGHT)) == 2 * 3
    with led.transaction() as s:
        nights = s.exec(select(Night).where(Night.date == NIGHT)).all()
    assert len(nights) == 1
    assert led.check() == []


def test_scorekeepers_opening_a_new_ledger_at_once_create_it_once(ledger_db):
    """The first commands on an empty ledger all create its tables: they take turns there too."""
    env = {**os.environ, "LEDGER_DB": str(ledger_db)}
    procs = [subprocess.Popen([sys.executable, "-m", "ledger", "match", "new", "simone", "-p", f"A{i},B{i}"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for i in range(3)]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 3, errors
    led = Ledger(str(ledger_db))
    assert sorted(m["id"] for m in led.matches()) == [1, 2, 3]
    assert led.check() == []
