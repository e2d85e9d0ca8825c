"""Burraco: the worked cases, card values, reading melds given as cards, burrachi, a side's score,
closing, the deck check, the international rules, the match, the players' words and questions,
and properties (totals in fives, the deck check, cards against counts, melds in any order)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ledger.cards import RANKS, SUITS, Card, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import replay
from ledger.games.burraco.hand import read_side_line
from ledger.games.burraco.melds import (
    CLEAN, DIRTY, INTERNATIONAL, ITALIAN, SEMICLEAN, card_value, cards_value, read_meld,
)
from ledger.games.documents import read_match_document

GAME = get_game("burraco")
CASES = [c for c in json.loads((Path(__file__).parent.parent / "cases.json").read_text(encoding="utf-8"))
         if c["id"].startswith(("burraco", "error-burraco"))]
PAIRS = {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}


def side(burraco=(), melded_points=None, hand_points=None, pozzetto=True, **more):
    """A side's fields: hand points 0 unless its hand is given as cards."""
    out = {"burraco": burraco if isinstance(burraco, str) else list(burraco), "pozzetto": pozzetto, **more}
    if melded_points is not None:
        out["melded_points"] = melded_points
    if hand_points is not None or "hand" not in more:
        out["hand_points"] = hand_points or 0
    return out


def score(ns, ew, closed_by=None, rules="italian"):
    return GAME.score({"game": "burraco", "rules": rules, "sides": {"NS": ns, "EW": ew}, "closed_by": closed_by}).to_json()


def items(data, name):
    return {i["item"]: i["points"] for i in data["items"][name]}


def error(fn, *args, **kwargs) -> LedgerError:
    with pytest.raises(LedgerError) as info:
        fn(*args, **kwargs)
    return info.value


def meld(text, rs=ITALIAN):
    return read_meld(parse_cards(text), rs, "meld")


PLAIN_EW = side(melded_points=45, hand_points=30)  # a plain opponent: 45 melded, 30 in hand → +15


# --- the worked cases of shared/cases/cases.json (tests/cases.json) -------------------------------
def test_every_burraco_case_is_here():
    assert len(CASES) == 22


@pytest.mark.parametrize("case", [c for c in CASES if c["kind"] == "score" and not c.get("expect_error")],
                         ids=lambda c: c["id"])
def test_worked_hands(case):
    assert GAME.score(case["doc"]).to_json()["points"] == case["expect"]["points"]


@pytest.mark.parametrize("case", [c for c in CASES if c["kind"] == "replay"], ids=lambda c: c["id"])
def test_worked_matches(case):
    setup, docs, _ = read_match_document(case["doc"])
    final = replay(GAME, setup, docs).final
    assert (final.totals, final.winner, final.finished) == \
        (case["expect"]["totals"], case["expect"]["winner"], case["expect"]["finished"])


@pytest.mark.parametrize("case", [c for c in CASES if c.get("expect_error")], ids=lambda c: c["id"])
def test_worked_errors(case):
    error(GAME.score, case["doc"])


# --- card values ------------------------------------------------------------------------------
@pytest.mark.parametrize("card,value", [("JK", 30), ("2H", 20), ("2C", 20), ("AS", 15), ("KD", 10), ("8C", 10),
                                        ("10H", 10), ("JS", 10), ("7H", 5), ("3C", 5)])
def test_card_values(card, value):
    assert card_value(parse_cards(card)[0]) == value


# --- reading melds ----------------------------------------------------------------------------
@pytest.mark.parametrize("cards,shape,wild,kind", [
    ("AH 2H 3H 4H 5H 6H 7H", "sequence", 0, CLEAN),             # the 2H in its own place is natural
    ("4C 5C 2H 7C 8C 9C 10C", "sequence", 1, DIRTY),            # the 2H stands for 6C
    ("3H 4H 5H 6H 7H 8H 9H JK", "sequence", 1, SEMICLEAN),      # 7 naturals, the joker at an end
    ("3H 4H 5H 6H 7H 8H JK", "sequence", 1, DIRTY),             # 6 naturals and the joker
    ("3H 4H 5H 6H 7H 8H 9H JK JH QH", "sequence", 1, SEMICLEAN),  # the joker as 10H, 7 below it
    ("3H 4H 5H 6H 7H 8H JK 10H JH QH", "sequence", 1, DIRTY),   # the joker as 9H: 6 below, 3 above
    ("8D 9D 10D JD QD KD AD JK", "sequence", 1, SEMICLEAN),     # ace high
    ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "sequence", 0, CLEAN),
    ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK", "sequence", 1, SEMICLEAN),  # the longest: 13 and a wild
    # two readings: the ace low (6 naturals each side of the joker) or high (2 to A, 7 above it)
    ("AS 2S 3S 4S 5S 6S JK 8S 9S 10S JS QS KS", "sequence", 1, SEMICLEAN),
    ("AS 2S 3S 4S 5S 6S 7S JK 9S 10S JS QS KS", "sequence", 1, SEMICLEAN),  # 7 below with the ace low
    ("2S 3S 4S 5S 6S JK 8S 9S 10S JS QS KS AS", "sequence", 1, SEMICLEAN),
    ("2H 3H 4H 5H 6H 7H 8H", "sequence", 0, CLEAN),             # a natural 2 next to the 3
    ("QH QH QD QD QC QS QS JK", "combination", 1, SEMICLEAN),   # seven queens and a joker
    ("8H 8D 8C 8S 8S 8C 2C", "combination", 1, DIRTY),          # six eights and a 2
    ("KH KH KD KD KC KC KS", "combination", 0, CLEAN),
    ("5H 5H 5D 5D 5C 5C 5S 5S JK", "combination", 1, SEMICLEAN),  # nine cards, the most
    ("QS KS AS", "sequence", 0, None),                          # ace high, an ordinary meld
    ("AS 2D 3S", "sequence", 1, None),                          # 2D is the wild
    ("7D 7S 2H", "combination", 1, None),
    ("3C 3D 3S", "combination", 0, None),                       # threes make a combination in burraco
])
def test_a_meld_given_as_cards_is_read(cards, shape, wild, kind):
    m = meld(cards)
    assert (m.shape, m.wild, m.kind) == (shape, wild, kind)
    assert m.points == cards_value(parse_cards(cards))


def test_the_order_of_the_cards_does_not_matter():
    assert meld("JK 9H 3H QH 5H 4H 8H 7H JH 6H").kind == SEMICLEAN
    assert meld("7H 2H 5H AH 3H 6H 4H").kind == CLEAN


@pytest.mark.parametrize("cards,says", [
    ("KS AS 2S 3S", "not a sequence"),                    # no turning the corner
    ("5H 6H 8H 9H", "not a sequence"),                    # a gap with no wild
    ("5H 6H JK 2C 8H", "not a sequence"),                 # two wild cards
    ("2S 2H JK", "wild cards alone"),
    ("JK JK JK", "wild cards alone"),
    ("7S 7H JK 2C", "at most one"),
    ("5S 5S 5H 5H 5D 5D 5C 5C JK 2H", "at most one"),
    ("5S 5S 5H 5H 5D 5D 5C 5C 5S JK", "3 to 9 cards"),   # ten cards of a rank (the deck check also refuses)
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "not a sequence"),  # two aces
    ("5H 6D 7H", "neither a combination"),
    ("5H 6H", "at least three cards"),
    ("2H 2H 2D", "wild cards alone"),
])
def test_cards_that_make_no_meld_are_refused_naming_why(cards, says):
    err = error(meld, cards)
    assert says in err.message and err.field == "meld" and err.value == format_cards(parse_cards(cards))


def test_international_has_no_semiclean_and_combinations_only_of_aces_and_threes():
    assert meld("3H 4H 5H 6H 7H 8H 9H JK", INTERNATIONAL).kind == DIRTY
    assert meld("AS AS AC AD AH AH AC", INTERNATIONAL).kind == CLEAN
    assert meld("3S 3S 3C 3D 3H 3H 3C 2D", INTERNATIONAL).kind == DIRTY
    assert meld("3S 3S 3C 3D 3H 3H 3C 2D").kind == SEMICLEAN
    assert "only of aces and threes" in error(meld, "KS KH KD", INTERNATIONAL).message
    assert meld("KS KH KD").shape == "combination"


# --- a side's score ----------------------------------------------------------------------------
def test_a_side_scores_burrachi_closing_melded_hand_and_pozzetto():
    data = score(side(["clean", "semiclean", "dirty"], 400), side([], 60, 95, pozzetto=False), "NS")
    assert items(data, "NS") == {"clean burraco": 200, "semiclean burraco": 150, "dirty burraco": 100,
                                 "closing": 100, "melded cards": 400, "cards in hand": 0}
    assert items(data, "EW") == {"melded cards": 60, "cards in hand": -95, "pozzetto not taken": -100}
    assert data["points"] == {"NS": 950, "EW": -135}
    assert data["sides"]["EW"] == {"burraco": [], "melded_points": 60, "hand_points": 95, "pozzetto": False}


def test_the_pozzetto_not_taken_is_paid_however_the_hand_ended():
    assert score(side(["dirty"], 160, 35), side([], 70, 120, pozzetto=False))["points"] == {"NS": 225, "EW": -150}


def test_a_pozzetto_taken_and_not_played_counts_as_cards_in_hand():
    # picked up, the hand ended before it was played: no 100, its 11 cards' points are in hand
    assert score(side(["clean"], 300, 0), side([], 50, 140, pozzetto=True), "NS")["points"]["EW"] == -90


def test_cards_given_as_cards_are_counted():
    data = score(side(["5S 6S 7S 8S 9S 10S JS"], melded=["KH KD KC"], hand=""),
                 side(["3H 4H 5H 6H 7H 8H 9H JK"], melded="AS AC 2D", hand="QC 4D 2H"), "NS")
    assert items(data, "NS")["melded cards"] == 55 + 30
    assert items(data, "EW") == {"semiclean burraco": 150, "melded cards": 75 + 50, "cards in hand": -35}


def test_a_flat_list_of_single_cards_is_one_burraco_or_one_meld():
    flat = score(side(["5S", "6S", "7S", "8S", "9S", "10S", "JS"], melded=["KH", "KD", "KC"]), PLAIN_EW, "NS")
    nested = score(side(["5S 6S 7S 8S 9S 10S JS"], melded=[["KH", "KD", "KC"]]), PLAIN_EW, "NS")
    assert flat["points"] == nested["points"] == {"NS": 385, "EW": 15}


def test_kinds_in_any_language_and_case_and_a_string_of_kinds():
    a = score(side(["Pulito", "SEMIPULITO", "sporco"], 300), PLAIN_EW)
    b = score(side("clean, semiclean, dirty", 300), PLAIN_EW)
    assert a["points"] == b["points"] == {"NS": 750, "EW": 15}


@pytest.mark.parametrize("ns,field,says", [
    (side(["clean"], 62), "sides.NS.melded_points", "multiples of 5"),
    (side(["clean"], -5), "sides.NS.melded_points", "out of range"),
    (side(["clean", "dirty"], 65), "sides.NS.melded_points", "at least 70"),
    (side(["5S 6S 7S 8S 9S 10S JS", "clean"], 85), "sides.NS.melded_points", "at least 90"),
    (side(["clean"]), "sides.NS.melded_points", "kinds need melded_points"),
    (side(["clean"], 200, melded=["KH KD KC"]), "sides.NS.melded_points", "not both"),
    (side([], 50, hand_points=40, hand="5C"), "sides.NS.hand_points", "not both"),
    (side([], 50, hand_points=7), "sides.NS.hand_points", "multiples of 5"),
    ({"burraco": [], "melded_points": 50, "pozzetto": True}, "sides.NS.hand_points", "missing"),
    ({"melded_points": 50, "hand_points": 0, "pozzetto": True}, "sides.NS.burraco", "missing"),
    ({"burraco": [], "melded_points": 50, "hand_points": 0}, "sides.NS.pozzetto", "missing"),
    (side([], 50, pozzetto="maybe"), "sides.NS.pozzetto", "yes or no"),
    (side(["5S 6S 7S 8S 9S 10S"]), "sides.NS.burraco[0]", "7 cards or more"),
    (side([], melded=["5S 6S 7S 8S 9S 10S JS"]), "sides.NS.melded[0]", "make a burraco"),
    (side([], melded=["5S 6D 7S"]), "sides.NS.melded[0]", "neither a combination"),
    (side(["QH QH QD QD QC QS QS"], melded=["QC QD 2S"]), "sides.NS", "two combinations of Q"),
    (side(["sparkling"], 100), "sides.NS.burraco[0]", "neither a burraco kind"),
    (side([], 50, extra=1), "sides.NS.extra", "unknown field"),
])
def test_impossible_sides_are_refused_naming_the_field(ns, field, says):
    err = error(score, ns, PLAIN_EW)
    assert err.field == field and says in err.message


def test_two_sequences_of_one_suit_are_no_two_combinations():
    data = score(side(["3H 4H 5H 6H 7H 8H 9H"], melded=["10H JH QH"]), PLAIN_EW)
    assert data["points"]["NS"] == 200 + 45 + 30


# --- closing ---------------------------------------------------------------------------------
@pytest.mark.parametrize("ns,rules,says", [
    (side([], 90), "italian", "without a burraco"),
    (side(["clean"], 200, pozzetto=False), "italian", "pozzetto"),
    (side(["dirty", "dirty"], 200), "international", "clean burraco"),
    (side(["semiclean"], 200), "international", "no semiclean"),
])
def test_closing_needs_the_pozzetto_and_a_burraco(ns, rules, says):
    err = error(score, ns, PLAIN_EW, "NS", rules)
    assert says in err.message


def test_closed_by_is_required_and_must_name_a_side():
    doc = {"game": "burraco", "sides": {"NS": side(["clean"], 200), "EW": PLAIN_EW}}
    assert error(GAME.score, doc).field == "closed_by"
    assert error(GAME.score, {**doc, "closed_by": "XY"}).field == "closed_by"
    assert GAME.score({**doc, "closed_by": "nobody"}).to_json()["closed_by"] is None
    assert GAME.score({**doc, "closed_by": "ns"}).to_json()["closed_by"] == "NS"


@pytest.mark.parametrize("n", [1, 4])
def test_a_hand_has_two_or_three_sides(n):
    doc = {"game": "burraco", "closed_by": None, "sides": {f"S{i}": dict(PLAIN_EW) for i in range(n)}}
    assert error(GAME.score, doc).field == "sides"


# --- the deck ---------------------------------------------------------------------------------
def test_the_deck_check_counts_every_card_list_of_every_side():
    ns = side(["QH QH QD QC QS QS QD"], hand_points=0)
    err = error(score, ns, side([], 0, hand="QH 5C"))
    assert err.field == "sides" and err.value == "QH"
    assert error(score, side([], 0, hand="JK JK JK JK JK"), side([], 0, hand="JK JK JK JK")).value == "JK"
    assert score(side([], 0, hand="JK JK QH"), side([], 0, hand="JK JK QH"))["points"] == {"NS": -70, "EW": -70}


# --- the match -------------------------------------------------------------------------------
def test_seating_players_pairs_and_sides():
    assert GAME.setup(None, ["Anna", "Bruno", "Carla"]).sides == {"Anna": ("Anna",), "Bruno": ("Bruno",),
                                                                 "Carla": ("Carla",)}
    four = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    assert four.sides == {"NS": ("Anna", "Carla"), "EW": ("Bruno", "Dario")}
    paired = GAME.setup(None, None, {"Noi": ["Anna", "Carla"], "Voi": ["Bruno", "Dario"]})
    assert paired.players == ("Anna", "Bruno", "Carla", "Dario")
    seated = GAME.setup(None, ["Bruno", "Anna", "Dario", "Carla"], PAIRS)
    assert seated.players == ("Bruno", "Anna", "Dario", "Carla")
    assert [GAME.dealer(seated, i) for i in range(5)] == ["Bruno", "Anna", "Dario", "Carla", "Bruno"]
    assert four.options["target"] == 2005
    assert GAME.setup(None, ["Anna", "Bruno"], options={"target": "1005"}).options["target"] == 1005


@pytest.mark.parametrize("players,sides,field", [
    (["Anna"], None, "players"),
    (["A", "B", "C", "D", "E"], None, "players"),
    (None, {"NS": ["Anna"], "EW": ["Bruno"]}, "sides"),
    (None, {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"], "X": ["Elena", "Fabio"]}, "sides"),
    (["Anna", "Carla", "Bruno", "Dario"], PAIRS, "players"),    # partners side by side
])
def test_seatings_that_cannot_be_are_refused(players, sides, field):
    assert error(GAME.setup, None, players, sides).field == field


def test_a_target_that_cannot_be_is_refused():
    assert error(GAME.setup, None, ["Anna", "Bruno"], None, {"target": "lots"}).field == "options.target"
    assert error(GAME.setup, None, ["Anna", "Bruno"], None, {"traget": 1005}).field == "options.traget"


def hand(ns, ew, closed_by=None):
    return {"sides": {"NS": ns, "EW": ew}, "closed_by": closed_by}


def test_the_first_side_to_the_target_wins_and_a_hand_after_it_is_refused():
    setup = GAME.setup(None, None, PAIRS, {"target": 1005})
    big = hand(side(["clean", "clean"], 300), side([], 40, 60), "NS")
    rp = replay(GAME, setup, [big, big])
    assert [s.totals["NS"] for s in rp.states] == [800, 1600]
    assert rp.final.finished and rp.final.winner == "NS"
    err = error(replay, GAME, setup, [big, big, big])
    assert err.field == "hands[2].hand" and "over" in err.message


def test_a_player_names_a_side_and_closes_for_it():
    setup = GAME.setup(None, None, PAIRS)
    doc = {"sides": {"Carla": side(["clean"], 200), "Bruno": PLAIN_EW}, "closed_by": "Anna"}
    state, result = GAME.apply(setup, GAME.start(setup), doc)
    assert result.to_json()["points"] == {"NS": 500, "EW": 15} and result.to_json()["closed_by"] == "NS"


def test_in_pairs_the_closers_partner_may_hold_cards_but_not_a_single_player():
    pairs = GAME.setup(None, None, PAIRS)
    doc = hand(side(["clean"], 200, 25), PLAIN_EW, "NS")
    assert GAME.apply(pairs, GAME.start(pairs), doc)[1].to_json()["points"]["NS"] == 475
    two = GAME.setup(None, ["NS", "EW"])
    err = error(GAME.apply, two, GAME.start(two), doc)
    assert err.field == "sides.NS.hand_points"
    assert error(GAME.apply, two, GAME.start(two),
                 hand(side(["clean"], 200, hand="5C"), PLAIN_EW, "NS")).field == "sides.NS.hand"
    assert GAME.score({"game": "burraco", **doc}).to_json()["points"]["NS"] == 475  # a lone hand: not checked


def test_a_hand_must_name_exactly_the_matchs_sides():
    setup = GAME.setup(None, None, PAIRS)
    assert error(GAME.apply, setup, GAME.start(setup), {"sides": {"NS": PLAIN_EW}, "closed_by": None}).field == \
        "sides.EW"
    doc = {"sides": {"NS": PLAIN_EW, "EW": PLAIN_EW, "XY": PLAIN_EW}, "closed_by": None}
    assert error(GAME.apply, setup, GAME.start(setup), doc).field == "sides.XY"
    assert error(GAME.apply, setup, GAME.start(setup), {**hand(PLAIN_EW, PLAIN_EW), "rules": "international"}
                 ).field == "rules"


def test_ended_early_the_highest_wins_and_a_tie_gives_nobody():
    setup = GAME.setup(None, ["Anna", "Bruno"], ended_early=True)
    even = {"sides": {"Anna": PLAIN_EW, "Bruno": PLAIN_EW}, "closed_by": None}
    assert replay(GAME, setup, [even]).final.winner is None
    ahead = {"sides": {"Anna": side(["dirty"], 100), "Bruno": PLAIN_EW}, "closed_by": None}
    final = replay(GAME, setup, [ahead]).final
    assert final.winner == "Anna" and not final.finished


def test_the_scoreboard_shows_points_totals_notes_and_what_each_side_needs():
    setup = GAME.setup(None, None, PAIRS)
    rp = replay(GAME, setup, [hand(side(["clean", "dirty"], 290), side(["dirty"], 160, 45, pozzetto=False), "NS")])
    board = GAME.board(setup, rp)
    (table,) = board.tables
    assert table.title == "Burraco (italian) — Anna & Carla v Bruno & Dario"
    assert table.rows == (("1", "Anna", "+690", "690", "+115", "115", "Anna & Carla closed; Anna & Carla 1 clean, "
                           "1 dirty; Bruno & Dario 1 dirty; Bruno & Dario no pozzetto"),)
    assert table.caption == "Game to 2005."
    assert board.notes == ("Next dealer: Bruno.", "To 2005: Anna & Carla 1315, Bruno & Dario 1890.")


def test_describe_hand_with_and_without_its_result():
    doc = hand(side(["clean"], 200), PLAIN_EW, "NS")
    result = GAME.score({"game": "burraco", **doc}).to_json()
    assert GAME.describe_hand(doc, result) == "NS +500 (closed), EW +15"
    assert GAME.describe_hand(hand(PLAIN_EW, PLAIN_EW), None) == "nobody closed"
    assert GAME.describe_hand(doc, None) == "NS closed"
    assert GAME.describe_hand({"sides": 3}, {"points": "x"}) == "nobody closed"


def test_the_demo_match_replays_to_a_win_over_the_target():
    doc = json.loads((Path(__file__).parent.parent.parent / "ledger" / "demo" / "60_burraco.json").read_text())
    setup, docs, _ = read_match_document(doc)
    final = replay(GAME, setup, docs).final
    assert final.finished and final.winner == "NS" and final.totals == {"NS": 2720, "EW": 2300}


# --- the players' words ------------------------------------------------------------------------
@pytest.mark.parametrize("text,fields,closed", [
    ("2 puliti, 1 sporco, calate 310, in mano 35, pozzetto preso",
     {"burraco": [CLEAN, CLEAN, DIRTY], "melded_points": 310, "hand_points": 35, "pozzetto": True}, False),
    ("un semipulito, due burrachi sporchi, in tavola 400, mano 0, chiuso",
     {"burraco": [SEMICLEAN, DIRTY, DIRTY], "melded_points": 400, "hand_points": 0, "pozzetto": True}, True),
    ("nessun burraco, calate 40, in mano 95, pozzetto non preso",
     {"burraco": [], "melded_points": 40, "hand_points": 95, "pozzetto": False}, False),
    ("2 clean, 1 dirty, melded 310, in hand 35, pozzetto, closed",
     {"burraco": [CLEAN, CLEAN, DIRTY], "melded_points": 310, "hand_points": 35, "pozzetto": True}, True),
    ("burraco pulito; 120 melded; 15 in hand; senza pozzetto",
     {"burraco": [CLEAN], "melded_points": 120, "hand_points": 15, "pozzetto": False}, False),
    ("Calate 50", {"burraco": [], "melded_points": 50}, False),
])
def test_a_side_in_one_line(text, fields, closed):
    assert read_side_line(text, "NS", "italian") == (fields, closed)


@pytest.mark.parametrize("text,field,says", [
    ("2 puliti, calate 31", "sides.NS.melded_points", "multiples of 5"),
    ("in mano 30, in mano 40", "sides.NS.hand_points", "contradicts"),
    ("pozzetto preso, senza pozzetto", "sides.NS.pozzetto", "contradicts"),
    ("2 puliti, tre rossi", "sides.NS", "'tre rossi' is not understood"),
    ("molti puliti", "sides.NS", "not understood"),
])
def test_a_line_not_understood_names_the_part(text, field, says):
    err = error(read_side_line, text, "NS", "italian")
    assert err.field == field and says in err.message


def test_a_document_side_in_one_line_closes_for_its_side():
    doc = {"game": "burraco", "sides": {"NS": "2 puliti, 1 sporco, calate 310, in mano 0, chiuso",
                                        "EW": "calate 85, in mano 60, pozzetto preso"}}
    assert GAME.score(doc).to_json()["points"] == {"NS": 910, "EW": 25}
    assert error(GAME.score, {**doc, "closed_by": "EW"}).field == "closed_by"
    assert error(GAME.score, {**doc, "sides": {"NS": "1 pulito, calate 200, in mano 0, chiuso",
                                               "EW": "1 pulito, calate 200, in mano 0, chiuso"}}).field == "closed_by"


def test_entry_words_make_the_hand_document():
    setup = GAME.setup(None, None, PAIRS)
    doc = GAME.parse_entry(setup, ["NS=2 puliti, 1 sporco, calate 310, in mano 0, chiuso",
                                   "EW=1 sporco, calate 150, in mano 35, pozzetto preso"])
    assert doc == {"sides": {"NS": {"burraco": [CLEAN, CLEAN, DIRTY], "melded_points": 310, "hand_points": 0,
                                    "pozzetto": True},
                             "EW": {"burraco": [DIRTY], "melded_points": 150, "hand_points": 35, "pozzetto": True}},
                   "closed_by": "NS"}
    fields = GAME.parse_entry(setup, ["Carla.burrachi=5s 6s 7s 8s 9s ts js", "Anna.calate=KH KD KC; 4C 5C 6C",
                                      "NS.mano=", "NS.pozzetto=sì", "Bruno.burraco=pulito, sporco",
                                      "EW.melded=290", "EW.hand=35", "EW.pozzetto=no", "chiuso=nessuno"])
    assert fields == {"sides": {"NS": {"burraco": ["5S 6S 7S 8S 9S 10S JS"], "melded": ["KH KD KC", "4C 5C 6C"],
                                       "hand": "", "pozzetto": True},
                                "EW": {"burraco": [CLEAN, DIRTY], "melded_points": 290, "hand_points": 35,
                                       "pozzetto": False}},
                      "closed_by": None}
    assert GAME.apply(setup, GAME.start(setup), fields)[1].to_json()["points"] == {"NS": 200 + 55 + 30 + 15,
                                                                        "EW": 200 + 100 + 290 - 35 - 100}


@pytest.mark.parametrize("words,field,says", [
    (["NS.burraco=5S 6S 7S"], "sides.NS.burraco", "7 cards or more"),
    (["NS.melded=5S 6D 7S"], "sides.NS.melded", "neither"),
    (["NS.pozetto=yes"], "entry.NS.pozetto", "did you mean 'pozzetto'"),
    (["NS=2 puliti", "NS=3 puliti"], "sides.NS.burraco", "contradicts"),
    (["chiudo=NS"], "entry.chiudo", "did you mean 'chiu"),
    (["NS"], "entry", "KEY=VALUE"),
])
def test_entry_words_that_cannot_be_are_refused(words, field, says):
    err = error(GAME.parse_entry, GAME.setup(None, None, PAIRS), words)
    assert err.field == field and says in err.message


def test_the_international_entry_refuses_a_semiclean_at_once():
    setup = GAME.setup("international", None, PAIRS)
    assert "no semiclean" in error(GAME.parse_entry, setup, ["NS=1 semipulito"]).message


def ask_all(setup, doc, answers):
    """Answer the questions in order; returns the complete document and the keys asked."""
    asked = []
    for answer in answers:
        qs = GAME.questions(setup, doc)
        if not qs:
            break
        asked.append(qs[0].key)
        doc = qs[0].answer(doc, answer)
    assert GAME.questions(setup, doc) == []
    return doc, asked


def test_the_questions_ask_who_closed_then_each_side_in_seat_order():
    setup = GAME.setup(None, None, PAIRS)
    doc, asked = ask_all(setup, {}, ["NS", "2 puliti, 1 sporco", "310", "0", "yes", "", "KH KD KC", "QC 4D", "no"])
    assert asked == ["closed_by", "sides.NS.burraco", "sides.NS.melded", "sides.NS.hand", "sides.NS.pozzetto",
                     "sides.EW.burraco", "sides.EW.melded", "sides.EW.hand", "sides.EW.pozzetto"]
    assert GAME.apply(setup, GAME.start(setup), doc)[1].to_json()["points"] == {"NS": 910, "EW": 30 - 15 - 100}


def test_a_closing_side_is_offered_its_pozzetto_and_with_single_players_an_empty_hand():
    two = GAME.setup(None, ["Anna", "Bruno"])
    doc = {"closed_by": "Anna", "sides": {"Anna": {"burraco": ["clean"], "melded_points": 200}}}
    q = GAME.questions(two, doc)[0]
    assert q.key == "sides.Anna.hand" and q.default == "0"
    doc = q.answer(doc, q.default)
    q = GAME.questions(two, doc)[0]
    assert q.key == "sides.Anna.pozzetto" and q.default == "yes" and q.choices == ("yes", "no")
    pairs = GAME.setup(None, None, PAIRS)
    q = GAME.questions(pairs, {"closed_by": "NS", "sides": {"NS": {"burraco": ["clean"], "melded_points": 200}}})[0]
    assert q.default is None  # the partner may hold cards: asked


def test_a_bad_answer_is_refused_so_it_is_asked_again():
    setup = GAME.setup(None, None, PAIRS)
    doc = {"closed_by": None, "sides": {"NS": {"burraco": ["clean"]}}}
    q = GAME.questions(setup, doc)[0]
    assert "kinds" in error(q.answer, doc, "KH KD KC").message
    assert error(q.answer, doc, "33").field == "sides.NS.melded_points"  # a count is the document's melded_points
    q = GAME.questions(setup, {"closed_by": None})[0]
    assert error(q.answer, {"closed_by": None}, "2 puliti e mezzo").field == "sides.NS.burraco[0]"


def test_a_hand_that_cannot_be_read_asks_nothing():
    setup = GAME.setup(None, None, PAIRS)
    assert GAME.questions(setup, {"sides": [], "closed_by": None}) == []
    assert GAME.questions(setup, {"sides": {"XY": {}}, "closed_by": None}) == []
    assert GAME.questions(setup, {"sides": {"NS": "chiuso", "EW": "chiuso"}}) == []


# --- properties ------------------------------------------------------------------------------
# sides a deal can give: three of them (one closing, with one more burraco) within the deck's 1080 card points
counts = st.integers(0, 27).map(lambda n: 5 * n)
kinds = st.lists(st.sampled_from([CLEAN, SEMICLEAN, DIRTY]), max_size=2)


@st.composite
def counted_side(draw):
    burrachi = draw(kinds)
    return side(burrachi, 35 * len(burrachi) + draw(counts), draw(counts), draw(st.booleans()))


@given(ns=counted_side(), ew=counted_side(), third=counted_side(), three=st.booleans(),
       closer=st.sampled_from([None, "NS"]))
@settings(max_examples=200)
def test_every_points_total_is_a_multiple_of_5_and_adds_up(ns, ew, third, three, closer):
    if closer == "NS":
        ns = {**ns, "burraco": ns["burraco"] + [CLEAN], "melded_points": ns["melded_points"] + 35, "pozzetto": True}
    sides = {"NS": ns, "EW": ew, **({"XY": third} if three else {})}
    data = GAME.score({"game": "burraco", "sides": sides, "closed_by": closer}).to_json()
    for name, s in sides.items():
        bonus = sum({CLEAN: 200, SEMICLEAN: 150, DIRTY: 100}[k] for k in s["burraco"])
        expect = bonus + 100 * (name == closer) + s["melded_points"] - s["hand_points"] - 100 * (not s["pozzetto"])
        assert data["points"][name] == expect and expect % 5 == 0


DECK = [Card(r, s) for s in SUITS for r in RANKS] * 2 + [Card("JK", "")] * 4


@given(seed=st.integers(0, 10**6), n=st.integers(1, 60), extra=st.integers(0, 103))
@settings(max_examples=200)
def test_the_deck_check_never_accepts_a_third_copy_of_a_card(seed, n, extra):
    cards = random.Random(seed).sample(DECK, n)
    ns, ew = side([], 0, hand=format_cards(cards[: n // 2])), side([], 0, hand=format_cards(cards[n // 2:]))
    assert score(ns, ew)["points"]["NS"] == -cards_value(cards[: n // 2])  # a real deal is accepted
    card = DECK[extra]
    limit = 4 if card.is_joker else 2
    over = [card] * (limit + 1 - cards.count(card)) + cards
    ns = side([], 0, hand=format_cards(over[: len(over) // 2]))
    ew = side([], 0, hand=format_cards(over[len(over) // 2:]))
    assert error(score, ns, ew).value == str(card)


@st.composite
def sequence(draw):
    """A sequence of one suit: ``length`` cards from ``low`` (ace low = 1, high = 14), maybe with one
    natural card replaced by a joker (not at either end, or at an end)."""
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 13))
    low = draw(st.integers(1, 15 - length))
    places = list(range(low, low + length))
    cards = [Card("A" if p in (1, 14) else RANKS[p - 1], suit) for p in places]
    wild_at = draw(st.one_of(st.none(), st.integers(0, length - 1)))
    if wild_at is not None:
        cards[wild_at] = Card("JK", "")
    return cards, wild_at, places


@given(seq=sequence(), seed=st.integers(0, 1000))
@settings(max_examples=300)
def test_a_sequence_is_read_as_one_in_any_order_with_its_kind(seq, seed):
    cards, wild_at, places = seq
    assume(not (len(cards) == 13 and wild_at is not None))  # A to K with a joker: two readings (below)
    shuffled = cards[:]
    random.Random(seed).shuffle(shuffled)
    m = read_meld(shuffled, ITALIAN, "meld")
    assert m.shape == "sequence" and m.points == cards_value(cards)
    if wild_at is None:
        assert m.wild == 0 and m.kind == (CLEAN if len(cards) >= 7 else None)
        return
    below, above = wild_at, len(cards) - 1 - wild_at
    if len(cards) < 7:
        assert m.kind is None
    elif below == 0 or above == 0:  # the joker at an end reads as extending the run (or filling its gap)
        assert m.kind == (SEMICLEAN if len(cards) >= 8 else DIRTY)
    else:
        assert m.kind == (SEMICLEAN if max(below, above) >= 7 else DIRTY)


@given(seq=sequence(), hand_n=st.integers(0, 5), seed=st.integers(0, 1000))
@settings(max_examples=150)
def test_a_side_given_by_cards_scores_as_the_same_side_given_by_counts(seq, hand_n, seed):
    cards, _, _ = seq
    rest = [c for c in DECK if c not in cards]
    hand_cards = random.Random(seed).sample(rest, hand_n)
    as_cards = side([format_cards(cards)] if len(cards) >= 7 else [], melded=[] if len(cards) >= 7 else
                    [format_cards(cards)], hand=format_cards(hand_cards))
    by_cards = score(as_cards, PLAIN_EW)
    counted = side(by_cards["sides"]["NS"]["burraco"], cards_value(cards), cards_value(hand_cards))
    assert score(counted, PLAIN_EW)["points"] == by_cards["points"]
