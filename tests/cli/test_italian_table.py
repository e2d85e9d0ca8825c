"""Italian at the table (issue 32): rule sets and match options typed and shown in Italian, the
same match stored whatever language they were typed in."""

from __future__ import annotations

import datetime as dt
import html

import pytest

from ledger.games import available, get_game
from ledger.i18n import speaking


def test_every_rule_set_of_every_game_is_typed_by_its_italian_name(cli):
    for name in available():
        game = get_game(name)
        for key in game.rule_sets:
            with speaking("it"):
                word = game.rules_name(key)
            assert game.check_rules(word) == key
            assert game.check_rules(word.upper()) == key


@pytest.mark.parametrize("game, word, key", [
    ("canasta", "italiana", "italian"), ("canasta", "classica", "classic"),
    ("burraco", "italiana", "italian"), ("burraco", "italiano", "italian"),
    ("burraco", "internazionale", "international"), ("bridge", "duplicato", "duplicate"),
    ("trentuno", "52 carte, vedova", "52-vedova")])
def test_a_match_started_with_an_italian_rule_set_stores_its_key(cli, game, word, key):
    players = "A,B,C,D" if game == "bridge" else "A,B,C" if game == "trentuno" else "A,B"
    doc = cli.json("--lang", "it", "match", "new", game, "-r", word, "-p", players)
    assert doc["rules"] == key


def test_a_wrong_rule_set_names_the_nearest_and_the_known_ones_in_italian(cli):
    line = cli.error("--lang", "it", "match", "new", "canasta", "-r", "clasica", "-p", "A,B")
    assert line == ("errore: variante: variante sconosciuta 'clasica' per canasta (intendevi 'classica'?) "
                    "(varianti: italiana, classica)")


def test_italian_option_names_give_the_same_match_as_the_english_keys(cli):
    italian = cli.json("--lang", "it", "match", "new", "trentuno", "-p", "Anna,Bruno,Carla", "-o", "posta=0,50",
                       "-o", "rientro=sì", "-o", "vite=4", "-o", "primo_mazziere=Bruno")
    english = cli.json("match", "new", "trentuno", "-p", "Anna,Bruno,Carla", "-o", "stake=0.50",
                       "-o", "reentry=yes", "-o", "lives=4", "-o", "first_dealer=Bruno")
    italian.pop("match"), english.pop("match")
    assert italian == english
    exported = cli.json("export", "1")["options"]
    assert exported["lives"] == 4 and exported["reentry"] is True and exported["first_dealer"] == "Bruno"
    assert "posta" not in exported and "vite" not in exported


@pytest.mark.parametrize("game, option, key, value", [
    ("scopa", "obiettivo=16", "target", 16), ("canasta", "obiettivo=5.000", "target", 5000),
    ("burraco", "Primo_Mazziere=B", "first_dealer", "B"), ("trentasette", "obiettivo=21", "target", 21)])
def test_every_game_reads_the_shared_option_words(cli, game, option, key, value):
    cli("--lang", "it", "match", "new", game, "-p", "A,B", "-o", option)
    assert cli.json("export", "1")["options"][key] == value


def test_an_unknown_option_lists_the_known_ones_in_the_language(cli):
    line = cli.error("--lang", "it", "match", "new", "trentuno", "-p", "A,B,C", "-o", "pota=1")
    assert line == ("errore: opzione pota: opzione sconosciuta 'pota' per trentuno (intendevi 'posta'?) "
                    "(opzioni: vite, rientro, costo_rientro_centesimi, mazzi, primo_mazziere, posta, posta_per, valuta)")
    line = cli.error("match", "new", "canasta", "-p", "A,B", "-o", "colour=red")
    assert line == ("error: option colour: unknown option 'colour' for canasta "
                    "(known: target, first_dealer, stake, stake_per, currency)")


def test_a_bad_option_value_is_named_by_its_italian_name(cli):
    assert cli.error("--lang", "it", "match", "new", "trentuno", "-p", "A,B,C", "-o", "vite=0").startswith(
        "errore: opzione vite: ")
    assert cli.error("--lang", "it", "match", "new", "trentuno", "-p", "A,B", "-o", "vite=3").startswith(
        "errore: giocatori: ")


def test_games_match_list_show_and_report_name_rule_sets_in_italian(cli):
    games = cli("--lang", "it", "games").stdout
    for word in ("italiana", "classica", "internazionale", "duplicato", "52 carte, vedova"):
        assert word in games
    assert "(italian)" not in games and "international" not in games and "duplicate" not in games
    cli("match", "new", "canasta", "-r", "classic", "-p", "Anna,Bruno")
    cli("match", "new", "burraco", "-p", "Anna,Bruno")
    assert "canasta/classica" in cli("--lang", "it", "match", "list").stdout
    assert "Canasta (classica)" in cli("--lang", "it", "show", "1").stdout
    assert "Burraco (italiana)" in cli("--lang", "it", "show", "2").stdout
    assert "Canasta (classic)" in cli("show", "1").stdout
    assert "Canasta (classica)" in cli("--lang", "it", "report").stdout


def test_the_page_names_the_rule_set_in_the_language(cli):
    from ledger.cli.app import reading
    from ledger.web.page import board_html
    from ledger.web.tonight import read_tonight

    cli("match", "new", "canasta", "-p", "Anna,Bruno")
    now = dt.datetime.now()
    for lang, title, other in (("it", "Canasta (italiana)", "(italian)"), ("en", "Canasta (italian)", "(italiana)")):
        with speaking(lang), reading() as reads:  # the page is read and drawn in the reader's language
            page = html.unescape(board_html(read_tonight(reads, now), now))
        assert title in page and other not in page


BRIDGE = ("-s", "NS=Anna,Carla", "-s", "EO=Bruno,Dario")


def test_bridge_speaks_italian_notation_and_keeps_eo(cli):
    cli("--lang", "it", "match", "new", "bridge", *BRIDGE)
    out = cli("--lang", "it", "hand", "add", "1", "3SA", "N", "fatte", "9").stdout
    assert out.startswith("Smazzata 1: 3SA da N =: NS +100")
    out = cli("--lang", "it", "hand", "add", "1", "4", "cuori", "contro", "E", "-1").stdout
    assert out.startswith("Smazzata 2: 4♥X da E -1: NS +100")
    out = cli("--lang", "it", "hand", "add", "1", "2", "picche", "surcontro", "Ovest", "=").stdout
    assert out.startswith("Smazzata 3: 2♠XX da O =: EO +")
    shown = cli("--lang", "it", "show", "1").stdout
    assert "Loro — EO (Bruno & Dario)" in shown and "totale EO" in shown and "Totali finora: NS 200, EO" in shown
    assert "EW" not in shown and "3NT" not in shown and "4HX" not in shown
    english = cli("show", "1").stdout
    assert "They — EW (Bruno & Dario)" in english and "3NT N =" in english and "4HX E -1" in english


def test_bridge_json_is_byte_identical_in_both_languages(cli):
    cli("match", "new", "bridge", *BRIDGE)
    cli("hand", "add", "1", "4", "cuori", "contro", "E", "-1")
    for args in (("show", "1"), ("export", "1"), ("match", "history", "1")):
        italian = cli("--lang", "it", *args, "--json").stdout
        assert italian == cli("--lang", "en", *args, "--json").stdout
        assert '"4HX"' in italian and "♥" not in italian and '"EO"' not in italian


@pytest.mark.parametrize("game", ["canasta", "scopone", "burraco"])
def test_pairs_of_games_without_compass_seats_are_shown_by_their_players(cli, game):
    cli("match", "new", game, "-p", "Anna,Bruno,Carla,Dario")
    for lang in ("it", "en"):
        shown = cli("--lang", lang, "show", "1").stdout
        assert "Anna & Carla" in shown and "Bruno & Dario" in shown
        assert "NS" not in shown and "EW" not in shown
    assert set(cli.json("show", "1")["totals"]) == {"NS", "EW"}  # the document keeps its sides' names


def _case(case_id: str) -> dict:
    import json
    from pathlib import Path

    cases = json.loads((Path(__file__).parents[1] / "cases.json").read_text())
    return next(c["doc"] for c in cases if c["id"] == case_id)


def test_a_pair_that_wins_takes_a_plural_verb(cli):
    cli("match", "new", "scopone", "-p", "Anna,Bruno,Carla,Dario", "-o", "obiettivo=1")
    cli("hand", "add", "1", "Anna=cards 22 denari 6 settebello primiera 78", "Bruno=cards 18 denari 4 primiera 70")
    assert "Vincono Anna & Carla." in cli("--lang", "it", "show", "1").stdout
    assert "Anna & Carla win." in cli("show", "1").stdout
    line = cli.error("--lang", "it", "hand", "add", "1", "Anna=carte 22", "Bruno=carte 18")
    assert "vincitore" not in line and "è finita" in line
    assert "Anna & Carla hanno vinto" in cli("--lang", "it", "report").stdout  # the verb agrees in the report


def test_trentuno_says_re_entries_and_the_winner_without_guessing_a_gender(cli, tmp_path):
    import json

    doc = tmp_path / "match.json"
    doc.write_text(json.dumps(_case("trentuno_match-1-1")))
    cli("import", str(doc))
    shown = cli("--lang", "it", "show", "1").stdout
    assert "con rientro" in shown and "rientra prima della mano" in shown
    for gendered in ("rientrato", "rientrata", "vincitore", "vincitrice"):
        assert gendered not in shown, gendered


def test_one_hand_saved_is_said_in_the_singular(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    hearts_and_diamonds = " ".join(r + s for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    cli("hand", "add", "1", f"Anna={hearts_and_diamonds}", "Bruno=rest", "last=Anna")
    out = cli("--lang", "it", "play", "1", input="esci\n").stdout
    assert "Partita 1: 1 mano sul tabellone, salvata." in out


def test_questions_and_refusals_of_hand_add_fold_between_words(cli, monkeypatch):
    from ledger.cli import render

    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setattr(render, "_console", None)
    cli("match", "new", "bridge", *BRIDGE)
    r = cli("--lang", "it", "hand", "add", "1", "-i", input="8 fiori\n4 cuori contro\nE\n=\n\n")
    said = r.stdout + r.stderr
    lines = said.splitlines()
    assert all(len(line) <= 40 for line in lines), said
    question = "Contratto (per esempio 4♠X, 3SA, 4 cuori contro, 6♥XX, passo)"
    assert question in " ".join(said.split())  # folded between words: joined again, every word is whole
    refusal = [line for line in lines if "errore" in line]
    assert refusal and all(len(line) <= 40 for line in refusal)  # the refusal of "8 fiori" folded too
    assert "Smazzata 1: 4♥X da E =: EO +290" in " ".join(said.split())


def test_db_path_prints_a_sqlite_ledgers_path(cli, ledger_db):
    from pathlib import Path

    if isinstance(ledger_db, Path):  # a server's URL: tests/store/test_backends.py
        cli("match", "new", "scopa", "-p", "A,B")
        assert cli("--lang", "it", "db", "path").stdout.strip() == str(ledger_db)


def test_undo_and_void_are_explained_apart_in_both_languages(cli):
    for lang, undo, void in (("en", "Take back the last hand entered", "Void hand N, any hand"),
                             ("it", "Ritira l'ultima mano inserita", "Toglie la mano N, una qualsiasi")):
        said = " ".join(cli("--lang", lang, "hand", "--help").stdout.replace("│", " ").split())
        assert undo in said and void in said


def test_help_names_arguments_and_values_in_italian(cli):
    said = cli("--lang", "it", "settle", "--help").stdout
    assert "[partite]..." in said and "[matches]" not in said and "<str>" not in said
    said = cli("--lang", "it", "hand", "void", "--help").stdout
    assert "{partita} {numero}" in said and "<testo>" in said and "<numero>" in said
    said = cli("--lang", "it", "--help").stdout
    assert "PERCORSO|URL" in said and "PATH|URL" not in said and "LINGUA" in said
    assert "{match}" in cli("hand", "void", "--help").stdout  # English as Typer writes it


@pytest.mark.parametrize("game, entry", [
    ("trentasette", ["Anna=AH 2H 3H 4H", "Bruno=KS QS", "Carla=5H 6H", "Dario=resto"]),
    ("scopone", ["Anna=carte 22 denari 6 settebello primiera 78", "Carla=carte 18 denari 4 primiera 70"]),
])
def test_piles_per_player_into_a_pairs_match_are_refused_naming_the_pairs(cli, game, entry):
    cli("match", "new", game, "-p", "Anna,Bruno,Carla,Dario")
    line = cli.error("--lang", "it", "hand", "add", "1", *entry)
    assert "questa partita si gioca a coppie (Anna & Carla e Bruno & Dario): Anna e Carla giocano insieme" in line
    assert cli.json("show", "1")["hands"] == []  # nothing written
    said = cli("--lang", "it", "play", "1", input=" ".join(f'"{e}"' for e in entry) + "\nesci\n")
    assert "Anna e Carla giocano insieme" in " ".join(said.stderr.split())  # at the table too
    assert cli.json("show", "1")["hands"] == []


def test_a_word_of_a_hand_typed_is_named_without_a_code_path(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    line = cli.error("--lang", "it", "hand", "add", "1", "Marko=resto")
    assert line.startswith("errore: mano: 'Marko' non è un nome né una parola di trentasette") and "entry" not in line
    assert cli.error("--lang", "it", "match", "new", "scopa", "-p", "A,B", "-o", "semi=tarocchi").startswith(
        "errore: opzione semi: atteso italiani (carte scritte 7 di denari) oppure lettere (7D)")
