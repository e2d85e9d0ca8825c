"""Hostile input found by trying to break the CLI (branch hostile): each case gets one line on
standard error in the user's language naming the field in the user's words and the value, exit
code 2, and nothing written (DESIGN.md, "What a user can count on")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def nothing_stored(cli) -> None:
    assert cli.json("match", "list") == []


@pytest.mark.parametrize("hidden", ["\u200b", "\u200c", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u200f"])
def test_a_name_with_a_character_that_prints_nothing_is_refused(cli, hidden):
    line = cli.error("match", "new", "simone", "-p", f"Anna,Anna{hidden}")
    assert line == (f"error: players: {f'Anna{hidden}'!r}: a name cannot contain a character that prints "
                    f"nothing (U+{ord(hidden):04X})")
    nothing_stored(cli)


def test_the_refusal_of_an_invisible_character_is_said_in_italian(cli):
    line = cli.error("--lang", "it", "match", "new", "scopa", "-p", "Anna\u200b,Bruno")
    assert line == "errore: giocatori: 'Anna\\u200b': un nome non può contenere un carattere che non si vede (U+200B)"
    nothing_stored(cli)


def test_an_emoji_joined_by_a_zero_width_joiner_is_a_name(cli):
    doc = cli.json("match", "new", "simone", "-p", "Anna,\U0001f469\u200d\U0001f373")
    assert list(doc["totals"]) == ["Anna", "\U0001f469\u200d\U0001f373"]


@pytest.mark.parametrize("twin", ["\uff21nna", "ANNA", "\uff41\uff4e\uff4e\uff41"])
def test_a_name_in_full_width_letters_is_the_same_name(cli, twin):
    assert cli.error("match", "new", "trentasette", "-p", f"Anna,{twin}") == f"error: players: {twin!r} appears twice"
    nothing_stored(cli)


def test_an_exported_ledger_with_an_invisible_name_made_before_is_restored_as_it_was(cli, tmp_path):
    cli("import", str(ROOT / "ledger/demo/30_simone.json"))
    text = cli("export", "--all").stdout.replace('"Anna"', '"Anna\\u200b"')
    assert "Anna\\u200b" in text
    (tmp_path / "all.json").write_text(text, encoding="utf-8")
    cli("--db", str(tmp_path / "other.db"), "import", str(tmp_path / "all.json"))
    assert "Anna\u200b" in cli.json("--db", str(tmp_path / "other.db"), "show", "1")["totals"]


def test_sette_e_mezzo_players_of_a_new_match_are_called_players_not_a_hand_s_stake_and_hand(cli):
    assert cli.error("match", "new", "sette_e_mezzo", "-p", "Anna,Anna") == "error: players: 'Anna' appears twice"
    assert (cli.error("--lang", "it", "match", "new", "sette_e_mezzo", "-p", "Anna")
            == "errore: giocatori: Sette e mezzo si gioca da 2 a 40 giocatori, non in 1")
    nothing_stored(cli)


def test_sette_e_mezzo_players_of_an_imported_match_are_called_players(cli, tmp_path):
    doc = json.loads((ROOT / "ledger/demo/86_sette_e_mezzo.json").read_text())
    doc["players"][1] = doc["players"][0]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    line = f"error: players: {doc['players'][0]!r} appears twice"
    assert cli.error("import", str(path)) == line
    assert cli.error("replay", str(path)) == line
    nothing_stored(cli)


def test_a_hand_of_sette_e_mezzo_still_names_its_players_in_the_hand_s_words(cli):
    cli("match", "new", "sette_e_mezzo", "-p", "Anna,Bruno,Carla")
    hand = {"banker": "Anna", "banker_hand": "5C QS", "players": {"Bruno": 7}}
    line = cli.error("--lang", "it", "hand", "add", "1", "--file", "-", input=json.dumps(hand))
    assert line.startswith("errore: mano 1: Bruno"), line


def test_an_unknown_trentuno_rule_set_lists_rule_sets_that_hold_a_comma_by_their_key(cli):
    line = cli.error("match", "new", "trentuno", "-r", "zz", "-p", "Anna,Bruno,Carla")
    assert line == ("error: rules: unknown rule set 'zz' for trentuno (known: 52 cards, 52-vedova (52 cards, vedova), "
                    "40 cards)")
    line = cli.error("--lang", "it", "match", "new", "trentuno", "-r", "zz", "-p", "Anna,Bruno,Carla")
    assert line == ("errore: variante: variante sconosciuta 'zz' per trentuno (varianti: 52 carte, 52-vedova (52 carte, "
                    "vedova), 40 carte)")
    nothing_stored(cli)


@pytest.mark.parametrize("game, players, word, field", [
    ("scala40", "Anna,Bruno,chiude", "chiude", "closer"),
    ("trentasette", "last,Anna", "last", "last capture"),
    ("sette_e_mezzo", "Banco,Anna", "Banco", "banker"),
    ("trentuno", "Anna,Bruno,Bussa", "Bussa", "who knocked"),
])
def test_a_player_named_as_a_word_of_the_hand_is_refused(cli, game, players, word, field):
    line = cli.error("match", "new", game, "-p", players)
    assert line == (f"error: players: {word!r} is a word of {game} ({field}): a player so named could not be told "
                    "from it in a hand typed; add an initial or a surname")
    nothing_stored(cli)


def test_a_side_named_as_a_word_of_the_hand_is_refused_in_italian(cli):
    line = cli.error("--lang", "it", "match", "new", "burraco", "-s", "Chiude=Anna,Carla", "-s", "EW=Bruno,Dario")
    assert line.startswith("errore: squadre: 'Chiude' è una parola di burraco ("), line
    nothing_stored(cli)


def test_names_of_one_or_two_letters_and_names_that_hold_a_word_stay_names(cli):
    cli("match", "new", "bridge", "-p", "A,B,C,D")  # bridge's 'c' and 'd' are words only where a hand has a place
    cli("match", "new", "scala40", "-p", "Anna,Chiude Rossi,Bruno")
    assert sorted(m["id"] for m in cli.json("match", "list")) == [1, 2]


def test_scala40_penalties_of_every_player_typed_are_scored_by_name(cli):
    cli("match", "new", "scala40", "-p", "Anna,Bruno,Carla")
    doc = cli.json("hand", "add", "1", "chiude", "Anna", "Bruno=20", "Carla=35")
    assert doc["totals"] == {"Anna": 0, "Bruno": 20, "Carla": 35}


def test_a_match_document_s_own_fields_are_named_by_their_paths_not_by_its_hands_words(cli, tmp_path):
    doc = json.loads((ROOT / "ledger/demo/20_trentuno.json").read_text())
    doc["hands"] = {}  # Trentuno's hand has a field 'hands' too, said 'hand'
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert cli.error("import", str(path)) == "error: hands: expected a list of hands"
    assert cli.error("--lang", "it", "replay", str(path)) == "errore: hands: serve una lista di mani"
    nothing_stored(cli)


@pytest.mark.parametrize("lookalike, alphabets", [("\u0410nna", "Latin, Cyrillic"), ("Bruno \u03a1ossi", "Latin, Greek")])
def test_a_name_mixing_look_alike_alphabets_is_refused(cli, lookalike, alphabets):
    line = cli.error("match", "new", "simone", "-p", f"Anna,{lookalike}")
    assert line == (f"error: players: {lookalike!r} mixes the letters of different alphabets ({alphabets}): it "
                    "looks like a name it is not")
    assert cli.error("--lang", "it", "match", "new", "simone", "-p", f"Anna,{lookalike}").startswith(
        f"errore: giocatori: {lookalike!r} mescola le lettere di alfabeti diversi (")
    nothing_stored(cli)


def test_names_in_one_alphabet_each_accents_and_signs_included_are_names(cli):
    names = ["\u0410\u043d\u043d\u0430", "Anna", "Niccol\u00f2", "Zo\u00eb", "O'Brien", "\u039d\u03af\u03ba\u03b7", "\u674e",
             "\U0001f0cf"]
    assert list(cli.json("match", "new", "segnapunti", "-p", ",".join(names))["totals"]) == names


def test_a_player_added_or_renamed_to_a_look_alike_name_is_refused(cli):
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    assert cli.error("player", "add", "\u0410nna").startswith("error: name: '\u0410nna' mixes the letters")
    assert cli.error("player", "rename", "Bruno", "Anna\u200b").startswith("error: new: 'Anna\\u200b': a name cannot")
    assert sorted(p["name"] for p in cli.json("player", "list")) == ["Anna", "Bruno"]


@pytest.mark.parametrize("game", ["canasta", "burraco", "scopa", "briscola", "tressette", "trentasette"])
def test_a_side_without_a_name_is_refused(cli, game):
    assert cli.error("match", "new", game, "-s", "=Anna,Bruno", "-s", "EW=Carla,Dario") == (
        "error: sides: a side needs a name (e.g. NS=Anna,Carla)")
    nothing_stored(cli)


def test_a_side_named_as_a_player_of_the_other_side_is_refused(cli):
    # 'Carla="2 pure ..."' typed would go to Anna and Bruno
    assert cli.error("match", "new", "canasta", "-s", "Carla=Anna,Bruno", "-s", "EW=Carla,Dario") == (
        "error: sides: 'Carla' is a player of side EW: a side cannot be named as another side's player")
    assert cli.error("--lang", "it", "match", "new", "burraco", "-s", "Carla=Anna,Bruno", "-s", "EW=Carla,Dario") == (
        "errore: squadre: 'Carla' gioca nella squadra EW: una squadra non può chiamarsi come un giocatore di un'altra")
    nothing_stored(cli)
    cli("match", "new", "canasta", "-s", "Anna=Anna,Bruno", "-s", "EW=Carla,Dario")  # named as its own player


def test_a_bridge_player_named_as_another_seat_is_refused(cli):
    # before: players E, N, W, S (N sitting East) and '4S N 10' scored 120 to North-South
    assert cli.error("match", "new", "bridge", "-p", "E,N,W,S") == (
        "error: players: 'E' sits at N: a player named as another seat would be read as that seat; seat them there "
        "or add an initial")
    assert cli.error("--lang", "it", "match", "new", "bridge", "-s", "NS=Anna,Carla", "-s", "EO=Bruno,Nord") == (
        "errore: giocatori: 'Nord' siede in O: un giocatore che si chiama come un altro posto sarebbe letto come quel "
        "posto; fallo sedere lì o aggiungi un'iniziale")
    nothing_stored(cli)


def test_a_bridge_player_named_as_the_own_seat_declares_from_it(cli):
    cli("match", "new", "bridge", "-p", "N,East,Sud,W")
    doc = cli.json("hand", "add", "1", "4S", "East", "10")
    assert doc["hands"][-1]["result"]["points"] == {"NS": 0, "EW": 120}
