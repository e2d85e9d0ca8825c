"""Sessions kept in the ledger: start one, enter travellers as players say them, see the running
ranking, void and correct lines; every write checked first (one transaction)."""

from __future__ import annotations

import json

import pytest

from ledger.club.entry import result_words
from ledger.errors import LedgerError


def _night(cli) -> None:
    cli("club", "new", "--title", "Tuesday pairs", "--name", "1=Anna & Bruno")
    for line in (["1", "1", "11", "4S", "S", "10"], ["1", "2", "12", "4S", "N", "+1"], ["1", "3", "13", "3NT", "S", "-1"],
                 ["2", "1", "12", "3NTX", "E", "-2"], ["2", "2", "13", "EW", "600"], ["2", "3", "11", "A+/A-"]):
        cli("club", "add", "last", *line)


def test_entered_night_scores_as_its_document(cli, tmp_path):
    _night(cli)
    shown = cli.json("club", "show", "1")
    assert shown["session"] == 1 and shown["title"] == "Tuesday pairs"
    ns = [(r["pair"], r["mp"], r["pct"]) for r in shown["ranking"] if r["direction"] == "NS"]
    assert ns == [(1, 5.5, 68.75), (2, 4.5, 56.25), (3, 2.4, 30.0)]
    assert shown["ranking"][0]["name"] == "Anna & Bruno"
    doc = tmp_path / "night.json"
    doc.write_text(cli("club", "export", "1").stdout, encoding="utf-8")
    again = cli.json("club", "score", str(doc))
    assert again["ranking"] == shown["ranking"]


def test_traveller_after_each_line(cli):
    _night(cli)
    out = cli("club", "add", "1", "3", "1", "13", "2H", "W", "=").stdout
    assert out.startswith("Result 7 entered: board 3.")
    assert "Board 3 · EW vulnerable · top 0" in out and "2H W =" in out
    out = cli("club", "show", "1", "--board", "2").stdout
    assert "Ranking NS · matchpoints" in out and "Board 2 · NS vulnerable · top 4" in out
    assert "3NTX E -2" in out and "A+/A-" in out


def test_bad_line_is_refused_and_nothing_is_stored(cli):
    _night(cli)
    assert cli.error("club", "add", "1", "2", "3", "11", "4S", "S", "10") == (
        "error: result 7.ns: pair 3 plays board 2 twice (also result 6)")
    assert cli.error("club", "add", "1", "4", "1", "14", "8NT", "S", "10") == (
        "error: contract: '8NT': the level must be 1 to 7, not 8")
    assert cli.error("club", "add", "1", "1", "4", "14", "NS", "425") == (
        "error: result 7.score_ns: 425 is not a score bridge can produce with None vulnerable")
    assert cli.error("club", "add", "9", "1", "4", "14", "NS", "420") == "error: session: no club session 9"
    assert len(cli.json("club", "history", "1")) == 6


def test_void_and_edit_keep_the_history(cli):
    _night(cli)
    cli("club", "void", "1", "1", "--reason", "wrong table")
    cli("club", "edit", "1", "5", "2", "13", "3NT", "E", "9")
    shown = cli.json("club", "show", "1")
    board1 = next(b for b in shown["boards"] if b["board"] == 1)
    assert [r["number"] for r in board1["results"]] == [2, 3]
    board2 = next(b for b in shown["boards"] if b["board"] == 2)
    assert [r["score_ns"] for r in board2["results"]] == [300, -400, None]
    history = cli.json("club", "history", "1")
    assert [(h["number"], h["voided"], h["void_reason"]) for h in history] == [
        (1, True, "wrong table"), (2, False, None), (3, False, None), (4, False, None), (5, True, "corrected"),
        (5, False, None), (6, False, None)]
    assert cli.error("club", "void", "1", "1") == "error: result: session 1 has no result 1"


def test_individual_and_teams_sessions(cli):
    cli("club", "new", "--event", "individual")
    cli("club", "add", "1", "1", "1", "2", "3", "4", "4S", "S", "10")
    cli("club", "add", "1", "1", "5", "6", "7", "8", "NS", "450")
    players = {r["player"]: r["mp"] for r in cli.json("club", "show", "1")["ranking"]}
    assert players == {5: 2.0, 6: 2.0, 3: 2.0, 4: 2.0, 1: 0.0, 2: 0.0, 7: 0.0, 8: 0.0}
    cli("club", "new", "--event", "teams", "--title", "Teams of four")
    cli("club", "add", "2", "1", "Lions", "Tigers", "4S", "S", "10")
    cli("club", "add", "2", "1", "Tigers", "Lions", "4S", "E", "9")
    shown = cli.json("club", "show", "2")
    assert shown["matches"] == [{"home": "Lions", "away": "Tigers", "imps": [9, 0], "boards": 1,
                                 "vp": [scaled := shown["matches"][0]["vp"][0], round(20 - scaled, 2)]}]
    assert shown["ranking"][0]["team"] == "Lions"
    assert cli.json("club", "list")[1]["event"] == "teams"


def test_new_session_settings_are_checked(cli):
    assert cli.error("club", "new", "--scoring", "imps") == (
        "error: scoring: scoring imps is for teams; pairs are scored by mp, mp-acbl, butler or cross-imps")
    assert cli.error("club", "show", "last") == "error: session: no club session yet (start one with 'ledger club new')"


@pytest.mark.parametrize("event, words, doc", [
    ("pairs", ["7", "12", "4SX", "W", "-2"], {"ns": 7, "ew": 12, "contract": "4SX", "declarer": "W", "tricks": 8}),
    ("pairs", ["7", "12", "3NT", "by", "S", "made", "10", "table=4"],
     {"ns": 7, "ew": 12, "table": 4, "contract": "3NT", "declarer": "S", "tricks": 10}),
    ("pairs", ["7", "12", "pass"], {"ns": 7, "ew": 12, "contract": "Pass"}),
    ("pairs", ["7", "12", "EW", "50"], {"ns": 7, "ew": 12, "score_ns": -50}),
    ("pairs", ["7", "12", "score=-50"], {"ns": 7, "ew": 12, "score_ns": -50}),
    ("pairs", ["7", "12", "a+/a-"], {"ns": 7, "ew": 12, "adjusted": "A+/A-"}),
    ("individual", ["48", "17", "31", "12", "2H", "N", "="],
     {"players": {"N": 48, "S": 17, "E": 31, "W": 12}, "contract": "2H", "declarer": "N", "tricks": 8}),
])
def test_result_words(event, words, doc):
    assert result_words(event, words) == doc


def test_result_words_errors():
    with pytest.raises(LedgerError, match="give the NS and EW pairs, then the result"):
        result_words("pairs", ["7", "12"])
    with pytest.raises(LedgerError, match="honours are not scored in duplicate"):
        result_words("pairs", ["7", "12", "4S", "S", "10", "honours", "NS", "100"])
    for declarer in (["by", "Rossi"], ["declarer=Rossi"]):  # a club table has seats, no player names
        with pytest.raises(LedgerError, match="'Rossi' is not a seat") as err:
            result_words("pairs", ["7", "12", "4S", *declarer, "="])
        assert err.value.field == "declarer"


def test_boards_and_tables_say_what_is_still_to_come(cli):
    cli("club", "new", "--boards", "3", "--tables", "2")
    cli("club", "add", "1", "1", "1", "11", "4S", "S", "10")
    cli("club", "add", "1", "1", "2", "12", "4S", "S", "9")
    out = cli("club", "add", "1", "2", "1", "12", "3NT", "N", "9").stdout
    assert out.rstrip().endswith("Waiting for results: boards 2 (1/2), 3 (0/2).")
    assert cli.json("club", "show", "1")["waiting"] == [{"board": 2, "results": 1, "of": 2},
                                                         {"board": 3, "results": 0, "of": 2}]
    assert cli.error("club", "add", "1", "4", "1", "13", "NS", "420") == "error: board: 4 is out of range (1 to 3)"


def test_a_ledger_export_carries_the_club_sessions(cli, tmp_path, monkeypatch):
    _night(cli)
    cli("club", "void", "1", "1", "--reason", "wrong table")
    cli("club", "edit", "1", "5", "2", "13", "3NT", "E", "9")
    shown = cli.json("club", "show", "1")
    history = cli.json("club", "history", "1")
    export = tmp_path / "all.json"
    cli("export", "--all", "-o", str(export))
    assert json.loads(export.read_text(encoding="utf-8"))["club_sessions"][0]["title"] == "Tuesday pairs"
    monkeypatch.setenv("LEDGER_DB", str(tmp_path / "other.db"))
    cli("import", str(export))
    assert cli.json("club", "show", "1") == shown
    assert [{k: v for k, v in h.items() if k != "replaces"} for h in cli.json("club", "history", "1")] == \
           [{k: v for k, v in h.items() if k != "replaces"} for h in history]
    cli("restore", str(export), "--force")
    assert cli.json("club", "show", "1") == shown and len(cli.json("club", "list")) == 1


def test_an_export_without_club_sessions_is_as_before(cli, tmp_path):
    cli("player", "add", "Anna")
    out = json.loads(cli("export", "--all").stdout)
    assert "club_sessions" not in out
