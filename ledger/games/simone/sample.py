"""Gioco di Simone matches and hands dealt at random, for the synthetic ledger of ``bench/synthetic.py`` (its
``Game.sample_setup`` and ``Game.sample_hand``): what a real table would enter, not a test's
fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.cards import TWO_DECKS_FOUR_JOKERS, format_cards
from ledger.games.base import Game, MatchSetup, MatchState
from ledger.games.jsontypes import JsonDict


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Three to five of ``players``, to five hands won."""
    return game.setup(None, rng.sample(list(players), rng.randint(3, 5)), None, {"target": 5})



def long_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """A match with no target, that goes on for hundreds of hands (bench/games.py)."""
    return game.setup(None, rng.sample(list(players), 3), None, {})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """Three to five cards each from the two decks with jokers; a knock nine hands in ten."""
    deck = TWO_DECKS_FOUR_JOKERS.cards()
    rng.shuffle(deck)
    hands: JsonDict = {}
    for p in setup.players:
        cards = [deck.pop() for _ in range(rng.choice((3, 4, 4, 4, 4, 5)))]
        hands[p] = format_cards(cards)
    knock = rng.choice(setup.players) if rng.random() < 0.9 else None
    return {"hands": hands, "knocked_by": knock}
