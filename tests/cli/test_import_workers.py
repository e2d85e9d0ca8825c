"""An import read by worker processes (issue 17, ``ledger.store.reading.MatchReads``) stores
exactly what one process stores, says what is wrong with the same match, and stores nothing then.

The workers start only for an import of more than ``PARALLEL_HANDS`` hands; here the threshold
and the chunks are made small so that the demo night and a few corrected matches go through
them, in chunks of a few hands.
"""

from __future__ import annotations

import gc
import json
import pickle

import pytest
from import_workers import workers_on
from ledger_rows import ledger_rows

from ledger.errors import LedgerError
from ledger.store import reading

pytestmark = pytest.mark.slow  # real processes, servers or kills: python -m pytest -m "not slow" leaves them out

needs_fork = pytest.mark.skipif(reading._workers() < 2, reason="worker processes need fork and two cores")


@pytest.fixture
def in_workers(monkeypatch):
    """Turn the workers on for any import (two of them, chunks of about three hands)."""
    return lambda: workers_on(monkeypatch)


@pytest.fixture
def export(cli, tmp_path):
    from test_robustness_backup import build_a_ledger

    build_a_ledger(cli)
    path = tmp_path / "all.json"
    cli("export", "--all", "-o", str(path))
    return path


@pytest.mark.sqlite_only  # compares the SQLite files' rows
@needs_fork
@pytest.mark.parametrize("into", ["empty", "kept numbers refused", "not empty"])
def test_workers_store_the_rows_one_process_stores(cli, tmp_path, export, in_workers, into):
    doc = json.loads(export.read_text(encoding="utf-8"))
    if into == "kept numbers refused":  # the last hand has no number: everything stored again, renumbered
        doc["matches"][-2]["hands"][-1]["stored"].pop("id")
    export.write_text(json.dumps(doc), encoding="utf-8")
    before = "player add Zoe" if into == "not empty" else None
    dbs = {}
    for how in ("here", "workers"):
        if how == "workers":
            pools = in_workers()
        db = tmp_path / f"{how}.db"
        if before:
            cli("--db", str(db), *before.split())
        cli("--db", str(db), "import", str(export))
        dbs[how] = ledger_rows(db)
        assert cli("--db", str(db), "db", "check").exit_code == 0
    assert len(dbs["here"]["hand"]) > 20
    assert dbs["workers"] == dbs["here"]
    assert pools and set(pools) == {2}  # the workers' path was taken (twice when renumbered)


@needs_fork
def test_a_restore_read_by_workers_gives_back_the_ledger(cli, tmp_path, export, in_workers):
    """On every backend (tests/backends.py): the workers' rows through SQLAlchemy's insert too."""
    from test_robustness_backup import everything

    before = everything(cli)
    pools = in_workers()
    cli("restore", str(export), "--force")
    assert everything(cli) == before and pools == [2]


def _bad(doc: dict, i: int, what: str) -> None:
    hand = next(h for h in doc["matches"][i]["hands"] if not h.get("voided"))
    if what == "result":
        hand["stored"]["result"] = {"changed": True}
    else:
        hand["entered_at"] = "not a time"


@pytest.mark.sqlite_only  # imports into files of its own
@needs_fork
@pytest.mark.parametrize("workers", [False, True])
def test_the_first_bad_match_is_the_one_named_and_nothing_is_stored(cli, tmp_path, export, in_workers, workers):
    doc = json.loads(export.read_text(encoding="utf-8"))
    with_hands = [i for i, m in enumerate(doc["matches"]) if any(not h.get("voided") for h in m["hands"])]
    first, later = with_hands[2], with_hands[-1]
    _bad(doc, later, "time")  # a later match is wrong too: the first one is named
    _bad(doc, first, "result")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    if workers:
        in_workers()
    db = ("--db", str(tmp_path / "bad.db"))
    err = cli.error(*db, "import", str(bad))
    assert err.startswith(f"error: matches[{first}].hands[") and ".stored.result" in err
    assert cli.json(*db, "match", "list") == [] and cli.json(*db, "player", "list") == []


@pytest.mark.sqlite_only  # imports into files of its own
@needs_fork
@pytest.mark.parametrize("bad_match", [True, False])
@pytest.mark.parametrize("workers", [True, False])
def test_a_file_broken_after_a_bad_match_names_the_match(cli, tmp_path, export, in_workers, monkeypatch,
                                                         bad_match, workers):
    """The file itself goes wrong further on (an export cut short): a bad match before the break
    is what is said, as one process reading in order says it; without one, the break. Also when
    the break comes before the workers would start (fewer hands than ``PARALLEL_HANDS``)."""
    doc = json.loads(export.read_text(encoding="utf-8"))
    with_hands = [i for i, m in enumerate(doc["matches"]) if m["hands"]]
    if bad_match:
        _bad(doc, with_hands[1], "time")
    text = json.dumps(doc)
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) - 200], encoding="utf-8")
    if workers:
        in_workers()
    else:
        monkeypatch.setattr(reading, "_workers", lambda: 2)  # two cores, but too few hands to start them
    db = ("--db", str(tmp_path / "cut.db"))
    err = cli.error(*db, "import", str(cut))
    assert err.startswith(f"error: matches[{with_hands[1]}].hands[") == bad_match, err
    assert ("entered_at" in err) == bad_match
    assert cli.json(*db, "match", "list") == []


def test_a_ledger_error_crosses_a_process_whole():
    err = LedgerError(__import__("ledger.i18n", fromlist=["t"]).t("store.not_a_time", "{value!r} is not a date and "
                      "time", value="x"), "hands[2].entered_at", "x")
    back = pickle.loads(pickle.dumps(err.at("matches[1]")))
    assert (str(back), back.code, back.field, back.value) == (str(err.at("matches[1]")), err.code,
                                                              "matches[1].hands[2].entered_at", "x")


def test_a_read_match_crosses_a_process_whole(cli, export):
    doc = json.loads(export.read_text(encoding="utf-8"))
    for m in doc["matches"]:
        read = reading.read_match(m, raw=True)
        back = pickle.loads(pickle.dumps(read))
        for key in reading.ReadMatch.__slots__:
            assert getattr(back, key) == getattr(read, key)
        assert [[type(v) for v in h.values()] for h in back.hands] == [[type(v) for v in h.values()]
                                                                       for h in read.hands]


def test_reading_a_match_makes_no_reference_cycles(cli, export):
    """What lets an import (and its workers) pause the cycle collector
    (``ledger.games.collector_paused``): replaying every match of the demo night, corrections and
    all, leaves nothing for the collector to find."""
    doc = json.loads(export.read_text(encoding="utf-8"))
    gc.collect()
    with __import__("ledger.games", fromlist=["collector_paused"]).collector_paused():
        for m in doc["matches"]:
            reading.read_match(m, raw=True)
        assert gc.collect() == 0


_INTERRUPTED = """
import os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a terminal, however pytest was started
from ledger.store import bulk, reading
HOW = sys.argv[3]
reading.PARALLEL_HANDS, reading.CHUNK_HANDS, reading._workers = 0, 3, lambda: 2
added = bulk.BulkImport.add_read
def add_read(self, read, keep_ids=False):
    if self.next["match"] > 3:  # Ctrl-C at a terminal: to the importing process and its workers
        os.killpg(os.getpgrp(), signal.SIGINT) if HOW == "ctrl-c" else os.kill(os.getpid(), signal.SIGKILL)
    return added(self, read, keep_ids)
bulk.BulkImport.add_read = add_read
from ledger.cli.app import main
sys.argv = ["ledger", "--db", sys.argv[1], "import", sys.argv[2]]
main()
"""


def _interrupted(tmp_path, export, how: str):
    import subprocess
    import sys

    db = tmp_path / f"{how}.db"
    r = subprocess.run([sys.executable, "-c", _INTERRUPTED, str(db), str(export), how], capture_output=True,
                       text=True, timeout=300, start_new_session=True)  # a process group of its own, as a job
    return db, r


def _left(db) -> list[str]:
    """The processes still running with ``db`` on their command line (workers left behind)."""
    import os

    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if str(db).encode() in f.read():
                    left.append(pid)
        except OSError:
            pass
    return left


@pytest.mark.sqlite_only  # imports into a file of its own
@needs_fork
def test_ctrl_c_stops_the_import_and_its_workers_and_stores_nothing(cli, tmp_path, export):
    db, r = _interrupted(tmp_path, export, "ctrl-c")
    assert r.returncode == 130, r.stderr
    assert r.stderr.strip() == "interrupted: nothing was written for the command in progress"
    assert cli.json("--db", str(db), "match", "list") == []
    assert _left(db) == []


@pytest.mark.sqlite_only  # imports into a file of its own
@needs_fork
def test_workers_end_with_a_killed_import(cli, tmp_path, export):
    import time

    db, r = _interrupted(tmp_path, export, "kill")
    assert r.returncode == -9, r.stderr
    for _ in range(100):  # the kernel ends them as their parent goes
        if not _left(db):
            break
        time.sleep(0.1)
    assert _left(db) == []
    assert cli.json("--db", str(db), "match", "list") == []


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


@pytest.mark.sqlite_only  # compares the SQLite files' rows
@needs_fork
@pytest.mark.parametrize("failure", ["no fork", "a worker ends"])
def test_an_import_whose_workers_fail_is_read_here_and_stores_the_same(cli, tmp_path, export, in_workers,
                                                                       monkeypatch, failure):
    """A machine that refuses a new process (its limit reached), or a worker the system ends (out
    of memory): the matches not yet stored are read in the importing process instead."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    cli("--db", str(tmp_path / "here.db"), "import", str(export))
    pools = in_workers()
    if failure == "no fork":
        def refused(self, *args, **kwargs):
            raise OSError(11, "Resource temporarily unavailable")

        monkeypatch.setattr(ProcessPoolExecutor, "submit", refused)
    else:
        chunks = reading._read_chunk

        def ends(docs, raw):
            if any(m.get("game") == "bridge" for m in docs):  # some chunk further on
                os._exit(1)
            return chunks(docs, raw)

        monkeypatch.setattr(reading, "_read_chunk", ends)
    cli("--db", str(tmp_path / "failed.db"), "import", str(export))
    assert pools == [2]
    assert ledger_rows(tmp_path / "failed.db") == ledger_rows(tmp_path / "here.db")


_EARLY = """
import sys
from concurrent.futures import ProcessPoolExecutor
from ledger.store import reading
reading.PARALLEL_HANDS, reading.CHUNK_HANDS, reading._workers = 0, 3, lambda: 2
submit, loaded = ProcessPoolExecutor.submit, []
def noted(self, *args, **kwargs):
    if not loaded:  # the workers are forked as the first chunk is handed out
        loaded.append(sorted(m for m in ("sqlalchemy", "sqlmodel") if m in sys.modules))
    return submit(self, *args, **kwargs)
ProcessPoolExecutor.submit = noted
from ledger.cli.app import main
sys.argv = ["ledger", "--db", *sys.argv[1:]]
try:
    main()
finally:
    import multiprocessing
    print("loaded at the fork:", loaded, "left:", len(multiprocessing.active_children()), file=sys.stderr)
"""


def _early(db, *args):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", _EARLY, str(db), *args], capture_output=True, text=True, timeout=300)


@pytest.mark.sqlite_only  # imports into files of its own
@needs_fork
@pytest.mark.parametrize("command", ["import", "restore"])
def test_the_workers_start_before_the_storage_layer_is_loaded(cli, tmp_path, export, command):
    """``import`` and ``restore`` of an export hand its first matches to the workers before they
    load SQLAlchemy and open the ledger (``reading.start_reading``), and store what a later start
    stores."""
    db = tmp_path / "early.db"
    r = _early(db, command, str(export))
    assert r.returncode == 0, r.stderr
    assert "loaded at the fork: [[]] left: 0" in r.stderr
    cli("--db", str(tmp_path / "here.db"), "import", str(export))
    assert ledger_rows(db) == ledger_rows(tmp_path / "here.db")


@pytest.mark.sqlite_only
@needs_fork
def test_workers_started_early_stop_when_the_ledger_cannot_be_opened_or_is_not_replaced(cli, tmp_path, export):
    """The ledger is opened after the workers started: a ledger in a folder that does not exist,
    or a restore over matches without --force, is refused as before (one line, exit 2, nothing
    written) and the workers are stopped."""
    r = _early(tmp_path / "nowhere" / "l.db", "import", str(export))
    assert r.returncode == 2 and r.stderr.startswith("error: db: the folder") and "left: 0" in r.stderr, r.stderr
    assert not (tmp_path / "nowhere").exists()
    db = tmp_path / "full.db"
    cli("--db", str(db), "import", str(export))
    before = ledger_rows(db)
    r = _early(db, "restore", str(export))
    assert r.returncode == 2 and "--force" in r.stderr and "left: 0" in r.stderr, r.stderr
    assert ledger_rows(db) == before
