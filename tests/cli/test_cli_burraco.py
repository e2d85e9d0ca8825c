"""Burraco through the CLI (CliRunner): a match in pairs entered in Italian words, in cards and by
questions, the scoreboard, corrections (void, edit), ``db check``, export and import, a refused
hand writing nothing, ``score`` and ``replay`` of documents, and an evening with ``ledger play``."""

from __future__ import annotations

import json

import pytest

from ledger.cli import render

PAIRS = ("-s", "NS=Anna,Carla", "-s", "EW=Bruno,Dario")
ITALIAN = ["NS=2 puliti, 1 sporco, calate 310, in mano 0, chiuso",
           "EW=1 sporco, calate 150, in mano 35, pozzetto preso"]
CARDS = ["NS.burraco=5S 6S 7S 8S 9S 10S JS", "NS.melded=KH KD KC", "NS.hand=", "NS.pozzetto=sì",
         "EW.burraco=3H 4H 5H 6H 7H 8H 9H JK", "EW.melded=AS AC 2D", "EW.hand=QC 4D 2H", "EW.pozzetto=yes",
         "closed=Anna"]


def new_match(cli, *more):
    return cli.json("match", "new", "burraco", *PAIRS, *more)["match"]["id"]


def test_a_match_in_pairs_in_italian_words_and_in_cards(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(render, "_console", None)  # a console as wide as COLUMNS, for this test only
    mid = str(new_match(cli))
    out = cli.json("hand", "add", mid, *ITALIAN)
    assert out["totals"] == {"NS": 910, "EW": 215}
    assert out["hands"][0]["result"]["points"] == {"NS": 910, "EW": 215}
    out = cli.json("hand", "add", mid, *CARDS)
    assert out["hands"][1]["result"]["points"] == {"NS": 385, "EW": 240}
    assert out["totals"] == {"NS": 1295, "EW": 455} and out["winner"] is None and out["finished"] is False
    shown = cli("show", mid).stdout
    assert "Burraco (italian) — Anna & Carla v Bruno & Dario" in shown
    assert "Anna & Carla closed; Anna & Carla 2 clean, 1 dirty; Bruno & Dario 1 dirty" in " ".join(shown.split())
    assert "Game to 2005." in shown and "Next dealer: Carla." in shown and "To 2005: Anna & Carla 710, Bruno & Dario 1550." in shown
    stored = cli.json("match", "history", mid)
    assert stored[1]["document"]["sides"]["EW"]["burraco"] == ["3H 4H 5H 6H 7H 8H 9H JK"]
    assert stored[1]["description"] == "NS +385 (closed), EW +240"


def test_a_hand_with_english_kinds_and_counted_fields(cli):
    mid = str(new_match(cli))
    out = cli.json("hand", "add", mid, "NS.burraco=clean, dirty", "NS.melded=290", "NS.hand=0", "NS.pozzetto=yes",
                   "EW=calate 40, in mano 60, senza pozzetto", "closed=NS")
    assert out["totals"] == {"NS": 690, "EW": -120}


def test_questions_fill_in_what_the_words_left_out(cli):
    mid = str(new_match(cli))
    answers = "\n".join(["NS", "2 puliti, 1 sporco", "310", "0", "yes", "none", "KH KD KC", "QC 4D", "no"]) + "\n"
    r = cli("hand", "add", mid, "-i", input=answers)
    assert "who closed?" in r.stdout and "did Bruno & Dario take its pozzetto?" in r.stdout
    assert cli.json("show", mid)["totals"] == {"NS": 910, "EW": 30 - 15 - 100}
    again = "\n".join(["1 sporco", "5S 6D 7S", "150", "35", "yes"]) + "\n"  # a bad meld is asked again
    r = cli("hand", "add", mid, "-i", "closed=nobody", "NS=calate 60, in mano 20, pozzetto preso", input=again)
    assert "neither a combination" in r.stderr
    assert cli.json("show", mid)["totals"] == {"NS": 910 + 40, "EW": -85 + 215}


def test_a_refused_hand_is_one_line_and_writes_nothing(cli):
    mid = str(new_match(cli))
    assert cli.error("hand", "add", mid, "NS=calate 90, in mano 0, chiuso", "EW=calate 60, in mano 40, pozzetto") == \
        "error: hand 1: closer: NS cannot close without a burraco"
    assert cli.error("hand", "add", mid, "NS=1 pulito, calate 200, in mano 0, chiuso", "EW=in mano 40") == \
        "error: EW, melded card points: missing (EW melded card points, burrachi included (or the other melds' " \
        "cards, ';' between melds))"
    assert cli.error("hand", "add", mid, "NS.burraco=5S 6D 7S 8S 9S 10S JS").startswith(
        "error: NS, burrachi: neither a combination")
    assert cli.json("show", mid)["hands"] == []


def test_two_players_closing_with_cards_in_hand_is_refused(cli):
    cli("match", "new", "burraco", "-p", "Anna,Bruno")
    line = cli.error("hand", "add", "1", "Anna=1 pulito, calate 200, in mano 15, chiuso",
                     "Bruno=calate 40, in mano 20, pozzetto preso")
    assert line == "error: hand 1: Anna, card points in hand: Anna closed, so no cards are left in that hand"
    out = cli.json("hand", "add", "1", "Anna=1 pulito, calate 200, chiuso", "Bruno=calate 40, in mano 20, pozzetto")
    assert out["totals"] == {"Anna": 500, "Bruno": 20}  # the closer's empty hand was taken without asking


def test_void_edit_db_check_and_a_won_match(cli):
    mid = str(new_match(cli, "-o", "target=1005"))
    cli("hand", "add", mid, *ITALIAN)
    out = cli.json("hand", "add", mid, "NS=1 pulito, calate 200, in mano 0, chiuso",
                   "EW=calate 50, in mano 35, senza pozzetto")
    assert out["totals"] == {"NS": 1410, "EW": 130} and out["winner"] == "NS" and out["finished"]
    assert cli.error("hand", "add", mid, *ITALIAN).startswith("error: match: match 1 is over")
    cli("match", "reopen", mid)
    out = cli.json("hand", "edit", mid, "2", "EW=calate 50, in mano 30, senza pozzetto", "--reason", "miscounted")
    assert out["totals"] == {"NS": 1410, "EW": 135} and out["winner"] == "NS" and out["finished"]
    cli("match", "reopen", mid)
    out = cli.json("hand", "void", mid, "1", "--reason", "wrong table")
    assert out["totals"] == {"NS": 500, "EW": -80} and out["winner"] is None
    assert cli.json("db", "check") == {"ok": True, "problems": []}
    history = cli.json("match", "history", mid)
    assert [(h["number"], h["voided"]) for h in history] == [(None, True), (None, True), (1, False)]


def test_export_then_import_then_export_is_the_same_document(cli, tmp_path):
    mid = str(new_match(cli))
    cli("hand", "add", mid, *ITALIAN)
    cli("hand", "add", mid, *CARDS)
    cli("hand", "void", mid, "1")
    first = tmp_path / "first.json"
    first.write_text(cli("export", mid, "--json").stdout)
    cli("import", str(first))
    second = json.loads(cli("export", "2", "--json").stdout)
    doc = json.loads(first.read_text())
    assert {k: v for k, v in second.items() if k != "created_at"} == {k: v for k, v in doc.items() if k != "created_at"}
    assert doc["sides"] == {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]} and doc["options"]["target"] == 2005
    assert cli.json("show", "2")["totals"] == {"NS": 385, "EW": 240}
    replayed = cli.json("replay", str(first))
    assert replayed["totals"] == {"NS": 385, "EW": 240} and replayed["finished"] is False
    assert [h["result"]["points"] for h in replayed["hands"]] == [{"NS": 385, "EW": 240}]


def test_score_prints_points_and_items(cli):
    doc = {"game": "burraco", "rules": "italian", "closed_by": "NS",
           "sides": {"NS": {"burraco": ["clean", "semiclean"], "melded_points": 420, "hand_points": 0,
                            "pozzetto": True},
                     "EW": {"burraco": ["7H 8H 9H 10H JH QH KH JK"], "melded": ["5S 5D 5C"], "hand": "AS 5C 9D",
                            "pozzetto": True}}}
    out = cli.json("score", "-", input=json.dumps(doc))
    assert out["points"] == {"NS": 870, "EW": 230}
    assert out["items"]["EW"][0] == {"item": "semiclean burraco", "points": 150}
    text = cli("score", "-", input=json.dumps(doc)).stdout
    assert "NS +870 (closed), EW +230" in text
    doc["rules"] = "international"
    line = cli.error("score", "-", input=json.dumps(doc))
    assert line.startswith("error: NS, burrachi, burraco 2: there is no semiclean")


def test_games_lists_burraco(cli):
    games = {g["game"]: g for g in cli.json("games")}
    assert games["burraco"] == {"game": "burraco", "title": "Burraco", "rules": ["italian", "international"],
                                "players": "2-4"}


def test_an_evening_with_ledger_play(cli):
    r = cli("play", "burraco", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario", input="\n".join([
        "NS=2 puliti, 1 sporco, calate 310, in mano 0, chiuso EW=1 sporco, calate 150, in mano 35, pozzetto preso",
        "", "EW", "dirty", "120", "45", "yes", "2 clean", "400", "0", "",
        "quit"]) + "\n")
    assert "Hand 1:" in r.stdout and "Hand 2:" in r.stdout
    assert cli.json("show", "last")["totals"] == {"NS": 910 + 175, "EW": 215 + 900}


@pytest.mark.slow  # runs the installed command in a process of its own
def test_the_installed_command_scores_and_refuses_a_burraco_hand(ledger_db):
    import subprocess
    import sys
    from pathlib import Path

    ledger = Path(sys.executable).parent / "ledger"
    doc = {"game": "burraco", "sides": {"NS": "2 puliti, 1 sporco, calate 310, in mano 0, chiuso",
                                        "EW": "calate 85, in mano 60, pozzetto preso"}}
    ok = subprocess.run([str(ledger), "score", "-", "--json"], input=json.dumps(doc), capture_output=True, text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout)["points"] == {"NS": 910, "EW": 25}
    doc["sides"]["EW"] = "calate 85, in mano 60, pozzetto preso, chiuso"
    bad = subprocess.run([str(ledger), "score", "-", "--json"], input=json.dumps(doc), capture_output=True, text=True)
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr == "error: closed_by: NS and EW both say they closed\n"
