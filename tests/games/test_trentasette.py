"""Trentasette scorer (ledger/games/trentasette.py; seed 000, RULES.md "Trentasette")."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import FRENCH_52, format_cards, parse_cards
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import replay
from ledger.games.trentasette.rules import pile_from_cards

G = get_game("trentasette")
DECK = [str(c) for c in FRENCH_52.cards()]


def suit(s, ranks="A 2 3 4 5 6 7 8 9 10 J Q K"):
    return [r + s for r in ranks.split()]


def items(result, side):
    return {i["item"]: i["points"] for i in result.to_json()["items"][side]}


def score(sides, **kw):
    return G.score({"game": "trentasette", "sides": sides, **kw})


# --- worked cases (shared/cases) ---------------------------------------------------------------
def test_case_two_sides_with_rest():
    r = score({"Giulia": "rest",
               "Dario": "QC 4C 2D 3S KD 6C KC 4H 6S 2C QS 2H 2S 4D 9H AC 3C 9D AS 7C 9C 10H 6D AD 7D KS 10D JD"})
    assert r.to_json()["points"] == {"Giulia": 6, "Dario": 2}


def test_case_three_sides():
    r = score({"Piero": "5H 8C 9C 8H 8S 2C 5S 7S 8D JS 2H AH AC 6C 9S 3C",
               "Anna": "JD KC 10S 2S 10H AS KD 10D 10C 4D 5C QH 4S 4H 9H 3D 6S 9D JH QS AD JC 3H 5D",
               "Giulia": "3S 7C KH QC 6D QD 6H 7H KS 4C 7D 2D"})
    assert r.to_json()["points"] == {"Piero": 4, "Anna": 3, "Giulia": 2}


def test_case_table_goes_to_last_capture():
    carla = "4C 3H AS 7H 3C 5D 3D 4S AD 8C 2C 2H KD 7C 4H 5C 9C 9D 4D KC 6S 5S QD 6C JH 3S 8S"
    r = score({"Carla": carla, "Piero": "rest"}, table=["10S", "QS"], last_capture="Carla")
    assert r.to_json()["points"] == {"Carla": 8, "Piero": 2}
    assert r.to_json()["piles"]["Carla"]["cards"] == 29


# --- every item by hand ------------------------------------------------------------------------
def test_each_item_two_sides():
    # Anna: all hearts and all diamonds (runs, AH, no spades/clubs); Bruno the rest
    anna = suit("H") + suit("D")
    r = score({"Anna": " ".join(anna), "Bruno": "rest"})
    a, b = items(r, "Anna"), items(r, "Bruno")
    assert a == {"ace of hearts": 2, "run in hearts": 3, "run in diamonds": 3, "no spades": -3, "no clubs": -3}
    assert b == {"two of spades": -1, "run in spades": 3, "run in clubs": 3, "no hearts": -3, "no diamonds": -3}
    assert r.to_json()["points"] == {"Anna": 2, "Bruno": -1}  # equal cards and figures: nobody gets +1


def test_complete_ranks_most_cards_and_no_seven():
    anna = [r + s for r in ("3", "6", "K") for s in "SHDC"] + ["AH", "2S", "QH"]
    r = score({"Anna": " ".join(anna), "Bruno": "rest"})
    a = items(r, "Anna")
    assert a["all four 3s"] == 2 and a["all four 6s"] == 2
    assert "all four Ks" not in a  # figures never count
    assert a["no seven"] == -2 and a["two of spades"] == -1 and a["ace of hearts"] == 2
    b = items(r, "Bruno")
    assert b["most cards"] == 1 and b["most figures"] == 1


def test_three_sides_use_three_of_a_rank_and_runs_of_six():
    anna = "AS 2S 3S 4S 5S 6S 9H 9D 9C".split()
    bruno = "AH 2H 3H 4H 5H 7H".split()
    rest = [c for c in DECK if c not in anna + bruno]
    r = score({"Anna": anna, "Bruno": bruno, "Carla": rest})
    a, b = items(r, "Anna"), items(r, "Bruno")
    assert a["run in spades"] == 3 and a["three or four 9s"] == 2
    assert "run in hearts" not in b  # A-5 then 7: the run is only 5 long


def test_ties_for_most_give_nobody_the_point():
    r = score({"Anna": suit("S") + suit("H"), "Bruno": "rest"})
    assert "most cards" not in items(r, "Anna") and "most cards" not in items(r, "Bruno")
    assert "most figures" not in items(r, "Anna") and "most figures" not in items(r, "Bruno")


def test_a_longer_run_still_gives_three_and_only_numeric_cards_count():
    p = pile_from_cards(parse_cards(suit("C")), 2)
    assert p.runs == frozenset({"C"})
    p = pile_from_cards(parse_cards("5C 6C 7C 8C 9C 10C JC QC KC"), 2)
    assert p.runs == frozenset()  # 5-10 is six long; J Q K never join a run
    p = pile_from_cards(parse_cards("JH QH KH AS"), 2)
    assert "H" in p.missing_suits  # figures do not save a suit


# --- errors ------------------------------------------------------------------------------------
@pytest.mark.parametrize("sides,field", [
    ({"A": "AH", "B": "AH"}, "sides.B"),
    ({"A": "rest", "B": "rest"}, "sides.B"),
    ({"A": "AH 2H", "B": "3H"}, "sides"),
    ({"A": "AH ZZ", "B": "rest"}, "sides.A[1]"),
    ({"A": "JK", "B": "rest"}, "sides.A"),
    ({"A": "rest"}, "sides"),
    ({"A": "rest", "B": "AH", "C": "2H", "D": "3H"}, "sides"),
])
def test_bad_hands(sides, field):
    with pytest.raises(LedgerError) as err:
        score(sides)
    assert err.value.field == field


def test_table_needs_last_capture():
    with pytest.raises(LedgerError) as err:
        score({"A": "AH", "B": "rest"}, table="2H")
    assert err.value.field == "last_capture"


def test_unknown_field_is_refused():
    with pytest.raises(LedgerError) as err:
        G.score({"game": "trentasette", "sides": {"A": "AH", "B": "rest"}, "tabel": "2H"})
    assert err.value.field == "tabel"


# --- counted piles -----------------------------------------------------------------------------
def counts_of(cards, n_sides):
    p = pile_from_cards(parse_cards(cards), n_sides)
    return p.to_json()


def test_counts_score_like_cards():
    anna = suit("H") + ["3S", "3D", "3C", "7S"]
    bruno = [c for c in DECK if c not in anna]
    by_cards = score({"Anna": anna, "Bruno": bruno})
    by_counts = score({"Anna": counts_of(anna, 2), "Bruno": counts_of(bruno, 2)})
    mixed = score({"Anna": counts_of(anna, 2), "Bruno": bruno})
    assert by_cards.to_json()["points"] == by_counts.to_json()["points"] == mixed.to_json()["points"]


@pytest.mark.parametrize("change,field_part", [
    ({"cards": 30}, "cards add up"),
    ({"figures": 5}, "figures add up"),
    ({"ace_of_hearts": True}, "ace of hearts must be in exactly one pile, but Anna and Bruno"),
    ({"two_of_spades": False}, "two of spades must be in exactly one pile, but no side"),
    ({"ranks": ["3"]}, "complete ranks need 4 suits"),
    ({"runs": ["H"]}, "a run in hearts but no hearts"),
    ({"sevens": False, "ranks": ["7"], "missing_suits": []}, "sevens complete but no seven"),
])
def test_counts_are_checked_for_consistency(change, field_part):
    anna = suit("H") + ["3S", "3D", "3C", "7S"]
    bruno = [c for c in DECK if c not in anna]
    a = counts_of(anna, 2)
    b = {**counts_of(bruno, 2), **change}
    with pytest.raises(LedgerError, match=field_part):
        score({"Anna": a, "Bruno": b})


def test_counts_need_every_fact():
    full = {"cards": 26, "figures": 6, "ranks": [], "ace_of_hearts": True, "two_of_spades": False,
            "sevens": True, "runs": [], "missing_suits": []}
    with pytest.raises(LedgerError) as err:
        score({"Anna": full, "Bruno": "rest"})
    assert err.value.field == "sides.Bruno"  # rest needs every other pile as cards
    for fact in full:
        partial = {k: v for k, v in full.items() if k != fact}
        with pytest.raises(LedgerError) as err:
            score({"Anna": partial, "Bruno": full})
        assert err.value.field == f"sides.Anna.{fact}"


def test_counts_against_piles_given_as_cards():
    # Anna (cards) holds all four sevens and all the numeric hearts; Bruno counts
    anna = [f"7{s}" for s in "SDC"] + [f"{r}H" for r in "A 2 3 4 5 6 7 8 9 10".split()]
    bruno_cards = [c for c in DECK if c not in anna]
    bruno = pile_from_cards(parse_cards(bruno_cards), 2).to_json()
    assert score({"Anna": anna, "Bruno": bruno}).to_json()["points"] == score({"Anna": anna, "Bruno": bruno_cards}).to_json()["points"]
    with pytest.raises(LedgerError, match="sevens"):
        score({"Anna": anna, "Bruno": {**bruno, "sevens": True}})
    with pytest.raises(LedgerError, match="hearts"):
        score({"Anna": anna, "Bruno": {**bruno, "missing_suits": []}})
    with pytest.raises(LedgerError, match="hearts"):
        score({"Anna": anna[:-1], "Bruno": {**bruno, "cards": bruno["cards"] + 1}})


# --- a match -----------------------------------------------------------------------------------
def test_first_to_37_and_ties_play_on():
    setup = G.setup(None, ["Anna", "Bruno"])
    big = suit("H") + suit("D")
    state = G.start(setup)
    state = type(state)(state.hands, {"Anna": 36, "Bruno": 35})
    state2, _ = G.apply(setup, state, {"sides": {"Anna": big, "Bruno": "rest"}})  # +2 and -1
    assert state2.totals == {"Anna": 38, "Bruno": 34}
    assert state2.finished and state2.winner == "Anna"
    level = type(state)(0, {"Anna": 35, "Bruno": 38})
    state3, _ = G.apply(setup, level, {"sides": {"Anna": big, "Bruno": "rest"}})
    assert state3.totals == {"Anna": 37, "Bruno": 37} and not state3.finished and state3.winner is None
    both = type(state)(0, {"Anna": 35, "Bruno": 39})
    state4, _ = G.apply(setup, both, {"sides": {"Anna": big, "Bruno": "rest"}})
    assert state4.totals == {"Anna": 37, "Bruno": 38} and state4.winner == "Bruno"
    with pytest.raises(LedgerError, match="over"):
        G.apply(setup, state2, {"sides": {"Anna": big, "Bruno": "rest"}})


def test_four_players_are_two_teams_sitting_alternately():
    setup = G.setup(None, ["Anna", "Bruno", "Carla", "Dario"])
    assert setup.sides == {"Anna & Carla": ("Anna", "Carla"), "Bruno & Dario": ("Bruno", "Dario")}
    # a side can be named by any of its players
    rp = replay(G, setup, [{"sides": {"Carla": suit("H") + suit("D"), "Dario": "rest"}}])
    assert rp.final.totals == {"Anna & Carla": 2, "Bruno & Dario": -1}
    assert [G.dealer(setup, i) for i in range(5)] == ["Anna", "Bruno", "Carla", "Dario", "Anna"]


def test_match_errors():
    setup = G.setup(None, ["Anna", "Bruno", "Carla"])
    with pytest.raises(LedgerError, match="missing the pile"):
        G.apply(setup, G.start(setup), {"sides": {"Anna": "rest", "Bruno": "AH"}})
    with pytest.raises(LedgerError, match="not a player of this match"):
        G.apply(setup, G.start(setup), {"sides": {"Anna": "rest", "Bruno": "AH", "Zoe": "2H"}})
    with pytest.raises(LedgerError, match="2 to 4 players"):
        G.setup(None, ["Anna"])
    with pytest.raises(LedgerError, match="appears twice"):
        G.setup(None, ["Anna", "anna"])


# --- properties --------------------------------------------------------------------------------
@st.composite
def partitions(draw, n_sides=None):
    n = n_sides or draw(st.sampled_from([2, 3]))
    owners = draw(st.lists(st.integers(0, n - 1), min_size=52, max_size=52))
    piles = {f"P{i}": [c for c, o in zip(DECK, owners) if o == i] for i in range(n)}
    return piles


@given(partitions())
@settings(max_examples=150)
def test_any_partition_of_the_deck_scores(piles):
    r = score(piles)
    pts = r.to_json()["points"]
    assert set(pts) == set(piles)
    for side, its in r.to_json()["items"].items():
        assert sum(i["points"] for i in its) == pts[side]
    # +1 most cards and +1 most figures go to one side at most each
    total_bonus = sum(1 for its in r.to_json()["items"].values() for i in its if i["item"].startswith("most"))
    assert total_bonus <= 2


@given(partitions())
@settings(max_examples=100)
def test_rest_of_the_deck_equals_entering_it_in_full(piles):
    full = score(piles)
    last = list(piles)[-1]
    with_rest = score({**piles, last: "rest"})
    assert with_rest.to_json()["points"] == full.to_json()["points"]


@given(partitions())
@settings(max_examples=100)
def test_counted_facts_score_exactly_like_the_cards(piles):
    n = len(piles)
    counted = {s: pile_from_cards(parse_cards(c), n).to_json() for s, c in piles.items()}
    assert score(counted).to_json()["points"] == score(piles).to_json()["points"]


@given(partitions(), st.integers(0, 5))
@settings(max_examples=60)
def test_table_remnants_count_for_the_last_capture(piles, k):
    first = list(piles)[0]
    table, keep = piles[first][:k], piles[first][k:]
    moved = score({**piles, first: keep}, table=format_cards(parse_cards(table)) if table else None,
                  last_capture=first if table else None)
    assert moved.to_json()["points"] == score(piles).to_json()["points"]


# --- the declared hand: words, labels, the docs' table of fields -----------------------------------
def test_the_table_says_a_hand_in_phrases_and_errors_are_labelled():
    from ledger.games.trentasette.hand import FORM
    from ledger.i18n import speaking

    setup = G.setup(None, ["Anna", "Bruno"])
    doc = G.parse_entry(setup, "Anna AH 2H 3H ; Bruno resto ; tavolo 5C 7D ; ultima Anna".split())
    assert doc == {"sides": {"Anna": "AH 2H 3H", "Bruno": "rest"}, "table": "5C 7D", "last_capture": "Anna"}
    assert G.parse_entry(setup, ["Anna.figure=6", "Anna.asso_di_cuori=sì"]) == {
        "sides": {"Anna": {"figures": 6, "ace_of_hearts": True}}}
    assert FORM.label("sides.Anna.figures") == "Anna, figures" and FORM.label("last_capture") == "last capture"
    with speaking("it"):
        assert FORM.label("sides.Anna.figures") == "Anna, figure"


def test_a_count_is_asked_in_the_words_of_a_match_of_two_sides():
    setup = G.setup(None, ["Anna", "Bruno"])
    doc = {"sides": {"Anna": "rest", "Bruno": {"cards": 26, "figures": 6}}}
    (q, *_) = G.questions(setup, doc)
    assert q.key == "sides.Bruno.ranks" and q.text == 'Bruno: numeric ranks held complete (all 4), e.g. "3 6" or none'
    assert q.answer(doc, "3 6")["sides"]["Bruno"]["ranks"] == ["3", "6"]


def test_the_docs_table_of_fields_is_the_declared_hand():
    from ledger.games.trentasette.hand import FORM
    from tests.games.hand_tables import fields_table

    page = (Path(__file__).parents[2] / "docs" / "rules" / "trentasette.md").read_text(encoding="utf-8")
    assert fields_table(FORM) in page, fields_table(FORM)
