"""Findings of a game night played in Italian by a new scorekeeper: every message names the
field in the user's words, and what the table says is scored as it was said."""

from __future__ import annotations

import pytest


def test_a_hand_that_is_not_there_names_the_hand_in_italian(cli):
    cli("match", "new", "briscola", "--players", "Marco,Giulia")
    cli("hand", "add", "1", "Marco", "68", "Giulia", "resto")
    line = cli.error("--lang", "it", "hand", "void", "1", "9")
    assert line == "errore: mano: la partita 1 non ha la mano 9 (ne ha 1)"
    assert cli.error("hand", "void", "1", "9") == "error: hand: match 1 has no hand 9 (it has 1)"
    assert len(cli.json("show", "1")["hands"]) == 1


def _last_trick(cli) -> str:
    return cli.json("export", "1")["hands"][-1]["last_trick"]


def test_tressette_ultima_and_a_name_said_after_the_other_side_goes_to_that_name(cli):
    cli("match", "new", "tressette", "--players", "Anna,Bruno,Carla,Dario")
    cli("--lang", "it", "hand", "add", "1", "Anna", "2", "assi", "10", "figure,", "Bruno", "resto,", "ultima", "Anna")
    assert _last_trick(cli) == "NS"
    cli("--lang", "it", "hand", "add", "1", "Anna", "2", "assi", "10", "figure,", "Bruno", "resto,", "ultima", "mano",
        "Carla")
    assert _last_trick(cli) == "NS"
    cli("hand", "add", "1", "Anna", "2", "aces", "10", "thirds,", "Bruno", "rest,", "last", "Dario")
    assert _last_trick(cli) == "EW"
    totals = cli.json("show", "1")["totals"]
    assert totals == {"NS": 6 + 6 + 5, "EW": 5 + 5 + 6}  # 2 aces 10 thirds = 5, the last trick 1 more


def test_tressette_ultima_at_the_end_of_a_sides_pile_stays_that_sides(cli):
    cli("match", "new", "tressette", "--players", "Anna,Bruno,Carla,Dario")
    cli("--lang", "it", "hand", "add", "1", "Anna", "2", "assi", "10", "figure", "ultima,", "Bruno", "resto")
    assert _last_trick(cli) == "NS"
    cli("--lang", "it", "hand", "add", "1", "Anna", "2", "assi", "10", "figure,", "Bruno", "resto", "ultima,", "accusi",
        "Anna", "napoletana", "di", "coppe")
    assert _last_trick(cli) == "EW"


def test_briscola_chiamata_the_called_card_may_follow_the_word_carta(cli):
    cli("match", "new", "briscola", "-r", "chiamata", "--players", "Anna,Bruno,Carla,Dario,Elena")
    cli("--lang", "it", "hand", "add", "1", "chiama", "Anna", "carta", "3D", "a", "70", "socio", "Carla", "punti", "75")
    cli("hand", "add", "1", "calls", "Bruno", "card", "AS", "at", "80", "partner", "Elena", "points", "60")
    hands = cli.json("export", "1")["hands"]
    assert [(h["caller"], h["called"], h["bid"], h["partner"]) for h in hands] == [
        ("Anna", "3D", 70, "Carla"), ("Bruno", "AS", 80, "Elena")]
    # made 70 with 75: +2 +1 and -1 each; Bruno lost 80 with 60: -2 -1 and +1 each
    assert cli.json("show", "1")["totals"] == {"Anna": 3, "Bruno": -3, "Carla": 2, "Dario": 0, "Elena": -2}
    line = cli.error("--lang", "it", "hand", "add", "1", "chiama", "Anna", "carta", "9D", "a", "70", "socio", "Carla",
                     "punti", "75")
    assert line == "errore: carta chiamata: 9D non fa parte di questo mazzo (il mazzo italiano da 40 carte)"


def test_scala40_a_players_cards_may_be_written_with_commas_inside_quotes(cli):
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla")
    cli("hand", "add", "1", "chiude", "Anna", "Bruno=JK, AS", "Carla=20")
    assert cli.json("show", "1")["totals"] == {"Anna": 0, "Bruno": 36, "Carla": 20}


def test_briscola_a_card_outside_the_40_in_a_list_with_commas_is_named(cli):
    cli("match", "new", "briscola", "--players", "Marco,Giulia")
    line = cli.error("--lang", "it", "hand", "add", "1", "Marco=asso di denari, tre di coppe, 8C", "Giulia=resto")
    assert line == "errore: mano 1: Marco: 8C non fa parte di questo mazzo (il mazzo italiano da 40 carte)"
    line = cli.error("--lang", "it", "hand", "add", "1", "Marco", "AD, 3H, 10C", "Giulia", "resto")
    assert line == "errore: mano 1: Marco: 10C non fa parte di questo mazzo (il mazzo italiano da 40 carte)"
    cli("--lang", "it", "hand", "add", "1", "Marco=asso di denari, tre di coppe", "Giulia=resto")
    assert cli.json("show", "1")["hands"][0]["result"]["points"] == {"Marco": 21, "Giulia": 99}


def test_scopa_a_quoted_pile_after_a_name_keeps_its_commas_and_a_count_ends_at_its_number(cli):
    cli("match", "new", "scopa", "--players", "Anna,Bruno")
    pile = ("settebello, 7 di coppe, 7 di bastoni, 7 di spade, asso di denari, 2 di denari, 3 di denari, "
            "4 di denari, 5 di denari, 6 di denari, fante di denari")
    cli("--lang", "it", "hand", "add", "1", "Anna", pile, "Anna.scope=1", "Bruno", "resto")
    # Anna: denari 8, settebello, primiera 84 (four sevens), 1 scopa; Bruno: 29 cards
    assert cli.json("show", "1")["totals"] == {"Anna": 4, "Bruno": 1}
    line = cli.error("--lang", "it", "hand", "add", "1", "Anna", "7D, KD", "Anna.scope=3", "Bruno", "resto")
    assert line == ("errore: mano 2: Anna, scope: troppe scope (3) per un mazzetto di 2 carte: al massimo 1 "
                    "(ogni scopa prende due carte o più)")


def test_trentuno_an_ending_not_understood_names_the_end_of_the_hand_in_italian(cli):
    r = cli("--lang", "it", "play", "trentuno", "--players", "Anna,Bruno,Carla,Dario", "-o", "posta=0,50",
            input="Anna 20 Bruno 25 Carla 30 Dario 12\nCarla\nbussa Carla\nesci\n")
    assert "errore: fine della mano: scrivi ad es. 'bussa Bruno' o '31 Carla'" in r.stderr
    assert "ending" not in r.stderr
    assert cli.json("export", "1")["hands"][0]["knocked_by"] == "Carla"


def test_pairs_the_ledger_named_are_said_by_their_players_after_a_hand_and_in_the_report(cli):
    cli("match", "new", "tressette", "--players", "Anna,Bruno,Carla,Dario")
    out = cli("--lang", "it", "hand", "add", "1", "Anna", "3", "assi", "12", "figure", "ultima,", "Bruno", "resto",
              "accusi", "Anna", "napoletana", "di", "coppe").stdout
    assert out.startswith("Mano 1: Anna & Carla +11, Bruno & Dario +3\n")
    by_kind = out[out.index("Punti per voce"):]
    assert "Anna & Carla" in by_kind and "NS" not in by_kind and "EW" not in by_kind
    report = " ".join(cli("--lang", "it", "report").stdout.split())
    assert "punti di mazzo Anna & Carla 8, Bruno & Dario 3; accusi Anna & Carla 3, Bruno & Dario 0" in report
    cli("match", "new", "burraco", "--players", "Anna,Bruno,Carla,Dario")
    out = cli("--lang", "it", "hand", "add", "2", "Anna=2 puliti, 1 sporco, calate 310, in mano 0, chiuso",
              "Bruno=1 sporco, calate 150, in mano 35, pozzetto preso").stdout
    assert out.startswith("Mano 1: Anna & Carla +910 (ha chiuso), Bruno & Dario +215\n")


def test_sides_named_at_the_table_and_bridge_compass_sides_keep_their_names(cli):
    cli("match", "new", "tressette", "--side", "Noi=Anna,Carla", "--side", "Voi=Bruno,Dario")
    out = cli("--lang", "it", "hand", "add", "1", "noi", "3", "assi", "12", "figure", "ultima,", "voi", "resto").stdout
    assert out.startswith("Mano 1: Noi +8, Voi +3\n")
    cli("match", "new", "bridge", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    assert cli("--lang", "it", "hand", "add", "2", "3SA", "S", "=").stdout.startswith("Smazzata 1: 3SA da S =: NS +100")


def test_sette_e_mezzo_the_report_says_money_as_money(cli):
    cli("match", "new", "sette_e_mezzo", "--players", "Anna,Bruno,Carla,Dario", "-o", "posta=1")
    cli("--lang", "it", "hand", "add", "1",
        "banco Anna 6C QS; Bruno 2 euro 5D JS KC; Carla 1 euro sballato; Dario 50 centesimi reale")
    report = " ".join(cli("--lang", "it", "report").stdout.replace("\xa0", " ").split())
    # Anna's 6½ beats Bruno's 6 (2,00) and Carla busted (1,00); Dario's reale is paid double (2 × 0,50)
    assert "Anna +2,00 € · Dario +1,00 € · Carla -1,00 € · Bruno" in report  # the table cuts the line here
    assert "centesimi" not in report
    assert "Anna +2.00 EUR · Dario +1.00 EUR" in " ".join(cli("report").stdout.split())


def test_undo_and_void_say_ritirata_and_tolta_as_the_italian_readme_does(cli):
    cli("match", "new", "briscola", "--players", "Marco,Giulia")
    for _ in range(3):
        cli("hand", "add", "1", "Marco", "60", "Giulia", "resto")
    assert cli("--lang", "it", "hand", "undo", "1").stdout.startswith("Ritirata la mano 3.\n")
    assert cli("--lang", "it", "hand", "void", "1", "1").stdout.startswith("Tolta la mano 1.\n")
    history = cli("--lang", "it", "match", "history", "1").stdout
    assert "3  annullata" in history and "ritirata" in history


def test_the_italian_help_of_report_csv_names_the_folder_as_its_metavar_does(cli):
    help_text = " ".join(cli("--lang", "it", "report", "--help").stdout.replace("│", " ").split())
    assert "--csv CARTELLA Scrivi un file CSV per tabella nella CARTELLA." in help_text
    assert "DIR" not in help_text


def test_six_long_names_at_80_columns_keep_every_players_column(cli, monkeypatch):
    from ledger.cli import render

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(render, "_console", None)  # a console as wide as COLUMNS says
    names = ["Alessandra", "Bartolomeo", "Carolina", "Domenico", "Elisabetta", "Francesco"]
    cli("match", "new", "scala40", "--players", ",".join(names), "-o", "posta=2")
    out = cli("--lang", "it", "hand", "add", "1", "chiude Alessandra; Bartolomeo 45; Carolina 30; "
              "Domenico non ha aperto; Elisabetta 12; Francesco 80").stdout
    board = out[:out.index("Classifica")]
    assert all(name in board for name in names) and "80 (80)" in board and "12,00" in board
    assert max(len(line) for line in out.splitlines()) <= 80
    monkeypatch.setattr(render, "_console", None)


def test_scala40_options_typed_in_italian_are_named_in_italian(cli):
    line = cli.error("--lang", "it", "match", "new", "scala40", "-p", "Anna,Bruno", "-o", "rientri=uno")
    assert line == "errore: opzione rientri: serve un numero intero, non 'uno'"
    line = cli.error("--lang", "it", "match", "new", "scala40", "-p", "Anna,Bruno", "-o", "rientrii=1")
    assert line == ("errore: opzione rientrii: opzione sconosciuta 'rientrii' (opzioni: limite, punti_non_aperto, "
                    "in_mano_doppio, asso_solo_uno, rientri, posta_centesimi, valuta, primo_mazziere)")
    cli("--lang", "it", "match", "new", "scala40", "-p", "Anna,Bruno", "-o", "rientro=1")  # the word of Trentuno's
    assert cli.json("export", "1")["options"]["reentries"] == 1


@pytest.mark.parametrize("game, own", [
    ("tressette", "obiettivo, accusi, cappotto_annulla_accusi, cappotto_vince"),
    ("briscola", "vittorie, mani, pari_ultima_presa, cappotto_doppio, moltiplica_chiamata")])
def test_a_refused_option_lists_the_games_own_options_first(cli, game, own):
    line = cli.error("--lang", "it", "match", "new", game, "-p", "Anna,Bruno", "-o", "accusii=no")
    assert f"(opzioni: {own}, primo_mazziere, posta, posta_per, valuta)" in line


def test_tressette_cappotto_vince_is_the_italian_name_of_cappotto_wins(cli):
    cli("--lang", "it", "match", "new", "tressette", "-p", "Anna,Bruno", "-o", "cappotto_vince=sì")
    assert cli.json("export", "1")["options"]["cappotto_wins"] is True


def test_sette_e_mezzo_a_negative_stake_is_named_as_the_stake(cli):
    cli("match", "new", "sette_e_mezzo", "--players", "Anna,Bruno,Carla,Dario", "-o", "posta=1")
    line = cli.error("--lang", "it", "hand", "add", "1", "banco Dario 5C; Anna -3 euro 6; Bruno sballato; Carla 6")
    assert line == "errore: Anna, posta: la posta è più di 0, non -3 euro"
    line = cli.error("hand", "add", "1", "banco Dario 5C; Anna -50 cents 6; Bruno bust; Carla 6")
    assert line == "error: Anna, stake: a stake is above 0, not -50 cents"
    assert cli.json("show", "1")["hands"] == []


def test_scala40_a_penalty_with_a_decimal_comma_is_refused_as_no_whole_number(cli):
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla")
    line = cli.error("--lang", "it", "hand", "add", "1", "chiude Bruno; Anna 12; Carla 2,5")
    assert line == "errore: mano 1: Carla: serve un numero intero, non '2,5'"
    cli("hand", "add", "1", "chiude Bruno; Anna 12; Carla 2S, 5H")  # cards may still be written with commas
    assert cli.json("show", "1")["totals"] == {"Anna": 12, "Bruno": 0, "Carla": 7}


def test_tressette_two_players_accusi_needing_one_card_name_the_players(cli):
    cli("match", "new", "tressette", "--players", "Anna,Bruno,Carla,Dario")
    line = cli.error("--lang", "it", "hand", "add", "1", "Anna 3 assi 12 figure ultima, Bruno resto, accusi Anna "
                     "napoletana di coppe, Bruno tre tre manca denari")
    assert line == "errore: mano 1: accusi, Bruno: 3H serve a buongioco 3 -D di Bruno e a napoletana H di Anna"


def test_briscola_the_rest_after_points_over_120_is_named(cli):
    cli("match", "new", "briscola", "--players", "Anna,Bruno,Carla")
    line = cli.error("--lang", "it", "hand", "add", "1", "Anna", "61", "Bruno", "61", "Carla", "resto")
    assert line == "errore: Carla: i punti degli altri fanno 122, più dei 120 del mazzo: non ne resta nessuno"
    cli("hand", "add", "1", "Anna", "50", "Bruno", "40", "Carla", "rest")
    assert cli.json("show", "1")["hands"][0]["result"]["points"] == {"Anna": 50, "Bruno": 40, "Carla": 30}


def test_settle_in_italian_right_aligns_the_amounts_in_euro(cli, monkeypatch):
    from ledger.cli import render

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(render, "_console", None)
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno", "-o", "obiettivo=10", "-o", "posta=12,50")
    cli("hand", "add", "1", "Anna", "12", "Bruno", "3")
    rows = [line for line in cli("--lang", "it", "settle").stdout.splitlines() if "€" in line and "Saldi" not in line]
    rows = [r for r in rows if "paga" not in r]
    assert [r.split()[0] for r in rows] == ["Anna", "Bruno"]
    assert len({len(r.rstrip()) for r in rows}) == 1  # the amounts end in one column: right-aligned
    monkeypatch.setattr(render, "_console", None)


def test_play_scala40_a_closer_who_is_out_is_refused_at_once(cli):
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla", "-o", "rientri=1")
    cli("hand", "add", "1", "chiude Anna; Bruno 120; Carla 20")
    r = cli("--lang", "it", "play", "1", input="\n\nBruno\nAnna\n\n30\nesci\n")
    assert "errore: chi chiude: 'Bruno' non è tra: Anna, Carla" in r.stderr
    assert "non è stata salvata" not in r.stdout + r.stderr
    assert cli.json("show", "1")["totals"] == {"Anna": 0, "Bruno": 120, "Carla": 50}


def test_a_game_the_ledger_does_not_know_points_to_the_score_sheet(cli):
    line = cli.error("--lang", "it", "match", "new", "cirulla", "-p", "Anna,Bruno")
    assert line.endswith("; per ogni altro gioco: segnapunti --title cirulla, il foglio dei punti)")
    cli("match", "new", "segnapunti", "--title", "cirulla", "-p", "Anna,Bruno")  # what it says works
    line = cli.error("--lang", "it", "replay", "-", input='{"game": "cirulla", "players": ["A", "B"], "hands": []}')
    assert line.endswith('; per ogni altro gioco: "game": "segnapunti", il foglio dei punti)')


def test_briscola_a_60_60_without_the_last_trick_names_the_option_in_italian(cli):
    cli("--lang", "it", "match", "new", "briscola", "-p", "Anna,Bruno", "-o", "pari_ultima_presa=sì")
    line = cli.error("--lang", "it", "hand", "add", "1", "Anna", "60", "Bruno", "resto")
    assert line == "errore: mano 1: ultima presa: 60 a 60 con pari_ultima_presa: di' chi ha fatto l'ultima presa"
    cli("--lang", "it", "hand", "add", "1", "Anna", "60", "Bruno", "resto,", "ultima", "Anna")
    assert cli.json("show", "1")["hands"][0]["result"]["winner"] == "Anna"


def test_the_report_says_a_classica_briscola_counts_hands_won(cli):
    cli("match", "new", "briscola", "--players", "Marco,Giulia")
    for marco in ("68", "50", "70"):
        cli("hand", "add", "1", "Marco", marco, "Giulia", "resto")
    report = " ".join(cli("--lang", "it", "report").stdout.split())
    assert "Marco 2 · Giulia 1 (mani vinte)" in report
    assert cli.json("report")["matches"][0]["unit"] == "hands won"


def test_a_word_not_understood_lists_each_value_once_in_the_language_in_use(cli):
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla", "-o", "rientri=1")
    cli("hand", "add", "1", "chiude Anna; Bruno 120; Carla 20")
    r = cli("--lang", "it", "play", "1", input="\n20\n\nesci\n")
    assert "errore: rientri: '20' non è tra: nessuno\n" in r.stderr


def test_scala40_counting_a_not_opened_hand_asks_for_it_by_the_options_italian_name(cli):
    cli("--lang", "it", "match", "new", "scala40", "-p", "Anna,Bruno,Carla", "-o", "punti_non_aperto=conta")
    line = cli.error("--lang", "it", "hand", "add", "1", "chiude Anna; Bruno 20; Carla non ha aperto")
    assert line == ("errore: mano 1: Carla: con punti_non_aperto=conta, per chi non ha aperto servono le 13 carte "
                    "o i loro punti")


def test_briscola_ultima_after_a_sides_points_is_its_last_trick(cli):
    cli("--lang", "it", "match", "new", "briscola", "-p", "Anna,Bruno", "-o", "pari_ultima_presa=sì")
    cli("--lang", "it", "hand", "add", "1", "Anna", "60", "ultima,", "Bruno", "resto")
    cli("--lang", "it", "hand", "add", "1", "Anna", "60,", "Bruno", "resto", "ultima")
    assert [h["last_trick"] for h in cli.json("export", "1")["hands"]] == ["Anna", "Bruno"]
    assert [h["result"]["winner"] for h in cli.json("show", "1")["hands"]] == ["Anna", "Bruno"]


def test_hand_add_asks_a_whole_question_again_after_an_empty_answer_and_shows_a_stake_as_money(cli):
    cli("match", "new", "sette_e_mezzo", "--players", "Anna,Bruno,Carla,Dario", "-o", "posta=1")
    out = cli("--lang", "it", "hand", "add", "1", "-i",
              input="Dario\n6C QS\n\nAnna 2 euro 5D JS; Bruno 1 euro sballato; Carla 6\n\n").stdout
    asked = "posta e mano di ogni giocatore (es. Bruno 2 euro 6; Carla 1 euro"
    assert " ".join(out.split()).count(" ".join(asked.split())) == 2  # asked whole, then whole again
    assert "Carla: posta (Invio: 1,00\xa0€)" in out
    assert cli.json("show", "1")["totals"] == {"Anna": -200, "Bruno": -100, "Carla": -100, "Dario": 400}


def test_the_questions_name_a_pair_the_ledger_named_by_its_players(cli):
    cli("match", "new", "tressette", "--players", "Anna,Bruno,Carla,Dario")
    said = "3 assi 12 figure\nresto\nAnna\n\n"
    out = " ".join(cli("--lang", "it", "hand", "add", "1", "-i", input=said).stdout.split())
    assert "Anna & Carla: mazzetto di prese" in out and "Bruno & Dario: mazzetto di prese" in out
    assert "[NS (Anna & Carla)/EW (Bruno & Dario)]" in out
    r = cli("--lang", "it", "play", "1", input="\n2 assi 10 figure\nresto\nEW\n\nesci\n")
    said = " ".join(r.stdout.split())
    assert "Anna & Carla: mazzetto di prese" in said and "[NS (Anna & Carla)/EW (Bruno & Dario)] > EW" in said
    assert [h["last_trick"] for h in cli.json("export", "1")["hands"]] == ["NS", "EW"]


def test_match_list_names_a_winning_pair_the_ledger_named_by_its_players(cli):
    cli("match", "new", "tressette", "--players", "Anna,Bruno,Carla,Dario", "-o", "obiettivo=11")
    cli("hand", "add", "1", "Anna", "3", "assi", "12", "figure", "ultima,", "Bruno", "resto",
        "accusi", "Anna", "napoletana", "di", "coppe")
    listed = cli("--lang", "it", "match", "list").stdout
    assert "Anna & Carla" in listed and " NS " not in listed
    assert cli.json("match", "list")[0]["winner"] == "NS"  # the JSON keeps the side's name


def test_a_phrase_after_key_value_words_is_read_as_its_own_part(cli):
    cli("match", "new", "briscola", "-r", "chiamata", "--players", "Anna,Bruno,Carla,Dario,Elena")
    cli("--lang", "it", "hand", "add", "1", "carta=3D", "chiama", "Bruno", "a", "70", "socio", "Carla", "punti", "75")
    hand = cli.json("export", "1")["hands"][-1]
    assert (hand["called"], hand["caller"], hand["bid"], hand["partner"]) == ("3D", "Bruno", 70, "Carla")
    cli("match", "new", "trentuno", "--players", "Anna,Bruno,Carla")
    cli("--lang", "it", "hand", "add", "2", "Anna=26", "Bruno=7S", "7D", "9C", "Carla=30", "bussa", "Bruno")
    assert cli.json("export", "2")["hands"][-1]["knocked_by"] == "Bruno"


def test_a_players_value_that_is_a_word_of_the_hand_is_read_as_that_word_of_the_player(cli):
    cli("match", "new", "scala40", "--players", "Anna,Bruno,Carla,Dario")
    cli("--lang", "it", "hand", "add", "1", "Bruno=chiude", "Anna=12", "Carla=20", "Dario=30")
    hand = cli.json("export", "1")["hands"][-1]
    assert hand["closed_by"] == "Bruno" and hand["others"] == {"Anna": 12, "Carla": 20, "Dario": 30}
