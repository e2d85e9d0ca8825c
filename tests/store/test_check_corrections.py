"""``db check`` finds corrections that do not hold together and hands whose stored JSON is damaged;
the store names a damaged hand instead of failing on it (on every backend: tests/backends.py)."""

from __future__ import annotations

import sqlite3

import pytest

from fixtures.hands import piles
from ledger.errors import LedgerError
from ledger.store.backup import export_all
from ledger.store.models import Hand
from ledger.store.reads import Reads
from ledger.store.service import Ledger

NAMES = ["Anna", "Bruno"]


def checked(led) -> list[dict]:
    """``led.check()`` with each problem as the text shown (the store gives messages)."""
    return [{**p, "problem": str(p["problem"])} for p in led.check()]


def corrected_match(led: Ledger) -> int:
    """A match of four hands, the second corrected: entries 1, 2 (voided), 3, 4, 5 (replaces 2)."""
    mid = led.new_match("trentasette", players=NAMES, options={"target": 100_000}).match.id
    for i in range(4):
        led.add_hand(mid, piles(i, NAMES))
    led.replace_hand(mid, 2, piles(9, NAMES))
    return mid


def change(led: Ledger, entry: int, **values) -> None:
    with led.transaction(write=True) as s:
        h = s.get(Hand, entry)
        for k, v in values.items():
            setattr(h, k, v)
        s.add(h)


def test_a_ledgers_own_corrections_hold_together(ledger_db):
    led = Ledger(str(ledger_db))
    corrected_match(led)
    led.undo_hand(1)
    led.add_hand(1, piles(20, NAMES))
    led.replace_hand(1, 4, piles(21, NAMES))
    assert checked(led) == []


@pytest.mark.parametrize("values, says", [
    ({"voided": False}, "entry 5 replaces entry 2, which is not voided"),
    ({"position": 7}, "entry 5 replaces entry 2 but is not in its place"),
])
def test_db_check_names_a_correction_of_a_hand_that_is_live_or_elsewhere(ledger_db, values, says):
    led = Ledger(str(ledger_db))
    mid = corrected_match(led)
    change(led, 2 if "voided" in values else 5, **values)
    assert {"match": mid, "hand": None, "problem": says} in checked(led)


def test_db_check_names_a_hand_replaced_twice_and_a_correction_from_another_match(ledger_db):
    led = Ledger(str(ledger_db))
    mid = corrected_match(led)
    change(led, 4, replaces_id=2, position=2, voided=True)
    other = led.new_match("trentasette", players=NAMES).match.id
    led.add_hand(other, piles(30, NAMES))
    change(led, 6, replaces_id=1)
    problems = checked(led)
    assert {"match": mid, "hand": None, "problem": "entries 4 and 5 both replace entry 2"} in problems
    assert {"match": other, "hand": None, "problem": "entry 6 replaces entry 1, which is in match 1"} in problems


@pytest.mark.sqlite_only
def test_a_damaged_hand_is_named_by_every_read_and_found_by_db_check(ledger_db):
    led = Ledger(str(ledger_db))
    mid = corrected_match(led)
    con = sqlite3.connect(ledger_db)
    con.execute("UPDATE hand SET result = 'not json' WHERE id = 3")
    con.commit()
    con.close()
    says = f"match {mid} has a damaged hand (entry 3): see ledger db check"
    for read in (lambda: led.view(mid), lambda: led.export(mid), lambda: led.history(mid),
                 lambda: export_all(led), lambda: led.add_hand(mid, piles(40, NAMES))):
        with pytest.raises(LedgerError) as err:
            read()
        assert (err.value.field, err.value.message) == ("match", says)
    assert checked(led) == [{"match": mid, "hand": None,
                            "problem": "entry 3 is damaged: its stored document or result is not JSON"}]


@pytest.mark.sqlite_only
def test_damaged_hands_are_found_without_sqlites_json_functions_too(ledger_db):
    led = Ledger(str(ledger_db))
    corrected_match(led)
    con = sqlite3.connect(ledger_db)
    con.execute("UPDATE hand SET document = '{bad' WHERE id = 4")
    con.commit()
    con.close()

    class OldSqlite(Reads):
        def rows(self, sql, params=()):
            if "json_valid" in sql:
                raise sqlite3.OperationalError("no such function: json_valid")
            return super().rows(sql, params)

    with led.engine.connect() as conn:
        assert Reads(conn).damaged_hands() == OldSqlite(conn).damaged_hands() == [(1, 4)]
        assert OldSqlite(conn).damaged_hands(1) == [(1, 4)] and OldSqlite(conn).damaged_hands(2) == []
