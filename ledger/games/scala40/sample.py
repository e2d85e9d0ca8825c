"""Scala 40 matches and hands dealt at random, for the synthetic ledger of ``bench/synthetic.py`` and
the property tests (its ``Game.sample_setup`` and ``Game.sample_hand``): what a real table would
enter, not a test's fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.cards import TWO_DECKS_FOUR_JOKERS, format_cards
from ledger.games.jsontypes import JsonDict
from ledger.games.protocol import Game
from ledger.games.results import MatchState
from ledger.games.match_setup import MatchSetup
from ledger.games.scala40.records import Scala40State


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Three to five of ``players``, to 101 mostly (201 or 501 now and then), none to two
    re-entries each, for nothing, 1.00 or 2.00 a head."""
    return game.setup(None, rng.sample(list(players), rng.randint(3, 5)), None,
                      {"limit": rng.choice((101, 101, 201, 501)), "reentries": rng.choice((0, 1, 1, 2)),
                       "stake_cents": rng.choice((0, 100, 200))})



def long_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """A match to a limit of 10,000 (the highest allowed), that goes on for hundreds of hands (bench/games.py)."""
    return game.setup(None, rng.sample(list(players), 4), None, {"limit": 10000})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """One player still in closes (in mano one hand in twenty); each other player still in holds
    1 to 9 cards, or counted his penalty, or never opened (one in eight); someone out re-enters
    now and then while re-entries are left."""
    x = state.extra if isinstance(state.extra, Scala40State) else None
    out = list(x.out) if x else []
    doc: JsonDict = {}
    allowed = setup.options.get("reentries", 0)
    back = [p for p in out if x is not None and x.reentries[p] < allowed]
    if back and len(setup.players) - len(out) >= 2 and rng.random() < 0.5:
        doc["reentry"] = [rng.choice(back)]
        out.remove(doc["reentry"][0])
    still = [p for p in setup.players if p not in out]
    closer = rng.choice(still)
    deck = TWO_DECKS_FOUR_JOKERS.cards()
    rng.shuffle(deck)
    others: JsonDict = {}
    for p in still:
        if p == closer:
            continue
        roll = rng.random()
        if roll < 0.125:
            others[p] = {"opened": False}
        elif roll < 0.3:
            others[p] = rng.randint(2, 60)
        else:
            others[p] = format_cards(deck.pop() for _ in range(rng.randint(1, 9)))
    doc.update({"closed_by": closer, "in_mano": rng.random() < 0.05, "others": others})
    return doc
