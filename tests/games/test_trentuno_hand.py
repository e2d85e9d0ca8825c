"""Trentuno's hand declared once (ledger/games/trentuno/hand.py): the words of the table in English
and Italian, the questions and their answers, the labels of errors and the table of fields."""

from __future__ import annotations

import json

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import replay
from ledger.games.trentuno.hand import FORM

GAME = get_game("trentuno")
FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def setup(rules="52", players=FOUR, **options):
    return GAME.setup(rules, players, None, options)


KEYED = {"knocked_by": "Bruno", "hands": {"Anna": "26", "Bruno": "7S 7D 9C", "Carla": "30", "Dario": "20"}}


@pytest.mark.parametrize("words", [
    ["Anna=26", "Bruno=7S 7D 9C", "Carla=30", "Dario=20", "knock=Bruno"],
    ["Anna 26; Bruno 7S 7D 9C; Carla 30; Dario 20; bussa Bruno"],
    ["Anna 26, Bruno 7S 7D 9C, Carla 30, Dario 20, Bruno ha bussato"],
    ["anna=26", "BRUNO=7S", "7D", "9C", "carla=30", "dario=20", "busso=bruno"],
    ["Anna 26 Bruno 7S 7D 9C Carla 30 Dario 20 Bruno knocked"],
    # a phrase after KEY=VALUE words is a part of its own, not more of the last value
    ["Anna=26", "Bruno=7S", "7D", "9C", "Carla=30", "Dario=20", "bussa", "Bruno"],
    ["Anna=26", "Bruno=7S 7D 9C", "Carla=30", "Dario=20", "bussa Bruno"],
    ["Anna=26", "Bruno=7S", "7D", "9C", "knocked by Bruno", "Carla=30", "Dario=20"],
])
def test_a_hand_said_in_any_way_is_the_same_document(words):
    assert GAME.parse_entry(setup(), words) == KEYED


def test_every_ending_is_said_in_both_languages():
    s = setup("52-vedova")
    said = {"shown31=Carla": {"shown31": "Carla"}, "31=Carla": {"shown31": "Carla"},
            "trentuno Carla": {"shown31": "Carla"}, "Carla fa 31": {"shown31": "Carla"},
            "widow=Dario": {"took_widow": "Dario"}, "vedova Dario": {"took_widow": "Dario"},
            "Dario prende la vedova": {"took_widow": "Dario"}, "knock=Anna 31=Bruno": {"knocked_by": "Anna",
                                                                                     "shown31": "Bruno"}}
    for text, doc in said.items():
        assert GAME.parse_entry(s, text.split(" ") if "=" in text else [text]) == doc, text


def test_cards_in_words_keep_their_commas_inside_a_key_value_word():
    doc = GAME.parse_entry(setup("40"), ["Anna=asso di coppe, re di coppe, 5 di coppe", "bussa=Anna"])
    assert doc["hands"]["Anna"] == "asso di coppe re di coppe 5 di coppe"
    assert GAME.score({"hands": {**doc["hands"], "Bruno": 20, "Carla": 12, "Dario": 7}, "knocked_by": "Anna"},
                      "40").to_json()["values"]["Anna"] == 26


def test_reentries_and_bets_are_read_with_and():
    assert GAME.parse_entry(setup(), ["rientro Carla e Dario"]) == {"reentry": ["Carla", "Dario"]}
    assert GAME.parse_entry(setup(), ["reentry=carla,dario"]) == {"reentry": ["Carla", "Dario"]}
    bet = GAME.parse_entry(setup("40", FOUR + ["Elena"]), ["scommessa Carla e Dario 17", "sorteggiato=Carla"])
    assert bet == {"bet": {"players": ["Carla", "Dario"], "number": "17", "drawn": "Carla"}}


def test_a_hand_the_deck_cannot_make_is_named_at_once():
    with pytest.raises(LedgerError) as err:
        GAME.parse_entry(setup("40"), ["Anna 29", "bussa Anna"])  # 29 needs two decks of 40
    assert err.value.field == "hands.Anna"
    assert GAME.parse_entry(setup("40", decks=2), ["Anna 29"]) == {"hands": {"Anna": "29"}}


@pytest.mark.parametrize("path,label", [
    ("hands.Anna", "Anna"), ("hands.Anna[2]", "Anna, card 3"), ("knocked_by", "who knocked"),
    ("bet.players", "re-entry bet, bettors"), ("reentry", "re-entries"), ("took_widow", "who took the widow"),
])
def test_errors_are_labelled_in_the_users_words(path, label):
    assert FORM.label(path) == label


def test_the_command_line_names_the_field_for_people_and_the_path_for_programs(cli):
    cli("match", "new", "trentuno", "--players", "Anna,Bruno,Carla")
    bad = ["Anna=2H 3H ZZ", "Bruno=20", "Carla=30", "knock=Bruno"]
    assert cli.error("hand", "add", "1", *bad).startswith("error: Anna, card 3: 'ZZ'")
    assert cli.error("--lang", "it", "hand", "add", "1", "Anna=20", "Bruno=22", "Carla=30",
                     "bussa=Zed").startswith("errore: chi ha bussato: 'Zed'")
    assert cli.error("hand", "add", "1", *bad, "--json").startswith("error: hands.Anna[2]: 'ZZ'")
    assert cli.json("show", "1")["hands"] == []


def answer_all(s, doc, answers, state=None):
    asked = []
    for _ in range(20):
        qs = GAME.questions(s, doc, state)
        if not qs:
            return doc, asked
        asked.append(qs[0].key)
        doc = qs[0].answer(doc, answers[qs[0].key])
    raise AssertionError("too many questions")


def test_the_questions_keep_every_answer_and_read_the_ending_in_words():
    s = setup(lives=1, reentry=True)
    rp = replay(GAME, s, [{"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 12}, "knocked_by": "Anna"}])
    state = rp.final
    typed = GAME.parse_entry(s, ["Anna 20"])
    answers = {"reentry": "Carla", "hands.Bruno": "24", "hands.Carla": "12", "ending": "bussa Bruno"}
    doc, asked = answer_all(s, typed, answers, state)
    assert asked == ["reentry", "hands.Bruno", "hands.Carla", "ending"]  # Dario is out: not asked
    assert doc == {"hands": {"Anna": "20", "Bruno": "24", "Carla": "12"}, "reentry": ["Carla"],
                   "knocked_by": "Bruno"}
    _, res = GAME.apply(s, state, doc)
    assert res.to_json()["reentry"] == ["Carla"]


def test_a_refused_ending_is_asked_again():
    q = [q for q in GAME.questions(setup(), {"hands": {p: "20" for p in FOUR}}) if q.key == "ending"][0]
    with pytest.raises(LedgerError) as err:
        q.answer({}, "Bruno")
    assert err.value.field == "ending"
    with pytest.raises(LedgerError) as err:
        q.answer({}, "knock Zed")
    assert err.value.field == "knocked_by"
    assert q.answer({}, "k Bruno 31 Carla") == {"knocked_by": "Bruno", "shown31": "Carla"}


def test_the_ending_answer_is_cut_at_its_commas_while_a_hand_keeps_them():
    s = setup()
    q = [q for q in GAME.questions(s, {"hands": {p: "20" for p in FOUR}}) if q.key == "ending"][0]
    assert q.answer({}, "knock=Anna, 31 Bruno") == {"knocked_by": "Anna", "shown31": "Bruno"}
    assert GAME.parse_entry(s, ["Bruno=7S, 7D, 9C"]) == {"hands": {"Bruno": "7S 7D 9C"}}


def test_the_fields_for_the_docs_and_the_phone_form():
    rows = FORM.describe()
    assert [r["key"] for r in rows] == ["reentry", "bet", "hands", "knocked_by", "shown31", "took_widow", "decks"]
    hands = rows[2]
    assert hands["per"] == "player" and hands["required"] and "fuori" in hands["words"]
    assert json.dumps(rows)  # plain data


def test_a_night_in_play_said_as_the_table_says_it(cli):
    lines = ["Giulia 10; Sara 12; Marco 30; Luca 25; bussa Marco",
             "rientro Giulia e Sara; Giulia 7; Sara 9; Marco 30; Luca 26; Marco ha bussato",
             "", "Marco", "20", "AH KH 5H", "k Luca",  # Enter: asked; a name is no hand, asked again
             "esci"]
    cli("match", "new", "trentuno", "--players", "Giulia,Sara,Marco,Luca", "-o", "vite=1", "-o", "rientro=sì")
    r = cli("--lang", "it", "play", "1", input="".join(line + "\n" for line in lines))
    assert "errore: Marco, 1ª carta" in r.stderr + r.stdout
    hands = [h["result"] for h in cli.json("show", "1")["hands"]]
    assert [h["knocked_by"] for h in hands] == ["Marco", "Marco", "Luca"]
    assert hands[1]["reentry"] == ["Giulia", "Sara"] and hands[2]["values"] == {"Marco": 20, "Luca": 26}


def test_the_docs_table_of_fields_is_the_declaration():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "trentuno.md").read_text(encoding="utf-8")
    table = page[page.index("| field | per |"):].split("\n\n")[0].splitlines()[2:]
    assert [(row.split("`")[1], row.split("|")[2].strip()) for row in table] == [
        (r["key"], r["per"]) for r in FORM.describe()]
