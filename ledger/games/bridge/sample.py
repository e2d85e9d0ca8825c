"""Rubber bridge matches and deals dealt at random, for the synthetic ledger of ``bench/synthetic.py`` (its
``Game.sample_setup`` and ``Game.sample_hand``): what a real table would enter, not a test's
fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.games.base import Game, MatchSetup, MatchState
from ledger.games.jsontypes import JsonDict

_STRAINS = ("C", "D", "H", "S", "NT")


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """A rubber between four of ``players``."""
    four = rng.sample(list(players), 4)
    return game.setup("rubber", None, {"NS": [four[0], four[2]], "EW": [four[1], four[3]]}, {})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """A contract (passed out one deal in twenty), its declarer and the tricks taken: about as
    many as bid, give or take."""
    if rng.random() < 0.05:
        return {"contract": "Pass"}
    level = rng.choices(range(1, 8), weights=(10, 22, 25, 25, 10, 6, 2))[0]
    double = rng.choices(("", "X", "XX"), weights=(90, 9, 1))[0]
    tricks = max(0, min(13, 6 + level + round(rng.gauss(0, 1.2))))
    return {"contract": f"{level}{rng.choice(_STRAINS)}{double}", "declarer": rng.choice("NESW"),
            "tricks": tricks, "honors": None}
