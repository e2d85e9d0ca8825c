"""Canasta, Burraco and Scopa in Italian (issue 15): their errors, questions, scoreboards and
summaries come from the catalogue, the JSON outputs do not change with the language, and Scopa's
match option ``suits=italian`` names the cards with the Italian suits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger import i18n
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.burraco.board import kinds_count
from ledger.games.scopa.hand import entered_text
from ledger.games.scopa.rules import card_name, cards_names
from ledger.cards import Card

CASES = json.loads((Path(__file__).parent.parent / "cases.json").read_text(encoding="utf-8"))
GAMES = ("canasta", "burraco", "scopa")
MINE = tuple(f"{g}." for g in GAMES)
ERRORS = [c for c in CASES if c.get("expect_error") and c["doc"].get("game") in GAMES]
SCORED = [c for c in CASES if not c.get("expect_error") and c["doc"].get("game") in GAMES]


@pytest.fixture(autouse=True)
def english_after():
    """Every test leaves the ledger speaking English, as the other tests expect."""
    yield
    i18n.use("en")


def _error_of(doc) -> LedgerError:
    with pytest.raises(LedgerError) as info:
        get_game(doc["game"]).score(doc)
    return info.value


@pytest.mark.parametrize("case", ERRORS, ids=[c["id"] for c in ERRORS])
def test_error_cases_are_said_in_italian_with_the_same_exit_code(cli, case):
    err = _error_of(case["doc"])
    english = cli.error("--lang", "en", "score", "-", "--json", input=json.dumps(case["doc"]))
    italian = cli.error("--lang", "it", "score", "-", "--json", input=json.dumps(case["doc"]))
    assert err.msg.render("en") in english
    assert err.msg.render("it") in italian
    if err.code.startswith(MINE):  # this area's message: translated, not English
        assert err.msg.render("it") != err.msg.render("en")


def test_every_error_case_of_these_games_has_a_message_of_their_own():
    codes = {_error_of(c["doc"]).code for c in ERRORS}
    assert {c for c in codes if c.startswith(MINE)} >= {"canasta.cannot_close", "burraco.close_burraco",
                                                         "burraco.close_pozzetto", "scopa.not_whole_deck"}


@pytest.mark.parametrize("case", SCORED, ids=[c["id"] for c in SCORED])
def test_json_is_the_same_in_both_languages(cli, case):
    doc, verb = json.dumps(case["doc"]), "score" if case["kind"] == "score" else "replay"
    en = cli("--lang", "en", verb, "-", "--json", input=doc).stdout
    it = cli("--lang", "it", verb, "-", "--json", input=doc).stdout
    assert en == it and json.loads(en)


@pytest.mark.parametrize("game,words", [
    ("canasta", ["NS=1 jolly, 1 pure, 1 red three, melded 900, in hand 0, closed", "EW=in hand 135, melded 200"]),
    ("burraco", ["NS=2 puliti, 1 sporco, calate 310, in mano 35, pozzetto preso, chiuso",
                 "EW=calate 100, in mano 35, no pozzetto"]),
])
def test_a_match_in_italian(cli, game, words):
    cli("match", "new", game, "-p", "Anna,Bruno,Carla,Dario")
    out = cli("--lang", "it", "hand", "add", "1", *words).stdout
    assert "chiusura di Anna & Carla" in out and "contro" in out and "(ha chiuso)" in out
    if game == "canasta":
        assert "Canasta (italiana)" in out and "+6.800" in out and "Minimo di apertura ora: Anna & Carla 120, Bruno & Dario 50." in out
    else:
        assert "2 puliti" in out and "Mancano a 2.005: Anna & Carla 1.130" in out
    english = cli("--lang", "en", "show", "1").stdout
    assert "Anna & Carla closed" in english and "chiusura" not in english
    assert cli("--lang", "it", "show", "1", "--json").stdout == cli("show", "1", "--json").stdout
    history = cli("--lang", "it", "match", "history", "1").stdout
    assert "(ha chiuso)" in history


def test_italian_errors_at_the_table(cli):
    cli("match", "new", "canasta", "-p", "Anna,Bruno,Carla,Dario")
    line = cli.error("--lang", "it", "hand", "add", "1", "NS=1 pure, melded 1400, in hand 0, closed", "EW=in hand 135, melded 200")
    assert "NS non può chiudere senza una canasta pulita e una sporca (ha: pulita)" in line
    line = cli.error("--lang", "it", "hand", "add", "1", "NS.canastas=pure K, dirty 3")
    assert "NS, canaste: i tre non si calano mai, quindi non esiste una canasta di tre" in line
    line = cli.error("hand", "add", "1", "NS.canastas=pure K, dirty 3")
    assert "threes are never melded, so there is no canasta of threes" in line


def test_plural_forms_and_lists():
    doc = {"sides": {"Anna": {"cards": "7D", "scope": 1}, "Bruno": {"cards": 22, "scope": 2}, "Carla": "rest"}}
    assert entered_text(doc) == "Anna 1 card (1 scopa), Bruno counted (22 cards, 2 scope), Carla rest"
    i18n.use("it")
    assert entered_text(doc) == "Anna 1 carta (1 scopa), Bruno contato (22 carte, 2 scope), Carla resto"
    assert kinds_count(["clean", "clean", "dirty"]) == "2 puliti, 1 sporco"
    i18n.use("en")
    assert kinds_count(["clean", "clean", "dirty"]) == "2 clean, 1 dirty"


def test_the_burraco_hand_note_in_italian():
    doc = {"closed_by": "NS", "sides": {
        "NS": {"burraco": ["clean", "clean", "dirty"], "melded_points": 310, "hand_points": 0, "pozzetto": True},
        "EW": {"burraco": [], "melded_points": 85, "hand_points": 60, "pozzetto": False}}}
    game = get_game("burraco")
    result = game.score(doc, "italian")
    assert game.hand_note(result) == "NS closed; NS 2 clean, 1 dirty; EW no pozzetto"
    i18n.use("it")
    assert game.hand_note(result) == "chiusura di NS; NS 2 puliti, 1 sporco; EW senza pozzetto"


def test_questions_are_asked_in_italian():
    i18n.use("it")
    game = get_game("burraco")
    setup = game.setup("italian", ["Anna", "Bruno"], None, {})
    q = game.questions(setup, {"sides": {}})[0]
    assert q.text.startswith("chi ha chiuso?") and q.choices[-1] == "nessuno"
    q = game.questions(setup, {"closed_by": "Anna", "sides": {"Anna": {"burraco": ["clean"], "melded_points": 200,
                                                                         "hand_points": 0}}})[0]
    assert q.text == "pozzetto preso da Anna?" and q.choices == ("sì", "no") and q.default == "sì"
    assert q.answer({"closed_by": "Anna", "sides": {"Anna": {"burraco": ["clean"], "melded_points": 200,
                                                             "hand_points": 0}}}, q.default)["sides"]["Anna"][
        "pozzetto"] is True
    scopa = get_game("scopa")
    q, q2 = scopa.questions(scopa.setup("scopa", ["Anna", "Bruno"], None, {}), {"sides": {}})
    assert q.text.startswith("Anna: mazzetto di prese (le carte, 'resto'") and q2.key == "sides.Bruno"


# --- scopa: the suits option ----------------------------------------------------------------------
def test_card_names_with_the_italian_suits():
    assert card_name(Card("7", "D")) == "7D"
    assert str(card_name(Card("7", "D"), True)) == "7 of denari"
    assert card_name(Card("K", "H"), True).render("it") == "re di coppe"
    assert card_name(Card("A", "S"), True).render("it") == "asso di spade"
    i18n.use("it")
    assert cards_names([Card("J", "C"), Card("Q", "S")], True) == "fante di bastoni, cavallo di spade"


def test_italian_suits_name_the_cards_of_a_match(cli):
    cli("match", "new", "scopa", "-p", "Anna,Bruno", "-o", "suits=italiani")
    assert cli.json("show", "1")["match"]["options"]["suits"] == "italian"
    line = cli.error("--lang", "it", "hand", "add", "1", "Anna=7D 6D", "Bruno=7D KD")
    assert line.endswith("mano 1: Bruno, carte: 7 di denari è nei mazzetti di Anna e Bruno")
    line = cli.error("hand", "add", "1", "Anna=7D 6D", "Bruno=7D KD")
    assert line.endswith("hand 1: Bruno, cards: 7 of denari is in the piles of Anna and Bruno")
    line = cli.error("--lang", "it", "hand", "add", "1", "Anna.cards=20", "Anna.denari=5", "Anna.primiera=70", "Anna.settebello=no",
                     "Bruno.cards=20", "Bruno.denari=5", "Bruno.primiera=70")
    assert line.endswith("carte prese: nessuna squadra ha il settebello (7 di denari)")  # the field in Italian
    cli("hand", "add", "1", "Anna=7 di denari, re di coppe", "Bruno=rest")
    shown = cli("--lang", "it", "show", "1").stdout
    assert "Semi: denari (D), coppe (H), bastoni (C), spade (S)." in shown and "Punti per voce" in shown


def test_letters_by_default_and_a_wrong_suits_value(cli):
    cli("match", "new", "scopa", "-p", "Anna,Bruno")
    assert "suits" not in cli.json("show", "1")["match"]["options"]
    line = cli.error("hand", "add", "1", "Anna=7D 6D", "Bruno=7D KD")
    assert line.endswith("hand 1: Bruno, cards: 7D is in the piles of Anna and Bruno")
    line = cli.error("--lang", "it", "match", "new", "scopa", "-p", "Anna,Bruno", "-o", "suits=tarocchi")
    assert "opzione semi:" in line and "'tarocchi'" in line and "trovato" in line


def test_small_italian_wording(cli):
    """it-findings2's wording: squadre closing, the three-side counts only with three sides, a
    player's column for Scopa each for self, a zero without a sign."""
    from ledger.i18n import signed

    cli("match", "new", "canasta", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    err = cli.error("--lang", "it", "hand", "add", "1", "NS=2 pure, calate 300, in mano 0, chiuso",
                    "EW=1 pulita, calate 100, in mano 0, chiuso")
    assert err == "errore: chi ha chiuso: NS e EW non possono aver chiuso insieme: si chiude una volta sola"
    two = cli("--lang", "it", "play", "trentasette", "-p", "Anna,Bruno",
              input="Anna=resto Bruno=conta\n20\n5\nnessuno\nno\nsì\nsì\ncuori\npicche\nesci\n").stdout
    assert "valori numerici completi (tutti e 4), ad es." in two and "semi con una scala (7 di fila), ad es." in two
    assert "tre squadre" not in two
    three = cli("--lang", "it", "play", "trentasette", "-p", "Anna,Bruno,Carla",
                input="Anna=resto Bruno=conta\n20\n5\nnessuno\nesci\n").stdout
    assert "almeno 3 con tre squadre" in three
    cli("match", "new", "scopa", "-p", "Anna,Bruno")
    out = cli("--lang", "it", "hand", "add", "4", "Anna=7D KH 7C 7S", "Anna.scope=2", "Bruno=rest").stdout
    assert "  giocatore   carte   denari" in out and "squadra" not in out
    assert signed(0) == "0" and signed(5) == "+5" and signed(-5) == "-5"
