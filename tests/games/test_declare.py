"""The declared hand (ledger.games.declare): words typed at the table read into a hand document,
the questions for what is missing, and errors labelled in the user's words."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError, shown_field
from ledger.games.declare import Field, HandForm, Kind, Per, Said, Who, commas_in_values, labelling
from ledger.games.match_setup import MatchSetup
from ledger.i18n import speaking, t

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
SETUP = MatchSetup("scala40", "standard", PLAYERS, {p: (p,) for p in PLAYERS})
WHO = Who(PLAYERS, SETUP.resolve_player)
FORM = HandForm((
    Field("reentry", t("test.reentry", "re-entries"), (Kind.PLAYERS,), required=False,
          words=("rientra", "rientro", "re-enters")),
    Field("closed_by", t("test.closed_by", "closer"), (Kind.PLAYER,), words=("chiude", "closed", "ha chiuso")),
    Field("in_mano", t("test.in_mano", "closed in hand"), (Kind.FLAG,), required=False, default="no",
          words=("in mano", "in hand")),
    Field("others", t("test.others", "cards left or penalty"), (Kind.COUNT, Kind.CARDS), per=Per.PLAYER, lo=1,
          hi=200, values=(Said({"opened": False}, ("not opened", "non ha aperto")),), example="JK AS 7H"),
), game="scala40")
WHOLE = {"closed_by": "Anna", "others": {"Bruno": "JK AS 7H", "Carla": 34, "Dario": {"opened": False}}}


def read(*tokens: str) -> dict:
    return FORM.read_words(list(tokens), WHO, SETUP.resolve_player)


@pytest.mark.parametrize("tokens", [
    ["chiude Anna; Bruno JK AS 7H; Carla 34; Dario non ha aperto"],
    ["Anna closed, Bruno JK AS 7H, Carla 34, Dario not opened"],
    ["chiude", "Anna", "Bruno", "JK", "AS", "7H", "Carla", "34", "Dario", "non", "ha", "aperto"],
    ["closed_by=Anna", "Bruno=JK AS 7H", "Carla=34", "Dario=not opened"],
    ["CHIUDE anna;  bruno JK AS 7H ; carla 34; dario NON HA APERTO"],
])
def test_the_same_hand_said_many_ways(tokens):
    assert read(*tokens) == WHOLE


def test_a_flag_a_list_of_names_and_a_name_after_its_word():
    assert read("rientra Dario e Bruno; Anna ha chiuso; in mano") == {
        "reentry": ["Dario", "Bruno"], "closed_by": "Anna", "in_mano": True}
    assert read("Dario.opened=no")["others"] == {"Dario": {"opened": False}}


@pytest.mark.parametrize("typed, field, near", [
    ("chiudi Anna", "entry", "chiude"),
    ("Dario non ha apreto", "others.Dario", "non ha aperto"),
    ("Carla 0", "others.Carla", None),
    ("Brnuo 34", "entry", "Bruno"),
])
def test_a_typo_is_named_with_the_nearest_right_word(typed, field, near):
    with pytest.raises(LedgerError) as err:
        read(typed)
    assert err.value.field == field
    if near is not None:
        assert repr(near) in err.value.message


def test_a_part_given_twice_differently_is_refused():
    with pytest.raises(LedgerError) as err:
        read("Carla 34; Carla 20")
    assert err.value.field == "others.Carla"


def test_questions_ask_only_what_is_missing_and_keep_the_answers():
    doc = {"closed_by": "Anna", "others": {"bruno": "JK"}}
    who = Who(("Bruno", "Carla", "Dario"), SETUP.resolve_player)
    qs = FORM.questions(doc, who, SETUP.resolve_player)
    assert [q.key for q in qs] == ["in_mano", "others.Carla", "others.Dario"]
    doc = qs[1].answer(doc, "34")
    assert doc["others"] == {"bruno": "JK", "Carla": 34}
    assert qs[0].answer(doc, "")["in_mano"] is False  # Enter keeps the default
    with pytest.raises(LedgerError) as err:
        qs[2].answer(doc, "non ha apreto")
    assert err.value.field == "others.Dario"


def test_errors_are_labelled_in_the_users_words():
    labelling(FORM)
    try:
        assert shown_field("others.Bruno[3]") == "Bruno, card 4"
        assert shown_field("closed_by") == "closer"
        assert shown_field("hand 2: others.Carla") == "hand 2: Carla"
        assert shown_field("options.limit") == "option limit"  # not a field of the hand: a match option, named
        with speaking("it"):
            assert shown_field("hand 2: others.Carla").startswith("mano 2: Carla")
    finally:
        labelling(None)


def test_describe_gives_the_fields_for_the_docs_and_the_form():
    rows = FORM.describe()
    assert [r["key"] for r in rows] == ["reentry", "closed_by", "in_mano", "others"]
    assert rows[3]["per"] == "player" and rows[3]["kinds"] == ["count", "cards"]
    assert "non ha aperto" in rows[3]["words"]


def test_a_fields_word_alone_asks_for_what_follows():
    with pytest.raises(LedgerError) as err:
        read("rientra")
    assert err.value.field == "reentry" and "did you mean" not in err.value.message


def test_a_decimal_comma_is_not_a_separator():
    with pytest.raises(LedgerError) as err:
        read("Carla 2,5")
    assert err.value.field == "others.Carla"


# --- fields kept inside a side's object (Field.within) ------------------------------------------------
SIDES = ("NS", "EW")
PILES = HandForm((
    Field("sides", t("test.pile", "pile"), (Kind.CARDS,), Per.SIDE, values=(Said({"cards": "rest"}, ("rest",)),),
          read=lambda text, path: {"cards": text}),
    Field("points", t("test.points", "points"), (Kind.COUNT,), Per.SIDE, lo=0, hi=40, words=("punti",),
          within="sides"),
    Field("last", t("test.last", "last trick"), (Kind.FLAG,), Per.SIDE, required=False, default="no",
          words=("ultima",), within="sides"),
), game="test", main="sides", side_by_side=True)


def side_of(name: object, path: str) -> str:
    for s in SIDES:
        if s.casefold() == str(name).casefold():
            return s
    raise LedgerError("not a side", path, name)


PAIRS = Who(SIDES, side_of)


def test_a_field_within_a_side_is_typed_by_any_of_its_names_and_read_as_its_kind():
    doc = PILES.read_words(["NS=AD 2D", "ns.punti=12", "EW=rest", "EW.last=sì"], PAIRS, PAIRS.resolve)
    assert doc == {"sides": {"NS": {"cards": "AD 2D", "points": 12}, "EW": {"cards": "rest", "last": True}}}
    with pytest.raises(LedgerError) as err:
        PILES.read_words(["NS.punti=41"], PAIRS, PAIRS.resolve)
    assert err.value.field == "sides.NS.points"
    with pytest.raises(LedgerError, match="did you mean 'punti'"):
        PILES.read_words(["NS.ponti=4"], PAIRS, PAIRS.resolve)
    assert PILES.label("sides.EW.points") == "EW, points" and PILES.main_field is PILES.field("sides")


def test_fields_within_are_asked_right_after_their_side_each_answer_kept():
    skip_for = (lambda f, side: f.key == "points" and side == "EW")
    asked = [q.key for q in PILES.questions({}, PAIRS, PAIRS.resolve, skip_for=skip_for)]
    assert asked == ["sides.NS", "sides.NS.points", "sides.NS.last", "sides.EW", "sides.EW.last"]
    (q, *_) = PILES.questions({"sides": {"NS": {"points": 3}}}, PAIRS, PAIRS.resolve)
    assert q.key == "sides.NS.last" and q.answer({"sides": {"NS": {"points": 3}}}, "")["sides"]["NS"] == {
        "points": 3, "last": False}


def test_a_side_given_twice_must_agree_and_a_said_value_is_never_shared():
    with pytest.raises(LedgerError, match="contradicts an earlier part") as err:
        PILES.read_words(["NS=AD", "ns=2D"], PAIRS, PAIRS.resolve)
    assert err.value.field == "sides.NS.cards"
    doc = PILES.read_words(["NS=rest", "NS.points=3"], PAIRS, PAIRS.resolve)
    assert doc["sides"]["NS"] == {"cards": "rest", "points": 3}
    assert PILES.read_words(["EW=rest"], PAIRS, PAIRS.resolve)["sides"]["EW"] == {"cards": "rest"}


def test_a_comma_inside_a_quoted_value_is_the_values_own_and_a_semicolon_always_cuts():
    said = commas_in_values(["NS=7 di denari, re di coppe", "EW=rest,"])
    assert PILES.parts(said, PAIRS) == ["NS=7 di denari re di coppe", "EW=rest"]
    assert PILES.parts(commas_in_values(["NS=AD; EW=rest"]), PAIRS) == ["NS=AD", "EW=rest"]
