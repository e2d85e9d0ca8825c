"""Burraco, the Italian game night's rummy: rule sets ``italian`` (the F.I.Bur. "Codice di Gara",
the default) and ``international``. Sources: RULES.md "Burraco and Scopa (no seed): sources",
"Burraco (no seed)" and "Burraco: rule set international"; see ``docs/rules/burraco.md``.

Two players or three (each for self) or four in two pairs. A hand document (FORMATS.md)::

    {"game": "burraco", "rules": "italian",
     "sides": {"NS": {"burraco": ["clean", "semiclean"], "melded_points": 420, "hand_points": 0,
                      "pozzetto": true},
               "EW": {"burraco": ["7H 8H 9H 10H JH QH KH JK"], "melded": ["5S 5D 5C"],
                      "hand": "AS 5C 9D", "pozzetto": true}},
     "closed_by": "NS"}

A side's hand score = burrachi (clean 200, semiclean 150, dirty 100) + 100 for closing + melded card
values − card values in hand − 100 without the pozzetto; card values jolly 30, pinella 20, ace 15,
8 to K 10, 3 to 7 5; game to 2005.

The package, by role: :mod:`.melds` (rule sets, card values, reading a meld given as cards),
:mod:`.rules` (a side's score, the hand, the match), :mod:`.records` (a hand's result),
:mod:`.hand` (the hand declared, and the players' words: "2 puliti, 1 sporco, calate 310, in
mano 35, pozzetto preso"), :mod:`.board` (scoreboard and notes). This module wires them to the
:class:`~ledger.games.base.Game` protocol.

Seating (RULES.md "Burraco": 2 or 3 players each for self, or 4 in two pairs): ``players`` of 2
or 3 make one side per player, named as the player; 4 ``players`` make ``NS`` (seats 1 and 3)
and ``EW`` (seats 2 and 4); ``sides`` names the two pairs, partners sitting opposite. Option
``target`` (the game, 2005 by default [TARGET]). The deal passes clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.errors import LedgerError
from ledger.games.base import Board, Game, HandResult, MatchState, Replay, check_names, named_sides
from ledger.games.burraco import board as board_view
from ledger.games.burraco import hand as entry
from ledger.games.burraco.melds import RULE_SETS
from ledger.games.burraco.records import BurracoResult
from ledger.games.burraco.rules import early_winner, match_hand, score_hand
from ledger.games.declare import HandForm, Question, Field
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup, Seated
from ledger.games.partnerships import SeatingErrors, pairs_by_seat, seat_partners
from ledger.i18n import Msg, t


class BurracoGame(Game):
    """Burraco, rule sets ``italian`` (F.I.Bur. Codice di Gara, the default) and ``international``."""

    name = "burraco"
    result_type = BurracoResult
    title = "Burraco"
    version = "1"
    rule_sets = ("italian", "international")
    rule_words = {"italian": t("burraco.rules_italian", "italian"),
                  "international": t("burraco.rules_international", "international")}
    own_options = ("target",)
    min_players = 2
    max_players = 4
    hand = entry.form("italian")  # the errors' labels and the docs' fields (the same words in both rule sets)

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None,
             sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """2 or 3 ``players`` (each a side, named as the player), 4 ``players`` (``NS`` seats 1 and 3,
        ``EW`` seats 2 and 4), or ``sides``: two pairs (side name → 2 players). With both, the
        players' order is the seating and partners must sit opposite. ``LedgerError`` otherwise."""
        if sides:
            return seat_partners(sides, players, _SEATING)
        names = check_names(players, "players")
        self.check_player_count(len(names))
        return pairs_by_seat(names)

    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """Options: ``target`` (2005 by default [TARGET]; 1005, 1505 …), ``first_dealer`` and the stakes."""
        return self.options_with_target(rules, options, players, RULE_SETS[rules].target, 5, 100_000)

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules: object = None) -> HandResult:
        """Score a hand document on its own (``ledger score``): 2 or 3 sides named as the document
        names them (case-insensitively).

        Returns a :class:`HandResult` with ``points`` (side → int), ``items`` (side → [{"item",
        "points"}]), ``sides`` (what was read) and ``closed_by``. Raises ``LedgerError`` for an
        unknown or missing field, an impossible card or count, a meld that is neither a
        combination nor a sequence, or closing without the pozzetto or the burraco it needs.
        """
        rules_name = self.check_rules(rules if rules is not None else doc.get("rules"))
        resolve = named_sides(doc.get("sides"))
        return score_hand(entry.expand_sides(doc, resolve, rules_name), RULE_SETS[rules_name], resolve)

    # --- a match ------------------------------------------------------------------------------
    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """The next hand of the match (:func:`.rules.match_hand`); its rule set must be the match's."""
        if doc.get("rules") is not None and self.check_rules(doc["rules"]) != setup.rules:
            raise LedgerError(t("burraco.other_rules", "this match is played with the {rules} rules",
                                rules=setup.rules), "rules", doc["rules"])
        return match_hand(setup, state, entry.expand_sides(doc, setup.resolve_side, setup.rules), RULE_SETS[setup.rules])

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended early: the highest total wins, nobody when the highest are equal (RULES.md)."""
        return early_winner(state)

    # --- presentation -------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Per hand each side's points and running total, and what happened; what each side needs."""
        return board_view.board(self, setup, replay)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """With ``result``: its summary (``"NS +710 (closed), EW +25"``); without: who closed."""
        return board_view.describe(doc, result)

    def hand_note(self, result: HandResult) -> str:
        """``"NS closed; NS 1 clean, 1 dirty; EW no pozzetto"``."""
        return board_view.hand_note(result)

    # --- entry at the table -------------------------------------------------------------------
    def entry_help(self) -> Msg | None:
        return entry.entry_help()

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        """The ``KEY=VALUE`` words of the table → a partial hand document (:func:`.hand.parse_entry`)."""
        return entry.parse_entry(setup, tokens)

    def hand_form(self, setup: MatchSetup) -> HandForm:
        """The declared hand of the match's rule set (the scorekeeper's form is made from it)."""
        return entry.form(setup.rules)

    def entry_skips(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc, field: Field) -> bool:
        """Not asked field by field: a side's whole line (its parts are)."""
        return getattr(field, "key", None) == "sides"

    def questions(self, setup: MatchSetup, doc: JsonDoc, state: MatchState | None = None) -> list[Question]:
        """What is missing, by the declared hand of the match's rule set (:func:`.hand.questions`)."""
        return entry.questions(setup, doc)


_SEATING = SeatingErrors(
    t("burraco.sides_pairs", "sides are the two pairs of four players (with 2 or 3 players give players: each plays "
      "for self)"),
    t("burraco.pair_size", "each side is a pair of two players (with 2 or 3 players give players)"),
    t("burraco.players_sides", "the players and the sides name different people"),
    t("burraco.opposite", "partners sit opposite: list the players alternating between the sides"))
"""Burraco's words for sides it cannot seat (:func:`~ledger.games.partnerships.seat_partners`)."""


GAME = BurracoGame()
