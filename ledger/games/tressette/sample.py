"""Tressette matches and hands dealt at random, for the synthetic ledger of ``bench/synthetic.py``
and the property tests (its ``Game.sample_setup`` and ``Game.sample_hand``): what a real table
would enter. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.cards import ITALIAN_40, Card, format_cards
from ledger.games.jsontypes import JsonDict
from ledger.games.protocol import Game
from ledger.games.results import MatchState
from ledger.games.match_setup import MatchSetup
from ledger.games.tressette.rules import SUITS

NAPOLETANE = [f"napoletana {s}" for s in SUITS]


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Two or three players each for self, or four in pairs; sometimes without accusi (to 21)."""
    seated = rng.sample(list(players), rng.choice((2, 3, 4, 4)))
    return game.setup(None, seated, None, {"accusi": rng.random() < 0.8})



def long_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Two players to a target of 100,000: a match that goes on for hundreds of hands (bench/games.py)."""
    return game.setup(None, rng.sample(list(players), 2), None, {"target": 100000})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """The deck shuffled and cut into piles of whole tricks (a multiple of the players), entered
    as cards with one side often ``rest``, or as counts; with accusi on, a napoletana now and then."""
    deck = ITALIAN_40.cards()
    removed: Card | None = None
    if len(setup.players) == 3:
        removed = rng.choice([c for c in deck if c.rank == "4"])
        deck.remove(removed)
    rng.shuffle(deck)
    sides = list(setup.side_names)
    tricks = len(deck) // len(setup.players)
    cuts = sorted(rng.sample(range(1, tricks), len(sides) - 1))
    piles = [deck[a * len(setup.players):b * len(setup.players)] for a, b in zip([0, *cuts], [*cuts, tricks])]
    last = rng.choice(sides)
    doc: JsonDict = {"sides": {}, "last_trick": last}
    as_counts = rng.random() < 0.4
    rest = rng.randrange(len(sides)) if rng.random() < 0.6 else None
    for i, (side, pile) in enumerate(zip(sides, piles)):
        if as_counts:
            doc["sides"][side] = {"aces": sum(c.rank == "A" for c in pile),
                                  "thirds": sum(c.rank in ("2", "3", "J", "Q", "K") for c in pile)}
        else:
            doc["sides"][side] = "rest" if i == rest else format_cards(pile)
    if removed is not None:
        doc["removed"] = str(removed)
    if setup.options.get("accusi") and rng.random() < 0.3:
        doc["accusi"] = {rng.choice(sides): [rng.choice(NAPOLETANE)]}
    return doc
