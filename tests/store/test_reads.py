"""The reads (ledger/store/reads.py, in the store's read transaction) agree with the ORM on every
database, and name what is not there."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ledger.errors import LedgerError
from ledger.store import reads as R
from ledger.store.engine import database_url, dispose_engines
from ledger.store.export import EXPORT_HAND_COLUMNS, EXPORT_MATCH_COLUMNS
from ledger.store.models import Hand, Match, Night, SQLModel
from ledger.store.service import Ledger


def test_every_column_the_reads_name_is_a_column_of_the_models():
    tables = SQLModel.metadata.tables
    for table, columns in R.COLUMNS.items():
        assert set(columns) <= set(tables[table].c.keys()), table
    for table, columns in (("match", R.MATCH_COLUMNS), ("night", R.NIGHT_COLUMNS), ("hand", R.HAND_COLUMNS),
                           ("match", EXPORT_MATCH_COLUMNS), ("hand", EXPORT_HAND_COLUMNS)):
        assert set(columns) <= set(R.COLUMNS[table]), table
    assert {R.MATCH.strip('"'), R.NIGHT, R.HAND, R.SEAT, R.PLAYER} <= set(R.COLUMNS)
    for name, fields in ((Match, R.MatchRow), (Night, R.NightRow), (Hand, R.HandRow)):
        assert set(fields._fields) <= set(name.model_fields), name


def an_evening(cli) -> Ledger:
    """The demo night, plus a match of tonight with a corrected hand and one ended early."""
    cli("demo")
    cli("match", "new", "simone", "--players", "Anna,Bruno,Carla")
    for sums in (("3", "9", "12"), ("7", "2", "11"), ("5", "5", "20")):
        cli("hand", "add", "last", *[f"{p}={v}" for p, v in zip(("Anna", "Bruno", "Carla"), sums)])
    cli("hand", "void", "last", "2")
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    cli("match", "end", "last")
    return Ledger()


def orm_view(led: Ledger, mid: int):
    with led.transaction() as s:
        return led._view(s, s.get(Match, mid))


def same_view(a, b) -> None:
    assert a.to_json() == b.to_json()
    assert a.setup == b.setup
    assert [h.document for h in a.hands] == [h.document for h in b.hands]
    assert [h.id for h in a.hands] == [h.id for h in b.hands]
    assert (a.match.status, a.match.winner, a.match.summary, a.match.note) == \
        (b.match.status, b.match.winner, b.match.summary, b.match.note)
    assert (a.night.date, a.night.demo) == (b.night.date, b.night.demo)


def test_reads_over_the_ledgers_connection_agree_with_the_orm(cli, ledger_db):
    """On every database (SQLite and PostgreSQL): each match read in plain SQL is the ORM's."""
    led = an_evening(cli)
    ids = [row["id"] for row in led.matches()]
    assert len(ids) >= 8
    with led.reads() as reads:
        for mid in ids:
            same_view(reads.view(mid), orm_view(led, mid))
        assert reads.view("last").match.id == max(ids)
        assert reads.player_name("  anna ", "player") == "Anna"
    listed = {row["id"]: row for row in led.matches()}
    assert listed[max(ids)]["status"] == "ended" and listed[max(ids) - 1]["hands"] == 2
    assert [r["id"] for r in led.matches(game="simone")] == [max(ids) - 1] + \
        [r["id"] for r in led.matches(game="simone") if r["demo"]]


@pytest.mark.parametrize("ref, says", [("99", "no match 99"), ("abc", "not a match number"), ("0", "no match 0"),
                                       (str(2**40), "no match")])
def test_a_match_that_is_not_there_is_named(cli, ledger_db, ref, says):
    led = an_evening(cli)
    with led.reads() as reads:
        with pytest.raises(LedgerError, match=says) as err:
            reads.view(ref)
    assert err.value.field == "match"


@pytest.mark.sqlite_only
def test_reading_a_ledger_that_is_not_there_creates_nothing(tmp_path, cli):
    missing = tmp_path / "none" / "ledger.db"
    assert cli.error("--db", str(missing), "show", "1").startswith("error: db: the folder")
    assert not missing.exists() and not missing.parent.exists()
    text = tmp_path / "notes.db"
    text.write_text("not a database")
    assert cli.error("--db", str(text), "show", "1").startswith("error:")
    assert text.read_text() == "not a database"


@pytest.mark.sqlite_only
def test_the_cli_reads_a_newer_ledger_through_the_store_and_refuses_it(tmp_path, cli):
    path = tmp_path / "newer.db"
    Ledger(str(path))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.close()
    line = cli.error("--db", str(path), "show", "1")
    assert "newer than this program" in line


def test_last_is_the_newest_match_of_ones_own_and_the_demos_only_when_there_is_no_other(cli, ledger_db):
    cli("demo")
    demo_last = max(r["id"] for r in Ledger().matches())
    with Ledger().reads() as reads:
        assert reads.find_id("last") == demo_last  # only the demo: it is the newest
    cli("match", "new", "simone", "--players", "Anna,Bruno")
    mine = max(r["id"] for r in Ledger().matches())
    cli("demo")  # loaded again: newer numbers than my match
    with Ledger().reads() as reads:
        assert reads.find_id("last") == mine


@pytest.mark.sqlite_only
def test_a_file_name_with_url_characters_is_the_file_written_and_read(tmp_path, cli):
    path = tmp_path / "club x%41 #1?.db"
    cli("--db", str(path), "match", "new", "simone", "--players", "Anna,Bruno")
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".db"] == [path.name]
    assert cli.json("--db", str(path), "show", "1")["match"]["id"] == 1


@pytest.mark.sqlite_only
def test_a_ledger_at_head_is_read_through_sqlite3_as_the_store_reads_it(cli, ledger_db):
    """``reading`` opens a ledger file at HEAD in WAL mode with ``sqlite3`` itself; every match and
    the match list read there are what the store's connection reads."""
    led = an_evening(cli)
    with R.reading(str(ledger_db)) as direct, led.reads() as stored:
        assert isinstance(direct.executor, R.SqliteRows) and isinstance(stored.executor, R.DriverRows)
        ids = [row["id"] for row in stored.match_list()]
        for mid in ids:
            same_view(direct.view(mid), stored.view(mid))
            assert direct.view_tail(mid, 1).to_json() == stored.view_tail(mid, 1).to_json()
        assert direct.match_list() == stored.match_list()
        assert direct.match_list(game="simone", status="open") == stored.match_list(game="simone", status="open")
        assert direct.find_id("last") == stored.find_id("last") == max(ids)


def test_any_other_ledger_is_read_through_the_store(cli, ledger_db):
    """No file yet, another schema revision, another journal, a database server: the store opens it."""
    cli("match", "new", "simone", "--players", "Anna,Bruno")
    url = str(ledger_db)
    if "://" in url:  # PostgreSQL
        assert R.open_at_head(url) is None
        with R.reading(url) as reads:
            assert isinstance(reads.executor, R.DriverRows) and reads.view(1).match.id == 1
        return
    assert R.open_at_head(url + ".missing") is None and not Path(url + ".missing").exists()
    for change, undo in (("UPDATE alembic_version SET version_num = '0004'",
                          "UPDATE alembic_version SET version_num = '0005'"),
                         ("PRAGMA journal_mode=DELETE", "PRAGMA journal_mode=WAL")):
        dispose_engines()  # the store's own connections closed: the file is changed alone
        conn = sqlite3.connect(url, isolation_level=None)
        conn.execute(change)
        conn.close()
        assert R.open_at_head(url) is None, change
        conn = sqlite3.connect(url, isolation_level=None)
        conn.execute(undo)
        conn.close()
    with R.reading(url) as reads:
        assert isinstance(reads.executor, R.SqliteRows)
    Path(url).write_bytes(b"not a ledger at all")
    assert R.open_at_head(url) is None
