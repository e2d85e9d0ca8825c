"""A hand kept as one object per side (ledger.games.side_lines, the declaration's ``within``,
``counted_key``, ``item`` and ``side_by_side``): a side's line, KEY=VALUE words, questions asked
side by side and labels naming a side's part, shown with Burraco's declared hand."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.burraco.hand import form
from ledger.games.declare import Who
from ledger.i18n import speaking

GAME = get_game("burraco")
PAIRS = GAME.setup(None, None, {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]})
FORM = form("italian")
WHO = Who(PAIRS.side_names, PAIRS.resolve_side)


def test_a_count_goes_to_the_counted_key_and_cards_to_the_fields_own():
    melded = FORM.field("melded")
    assert melded is not None
    assert melded.path("NS", 310) == ["sides", "NS", "melded_points"]
    assert melded.path("NS", ["KH KD KC"]) == ["sides", "NS", "melded"]
    assert FORM.typed_path(melded, "NS", "1.080") == "sides.NS.melded_points"
    assert GAME.parse_entry(PAIRS, ["Anna.calate=KH KD KC", "EW.melded_points=40"]) == {
        "sides": {"NS": {"melded": ["KH KD KC"]}, "EW": {"melded_points": 40}}}


def test_questions_go_side_by_side_and_an_answer_lands_in_the_sides_own_object():
    doc = {"closed_by": None, "sides": {"Carla": {"burraco": []}}}  # NS given by a player's name
    keys = [q.key for q in GAME.questions(PAIRS, doc)]
    assert keys == ["sides.NS.melded", "sides.NS.hand", "sides.NS.pozzetto",
                    "sides.EW.burraco", "sides.EW.melded", "sides.EW.hand", "sides.EW.pozzetto"]
    q = GAME.questions(PAIRS, doc)[0]
    assert q.answer(doc, "85") == {"closed_by": None, "sides": {"Carla": {"burraco": [], "melded_points": 85}}}


def test_labels_name_the_side_and_its_part_in_the_users_language():
    assert FORM.label("sides.NS.hand_points") == "NS, card points in hand"
    assert FORM.label("sides.NS.burraco[1]") == "NS, burrachi, burraco 2"
    assert FORM.label("sides.EW.melded[0][2]") == "EW, melded card points, meld 1, card 3"
    assert FORM.label("closed_by") == "closer"
    with speaking("it"):
        assert FORM.label("sides.NS.pozzetto") == "NS, pozzetto"
        assert FORM.label("sides.NS.melded_points") == "NS, punti delle carte calate"


def test_the_fields_described_say_where_each_part_is_kept():
    rows = {r["key"]: r for r in FORM.describe()}
    assert rows["melded"]["within"] == "sides" and rows["melded"]["counted_key"] == "melded_points"
    assert rows["melded"]["lo"] == 0 and rows["melded"]["hi"] == 1080
    assert rows["closed_by"]["per"] == "hand" and rows["closed_by"]["within"] is None
    assert "pozzetto preso" in rows["pozzetto"]["words"]


@pytest.mark.parametrize("tokens,field,says", [
    (["NS.calate=31"], "sides.NS.melded_points", "multiples of 5"),
    (["NS=calate 40", "NS=calate 45"], "sides.NS.melded_points", "contradicts"),
    (["NS=chiuso", "EW=chiuso"], "closed_by", "cannot both have closed"),
    (["NS.mnao=30"], "entry.NS.mnao", "did you mean 'mano'"),
    (["Zorro=calate 40"], "entry.Zorro", "is not a side"),
])
def test_words_that_cannot_be_are_refused_naming_the_field(tokens, field, says):
    with pytest.raises(LedgerError) as err:
        GAME.parse_entry(PAIRS, tokens)
    assert err.value.field == field and (says is None or says in err.value.message)


def test_canasta_a_closing_flag_in_a_sides_line_says_the_side_closed():
    canasta = get_game("canasta")
    classic = canasta.setup("classic", ["Anna", "Bruno"])
    doc = canasta.parse_entry(classic, ["Anna=pure K, 1 red three, melded 600, chiusura in mano",
                                        "Bruno=2 tre rossi, calate 50, in mano 35"])
    assert doc["closed_by"] == "Anna" and doc["concealed"] is True
    assert doc["sides"] == {"Anna": {"canastas": ["pure K"], "red_threes": 1, "melded_points": 600},
                            "Bruno": {"red_threes": 2, "melded_points": 50, "hand_points": 35, "canastas": []}}
    assert [q.key for q in canasta.questions(classic, doc)] == ["sides.Anna.hand"]


def test_canasta_questions_skip_the_melds_of_a_side_that_did_not_open():
    canasta = get_game("canasta")
    setup = canasta.setup(None, ["Anna", "Bruno"])
    keys = [q.key for q in canasta.questions(setup, {"sides": {"Bruno": {"opened": False}}})]
    assert keys == ["sides.Anna.canastas", "sides.Anna.melded", "sides.Anna.hand", "sides.Anna.red_threes",
                    "sides.Bruno.hand", "sides.Bruno.red_threes", "closed_by"]


def test_the_scorekeepers_form_puts_each_part_in_its_sides_object():
    from ledger.web.form import paths_of, read_posted

    state = GAME.start(PAIRS)
    assert paths_of(GAME, PAIRS, state)[:3] == ["closed_by", "sides.NS.burraco", "sides.EW.burraco"]
    posted = {"f:closed_by": ["NS"], "f:burraco:0": ["2 puliti, 1 sporco"], "f:melded:0": ["310"],
              "f:hand:0": ["0"], "f:pozzetto:0": ["yes"], "f:burraco:1": ["none"], "f:melded:1": ["KH KD KC"],
              "f:hand:1": ["QC 4D"]}
    doc = read_posted(GAME, PAIRS, state, posted)
    assert doc["sides"]["NS"] == {"burraco": ["clean", "clean", "dirty"], "melded_points": 310, "hand_points": 0,
                                  "pozzetto": True}
    assert GAME.apply(PAIRS, state, doc)[1].to_json()["points"] == {"NS": 910, "EW": 30 - 15 - 100}


@pytest.mark.parametrize("game", ["burraco", "canasta"])
def test_who_closed_offers_the_sides_and_nobody_and_asks_single_players_in_their_words(game):
    g = get_game(game)
    pairs = g.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    singles = g.setup(None, ["Anna", "Bruno"])
    for setup, who in ((pairs, "a side"), (singles, "a player")):
        with speaking("en"):
            asked = [q for q in g.questions(setup, {}) if q.key == "closed_by"]
        assert [q.choices for q in asked] == [(*setup.side_names, "nobody")]
        assert asked[0].text == f"who closed? ({who}, or nobody if the stock ran out)"
    with speaking("it"):
        asked = [q for q in g.questions(singles, {}) if q.key == "closed_by"]
    assert asked[0].choices == ("Anna", "Bruno", "nessuno") and "un giocatore" in asked[0].text
