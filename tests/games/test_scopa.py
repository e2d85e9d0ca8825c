"""Scopa and Scopone (RULES.md "Scopa"): the worked cases, the primiera and napola, the checks on
piles and counts, the match, the deal to the right, and the players' words."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import ITALIAN_40, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import replay
from ledger.games.documents import replay_document
from ledger.games.scopa.document import parse_phrase
from ledger.games.scopa.hand import FORM
from tests.games.hand_tables import fields_table
from ledger.games.scopa.rules import PRIMIERA_POSSIBLE, napola, primiera

GAME = get_game("scopa")
CASES = [c for c in json.loads((Path(__file__).parent.parent / "cases.json").read_text(encoding="utf-8"))
         if c["id"].startswith(("scopa", "error-scopa", "scopone", "error-scopone"))]
DECK = [str(c) for c in ITALIAN_40.cards()]
PUNTI = ("carte", "denari", "settebello", "primiera")


def cards(text: str):
    return parse_cards(text, italian=True)


def score(sides: dict, rules: str = "scopa", **options) -> dict:
    doc = {"game": "scopa", "rules": rules, "sides": sides}
    if options:
        doc["options"] = options
    return GAME.score(doc, rules).to_json()


def kind_points(result: dict, side: str) -> dict:
    return {it["item"]: it["points"] for it in result["items"][side]}


# --- the worked cases ----------------------------------------------------------------------------
def test_the_worked_cases_are_all_here():
    ids = {c["id"] for c in CASES}
    assert len(ids) == 20 and {"scopa-counts-basic", "scopone-replay-tie-at-21", "error-scopone-three-sides"} <= ids


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_worked_case(case):
    doc = case["doc"]
    if case.get("expect_error"):
        with pytest.raises(LedgerError):
            GAME.score(doc, doc.get("rules")) if case["kind"] == "score" else replay_document(doc)
        return
    if case["kind"] == "score":
        got = GAME.score(doc, doc.get("rules")).to_json()
    else:
        _, rp = replay_document(doc)
        got = rp.final.to_json()
    for key, want in case["expect"].items():
        assert got[key] == want, (key, got)


# --- primiera and napola --------------------------------------------------------------------------
@pytest.mark.parametrize("pile,value", [
    ("AD 7C 6S 5H", 70), ("7D 7C 7S 7H", 84), ("JD QC KS KH", 40), ("7D 6D 5H 4H 3C 2C AS KS", 21 + 15 + 13 + 16),
    ("7D 7C 7S", 0), ("AS 2S 3S 4S 5S 6S 7S JS QS KS 7D 6D 7H 6H", 0),
])
def test_primiera_is_the_best_card_of_each_suit(pile, value):
    assert primiera(cards(pile)) == value


def test_the_primiera_values_four_cards_can_make():
    assert min(PRIMIERA_POSSIBLE) == 40 and max(PRIMIERA_POSSIBLE) == 84
    assert {41, 80, 82, 83}.isdisjoint(PRIMIERA_POSSIBLE)
    assert set(range(42, 80)) | {40, 81, 84} == PRIMIERA_POSSIBLE


@pytest.mark.parametrize("pile,length", [
    ("AD 2D 3D", 3), ("AD 2D 3D 4D 5D JD", 5), ("AD 2D 4D 5D", 0), ("2D 3D 4D 5D 6D", 0),
    ("AD 2D 3D 4D 5D 6D 7D JD QD KD", 10), ("AD 2D 3D 4D 5D 6D 7D QD KD", 7),
])
def test_napola_runs_from_the_ace_and_stops_at_the_first_missing_denaro(pile, length):
    assert napola(cards(pile)) == length


def test_napola_and_re_bello_score_only_when_on():
    anna = "AD 2D 3D 4D KD 7S 7C 6H"
    off = score({"Anna": anna, "Bruno": "rest"})
    on = score({"Anna": anna, "Bruno": "rest"}, napola=True, re_bello=True)
    assert "napola" not in kind_points(off, "Anna") and off["points"]["Anna"] == 0
    assert kind_points(on, "Anna")["napola"] == 4 and kind_points(on, "Anna")["re bello"] == 1
    assert on["points"]["Anna"] == 5 and on["counts"]["Anna"]["napola"] == 4


# --- random deals: piles, the rest, and the same deal as counts --------------------------------------
@st.composite
def deals(draw):
    """The 40 cards dealt at random into 2 or 3 piles, with options and scope within the limits."""
    seed = draw(st.integers(0, 10**9))
    n = draw(st.sampled_from((2, 3)))
    rnd = random.Random(seed)
    deck = DECK[:]
    rnd.shuffle(deck)
    cuts = sorted(rnd.sample(range(1, 40), n - 1))
    names = ["Anna", "Bruno", "Carla"][:n]
    piles = {s: deck[a:b] for s, a, b in zip(names, [0, *cuts], [*cuts, 40])}
    scope = {s: rnd.randint(0, len(p) // 2) for s, p in piles.items()}
    return piles, scope, {"napola": draw(st.booleans()), "re_bello": draw(st.booleans())}


@settings(max_examples=150, deadline=None)
@given(deals())
def test_a_deal_scores_at_most_four_points_of_cards_and_a_valid_primiera(deal):
    piles, scope, options = deal
    got = score({s: {"cards": " ".join(p), "scope": scope[s]} for s, p in piles.items()}, **options)
    punti = sum(kind_points(got, s)[k] for s in piles for k in PUNTI)
    assert 1 <= punti <= 4  # the settebello is always somebody's
    assert sum(kind_points(got, s)["settebello"] for s in piles) == 1
    for s, p in piles.items():
        assert got["counts"][s]["primiera"] in PRIMIERA_POSSIBLE | {0}
        assert got["points"][s] == sum(kind_points(got, s).values())
        assert kind_points(got, s)["scope"] == scope[s]


@settings(max_examples=150, deadline=None)
@given(deals())
def test_the_same_deal_as_piles_as_the_rest_and_as_counts_scores_the_same(deal):
    piles, scope, options = deal
    as_piles = score({s: {"cards": p, "scope": scope[s]} for s, p in piles.items()}, **options)
    last = list(piles)[-1]
    with_rest = score({s: {"cards": "rest" if s == last else p, "scope": scope[s]} for s, p in piles.items()},
                      **options)
    counts = {s: {**as_piles["counts"][s]} for s in piles}
    as_counts = score(counts, **options)
    assert as_piles["points"] == with_rest["points"] == as_counts["points"]
    assert as_piles["items"] == as_counts["items"]
    # and one side as cards, the others counted
    first = list(piles)[0]
    mixed = score({s: ({"cards": piles[s], "scope": scope[s]} if s == first else counts[s]) for s in piles}, **options)
    assert mixed["points"] == as_piles["points"]


# --- the checks -----------------------------------------------------------------------------------
GOOD = {"Anna": {"cards": 22, "denari": 6, "settebello": True, "primiera": 78, "scope": 2},
        "Bruno": {"cards": 18, "denari": 4, "settebello": False, "primiera": 70, "scope": 1}}


def with_anna(**changes) -> dict:
    return {"Anna": {**GOOD["Anna"], **changes}, "Bruno": dict(GOOD["Bruno"])}


@pytest.mark.parametrize("sides,field,says", [
    (with_anna(denari=23, cards=22), "sides.Anna.denari", "out of range"),
    ({"Anna": {**GOOD["Anna"], "cards": 4, "denari": 5}, "Bruno": {**GOOD["Bruno"], "cards": 36, "denari": 5}},
     "sides.Anna.denari", "5 denari in a pile of 4 cards"),
    (with_anna(primiera=41), "sides.Anna.primiera", "not a primiera four cards can make"),
    (with_anna(primiera=83), "sides.Anna.primiera", "not a primiera"),
    (with_anna(primiera=50), "sides.Anna.primiera", "at least 51"),
    (with_anna(cards=28, primiera=0), "sides.Anna.primiera", "hold every suit"),
    (with_anna(cards=31, denari=1, settebello=False, primiera=None), "sides.Anna.primiera", "hold every suit"),
    ({"Anna": {**GOOD["Anna"], "cards": 3, "denari": 1, "primiera": 52}, "Bruno": {**GOOD["Bruno"], "cards": 37,
      "denari": 9}}, "sides.Anna.primiera", "a card of every suit"),
    ({"Anna": {**GOOD["Anna"], "primiera": 84}, "Bruno": {**GOOD["Bruno"], "primiera": 84}}, "sides.Bruno.primiera",
     "needs the settebello"),
    ({"Anna": {"cards": 9, "denari": 0, "settebello": True, "primiera": 0}, "Bruno": {**GOOD["Bruno"], "cards": 31,
      "denari": 10, "settebello": False, "primiera": 70}}, "sides.Anna.denari", "holds the settebello but 0 denari"),
    ({"Anna": {"cards": 31, "denari": 0, "primiera": 0}, "Bruno": {"cards": 9, "denari": 10, "primiera": 0}},
     "sides.Anna.cards", "the other three suits hold 30"),
    (with_anna(scope=12), "sides.Anna.scope", "at most 11"),
    (with_anna(scope=-1), "sides.Anna.scope", "out of range"),
    (with_anna(scope=1.5), "sides.Anna.scope", "whole number"),
    (with_anna(cards=23), "sides", "add up to 41, not 40"),
    (with_anna(denari=7), "sides", "denari add up to 11, not 10"),
    (with_anna(settebello=False), "sides", "no side holds the settebello"),
    ({"Anna": GOOD["Anna"], "Bruno": {**GOOD["Bruno"], "settebello": True}}, "sides.Bruno.settebello", "holds it too"),
    ({"Anna": GOOD["Anna"], "Bruno": {"cards": "rest"}}, "sides.Bruno.cards", "'rest' only when every other side"),
    ({"Anna": {"cards": "rest"}, "Bruno": "rest"}, "sides.Bruno.cards", "only one side may be the rest"),
    ({"Anna": {**GOOD["Anna"], "denaro": 6}, "Bruno": GOOD["Bruno"]}, "sides.Anna.denaro", "did you mean 'denari'"),
    ({"Anna": {"cards": 22, "settebello": True, "primiera": 78}, "Bruno": GOOD["Bruno"]}, "sides.Anna.denari",
     "missing"),
    ({"Anna": {"cards": 22, "denari": 6, "settebello": True}, "Bruno": GOOD["Bruno"]}, "sides.Anna.primiera",
     "missing"),
    ({"Anna": "AD 2D 9D", "Bruno": "rest"}, "sides.Anna.cards", "9D not in the 40-card Italian deck"),
    ({"Anna": "AD 2D JK", "Bruno": "rest"}, "sides.Anna.cards", "jokers not in"),
    ({"Anna": "AD 2D", "Bruno": "2D 3D"}, "sides.Bruno.cards", "2D is in the piles of Anna and Bruno"),
    ({"Anna": {"cards": "AD 2D", "denari": 3}, "Bruno": "rest"}, "sides.Anna.denari", "disagrees with the pile"),
    ({"Anna": "22 carte, 6 denari, settebello, primiera 78, 2 scpoe", "Bruno": GOOD["Bruno"]}, "sides.Anna.cards",
     "did you mean 'scope'"),
])
def test_impossible_input_is_named(sides, field, says):
    with pytest.raises(LedgerError) as err:
        score(sides)
    assert err.value.field == field and says in err.value.message, str(err.value)


@pytest.mark.parametrize("anna,options,field,says", [
    ({"napola": 2}, {"napola": True}, "sides.Anna.napola", "not a napola"),
    ({"napola": 7, "denari": 6}, {"napola": True}, "sides.Anna.napola", "a napola of 7 in 6 denari"),
    ({"napola": 6, "settebello": False, "primiera": 60}, {"napola": True}, "sides", "no side holds the settebello"),
    ({"cards": 26, "denari": 10, "napola": 10, "scope": 0}, {"napola": True, "re_bello": True},
     "sides.Anna.napola", "holds the re bello"),
    ({}, {"napola": True}, "sides.Anna.napola", "missing"),
])
def test_the_napola_counts_are_checked(anna, options, field, says):
    bruno = {"cards": 18, "denari": 4, "settebello": False, "primiera": 70, "napola": 0}
    if anna.get("denari") == 10:
        bruno = {"cards": 14, "denari": 0, "primiera": 0, "re_bello": True}
    with pytest.raises(LedgerError) as err:
        score({"Anna": {**GOOD["Anna"], **anna}, "Bruno": bruno}, **options)
    assert err.value.field == field and says in err.value.message, str(err.value)


def test_counted_napola_and_a_pile_given_as_cards_cannot_share_a_denaro():
    anna = "AD 7C 7S 7H 6D"  # 5 cards, the ace of denari among them
    with pytest.raises(LedgerError) as err:
        score({"Anna": anna, "Bruno": {"cards": 35, "denari": 8, "settebello": True, "primiera": 78, "napola": 3}},
              napola=True)
    assert err.value.field == "sides.Bruno.napola" and "AD" in err.value.message


def test_a_counted_primiera_needs_a_card_of_every_suit_that_the_piles_leave():
    spade = "AS 2S 3S 4S 5S 6S 7S JS QS KS"
    with pytest.raises(LedgerError) as err:
        score({"Anna": spade, "Bruno": {"cards": 30, "denari": 10, "settebello": True, "primiera": 63}})
    assert err.value.field == "sides.Bruno.primiera" and "leave 0" in err.value.message
    assert score({"Anna": spade, "Bruno": {"cards": 30, "denari": 10, "settebello": True, "primiera": 0}})[
        "points"] == {"Anna": 0, "Bruno": 3}


def test_sides_of_a_hand_by_rule_set():
    three = {"A": GOOD["Anna"], "B": {**GOOD["Bruno"], "cards": 9, "denari": 2}, "C": {"cards": 9, "denari": 2,
                                                                                      "primiera": 0}}
    assert score(three)["points"]["A"] == 6
    with pytest.raises(LedgerError, match="scopone is played by two pairs"):
        score(three, "scopone")
    with pytest.raises(LedgerError, match="2 or 3 sides"):
        score({"A": GOOD["Anna"]})


# --- the match ------------------------------------------------------------------------------------
def test_setup_seats_options_and_targets():
    s = GAME.setup(None, ["Anna", "Bruno"])
    assert s.rules == "scopa" and s.options == {"target": 11, "napola": False, "re_bello": False}
    s = GAME.setup("scopone", ["Anna", "Bruno", "Carla", "Dario"], None, {"re_bello": "sì"})
    assert s.sides == {"NS": ("Anna", "Carla"), "EW": ("Bruno", "Dario")}
    assert s.options["target"] == 21 and s.options["re_bello"] is True
    s = GAME.setup("scopone", None, {"Noi": ["Anna", "Carla"], "Voi": ["Bruno", "Dario"]}, {"target": 16})
    assert s.players == ("Anna", "Bruno", "Carla", "Dario") and s.options["target"] == 16
    assert GAME.setup(None, ["Anna", "Bruno", "Carla"]).side_names == ("Anna", "Bruno", "Carla")
    for args, field in (((None, ["A", "B", "C", "D", "E"]), "players"), (("scopone", ["A", "B", "C"]), "players"),
                        (("scopone", None, {"X": ["A"], "Y": ["B"]}), "sides"),
                        ((None, None, {"X": ["A", "B"], "Y": ["C"]}), "sides"),
                        ((None, ["A", "B"], None, {"target": 0}), "options.target"),
                        ((None, ["A", "B"], None, {"napola": "maybe"}), "options.napola"),
                        ((None, ["A", "B"], None, {"targte": 21}), "options.targte")):
        with pytest.raises(LedgerError) as err:
            GAME.setup(*args)
        assert err.value.field == field


def test_the_deal_passes_to_the_right():
    s = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"], None, {"first_dealer": "Bruno"})
    assert [GAME.dealer(s, n) for n in range(5)] == ["Bruno", "Anna", "Dario", "Carla", "Bruno"]
    s = GAME.setup(None, ["Anna", "Bruno", "Carla"])
    assert [GAME.dealer(s, n) for n in range(4)] == ["Anna", "Carla", "Bruno", "Anna"]


def test_a_hand_after_the_match_is_won_is_an_error_and_totals_follow_the_hands():
    s = GAME.setup(None, ["Anna", "Bruno"], None, {"target": 5})
    hand = {"sides": {"Anna": GOOD["Anna"], "Bruno": GOOD["Bruno"]}}
    rp = replay(GAME, s, [hand])
    assert rp.final.totals == {"Anna": 6, "Bruno": 1} and rp.final.finished and rp.final.winner == "Anna"
    with pytest.raises(LedgerError) as err:
        GAME.apply(s, rp.final, hand)
    assert err.value.field == "hand" and "over" in err.value.message


def test_a_hand_of_a_match_takes_the_match_options():
    s = GAME.setup(None, ["Anna", "Bruno"], None, {"napola": True})
    anna = "AD 2D 3D 4D 7C 7S 7H 6S"
    st1, res = GAME.apply(s, GAME.start(s), {"sides": {"Anna": anna, "Bruno": "rest"}})
    assert kind_points(res.to_json(), "Anna")["napola"] == 4
    GAME.apply(s, GAME.start(s), {"sides": {"Anna": anna, "Bruno": "rest"}, "options": {"napola": True}})
    with pytest.raises(LedgerError) as err:
        GAME.apply(s, GAME.start(s), {"sides": {"Anna": anna, "Bruno": "rest"}, "options": {"napola": False}})
    assert err.value.field == "options.napola"
    with pytest.raises(LedgerError) as err:
        GAME.apply(s, GAME.start(s), {"sides": {"Anna": anna, "Bruno": "rest"}, "rules": "scopone"})
    assert err.value.field == "rules"
    with pytest.raises(LedgerError) as err:
        GAME.apply(s, GAME.start(s), {"sides": {"Anna": anna}})
    assert err.value.field == "sides.Bruno"


def test_ended_early_the_highest_wins_or_nobody():
    s = GAME.setup(None, ["Anna", "Bruno", "Carla"])
    rp = replay(GAME, s, [])
    assert GAME.finish_early(s, rp.final).winner is None
    hand = {"sides": {"Anna": {"cards": 16, "denari": 5, "settebello": True, "primiera": 70},
                      "Bruno": {"cards": 14, "denari": 3, "primiera": 66}, "Carla": {"cards": 10, "denari": 2,
                                                                                    "primiera": 0}}}
    state, _ = GAME.apply(s, GAME.start(s), hand)
    assert GAME.finish_early(s, state).winner == "Anna"


def test_the_scoreboard_shows_points_by_kind_and_the_next_dealer():
    doc = next(c["doc"] for c in CASES if c["id"] == "scopone-replay-tie-at-21")
    setup, rp = replay_document({**doc, "hands": doc["hands"][:3]})
    board = GAME.board(setup, rp)
    hands, by_kind = board.tables
    assert [r[0] for r in hands.rows] == ["1", "2", "3"] and [r[1] for r in hands.rows] == ["Anna", "Dario", "Carla"]
    ns, ew = (" & ".join(setup.sides[s]) for s in ("NS", "EW"))  # pairs shown by their players
    assert hands.rows[1][-1] == f"{ns}: 3 scope; {ew}: settebello · primiera · 8 scope"
    assert [c.header for c in by_kind.columns] == ["side", *PUNTI, "scope", "total"]
    assert by_kind.rows == ((ns, "2", "2", "2", "2", "13", "21"), (ew, "0", "0", "1", "1", "19", "21"))
    assert board.notes == ("Next dealer: Bruno.",)


def test_describe_hand_and_the_summary():
    res = score({"Anna": GOOD["Anna"], "Bruno": GOOD["Bruno"]})
    assert GAME.describe_hand({}, res) == "Anna +6, Bruno +1"
    assert GAME.describe_hand({"sides": {"Anna": {"cards": "AD 2D", "scope": 1}, "Bruno": "rest"}}) == \
        "Anna 2 cards (1 scopa), Bruno rest"
    assert GAME.describe_hand({"sides": {"NS": {"cards": 24, "scope": 3}}}) == "NS counted (24 cards, 3 scope)"
    nap = {"Anna": {"cards": 25, "denari": 10, "settebello": True, "primiera": 78, "napola": 10},
           "Bruno": {"cards": 15, "denari": 0, "primiera": 0}}
    assert GAME.describe_hand({}, score(nap, napola=True)) == "Anna +14, Bruno 0; napoleone: Anna wins"  # a zero has no sign


# --- the players' words ----------------------------------------------------------------------------
SETUP4 = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])


def test_italian_card_words_read_as_the_french_letters():
    assert format_cards(cards("7 di denari, re di coppe, fante di spade, asso di bastoni, cavallo di denari, "
                              "sette di coppe")) == "7D KH JS AC QD 7H"
    assert format_cards(cards("a♦ 7♣ kc CD")) == "AD 7C KC QD"  # C is cavallo only as a rank


def test_entry_words_piles_counts_and_the_italian_phrase():
    doc = GAME.parse_entry(SETUP4, ["Anna=7 di denari, re di coppe", "NS.scope=1", "dario=rest"])
    assert doc == {"sides": {"NS": {"cards": "7 di denari re di coppe", "scope": 1}, "EW": {"cards": "rest"}}}
    doc = GAME.parse_entry(SETUP4, ["NS=22 carte, 6 denari, il settebello e la primiera (78), 2 scope",
                                     "EW.carte=18", "Bruno.denari=4", "EW.primiera=70", "Dario.scopa=1"])
    assert doc["sides"]["NS"] == {"cards": 22, "denari": 6, "settebello": True, "primiera": 78, "scope": 2}
    assert doc["sides"]["EW"] == {"cards": 18, "denari": 4, "primiera": 70, "scope": 1}
    assert GAME.apply(SETUP4, GAME.start(SETUP4), doc)[0].totals == {"NS": 6, "EW": 1}
    assert parse_phrase("18 carte 4 denari no settebello senza primiera", "x") == {
        "cards": 18, "denari": 4, "settebello": False, "primiera": 0}
    assert parse_phrase("cards 20, re bello, napola 4", "x") == {"cards": 20, "re_bello": True, "napola": 4}


@pytest.mark.parametrize("words,field,says", [
    (["Anna=AD", "Carla=2D"], "sides.NS.cards", "'Carla=2D' contradicts an earlier part (cards 'AD')"),
    (["Anna.scpoe=1"], "entry", "did you mean 'scope'"),
    (["Zoe=rest"], "entry", "'Zoe' is not a name or a word of scopa (names: NS, EW)"),
    (["Anna"], "sides.NS", "give captured piles after the name"),
    (["Anna=22 carte 6"], "sides.NS", "nothing to go with"),
    (["Anna=22 carte primiera"], "sides.NS", "primiera needs its number"),
    (["Anna=22 carte 23 carte"], "sides.NS", "said twice"),
    (["Anna=² carte"], "sides.NS", "is not a count of a pile"),
    ([f"Anna={'9' * 5000} carte"], "sides.NS", "too long a number"),
    (["Anna=8D 7D"], "sides.NS.cards", "8D"),
    (["Anna.denari=11"], "sides.NS.denari", "11"),
    (["Anna.settebello=forse"], "sides.NS.settebello", "forse"),
])
def test_entry_words_that_cannot_be_read(words, field, says):
    with pytest.raises(LedgerError) as err:
        GAME.parse_entry(SETUP4, words)
    assert err.value.field == field and says in err.value.message, str(err.value)


def test_questions_ask_the_pile_then_the_missing_counts_then_the_scope():
    s = GAME.setup(None, ["Anna", "Bruno"], None, {"napola": True})
    doc: dict = {}
    asked = []
    answers = {"sides.Anna": "22 carte 6 denari", "sides.Anna.settebello": "sì", "sides.Anna.primiera": "78",
               "sides.Anna.napola": "0", "sides.Anna.scope": "2", "sides.Bruno": "18 carte, 4 denari, primiera 70",
               "sides.Bruno.settebello": "", "sides.Bruno.napola": "0", "sides.Bruno.scope": ""}
    for _ in range(20):
        qs = GAME.questions(s, doc)
        if not qs:
            break
        q = qs[0]
        asked.append(q.key)
        doc = q.answer(doc, answers[q.key] or q.default)
    assert asked == ["sides.Anna", "sides.Anna.settebello", "sides.Anna.primiera", "sides.Anna.napola",
                     "sides.Anna.scope", "sides.Bruno", "sides.Bruno.settebello", "sides.Bruno.napola",
                     "sides.Bruno.scope"]
    assert GAME.apply(s, GAME.start(s), doc)[0].totals == {"Anna": 6, "Bruno": 0}
    with pytest.raises(LedgerError):
        GAME.questions(s, {})[0].answer({}, "8D 9D")


# --- the declared hand: labels, the docs' table of fields ------------------------------------------
def test_errors_name_the_side_and_the_count_in_the_users_words():
    from ledger.i18n import speaking

    assert FORM.label("sides.Anna.cards[3]") == "Anna, cards, card 4"
    assert FORM.label("sides.NS.re_bello") == "NS, re bello"
    assert FORM.label("sides.Anna") == "Anna"
    with speaking("it"):
        assert FORM.label("sides.Anna.cards") == "Anna, carte"


def test_a_count_is_typed_by_any_of_its_names_and_read_as_its_kind():
    doc = GAME.parse_entry(SETUP4, ["Anna.carte=22", "Anna.settebello=sì", "Bruno.sweeps=2", "NS.rebello=no"])
    assert doc == {"sides": {"NS": {"cards": 22, "settebello": True, "re_bello": False}, "EW": {"scope": 2}}}
    # a count said without '=' is the side's phrase; a comma inside a quoted value is the value's own
    doc = GAME.parse_entry(SETUP4, ["NS 22 carte 6 denari settebello primiera 78;", "EW=4S, 5S"])
    assert doc == {"sides": {"NS": {"cards": 22, "denari": 6, "settebello": True, "primiera": 78},
                             "EW": {"cards": "4S 5S"}}}


def test_a_phrase_with_the_count_word_first_is_the_whole_pile_not_one_count():
    doc = GAME.parse_entry(SETUP4, ["Anna carte 22 denari 6 settebello primiera 78; Bruno carte 18 denari 4 primiera 70"])
    assert doc == {"sides": {"NS": {"cards": 22, "denari": 6, "settebello": True, "primiera": 78},
                             "EW": {"cards": 18, "denari": 4, "primiera": 70}}}
    with pytest.raises(LedgerError) as err:
        GAME.parse_entry(SETUP4, ["Anna=22 carte 6 denari", "NS.denari=5"])
    assert err.value.field == "sides.NS.denari"


def test_the_docs_table_of_fields_is_the_declared_hand():
    page = (Path(__file__).parents[2] / "docs" / "rules" / "scopa.md").read_text(encoding="utf-8")
    assert fields_table(FORM) in page, fields_table(FORM)
