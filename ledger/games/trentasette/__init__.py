"""Trentasette: captured piles scored to 37 (seed 000, RULES.md "Trentasette").

52 French cards, no jokers. 2 players (1 v 1), 3 players (each for self) or 4 players (2 v 2,
partners sitting opposite: seats 1 and 3 against 2 and 4), so a hand has 2 or 3 sides.

A hand document (FORMATS.md)::

    {"game": "trentasette",
     "sides": {"Anna": "AH 2H 3H ...", "Bruno": "rest"},
     "table": "5C 9D", "last_capture": "Anna"}

Each side's value is its captured pile as cards, ``"rest"`` (the cards nobody else holds; at most
one side), or the facts the side counted from its pile (see :data:`COUNT_FIELDS`). The piles plus
the table are exactly the 52 cards; the table goes to ``last_capture``.

Points per side (units: points), from its own pile: +1 most cards and +1 most figures (unique most
only); +2 per numeric rank held complete (all 4 with 2 sides, at least 3 with 3 sides); +2 ace of
hearts; +3 per suit with a run of numeric cards (7 long with 2 sides, 6 with 3; ace low; one per
suit); -1 two of spades; -2 no seven; -3 per suit with no numeric card. First side to 37 at the
end of a hand wins; if several are at 37 or more the highest wins; a tie for the highest plays on.

The package by role: :mod:`~ledger.games.trentasette.rules` (a pile's facts and the points),
:mod:`~ledger.games.trentasette.document` (reading and checking a hand document),
:mod:`~ledger.games.trentasette.records` (a hand's result), :mod:`~ledger.games.trentasette.hand`
(the words of the table and the questions), :mod:`~ledger.games.trentasette.board` (the
scoreboard); this module wires the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ledger.errors import LedgerError
from ledger.games.base import (
    Board, Game, HandResult, MatchState, Question, Replay, as_int, check_keys, check_names, in_words, need,
    points_line, running_winner,
)
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup, Seated
from ledger.games.partnerships import pairs_by_seat
from ledger.games.trentasette import board, document
from ledger.games.trentasette import hand as table_words
from ledger.games.trentasette.facts import TrentasetteNotes
from ledger.games.trentasette.records import TrentasetteResult
from ledger.games.trentasette.rules import TARGET
from ledger.i18n import Msg, t

class Trentasette(Game):
    """The Trentasette scorer (see the module docstring for the rules it implements)."""

    name = "trentasette"
    samples = "ledger.games.trentasette.sample"
    sample_weight = 30
    result_type = TrentasetteResult
    facts = TrentasetteNotes()
    title = "Trentasette"
    version = "1"
    rule_sets = ("standard",)
    own_options = ("target",)
    min_players = 2
    max_players = 4

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None, sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """2 or 3 players each for self; 4 players in two teams sitting alternately.

        ``sides`` (team name → 2 players) seats the teams alternately; 4 ``players`` without
        sides pair seats 1 and 3 against 2 and 4, the teams named "A & C".
        """
        if sides:
            if not isinstance(sides, Mapping) or len(sides) != 2:
                raise LedgerError(t("trentasette.two_sides", "four players play as two sides of two"), "sides", sides)
            teams = {str(k): check_names(v, f"sides.{k}") for k, v in sides.items()}
            a, b = teams.values()
            if len(a) != 2 or len(b) != 2:
                raise LedgerError(t("trentasette.pairs", "each side has two players"), "sides", sides)
            seated = check_names([a[0], b[0], a[1], b[1]], "sides")
            return seated, teams
        names = check_names(players, "players")
        self.check_player_count(len(names))
        return pairs_by_seat(names, by_players=True)

    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        target = options.pop("target", TARGET)
        out = super().check_options(rules, options, players)
        out["target"] = as_int(target, "options.target", 1, 100_000)
        return out

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules: object=None) -> HandResult:
        """Score a hand document on its own: 2 or 3 sides named as the document names them.

        Returns a :class:`HandResult` whose data is ``{"points": {side: int}, "items": {side:
        [{"item": str, "points": int}]}, "piles": {side: facts}}``. Raises ``LedgerError`` for an
        unknown field, a wrong card, a card twice, piles that do not make the 52-card deck, or
        counted facts that contradict each other.
        """
        self.check_rules(rules if rules is not None else doc.get("rules"))
        check_keys(doc, {"sides", "table", "last_capture"})
        sides = need(doc, "sides")
        if not isinstance(sides, Mapping) or not 2 <= len(sides) <= 3:
            raise LedgerError(t("trentasette.sides_count_team", "a hand has 2 or 3 sides (a 4-player team is one side)"),
                              "sides", sides)
        return document.score_sides(dict(sides), doc.get("table"), doc.get("last_capture"), lambda k, f: str(k))

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        if state.finished:
            raise LedgerError(t("match.over", "the match is over: no more hands"), "hand", None)
        check_keys(doc, {"sides", "table", "last_capture"})
        sides = need(doc, "sides")
        if not isinstance(sides, Mapping):
            raise LedgerError(t("trentasette.not_piles", "expected the sides' piles"), "sides", sides)
        result = document.score_sides(dict(sides), doc.get("table"), doc.get("last_capture"),
                        setup.resolve_side, expected=setup.side_names)
        totals = {s: state.totals.get(s, 0) + result.detail_as(TrentasetteResult).points[s] for s in setup.side_names}
        finished, winner = running_winner(totals, setup.options.get("target", TARGET))
        return MatchState(state.hands + 1, totals, finished, winner), result

    def hand_note(self, result: HandResult) -> str:
        """Each side's notable items at a glance (:func:`ledger.games.trentasette.board.hand_note`)."""
        return board.hand_note(result)

    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """The points scoreboard with the notes' key under it (:func:`ledger.games.trentasette.board.trentasette_board`)."""
        return board.trentasette_board(self, setup, replay)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None=None, setup: MatchSetup | None=None) -> str:
        """:meth:`_describe` in words of the language it is shown in (English in ``--json``)."""
        return in_words(lambda: self._describe(doc, result, setup))

    def _describe(self, doc: JsonDoc, result: JsonDoc | None = None,
                  setup: MatchSetup | None = None) -> str:
        """With ``result``: each side's points, ``"Anna +1, Bruno -8, Carla +12"``; without: each
        side's pile as entered, ``"Anna 22 cards, Bruno counted, Carla rest; table 2 cards to Anna"``."""
        if isinstance(result, Mapping) and isinstance(result.get("points"), Mapping):
            return points_line(result["points"])
        sides = doc.get("sides")
        if not isinstance(sides, Mapping):
            return ""
        parts = [f"{side} {table_words.pile_text(pile)}" for side, pile in sides.items()]
        text = ", ".join(parts)
        if doc.get("table"):
            text += "; " + str(t("trentasette.entered_table", "table {cards} to {side}", cards=table_words.cards_text(doc["table"]),
                                 side=doc.get("last_capture") or "?"))
        return text

    # --- entry (the declared hand: ledger.games.trentasette.hand) -------------------------------
    hand = table_words.FORM

    def entry_help(self) -> Msg | None:
        """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
        return table_words.entry_help()

    def questions(self, setup: MatchSetup, doc: JsonDoc, state: MatchState | None = None) -> list[Question]:
        """The declared hand's questions (worded for two sides or three): side by side the pile
        and the facts of a counted pile, then the table and the last capture when they are
        needed (:func:`ledger.games.trentasette.hand.skipped`, :func:`~ledger.games.trentasette.hand.hand_skipped`)."""
        form = table_words.FORM_TWO if len(setup.side_names) == 2 else table_words.FORM
        return form.questions(doc, self.entry_who(setup, state, doc), setup.resolve_player,
                              partial(table_words.hand_skipped, doc), partial(table_words.skipped, doc))


GAME = Trentasette()
