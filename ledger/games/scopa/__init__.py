"""Scopa and Scopone scientifico (no seed; RULES.md "Scopa", sources [SC-PTS] … [SC-DEAL]).

The 40-card Italian deck in the French letters (denari D, coppe H, bastoni C, spade S; fante J,
cavallo Q, re K: ``7D`` is the settebello). Rule set ``scopa`` (the default): 2 or 3 players each
for self, or 4 in two pairs (2 or 3 sides), to 11; rule set ``scopone`` (scopone scientifico):
4 players in two pairs, to 21. A hand document (FORMATS.md)::

    {"game": "scopa", "rules": "scopa",
     "sides": {"Anna": {"cards": "7D 6D AD KD 7C 7S ...", "scope": 2},
               "Bruno": {"cards": "rest", "scope": 0}},
     "options": {"napola": false, "re_bello": false}}

Each side is its captured pile (the table's last cards in the pile of the side that captured
last), ``"rest"``, or its counts: the document is read by :mod:`ledger.games.scopa.document`,
the points of a hand, the checks and the match are :mod:`ledger.games.scopa.rules`, the result
:mod:`ledger.games.scopa.records`, the words of the table and the questions the declared hand
:mod:`ledger.games.scopa.hand`, the scoreboard :mod:`ledger.games.scopa.board`. The deal passes
to the dealer's right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial

from ledger.errors import LedgerError
from ledger.games.base import (
    Board, Game, HandResult, MatchSetup, MatchState, Question, Replay, as_bool, check_keys, check_names,
    items_of, named_sides, points_line,
)
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import Resolve, Seated
from ledger.games.partnerships import pairs_by_seat
from ledger.games.scopa import document
from ledger.games.scopa import hand as table
from ledger.games.scopa.board import scopa_board
from ledger.games.scopa.records import ScopaResult
from ledger.games.scopa.rules import TARGETS, Options, leader, match_outcome, napoleone, score_piles
from ledger.i18n import Msg, t

HAND_KEYS = {"sides", "options"}


def score_hand(raw_sides: object, resolve: Resolve, rules: str, options: Options,
               expected: Sequence[str] | None = None) -> HandResult:
    """Read, check and score one hand's ``sides``. The result's data: ``points`` (side → int),
    ``items`` (side → ``[{"item": kind, "points": n}]`` for every kind: carte, denari,
    settebello, primiera, napola and re bello when on, scope), ``counts`` (side → the counts the
    points came from), and ``rest`` / ``napoleone`` (a side) when there is one."""
    hand = document.read_hand(raw_sides, resolve, rules, options, expected)
    by_kind = score_piles(hand.piles, options)
    points = {s: sum(k.values()) for s, k in by_kind.items()}
    nap = napoleone(hand.piles, options)
    result = ScopaResult(points, items_of({s: kinds.items() for s, kinds in by_kind.items()}),
                         {s: p.counts(options) for s, p in hand.piles.items()}, hand.rest, nap)
    return HandResult(result, partial(hand_line, points, nap))


def hand_line(points: Mapping[str, int], napoleone_side: str | None = None) -> str:
    """``"Anna +6, Bruno +1"``; a napola of all ten denari adds ``"; napoleone: Anna wins"``."""
    line = points_line(points)
    if not napoleone_side:
        return line
    return str(t("scopa.line_napoleone", "{points}; napoleone: {side} wins", points=line, side=napoleone_side))


class ScopaGame(Game):
    """The Scopa and Scopone scorer (see the module docstring and RULES.md "Scopa")."""

    name = "scopa"
    deals_to_the_right = True  # the deal passes to the dealer's right [SC-DEAL]
    title = "Scopa"
    result_type = ScopaResult
    version = "1"
    rule_sets = ("scopa", "scopone")
    own_options = ("target", "napola", "re_bello", "suits")
    min_players = 2
    max_players = 4

    def titled(self, rules: str) -> str:
        """``Scopa`` or ``Scopone``: each is the game's own name, in every language."""
        return "Scopone" if rules == "scopone" else "Scopa"

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None, sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """``scopa``: 2 or 3 players each for self, or 4 in two pairs; ``scopone``: two pairs.

        4 ``players`` make the pairs ``NS`` (seats 1 and 3) and ``EW`` (seats 2 and 4); ``sides``
        (side → players, every side alike: 2 or 3 sides of one player, or 2 of two) are seated
        taking turns: the first player of each side, then the second. Players listed with sides
        must be the same people. Seats are listed clockwise: the deal passes to the right, so
        backwards through this order.
        """
        if sides:
            return _seat_sides(rules, sides, players)
        names = check_names(players, "players")
        if rules == "scopone" and len(names) != 4:
            raise LedgerError(t("scopa.scopone_players", "scopone is played by 4 players in two pairs, not {n}",
                                n=len(names)), "players", len(names))
        self.check_player_count(len(names))
        return pairs_by_seat(names)

    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """``target`` (11 for scopa, 21 for scopone, or the match's own: a whole number from 1),
        ``napola`` and ``re_bello`` (yes/no, off), ``suits`` (``italian``: the cards the ledger names
        for the match are written with the Italian suits, ``7 di denari``; ``letters``, the default:
        ``7D``), and the base options (``first_dealer``, stakes)."""
        flags = {k: options.pop(k, None) for k in ("napola", "re_bello")}
        suits = options.pop("suits", None)
        out = self.options_with_target(rules, options, players, TARGETS[rules], 1, 100_000)
        for k, v in flags.items():
            out[k] = False if v is None else as_bool(v, f"options.{k}")
        if suits is not None:
            out["suits"] = read_suits(suits)
        return out

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules: object=None) -> HandResult:
        """Score a hand document on its own: sides named as the document names them, ``options``
        (napola, re_bello) from the document. Returns the :func:`score_hand` result; raises
        ``LedgerError`` for an unknown field, a card outside the 40-card deck or twice, piles that
        are not the 40 cards, counts that do not add up or do not fit, or scope out of range."""
        rules = self.check_rules(rules if rules is not None else doc.get("rules"))
        check_keys(doc, HAND_KEYS)
        raw = doc.get("sides")
        return score_hand(raw, named_sides(raw), rules, document.read_options(doc.get("options")))

    # --- a match ------------------------------------------------------------------------------
    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """Score the next hand; the match ends at the end of a hand when a side at or over the
        target is alone highest, or at once on a napoleone [SC-WIN], [SC-NAP]. A hand after the
        match is won, a rule set or options other than the match's, are errors."""
        if state.finished:
            raise LedgerError(t("scopa.over", "the match is over: no more hands"), "hand", None)
        check_keys(doc, HAND_KEYS)
        if doc.get("rules") is not None and self.check_rules(doc["rules"]) != setup.rules:
            raise LedgerError(t("scopa.other_rules", "this match is played with the {rules} rules", rules=setup.rules),
                              "rules", doc["rules"])
        options = match_options(setup)
        _check_same_options(doc.get("options"), options)
        result = score_hand(doc.get("sides"), setup.resolve_side, setup.rules, options, setup.side_names)
        hand = result.detail_as(ScopaResult)
        totals = {s: state.totals.get(s, 0) + hand.points[s] for s in setup.side_names}
        finished, winner = match_outcome(totals, setup.options["target"], hand.napoleone)
        return MatchState(state.hands + 1, totals, finished, winner), result

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended early: the side with the highest total wins; nobody when the highest are equal."""
        if state.finished:
            return state
        return MatchState(state.hands, state.totals, False, leader(state.totals), state.extra)


    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Per hand each side's points and running total (a note with who took what), then each
        side's points over the match by kind: carte, denari, settebello, primiera (napola, re
        bello), scope and the total; who has won, or who deals next."""
        return scopa_board(self, setup, replay)

    # --- entry (the declared hand: ledger.games.scopa.hand) -------------------------------------
    hand = table.FORM

    def entry_help(self) -> Msg | None:
        """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
        return table.entry_help()

    def questions(self, setup: MatchSetup, doc: JsonDoc, state: MatchState | None = None) -> list[Question]:
        """The declared hand's questions (:data:`ledger.games.scopa.hand.FORM`), side by side in
        seat order: the pile, the counts a counted pile still needs, the scope (Enter for 0);
        which counts a side needs is :func:`ledger.games.scopa.hand.skipped`."""
        return table.FORM.questions(doc, self.entry_who(setup, state, doc), setup.resolve_player,
                                    skip_for=partial(table.skipped, doc, match_options(setup)))

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None=None, setup: MatchSetup | None=None) -> str:
        """With ``result``: its summary, ``"Anna +6, Bruno +1"`` (:func:`hand_line`); without: what
        was entered, ``"Anna 22 cards (2 scope), Bruno rest"``."""
        points = result.get("points") if isinstance(result, Mapping) else None
        if isinstance(result, Mapping) and isinstance(points, Mapping):
            nap = result.get("napoleone")
            return hand_line(points, nap if isinstance(nap, str) else None)
        return table.entered_text(doc) if isinstance(doc, Mapping) else ""

    def hand_note(self, result: HandResult) -> str:
        """Who took what, side by side: ``Anna: settebello · 2 scope; Bruno: carte · denari ·
        primiera`` (a napola with its length, re bello), and a napoleone."""
        return table.note(result.detail_as(ScopaResult))


def match_options(setup: MatchSetup) -> Options:
    """The match's napola and re bello options (every hand of the match is played with them), and
    how its cards are named (``suits``)."""
    return Options(bool(setup.options.get("napola")), bool(setup.options.get("re_bello")),
                   setup.options.get("suits") == "italian")


SUITS_WORDS = {"italian": "italian", "italiani": "italian", "italiano": "italian", "italiane": "italian",
               "letters": "letters", "lettere": "letters", "french": "letters", "francesi": "letters"}


def read_suits(value: object) -> str:
    """The ``suits`` match option: ``italian`` (also ``italiani``) or ``letters`` (``lettere``,
    ``french``); ``LedgerError`` on ``options.suits`` otherwise."""
    found = SUITS_WORDS.get(str(value).strip().casefold()) if isinstance(value, str) else None
    if found is None:
        raise LedgerError(t("scopa.suits", "expected italian (cards named 7 di denari) or letters (7D), got "
                            "{value!r}", value=value), "options.suits", value)
    return found


def _check_same_options(value: object, options: Options) -> None:
    """A hand of a match may repeat the match's options, never change them."""
    if value is None:
        return
    given = document.read_options(value)
    for key in ("napola", "re_bello"):
        if isinstance(value, Mapping) and key in value and getattr(given, key) != getattr(options, key):
            msg = (t("scopa.option_on", "the match is played with {option} on (options are set for the match)")
                   if getattr(options, key) else
                   t("scopa.option_off", "the match is played with {option} off (options are set for the match)"))
            raise LedgerError(replace(msg, params={"option": key}), f"options.{key}", value[key])


def _seat_sides(rules: str, sides: object, players: Sequence[str] | None) -> Seated:
    if not isinstance(sides, Mapping):
        raise LedgerError(t("scopa.sides_map", "expected side → players"), "sides", sides)
    teams = {str(k): check_names(v, f"sides.{k}") for k, v in sides.items()}
    sizes = {len(p) for p in teams.values()}
    pairs = sizes == {2} and len(teams) == 2
    if not pairs and (rules == "scopone" or sizes != {1} or len(teams) not in (2, 3)):
        what = (t("scopa.seat_scopone", "{rules} is played by two pairs") if rules == "scopone" else
                t("scopa.seat_scopa", "{rules} is played by two pairs, or 2 or 3 sides of one player"))
        raise LedgerError(replace(what, params={"rules": rules}), "sides", {k: list(v) for k, v in teams.items()})
    seated = check_names([p for turn in zip(*teams.values()) for p in turn], "sides")
    if players and {p.casefold() for p in check_names(players, "players")} != {p.casefold() for p in seated}:
        raise LedgerError(t("scopa.players_sides", "the players and the sides name different people"), "players",
                          list(players))
    return seated, teams


GAME = ScopaGame()
