"""Backups taken while a scorekeeper is writing are each one consistent moment of the ledger;
hands entered with the ledger's bookkeeping fields; export of old documents."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fixtures.hands import piles
from ledger.errors import LedgerError
from ledger.store.backup import backup, import_all
from ledger.store.service import Ledger

pytestmark = pytest.mark.slow  # real processes, servers or kills: python -m pytest -m "not slow" leaves them out

NAMES = ["Anna", "Bruno"]
HANDS = 60
WORKER = Path(__file__).parent.parent / "fixtures" / "scorekeeper.py"


def documents(history: list[dict]) -> list[dict]:
    return [h["document"] for h in history]


def history_in(path: Path, kind: str, tmp: Path) -> list[dict]:
    """Match 1's history as the backup at ``path`` holds it."""
    if kind == "sqlite":
        return Ledger(str(path)).history(1)
    led = Ledger(str(tmp / f"{path.name}.db"))
    import_all(led, json.loads(path.read_text(encoding="utf-8")))
    return led.history(1)


def test_backups_taken_while_someone_writes_are_each_one_moment(ledger_db, tmp_path):
    led = Ledger(str(ledger_db))
    led.new_match("trentasette", players=NAMES, options={"target": 100_000})
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps([{"args": ["hand", "add", "1", "--file", "-"], "input": json.dumps(piles(i, NAMES))}
                                for i in range(HANDS)]))
    go = tmp_path / "go"
    writer = subprocess.Popen([sys.executable, str(WORKER), str(plan), str(go)], text=True,
                              env={**os.environ, "LEDGER_DB": str(ledger_db)},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    go.touch()
    deadline = time.monotonic() + 120  # a busy machine starts the writer's first command late
    while writer.poll() is None and not led.history(1) and time.monotonic() < deadline:
        time.sleep(0.05)
    taken = []
    while writer.poll() is None and len(taken) < 40:  # backups while the hands are being written
        done = backup(led, tmp_path / f"b{len(taken)}.bak")
        taken.append(done)
        time.sleep(0.2)
    out, err = writer.communicate(timeout=300)
    assert writer.returncode == 0 and json.loads(out)["failed"] == [], err
    final = documents(led.history(1))
    assert final == [piles(i, NAMES) for i in range(HANDS)]
    counts = set()
    for done in taken:
        held = documents(history_in(Path(done["file"]), done["kind"], tmp_path))
        assert held == final[:len(held)]  # a prefix: the ledger at one moment
        counts.add(len(held))
    assert len(counts) >= 2, counts  # the backups did run while hands were being written


def test_a_hand_entered_with_bookkeeping_fields_is_stored_without_them(ledger_db):
    led = Ledger(str(ledger_db))
    led.new_match("trentasette", players=NAMES)
    copied = {**piles(1, NAMES), "entered_at": "2020-01-01T00:00:00+00:00", "replaces": 0, "note": "late"}
    led.add_hand(1, copied)
    (h,) = led.history(1)
    assert h["document"] == {**piles(1, NAMES), "note": "late"} and h["entered_at"] > "2026"
    with pytest.raises(LedgerError, match="not entered voided"):
        led.add_hand(1, {**piles(2, NAMES), "voided": True})
    with pytest.raises(LedgerError, match="not entered voided"):
        led.replace_hand(1, 1, {**piles(2, NAMES), "voided": True})
    assert len(led.history(1)) == 1


def test_export_takes_a_hands_bookkeeping_from_the_ledger_not_from_its_document(ledger_db):
    """A ledger written before hands were cleaned on entry may hold such fields in a document."""
    from sqlmodel import select

    from ledger.store.models import Hand

    led = Ledger(str(ledger_db))
    led.new_match("trentasette", players=NAMES, options={"target": 1000})
    led.add_hands(1, [piles(1, NAMES), piles(2, NAMES)])
    with led.transaction(write=True) as s:
        row = s.exec(select(Hand).where(Hand.position == 2)).one()
        row.document = {**row.document, "voided": True, "replaces": 0}
        s.add(row)
    doc = led.export(1)
    assert not any(h.get("voided") or "replaces" in h for h in doc["hands"])
    led.import_match(doc)
    assert len(led.view(2).hands) == 2
