"""Findings of a new-user trial: every one is one line on standard error, exit code 2, nothing
written. Outputs that cannot be written, restores of what is no backup, match documents whose
`replaces` do not hold together, a hand damaged in the ledger file, the wrong kind of document."""

from __future__ import annotations

import json
import sqlite3

import pytest

from fixtures.hands import piles, words
from ledger.games import available

NAMES = ["Anna", "Bruno"]
SIMONE = {"game": "simone", "players": NAMES}
LIVE = {"hands": {"Anna": 3, "Bruno": 5}, "knocked_by": "Anna"}
VOIDED = {"hands": {"Anna": 9, "Bruno": 5}, "voided": True}
PBN = '[Board "1"]\n[Vulnerable "None"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n'


def bridge_match(cli) -> str:
    cli("match", "new", "bridge", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    cli("hand", "add", "last", "4S", "N", "=")
    return str(cli.json("show", "last")["match"]["id"])


# --- 1. outputs that cannot be written; restores of what is no backup --------------------------
@pytest.mark.parametrize("command", [["export", "1"], ["export", "--all"], ["pbn", "export", "1"]])
def test_an_output_in_a_missing_folder_or_that_is_a_folder_is_refused_before_anything(cli, tmp_path, command):
    missing = tmp_path / "nonexist" / "out.json"
    line = cli.error(*command, "-o", str(missing))
    assert line == f"error: output: {missing} is in a folder that does not exist"
    assert cli.error(*command, "-o", str(tmp_path)) == f"error: output: {tmp_path} is a folder"
    assert list(tmp_path.iterdir()) == []  # nothing written, not even the ledger file


def test_an_export_or_pbn_file_is_written_whole_and_replaces_the_old_one(cli, tmp_path):
    bridge_match(cli)
    out = tmp_path / "m.json"
    out.write_text("old")
    assert cli("export", "1", "-o", str(out)).stdout.startswith("wrote")
    assert json.loads(out.read_text(encoding="utf-8"))["game"] == "bridge"
    assert out.stat().st_mode & 0o077 == 0  # owner-only, like the ledger
    cli("export", "--all", "-o", str(out))
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "ledger-export"
    cli("pbn", "export", "1", "-o", str(tmp_path / "m.pbn"))
    assert '[Contract "4S"]' in (tmp_path / "m.pbn").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary left


def test_report_refuses_its_outputs_through_the_same_check(cli, tmp_path):
    cli("demo")
    (tmp_path / "a-file").write_text("x")
    assert "is a file, not a folder" in cli.error("report", "--demo", "--csv", str(tmp_path / "a-file"))
    assert "is in a folder that does not exist" in cli.error("report", "--demo", "--html",
                                                             str(tmp_path / "no" / "r.html"))


@pytest.mark.sqlite_only
@pytest.mark.parametrize("content", [
    json.dumps({**SIMONE, "hands": [LIVE]}),                       # a match document
    json.dumps({"game": "simone", **LIVE}),                       # a hand document
    json.dumps([{"game": "simone", **LIVE}]),                     # a list of them
    "shopping list\n",
])
def test_a_restore_of_what_is_no_backup_leaves_no_ledger_file_behind(cli, tmp_path, content):
    (tmp_path / "in.json").write_text(content)
    target = tmp_path / "new.db"
    line = cli.error("--db", str(target), "restore", str(tmp_path / "in.json"))
    assert "is not a ledger" in line
    assert not target.exists()


@pytest.mark.sqlite_only
def test_a_restore_of_a_sqlite_file_that_is_no_ledger_leaves_no_ledger_file_behind(cli, tmp_path):
    plain = tmp_path / "plain.db"
    con = sqlite3.connect(plain)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    assert "is not a ledger" in cli.error("--db", str(tmp_path / "new.db"), "restore", str(plain))
    assert not (tmp_path / "new.db").exists()


# --- 2. replaces -------------------------------------------------------------------------------
@pytest.mark.parametrize("hands, field, says", [
    ([LIVE, VOIDED, {**LIVE, "replaces": 5}], "hands[2].replaces", "5 is not the index of another hand"),
    ([LIVE, VOIDED, {**LIVE, "replaces": 2}], "hands[2].replaces", "2 is not the index of another hand"),
    ([LIVE, VOIDED, {**LIVE, "replaces": True}], "hands[2].replaces", "True is not the index"),
    ([LIVE, {**LIVE}, {**LIVE, "replaces": 1}], "hands[2].replaces", "hands[1] is not voided"),
    ([LIVE, VOIDED, {**LIVE, "replaces": 1}, {**LIVE, "replaces": 1}], "hands[3].replaces",
     "hands[1] is replaced by hands[2] already"),
    ([{**LIVE, "replaces": 1}, VOIDED], "hands[0].replaces", "hands[1] comes after this hand"),
    ([VOIDED, LIVE, {**LIVE, "replaces": 0}], "hands[2].replaces", "a hand that is not voided comes between"),
    ([LIVE, {**VOIDED, "voided": "yes"}], "hands[1].voided", "expected true or false"),
])
def test_a_bad_replaces_is_refused_by_import_and_replay(cli, tmp_path, hands, field, says):
    doc = json.dumps({**SIMONE, "hands": hands})
    for command in ("import", "replay"):
        line = cli.error(command, "-", input=doc)
        assert line.startswith(f"error: {field}: {says}"), line
    assert cli.json("match", "list") == []  # nothing stored


def test_a_chain_of_corrections_imports_and_exports_the_same(cli):
    v1 = {**VOIDED, "hands": {"Anna": 1, "Bruno": 5}}
    doc = {**SIMONE, "hands": [LIVE, VOIDED, {**v1, "replaces": 1}, {**LIVE, "replaces": 2}, VOIDED, LIVE]}
    view = cli.json("import", "-", input=json.dumps(doc))
    assert len(view["hands"]) == 3
    out = json.loads(cli("export", "last").stdout)
    assert [h.get("replaces") for h in out["hands"]] == [None, None, 1, 2, None, None]
    assert cli.json("show", "last")["hands"] == cli.json("replay", "-", input=json.dumps(doc))["hands"]


def test_an_export_with_undo_edit_and_void_history_imports_again(cli):
    cli("match", "new", "trentasette", "-p", ",".join(NAMES), "-o", "target=100000")
    for i in range(4):
        cli("hand", "add", "1", *words(piles(i, NAMES)))
    cli("hand", "edit", "1", "2", *words(piles(10, NAMES)))
    cli("hand", "edit", "1", "2", *words(piles(11, NAMES)))  # a correction corrected
    cli("hand", "undo", "1")
    cli("hand", "add", "1", *words(piles(12, NAMES)))  # in the place of the hand undone
    cli("hand", "edit", "1", "4", *words(piles(13, NAMES)))
    cli("hand", "void", "1", "1")
    first = cli("export", "1").stdout
    assert [h.get("replaces") for h in json.loads(first)["hands"]] == [None, None, 1, 2, None, None, None, 6]
    view = cli.json("import", "-", input=first)
    assert json.loads(cli("export", str(view["match"]["id"])).stdout) == json.loads(first)
    assert cli.json("show", str(view["match"]["id"]))["hands"] == cli.json("show", "1")["hands"]
    cli("db", "check")


# --- 3. a damaged hand in the ledger file -------------------------------------------------------
@pytest.mark.sqlite_only
def test_a_damaged_hand_is_one_problem_of_db_check_and_one_line_elsewhere(cli, ledger_db, tmp_path):
    cli("demo")
    con = sqlite3.connect(ledger_db)
    mid, entry = con.execute("SELECT match_id, id FROM hand WHERE voided = 0 ORDER BY id LIMIT 1 OFFSET 2").fetchone()
    con.execute("UPDATE hand SET document = '{bad' WHERE id = ?", (entry,))
    con.commit()
    con.close()
    checked = cli("db", "check", "--json", code=1)
    problems = json.loads(checked.stdout)["problems"]
    assert problems == [{"match": mid, "hand": None,
                         "problem": f"entry {entry} is damaged: its stored document or result is not JSON"}]
    says = f"error: match: match {mid} has a damaged hand (entry {entry}): see ledger db check"
    for command in (["show", str(mid)], ["report", "--demo"], ["export", "--all"], ["export", str(mid)],
                    ["match", "history", str(mid)], ["match", "reopen", str(mid)],
                    ["export", "--all", "-o", str(tmp_path / "all.json")]):
        assert cli.error(*command) == says, command
    assert not (tmp_path / "all.json").exists()
    (tmp_path / "all.json").write_text("an earlier export")  # checked beside the writing: left as it was
    assert cli.error("export", "--all", "-o", str(tmp_path / "all.json")) == says
    assert (tmp_path / "all.json").read_text() == "an earlier export"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".all.json")] == []
    other = next(m["id"] for m in cli.json("match", "list") if m["id"] != mid)
    assert cli.json("show", str(other))["match"]["id"] == other  # the other matches are as they were


# --- 4. the wrong kind of document --------------------------------------------------------------
def test_each_kind_of_document_given_to_the_wrong_command_says_which_command_takes_it(cli, tmp_path):
    match = tmp_path / "m.json"
    match.write_text(json.dumps({**SIMONE, "hands": [LIVE]}))
    hand = tmp_path / "h.json"
    hand.write_text(json.dumps({"game": "simone", **LIVE}))
    assert cli.error("score", str(match)) == ('error: document: this is a match document (it has a list of '
                                              f'"hands"): use ledger replay {match}')
    says = 'this is a hand document (it has "knocked_by"): use ledger score'
    assert cli.error("replay", str(hand)) == f"error: document: {says} {hand}"
    assert cli.error("import", str(hand)) == f"error: document: {says} {hand}"
    assert cli.error("replay", "-", input=hand.read_text()) == f"error: document: {says} -"
    assert cli.error("import", "-", input=json.dumps([{"game": "simone", **LIVE}])) == (
        f"error: matches[0].document: {says} FILE")
    assert "[1].document: this is a match document" in cli.error(
        "score", "-", input=json.dumps([{"game": "simone", **LIVE}, {**SIMONE, "hands": []}]))
    assert "use ledger replay" in cli.error("score", "-", input=json.dumps(SIMONE))  # "players": a match
    # a hand with a stray field, or a match with a typo (or both kinds of field), is named by that field
    for command, doc, says in (("score", {"game": "simone", "players": [], **LIVE}, "unknown field 'players'"),
                               ("replay", {"game": "simone", "playres": NAMES}, "unknown field 'playres'"),
                               ("replay", {**SIMONE, "foo": 1}, "unknown field 'foo'")):
        assert says in cli.error(command, "-", input=json.dumps(doc))
    assert cli.json("match", "list") == []


@pytest.mark.parametrize("command", ["score", "replay", "import"])
def test_a_document_without_a_game_says_it_is_missing_and_names_the_games(cli, command):
    assert cli.error(command, "-", input="{}") == (
        f"error: game: missing (one of {', '.join(available())})")


def test_pbn_import_of_a_file_without_a_deal_names_the_file(cli, tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\nNo deal here.\n")
    assert cli.error("pbn", "import", str(notes)).startswith(f"error: FILE: no deal found in {notes}")
    assert "no deal found in standard input" in cli.error("pbn", "import", "-", input="")
    bridge_match(cli)
    assert "no deal found" in cli.error("pbn", "import", str(notes), "--match", "last")
    played = tmp_path / "club.pbn"
    played.write_text(PBN)
    assert cli.json("pbn", "import", str(played))["total_ns"] == 420


def test_history_of_a_match_that_no_longer_replays_is_still_shown(cli, ledger_db):
    from sqlmodel import select

    from ledger.store.models import Hand
    from ledger.store.service import Ledger

    cli("match", "new", "simone", "--players", "Anna,Bruno")
    cli("hand", "add", "1", "Anna=5", "Bruno=7")
    led = Ledger()
    with led.transaction(write=True) as s:  # a stored hand this scorer no longer takes
        h = s.exec(select(Hand)).first()
        h.document = {**h.document, "nonsense": 1}
        s.add(h)
    # the scoreboard is what was stored when the hand was scored; db check names the hand
    assert cli.json("show", "1")["totals"] == {"Anna": 1, "Bruno": 0}
    assert "no longer replays" in cli("db", "check", code=1).stdout
    rows = cli.json("match", "history", "1")
    assert len(rows) == 1 and rows[0]["document"]["nonsense"] == 1


def test_a_ledger_export_without_players_imports(cli, tmp_path):
    doc = {"format": "ledger-export", "version": 1,
           "matches": [{"game": "simone", "players": ["Anna", "Bruno"], "hands": [{"hands": {"Anna": 5, "Bruno": 7}}]}]}
    path = tmp_path / "ex.json"
    path.write_text(json.dumps(doc))
    cli("import", str(path))
    assert cli.json("show", "last")["totals"] == {"Anna": 1, "Bruno": 0}


@pytest.mark.sqlite_only
def test_export_follows_a_symbolic_link_and_writes_through_a_pipe(cli, tmp_path):
    import os

    cli("match", "new", "simone", "--players", "Anna,Bruno")
    target, link = tmp_path / "target.json", tmp_path / "link.json"
    target.write_text("old")
    link.symlink_to(target)
    cli("export", "1", "-o", str(link))
    assert link.is_symlink() and json.loads(target.read_text())["game"] == "simone"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
    reader.start()
    cli("export", "1", "-o", str(fifo))
    reader.join(10)
    assert json.loads(got[0])["game"] == "simone"


def test_an_import_whose_first_hand_is_at_the_edge_of_the_calendar_belongs_to_tonight(cli, tmp_path):
    doc = {"game": "simone", "players": ["Anna", "Bruno"],
           "hands": [{"hands": {"Anna": 5, "Bruno": 7}, "entered_at": "0001-01-01T01:00:00+00:00"}]}
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc))
    cli("import", str(path))
    assert cli.json("show", "last")["match"]["night"] >= "2026-01-01"
