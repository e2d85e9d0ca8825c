"""Il Gioco di Simone's hand declared once (ledger/games/simone/hand.py): the words of the table in
English and Italian, the questions, the labels of errors and the table of fields."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.simone.hand import FORM

GAME = get_game("simone")
THREE = ["Anna", "Bruno", "Carla"]
SETUP = GAME.setup(None, THREE, None, {})
WANT = {"hands": {"Anna": "KH JK 3S 5D", "Bruno": 17, "Carla": "2C 2D"}, "knocked_by": "Anna"}


@pytest.mark.parametrize("words", [
    ["Anna=KH JK 3S 5D", "Bruno=17", "Carla=2C 2D", "knock=Anna"],
    ["Anna KH JK 3S 5D; Bruno 17; Carla 2C 2D; bussa Anna"],
    ["Anna=KH", "JK", "3S", "5D", "bruno=17", "CARLA=2C 2D", "ha", "bussato", "Anna"],
    ["Anna=KH JK 3S 5D", "Bruno=17", "Carla=2C 2D", "Anna ha bussato"],
    ["Anna KH JK 3S 5D, Bruno 17, Carla 2C 2D, Anna knocked"],
])
def test_a_hand_said_in_any_way_is_the_same_document(words):
    assert GAME.parse_entry(SETUP, words) == WANT


def test_nobody_knocked_and_cards_in_words():
    assert GAME.parse_entry(SETUP, ["bussa=nessuno"]) == {"hands": {}, "knocked_by": None}
    doc = GAME.parse_entry(SETUP, ["Anna=re di cuori, jolly, 3 di picche", "Bruno=-2"])
    assert doc == {"hands": {"Anna": "re di cuori jolly 3 di picche", "Bruno": -2}}


def test_a_bad_card_or_word_is_named_where_it_is():
    with pytest.raises(LedgerError) as err:
        GAME.parse_entry(SETUP, ["Anna=KH ZZ"])
    assert err.value.field == "hands.Anna[1]"
    with pytest.raises(LedgerError) as err:
        GAME.parse_entry(SETUP, ["Anna=3", "knok=Anna"])
    assert err.value.field == "entry.knok" and "did you mean 'knock'?" in err.value.message


def test_labels_and_the_machine_path(cli):
    assert FORM.label("hands.Anna[1]") == "Anna, card 2" and FORM.label("knocked_by") == "who knocked"
    assert FORM.label("hands[2].replaces") is None  # a match document's list of hands: its path
    cli("match", "new", "simone", "--players", "Anna,Bruno")
    assert cli.error("hand", "add", "1", "Anna=KH ZZ", "Bruno=3").startswith("error: Anna, card 2: 'ZZ'")
    assert cli.error("hand", "add", "1", "Anna=KH ZZ", "Bruno=3", "--json").startswith("error: hands.Anna[1]: 'ZZ'")
    assert cli.error("hand", "add", "1", "Anna=3").startswith("error: Bruno: missing")


def test_the_questions_keep_every_answer():
    doc = GAME.parse_entry(SETUP, ["Bruno 17"])
    asked = []
    for answer in ("KH JK 3S 5D", "2C 2D", "Anna"):
        q = GAME.questions(SETUP, doc)[0]
        asked.append(q.key)
        doc = q.answer(doc, answer)
    assert asked == ["hands.Anna", "hands.Carla", "knocked_by"] and GAME.questions(SETUP, doc) == []
    assert doc == {"hands": {"Bruno": 17, "Anna": "KH JK 3S 5D", "Carla": "2C 2D"}, "knocked_by": "Anna"}
    knock = GAME.questions(SETUP, {"hands": {p: 3 for p in THREE}})[0]
    assert knock.default == "" and knock.choices == tuple(THREE)
    assert knock.answer({}, "")["knocked_by"] is None


def test_the_fields_for_the_docs_and_the_phone_form():
    rows = FORM.describe()
    assert [(r["key"], r["per"], r["required"]) for r in rows] == [("hands", "player", True),
                                                                    ("knocked_by", "hand", False)]
    assert "nessuno" in rows[1]["words"]


def test_a_night_in_play_said_as_the_table_says_it(cli):
    lines = ["Anna KH JK 3S 5D; Bruno 17; ha bussato Anna", "Anna=\"re di cuori, jolly\" Bruno=4 Bruno knocked",
             "", "ZZ", "9", "2C 2D", "nessuno", "esci"]
    cli("match", "new", "simone", "--players", "Anna,Bruno")
    r = cli("--lang", "it", "play", "1", input="".join(line + "\n" for line in lines))
    assert "errore: Anna, 1ª carta: 'ZZ'" in r.stderr + r.stdout
    hands = [h["result"] for h in cli.json("show", "1")["hands"]]
    assert [h["sums"] for h in hands] == [{"Anna": 7, "Bruno": 17}, {"Anna": -1, "Bruno": 4},
                                         {"Anna": 9, "Bruno": 4}]
    assert [h["knocked_by"] for h in hands] == ["Anna", "Bruno", None]


def test_the_docs_table_of_fields_is_the_declaration():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "simone.md").read_text(encoding="utf-8")
    table = page[page.index("| field | per |"):].split("\n\n")[0].splitlines()[2:]
    assert [(row.split("`")[1], row.split("|")[2].strip()) for row in table] == [
        (r["key"], r["per"]) for r in FORM.describe()]
