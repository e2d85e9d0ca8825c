"""Canasta, the game of the ledger: the Italian three-deck game with pinelle (rule set ``italian``, the default) and the
classic two-deck game (rule set ``classic``). Sources: the Canasta part of seed
``003_4f7862b81697a685.txt``, RULES.md "Canasta (seed 003)" and "Canasta: rule set classic";
for the classic game the Official Canasta Laws as given in Hoyle's (see ``docs/rules/canasta.md``).

Two sides: 2 players (each a side, named as the player) or 4 in pairs (sides ``NS`` and ``EW``
by default: seats 1 and 3 against 2 and 4, or named sides). A hand document (FORMATS.md)::

    {"game": "canasta", "rules": "italian",
     "sides": {"NS": {"canastas": ["pure K", "dirty 7"], "melded_points": 310, "hand_points": 0,
                      "red_threes": 1, "opened": true},
               "EW": {"canastas": [], "melded": ["8H 8S 8D", "QH QC QD"], "hand": "AS 5C 9D",
                      "red_threes": 0}},
     "closed_by": "NS"}

A side may also be one line of words, ``"2 pure, 1 dirty, 1 red three, melded 340, in hand 25,
closed"`` (see :mod:`ledger.games.canasta.hand`). ``concealed`` (classic only) sits beside
``closed_by``.

Italian values (RULES.md): cards joker 50, ace 20, pinella (2) 20, 8-K 10, 4-7 5, black 3 0.
Canastas are exactly 7 cards: pure 500 (pure aces 1000), dirty (5 or 6 naturals with 1 or 2
wild cards) 300, pinelle pure (7 twos) 3000, pinelle dirty (5 or 6 twos with jokers) 2000, jolly
(5 or 6 jokers with pinelle) 5000. Closing 300 and needs a pure and a dirty canasta (pinelle pure
counts as pure; pinelle dirty and jolly as dirty). Red threes 100 each: plus with a pure and a
dirty canasta, nothing with a pure but no dirty, minus with no pure. Hand score = canastas +
closing + red threes + melded card values - card values left in hand (doubled for a side that had
not opened when the other side closed). Game to 15000; opening minimum by the running total:
50, 90 from 3000, 120 from 5000, 160 from 7000, 180 from 10000, 200 from 12000.

Classic values: joker 50, 2 and A 20, 8-K 10, 4-7 and black 3 5. Canastas of 7 or more cards:
natural 500, mixed (at most 3 wild) 300. Going out 100 (one canasta needed), concealed 100 more.
Red threes 100 each, 800 for all four, minus for a side that melded nothing. No doubling. Game to
5000; minimum initial meld 15 below 0, 50 below 1500, 90 below 3000, 120 from 3000.

The package, by role: :mod:`~ledger.games.canasta.words` (the canasta kinds, melds and cards as
said), :mod:`~ledger.games.canasta.rules` (a hand's score, the opening minimum),
:mod:`~ledger.games.canasta.records` (a hand's result, the match's state),
:mod:`~ledger.games.canasta.hand` (the hand declared: the words of ``hand add`` and ``play``,
the questions, the errors' labels), :mod:`~ledger.games.canasta.board` (the scoreboard and
notes), :mod:`~ledger.games.canasta.facts` (the report) and this module, wiring them to the
protocol of :mod:`ledger.games.base`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ledger.errors import LedgerError
from ledger.games.base import Board, Game, HandResult, MatchSetup, MatchState, Replay, check_names, named_sides
from ledger.games.base import running_winner
from ledger.games.canasta import board as board_view
from ledger.games.canasta import hand as entry
from ledger.games.canasta.facts import CanastaNotes
from ledger.games.canasta.records import CanastaHand, CanastaResult, CanastaState
from ledger.games.canasta.rules import CLASSIC, RULE_SETS, RuleSet, opening_minimum, score_hand
from ledger.games.declare import HandForm, Question, Field
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import Resolve, Seated
from ledger.games.partnerships import SeatingErrors, pairs_by_seat, seat_partners
from ledger.i18n import Msg, t


class CanastaGame(Game):
    """The Canasta scorer (see the module docstring for the rules it implements)."""

    name = "canasta"
    state_extra = CanastaState
    result_type = CanastaResult
    samples = "ledger.games.canasta.sample"
    sample_weight = 15
    facts = CanastaNotes()
    title = "Canasta"
    version = "1"
    rule_sets = ("italian", "classic")
    own_options = ("target",)
    rule_words = {"italian": t("canasta.rules_italian", "italian"), "classic": t("canasta.rules_classic", "classic")}
    min_players = 2
    max_players = 4
    player_counts = (2, 4)  # each for self, or two pairs
    hand = entry.form("italian")  # the errors' labels and the docs' fields (the same words in both rule sets)

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None, sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """2 players (each a side, named as the player) or 4 in two pairs sitting alternately.

        ``sides`` (side name → 1 or 2 players, both sides alike) names the sides; 4 ``players``
        without sides make ``NS`` (seats 1 and 3) and ``EW`` (seats 2 and 4). With both, the
        players' order is the seating and partners must sit opposite.
        """
        if sides:
            return seat_partners(sides, players, _SEATING, sizes=(1, 2))
        names = check_names(players, "players")
        if len(names) not in (2, 4):
            raise LedgerError(t("canasta.players", "canasta is played by 2 players or 4 in pairs, not {n}",
                                n=len(names)), "players", len(names))
        return pairs_by_seat(names)

    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """Options: ``target`` (the game: 15000 italian, 5000 classic) and ``first_dealer``."""
        return self.options_with_target(rules, options, players, RULE_SETS[rules].target, 100, 1_000_000)

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules: object=None) -> HandResult:
        """Score a hand document on its own (``ledger score``): two sides named as the document names them.

        Returns a :class:`HandResult` with ``points`` (side → int), ``items`` (side → [{"item",
        "points"}]), ``sides`` (what was read), ``closed_by`` (and ``concealed`` in classic).
        Raises ``LedgerError`` for an unknown or missing field, an impossible card or count, a
        canasta or meld that breaks the rules, or closing without the canastas it needs.
        """
        rules_name = self.check_rules(rules if rules is not None else doc.get("rules"))
        resolve = named_sides(doc.get("sides"))
        return _scored(entry.expand_sides(doc, resolve, rules_name), RULE_SETS[rules_name], resolve)

    # --- a match ------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        rs = RULE_SETS[setup.rules]
        return MatchState(0, {s: 0 for s in setup.sides},
                          False, None, CanastaState({s: opening_minimum(0, rs) for s in setup.sides}))

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """Score the next hand; new totals, opening minimums and the winner (first to the target
        at the end of a hand, the higher if both: :func:`running_winner`).

        With 2 players the side that closed holds no cards: its hand points must be 0.
        """
        if state.finished:
            raise LedgerError(t("canasta.over", "the match is over: no more hands"), "hand", None)
        rs = RULE_SETS[setup.rules]
        if doc.get("rules") is not None and self.check_rules(doc["rules"]) != setup.rules:
            raise LedgerError(t("canasta.other_rules", "this match is played with the {rules} rules",
                                rules=setup.rules), "rules", doc["rules"])
        result = _scored(entry.expand_sides(doc, setup.resolve_side, setup.rules), rs, setup.resolve_side,
                         setup.side_names)
        hand = result.detail_as(CanastaHand)
        closer = hand.closed_by
        if closer and not setup.teams and hand.sides[closer].hand_points:
            raise LedgerError(t("canasta.closer_hand", "{side} closed, so no cards are left in that hand", side=closer),
                              f"sides.{closer}.hand_points", hand.sides[closer].hand_points)
        totals = {s: state.totals.get(s, 0) + hand.points[s] for s in setup.side_names}
        finished, winner = running_winner(totals, setup.options.get("target", rs.target))
        minimum = {s: opening_minimum(totals[s], rs) for s in setup.side_names}
        detail = CanastaResult(**hand.fields(), totals=totals, opening_minimum=minimum)
        return MatchState(state.hands + 1, totals, finished, winner, CanastaState(minimum)), \
            result.with_detail(detail)

    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Per hand both sides' points, running totals and the opening minimum each side needs next."""
        return board_view.canasta_board(self, setup, replay)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None=None, setup: MatchSetup | None=None) -> str:
        """With ``result``: the hand's summary (:func:`hand_line`, ``"NS +1460 (closed), EW
        +235"``); without: who closed, ``"NS closed"`` / ``"nobody closed"``."""
        return board_view.describe(doc, result)

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
        """Not asked field by field: a side's whole line (its parts are), nor ``concealed`` but in
        the classic game."""
        return getattr(field, "key", None) == "sides" or (getattr(field, "key", None) == "concealed"
                                                           and setup.rules != "classic")

    def questions(self, setup: MatchSetup, doc: JsonDoc, state: MatchState | None = None) -> list[Question]:
        """What is missing, by the declared hand of the match's rule set (:func:`.hand.questions`)."""
        return entry.questions(setup, doc)


def _scored(doc: JsonDoc, rs: RuleSet, resolve: Resolve, expected: Sequence[str] | None = None) -> HandResult:
    """A hand scored by :func:`.rules.score_hand`, with its summary (:func:`.board.hand_line`)."""
    hand = score_hand(doc, rs, resolve, expected)
    return HandResult(hand, partial(board_view.hand_line, hand.points, hand.closed_by, rs is CLASSIC))


_SEATING = SeatingErrors(
    t("canasta.two_sides", "canasta is played by two sides"),
    t("canasta.side_sizes", "two sides of one player each, or of two players each"),
    t("canasta.players_sides", "the players and the sides name different people"),
    t("canasta.opposite", "partners sit opposite: list the players alternating between the sides"))
"""Canasta's words for sides it cannot seat (:func:`~ledger.games.partnerships.seat_partners`)."""


GAME = CanastaGame()
