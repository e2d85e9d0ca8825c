"""``Game.describe_hand``: one line per hand for ``ledger match history``, for every game.

Given the hand's stored result it says what the scorer's summary said when the hand was scored
(checked on every hand of the demo matches, the worked match cases and a few more); given only
the document, what was entered; given a result it cannot read, never an exception."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ledger
from ledger.games import available, get_game
from ledger.games.documents import replay_document

DEMO = sorted((Path(ledger.__file__).parent / "demo").glob("*.json"))
CASES = json.loads((Path(__file__).parent.parent / "cases.json").read_text(encoding="utf-8"))
PAIRS = {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}
MORE = {
    "bridge-chicago": {"game": "bridge", "rules": "chicago", "sides": PAIRS, "hands": [
        {"contract": "3NT", "declarer": "N", "tricks": 9}, {"contract": "pass"},
        {"contract": "2H", "declarer": "E", "result": "-1"}, {"contract": "4S", "declarer": "W", "tricks": 10}]},
    "bridge-duplicate": {"game": "bridge", "rules": "duplicate", "sides": PAIRS, "hands": [
        {"contract": "4S", "declarer": "N", "tricks": 10}, {"contract": "3NTX", "declarer": "E", "result": "-2"}]},
    "canasta-classic": {"game": "canasta", "rules": "classic", "players": ["Anna", "Bruno"], "hands": [
        {"sides": {"Anna": "1 pure, melded 200, in hand 0, closed", "Bruno": "melded 90, in hand 40"}},
        {"sides": {"Anna": "melded 60, in hand 30", "Bruno": "melded 95, in hand 35"}, "closed_by": None}]},
}

def demo_matches():
    """Every match of the demo files (a file holds a match document or a list of them)."""
    for path in DEMO:
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, doc in enumerate(data if isinstance(data, list) else [data]):
            yield f"{path.stem}-{i}", doc


MATCHES = (list(demo_matches())
           + [(c["id"], c["doc"]) for c in CASES if c["kind"] == "replay" and not c.get("expect_error")]
           + list(MORE.items()))


def test_every_game_is_covered():
    assert {doc["game"] for _, doc in MATCHES} == set(available())


@pytest.mark.parametrize("name,doc", MATCHES, ids=[n for n, _ in MATCHES])
def test_with_its_stored_result_a_hand_is_described_as_its_summary(name, doc):
    setup, rp = replay_document(doc)
    game = get_game(setup.game)
    live = [h for h in doc["hands"] if not h.get("voided")]
    assert rp.results
    for hand, result in zip(live, rp.results):
        stored = json.loads(json.dumps(result.to_json()))  # as the ledger keeps it
        line = game.describe_hand(hand, stored, setup)
        assert line and "\n" not in line
        assert line == result.summary, (hand, line, result.summary)
        assert game.describe_hand(hand) != ""  # what was entered, without a result


@pytest.mark.parametrize("game", available())
@pytest.mark.parametrize("result", [None, {}, {"points": "x"}, {"sums": []}, {"contract": 3}, {"knocked_by": 5}])
def test_a_result_it_cannot_read_is_no_error(game, result):
    assert isinstance(get_game(game).describe_hand({}, result), str)


def test_examples():
    bridge, simone, trentuno = get_game("bridge"), get_game("simone"), get_game("trentuno")
    assert bridge.describe_hand({}, bridge.score({"contract": "4SX", "declarer": "W", "result": "-2",
                                                  "vulnerable": "None"}).to_json()) == "4SX by W -2: NS +300"
    assert simone.describe_hand({}, {"sums": {"Anna": 12, "Bruno": 9}, "winners": ["Bruno"],
                                     "knocked_by": None}) == "Anna 12, Bruno 9 — Bruno wins"
    data = {"knocked_by": "Bruno", "shown31": None, "took_widow": None, "lose_life": ["Anna"], "counts": True,
            "reentry": ["Carla"], "bet": {"won": True, "drawn": "Dario"}, "winner": "Bruno", "pot_cents": 450}
    setup = trentuno.setup(None, ["Anna", "Bruno", "Carla", "Dario"], None, {})
    assert trentuno.describe_hand({}, data, setup) == ("re-entry Carla; Bruno knocks: Anna loses a life; "
                                                      "Dario wins the bet and re-enters; Bruno wins the pot of 4.50 EUR")
    assert get_game("trentasette").describe_hand(
        {"sides": {"Anna": "AH 2H 3H", "Bruno": {"cards": 3}, "Carla": "rest"}, "table": "5C 9D",
         "last_capture": "Anna"}) == "Anna 3 cards, Bruno counted, Carla rest; table 2 cards to Anna"
