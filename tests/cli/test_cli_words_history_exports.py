"""Through the CLI: a mistyped word of a hand names the nearest word (every game), ``replay`` and
``score`` point a whole-ledger export to ``import``, ``match history`` describes each hand (every
game of the demo night), and ``match new`` / ``play`` share their options."""

from __future__ import annotations

import json

import pytest
import typer.main

from ledger.games import names_text
from ledger.cli import app, render
from ledger.games import available

PAIRS = ("--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")


@pytest.mark.parametrize("new,words,line", [
    (("trentasette", "-p", "Anna,Bruno,Carla"), ["Anna=rest", "lsat=Anna"],
     "error: hand: 'lsat': did you mean 'last'?"),
    (("trentuno", "-p", "Anna,Bruno,Carla"), ["Anna=26", "Bruno=20", "Carla=12", "knok=Bruno"],
     "error: hand, knok: 'knok' is not a player or a word of trentuno (did you mean 'knock'?)"),
    (("simone", "-p", "Anna,Bruno"), ["Anna=3", "Brnuo=12"],
     "error: hand, Brnuo: 'Brnuo' is not a player or a word of simone (did you mean 'Bruno'?)"),
    (("bridge", *PAIRS), ["contarct=4S", "declarer=N", "tricks=10"],
     "error: hand, contarct: 'contarct' is not a word of bridge (did you mean 'contract'?)"),
    (("canasta", *PAIRS), ["NS=melded 50, in hand 0", "EW=melded 50, in hand 0", "closd=NS"],
     "error: hand, closd: 'closd' is not a side, a player or a word of canasta (did you mean 'closed'?)"),
])
def test_a_mistyped_word_is_one_line_naming_the_nearest(cli, new, words, line):
    cli("match", "new", *new)
    assert cli.error("hand", "add", "1", *words) == line
    assert cli.json("show", "1")["hands"] == []


def test_a_mistyped_field_of_a_hand_file_names_the_nearest(cli, tmp_path):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    doc = tmp_path / "hand.json"
    doc.write_text(json.dumps({"sides": {"Anna": "rest", "Bruno": "AH"}, "last_captur": "Anna"}))
    assert cli.error("hand", "add", "1", "--file", str(doc)) == \
        "error: hand 1: last_captur: unknown field 'last_captur' (did you mean 'last_capture'?)"


@pytest.mark.parametrize("verb,what", [("replay", "a match document"), ("score", "a hand document")])
def test_replay_and_score_send_a_whole_ledger_export_to_import(cli, tmp_path, verb, what):
    cli("demo")
    export = tmp_path / "all.json"
    cli("export", "--all", "-o", str(export))
    assert cli.error(verb, str(export)) == (
        f"error: FILE: {export} is a whole-ledger export ('ledger export --all'), not {what}; "
        f"to load it: ledger import {export}")
    line = cli.error(verb, "-", "--json", input=export.read_text())
    assert "standard input is a whole-ledger export" in line and line.endswith("ledger import -")
    # its "format" need not come first to be known
    data = json.loads(export.read_text())
    export.write_text(json.dumps({"matches": data["matches"], **{k: v for k, v in data.items() if k != "matches"}}))
    assert "whole-ledger export" in cli.error(verb, str(export))


def test_history_describes_every_hand_of_every_game(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(render, "_console", None)  # a console as wide as COLUMNS, for this test only
    cli("demo")
    matches = cli.json("match", "list")
    assert {m["game"] for m in matches} == set(available())
    for m in matches:
        rows = cli.json("match", "history", str(m["id"]))
        assert rows and all(r["description"] and "\n" not in r["description"] for r in rows)
        assert all({"id", "number", "document", "result", "voided"} <= set(r) for r in rows)
        shown = cli("match", "history", str(m["id"])).stdout
        for r in rows:
            assert r["description"] in shown
    by_game = {m["game"]: m["id"] for m in reversed(matches)}  # the newest of each game
    first = {g: cli.json("match", "history", str(i))[0]["description"] for g, i in by_game.items()}
    assert first["bridge"] == "1NT by N +1: NS +70"
    assert first["simone"] == "Anna 25, Bruno 9, Carla 16, Dario 51 — Bruno wins; Bruno knocked"
    assert first["trentuno"] == "Bruno knocks: Anna, Carla lose a life"
    assert first["canasta"] == "NS +1460 (closed), EW +235"
    assert first["burraco"] == "NS +690 (closed), EW +215"
    assert first["trentasette"] == "Anna & Carla +12, Bruno & Dario -3"
    assert cli.json("match", "history", "last") == cli.json("match", "history", str(max(by_game.values())))


def _helps(*path: str) -> dict:
    cmd = typer.main.get_command(app)
    for name in path:
        cmd = cmd.commands[name]
    return {p.name: p.help for p in cmd.params if p.help}


def test_match_new_and_play_share_their_options_with_their_own_help():
    assert _helps("match", "new") == {
        "game": names_text() + ".",
        "players": "Names in seat order, comma-separated.",
        "side": "A side: NAME=PLAYER,PLAYER (repeat per side).",
        "rules": "Rule set (the game's default otherwise).",
        "option": "A game option KEY=VALUE (repeatable).",
        "night": "The night (YYYY-MM-DD); default tonight.",
        "title": "The match's own title, for a game that takes one (a score sheet's 'Cirulla').",
        "as_json": "Print JSON instead of tables."}
    assert _helps("play") == {
        "target": "The match to play on (its number or 'last'), or a game to start a match of.",
        "players": "New match: names in seat order, comma-separated.",
        "side": "New match: a side NAME=PLAYER,PLAYER (repeat per side).",
        "rules": "New match: the rule set.",
        "option": "New match: a game option KEY=VALUE (repeatable).",
        "night": "New match: the night (YYYY-MM-DD); default tonight.",
        "title": "New match: its own title, for a game that takes one (a score sheet's 'Cirulla').",
        "as_json": "Print JSON instead of tables."}


def test_match_new_and_play_start_the_same_match(cli):
    args = ("--rules", "40", "-o", "lives=2", "-o", "stake=1", "--night", "2026-03-01")
    new = cli.json("match", "new", "trentuno", "-p", "Anna,Bruno,Carla,Dario", *args)["match"]
    cli("play", "trentuno", "--players", "Anna,Bruno,Carla,Dario", *args, input="quit\n")
    played = cli.json("show", "last")["match"]
    assert played["id"] == new["id"] + 1
    for key in ("game", "rules", "night", "players", "options"):
        assert played[key] == new[key]
    assert new["rules"] == "40" and new["night"] == "2026-03-01" and new["options"]["lives"] == 2
    cli("play", "bridge", *PAIRS, input="quit\n")
    assert cli.json("show", "last")["match"]["sides"] == {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}
    assert cli.error("play", "1", "--rules", "52") == "error: --rules: only for a new match (give --players or --side)"


def test_undo_at_the_hand_prompts_takes_back_the_last_answer(cli):
    cli("match", "new", "simone", "--players", "Anna,Bruno")
    r = cli("hand", "add", "1", "-i", input="AH 2C\nundo\nundo\n3S\n5D\n\n")
    assert "nothing to undo yet" in r.stderr
    hand = cli.json("show", "1")["hands"][0]
    assert hand["result"]["cards"] == {"Anna": "3S", "Bruno": "5D"}  # AH 2C taken back
    assert hand["result"]["sums"] == {"Anna": 3, "Bruno": 5}
