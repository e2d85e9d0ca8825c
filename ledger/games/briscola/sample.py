"""Briscola matches and hands dealt at random, for the synthetic ledger of ``bench/synthetic.py`` (its
``Game.sample_setup`` and ``Game.sample_hand``): what a real table would enter, not a test's
fixture. Deterministic for the ``random.Random`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ledger.cards import ITALIAN_40, format_cards
from ledger.games.jsontypes import JsonDict
from ledger.games.protocol import Game
from ledger.games.results import MatchState
from ledger.games.match_setup import MatchSetup
from ledger.games.briscola.rules import DEFAULT_REMOVED, RuleSet, card_points


def sample_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """Classica among 2, 3 or 4 of ``players`` (two pairs), or a chiamata among 5 (or 6 when there
    are), for 5 or 10 hands or until the scorekeeper ends it, at 10 cents a point half of the time."""
    if len(players) >= 5 and rng.random() < 0.4:
        seated = rng.sample(list(players), rng.choice((5, 6)) if len(players) > 5 else 5)
        options: JsonDict = {"hands": rng.choice((None, 5, 10))}
        if rng.random() < 0.5:
            options["stake_cents"] = 10
        return game.setup(RuleSet.CHIAMATA.value, seated, None, options)
    return game.setup(RuleSet.CLASSICA.value, rng.sample(list(players), rng.choice((2, 3, 4))), None, {})



def long_setup(game: Game, players: Sequence[str], rng: random.Random) -> MatchSetup:
    """A chiamata among five with no fixed number of hands: it goes on for hundreds (bench/games.py)."""
    return game.setup(RuleSet.CHIAMATA.value, rng.sample(list(players), 5), None, {"hands": None})


def sample_hand(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    """A classica hand as the piles (one side often the rest) or the counted points; a chiamata
    hand as a call with the caller's side's card points, naming the 5 who played it (so that it
    is a lone hand document too)."""
    if setup.rules == RuleSet.CHIAMATA.value:
        return _call(setup, state, rng)
    deck = [c for c in ITALIAN_40.cards() if len(setup.sides) != 3 or c != DEFAULT_REMOVED]
    rng.shuffle(deck)
    n = len(setup.players)
    tricks = len(deck) // n
    cut = rng.randint(tricks // 3, tricks - tricks // 3) * n
    sides = list(setup.side_names)
    piles = [deck[:cut], deck[cut:]] if len(sides) == 2 else [deck[:cut // 2 // 3 * 3], deck[cut // 2 // 3 * 3:cut],
                                                              deck[cut:]]
    if rng.random() < 0.5:
        return {"sides": {s: card_points(p) for s, p in zip(sides, piles)}}
    rest = rng.randrange(len(sides))
    return {"sides": {s: "rest" if i == rest else format_cards(p) for i, (s, p) in enumerate(zip(sides, piles))}}


def _call(setup: MatchSetup, state: MatchState, rng: random.Random) -> JsonDict:
    players = list(setup.players)
    doc: JsonDict = {}
    if len(players) > 5:
        doc["sitting_out"] = players[(players.index(setup.options.get("first_dealer") or players[0]) - state.hands)
                                     % len(players)]
        players.remove(doc["sitting_out"])
    caller = rng.choice(players)
    partner = caller if rng.random() < 0.1 else rng.choice(players)
    doc.update({"players": players, "caller": caller, "called": format_cards([rng.choice(ITALIAN_40.cards())]),
                "bid": rng.choice((61, 61, 65, 70, 75, 80, 90)), "partner": partner,
                "caller_points": rng.choice([p for p in range(0, 121) if p not in (1, 119)])})
    return doc
