"""Tressette at the command line: a match entered in the table's words (English and Italian), the
prompts, ``play``, corrections, the documents and the errors."""

from __future__ import annotations

import json

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game

PAIRS = ("match", "new", "tressette", "-s", "Noi=Anna,Carla", "-s", "Voi=Bruno,Dario")


def test_a_match_entered_in_the_tables_words(cli):
    cli(*PAIRS)
    cli("hand", "add", "1", "noi", "3", "assi", "12", "figure", "ultima,", "voi", "1", "asso", "8", "figure",
        "accusi", "noi", "napoletana", "di", "coppe,", "voi", "tre", "tre", "senza", "coppe")
    cli("hand", "add", "1", "Noi=2 aces 10 thirds", "Voi=2 aces 10 thirds", "last=Voi", "accusi.Anna=quattro tre")
    out = cli.json("show", "1")
    assert out["totals"] == {"Noi": 11 + 9, "Voi": 6 + 6}
    assert out["accusi"] == {"Noi": 7, "Voi": 3} and out["next_dealer"] == "Carla"  # Anna, Dario, Carla
    items = out["hands"][1]["result"]["items"]["Noi"]
    assert {"item": "buongioco 3 (Anna)", "points": 4} in items
    shown = cli("show", "1").stdout
    assert "Next dealer: Carla." in shown and "napoletana of coppe" in shown and "three 3s without coppe" in shown


def test_piles_as_cards_in_italian_words_and_rest(cli):
    cli("match", "new", "tresette", "-p", "Anna,Bruno")
    cli("hand", "add", "1", "Anna", "4D", "5D", "6D", "7D", "4H", "5H", "fante", "di", "bastoni", "cavallo", "di",
        "bastoni", "Bruno", "resto", "ultima", "accusi", "Bruno", "napoletana", "di", "spade,", "tre", "assi",
        "senza", "bastoni")
    out = cli.json("show", "1")
    assert out["totals"] == {"Anna": 0, "Bruno": 17}  # RULES.md: Anna's cappotto, Bruno 11 + 6


def test_errors_name_the_side_and_store_nothing(cli):
    cli(*PAIRS)
    before = cli("export", "1").stdout
    for words, field in ((["Noi=3 aces 12 thirds", "Voi=1 ace 8 thirds"], "last trick"),
                         (["Noi=3 aces 12 thirds last", "Voi=1 aces 9 thirds"], "captured piles"),
                         (["Noi=2 aces 10 thirds last", "Voi=2 aces 10 thirds", "accusi.Voi=cinque assi"],
                          "accusi, Voi: 'cinque' is not part of a declaration"),
                         (["Noi=2 aces 10 thirds last", "Voi=2 aces 10 thirds", "accusi.Zoe=napoletana H"],
                          "'Zoe' is not"),
                         (["Noi=AD 8D", "Voi=rest", "last=Noi"], "Noi"),
                         (["Noi=2 aces 10 thirds", "Voi=2 aces 10 thirds", "last=Voi",
                           "accusi=Noi napoletana H, Voi tre tre senza denari"], "accusi, Voi")):
        line = cli.error("hand", "add", "1", *words)
        assert f"{field}" in line, line
    assert cli("export", "1").stdout == before


def test_errors_in_italian(cli):
    cli(*PAIRS)
    line = cli.error("--lang", "it", "hand", "add", "1", "Noi=2 assi 10 figure ultima", "Voi=2 assi 10 figure",
                     "accusi.Voi=tre tre")
    assert line.startswith("errore: accusi, Voi:") and "seme mancante" in line
    line = cli.error("--lang", "it", "hand", "add", "1", "noi", "3", "asi", "12", "figure", "ultima", "voi", "resto")
    assert line == "errore: Noi: 'asi' non è un conteggio del mazzetto (intendevi 'assi'?) (assi, figure)"
    line = cli.error("--lang", "it", "hand", "add", "1", "Noi=3 assi 12 figure", "Voi=1 asso 8 figure")
    assert line == "errore: ultima mano: manca (ultima mano: quale squadra l'ha presa?)"
    assert cli.json("show", "1")["hands"] == []
    cli("hand", "add", "1", "Noi=3", "assi", "12", "figure", "ultima", "Voi=resto")  # no quotes needed
    assert cli.json("show", "1")["hands"][0]["result"]["card_points"] == {"Noi": 8, "Voi": 3}
    shown = cli("--lang", "it", "show", "1").stdout
    assert "Prossimo mazziere: Dario." in shown and "Partita a 31, con gli accusi." in shown


def test_prompts_ask_the_piles_the_last_trick_and_the_accusi(cli):
    cli("match", "new", "tressette", "-p", "Anna,Bruno,Carla")
    answers = "\n".join(["2 assi 7 figure", "1 asso 7 figure", "1 asso 6", "1 asso 6 figure", "Carla", "",
                         "Bruno napoletana di coppe"]) + "\n"
    r = cli("hand", "add", "1", "-i", "--json", input=answers)
    out = json.loads(r.stdout[r.stdout.index("{"):])
    assert out["totals"] == {"Anna": 4, "Bruno": 6, "Carla": 4}  # the worked case tressette-three-players
    assert "error: Carla: '1 asso 6': say the counts with a number before each" in r.stderr  # asked again


def test_three_players_name_the_4_taken_out(cli):
    cli("match", "new", "tressette", "-p", "Anna,Bruno,Carla")
    cli("hand", "add", "1", "Anna", "AD", "2D", "3D", "AH", "2H", "3H", "Bruno", "resto", "ultima,", "Carla", "4D",
        "5D", "6D", "tolto", "4", "di", "spade")
    out = cli.json("show", "1")["hands"][0]["result"]
    assert out["removed"] == "4S" and out["card_points"] == {"Anna": 3, "Bruno": 8, "Carla": 0}


def test_without_a_terminal_the_accusi_default_to_none(cli):
    cli("match", "new", "tressette", "-p", "Anna,Bruno", "-o", "accusi=no")
    cli("hand", "add", "1", "Anna=3 assi 12 figure", "Bruno=1 asso 8 figure", "ultima=Anna")
    line = cli.error("hand", "add", "1", "Anna=3 assi 12 figure", "Bruno=1 asso 8 figure")
    assert "last trick" in line
    assert cli.json("show", "1")["target"] == 21


def test_an_evening_with_ledger_play(cli):
    r = cli("play", "tressette", "-p", "Anna,Bruno", input="\n".join([
        "Anna 3 assi 12 figure ultima, Bruno 1 asso 8 figure, accusi Anna napoletana di coppe", "",
        "Anna 2 aces 10 thirds Bruno 2 aces 10 thirds last", "",
        "quit"]) + "\n")
    assert "Hand 1:" in r.stdout and "Hand 2:" in r.stdout
    assert cli.json("show", "last")["totals"] == {"Anna": 11 + 5, "Bruno": 3 + 6}


def test_void_edit_check_and_a_round_trip_of_the_document(cli, tmp_path):
    cli(*PAIRS, "-o", "first_dealer=Bruno")
    cli("hand", "add", "1", "Noi=3 aces 12 thirds last", "Voi=1 ace 8 thirds")
    cli("hand", "add", "1", "Noi=2 aces 10 thirds", "Voi=2 aces 10 thirds last", "accusi=Voi buongioco A -H")
    cli("hand", "void", "1", "1", "--reason", "misdeal")
    out = cli.json("hand", "edit", "1", "1", "Noi=2 aces 10 thirds last", "Voi=2 aces 10 thirds")
    assert out["totals"] == {"Noi": 6, "Voi": 5 + 3}  # the accusi kept from the hand edited
    assert cli.json("db", "check") == {"ok": True, "problems": []}
    exported = cli("export", "1").stdout
    (tmp_path / "m.json").write_text(exported)
    assert cli.json("replay", str(tmp_path / "m.json"))["totals"] == out["totals"]
    cli("import", str(tmp_path / "m.json"))
    again = cli("export", "2").stdout
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k not in ("created_at", "night")}  # noqa: E731
    assert strip(again)["hands"] == strip(exported)["hands"]


def test_score_a_lone_hand_and_replay(cli):
    doc = {"game": "tre sette", "sides": {"NS": {"aces": 3, "thirds": 12}, "EW": {"aces": 1, "thirds": 8}},
           "last_trick": "NS", "accusi": {"NS": ["napoletana H"], "EW": ["buongioco 3 -H"]}}
    assert cli.json("score", "-", input=json.dumps(doc))["points"] == {"NS": 11, "EW": 6}
    assert "NS +11, EW +6" in cli("score", "-", input=json.dumps(doc)).stdout
    doc["accusi"] = {"NS": ["napoletana H"], "EW": ["buongioco 3 -D"]}
    assert cli.error("score", "-", input=json.dumps(doc)).startswith("error: accusi, EW:")


def test_the_game_is_listed():
    game = get_game("tresette")
    assert game.name == "tressette" and game.players_text == "2-4"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_games_lists_it(cli, lang):
    assert "tressette" in cli("--lang", lang, "games").stdout.lower()


def test_money_through_settle(cli):
    cli("match", "new", "tressette", "-p", "Anna,Bruno", "-o", "stake=0.10", "-o", "stake_per=point")
    cli("hand", "add", "1", "Anna", "3", "assi", "12", "figure", "ultima,", "Bruno", "resto,", "accusi", "Anna",
        "napoletana", "di", "coppe")
    cli("match", "end", "1")
    out = cli("settle", "1").stdout
    assert "Bruno pays Anna 0.80 EUR" in out  # 11 - 3 points at 10 cents


def test_the_prompts_in_italian(cli):
    cli("match", "new", "tressette", "--side", "Noi=Anna,Carla", "--side", "Voi=Bruno,Dario")
    answers = "\n".join(["3 assi 12 figure", "resto", "voi", "nessuno"]) + "\n"
    r = cli("--lang", "it", "hand", "add", "1", "-i", input=answers)
    assert "Mano 1: Noi +7, Voi +4" in r.stdout
    answers = "\n".join(["3 assi 12 figure", "resto", "noi", "Anna napoletana di coppe"]) + "\n"
    r = cli("--lang", "it", "hand", "add", "1", "-i", input=answers)
    assert "Noi: mazzetto di prese" in r.stdout and "ultima mano: quale squadra l'ha presa?" in r.stdout
    assert "accusi dichiarati" in r.stdout and "Mano 2: Noi +11, Voi +3" in r.stdout


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_example_of_the_help_is_read(lang):
    """Each indented example of ``help`` in ``ledger play`` is a hand the entry reads, in the
    language the help is written in, for a table it fits (pairs or players)."""
    import re

    from ledger import i18n
    from ledger.cli.hand_entry import parse_line

    game = get_game("tressette")
    tables = [game.setup(None, None, {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}),
              game.setup(None, None, {"Noi": ["Anna", "Carla"], "Voi": ["Bruno", "Dario"]}),
              game.setup(None, ["Anna", "Bruno"]), game.setup(None, ["Anna", "Bruno", "Carla"])]
    i18n.use(lang)
    try:
        text = str(game.entry_help())
    finally:
        i18n.use("en")
    examples = [line.strip() for line in text.splitlines() if line.startswith("  ")]
    assert len(examples) == 2
    for example in [*examples, *re.findall(r"\w+=\w+", text)]:
        read = []
        for setup in tables:
            try:
                read.append(parse_line(game, setup, example))
            except LedgerError:  # a table the example is not for
                continue
        assert any(read), example
