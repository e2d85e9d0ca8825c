"""Old ledgers: a ledger written by the first released schema (revision 0001) opens with this
version, upgrades through the migrations, and keeps every hand; a newer ledger is refused."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from ledger.store.engine import HEAD, KNOWN, stored_revision
from ledger.store.service import Ledger

FIXTURES = Path(__file__).parent.parent / "fixtures"
OLD = FIXTURES / "ledger-0001.db"
EXPECTED = json.loads((FIXTURES / "ledger-0001.json").read_text(encoding="utf-8"))

pytestmark = pytest.mark.sqlite_only


def copy_of_old(tmp_path: Path) -> Path:
    """The fixture is never opened in place: opening would upgrade it."""
    dest = tmp_path / "old.db"
    shutil.copyfile(OLD, dest)
    return dest


def matches_as_listed(led: Ledger) -> list[dict]:
    keys = ("id", "game", "rules", "night", "players", "status", "winner")
    return [{k: r[k] for k in keys} for r in sorted(led.matches(), key=lambda r: r["id"])]


def test_the_fixture_is_a_first_schema_ledger():
    con = sqlite3.connect(f"file:{OLD}?mode=ro", uri=True)
    try:
        assert con.execute("SELECT version_num FROM alembic_version").fetchone() == ("0001",)
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        games = {g for (g,) in con.execute("SELECT game FROM match")}
        voided = con.execute("SELECT count(*) FROM hand WHERE voided").fetchone()[0]
    finally:
        con.close()
    assert KNOWN[0] == "0001"
    assert games == {"trentasette", "trentuno", "simone", "bridge", "canasta"}
    assert voided >= 3  # a correction, a void and an undo


def test_an_old_ledger_opens_upgraded_with_every_hand_intact(tmp_path):
    path = copy_of_old(tmp_path)
    led = Ledger(str(path))  # opening runs every migration after 0001
    assert stored_revision(led.engine) == HEAD
    expected = EXPECTED["matches"]
    assert matches_as_listed(led) == [{k: m[k] for k in ("id", "game", "rules", "night", "players", "status", "winner")}
                                      for m in expected]
    for m in expected:
        assert led.history(m["id"]) == m["history"], f"match {m['id']}"
        view = led.view(m["id"])  # every match still replays
        assert len(view.hands) == sum(1 for h in m["history"] if not h["voided"])
    assert [p for p in led.check() if p["match"] is None] == []  # the file itself is sound


def test_db_upgrade_and_check_by_hand(cli, tmp_path):
    path = copy_of_old(tmp_path)
    out = cli.json("--db", str(path), "db", "upgrade")
    assert out["from"] == "0001" and out["to"] == HEAD
    again = cli.json("--db", str(path), "db", "upgrade")
    assert again["from"] == again["to"] == HEAD
    assert "up to date" in cli("--db", str(path), "db", "upgrade").stdout
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()
    shown = cli.json("--db", str(path), "match", "history", "4")
    assert all(h.pop("description") for h in shown)  # a line for each hand, added since
    assert shown == EXPECTED["matches"][3]["history"]


def make_newer(path: Path) -> bytes:
    con = sqlite3.connect(path)
    con.execute("UPDATE alembic_version SET version_num = '9999'")
    con.commit()
    con.close()
    return path.read_bytes()


@pytest.mark.parametrize("args", [["match", "list"], ["db", "upgrade"], ["db", "check"],
                                  ["hand", "add", "1", "Anna=rest"], ["export", "--all"]])
def test_a_newer_ledger_is_refused_by_every_command_and_never_changed(cli, tmp_path, args):
    path = copy_of_old(tmp_path)
    before = make_newer(path)
    line = cli.error("--db", str(path), *args)
    assert "newer than this program" in line and "9999" in line
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0


def test_a_single_bettor_stored_without_drawn_is_named_by_the_upgrade_and_replays_as_before(tmp_path):
    """Revision 0002: ledgers before it left `drawn` out for a single bettor (FORMATS.md needs it)."""
    path = copy_of_old(tmp_path)
    led = Ledger(str(path))  # upgraded to HEAD, then a bet stored the old way, then marked 0001 again
    doc = {"game": "trentuno", "rules": "40", "players": ["Anna", "Bruno", "Carla", "Dario"], "options": {"lives": 1},
           "hands": [{"hands": {"Anna": 10, "Bruno": 20, "Carla": 25, "Dario": 30}, "knocked_by": "Bruno"},
                     {"bet": {"players": ["Anna"], "number": 12, "drawn": "Anna"},
                      "hands": {"Bruno": 12, "Carla": 25, "Dario": 30}, "knocked_by": "Carla"},
                     {"bet": {"players": "Bruno", "number": 9, "drawn": None},  # lost: drawn not needed
                      "hands": {"Anna": 20, "Carla": 25, "Dario": 30}, "knocked_by": "Carla"}]}
    mid = led.import_match(doc).match.id
    before = led.view(mid).to_json()
    led.engine.dispose()
    con = sqlite3.connect(path)
    for hid, text in con.execute("SELECT id, document FROM hand WHERE match_id = ?", (mid,)).fetchall():
        d = json.loads(text)
        if d.get("bet"):
            d["bet"].pop("drawn", None)
            con.execute("UPDATE hand SET document = ? WHERE id = ?", (json.dumps(d), hid))
    con.execute("UPDATE alembic_version SET version_num = '0001'")
    con.execute("DROP INDEX ix_hand_replaces")  # a ledger of 0001 has none (0003 adds it)
    con.commit()
    con.close()
    from ledger.store.engine import dispose_engines

    dispose_engines()
    again = Ledger(str(path))
    assert stored_revision(again.engine) == HEAD
    view = again.view(mid)
    assert [(h.document.get("bet") or {}).get("drawn") for h in view.hands] == [None, "Anna", "Bruno"]
    assert view.to_json()["totals"] == before["totals"] and view.to_json()["hands"] == before["hands"]
    assert again.check() == []
