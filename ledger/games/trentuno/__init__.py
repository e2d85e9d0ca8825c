"""Trentuno: three cards, lives for money, and the pot (seeds 001 and 004, RULES.md "Trentuno").

Rule sets (the first is the default):

- ``"52"``: 52 French cards, 3 to 8 players (seed 001). A hand's value is the best total of the
  cards of one suit among the three held: A = 11, J Q K = 10, others face value, at most 31.
  After a knock and the extra round the two worst hands pay a life each (a player pays when fewer
  than two players hold a strictly lower hand, so ties for the worst or the second worst all
  pay); with three or fewer players still in, only the worst pays (all tied for it pay). A 31
  shown ends the hand: every other player pays a life (the knocker too, if the 31 came in the
  extra round after a knock).
- ``"52-vedova"``: the same with the widow, three face-up cards in the centre. Ranking, high to
  low: 31; three of a kind (A high, then K Q J 10 … 2); a pair with the jack of clubs as jolly
  (ranked by the pair); the one-suit total. Taking the whole widow ends the hand at once and is
  settled as after a knock.
- ``"40"``: the Italian 40-card deck (or French without 8 9 10), 4 to 12 players per deck
  (seed 004). Three of a kind beats any total but 31. After a knock the lowest hand pays (all
  tied for it pay). A 31 shown before any knock: every other player pays; a 31 made in the extra
  round after a knock: every other player pays except the knocker.

Units: lives (whole numbers) and money in integer cents with a currency ("EUR"); never floats.

A hand document (FORMATS.md)::

    {"game": "trentuno", "rules": "52",
     "hands": {"Anna": "AH KH 5H", "Bruno": 24, "Carla": "7S 7D 9C", "Dario": "2H 5S 6S"},
     "knocked_by": "Bruno", "shown31": null, "took_widow": null}

``hands`` holds every player still in: 3 cards, a number (the one-suit total, 2 to 31, and one
that three cards can make) or ``"tris R"`` (``"tris R (jolly)"`` in vedova; not in ``52``). The
hand ends by exactly one of ``knocked_by``, ``shown31``, ``took_widow`` (vedova), except that
``shown31`` with ``knocked_by`` is a 31 shown in the extra round after that knock. The 40-card
game may add ``"decks": N``. Output: ``{"values": {...}, "lose_life": [...]}`` and more.

The match (:meth:`Trentuno.apply`) adds lives, the pot and the money: options ``lives`` (3),
``stake_cents`` (50; or ``stake`` as an amount, ``"0.50"``), ``currency`` ("EUR"), ``reentry``
(52 only: a player who is out may re-enter once, with as many lives as the fewest held by a
player still in, paying ``reentry_cost_cents``, by default lives × stake), ``decks`` (40). A
match hand may carry ``"reentry": [names]`` (52) or ``"bet": {"players": [...], "number": N,
"drawn": name}`` (40: the players who are out bet one stake each on the lowest hand; if it comes
up, the drawn bettor re-enters with one life). Special rules: a hand that would put every player
still in out at once does not count (nobody pays, deal again), except the final two of the
40-card game (both pay their last life and are out; every player already out comes back with one
life). The last player with lives wins the pot; a match ended early shares the pot among the
players still in by lives (:func:`ledger.games.settle.share`). Each player's net (the
``settlement``) is what they won minus everything they paid, and the nets sum to zero.

The package, by role: :mod:`.rules` (a hand's rules: values, ending, who pays), :mod:`.match`
(lives, pot, re-entries, bets: ``apply``), :mod:`.hand` (the hand declared: words, questions,
labels), :mod:`.board` (summary lines and the scoreboard), :mod:`.records` and :mod:`.facts`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ledger.errors import LedgerError
from ledger.games.base import Board, Game, HandResult, MatchSetup, MatchState, Replay, check_names, in_words
from ledger.games.declare import Field, Question, Who
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import Seated
from ledger.games.trentuno import board, match
from ledger.games.trentuno import hand as table
from ledger.games.trentuno.facts import TrentunoNotes
from ledger.games.trentuno.records import TrentunoResult, TrentunoState
from ledger.games.trentuno.rules import (
    VARIANTS, Ending, HandValue, Variant, draw, lose_life, possible_totals, score_hand, suit_total, value_of_cards,
)
from ledger.i18n import Msg, t

__all__ = ["GAME", "VARIANTS", "Ending", "HandValue", "Trentuno", "Variant", "draw", "lose_life", "possible_totals",
           "suit_total", "value_of_cards"]


class Trentuno(Game):
    """The Trentuno scorer (see the module docstring for the rules it implements)."""

    name = "trentuno"
    samples = "ledger.games.trentuno.sample"
    sample_weight = 25
    facts = TrentunoNotes()
    state_extra = TrentunoState
    result_type = TrentunoResult
    own_stakes = "life"  # its own money: lives for the pot (Game.own_stakes)
    title = "Trentuno"
    version = "1"
    rule_sets = ("52", "52-vedova", "40")
    rule_words = {"52": t("trentuno.rules_52", "52 cards"), "52-vedova": t("trentuno.rules_vedova", "52 cards, vedova"),
                  "40": t("trentuno.rules_40", "40 cards")}
    min_players = 3
    max_players = 12
    own_options = ("lives", "reentry", "reentry_cost_cents", "decks")
    hand = table.FORM

    # --- setup ---------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None, sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """Each for self; the number of players is checked with the options (decks)."""
        if sides:
            raise LedgerError(t("match.each_for_self", "{game} is played each for self: give players, not sides",
                                game="trentuno"), "sides", None)
        names = check_names(players, "players")
        return names, {p: (p,) for p in names}

    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """Options with defaults (:func:`.match.read_options`: ``lives`` 3, ``stake_cents`` 50,
        ``currency`` EUR, ``reentry`` false with ``reentry_cost_cents``, ``decks`` 1), then
        ``first_dealer``; the number of players checked with the decks. ``LedgerError`` on
        ``options.<name>`` or ``players``."""
        opts = {k: v for k, v in options.items() if v is not None}
        own = match.read_options(rules, opts)
        base = super().check_options(rules, opts, players)
        match.check_players(rules, len(players), own.get("decks", 1))
        return {**own, **base}

    # --- one hand ------------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules: object = None) -> HandResult:
        """Score one hand on its own (``ledger score``): who loses a life, without the match.

        Data: ``{"values": {player: int | "tris R" | "tris R (jolly)"}, "lose_life": [players],
        "ended_by": "knock" | "31" | "31 after knock" | "widow", "knocked_by", "shown31",
        "took_widow", "lowest"}`` (:func:`.rules.score_hand`, which names what it raises).
        Source: seeds 001 and 004, RULES.md "Trentuno, 52 cards" and "Trentuno, 40 cards".
        """
        result = score_hand(doc, self.check_rules(rules if rules is not None else doc.get("rules")))
        return HandResult(result, partial(board.result_line, result))

    # --- a match -------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        return match.Book.start(setup).state(0)

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """The next hand of the match: re-entries and bets first, then the hand, lives and pot
        (:func:`.match.apply_hand`, which names the result's fields and what it raises)."""
        new_state, result = match.apply_hand(setup, state, doc)
        return new_state, HandResult(result, partial(board.result_line, result, setup.options["currency"]))

    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str:
        """The player still in after the last dealer (the state keeps it)."""
        return state.extra_as(TrentunoState).next_dealer or self.dealer(setup, state.hands)

    def settlement(self, state: MatchState) -> Mapping[str, int] | None:
        """Each player's net cents once the pot is won or shared (the state's ``settlement``)."""
        return state.extra_as(TrentunoState).settlement

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended early: the pot shared among the players still in by lives (:func:`.match.share_pot`)."""
        return match.share_pot(setup, state)

    # --- the scoreboard --------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Lives after each hand, the money and the notes (:func:`.board.trentuno_board`)."""
        return board.trentuno_board(setup, replay)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """:func:`.board.describe` in words of the language it is shown in (English in ``--json``)."""
        return in_words(lambda: board.describe(doc, result, setup))

    # --- entry at the table (the declared hand: hand.py) ------------------------------------------
    def entry_help(self) -> Msg | None:
        return table.entry_help()

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        """``Anna=26 Bruno="7S 7D 9C" knock=Bruno``, ``Anna 26; bussa Bruno``, ``reentry=Carla``,
        ``bet="Carla Dario 17" drawn=Carla`` → a partial hand document (:func:`.hand.parse_entry`)."""
        return table.parse_entry(setup, tokens)

    def questions(self, setup: MatchSetup, doc: JsonDoc,
                  state: MatchState | None = None) -> list[Question]:
        """The declared questions for the players :meth:`entry_who` names, less what
        :meth:`entry_skips`, then how the hand ended and who was drawn (:func:`.hand.questions`)."""
        return table.questions(setup, doc, state, self.entry_who(setup, state, doc),
                              lambda f: self.entry_skips(setup, state, doc, f))

    def entry_who(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc) -> Who:
        """The players whose hands are asked (:func:`.hand.players_asked`)."""
        return Who(table.players_asked(setup, state, doc), setup.resolve_player)

    def entry_skips(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc, field: Field) -> bool:
        """The re-entries and the bet are asked only while a player who is out may come back that
        way (:func:`.hand.way_back`); how the hand ended is one question of its own."""
        if not isinstance(field, Field) or field.key not in ("reentry", "bet"):
            return False
        return table.way_back(setup, state)[0] != field.key


GAME = Trentuno()
