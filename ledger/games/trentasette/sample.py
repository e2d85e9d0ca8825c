"""Trentasette matches and hands dealt at random, for the synthetic ledger of ``bench/synthetic.py`` (its
``Game.sample_setup`` and ``Game.sample_hand``): what a real table would enter, not a test's
fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.cards import FRENCH_52, format_cards
from ledger.games.base import Game, MatchSetup, MatchState
from ledger.games.jsontypes import JsonDict


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Two to four of ``players``, each for self, to the default target."""
    return game.setup(None, rng.sample(list(players), rng.choice((2, 3, 4))), None, {})



def long_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """A match that goes on for hundreds of hands (a target of 100,000): what bench/games.py adds a hand to."""
    return game.setup(None, rng.sample(list(players), 2), None, {"target": 100000})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """The 52 cards cut into piles of about even size, as at a real table; sometimes a few left on
    the table to the last capture, and often one pile entered as ``rest``."""
    deck = FRENCH_52.cards()
    rng.shuffle(deck)
    sides = list(setup.side_names)
    share = 52 // len(sides)
    cuts = [share * i + rng.randint(-6, 6) for i in range(1, len(sides))]
    piles = [deck[a:b] for a, b in zip([0, *cuts], [*cuts, 52])]
    doc: JsonDict = {"sides": {}}
    if rng.random() < 0.15:  # a few cards left on the table, to the last capture
        k = rng.randint(1, 3)
        doc["table"] = format_cards(piles[-1][-k:])
        piles[-1] = piles[-1][:-k]
        doc["last_capture"] = rng.choice(sides)
    rest = rng.randrange(len(sides)) if rng.random() < 0.7 else None
    for i, (side, pile) in enumerate(zip(sides, piles)):
        doc["sides"][side] = "rest" if i == rest else format_cards(pile)
    return doc
