"""Burraco and Canasta counts that no deal can give are refused, as Scopa's are (issue 31, item 4;
RULES.md Burraco "Impossible input", Canasta): card points beyond what the decks hold, more
burrachi or canastas than the cards allow, more wild cards than the deck has, and every count
bounded. The bounds are the decks': Burraco 108 cards, 1080 card points, 12 wild cards; Canasta
italian 162 cards, 1740 card points, 18 wild cards; classic 108 cards, 1180 card points, 12."""

from __future__ import annotations

import json
import time

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.burraco.melds import DECK_POINTS, WILD_CARDS
from ledger.games.canasta.rules import CLASSIC, ITALIAN, deck_points

BURRACO, CANASTA = get_game("burraco"), get_game("canasta")


def burraco_side(burraco=(), melded=0, hand=0, pozzetto=True):
    return {"burraco": list(burraco), "melded_points": melded, "hand_points": hand, "pozzetto": pozzetto}


def canasta_side(canastas=(), melded=0, hand=0, red=0):
    return {"canastas": list(canastas), "melded_points": melded, "hand_points": hand, "red_threes": red}


def refused(game, sides, rules=None) -> LedgerError:
    doc = {"sides": sides, "closed_by": None, **({"rules": rules} if rules else {})}
    with pytest.raises(LedgerError) as info:
        game.score(doc)
    return info.value


def test_the_bounds_are_the_decks():
    assert (DECK_POINTS, WILD_CARDS) == (1080, 12)
    assert (deck_points(ITALIAN), deck_points(CLASSIC)) == (1740, 1180)


@pytest.mark.parametrize("field, value", [("melded_points", 10 ** 9), ("melded_points", 10 ** 30),
                                          ("hand_points", 10 ** 9), ("melded_points", 1085)])
def test_a_burraco_count_beyond_the_deck_is_refused_naming_the_side(field, value):
    err = refused(BURRACO, {"NS": {**burraco_side(), field: value}, "EW": burraco_side()})
    assert err.field == f"sides.NS.{field}" and "out of range (0 to 1080)" in err.message


def test_burraco_card_points_of_all_sides_fit_in_the_deck():
    err = refused(BURRACO, {"NS": burraco_side(melded=600), "EW": burraco_side(melded=300, hand=200)})
    assert err.field == "sides.EW.melded_points" and "1100" in err.message and "1080" in err.message
    ok = BURRACO.score({"sides": {"NS": burraco_side(melded=600), "EW": burraco_side(melded=300, hand=180)},
                        "closed_by": None}).to_json()
    assert ok["points"] == {"NS": 600, "EW": 120}  # 1080 in all: every card counted, possible


def test_sixteen_clean_burrachi_need_more_cards_than_the_deck_has():
    err = refused(BURRACO, {"NS": burraco_side(["clean"] * 16, melded=16 * 35), "EW": burraco_side()})
    assert err.field == "sides.NS.burraco" and "112" in err.message and "108" in err.message
    fifteen = burraco_side(["clean"] * 15, melded=15 * 35)  # 105 cards: the deck can (15 × 7 of 108)
    assert BURRACO.score({"sides": {"NS": fifteen, "EW": burraco_side()}, "closed_by": None})


def test_dirty_burrachi_need_a_wild_card_each():
    err = refused(BURRACO, {"NS": burraco_side(["dirty"] * 9, melded=9 * 35),
                            "EW": burraco_side(["semiclean"] * 4, melded=4 * 35)})
    assert err.field == "sides.EW.burraco" and "13 wild cards" in err.message
    err = refused(BURRACO, {"NS": burraco_side(["dirty"] * 11, melded=11 * 35),
                            "EW": {**burraco_side(), "hand": "JK 2H", "hand_points": None}})
    assert err.field == "sides.EW.burraco"  # the hand's joker and pinella are two of the 12
    twelve = {"NS": burraco_side(["dirty"] * 12, melded=12 * 35), "EW": burraco_side()}
    assert BURRACO.score({"sides": twelve, "closed_by": None})


@pytest.mark.parametrize("rules, most", [("italian", 1740), ("classic", 1180)])
def test_a_canasta_count_beyond_the_decks_is_refused_naming_the_side(rules, most):
    err = refused(CANASTA, {"NS": canasta_side(melded=10 ** 30), "EW": canasta_side(melded=50)}, rules)
    assert err.field == "sides.NS.melded_points" and f"(0 to {most})" in err.message
    err = refused(CANASTA, {"NS": canasta_side(melded=50), "EW": canasta_side(hand=10 ** 9)}, rules)
    assert err.field == "sides.EW.hand_points"
    err = refused(CANASTA, {"NS": canasta_side(melded=most - 50), "EW": canasta_side(melded=50, hand=5)}, rules)
    assert err.field == "sides.EW.melded_points" and str(most + 5) in err.message
    assert CANASTA.score({"rules": rules, "sides": {"NS": canasta_side(melded=most - 50),
                                                    "EW": canasta_side(melded=50)}, "closed_by": None})


def test_more_canastas_than_the_cards_allow_are_refused():
    # italian: 162 cards; 23 canastas of 7 are 161, with a red three set aside 162, with two 163
    err = refused(CANASTA, {"NS": canasta_side(["pure"] * 23, melded=23 * 35, red=2), "EW": canasta_side(melded=50)})
    assert err.field == "sides.NS.canastas" and "163" in err.message and "162" in err.message
    assert CANASTA.score({"sides": {"NS": canasta_side(["pure"] * 23, melded=23 * 35, red=1),
                                    "EW": canasta_side(melded=50)}, "closed_by": None})
    err = refused(CANASTA, {"NS": canasta_side(["pure"] * 16, melded=16 * 35), "EW": canasta_side(melded=50)},
                  "classic")
    assert err.field == "sides.NS.canastas" and "112" in err.message and "108" in err.message


def test_more_wild_cards_than_the_decks_have_are_refused():
    err = refused(CANASTA, {"NS": canasta_side(["dirty"] * 10, melded=10 * 70), "EW": canasta_side(
        ["dirty"] * 9, melded=9 * 70)})
    assert err.field == "sides" and "19" in err.message and "wild" in err.message  # 18 in three decks


def test_hand_add_stores_nothing_for_an_impossible_count(cli, tmp_path):
    cli("match", "new", "burraco", "-p", "Anna,Bruno")
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"sides": {"Anna": burraco_side(["clean"] * 16, melded=560),
                                          "Bruno": burraco_side(melded=45, hand=30)}, "closed_by": None}))
    line = cli.error("hand", "add", "last", "-f", str(path))
    assert line.startswith("error: hand 1: Anna, burrachi: ") and "108" in line
    path.write_text(json.dumps({"sides": {"Anna": burraco_side(melded=10 ** 9), "Bruno": burraco_side()},
                                "closed_by": None}))
    assert cli.error("--lang", "it", "hand", "add", "last", "-f", str(path)).startswith(
        "errore: mano 1: Anna, punti delle carte calate: ")
    assert cli.json("show", "last")["hands"] == []


def test_a_count_of_canastas_in_words_is_bounded_before_anything_is_made():
    """``"999999999 pure"`` made a list of a billion canastas (15 GB) before any check."""
    side = {**canasta_side(melded=50), "canastas": ["999999999 pure"]}
    start = time.perf_counter()
    err = refused(CANASTA, {"NS": side, "EW": canasta_side(melded=50)})
    assert time.perf_counter() - start < 1.0
    assert err.field == "sides.NS.canastas[0]" and "23 at most" in err.message
    side["canastas"] = ["16 pure"]  # a count the words take, that two decks cannot give
    assert refused(CANASTA, {"NS": {**side, "melded_points": 16 * 35}, "EW": canasta_side(melded=50)},
                   "classic").field == "sides.NS.canastas"
