"""Tressette (RULES.md "Tressette (no seed)"): the worked cases, the points of a hand, every
impossible input the rulings list, the match and its end, and an invariant over random hands."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import ITALIAN_40, format_cards
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.replay import replay
from ledger.games.documents import replay_document
from ledger.games.tressette import rules
from ledger.games.tressette.document import read_accuso
from ledger.games.tressette.rules import Accuso, Kind

GAME = get_game("tressette")
CASES = [c for c in json.loads((Path(__file__).parent.parent / "cases.json").read_text(encoding="utf-8"))
         if c["id"].startswith(("tressette", "error-tressette"))]
EVEN = {"NS": {"aces": 2, "thirds": 10}, "EW": {"aces": 2, "thirds": 10}}
THREE = {"Anna": {"aces": 2, "thirds": 7}, "Bruno": {"aces": 1, "thirds": 7}, "Carla": {"aces": 1, "thirds": 6}}


def score(sides: dict, last: str | None = "NS", **more) -> dict:
    doc = {"game": "tressette", "sides": sides, **more}
    if last is not None:
        doc["last_trick"] = last
    return GAME.score(doc).to_json()


def refused(sides: dict, last: str | None = "NS", **more) -> str:
    """The field a refused hand names."""
    with pytest.raises(LedgerError) as err:
        score(sides, last, **more)
    return err.value.field


def pile(ranks: str, suits: str = "DHCS") -> str:
    return " ".join(f"{r}{s}" for r in ranks.split() for s in suits)


# --- the worked cases ----------------------------------------------------------------------------
def test_the_worked_cases_are_all_here():
    ids = {c["id"] for c in CASES}
    assert len(ids) == 8 and {"tressette-counts", "tressette-tie-play-on", "error-tressette-no-last"} <= ids


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_worked_case(case):
    doc = case["doc"]
    if case.get("expect_error"):
        with pytest.raises(LedgerError):
            GAME.score(doc) if case["kind"] == "score" else replay_document(doc)
        return
    if case["kind"] == "score":
        got = GAME.score(doc).to_json()
    else:
        _, rp = replay_document(doc)
        got = {"totals": dict(rp.final.totals), "winner": rp.final.winner, "finished": rp.final.finished}
    for key, value in case["expect"].items():
        assert got[key] == value, key


# --- the points of a hand ------------------------------------------------------------------------
def test_thirds_are_counted_in_threes_and_the_remainder_dropped():
    out = score({"NS": {"aces": 3, "thirds": 12}, "EW": {"aces": 1, "thirds": 8}}, "EW")
    assert out["card_points"] == {"NS": 7, "EW": 4}  # 21 thirds = 7; 11 thirds = 3 (2 dropped) + last
    assert {"item": "remainder dropped: 2 thirds", "points": 0} in out["items"]["EW"]


def test_two_sides_always_share_11_card_points():
    for aces in range(5):
        for thirds in range(21):
            out = score({"NS": {"aces": aces, "thirds": thirds}, "EW": {"aces": 4 - aces, "thirds": 20 - thirds}})
            assert sum(out["card_points"].values()) == 11


def test_one_card_serves_two_declarations_of_one_player():
    """RULES.md: napoletana of coppe + three 3s including the 3 of coppe = 6."""
    out = score(EVEN, accusi={"NS": ["napoletana di coppe", "tre tre senza denari"]})
    assert out["accusi"] == {"NS": 6, "EW": 0} and out["points"]["NS"] == 6 + 6


def test_four_of_a_rank_is_4_and_the_cards_name_the_declaration():
    out = score(EVEN, accusi={"NS": ["2S 2H 2D 2C"], "EW": ["AH AD AS"]})
    assert out["accusi"] == {"NS": 4, "EW": 3}
    assert [it["item"] for it in out["items"]["EW"]][-1] == "buongioco A -C"
    assert score(EVEN, accusi={"EW": ["AH 2H 3H"]})["accusi"]["EW"] == 3


def test_a_cappotto_voids_the_accusi_unless_the_option_is_off():
    sides = {"NS": {"aces": 0, "thirds": 2}, "EW": {"aces": 4, "thirds": 18}}
    assert score(sides, "EW", accusi={"NS": ["napoletana S"]})["points"]["NS"] == 0
    out = score(sides, "EW", accusi={"NS": ["napoletana S"]}, options={"cappotto_voids_accusi": False})
    assert out["points"]["NS"] == 3


@pytest.mark.parametrize("said, meant", [
    ("napoletana H", Accuso(Kind.NAPOLETANA, "A", "H")), ("napoli di spade", Accuso(Kind.NAPOLETANA, "A", "S")),
    ("buongioco 3 -H", Accuso(Kind.BUONGIOCO, "3", "H")), ("buongioco A", Accuso(Kind.BUONGIOCO, "A", None)),
    ("tre assi senza coppe", Accuso(Kind.BUONGIOCO, "A", "H")), ("quattro tre", Accuso(Kind.BUONGIOCO, "3", None)),
    ("three twos without clubs", Accuso(Kind.BUONGIOCO, "2", "C")), ("tre due manca denari",
                                                                     Accuso(Kind.BUONGIOCO, "2", "D")),
    ("3S 3D 3C", Accuso(Kind.BUONGIOCO, "3", "H")), ("asso di coppe, 2 di coppe, 3 di coppe",
                                                      Accuso(Kind.NAPOLETANA, "A", "H")),
])
def test_the_accusi_as_players_declare_them(said, meant):
    assert read_accuso(said, "accusi.NS") == meant


# --- impossible input, each naming its field -------------------------------------------------------
def test_cards_outside_the_deck_or_twice():
    assert refused({"NS": "8D " + pile("A 2 3 4 5 6 7", "DH"), "EW": "rest"}).startswith("sides.NS")
    assert refused({"NS": pile("A 2", "D"), "EW": "AD " + pile("3 4 5 6 7 J Q K")}, "EW") == "sides.EW"


def test_piles_that_are_not_the_deck():
    assert refused({"NS": pile("A 2 3 4 5"), "EW": pile("6 7 J Q")}) == "sides"
    three = {"Anna": pile("A 2 3"), "Bruno": pile("4 5 6"), "Carla": pile("7 J Q") + " KD KH KC"}
    assert refused(three, "Anna") == "sides"  # KS missing: not a 4
    three["Carla"] = pile("7 J Q K") + " 4D 4H 4C"
    three["Bruno"] = pile("5 6")
    three["Anna"] = pile("A 2 3")
    assert refused(three, "Anna", removed="4D") == "sides.Carla"  # the removed card in a pile


def test_removed_card_is_a_4_of_a_three_player_hand():
    assert refused(THREE, "Carla", removed="2S") == "removed"
    assert refused(EVEN, removed="4S") == "removed"
    three = {"Anna": pile("A 2 3"), "Bruno": pile("5 6") + " 4D 4H 4C 7D", "Carla": "rest"}
    assert refused(three, "Anna") == "removed"  # a 'rest' side needs it
    out = score(three, "Anna", removed="4S")  # Anna 20 thirds = 6 + last; Carla 12 thirds
    assert out["card_points"] == {"Anna": 7, "Bruno": 0, "Carla": 4} and out["removed"] == "4S"


def test_counts_out_of_range_or_not_adding_up():
    assert refused({"NS": {"aces": 5, "thirds": 10}, "EW": {"aces": 0, "thirds": 10}}) == "sides.NS.aces"
    assert refused({"NS": {"aces": 2, "thirds": 21}, "EW": {"aces": 2, "thirds": 0}}) == "sides.NS.thirds"
    assert refused({"NS": {"aces": 2, "thirds": 10}, "EW": {"aces": 1, "thirds": 10}}) == "sides"
    assert refused({"NS": {"aces": 2}, "EW": {"aces": 2, "thirds": 10}}) == "sides.NS.thirds"


def test_a_pile_size_that_is_not_a_multiple_of_the_players():
    assert refused({"NS": pile("A 2 3") + " 4D", "EW": "rest"}) == "sides.NS"  # 13 cards, 2 players


def test_the_last_trick():
    assert refused(EVEN, None) == "last_trick"
    assert refused(EVEN, "Zoe") == "last_trick"
    assert refused({"NS": "rest", "EW": ""}, "EW") == "last_trick"  # an empty pile took no trick


@pytest.mark.parametrize("accusi, field", [
    ({"NS": ["cinque assi"]}, "accusi.NS"),  # unknown
    ({"NS": ["tre assi"]}, "accusi.NS"),  # a three without its missing suit
    ({"NS": ["napoletana H"], "EW": ["napoletana H"]}, "accusi.EW"),  # twice in the hand
    ({"NS": ["buongioco A", "tre assi senza coppe"]}, "accusi.NS"),  # two of one rank
    ({"NS": ["buongioco 3 -S"], "EW": ["buongioco 3 -D"]}, "accusi.EW"),  # two threes
    ({"NS": ["napoletana H"], "EW": ["buongioco 3 -D"]}, "accusi.EW"),  # 3H for two sides
    ({"NS": ["napoletana H", "napoletana D", "napoletana S", "napoletana C"]}, "accusi.NS"),  # 12 > 10
    ({"NS": [{"player": "Anna", "accuso": "napoletana H"}, {"player": "Carla", "accuso": "buongioco 3 -D"}]},
     "accusi.NS"),  # one card, two players of a side
])
def test_accusi_that_cannot_be(accusi, field):
    assert refused(EVEN, accusi=accusi) == field


def test_accusi_when_the_hand_has_none():
    assert refused(EVEN, accusi={"NS": ["napoletana H"]}, options={"accusi": False}) == "accusi.NS"


def test_three_players_hold_13_cards_so_every_ace_2_and_3_fits():
    four = ["napoletana H", "napoletana D", "napoletana S", "napoletana C"]
    assert score(THREE, "Carla", accusi={"Anna": [*four, "quattro tre"]})["accusi"]["Anna"] == 16  # 12 cards


# --- the match ------------------------------------------------------------------------------------
def test_a_match_to_31_deals_to_the_right():
    setup = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    assert dict(setup.sides) == {"NS": ("Anna", "Carla"), "EW": ("Bruno", "Dario")}
    hand = {"sides": {"NS": {"aces": 3, "thirds": 12}, "EW": {"aces": 1, "thirds": 8}}, "last_trick": "NS",
            "accusi": {"Anna": ["napoletana H"]}}
    rp = replay(GAME, setup, [hand] * 3)
    assert [s.totals["NS"] for s in rp.states] == [11, 22, 33] and rp.final.finished and rp.final.winner == "NS"
    assert [GAME.dealer(setup, i) for i in range(4)] == ["Anna", "Dario", "Carla", "Bruno"]
    assert rp.results[0].to_json()["items"]["NS"][-1]["item"] == "napoletana H (Anna)"
    with pytest.raises(LedgerError) as err:
        GAME.apply(setup, rp.final, hand)
    assert err.value.field == "hand"


def test_options_of_the_match():
    assert GAME.setup(None, ["Anna", "Bruno"], None, {"accusi": "no"}).options["target"] == 21
    assert GAME.setup(None, ["Anna", "Bruno"], None, {"obiettivo": 41}).options["target"] == 41
    with pytest.raises(LedgerError) as err:
        GAME.setup(None, ["Anna", "Bruno", "Carla"], None, {"cappotto_wins": True})
    assert err.value.field == "options.cappotto_wins"
    with pytest.raises(LedgerError) as err:
        GAME.setup(None, ["Anna", "Bruno"], None, {"target": 0})
    assert err.value.field == "options.target"


def test_a_cappotto_wins_the_match_at_once_with_the_option():
    setup = GAME.setup(None, ["Anna", "Bruno"], None, {"cappotto_wins": True})
    hand = {"sides": {"Anna": {"aces": 4, "thirds": 18}, "Bruno": {"aces": 0, "thirds": 2}}, "last_trick": "Anna"}
    rp = replay(GAME, setup, [hand])
    assert rp.final.finished and rp.final.winner == "Anna" and rp.final.totals["Anna"] == 11


def test_a_hand_of_a_match_names_exactly_its_sides_and_keeps_its_options():
    setup = GAME.setup(None, ["Anna", "Bruno"])
    with pytest.raises(LedgerError) as err:
        GAME.apply(setup, GAME.start(setup), {"sides": {"Anna": {"aces": 4, "thirds": 20}}, "last_trick": "Anna"})
    assert err.value.field == "sides.Bruno"
    with pytest.raises(LedgerError) as err:
        GAME.apply(setup, GAME.start(setup), {"sides": {"Anna": EVEN["NS"], "Bruno": EVEN["EW"]},
                                              "last_trick": "Anna", "options": {"accusi": False}})
    assert err.value.field == "options.accusi"


def test_ended_early_the_highest_wins_and_nobody_on_a_tie():
    setup = GAME.setup(None, ["Anna", "Bruno"])
    state = GAME.start(setup)
    assert GAME.finish_early(setup, state).winner is None
    state, _ = GAME.apply(setup, state, {"sides": {"Anna": EVEN["NS"], "Bruno": EVEN["EW"]}, "last_trick": "Bruno"})
    assert GAME.finish_early(setup, state).winner == "Bruno"


# --- an invariant over random hands ----------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]))
def test_random_matches_grow_share_the_card_points_and_replay_from_stored_states(seed, players):
    rng = random.Random(seed)
    setup = GAME.setup(None, ["Anna", "Bruno", "Carla", "Dario"][:players])
    state = GAME.start(setup)
    for _ in range(6):
        if state.finished:
            break
        doc = GAME.sample_hand(setup, state, rng)
        stored = GAME.load_state(setup, json.loads(json.dumps(state.to_json())))
        new, result = GAME.apply(setup, state, doc)
        again, _ = GAME.apply(setup, stored, doc)
        assert again.to_json() == new.to_json()  # a stored state replays as the fresh one
        cards = result.to_json()["card_points"]
        assert sum(cards.values()) in ((11,) if len(cards) == 2 else (10, 11))
        assert all(new.totals[s] >= state.totals[s] for s in setup.side_names)
        state = new


def test_a_deck_split_anyhow_counts_its_thirds():
    deck = ITALIAN_40.cards()
    random.Random(3).shuffle(deck)
    out = score({"NS": format_cards(deck[:18]), "EW": format_cards(deck[18:])})
    assert sum(out["card_points"].values()) == 11
    assert rules.card_points(rules.Pile(4, 20), True) == (11, 2)  # 32 thirds: 10, 2 dropped, + last


def test_the_rest_of_counted_piles():
    """``noi 3 assi 12 figure, voi resto``: the rest holds the aces and thirds no other side took."""
    out = score({"NS": {"aces": 3, "thirds": 12}, "EW": "resto"}, "EW")
    assert out["card_points"] == {"NS": 7, "EW": 4}
    assert refused({"NS": {"aces": 3, "thirds": 12}, "EW": {"aces": 2, "thirds": 1}, "Carla": "rest"}, "NS") == \
        "sides.Carla"
