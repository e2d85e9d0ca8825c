"""Italian Canasta matches and hands dealt at random, for the synthetic ledger of ``bench/synthetic.py`` (its
``Game.sample_setup`` and ``Game.sample_hand``): what a real table would enter, not a test's
fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.games.base import Game, MatchSetup, MatchState
from ledger.games.jsontypes import JsonDict

_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Two pairs of ``players``, Italian rules."""
    four = rng.sample(list(players), 4)
    return game.setup("italian", None, {"NS": [four[0], four[2]], "EW": [four[1], four[3]]}, {})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """Each side's canastas, melded points, points left in hand and red threes; a side closes
    (with a canasta of each kind) most hands."""
    sides = list(setup.side_names)
    doc: JsonDict = {"sides": {}}
    closer = rng.choice(sides) if rng.random() < 0.85 else None
    threes = rng.randint(0, 3)
    for side in sides:
        pure = rng.choice((0, 1, 1, 2, 3)) or (1 if side == closer else 0)
        dirty = rng.choice((0, 1, 1, 2)) or (1 if side == closer else 0)
        canastas = [f"pure {rng.choice(_RANKS)}" for _ in range(pure)]
        canastas += [f"dirty {rng.choice(_RANKS)}" for _ in range(dirty)]
        red = threes if side == sides[0] else rng.randint(0, 6 - threes)
        # at most 5 × 85 + 70 × 5 = 775 melded a side, 150 in hand: within the decks' 1740 card points
        doc["sides"][side] = {"canastas": canastas, "melded_points": 5 * rng.randint(40, 85) + 70 * len(canastas),
                              "hand_points": 0 if side == closer else 5 * rng.randint(0, 30),
                              "red_threes": min(red, 3)}
    doc["closed_by"] = closer
    return doc
