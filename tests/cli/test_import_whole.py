"""An import or restore of a ledger export, in the importing process alone, on every system
(``ledger.store.reading.read_matches``, ``ledger.store.backup.import_all``): it stores every
match or none, says what is wrong with the first bad match, and a Ctrl-C or a kill leaves the
ledger as it was.
"""

from __future__ import annotations

import json

import pytest
from ledger_rows import ledger_rows

from ledger.store import reading

pytestmark = pytest.mark.slow  # whole-ledger imports, real processes and kills


@pytest.fixture
def export(cli, tmp_path):
    from test_robustness_backup import build_a_ledger

    build_a_ledger(cli)
    path = tmp_path / "all.json"
    cli("export", "--all", "-o", str(path))
    return path


@pytest.mark.sqlite_only  # compares the SQLite files' rows
@pytest.mark.parametrize("into", ["empty", "kept numbers refused", "not empty"])
def test_the_rows_written_as_sqlite_stores_them_are_the_orm_s(cli, tmp_path, export, monkeypatch, into):
    """The rows of an import written as SQLite texts (``reading.RAW_INSERTS``) are those
    SQLAlchemy's insert writes: into an empty ledger, into one whose numbers cannot be kept (a
    hand without its number: everything stored again, renumbered, from a savepoint), into one
    that already has a player."""
    doc = json.loads(export.read_text(encoding="utf-8"))
    if into == "kept numbers refused":
        doc["matches"][-2]["hands"][-1]["stored"].pop("id")
    export.write_text(json.dumps(doc), encoding="utf-8")
    dbs = {}
    for raw in (True, False):
        monkeypatch.setattr(reading, "RAW_INSERTS", raw)
        db = tmp_path / f"{raw}.db"
        if into == "not empty":
            cli("--db", str(db), "player", "add", "Zoe")
        cli("--db", str(db), "import", str(export))
        dbs[raw] = ledger_rows(db)
        assert cli("--db", str(db), "db", "check").exit_code == 0
    assert len(dbs[True]["hand"]) > 20 and dbs[True] == dbs[False]
    hands = sum(len(m["hands"]) for m in doc["matches"])
    assert len(dbs[True]["hand"]) == hands


def test_a_restore_gives_back_the_ledger(cli, export):
    """On every backend (tests/backends.py): the rows through SQLAlchemy's insert there."""
    from test_robustness_backup import everything

    before = everything(cli)
    cli("restore", str(export), "--force")
    assert everything(cli) == before


def _bad(doc: dict, i: int, what: str) -> None:
    hand = next(h for h in doc["matches"][i]["hands"] if not h.get("voided"))
    if what == "result":
        hand["stored"]["result"] = {"changed": True}
    else:
        hand["entered_at"] = "not a time"


@pytest.mark.sqlite_only  # imports into files of its own
@pytest.mark.parametrize("command", ["import", "restore"])
def test_the_first_bad_match_is_the_one_named_and_nothing_is_stored(cli, tmp_path, export, command):
    doc = json.loads(export.read_text(encoding="utf-8"))
    with_hands = [i for i, m in enumerate(doc["matches"]) if any(not h.get("voided") for h in m["hands"])]
    first, later = with_hands[2], with_hands[-1]
    _bad(doc, later, "time")  # a later match is wrong too: the first one is named
    _bad(doc, first, "result")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    db = ("--db", str(tmp_path / "bad.db"))
    err = cli.error(*db, command, str(bad))
    assert err.startswith(f"error: matches[{first}].hands[") and ".stored.result" in err
    assert "\n" not in err.strip()
    assert cli.json(*db, "match", "list") == [] and cli.json(*db, "player", "list") == []


@pytest.mark.sqlite_only  # imports into files of its own
@pytest.mark.parametrize("bad_match", [True, False])
def test_a_file_broken_after_a_bad_match_names_the_match(cli, tmp_path, export, bad_match):
    """The file itself goes wrong further on (an export cut short): a bad match before the break
    is what is said, as the matches are read in order; without one, the break."""
    doc = json.loads(export.read_text(encoding="utf-8"))
    with_hands = [i for i, m in enumerate(doc["matches"]) if m["hands"]]
    if bad_match:
        _bad(doc, with_hands[1], "time")
    text = json.dumps(doc)
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) - 200], encoding="utf-8")
    db = ("--db", str(tmp_path / "cut.db"))
    err = cli.error(*db, "import", str(cut))
    assert err.startswith(f"error: matches[{with_hands[1]}].hands[") == bad_match, err
    assert ("entered_at" in err) == bad_match
    assert cli.json(*db, "match", "list") == []


@pytest.mark.sqlite_only
def test_a_ledger_that_cannot_be_opened_or_is_not_replaced_is_refused(cli, tmp_path, export):
    """A ledger in a folder that does not exist, or a restore over matches without --force: one
    line, exit 2, nothing written (no folder made, the ledger as it was)."""
    err = cli.error("--db", str(tmp_path / "nowhere" / "l.db"), "import", str(export))
    assert err.startswith("error: db: the folder"), err
    assert not (tmp_path / "nowhere").exists()
    db = tmp_path / "full.db"
    cli("--db", str(db), "import", str(export))
    before = ledger_rows(db)
    assert "--force" in cli.error("--db", str(db), "restore", str(export))
    assert ledger_rows(db) == before


_INTERRUPTED = """
import os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a terminal, however pytest was started
from ledger.store import bulk
HOW = sys.argv[3]
added = bulk.BulkImport.add_read
def add_read(self, read, keep_ids=False):
    if self.next["match"] > 3:  # Ctrl-C at a terminal, or the process killed, after three matches
        os.killpg(os.getpgrp(), signal.SIGINT) if HOW == "ctrl-c" else os.kill(os.getpid(), signal.SIGKILL)
    return added(self, read, keep_ids)
bulk.BulkImport.add_read = add_read
bulk.BATCH_HANDS = 3  # rows inserted (not committed) before the interruption
from ledger.cli.app import main
sys.argv = ["ledger", "--db", sys.argv[1], "import", sys.argv[2]]
main()
"""


@pytest.mark.sqlite_only  # imports into a file of its own
@pytest.mark.parametrize("how", ["ctrl-c", "kill"])
def test_an_interrupted_import_leaves_the_ledger_as_it_was(cli, tmp_path, export, how):
    import subprocess
    import sys

    db = tmp_path / f"{how}.db"
    cli("--db", str(db), "player", "add", "Zoe")
    before = ledger_rows(db)
    r = subprocess.run([sys.executable, "-c", _INTERRUPTED, str(db), str(export), how], capture_output=True,
                       text=True, timeout=300, start_new_session=True)  # a process group of its own, as a job
    if how == "ctrl-c":
        assert r.returncode == 130, r.stderr
        assert r.stderr.strip() == "interrupted: nothing was written for the command in progress"
    else:
        assert r.returncode == -9, r.stderr
    assert ledger_rows(db) == before
    assert cli("--db", str(db), "db", "check").exit_code == 0


def test_matches_are_read_one_at_a_time_as_they_are_stored(cli, export, monkeypatch, ledger_db):
    """Memory stays bounded: each match is read as the one before it has been handed to the
    batch (``read_matches`` is lazy), never the whole export first."""
    from ledger.store import backup, bulk

    doc = json.loads(export.read_text(encoding="utf-8"))
    given, stored = [0], [0]

    def matches():
        for m in doc["matches"]:
            assert given[0] == stored[0]  # the match before this one already stored
            given[0] += 1
            yield m

    added = bulk.BulkImport.add_read

    def add_read(self, read, keep_ids=False):
        stored[0] += 1
        return added(self, read, keep_ids)

    monkeypatch.setattr(bulk.BulkImport, "add_read", add_read)
    from ledger.store.service import Ledger

    fields = {k: v for k, v in doc.items() if k != "matches"}
    rows = backup.import_all(Ledger(str(ledger_db)), {**fields, "matches": matches()}, replace=True)
    assert len(rows) == len(doc["matches"]) == given[0] == stored[0] > 5


@pytest.mark.parametrize("aware", [False, True])
def test_a_time_is_written_as_sqlalchemy_stores_it_on_sqlite(aware):
    import datetime as dt

    from hypothesis import given, strategies as st
    from sqlalchemy import DateTime
    from sqlalchemy.dialects import sqlite

    dialect = sqlite.dialect()
    store = DateTime().dialect_impl(dialect).bind_processor(dialect)
    zones = st.just(dt.timezone.utc) if aware else st.none()

    @given(st.datetimes(min_value=dt.datetime(1, 1, 2), max_value=dt.datetime(9999, 12, 30), timezones=zones))
    def same(when):
        assert reading.sqlite_time(when) == store(when)

    same()
