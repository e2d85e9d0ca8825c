"""Tressette (no seed; RULES.md "Tressette (no seed)", documents in FORMATS.md "Tressette hand
document" and "Tressette match document").

The 40-card Italian deck; 2 players each for self, 4 in two pairs, or 3 each for self with one
4 taken out. A hand is each side's captured pile (cards, ``"rest"`` or its counts of aces and
thirds), the side that took the last trick and the accusi declared::

    {"game": "tressette",
     "sides": {"NS": {"aces": 3, "thirds": 12}, "EW": {"aces": 1, "thirds": 8}},
     "last_trick": "NS", "accusi": {"NS": ["napoletana H"], "EW": ["buongioco 3 -H"]}}

The points and the match are :mod:`ledger.games.tressette.rules`, the document's reading
:mod:`ledger.games.tressette.document`, the words of the table :mod:`ledger.games.tressette.hand`.
The deal passes to the dealer's right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ledger.errors import LedgerError
from ledger.games.declare import Field
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.parsing import as_bool, as_int, check_keys, check_names, named_sides
from ledger.games.partnerships import pairs_by_seat
from ledger.games.protocol import Game
from ledger.games.replay import Replay
from ledger.games.results import HandResult, MatchState
from ledger.games.tables import Board, points_line
from ledger.games.match_setup import MatchSetup, Seated
from ledger.games.tressette import document, rules
from ledger.games.tressette import hand as table
from ledger.games.tressette.board import tressette_board
from ledger.games.tressette.facts import TressetteNotes
from ledger.games.tressette.records import TressetteResult, TressetteState
from ledger.i18n import Msg, t

OPTION_FLAGS = ("accusi", "cappotto_voids_accusi", "cappotto_wins")
OPTION_WORDS = {"obiettivo": "target", "traguardo": "target", "punti": "target", "cappotto_annulla_accusi":
                "cappotto_voids_accusi", "cappotto_vince": "cappotto_wins"}  # the Italian names of the options


def read_options(given: JsonDoc, players: int, field: str = "options") -> rules.Options:
    """The options of a match or a lone hand (RULES.md "Tressette"): ``accusi`` (yes),
    ``cappotto_voids_accusi`` (yes), ``cappotto_wins`` (no; 2 sides only), ``target`` (31 with
    accusi, 21 without; a whole number from 1). ``LedgerError`` on ``options.KEY``."""
    flags = {k: as_bool(given[k], f"{field}.{k}") if given.get(k) is not None else k != "cappotto_wins"
             for k in OPTION_FLAGS}
    if flags["cappotto_wins"] and players == 3:
        raise LedgerError(t("tressette.cappotto_wins_three", "a cappotto wins the match only with 2 sides"),
                          f"{field}.cappotto_wins", given.get("cappotto_wins"))
    target = given.get("target")
    return rules.Options(flags["accusi"], flags["cappotto_voids_accusi"], flags["cappotto_wins"],
                         rules.TARGETS[flags["accusi"]] if target is None else as_int(target, f"{field}.target", 1,
                                                                                     100_000))


def _named_options(options: JsonDoc) -> JsonDict:
    """``options`` with the Italian names of the game's options read as their keys."""
    return {OPTION_WORDS.get(str(k).casefold(), k): v for k, v in options.items()}


class TressetteGame(Game):
    """The Tressette scorer (see the module docstring and RULES.md "Tressette")."""

    name = "tressette"
    deals_to_the_right = True  # the deal passes to the dealer's right [TR-SPZ], [TR-GS]
    title = "Tressette"
    version = "1"
    result_type = TressetteResult
    state_extra = TressetteState
    rule_sets = ("standard",)
    own_options = ("target", *OPTION_FLAGS)  # listed when an option is refused
    min_players = 2
    max_players = 4
    facts = TressetteNotes()
    samples = "ledger.games.tressette.sample"
    sample_weight = 10
    hand = table.FORM

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules_: str, players: Sequence[str] | None,
             sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """2 or 3 players each for self, or 4 in two pairs: 4 ``players`` make ``NS`` (seats 1
        and 3) and ``EW`` (seats 2 and 4); ``sides`` of two pairs are seated taking turns (the
        first of each, then the second: RULES.md "Seats and the deal")."""
        if not sides:
            names = check_names(players, "players")
            self.check_player_count(len(names))
            return pairs_by_seat(names)
        if not isinstance(sides, Mapping):
            raise LedgerError(t("tressette.sides_map", "expected side → players"), "sides", sides)
        teams = {str(k): check_names(v, f"sides.{k}") for k, v in sides.items()}
        if len(teams) != 2 or {len(v) for v in teams.values()} != {2}:
            raise LedgerError(t("tressette.two_pairs", "sides are two pairs (or give 2 or 3 players each for self)"),
                              "sides", {k: list(v) for k, v in teams.items()})
        seated = check_names([p for turn in zip(*teams.values()) for p in turn], "sides")
        return seated, teams

    def check_options(self, rules_: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """``target``, ``accusi``, ``cappotto_voids_accusi``, ``cappotto_wins`` (:func:`read_options`;
        Italian names ``obiettivo`` …) and the base options (``first_dealer``, stakes)."""
        options = _named_options(options)
        own = {k: options.pop(k) for k in (*OPTION_FLAGS, "target") if k in options}
        out = super().check_options(rules_, options, players)
        read = read_options(own, len(players))
        out.update(read._asdict())
        return out

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules: object = None) -> HandResult:
        """Score a hand document on its own (FORMATS.md "Tressette hand document"); its
        ``options`` (``accusi``, ``cappotto_voids_accusi``) from the document. ``LedgerError``
        for every impossible input of RULES.md "Tressette", naming the field."""
        self.check_rules(rules if rules is not None else doc.get("rules"))
        check_keys(doc, document.HAND_KEYS)
        raw = doc.get("sides")
        sides = len(raw) if isinstance(raw, Mapping) else 2
        options = read_options(_hand_options(doc.get("options")), sides)
        read = document.read_hand(doc, named_sides(raw))
        seating = rules_seating(len(read.piles))
        return _scored(read, seating, options)

    # --- a match ------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        """Every total 0; the first dealer deals."""
        standing = rules.start(setup.side_names)
        return self._state(setup, standing)

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """Score the next hand (its sides exactly the match's) and move the match on
        (:func:`ledger.games.tressette.rules.apply`): a hand after the match is won, or options
        other than the match's, are errors."""
        options = match_options(setup)
        if state.finished:
            raise LedgerError(t("tressette.over", "the match is over: no more hands"), "hand", None)
        check_keys(doc, document.HAND_KEYS)
        _check_same_options(doc.get("options"), setup)
        read = document.read_hand(doc, setup.resolve_side, setup.side_names, setup.sides, setup.players)
        result = _scored(read, rules.Seating(len(setup.players), setup.sides), options)
        x = state.extra_as(TressetteState)
        before = rules.Standing(state.hands, state.totals, x.card_points, x.accusi)
        standing = rules.apply(options, before, result.detail_as(TressetteResult))
        return self._state(setup, standing), result

    def _state(self, setup: MatchSetup, s: rules.Standing) -> MatchState:
        extra = TressetteState(s.card_points, s.accusi, setup.options["target"], self.dealer(setup, s.hands))
        return MatchState(s.hands, s.totals, s.finished, s.winner, extra)

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended early: the highest total wins, nobody when the highest are equal."""
        if state.finished:
            return state
        return MatchState(state.hands, state.totals, False, rules.alone_highest(state.totals), state.extra)


    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Per hand each side's points and total, with the accusi and cappotti beside them; then
        each side's card points, accusi and total over the match; who won or deals next."""
        return tressette_board(self, setup, replay)

    # --- entry --------------------------------------------------------------------------------
    def entry_help(self) -> Msg:
        """How a hand is written in one line, for ``help`` in ``ledger play``."""
        return table.entry_help()

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        """The words of the table → a partial hand document (:func:`ledger.games.tressette.hand.parse_entry`:
        ``noi 3 assi 12 figure ultima, voi resto``); the questions and the errors' labels come
        from the declared hand (:data:`ledger.games.tressette.hand.FORM`)."""
        return table.parse_entry(setup, tokens)

    def entry_skips(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc, field: Field) -> bool:
        """The 4 taken out is asked only with 3 players, the accusi only when they are played."""
        return table.skipped(field, len(setup.side_names), bool(setup.options.get("accusi")))

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """With ``result``: ``"NS +11, EW +6"``; without: what was entered (:func:`ledger.games.tressette.hand.entered_text`)."""
        points = result.get("points") if isinstance(result, Mapping) else None
        if isinstance(points, Mapping):
            return points_line(points)
        return table.entered_text(doc) if isinstance(doc, Mapping) else ""

    def hand_note(self, result: HandResult) -> str:
        """The accusi scored and the cappotti: ``NS: napoletana H · EW: cappotto``."""
        return table.note(result.detail_as(TressetteResult))


def rules_seating(sides: int) -> rules.Seating:
    """The table of a lone hand document: 3 sides are 3 players, 2 sides 2 (RULES.md: a lone
    document's piles need only be even; its sides' accusi are each one player's)."""
    return rules.Seating(document.players_at(sides))


def _scored(read: rules.Hand, seating: rules.Seating, options: rules.Options) -> HandResult:
    rules.check_hand(read, seating, options)
    result = rules.score(read, options)
    return HandResult(result, partial(points_line, result.points))


def _hand_options(value: object) -> JsonDict:
    """A hand document's ``options`` (left out: the defaults)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise LedgerError(t("tressette.options_shape", "expected an object of options (accusi, "
                            "cappotto_voids_accusi)"), "options", value)
    named = _named_options(value)
    check_keys(named, {*OPTION_FLAGS, "target"}, prefix="options.")
    return named


def match_options(setup: MatchSetup) -> rules.Options:
    """The options every hand of the match is played with."""
    o = setup.options
    return rules.Options(bool(o.get("accusi", True)), bool(o.get("cappotto_voids_accusi", True)),
                         bool(o.get("cappotto_wins", False)), int(o.get("target", 31)))


def _check_same_options(value: object, setup: MatchSetup) -> None:
    """A hand of a match may repeat the match's options, never change them."""
    given = _hand_options(value)
    for key, said in given.items():
        if said is None:
            continue
        field = f"options.{key}"
        mine = as_int(said, field, 1) if key == "target" else as_bool(said, field)
        if mine != setup.options.get(key):
            raise LedgerError(t("tressette.option_fixed", "the match is played with {option} = {value} (options are "
                                "set for the match)", option=key, value=setup.options.get(key)), field, said)


GAME = TressetteGame()
