"""Sette e mezzo matches and hands dealt at random, for the synthetic ledger of ``bench/synthetic.py``
and the property tests (its ``Game.sample_setup`` and ``Game.sample_hand``): what a real table would
enter, not a test's fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.cards import ITALIAN_40, Card, format_cards
from ledger.games.jsontypes import JsonDict
from ledger.games.protocol import Game
from ledger.games.results import MatchState
from ledger.games.match_setup import MatchSetup
from ledger.games.sette_e_mezzo.records import SetteMezzoState
from ledger.games.sette_e_mezzo.rules import SEVEN_AND_A_HALF, card_halves

STAKES = (50, 100, 100, 200, 500)


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Three to seven of ``players`` (as many as there are, when fewer), the default options, or the bank passing every hand one time in four."""
    options = {"bank_passes": "every_hand"} if rng.random() < 0.25 else {}
    most = min(7, len(players))
    return game.setup(None, rng.sample(list(players), rng.randint(min(3, most), most)), None, options)


def draw(deck: list[Card], rng: random.Random, stop: int) -> list[Card]:
    """Cards drawn until the hand (figures ½, the matta as a plain figure) reaches ``stop`` halves or busts."""
    cards = [deck.pop()]
    while sum(map(card_halves, cards)) < stop and deck:
        cards.append(deck.pop())
    return cards


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """The proposed banker, every other player (one in eight sits out) with a stake and cards drawn
    to a random threshold from 4 to 7; now and then a hand entered as its outcome."""
    banker = state.extra_as(SetteMezzoState).next_banker if state.hands else setup.players[0]
    deck = ITALIAN_40.cards()
    rng.shuffle(deck)
    players: JsonDict = {}
    for p in [p for p in setup.players if p != banker]:
        if rng.random() < 0.125 and players:
            continue
        cards = draw(deck, rng, rng.randint(8, SEVEN_AND_A_HALF - 1))
        hand: str | float = format_cards(cards) if rng.random() < 0.9 else rng.choice(("bust", "reale", 6.5, 4))
        players[p] = {"stake_cents": rng.choice(STAKES), "hand": hand}
    return {"banker": banker, "banker_hand": format_cards(draw(deck, rng, rng.randint(10, SEVEN_AND_A_HALF))),
            "players": players}
