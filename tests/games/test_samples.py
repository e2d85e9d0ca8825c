"""Each game's matches dealt at random (``Game.sample_setup``, ``Game.sample_hand``: the synthetic
ledger of bench/synthetic.py) are matches the game's own scorer takes."""

from __future__ import annotations

import random

import pytest

from ledger.errors import LedgerError
from ledger.games import available, get_game

PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]
SAMPLED = [g for g in available() if get_game(g).samples]


def test_the_synthetic_ledger_deals_most_games():
    assert {"trentasette", "trentuno", "simone", "bridge", "canasta"} <= set(SAMPLED)


@pytest.mark.parametrize("name", SAMPLED)
def test_sampled_hands_are_scored_as_a_table_would_enter_them(name):
    game = get_game(name)
    rng = random.Random(11)
    for _ in range(3):
        setup = game.sample_setup(PLAYERS, rng)
        assert set(setup.players) <= set(PLAYERS)
        state, taken, tries = game.start(setup), 0, 0
        while not state.finished and taken < 12 and tries < 200:
            tries += 1
            doc = game.sample_hand(setup, state, rng)
            try:
                state, result = game.apply(setup, state, doc)
            except LedgerError:
                continue  # a deal the scorer refuses is dealt again
            taken += 1
            assert state.hands == taken and result.to_json()
        assert taken > 0  # the sampler deals hands the scorer takes


def test_a_game_without_samples_says_so():
    plain = [g for g in available() if not get_game(g).samples]
    for name in plain:
        with pytest.raises(NotImplementedError):
            get_game(name).sample_hand(None, None, random.Random(1))  # type: ignore[arg-type]
