"""Il Gioco di Simone: the lowest sum of cards wins the hand (seed 002, RULES.md "Il Gioco di Simone").

Two 52-card French decks with four jokers (108 cards), 2 to :data:`MAX_PLAYERS` players, each for
self. Card values: ace to queen 1 to 12; the kings of hearts and diamonds 0; the kings of clubs
and spades 30; a joker -1. After the knock and the knocker's last turn every player shows their
cards: four normally, fewer after a correct pair discard, more after a wrong pair call, never
none. The lowest sum wins the hand, and every player tied for it wins it.

A hand document (FORMATS.md)::

    {"game": "simone", "hands": {"Anna": "KH JK 3S 5D", "Bruno": 17}, "knocked_by": "Anna"}

Each player's hand is a list of cards, a string of cards, or the sum as a number (a digit string
such as ``"17"`` too). ``knocked_by`` (optional, null for nobody) names who knocked; it is
recorded for the statistics and never penalised. The deck check covers every card given in the
hand: no card more than twice, at most four jokers, and a sum entered below zero needs that many
jokers still unaccounted for.

A match is a series of hands with every player in each. The standing is hands won (more is
better), then the total of all sums (lower is better). The option ``target`` (hand wins, or null
for none, the default) ends the match at the end of the hand in which a player reaches it; without
a target the scorekeeper ends the match. The winner is first in the standing; players level on
both share the win.

The package, by role: :mod:`.rules` (values, the deck check, a hand, the standing and the match),
:mod:`.hand` (the hand declared: words, questions, labels), :mod:`.board` (summaries and the
scoreboard), :mod:`.records` and :mod:`.facts`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ledger.games.base import Board, Game, HandResult, MatchSetup, MatchState, Replay, as_int, in_words
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.simone import board, rules
from ledger.games.simone import hand as table
from ledger.games.simone.facts import SimoneNotes
from ledger.games.simone.records import SimoneResult, SimoneState
from ledger.games.simone.rules import (
    MAX_PLAYERS, MAX_SUM, MIN_SUM, NOBODY_WORDS, add_stats, average, card_value, check_deck, hand_sum, leaders, lowest, read_hand,
    read_knock, score_hand, standing,
)
from ledger.i18n import Msg

__all__ = ["GAME", "MAX_PLAYERS", "MAX_SUM", "MIN_SUM", "Simone", "add_stats", "average", "card_value", "check_deck", "hand_sum",
           "leaders", "lowest", "read_hand", "read_knock", "score_hand", "standing"]


class Simone(Game):
    """The Gioco di Simone scorer (see the module docstring for the rules it implements)."""

    name = "simone"
    state_extra = SimoneState
    result_type = SimoneResult
    samples = "ledger.games.simone.sample"
    sample_weight = 15
    facts = SimoneNotes()
    title = "Il Gioco di Simone"
    version = "1"
    rule_sets = ("standard",)
    own_options = ("target",)
    min_players = 2
    max_players = MAX_PLAYERS
    hand = table.FORM

    # --- setup --------------------------------------------------------------------------------
    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """``target``: hand wins that end the match (1 to 1000), or null/"none" for no target (default)."""
        target = options.pop("target", None)
        out = super().check_options(rules, options, players)
        if target is None or (isinstance(target, str) and target.strip().casefold() in NOBODY_WORDS):
            out["target"] = None
        else:
            out["target"] = as_int(target, "options.target", 1, 1000)
        return out

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules_name: object = None) -> HandResult:
        """Score a hand document on its own: 2 to 26 players named as the document names them.

        Returns a :class:`HandResult` with data ``{"sums", "winners", "knocked_by", "knocker_won",
        "cards"}`` (see :func:`.rules.score_hand`). Raises ``LedgerError`` for an unknown field,
        fewer than 2 or more than 26 players, a bad card or sum, a card more than twice or a
        fifth joker in the hand, or a knocker who is not in the hand.
        """
        self.check_rules(rules_name if rules_name is not None else doc.get("rules"))
        entries, resolve = rules.lone_hand(doc)
        self.check_player_count(len(entries), "hands")
        return _result(score_hand(entries, read_knock(doc.get("knocked_by"), resolve)))

    # --- a match ------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        return rules.start(setup)

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """Score ``doc`` as the next hand (every player of the match in it) and fold it in
        (:func:`.rules.apply_hand`, which names the state's fields and what it raises)."""
        new_state, result = rules.apply_hand(setup, state, doc)
        return new_state, _result(result)

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended by the scorekeeper: the first in the standing wins (a list when shared); no hands, no winner."""
        return rules.end_early(setup, state)

    # --- the scoreboard -------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Hands (each sum, ``*`` on the winners, the knocker, the standing), then the statistics
        (once a hand is played), then the winner or leader and the next dealer (:mod:`.board`)."""
        return board.simone_board(self, setup, replay)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """:func:`.board.describe` in words of the language it is shown in (English in ``--json``)."""
        return in_words(lambda: board.describe(doc, result))

    # --- entry at the table (the declared hand: hand.py) ------------------------------------------
    def entry_help(self) -> Msg | None:
        return table.entry_help()

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        """``Anna="KH JK 3S 5D" Bruno=17 knock=Anna``, ``Anna KH JK 3S 5D; Bruno 17; bussa Anna``,
        ``... ha bussato Marco`` → a partial hand document (:func:`.hand.parse_entry`); the
        questions and the errors' labels come from the declaration (:data:`.hand.FORM`)."""
        return table.parse_entry(setup, tokens)


def _result(result: SimoneResult) -> HandResult:
    return HandResult(result, partial(board.summary, result.sums, result.winners, result.knocked_by))


GAME = Simone()
