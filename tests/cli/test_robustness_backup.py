"""Export and import keep everything; backups and restores (on every backend: tests/backends.py)."""

from __future__ import annotations

import pytest

import json
import shutil
import sqlite3
from pathlib import Path

from fixtures.hands import piles, words

pytestmark = pytest.mark.slow  # fuzzing, big inputs and whole-ledger round trips: left out of the fast loop

NAMES = ["Zoë \"la rossa\"", "O'Brien", "李娜 🃏"]
FIXTURES = Path(__file__).parent.parent / "fixtures"


def build_a_ledger(cli) -> None:
    """Every game (the demo night), a gap in the match numbers, corrections, an ended match, a
    reopened one, a match without hands, a player without matches, names that need quoting."""
    cli("demo")  # matches 1-6
    cli("player", "add", "Ugo", "Robert'); DROP TABLE hand;--")
    cli("match", "new", "trentasette", "-p", ",".join(NAMES), "-o", "target=1000", "--night", "2026-10-02")
    for i in range(4):
        cli("hand", "add", "last", *words(piles(i, NAMES)))
    cli("hand", "edit", "last", "2", *words(piles(9, NAMES)), "--reason", "wrong pile")
    cli("hand", "undo", "last", "--reason", "entered twice")
    cli("match", "end", "last")
    views = cli.json("demo")  # the demo night again: 1-6 are gone, a gap is left
    cli("match", "reopen", str(views[0]["match"]["id"]))  # finished, reopened for a correction
    cli("match", "new", "simone", "-p", "Anna,Bruno")


def everything(cli, *db: str) -> dict:
    """What a user can see of the whole ledger."""
    export = cli.json(*db, "export", "--all")
    export.pop("exported_at")
    ids = [m["id"] for m in cli.json(*db, "match", "list")]
    return {"export": export, "players": cli.json(*db, "player", "list"),
            "matches": cli.json(*db, "match", "list"),
            "history": {i: cli.json(*db, "match", "history", str(i)) for i in ids},
            "boards": {i: cli.json(*db, "show", str(i)) for i in ids}}


def test_export_all_then_import_into_an_empty_ledger_is_identical(cli, tmp_path):
    build_a_ledger(cli)
    before = everything(cli)
    ids = [m["id"] for m in before["matches"]]
    assert ids != list(range(len(ids), 0, -1))  # there is a gap to keep
    assert {m["status"] for m in before["matches"]} >= {"open", "finished", "ended"}
    assert any(h["voided"] for hs in before["history"].values() for h in hs)
    (tmp_path / "all.json").write_text(cli("export", "--all").stdout, encoding="utf-8")
    other = ("--db", str(tmp_path / "other.db"))
    rows = cli.json(*other, "import", str(tmp_path / "all.json"))
    assert [r["id"] for r in rows] == sorted(ids)
    assert everything(cli, *other) == before
    # new matches continue after the highest number
    new = cli.json(*other, "match", "new", "simone", "-p", "Anna,Bruno")
    assert new["match"]["id"] == max(ids) + 1


def test_restore_of_an_export_replaces_the_ledger_and_numbering_goes_on(cli, tmp_path):
    build_a_ledger(cli)
    before = everything(cli)
    (tmp_path / "all.json").write_text(cli("export", "--all").stdout, encoding="utf-8")
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    assert "restore replaces them all" in cli.error("restore", str(tmp_path / "all.json"))
    done = cli.json("restore", str(tmp_path / "all.json"), "--force")
    assert done == {"kind": "export", "matches": len(before["matches"])}
    assert everything(cli) == before
    assert cli.json("match", "new", "simone", "-p", "A,B")["match"]["id"] == max(before["boards"]) + 1
    last = max(p["id"] for p in cli.json("player", "list"))
    assert cli.json("player", "add", "Nuovo")[0]["id"] == last + 1


def test_importing_an_export_into_a_ledger_with_matches_adds_them_with_new_numbers(cli, tmp_path):
    cli("demo")
    (tmp_path / "all.json").write_text(cli("export", "--all").stdout, encoding="utf-8")
    n = len(cli.json("match", "list"))
    rows = cli.json("import", str(tmp_path / "all.json"))
    assert [r["id"] for r in rows] == list(range(n + 1, 2 * n + 1))
    assert "Imported" in cli("import", str(tmp_path / "all.json")).stdout


def test_a_bad_match_in_an_export_stores_nothing(cli, tmp_path):
    cli("demo")
    data = cli.json("export", "--all")
    data["matches"][2]["hands"][1] = {"nonsense": True}
    before = cli("export", "--all").stdout
    line = cli.error("--db", str(tmp_path / "x.db"), "import", "-", input=json.dumps(data))
    assert line.startswith("error: matches[2].hands[1]")
    assert cli.json("--db", str(tmp_path / "x.db"), "match", "list") == []
    for bad in ({"format": "other", "matches": []}, {"format": "ledger-export", "version": 99, "matches": []},
                {"matches": [], "players": [{"name": 3}]}, {"matches": [], "players": [{"name": "A\x00"}]}):
        assert cli.error("import", "-", input=json.dumps(bad)).startswith("error: ")
    assert cli("export", "--all").stdout.split('"players"')[1] == before.split('"players"')[1]
    assert "give a match, or --all" in cli.error("export")
    assert "give a match, or --all" in cli.error("export", "1", "--all")


def test_a_stored_result_is_checked_as_an_object_whatever_its_key_order(cli, tmp_path):
    """An export's stored result, written in another key order (a hand-edited file), still agrees
    with the hand as scored and is stored as the file has it; one with a changed value is refused."""
    cli("demo")
    data = cli.json("export", "--all")
    hand = next(h for m in data["matches"] for h in m["hands"] if not h.get("voided"))
    hand["stored"]["result"] = dict(reversed(list(hand["stored"]["result"].items())))
    other = ("--db", str(tmp_path / "other.db"))
    cli(*other, "import", "-", input=json.dumps(data))
    kept = cli.json(*other, "export", "--all")["matches"][0]["hands"][0]["stored"]["result"]
    assert list(kept.items()) == list(hand["stored"]["result"].items())
    first = next(iter(hand["stored"]["result"]))
    hand["stored"]["result"][first] = "changed"
    line = cli.error("--db", str(tmp_path / "third.db"), "import", "-", input=json.dumps(data))
    assert line.startswith("error: matches[0].hands[0].stored.result")


def test_a_stored_result_with_numbers_written_otherwise_agrees_and_is_stored_as_the_file_has_it(cli, tmp_path):
    """A whole number written 1.0 (or a 1 as true) equals the hand as scored, as Python's == has
    always said (issue 17: compared as objects, nothing written); the file's text is what is stored."""
    cli("demo")
    data = cli.json("export", "--all")
    live = [(m, h) for m in data["matches"] for h in m["hands"] if not h.get("voided")]
    changed = 0
    for _m, hand in live:
        points = hand["stored"]["result"].get("points")
        if isinstance(points, dict) and points and type(next(iter(points.values()))) is int:
            side = next(iter(points))
            points[side] = float(points[side])
            changed += 1
    assert changed
    other = ("--db", str(tmp_path / "other.db"))
    cli(*other, "import", "-", input=json.dumps(data))
    con = sqlite3.connect(tmp_path / "other.db")
    stored = [text for (text,) in con.execute("SELECT result FROM hand WHERE NOT voided ORDER BY id")]
    assert stored == [json.dumps(h["stored"]["result"]) for _m, h in sorted(live, key=lambda mh: mh[1]["stored"]["id"])]
    assert sum(".0" in text for text in stored) >= changed
    _m, hand = next((m, h) for m, h in live if h["stored"]["result"].get("points"))
    side = next(iter(hand["stored"]["result"]["points"]))
    hand["stored"]["result"]["points"][side] = hand["stored"]["result"]["points"][side] + 0.5
    line = cli.error("--db", str(tmp_path / "third.db"), "import", "-", input=json.dumps(data))
    assert line.startswith("error: matches[") and ".stored.result" in line


def test_backup_and_restore(cli, tmp_path, ledger_db):
    build_a_ledger(cli)
    before = everything(cli)
    out = cli.json("backup", str(tmp_path / "b.bak"))
    server = not isinstance(ledger_db, Path)
    assert out["kind"] == ("export" if server else "sqlite") and out["matches"] == len(before["matches"])
    assert "exists" in cli.error("backup", str(tmp_path / "b.bak"))
    cli("backup", str(tmp_path / "b.bak"), "--force")
    if not server:
        assert "ledger itself" in cli.error("backup", str(ledger_db), "--force")
        con = sqlite3.connect(tmp_path / "b.bak")
        assert con.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one self-contained file
        con.close()
    # into an empty ledger (SQLite), then back over the original one
    other = ("--db", str(tmp_path / "other.db"))
    assert "Restored" in cli(*other, "restore", str(tmp_path / "b.bak")).stdout
    assert everything(cli, *other) == before
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    assert "add --force" in cli.error("restore", str(tmp_path / "b.bak"))
    cli("restore", str(tmp_path / "b.bak"), "--force")
    assert everything(cli) == before


def test_restore_refuses_what_is_not_a_ledger_and_changes_nothing(cli, tmp_path):
    cli("demo")
    before = cli("export", "--all").stdout
    (tmp_path / "notes.txt").write_text("shopping list\n")
    plain = tmp_path / "plain.db"
    con = sqlite3.connect(plain)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    (tmp_path / "one.json").write_text(json.dumps({"game": "simone", "players": ["A", "B"], "hands": []}))
    newer = tmp_path / "newer.db"
    shutil.copyfile(FIXTURES / "ledger-0001.db", newer)
    con = sqlite3.connect(newer)
    con.execute("UPDATE alembic_version SET version_num = '9999'")
    con.commit()
    con.close()
    for name, words_ in (("notes.txt", "is not a ledger"), ("plain.db", "is not a ledger"),
                         ("one.json", "is not a ledger"), ("missing.db", "cannot read"),
                         ("newer.db", "newer than this program")):
        line = cli.error("restore", str(tmp_path / name), "--force")
        assert words_ in line, line
    assert json.loads(cli("export", "--all").stdout)["matches"] == json.loads(before)["matches"]


def test_restoring_an_old_backup_upgrades_it(cli, tmp_path):
    old = tmp_path / "old.db"
    shutil.copyfile(FIXTURES / "ledger-0001.db", old)
    expected = json.loads((FIXTURES / "ledger-0001.json").read_text(encoding="utf-8"))
    done = cli.json("restore", str(old))
    assert done["matches"] == len(expected["matches"])
    for m in expected["matches"]:
        history = cli.json("match", "history", str(m["id"]))
        assert all(h.pop("description") for h in history)  # a line for each hand, added since
        assert history == m["history"]
    assert (FIXTURES / "ledger-0001.db").read_bytes() == old.read_bytes()  # the backup is not changed
