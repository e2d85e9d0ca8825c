"""Score sheets and rounds made at random, for the synthetic ledger of ``bench/synthetic.py`` and
the property tests (its ``Game.sample_setup`` and ``Game.sample_hand``): what a real table would
enter, not a test's fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.games.jsontypes import JsonDict
from ledger.games.protocol import Game, Rules
from ledger.games.results import MatchState
from ledger.games.match_setup import MatchSetup

TITLES = ("Cirulla", "Machiavelli", "Pinnacola", "Rubamazzo", "Carcassonne", None)


def sample_setup(game: Rules, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Two to six of ``players`` (in two teams one time in five), a title, high or low, a target
    or an elimination or neither, sometimes for money."""
    chosen = rng.sample(list(players), rng.randint(2, min(6, len(players))))
    options: JsonDict = {"title": rng.choice(TITLES), "mode": rng.choice(("high", "low")),
                         "tie": rng.choice(("play_on", "share"))}
    end = rng.choice(("target", "eliminate_at", None))
    if end:
        options[end] = rng.choice((101, 151, 201, 301))
    if rng.random() < 0.4:
        options["stake_per_point_cents"] = rng.choice((1, 2, 5))
    if rng.random() < 0.3:
        options["stake_cents"] = rng.choice((50, 100, 200))
    if len(chosen) >= 4 and rng.random() < 0.2:
        half = len(chosen) // 2
        sides = {"Noi": chosen[:half], "Voi": chosen[half:2 * half]}
        setup: MatchSetup = game.setup(None, None, sides, options)
        return setup
    setup = game.setup(None, chosen, None, options)
    return setup



def long_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """A sheet with no end, that goes on for hundreds of rounds (bench/games.py)."""
    return game.setup(None, rng.sample(list(players), 3), None, {"title": "Cirulla"})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """Each side still in scores -10 to 60 points, now and then a zero."""
    out = set(getattr(state.extra, "out", ()))
    return {"points": {s: (0 if rng.random() < 0.1 else rng.randint(-10, 60))
                       for s in setup.side_names if s not in out}}
