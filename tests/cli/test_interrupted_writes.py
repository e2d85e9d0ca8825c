"""Ctrl-C in the middle of a write, in every command that writes (a real ``ledger`` process, the
SIGINT sent from inside it at a chosen step: tests/ctrl_c.py).

Whatever the step, the command ends with one line and exit code 130, never a traceback (cut
inside SQLAlchemy's commit, the interrupt used to become an ``AssertionError``), and the ledger
is whole: ``ledger db check`` is clean and the write is either all in (the Ctrl-C came during
the commit: the line says so) or not at all (it came before: the ledger's export is byte for
byte what it was). See ledger/interrupts.py.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ctrl_c import AFTER_COMMIT, BEFORE_COMMIT, BIN, INTERRUPTED, INTERRUPTED_SAVED, interrupted, ledger

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")]

PLAYERS = "Anna,Bruno,Carla,Dario"


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """A ledger (a bridge match of two hands, a club session), and what ``import`` and ``restore``
    read: a match document, a ledger export of the demo night, a SQLite backup of it."""
    d = tmp_path_factory.mktemp("interrupted")
    base = d / "base.db"
    for args in (["match", "new", "bridge", "--players", PLAYERS], ["hand", "add", "1", "4SX", "W", "-2"],
                 ["hand", "add", "1", "3NT", "S", "="], ["club", "new", "--title", "Tuesday pairs"]):
        ledger(base, *args)
    demo = d / "demo.db"
    ledger(demo, "demo")
    ledger(demo, "export", "--all", "-o", str(d / "demo.json"))
    ledger(demo, "export", "1", "-o", str(d / "match.json"))
    ledger(demo, "backup", str(d / "demo-backup.db"))
    return {"base": base, "export": d / "demo.json", "match": d / "match.json", "backup": d / "demo-backup.db"}


@pytest.fixture(scope="module")
def before(files) -> dict:
    """What the base ledger holds (each test's ledger before its command)."""
    return contents(files["base"])


@pytest.fixture
def db(files, tmp_path) -> Path:
    """A copy of the base ledger for one test."""
    copy = tmp_path / "table.db"
    shutil.copyfile(files["base"], copy)
    return copy


def command(files: dict[str, Path], *args: str) -> list[str]:
    """``args`` with ``{export}``, ``{match}``, ``{backup}`` replaced by those files."""
    return [a.format(**{k: str(v) for k, v in files.items()}) for a in args]


def contents(db: Path) -> dict:
    """Everything the ledger holds, as its export (``ledger export --all``; when it was exported aside)."""
    data = json.loads(ledger(db, "export", "--all").stdout)
    data.pop("exported_at")
    return data


def assert_stopped(r, line: str) -> None:
    """One line on standard error for the Ctrl-C, exit code 130, no traceback."""
    assert "Traceback" not in r.stderr and "AssertionError" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1] == line, r.stderr
    assert r.returncode == 130, (r.returncode, r.stderr)


def assert_sound(db: Path) -> None:
    r = ledger(db, "db", "check", check=False)
    assert r.returncode == 0 and "Every match replays to its stored results." in r.stdout, (r.stdout, r.stderr)


WRITES = [  # every command that writes, as a user types it
    ["hand", "add", "1", "4S", "N", "+1"],
    ["hand", "edit", "1", "1", "3NT", "S", "+1"],
    ["hand", "void", "1", "2", "--reason", "misdeal"],
    ["hand", "undo", "1"],
    ["match", "new", "bridge", "--players", PLAYERS],
    ["match", "end", "1"],
    ["player", "add", "Elena"],
    ["player", "rename", "Anna", "Annalisa"],
    ["club", "new", "--title", "Thursday pairs"],
    ["club", "add", "1", "1", "1", "2", "3NT", "S", "="],
    ["import", "{match}"],
    ["import", "{export}"],
    ["restore", "{export}", "--force"],
    ["demo"],
    ["play", "bridge", "--players", PLAYERS],  # play's own opening of the match, before its loop
]


@pytest.mark.parametrize("args", WRITES, ids=lambda a: " ".join(a[:2]))
def test_a_ctrl_c_inside_the_commit_lets_the_write_finish_whole(files, db, before, args):
    """The SIGINT arrives as SQLAlchemy ends the commit (the COMMIT done): the write is in, the
    command stops right after it, and says so."""
    r = interrupted(db, AFTER_COMMIT, *command(files, *args))
    assert_stopped(r, INTERRUPTED_SAVED)
    assert_sound(db)
    assert contents(db) != before


@pytest.mark.parametrize("at, when, nth, args", [
    ("ledger.store.service:Ledger.append", "any", 1, ["hand", "add", "1", "4S", "N", "+1"]),  # the hand's scoring
    ("ledger.store.service:Ledger._settle", "any", 1, ["hand", "edit", "1", "1", "3NT", "S", "+1"]),
    ("sqlalchemy.orm.session:Session.flush", "any", 1, ["match", "new", "bridge", "--players", PLAYERS]),
    ("sqlalchemy.orm.session:Session.flush", "any", 1, ["player", "rename", "Anna", "Annalisa"]),
    ("ledger.store.reading:replay_document", "any", 2, ["import", "{export}"]),  # the second match of many
    ("ledger.store.reading:replay_document", "any", 1, ["import", "{match}"]),
    ("ledger.store.service:Ledger._create_match", "any", 1, ["play", "bridge", "--players", PLAYERS]),
], ids=["hand add", "hand edit", "match new", "player rename", "import export", "import match", "play"])
def test_a_ctrl_c_before_the_commit_writes_nothing(files, db, before, at, when, nth, args):
    """The SIGINT arrives inside the write transaction, before its commit (while the hand is
    scored, the rows flushed, the import's matches replayed): it is rolled back, the ledger is
    exactly as it was."""
    r = interrupted(db, at, *command(files, *args), when=when, nth=nth)
    assert_stopped(r, INTERRUPTED)
    assert_sound(db)
    assert contents(db) == before


def test_a_ctrl_c_just_before_the_commit_is_sent_lets_it_finish(files, db):
    """The SIGINT arrives as SQLAlchemy is about to send the COMMIT: past the last point where
    the write could be called off, so it finishes, whole."""
    r = interrupted(db, BEFORE_COMMIT, "hand", "add", "1", "4S", "N", "+1")
    assert_stopped(r, INTERRUPTED_SAVED)
    assert_sound(db)
    assert len(contents(db)["matches"][0]["hands"]) == 3


def test_a_ctrl_c_while_a_backup_file_is_copied_in_lets_the_copy_finish(files, db):
    """``restore FILE.db`` copies the backup into the ledger in one SQLite step; a Ctrl-C then
    waits until the copy is in."""
    r = interrupted(db, "ledger.store.backup:wrote", "restore", str(files["backup"]), "--force", when="any")
    assert_stopped(r, INTERRUPTED_SAVED)
    assert_sound(db)
    assert contents(db)["matches"] == contents(files["backup"])["matches"]


@pytest.mark.parametrize("nth", [1, 2, 3], ids=["schema check", "integrity check", "replay"])
def test_a_ctrl_c_as_a_read_ends_is_the_one_line_too(db, nth):
    """Reading commands stop at once at a Ctrl-C; one that comes as a read transaction ends
    (SQLAlchemy's own closing step; ``db check`` reads in three) waits for that step, then stops
    the command the same way."""
    r = interrupted(db, AFTER_COMMIT, "db", "check", when="any", nth=nth)
    assert_stopped(r, INTERRUPTED)
    assert_sound(db)


def test_a_ctrl_c_during_an_import_stops_it_and_stores_nothing(cli, files, monkeypatch, python_s_sigint_handler):
    """A Ctrl-C as the import stores its second match (its first rows already inserted in the
    transaction: batches of three hands) stops it there, and nothing of the import is in the ledger."""
    import os
    import signal

    from ledger.store import bulk

    monkeypatch.setattr(bulk, "BATCH_HANDS", 3)
    add_read, stored = bulk.BulkImport.add_read, []

    def interrupted_add_read(self, read, keep_ids=False):
        stored.append(1)
        if len(stored) == 2:
            os.kill(os.getpid(), signal.SIGINT)
        return add_read(self, read, keep_ids)

    monkeypatch.setattr(bulk.BulkImport, "add_read", interrupted_add_read)
    cli("player", "list")  # the ledger made (its schema), so that only the import is in question
    r = cli("import", str(files["export"]), code=130)
    assert r.stderr.strip() == INTERRUPTED
    assert len(stored) == 2  # stopped at the second
    assert cli.json("match", "list") == [] and cli("db", "check").stdout.strip() == \
        "Every match replays to its stored results."


def test_a_ctrl_c_as_the_ledger_is_closed_after_the_command_lets_it_close(db):
    """The command is done and the ledger's connections are being closed (SQLite folds its log
    into the file): a Ctrl-C then waits for the closing and is let go: the command's own exit code
    and output, no traceback."""
    r = interrupted(db, "ledger.store.engine:dispose_engines", "hand", "add", "1", "4S", "N", "+1", when="any")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert len(contents(db)["matches"][0]["hands"]) == 3
    assert_sound(db)
