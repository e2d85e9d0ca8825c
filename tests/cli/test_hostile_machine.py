"""A hostile machine (issue 14): a damaged ledger file, another program's SQLite file, a read-only
ledger, a full disk, loose file modes. Every command answers in one line naming the ledger, what is
wrong and the way out; nothing outside the ledger is touched."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from ledger.store.engine import dispose_engines

pytestmark = [pytest.mark.slow, pytest.mark.sqlite_only]

ROOT = Path(__file__).resolve().parents[2]
READING = [("match", "list"), ("report",), ("show", "1"), ("match", "history", "1"), ("export", "1"),
           ("stats",), ("player", "list"), ("export", "--all")]
WRITING = [("match", "new", "simone", "-p", "Anna,Bruno"), ("player", "add", "Ugo"),
           ("hand", "undo", "1"), ("match", "end", "1")]


def own_night(cli, tmp_path: Path) -> None:
    """The demo's matches imported as the user's own (so every command has something to read)."""
    for f in sorted((ROOT / "ledger/demo").glob("*.json")):
        cli("import", str(f))


def one_line(result) -> str:
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def damage(path: Path, table: str) -> None:
    """Overwrite the first page of ``table``'s b-tree with garbage (as a failing disk would), as
    another process would find it (this one's pooled connections, which cache pages, closed)."""
    dispose_engines()
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root, = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", [table]).fetchone()
    size, = con.execute("PRAGMA page_size").fetchone()
    con.close()
    with path.open("r+b") as f:
        f.seek((root - 1) * size)
        f.write(b"\xde\xad\xbe\xef" * (size // 4))


# --- 4: a damaged ledger ---------------------------------------------------------------------------
# the commands that must meet the damage (others may not read the damaged table at all)
MEETS = {"match": READING[:6], "hand": [("report",), ("show", "1"), ("match", "history", "1"), ("export", "1")],
         "alembic_version": READING + WRITING}


@pytest.mark.parametrize("table", sorted(MEETS))
def test_a_damaged_ledger_is_one_line_naming_it_and_the_way_out(cli, ledger_db, tmp_path, table):
    own_night(cli, tmp_path)
    damage(ledger_db, table)
    for args in READING + WRITING:
        r = cli(*args, code=None)
        line = one_line(r) if r.exit_code else ""
        if "damaged" not in line:  # it read nothing that is damaged (and succeeded or was refused)
            assert args not in MEETS[table] and r.exit_code in (0, 2), (args, r.stdout, line)
            continue
        assert str(ledger_db) in line and "damaged" in line and "ledger restore" in line, (args, line)


def test_db_check_lists_what_sqlite_finds_in_a_damaged_ledger(cli, ledger_db, tmp_path):
    own_night(cli, tmp_path)
    damage(ledger_db, "hand")
    r = cli("db", "check", code=1)
    assert "Traceback" not in r.stderr + r.stdout
    out = r.stdout
    assert "hand" in out and "malformed" in out  # the table that is damaged, and how
    assert "ledger restore" in out


def test_a_damaged_ledger_is_restored_from_its_backup(cli, ledger_db, tmp_path):
    own_night(cli, tmp_path)
    before = cli.json("match", "list")
    cli("backup", str(tmp_path / "copy.db"))
    damage(ledger_db, "match")
    assert "--force" in cli.error("restore", str(tmp_path / "copy.db"))
    cli("restore", str(tmp_path / "copy.db"), "--force")
    assert cli.json("match", "list") == before
    cli("db", "check")


# --- 6: another program's SQLite file ----------------------------------------------------------------
def other_programs_file(path: Path, alembic: bool) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO notes (body) VALUES ('shopping: milk, eggs')")
    if alembic:  # another program that also uses Alembic
        con.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
        con.execute("INSERT INTO alembic_version VALUES ('ae1027a6acf')")
    con.commit()
    con.close()


@pytest.mark.parametrize("alembic", [False, True])
def test_another_programs_sqlite_file_is_refused_by_every_command_and_left_identical(cli, tmp_path, alembic):
    other = tmp_path / "other.db"
    other_programs_file(other, alembic)
    before = digest(other)
    for args in READING + WRITING + [("db", "check"), ("db", "upgrade"), ("backup", str(tmp_path / "b.db")),
                                     ("import", str(ROOT / "ledger/demo/30_simone.json")), ("demo",)]:
        r = cli("--db", str(other), *args, code=2)
        line = one_line(r)
        assert "not a ledger" in line and str(other) in line, (args, line)
        assert digest(other) == before, args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]  # no -wal, -shm or backup made


# --- 7: a read-only ledger ---------------------------------------------------------------------------
BIN = Path(sys.executable).parent / "ledger"
AS_OTHER_USER = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.geteuid() == 0 else []


@pytest.fixture
def read_only_ledger(cli, tmp_path):
    """A ledger with matches that this process cannot write: in a folder of its own, owned by
    someone else (when the tests run as root: run as nobody) or with its write bits removed."""
    folder = Path(tempfile.mkdtemp(prefix="ledger-ro-"))
    path = folder / "ledger.db"
    cli("--db", str(path), "import", str(ROOT / "ledger/demo/10_trentasette.json"))
    cli("--db", str(path), "import", str(ROOT / "ledger/demo/40_bridge.json"))
    dispose_engines()
    assert sorted(p.name for p in folder.iterdir()) == ["ledger.db"]
    if AS_OTHER_USER:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: cannot make a ledger read-only")
        folder.chmod(0o755)
        path.chmod(0o644)
    else:
        path.chmod(0o444)
        folder.chmod(0o555)
    yield path
    folder.chmod(0o755)
    shutil.rmtree(folder)


def run_as_reader(path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LEDGER_DB": str(path), "XDG_DATA_HOME": str(path.parent), "HOME": str(path.parent)}
    return subprocess.run([*AS_OTHER_USER, str(BIN), *args], capture_output=True, text=True, env=env, timeout=120)


def test_a_read_only_ledger_is_read_and_writing_says_it_is_read_only(read_only_ledger):
    before = digest(read_only_ledger)
    for args in [*READING, ("db", "check"), ("show", "2", "--json"), ("report", "--json")]:
        r = run_as_reader(read_only_ledger, *args)
        assert r.returncode == 0, (args, r.stderr)
        assert r.stdout and not r.stderr, (args, r.stderr)
    assert json.loads(run_as_reader(read_only_ledger, "show", "1", "--json").stdout)["match"]["id"] == 1
    for args in WRITING + [("match", "reopen", "2"), ("restore", str(ROOT / "tests/fixtures/ledger-0001.db"), "--force")]:
        r = run_as_reader(read_only_ledger, *args)
        assert r.returncode != 0, args
        line = one_line(r)
        assert "read-only" in line and str(read_only_ledger) in line, (args, line)
    assert digest(read_only_ledger) == before
    assert sorted(p.name for p in read_only_ledger.parent.iterdir()) == ["ledger.db"]


# --- 5: a full disk -----------------------------------------------------------------------------------
def run_with_file_limit(limit: int, *args: str, db: Path) -> subprocess.CompletedProcess:
    """The installed ``ledger`` with files limited to ``limit`` bytes (``ulimit -f``: a write past
    it fails as on a full disk)."""
    import resource

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "LEDGER_DB": str(db)}
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, env=env, timeout=120,
                          preexec_fn=limited)


@pytest.fixture
def big_night(cli, ledger_db, tmp_path):
    own_night(cli, tmp_path)
    for _ in range(3):
        cli("import", str(ROOT / "ledger/demo/10_trentasette.json"))
    dispose_engines()
    return ledger_db


@contextmanager
def file_limit(limit: int):
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def test_a_full_disk_leaves_the_old_report_files_whole_and_says_so_in_one_line(cli, big_night, tmp_path):
    html, csv_dir = tmp_path / "night.html", tmp_path / "csv"
    good = run_with_file_limit(2**30, "report", "--html", str(html), "--csv", str(csv_dir), db=big_night)
    assert good.returncode == 0, good.stderr
    before = {p.name: digest(p) for p in [html, *csv_dir.iterdir()]}
    limit = 40_000  # more than the ledger's -shm file (32 KB), less than the page and hands.csv
    for args in (("report", "--html", str(html)), ("export", "--all", "-o", str(tmp_path / "all.json"))):
        r = run_with_file_limit(limit, *args, db=big_night)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        line = one_line(r)
        assert "cannot write" in line, line
    holder = sqlite3.connect(big_night)  # keeps the ledger's -shm file (32 KB) there, whole
    holder.execute("SELECT count(*) FROM match").fetchone()
    with file_limit(1000):  # in this process: smaller than hands.csv
        line = cli.error("report", "--csv", str(csv_dir))
    holder.close()
    assert "cannot write" in line and ".csv" in line, line
    assert {p.name: digest(p) for p in [html, *csv_dir.iterdir()]} == before
    assert not (tmp_path / "all.json").exists()
    assert not [p for p in tmp_path.rglob(".*.tmp")]


def test_a_backup_onto_a_full_disk_is_one_line_and_leaves_nothing(big_night, tmp_path):
    r = run_with_file_limit(40_000, "backup", str(tmp_path / "copy.db"), db=big_night)
    assert r.returncode == 2, (r.stdout, r.stderr)
    line = one_line(r)
    assert "cannot write the backup" in line and str(tmp_path / "copy.db") in line, line
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("copy", ".copy"))) == []
