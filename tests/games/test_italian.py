"""Trentasette, Trentuno, Simone and what every game shares (cards, dates, the registry, stakes
and settling up) in Italian: errors with the same exit code, questions, scoreboards and notes in
the language in use, and output for programs (``--json``) byte-identical in both languages
(docs/languages.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger import i18n
from ledger.cards import FRENCH_52, ITALIAN_40, Card, multiple, parse_card, suit_name
from ledger.errors import LedgerError, match_field
from ledger.games import available, get_game
from ledger.games.replay import replay
from ledger.games.facts import Highlight, Said
from ledger.games.settle import Transfer, format_money, night_report
from ledger.games.stakes import MatchMoney
from ledger.i18n import t

CASES = json.loads((Path(__file__).parent.parent / "cases.json").read_text(encoding="utf-8"))
OURS = ("trentasette", "trentuno", "simone", "poker")
ERRORS = [c for c in CASES if c.get("expect_error") and c["doc"].get("game") in OURS]
SCORED = [c for c in CASES if not c.get("expect_error") and c["doc"].get("game") in OURS[:3]]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def _error(cli, lang, doc):
    return cli.error("score", "-", "--json", "--lang", lang, input=json.dumps(doc))


@pytest.mark.parametrize("case", ERRORS, ids=[c["id"] for c in ERRORS])
def test_every_error_case_of_these_games_is_in_italian_with_the_same_exit_code(cli, case):
    english, italian = _error(cli, "en", case["doc"]), _error(cli, "it", case["doc"])
    assert english.startswith("error: ") and italian.startswith("errore: ")
    field = english.removeprefix("error: ").split(": ")[0]
    with i18n.speaking("it"):  # the field is the same, a match's setting named in Italian
        said = match_field(field) or field
    assert italian.removeprefix("errore: ").split(": ")[0] == said
    assert italian.removeprefix("errore: ") != english.removeprefix("error: ")


@pytest.mark.parametrize("doc, italian", [
    ({"game": "poker"}, "errore: gioco: gioco sconosciuto 'poker' (conosciuti: " + ", ".join(available())
     + "; per ogni altro gioco: \"game\": \"segnapunti\", il foglio dei punti)"),
    ({"game": "trentuno", "rules": "52", "hands": {"Anna": "AH KH", "Bruno": 20, "Carla": 30},
      "knocked_by": "Anna"}, "errore: hands.Anna: una mano è di 3 carte, non 2"),
    ({"game": "simone", "hands": {"Anna": "KH ZZ", "Bruno": 17}},
     "errore: hands.Anna[1]: 'ZZ' non è una carta (scrivi il valore e poi il seme, ad es. 10S, QH, 7♦, "
     "oppure JK)"),
    ({"game": "trentasette", "sides": {"Anna": "AH 2H", "Bruno": "rest"}, "table": "5C"},
     "errore: last_capture: sono rimaste carte sul tavolo: di' chi ha fatto l'ultima presa"),
    ({"game": "trentasette", "sides": {"Anna": "AH AH", "Bruno": "rest"}},
     "errore: sides.Anna: AH compare 2 volte, ma ce n'è una sola (il mazzo francese da 52 carte)"),
])
def test_errors_read_in_italian(cli, doc, italian):
    assert _error(cli, "it", doc) == italian


@pytest.mark.parametrize("case", SCORED, ids=[c["id"] for c in SCORED])
def test_score_and_replay_json_are_byte_identical_in_both_languages(cli, case):
    doc, verb = json.dumps(case["doc"]), "score" if case["kind"] == "score" else "replay"
    english = cli(verb, "-", "--json", "--lang", "en", input=doc).stdout
    assert cli(verb, "-", "--json", "--lang", "it", input=doc).stdout == english


def _trentuno_night(cli):
    cli("match", "new", "trentuno", "-p", "Anna,Bruno,Carla", "-o", "stake=0.50", "-o", "lives=1")
    cli("hand", "add", "1", "Anna=AH KH 5H", "Bruno=24", "Carla=7S 7D 9C", "knock=Bruno")
    cli("hand", "add", "1", "Anna=AH KH 5H", "Bruno=31", "shown31=Bruno")


def test_a_nights_json_is_byte_identical_and_its_words_are_italian(cli):
    _trentuno_night(cli)
    for args in (("show", "1"), ("settle",)):
        english = cli(*args, "--json", "--lang", "en").stdout
        assert cli(*args, "--json", "--lang", "it").stdout == english, args
    board = cli("show", "1", "--lang", "it").stdout
    assert "Soldi — piatto" in board and "vite dopo ogni mano" in board
    assert "Bruno vince il piatto di 1,00\xa0€." in board and "Anna paga Bruno 0,50\xa0€." in board
    assert "Anna pays Bruno 0.50 EUR." in cli("show", "1", "--lang", "en").stdout


def test_money_and_settling_up_in_the_language():
    tr = Transfer("Anna", "Dario", 350)
    assert tr.text() == "Anna pays Dario 3.50 EUR" and format_money(150) == "1.50 EUR"
    i18n.use("it")
    assert tr.text() == "Anna paga Dario 3,50\xa0€" and format_money(150) == "1,50\xa0€"
    assert tr.to_json()["text"] == "Anna pays Dario 3.50 EUR"  # programs read English
    report = night_report([{"match": 1, "currency": "EUR", "settlement": {"Anna": -350, "Dario": 350}}])
    assert report["currencies"]["EUR"]["lines"] == ["Anna pays Dario 3.50 EUR"]
    money = MatchMoney("EUR", 50, "life", None)
    assert money.describe() == "0,50\xa0€ per vita" and money.to_json()["stake"] == "0.50 EUR per life"


def test_highlights_and_details_keep_their_message():
    light = Highlight("31", t("trentuno.shown31", "{player} showed 31 (hand {hand})", player="Anna", hand=3))
    said = Said(t("trentuno.details_pot", "pot {amount}", amount="1.50"))
    i18n.use("it")
    assert str(light.text) == "Anna ha mostrato 31 (mano 3)" and light.to_json()["text"] == "Anna showed 31 (hand 3)"
    assert str(said) == "piatto 1.50" and json.dumps([said]) == '["pot 1.50"]'


def test_cards_decks_and_suits_in_italian():
    i18n.use("it")
    assert str(suit_name("D")) == "quadri"
    with pytest.raises(LedgerError) as err:
        multiple(ITALIAN_40, 2).check([Card("A", "S")] * 3)
    assert err.value.message == "AS compare 3 volte, ma ce ne sono solo 2 (2 × mazzo italiano da 40 carte)"
    assert err.value.code == "cards.too_many"
    with pytest.raises(LedgerError) as err:
        FRENCH_52.check([parse_card("JK")])
    assert str(err.value) == "cards: niente jolly in questo mazzo (il mazzo francese da 52 carte)"


def test_boards_questions_and_summaries_are_drawn_in_the_language_in_use():
    game = get_game("simone")
    setup = game.setup("standard", ["Anna", "Bruno", "Carla"])
    hand = {"hands": {"Anna": "KH JK 3S 5D", "Bruno": 17, "Carla": 30}, "knocked_by": "Anna"}
    rp = replay(game, setup, [hand, hand])
    english = game.board(setup, rp)
    assert english.notes == ("Anna leads: 2 hands won, sum 14.", "Next dealer: Carla.")
    i18n.use("it")
    board = game.board(setup, rp)
    assert board.notes == ("Anna è in testa: 2 mani vinte, somma 14.", "Prossimo mazziere: Carla.")
    assert [c.header for c in board.tables[1].columns][:4] == ["#", "nome", "vinte", "mani"]
    assert board.tables[1].rows[0][5] == "7,0"  # the average with the decimal comma
    assert replay(game, setup, [hand]).results[0].summary == "Anna 7, Bruno 17, Carla 30 — vince Anna; ha bussato Anna"
    assert [q.text for q in game.questions(setup, {"hands": {"Anna": 3, "Bruno": 4}})] == [
        "Carla: carte (ad es. KH JK 3S 5D) o la somma", "chi ha bussato? (Invio per nessuno)"]
    t37 = get_game("trentasette")
    pair = t37.setup("standard", ["Anna", "Bruno"])
    assert t37.questions(pair, {"sides": {"Anna": "AH 2H"}})[0].text == (
        "Bruno: carte prese (le carte, 'resto', o 'conta' per contarle)")
    notes = t37.board(pair, replay(t37, pair, [])).notes
    assert notes == ("Prossimo mazziere: Anna.",)


def test_a_shared_win_is_one_sentence_in_each_language():
    game = get_game("trentasette")
    setup = game.setup("standard", ["Anna", "Bruno"], ended_early=True)
    rp = replay(game, setup, [])
    final = game.finish_early(setup, rp.final)
    from ledger.games.replay import Replay
    from ledger.games.tables import status_notes

    shared = Replay(setup, final, [], [])
    assert status_notes(game, setup, shared) == ["Ended early: Anna and Bruno share the win (ahead when it was ended)."]
    i18n.use("it")
    assert status_notes(game, setup, shared) == [
        "Chiusa in anticipo: Anna e Bruno vincono a pari merito (erano in testa quando è stata chiusa)."]


def test_trentasette_runs_name_each_hand_once():
    """``Runs: Anna in spades, hearts and diamonds (hand 1) and clubs (hand 2)``: the suits of one
    hand together, the hand said once (it-findings2: ``(mano 1)`` after every suit)."""
    import datetime as dt

    from ledger.games.replay import replay
    from ledger.summary import MatchRecord

    game = get_game("trentasette")
    setup = game.setup(None, ["Anna", "Bruno"], None, {})

    def pile(cards, runs, **more):
        return {"cards": cards, "figures": 6, "ranks": "", "ace_of_hearts": False, "two_of_spades": False,
                "sevens": True, "runs": runs, "missing_suits": "", **more}

    bruno = pile(24, "", ace_of_hearts=True, two_of_spades=True)
    docs = [{"sides": {"Anna": pile(28, runs), "Bruno": bruno}, "last_capture": "Anna"} for runs in ("H S D", "C")]
    rec = MatchRecord(1, dt.date(2026, 12, 1), setup, replay(game, setup, docs))
    (runs, *_) = game.facts.highlights(rec)
    assert runs.to_json()["text"] == "Runs: Anna in spades, hearts and diamonds (hand 1) and clubs (hand 2)"
    with i18n.speaking("it"):
        assert str(runs.text) == "Scale: Anna a picche, cuori e quadri (mano 1) e fiori (mano 2)"
    assert runs.value == 4
