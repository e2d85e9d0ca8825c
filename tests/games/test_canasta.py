"""Canasta: canasta kinds, red threes, closing, the not-opened penalty, the deck check, the
classic rules, the match with its opening minimum, fast entry, and cards-versus-counts properties."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import THREE_DECKS_SIX_JOKERS, TWO_DECKS_FOUR_JOKERS, Card, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import replay
from ledger.games.canasta.rules import (
    CLASSIC, ITALIAN, NATURAL_RANKS, RED_THREES, card_value, classify, opening_minimum,
)
from ledger.games.canasta.hand import read_side_line
from ledger.games.canasta.words import parse_kind

GAME = get_game("canasta")
FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def side(canastas=(), melded_points=None, hand_points=0, red_threes=0, **more):
    out = {"canastas": list(canastas), "hand_points": hand_points, "red_threes": red_threes, **more}
    if melded_points is not None:
        out["melded_points"] = melded_points
    return out


def score(ns, ew, closed_by=None, rules="italian", **more):
    doc = {"game": "canasta", "rules": rules, "sides": {"NS": ns, "EW": ew}, "closed_by": closed_by, **more}
    return GAME.score(doc).to_json()


def items(data, name):
    return {i["item"]: i["points"] for i in data["items"][name]}


def error_field(fn, *args, **kwargs) -> str:
    with pytest.raises(LedgerError) as info:
        fn(*args, **kwargs)
    return info.value.field


OPENED_EW = side(melded_points=45, hand_points=30)   # a plain opponent: 45 melded, 30 in hand → +15


# --- the worked cases of shared/cases/cases.json (copied as literals) ------------------------------
CASES = [
    ({"game": "canasta", "rules": "italian", "closed_by": "NS", "sides": {
        "NS": {"red_threes": 2, "opened": True, "canastas": ["pure K", "pure 7", "dirty Q", "dirty K"],
               "melded_points": 345, "hand": []},
        "EW": {"red_threes": 2, "opened": False, "canastas": [], "melded": [], "hand": ""}}},
     {"NS": 2445, "EW": -200}),
    ({"game": "canasta", "rules": "italian", "closed_by": "NS", "sides": {
        "NS": {"red_threes": 1, "opened": True, "canastas": ["pure Q", "dirty 4", "jolly"], "melded_points": 440,
               "hand_points": 0},
        "EW": {"red_threes": 2, "opened": True, "canastas": ["4C 4H 4D 4C 4H 4S 2D"], "melded": [["AS", "AC", "AC"]],
               "hand_points": 0}}},
     {"NS": 6640, "EW": 210}),
    ({"game": "canasta", "rules": "italian", "closed_by": "EW", "sides": {
        "NS": {"red_threes": 1, "opened": True, "canastas": ["dirty A"], "melded_points": 170, "hand_points": 30},
        "EW": {"red_threes": 1, "opened": True, "canastas": ["pure 4", "dirty K"], "melded_points": 140,
               "hand": ""}}},
     {"NS": 340, "EW": 1340}),
    ({"game": "canasta", "rules": "italian", "closed_by": None, "sides": {
        "NS": {"red_threes": 1, "opened": True, "canastas": [], "melded": [["6C", "6H", "6H"], ["5C", "5H", "5C"]],
               "hand": "5D 5C 3S 4H 2C AH"},
        "EW": {"red_threes": 0, "opened": True, "canastas": ["pinelle dirty"], "melded_points": 185,
               "hand": ["5D", "10C", "4S", "10D"]}}},
     {"NS": -125, "EW": 2155}),
    ({"game": "canasta", "rules": "italian", "closed_by": None, "sides": {
        "NS": {"red_threes": 0, "opened": False, "canastas": [], "melded_points": 0, "hand_points": 45},
        "EW": {"red_threes": 0, "opened": True, "canastas": [], "melded_points": 45, "hand_points": 30}}},
     {"NS": -45, "EW": 15}),
    ({"game": "canasta", "rules": "italian", "closed_by": "EW", "sides": {
        "NS": {"red_threes": 1, "opened": True, "canastas": ["KD KC KH KS KC KC 2D", "KH KS KD KS KD 2C 2H"],
               "melded": ["4H 4H 4S", "9C 9H 9S"], "hand_points": 0},
        "EW": {"red_threes": 0, "opened": True,
               "canastas": ["AD AD AC AS AD AH AS", ["QD", "QS", "QC", "QC", "QH", "QS", "JK"]],
               "melded": ["JC JD JS", "9D 9S 9C"], "hand_points": 0}}},
     {"NS": 715, "EW": 1910}),
]
ERROR_CASES = [
    ({"game": "canasta", "rules": "italian", "closed_by": "NS", "sides": {
        "NS": {"canastas": ["pure K"], "melded_points": 70, "hand_points": 0, "red_threes": 0, "opened": True},
        "EW": {"canastas": [], "melded_points": 0, "hand_points": 50, "red_threes": 0, "opened": True}}},
     "closed_by"),
    ({"game": "canasta", "rules": "italian", "closed_by": None, "sides": {
        "NS": {"canastas": ["7H 7S 7D 7C 7H 2S JK JK"], "hand_points": 0, "red_threes": 0, "opened": True},
        "EW": {"canastas": [], "melded_points": 0, "hand_points": 50, "red_threes": 0, "opened": True}}},
     "sides.NS.canastas[0]"),
]


@pytest.mark.parametrize("doc,points", CASES, ids=[f"canasta-1-{i}" for i in range(len(CASES))])
def test_worked_cases(doc, points):
    assert GAME.score(doc).to_json()["points"] == points


@pytest.mark.parametrize("doc,field", ERROR_CASES, ids=["error-canasta-close", "error-canasta-3wild"])
def test_worked_error_cases(doc, field):
    assert error_field(GAME.score, doc) == field


def test_worked_case_items_add_up_and_say_how():
    data = GAME.score(CASES[5][0]).to_json()
    assert items(data, "EW") == {"pure A canasta": 1000, "dirty Q canasta": 300, "closing": 300,
                                 "melded cards": 310, "cards in hand": 0}
    assert data["sides"]["NS"]["canastas"] == ["dirty K", "dirty K"]
    for name, pts in data["points"].items():
        assert pts == sum(i["points"] for i in data["items"][name])


def test_formats_example():
    data = score(side(["pure K", "dirty 7"], 310, red_threes=1, opened=True),
                 {"canastas": [], "melded": ["8H 8S 8D", "QH QC QD"], "hand": "AS 5C 9D", "red_threes": 0,
                  "opened": True}, "NS")
    assert data["points"] == {"NS": 1510, "EW": 25}


# --- card values ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("card,italian,classic", [
    ("JK", 50, 50), ("2H", 20, 20), ("AS", 20, 20), ("KD", 10, 10), ("8C", 10, 10), ("7H", 5, 5),
    ("4S", 5, 5), ("3S", 0, 5), ("3C", 0, 5),
])
def test_card_values(card, italian, classic):
    c = parse_cards(card)[0]
    assert (card_value(c, ITALIAN), card_value(c, CLASSIC)) == (italian, classic)


# --- every canasta kind, worked by hand ---------------------------------------------------------------------
@pytest.mark.parametrize("cards,label,bonus,card_points", [
    ("KH KS KD KC KH KS KD", "pure K", 500, 70),                 # 7 × 10
    ("AH AS AD AC AH AS AD", "pure A", 1000, 140),               # pure aces: 7 × 20
    ("7H 7S 7D 7C 7H 2S JK", "dirty 7", 300, 5 * 5 + 20 + 50),   # 5 naturals + pinella + joker
    ("QH QS QD QC QH QS 2D", "dirty Q", 300, 60 + 20),           # 6 naturals + 1 pinella
    ("2H 2S 2D 2C 2H 2S 2D", "pinelle pure", 3000, 140),
    ("2H 2S 2D 2C 2H JK JK", "pinelle dirty", 2000, 100 + 100),  # 5 pinelle + 2 jokers
    ("2H 2S 2D 2C 2H 2S JK", "pinelle dirty", 2000, 120 + 50),   # 6 pinelle + 1 joker
    ("JK JK JK JK JK JK 2H", "jolly", 5000, 300 + 20),           # the seed's "6 jolly e una pinella"
    ("JK JK JK JK JK 2H 2S", "jolly", 5000, 250 + 40),           # the seed's "5 jolly + 2 pinelle"
])
def test_every_kind_from_cards(cards, label, bonus, card_points):
    c = classify(parse_cards(cards), ITALIAN, "c")
    assert (c.label, c.bonus(ITALIAN), c.least_points(ITALIAN)) == (label, bonus, card_points)
    # scored in a hand: the bonus plus the card points (nobody closes, no red threes)
    data = score(side([cards], melded=[]), OPENED_EW)
    assert data["points"]["NS"] == bonus + card_points
    assert data["sides"]["NS"]["canastas"] == [label]


@pytest.mark.parametrize("kind,bonus", [
    ("pure K", 500), ("pure A", 1000), ("pure", 500), ("dirty 7", 300), ("dirty", 300),
    ("pinelle pure", 3000), ("pinelle dirty", 2000), ("jolly", 5000),
    ("pulita di assi", 1000), ("sporca 9", 300), ("canasta di jolly", 5000), ("pure 2", 3000),
])
def test_every_kind_entered_as_words(kind, bonus):
    data = score(side([kind], melded_points=400), OPENED_EW)
    assert data["points"]["NS"] == bonus + 400


def test_counts_of_kinds():
    assert parse_kind("2 pure", "f") == [("pure", None), ("pure", None)]
    assert parse_kind("1 pure A", "f") == [("pure", "A")]
    assert parse_kind("3 dirty kings", "f") == [("dirty", "K")] * 3
    assert parse_kind("7H 7S 7D", "f") is None
    assert parse_kind("JK JK JK JK JK JK 2S", "f") is None      # cards, though "jk" and "2s" are kind words
    assert parse_kind("jolly", "f") == [("jolly", None)]


# --- red threes: their three cases ------------------------------------------------------------------------
def test_red_threes_plus_with_a_pure_and_a_dirty_canasta():
    data = score(side(["pure K", "dirty 7"], 200, red_threes=3), OPENED_EW)
    assert items(data, "NS")["3 red threes"] == 300
    assert data["points"]["NS"] == 500 + 300 + 300 + 200


def test_red_threes_nothing_with_a_pure_but_no_dirty_canasta():
    data = score(side(["pure K"], 100, red_threes=2), OPENED_EW)
    assert items(data, "NS")["2 red threes (a pure canasta but no dirty one: not paid)"] == 0
    assert data["points"]["NS"] == 500 + 100


def test_red_threes_minus_with_only_dirty_canastas():
    data = score(side(["dirty 7", "jolly"], 400, red_threes=2), OPENED_EW)
    assert items(data, "NS")["2 red threes (no pure canasta)"] == -200
    assert data["points"]["NS"] == 300 + 5000 - 200 + 400


def test_red_threes_minus_with_no_canasta_at_all():
    data = score(side([], 60, red_threes=1), OPENED_EW)
    assert data["points"]["NS"] == -100 + 60


def test_pinelle_pure_counts_as_pure_and_jolly_as_dirty():
    data = score(side(["pinelle pure", "jolly"], 450, red_threes=1), OPENED_EW, "NS")
    assert data["points"]["NS"] == 3000 + 5000 + 300 + 100 + 450


# --- closing, not opened, nobody closes -------------------------------------------------------------------------
def test_not_opened_side_pays_double_when_the_other_closes():
    data = score(side(["pure K", "dirty Q"], 170), side([], hand_points=85, red_threes=1, opened=False), "NS")
    assert items(data, "EW") == {"1 red three (no pure canasta)": -100, "melded cards": 0,
                                 "cards in hand, doubled (had not opened)": -170}
    assert data["points"] == {"NS": 500 + 300 + 300 + 170, "EW": -270}
    assert data["sides"]["EW"]["opened"] is False


def test_not_opened_side_pays_single_when_nobody_closes():
    data = score(side(["pure K", "dirty Q"], 170, hand_points=40), side([], hand_points=85, opened=False))
    assert data["points"] == {"NS": 800 + 170 - 40, "EW": -85}


def test_nobody_closes_no_closing_bonus():
    data = score(side(["pure K", "dirty Q"], 170), OPENED_EW, None)
    assert "closing" not in items(data, "NS")
    assert data["closed_by"] is None and data["points"]["NS"] == 970


def test_closing_side_partner_cards_count_against_it():
    data = score(side(["pure K", "dirty Q"], 170, hand_points=25), OPENED_EW, "NS")
    assert data["points"]["NS"] == 800 + 300 + 170 - 25


@pytest.mark.parametrize("canastas", [["pure K"], ["dirty K"], ["pure K", "pure Q"], []])
def test_closing_needs_a_pure_and_a_dirty_canasta(canastas):
    with pytest.raises(LedgerError) as info:
        score(side(canastas, 170 if canastas else 60), OPENED_EW, "NS")
    assert info.value.field == "closed_by" and "without a pure and a dirty canasta" in str(info.value)


def test_closed_by_names_a_side_of_the_hand():
    assert error_field(score, side(["pure K", "dirty Q"], 170), OPENED_EW, "XY") == "closed_by"


def test_closed_by_is_required():
    doc = {"game": "canasta", "sides": {"NS": side(["pure K"], 70), "EW": OPENED_EW}}
    assert error_field(GAME.score, doc) == "closed_by"


# --- refused canastas and melds -------------------------------------------------------------------------------
@pytest.mark.parametrize("canasta,words", [
    ("7H 7S 7D 7C 7H 2S JK JK", "3 wild cards"),
    ("7H 7S 7D 7C 2S JK JK", "3 wild cards"),
    ("7H 7S 7D 7C 7H 2S", "seven cards"),
    ("7H 7S 7D 7C 8H 8S 8D", "mixes"),
    ("7H 7S 7D 7C 7H 7S 7D 7C", "exactly seven"),
    ("JK JK JK 2H 2S 2D 2C", "neither"),
    ("3S 3C 3S 3C 3S 3C JK", "never melded"),
    ("3H 3H 3D 3D 3H 3D 2C", "red three"),
])
def test_impossible_canastas_are_refused(canasta, words):
    with pytest.raises(LedgerError) as info:
        score(side([canasta], melded=[]), OPENED_EW)
    assert info.value.field == "sides.NS.canastas[0]" and words in str(info.value)


@pytest.mark.parametrize("meld,words", [
    ("8H 8S JK", "five natural"),
    ("8H 8S 8D 8C 2H", "five natural"),
    ("8H 8S 8D 8C 8H 2H 2S JK", "seven cards"),
    ("3S 3C 3S", "never melded"),
    ("3H 3D 3H", "red three"),
    ("8H 8S", "at least three"),
    ("8H 8S 9D", "mixes"),
    ("JK JK JK 2H 2S 2D", "neither"),
])
def test_melds_that_break_the_rules_are_refused(meld, words):
    with pytest.raises(LedgerError) as info:
        score(side([], melded=[meld]), OPENED_EW)
    assert info.value.field == "sides.NS.melded" and words in str(info.value)


def test_allowed_melds():
    # wild cards alone (the seed's two jokers and a pinella: 120); five nines and a joker; five fours, two wild
    data = score(side([], melded=["JK JK 2D", "9H 9S 9D 9C 9H JK", "4H 4S 4D 4C 4H 2C 2S"[:-3]]), OPENED_EW)
    assert data["points"]["NS"] == 120 + (50 + 50) + (25 + 20)


def test_red_three_in_hand_is_refused():
    assert error_field(score, side([], 60, hand="3H 5C"), OPENED_EW) == "sides.NS.hand"


def test_black_three_in_hand_counts_nothing_in_italian():
    data = score(side([], 60, hand_points=None, hand="3S 3C 5D"), OPENED_EW)
    assert data["points"]["NS"] == 60 - 5


# --- the deck check ---------------------------------------------------------------------------------------------
def test_no_more_of_a_card_than_three_decks_hold_across_both_sides():
    ns = side(["KH KS KD KC KH KS KD"], melded=[])
    ew = side(["KH KS KD KC KH KS KC"], melded=[])   # a fourth KH, KS and KD
    with pytest.raises(LedgerError) as info:
        score(ns, ew)
    assert info.value.field == "sides" and "only 3" in str(info.value)


def test_kinds_count_towards_the_deck():
    # two pure kings canastas entered as kinds plus a meld of kings: 17 kings, the decks hold 12
    assert error_field(score, side(["pure K", "pure K"], 180), side([], melded=["KH KS KD"])) == "sides"
    # two jolly canastas need at least ten jokers
    with pytest.raises(LedgerError) as info:
        score(side(["jolly", "jolly"], 600), OPENED_EW)
    assert "jokers" in str(info.value)
    # pinelle pure twice needs 14 twos
    assert error_field(score, side(["pinelle pure", "pinelle pure"], 280), OPENED_EW) == "sides"


def test_more_red_threes_than_the_decks_hold():
    assert error_field(score, side([], 60, red_threes=4), side([], 60, red_threes=3)) == "sides"
    assert error_field(score, side([], 60, red_threes=7), OPENED_EW) == "sides.NS.red_threes"


def test_jokers_in_cards_are_counted():
    ns = side(["JK JK JK JK JK JK 2H"], melded=[])
    with pytest.raises(LedgerError) as info:
        score(ns, side([], 60, hand_points=None, hand="JK 5C"))
    assert "JK" in str(info.value)


# --- totals against the cards --------------------------------------------------------------------------------------
def test_melded_points_below_the_canastas_cards_are_refused():
    assert error_field(score, side(["pure K", "jolly"], 300), OPENED_EW) == "sides.NS.melded_points"


def test_melded_points_must_agree_with_the_cards_when_all_are_given():
    ns = side(["KH KS KD KC KH KS KD"], melded_points=80, melded=["8H 8S 8D"])
    assert error_field(score, ns, OPENED_EW) == "sides.NS.melded_points"
    ns = side(["KH KS KD KC KH KS KD"], melded_points=100, melded=["8H 8S 8D"])
    assert score(ns, OPENED_EW)["points"]["NS"] == 600


def test_points_are_multiples_of_five():
    assert error_field(score, side([], 62), OPENED_EW) == "sides.NS.melded_points"
    assert error_field(score, side([], 60, hand_points=12), OPENED_EW) == "sides.NS.hand_points"


def test_kinds_need_melded_points():
    assert error_field(score, side(["pure K"], melded=["8H 8S 8D"]), OPENED_EW) == "sides.NS.melded_points"


def test_opened_must_agree_with_the_melds():
    assert error_field(score, side([], 60, opened=False), OPENED_EW) == "sides.NS.opened"
    assert error_field(score, side([], 0, opened=True), OPENED_EW) == "sides.NS.opened"


def test_missing_and_unknown_fields():
    assert error_field(score, {"canastas": [], "hand_points": 0, "red_threes": 0}, OPENED_EW) == \
        "sides.NS.melded_points"
    assert error_field(score, {"canastas": [], "melded_points": 50, "red_threes": 0}, OPENED_EW) == \
        "sides.NS.hand_points"
    assert error_field(score, {"canastas": [], "melded_points": 50, "hand_points": 0}, OPENED_EW) == \
        "sides.NS.red_threes"
    assert error_field(score, side([], 50, colour="red"), OPENED_EW) == "sides.NS.colour"
    assert error_field(score, side(["pure 3"], 50), OPENED_EW) == "sides.NS.canastas[0]"
    assert error_field(score, side(["nonsense words"], 50), OPENED_EW) == "sides.NS.canastas[0]"
    doc = {"game": "canasta", "sides": {"NS": OPENED_EW}, "closed_by": None}
    assert error_field(GAME.score, doc) == "sides"


def test_a_side_that_did_not_open_needs_no_melded_fields():
    data = score({"opened": False, "hand_points": 40, "red_threes": 0}, OPENED_EW)
    assert data["points"]["NS"] == -40


# --- the classic rule set ---------------------------------------------------------------------------------------------
def test_classic_hand():
    # natural canasta of 8 kings, mixed canasta with 3 wild cards, going out concealed, all four red threes
    ns = side(["KH KS KD KC KH KS KD KC", "7H 7S 7D 7C 2H 2S JK"], melded=[], red_threes=4)
    data = score(ns, side([], 50, hand_points=None, hand="3S 3C 9D"), "NS", rules="classic", concealed=True)
    assert items(data, "NS") == {"pure K canasta": 500, "dirty 7 canasta": 300, "going out": 100,
                                 "going out concealed": 100, "4 red threes": 800, "melded cards": 80 + 110,
                                 "cards in hand": 0}
    assert data["points"]["EW"] == 50 - 20   # black threes count 5 each in classic
    assert data["concealed"] is True


def test_classic_red_threes_minus_when_nothing_melded_and_no_doubling():
    data = score(side(["pure K"], 70), {"opened": False, "hand_points": 60, "red_threes": 2}, "NS", rules="classic")
    assert data["points"] == {"NS": 500 + 100 + 70, "EW": -200 - 60}


def test_classic_pure_aces_and_one_canasta_to_go_out():
    data = score(side(["pure A"], 140), OPENED_EW, "NS", rules="classic")
    assert data["points"]["NS"] == 500 + 100 + 140


def test_classic_refusals():
    assert error_field(score, side(["jolly"], 300), OPENED_EW, rules="classic") == "sides.NS.canastas[0]"
    assert error_field(score, side(["7H 7S 7D 2C 2H 2S JK"], melded=[]), OPENED_EW, rules="classic") == \
        "sides.NS.canastas[0]"
    assert error_field(score, side([], 60), OPENED_EW, "NS", rules="classic") == "closed_by"
    assert error_field(score, side([], 60, red_threes=3), side([], 60, red_threes=2), rules="classic") == "sides"
    assert error_field(score, side([], melded=["8H JK JK JK JK"]), OPENED_EW, rules="classic") == "sides.NS.melded"
    # black threes are melded only by the side going out
    assert error_field(score, side([], melded=["3S 3C 3S"]), OPENED_EW, rules="classic") == "sides.NS.melded"
    ok = score(side(["pure K"], 85, melded=["3S 3C 3S"]), OPENED_EW, "NS", rules="classic")
    assert ok["points"]["NS"] == 500 + 100 + 70 + 15
    # the first tie-breaker: a two-deck hand may not hold a third copy of a card
    assert error_field(score, side(["KH KS KD KC KH KS KH"], melded=[]), OPENED_EW, rules="classic") == "sides"


def test_concealed_only_in_classic_and_only_with_a_closer():
    assert error_field(score, side(["pure K", "dirty Q"], 170), OPENED_EW, "NS", concealed=True) == "concealed"
    assert error_field(score, side(["pure K"], 70), OPENED_EW, None, rules="classic", concealed=True) == "concealed"


def test_classic_mixed_canasta_may_hold_three_wild_cards_and_a_meld_two_naturals():
    data = score(side(["9H 9S 9D 9C 2H 2S JK"], melded=["5H 5S JK"]), OPENED_EW, rules="classic")
    assert data["points"]["NS"] == 300 + 40 + 40 + 50 + 60


# --- the opening minimum ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("total,italian,classic", [
    (-500, 50, 15), (0, 50, 50), (1495, 50, 50), (1500, 50, 90), (2999, 50, 90), (3000, 90, 120),
    (4999, 90, 120), (5000, 120, 120), (7000, 160, 120), (9999, 160, 120), (10000, 180, 120),
    (11999, 180, 120), (12000, 200, 120), (16000, 200, 120),
])
def test_opening_minimum(total, italian, classic):
    assert (opening_minimum(total, ITALIAN), opening_minimum(total, CLASSIC)) == (italian, classic)


# --- the match -------------------------------------------------------------------------------------------------------
def hand(ns_points, ew_points, closed_by=None):
    """A hand where each side made about the given points, from melded card points alone."""
    return {"sides": {"NS": side([], ns_points), "EW": side([], ew_points)}, "closed_by": closed_by}


def big(ns_canastas, closed_by="NS", ew=None):
    return {"sides": {"NS": side(ns_canastas, 600), "EW": ew or OPENED_EW}, "closed_by": closed_by}


def test_four_players_sit_as_ns_and_ew():
    s = GAME.setup(None, FOUR)
    assert dict(s.sides) == {"NS": ("Anna", "Carla"), "EW": ("Bruno", "Dario")}
    assert s.options["target"] == 15000
    s2 = GAME.setup("classic", None, {"Noi": ["Anna", "Carla"], "Voi": ["Bruno", "Dario"]})
    assert s2.players == ("Anna", "Bruno", "Carla", "Dario") and s2.options["target"] == 5000


def test_two_players_are_each_a_side():
    s = GAME.setup(None, ["Anna", "Bruno"])
    assert dict(s.sides) == {"Anna": ("Anna",), "Bruno": ("Bruno",)}


@pytest.mark.parametrize("players", [["Anna"], ["Anna", "Bruno", "Carla"], FOUR + ["Elena"]])
def test_wrong_number_of_players(players):
    assert error_field(GAME.setup, None, players) == "players"


def test_partners_sit_opposite():
    sides = {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}
    with pytest.raises(LedgerError):
        GAME.setup(None, ["Anna", "Carla", "Bruno", "Dario"], sides)
    assert GAME.setup(None, ["Bruno", "Anna", "Dario", "Carla"], sides).players == ("Bruno", "Anna", "Dario", "Carla")


def test_match_totals_opening_minimum_and_winner():
    s = GAME.setup(None, FOUR)
    start = GAME.start(s)
    assert start.to_json()["opening_minimum"] == {"NS": 50, "EW": 50}
    docs = [big(["jolly", "pure K"]), big(["jolly", "pure Q"]), big(["jolly", "pure A"])]
    rp = replay(GAME, s, docs)
    totals = [st.totals["NS"] for st in rp.states]
    assert totals == [6400, 12800, 19700]
    assert [st.to_json()["opening_minimum"]["NS"] for st in rp.states] == [120, 200, 200]
    assert [st.to_json()["opening_minimum"]["EW"] for st in rp.states] == [50, 50, 50]
    final = rp.final.to_json()
    assert final["winner"] == "NS" and final["finished"] is True
    assert rp.results[0].to_json()["opening_minimum"] == {"NS": 120, "EW": 50}
    with pytest.raises(LedgerError) as info:
        GAME.apply(s, rp.final, docs[0])
    assert info.value.field == "hand"


def test_both_over_the_target_the_higher_wins_and_a_tie_plays_on():
    s = GAME.setup(None, FOUR, None, {"target": 1000})
    rp = replay(GAME, s, [hand(600, 650), hand(500, 400)])  # each hand within the decks' 1740 card points
    assert rp.final.winner == "NS" and rp.final.totals == {"NS": 1100, "EW": 1050}
    rp = replay(GAME, s, [hand(600, 650), hand(450, 400)])
    assert rp.final.winner is None and not rp.final.finished


def test_negative_totals_and_the_opening_minimum():
    s = GAME.setup("classic", ["Anna", "Bruno"])
    doc = {"sides": {"Anna": side([], hand_points=100, opened=False), "Bruno": side([], 50)}, "closed_by": None}
    st, _ = GAME.apply(s, GAME.start(s), doc)
    assert st.totals == {"Anna": -100, "Bruno": 50} and st.to_json()["opening_minimum"] == {"Anna": 15, "Bruno": 50}


def test_two_player_closer_holds_no_cards():
    s = GAME.setup(None, ["Anna", "Bruno"])
    doc = {"sides": {"Anna": side(["pure K", "dirty Q"], 170, hand_points=20), "Bruno": OPENED_EW},
           "closed_by": "Anna"}
    assert error_field(GAME.apply, s, GAME.start(s), doc) == "sides.Anna.hand_points"


def test_hands_may_name_sides_by_a_player_and_need_both_sides():
    s = GAME.setup(None, FOUR)
    doc = {"sides": {"Carla": side(["pure K", "dirty Q"], 170), "bruno": OPENED_EW}, "closed_by": "anna"}
    st, res = GAME.apply(s, GAME.start(s), doc)
    assert st.totals == {"NS": 1270, "EW": 15} and res.to_json()["closed_by"] == "NS"
    assert error_field(GAME.apply, s, GAME.start(s), {"sides": {"NS": OPENED_EW}, "closed_by": None}) == "sides.EW"
    assert error_field(GAME.apply, s, GAME.start(s), {**doc, "rules": "classic"}) == "rules"


def test_board_shows_points_totals_and_opening_minimum():
    s = GAME.setup(None, FOUR)
    rp = replay(GAME, s, [big(["jolly", "pure K"]), {"sides": {"NS": side([], 100), "EW": side(["pinelle pure"], 140)},
                                                     "closed_by": None}])
    board = GAME.board(s, rp)
    table = board.tables[0]
    headers = [c.header for c in table.columns]
    assert headers == ["#", "dealer", "Anna & Carla", "total", "min", "Bruno & Dario", "total", "min", "notes"]
    assert table.rows[0][:8] == ("1", "Anna", "+6400", "6400", "120", "+15", "15", "50")
    assert table.rows[1][5:8] == ("+3140", "3155", "90")
    assert "Opening minimum now: Anna & Carla 120, Bruno & Dario 90." in board.notes
    assert "Next dealer: Carla." in board.notes
    assert [r[-1] for r in table.rows] == ["Anna & Carla closed", "nobody closed"]  # the pair by its players
    rp = replay(GAME, s, [{"sides": {"NS": side(["pure K", "dirty Q"], 170),
                                     "EW": {"opened": False, "hand_points": 30, "red_threes": 0}},
                           "closed_by": "NS"}])
    assert GAME.board(s, rp).tables[0].rows[0][-1] == "Anna & Carla closed; Bruno & Dario had not opened"


def test_options():
    assert error_field(GAME.setup, None, FOUR, None, {"target": "lots"}) == "options.target"
    assert error_field(GAME.setup, None, FOUR, None, {"stake": 5}) == "options.stake"
    assert GAME.setup("classic", FOUR, None, {"target": 10000}).options["target"] == 10000


# --- fast entry ---------------------------------------------------------------------------------------------------
def test_compact_side_string():
    fields, closed, concealed = read_side_line("2 pure, 1 dirty, 1 red three, melded 340, in hand 25, closed", "NS", "italian")
    assert fields == {"canastas": ["pure", "pure", "dirty"], "red_threes": 1, "melded_points": 340,
                      "hand_points": 25}
    assert closed and not concealed
    fields, _, _ = read_side_line("not opened, in hand 45", "EW", "italian")
    assert fields == {"opened": False, "hand_points": 45, "canastas": [], "red_threes": 0, "melded_points": 0}
    fields, _, _ = read_side_line("1 pure A, pinelle dirty, jolly, 2 tre rossi, calate 700, in mano 0", "NS", "italian")
    assert fields["canastas"] == ["pure A", "pinelle dirty", "jolly"] and fields["red_threes"] == 2
    with pytest.raises(LedgerError) as info:
        read_side_line("2 pure, lots of fun", "NS", "italian")
    assert info.value.field == "sides.NS"


def test_compact_sides_score_like_the_full_document():
    doc = {"game": "canasta", "sides": {
        "NS": "2 pure, 1 dirty, 1 red three, melded 340, in hand 25, closed",
        "EW": "pure K, 2 red threes, melded 120, in hand 60"}}
    data = GAME.score(doc).to_json()
    assert data["closed_by"] == "NS"
    assert data["points"] == {"NS": 1000 + 300 + 300 + 100 + 340 - 25, "EW": 500 + 0 + 120 - 60}


def test_parse_entry_tokens():
    s = GAME.setup(None, FOUR)
    doc = GAME.parse_entry(s, ['NS.canastas=pure K, dirty 7', 'NS.melded_points=310', 'NS.hand_points=0',
                               'NS.red_threes=1', 'closed=NS', 'EW=not opened, in hand 45'])
    assert doc == {"sides": {"NS": {"canastas": ["pure K", "dirty 7"], "melded_points": 310, "hand_points": 0,
                                    "red_threes": 1},
                             "EW": {"opened": False, "hand_points": 45, "canastas": [], "red_threes": 0,
                                    "melded_points": 0}},
                   "closed_by": "NS"}
    assert GAME.questions(s, doc) == []
    st, res = GAME.apply(s, GAME.start(s), doc)
    assert res.to_json()["points"] == {"NS": 500 + 300 + 300 + 100 + 310, "EW": -90}


def test_parse_entry_cards_and_players():
    s = GAME.setup(None, FOUR)
    doc = GAME.parse_entry(s, ["Bruno.melded=8h 8s 8d; qh qc qd", "Bruno.hand=as 5c 9d", "dario.red=0",
                               "EW.canastas=none", "closed=nobody", "Anna=2 pure, 1 dirty, melded 300, in hand 0"])
    assert doc["sides"]["EW"] == {"melded": ["8H 8S 8D", "QH QC QD"], "hand": "AS 5C 9D", "red_threes": 0,
                                  "canastas": []}
    assert doc["closed_by"] is None
    assert GAME.apply(s, GAME.start(s), doc)[1].to_json()["points"] == {"NS": 1600, "EW": 25}


@pytest.mark.parametrize("tokens,field", [
    (["NS.colour=red"], "entry.NS.colour"),
    (["XY.canastas=pure K"], "entry.XY.canastas"),
    (["NS=2 pure, melded 300", "NS.melded_points=200"], "sides.NS.melded_points"),
    (["NS.canastas=7H 7S 7D"], "sides.NS.canastas[0]"),
    (["NS.hand=3H 4C"], "sides.NS.hand"),
    (["NS"], "entry"),
])
def test_parse_entry_errors(tokens, field):
    s = GAME.setup(None, FOUR)
    assert error_field(GAME.parse_entry, s, tokens) == field


def test_questions_ask_only_what_is_missing_in_order():
    s = GAME.setup("classic", FOUR)
    doc = GAME.parse_entry(s, ["NS.canastas=pure K", "NS.red_threes=0"])
    asked, answers = [], {"sides.NS.melded": "70", "sides.NS.hand": "0", "sides.EW.canastas": "none",
                          "sides.EW.melded": "9H 9S 9D", "sides.EW.hand": "AS 5C", "sides.EW.red_threes": "1",
                          "closed_by": "NS", "concealed": "no"}
    while (qs := GAME.questions(s, doc)):
        asked.append(qs[0].key)
        doc = qs[0].answer(doc, answers[qs[0].key])
    assert asked == ["sides.NS.melded", "sides.NS.hand", "sides.EW.canastas", "sides.EW.melded",
                     "sides.EW.hand", "sides.EW.red_threes", "closed_by", "concealed"]
    assert GAME.apply(s, GAME.start(s), doc)[1].to_json()["points"] == {"NS": 500 + 100 + 70, "EW": 100 + 30 - 25}


def test_questions_refuse_a_bad_answer_so_it_is_asked_again():
    s = GAME.setup(None, FOUR)
    doc = {"sides": {"NS": {"canastas": ["pure K"]}}}
    q = GAME.questions(s, doc)[0]
    assert q.key == "sides.NS.melded"
    with pytest.raises(LedgerError):
        q.answer(doc, "8H 8S 8D")            # canastas given as kinds: a number is needed
    q = GAME.questions(s, {"sides": {}})[0]
    with pytest.raises(LedgerError):
        q.answer({"sides": {}}, "7H 7S 7D 2C JK JK JK")
    assert GAME.questions(s, {"sides": {"NS": "2 pure, 1 dirty, melded 300, in hand 0, closed",
                                        "EW": "not opened, in hand 30"}}) == []


def test_nobody_closed_question_choices():
    s = GAME.setup(None, ["Anna", "Bruno"])
    doc = {"sides": {"Anna": side([], 60), "Bruno": side([], 60)}}
    q = GAME.questions(s, doc)[0]
    assert q.key == "closed_by" and q.choices == ("Anna", "Bruno", "nobody")
    assert q.answer(doc, "nobody")["closed_by"] is None
    assert GAME.questions(s, q.answer(doc, "bruno")) == []


# --- the shipped demo ----------------------------------------------------------------------------------------------
def test_demo_replays():
    doc = json.loads((Path(__file__).parents[2] / "ledger" / "demo" / "50_canasta.json").read_text())
    s = GAME.setup(doc.get("rules"), doc.get("players"), doc.get("sides"), doc.get("options"))
    rp = replay(GAME, s, doc["hands"])
    assert len(rp.results) == len(doc["hands"]) >= 3


# --- properties: cards and their counted totals give the same score -------------------------------------------------
def _take(pool: Counter, want: list[str], draw) -> list[Card] | None:
    """Take one card of each rank in ``want`` from ``pool`` (suit chosen by hypothesis); None if short."""
    out = []
    for rank in want:
        choices = sorted((c for c, n in pool.items() if n and (c.rank == rank)), key=str)
        if not choices:
            for c in out:
                pool[c] += 1
            return None
        c = draw(st.sampled_from(choices))
        pool[c] -= 1
        out.append(c)
    return out


@st.composite
def hands_as_cards(draw, rules="italian"):
    rs = ITALIAN if rules == "italian" else CLASSIC
    deck = THREE_DECKS_SIX_JOKERS if rules == "italian" else TWO_DECKS_FOUR_JOKERS
    pool = Counter({c: n for c, n in deck.counts.items() if c not in RED_THREES})
    kinds = ["pure", "dirty"] + (["pinelle pure", "pinelle dirty", "jolly"] if rules == "italian" else [])
    sides = {}
    for name in ("NS", "EW"):
        canastas = []
        for kind in draw(st.lists(st.sampled_from(kinds), max_size=3)):
            cards = _take(pool, _canasta_ranks(kind, draw, rs), draw)
            if cards:
                canastas.append(format_cards(cards))
        melds = []
        for _ in range(draw(st.integers(0, 2))):
            rank = draw(st.sampled_from(NATURAL_RANKS))
            low = 3 if rules == "italian" else 2
            n = draw(st.integers(low, 6))
            wild = draw(st.integers(0, min(2, 6 - n))) if (n >= 5 or rules == "classic") else 0
            wild = max(wild, 3 - n)
            cards = _take(pool, [rank] * n + [draw(st.sampled_from(["2", "JK"])) for _ in range(wild)], draw)
            if cards:
                melds.append(format_cards(cards))
        hand_ranks = draw(st.lists(st.sampled_from(NATURAL_RANKS + ("2", "JK", "3")), max_size=8))
        hand = _take(pool, hand_ranks, draw) or []
        sides[name] = {"canastas": canastas, "melded": melds, "hand": format_cards(hand),
                       "red_threes": draw(st.integers(0, rs.red_threes // 2))}
    data = GAME.score({"game": "canasta", "rules": rules, "sides": sides, "closed_by": None}).to_json()
    can_close = [n for n in sides if _can_close(data["sides"][n]["canastas"], rules)]
    closed_by = draw(st.sampled_from([None] + can_close))
    concealed = rules == "classic" and closed_by is not None and draw(st.booleans())
    return {"game": "canasta", "rules": rules, "sides": sides, "closed_by": closed_by, "concealed": concealed}


def _canasta_ranks(kind: str, draw, rs) -> list[str]:
    size = 7 if rs is ITALIAN else draw(st.integers(7, 9))
    if kind == "pinelle pure":
        return ["2"] * 7
    if kind == "pinelle dirty":
        jokers = draw(st.integers(1, 2))
        return ["2"] * (7 - jokers) + ["JK"] * jokers
    if kind == "jolly":
        jokers = draw(st.integers(5, 6))
        return ["JK"] * jokers + ["2"] * (7 - jokers)
    rank = draw(st.sampled_from(NATURAL_RANKS))
    wild = 0 if kind == "pure" else draw(st.integers(1, rs.max_wild))
    return [rank] * (size - wild) + [draw(st.sampled_from(["2", "JK"])) for _ in range(wild)]


def _can_close(labels: list[str], rules: str) -> bool:
    if rules == "classic":
        return bool(labels)
    pure = any(x.startswith("pure") or x == "pinelle pure" for x in labels)
    return pure and any(not (x.startswith("pure") or x == "pinelle pure") for x in labels)


def _as_counts(doc: dict, data: dict) -> dict:
    sides = {n: {k: v for k, v in s.items() if k != "opened"} for n, s in data["sides"].items()}
    return {**doc, "sides": sides}


def _as_compact(doc: dict, data: dict) -> dict:
    sides = {}
    for n, s in data["sides"].items():
        parts = list(s["canastas"]) + [f"{s['red_threes']} red threes", f"melded {s['melded_points']}",
                                       f"in hand {s['hand_points']}"]
        if not s["opened"]:
            parts.append("not opened")
        if doc["closed_by"] == n:
            parts.append("concealed" if doc.get("concealed") else "closed")
        sides[n] = ", ".join(parts)
    out = {"game": "canasta", "rules": doc["rules"], "sides": sides}
    return out if doc["closed_by"] else {**out, "closed_by": None}   # the closer says it in its string


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["italian", "classic"]).flatmap(hands_as_cards))
def test_cards_and_counted_totals_give_the_same_score(doc):
    data = GAME.score(doc).to_json()
    assert GAME.score(_as_counts(doc, data)).to_json()["points"] == data["points"]
    assert GAME.score(_as_compact(doc, data)).to_json()["points"] == data["points"]
    for name, pts in data["points"].items():
        assert pts == sum(i["points"] for i in data["items"][name])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-40, 170), st.integers(-40, 170)), min_size=1, max_size=12))
def test_running_totals_and_opening_minimum_follow_the_hands(pairs):
    # (at most 850 points a side, within the decks' 1740 card points a hand, for 12 hands: the
    # match never reaches 15000 on the way)
    s = GAME.setup(None, FOUR)
    docs = []
    for a, b in pairs:
        docs.append({"sides": {"NS": _plain(a), "EW": _plain(b)}, "closed_by": None})
    rp = replay(GAME, s, docs)
    ns = 0
    for res, state in zip(rp.results, rp.states):
        ns += res.to_json()["points"]["NS"]
        assert state.totals["NS"] == ns
        assert state.to_json()["opening_minimum"]["NS"] == opening_minimum(ns, ITALIAN)


def _plain(n: int) -> dict:
    """A side scoring exactly 5n: melded 5n when n > 0, else 5|n| in hand and not opened."""
    if n > 0:
        return side([], 5 * n)
    return {"opened": False, "hand_points": -5 * n, "red_threes": 0}
