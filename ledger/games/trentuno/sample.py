"""Trentuno matches and hands dealt at random, for the synthetic ledger of ``bench/synthetic.py`` (its
``Game.sample_setup`` and ``Game.sample_hand``): what a real table would enter, not a test's
fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.cards import FRENCH_52, format_cards
from ledger.games.base import Game, MatchSetup, MatchState
from ledger.games.jsontypes import JsonDict
from ledger.games.trentuno.records import TrentunoState


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Four to six of ``players``, 52 cards, three lives at 0.50 each."""
    return game.setup("52", rng.sample(list(players), rng.randint(4, 6)), None, {"lives": 3, "stake": "0.50"})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """Three cards for each player still in, and one of them knocks."""
    lives = state.extra.lives if isinstance(state.extra, TrentunoState) else {}
    still = [p for p in setup.players if lives.get(p, setup.options["lives"]) > 0]
    deck = FRENCH_52.cards()
    rng.shuffle(deck)
    doc: JsonDict = {"hands": {p: format_cards(deck.pop() for _ in range(3)) for p in still}}
    doc["knocked_by"] = rng.choice(still)
    return doc
