"""Briscola, rule sets ``classica`` (2, 3 or 4 players) and ``chiamata`` (5, or 6 with the dealer
sitting out) (RULES.md "Briscola"; FORMATS.md "Briscola hand documents", "Briscola match documents").

The rules are in :mod:`ledger.games.briscola.rules` (pure), the records in :mod:`.records`, the
reading of a hand document and the hand declared for the words at the table in :mod:`.hand`, the
scoreboard in :mod:`.board`, the report's facts in :mod:`.facts`, matches dealt at random in
:mod:`.sample`. The deal passes to the dealer's right (counter-clockwise) in both rule sets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache, partial

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.parsing import as_bool, as_int, check_keys, check_names, named_sides
from ledger.games.partnerships import pairs_by_seat
from ledger.games.protocol import Game
from ledger.games.replay import Replay
from ledger.games.results import HandResult, MatchState, items_of
from ledger.games.tables import Board, points_line
from ledger.games.match_setup import MatchSetup, Resolve, Seated
from ledger.games.briscola import board as boards
from ledger.games.briscola import hand as declared
from ledger.games.briscola.facts import BriscolaNotes
from ledger.games.briscola.hand import (
    CHIAMATA_KEYS, CLASSICA_KEYS, chiamata_players, read_chiamata, read_classica,
)
from ledger.games.briscola.records import ChiamataResult, ChiamataState, ClassicaResult, ClassicaState
from ledger.games.briscola.rules import (
    DEFAULT_WINS, ChiamataOptions, ChiamataTally, ClassicaOptions, ClassicaTally, RuleSet, chiamata_apply,
    classica_apply, most, score_chiamata, score_classica, settlement,
)
from ledger.games.declare import HandForm, Question, Who, Field
from ledger.games.record import JsonRecord
from ledger.games.scopa import _seat_sides
from ledger.games.settle import DEFAULT_CURRENCY, check_currency, parse_cents, parse_money
from ledger.games.stakes import check_per
from ledger.i18n import Msg, t

LONE_OPTIONS = {RuleSet.CLASSICA: ("tie_last_trick",), RuleSet.CHIAMATA: ("cappotto_double", "bid_multiplier")}


def classica_options(options: JsonDoc) -> ClassicaOptions:
    """A match's (or a lone hand's) checked options as :class:`ClassicaOptions`."""
    return ClassicaOptions(options.get("wins"), options.get("hands"), bool(options.get("tie_last_trick")))


def chiamata_options(options: JsonDoc) -> ChiamataOptions:
    """A match's (or a lone hand's) checked options as :class:`ChiamataOptions`."""
    return ChiamataOptions(options.get("hands"), bool(options.get("cappotto_double", True)),
                           bool(options.get("bid_multiplier")), int(options.get("stake_cents") or 0),
                           str(options.get("currency") or DEFAULT_CURRENCY))


def read_flags(raw: JsonDoc, names: Sequence[str], prefix: str = "options.") -> dict[str, bool]:
    """The yes/no options among ``names`` that ``raw`` gives."""
    return {k: as_bool(raw[k], f"{prefix}{k}") for k in names if raw.get(k) is not None}


def classica_result(doc: JsonDoc, resolve: Resolve, players: int | None, options: ClassicaOptions,
                    expected: Sequence[str] | None = None) -> HandResult:
    """Read and score a ``classica`` hand: :class:`ClassicaResult` and its line."""
    hand = read_classica(doc.get("sides"), resolve, players, doc.get("removed"), doc.get("last_trick"), expected)
    out = score_classica(hand, options)
    result = ClassicaResult(out.points, out.winner, items_of(out.by_rank), hand.rest)
    return HandResult(result, partial(boards.classica_line, out.points, out.winner))


def chiamata_result(doc: JsonDoc, setup: MatchSetup | None, options: ChiamataOptions) -> HandResult:
    """Read and score a ``chiamata`` hand of the match ``setup`` (None: a lone document, its own
    ``players``): :class:`ChiamataResult`, a player sitting out scoring 0."""
    table = setup.players if setup is not None else None
    players, out = chiamata_players(doc, table, setup.resolve_player if setup is not None else None)
    hand = read_chiamata(doc, players, (setup or _lone_setup(players)).resolve_player)
    got = score_chiamata(hand, options)
    points = {p: got.points.get(p, 0) for p in (table or players)}
    result = ChiamataResult(points, got.made, got.alone, hand.caller_points, got.multiplier, hand.caller,
                            hand.partner, hand.bid, str(hand.called), out)
    return HandResult(result, partial(points_line, points))


@lru_cache(maxsize=64)
def _lone_setup(players: tuple[str, ...]) -> MatchSetup:
    """The table of a lone chiamata document (its names resolved as a match's are), made once
    per table: a list of thousands of hands has a few tables."""
    return MatchSetup("briscola", RuleSet.CHIAMATA.value, players, {p: (p,) for p in players})


class BriscolaGame(Game):
    """The Briscola scorer (see the module docstring and RULES.md "Briscola")."""

    name = "briscola"
    deals_to_the_right = True  # the deal passes to the dealer's right [BR-WIKI], [BC-GS]
    title = "Briscola"
    own_options = ("wins", "hands", "tie_last_trick", "cappotto_double", "bid_multiplier")  # both rule sets'
    version = "1"
    rule_sets = (RuleSet.CLASSICA.value, RuleSet.CHIAMATA.value)
    rule_words = {"classica": t("briscola.rules_classica", "classic"),
                  "chiamata": t("briscola.rules_chiamata", "chiamata")}
    min_players = 2
    max_players = 6
    player_counts = (2, 3, 4, 5, 6)
    facts = BriscolaNotes()
    own_stakes = "point"  # chiamata: each player's net is his total × the stake per point
    result_type = ClassicaResult
    state_extra = ClassicaState
    samples = "ledger.games.briscola.sample"
    sample_weight = 10

    @property
    def players_text(self) -> str:
        """``2-4 (classica), 5-6 (chiamata)`` is what ``ledger games`` says: 2 to 6."""
        return str(t("briscola.players_text", "2-4, 5-6 (chiamata)"))

    def titled(self, rules: str) -> str:
        """``Briscola`` or ``Briscola chiamata``: what the players call them."""
        return "Briscola chiamata" if rules == RuleSet.CHIAMATA.value else "Briscola"

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None,
             sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """``classica``: 2 or 3 players each for self, or two pairs (4 ``players`` pair seats 1-3
        and 2-4, named ``"Anna & Carla"``; ``sides`` are seated taking turns). ``chiamata``: 5 or
        6 players each for self. Seats are listed clockwise."""
        if rules == RuleSet.CHIAMATA.value:
            if sides:
                raise LedgerError(t("match.each_for_self", "{game} is played each for self: give players, not sides",
                                    game="chiamata"), "sides", None)
            names = check_names(players, "players")
            if len(names) not in (5, 6):
                raise LedgerError(t("briscola.chiamata_table", "chiamata is played by 5 players (6 with the dealer "
                                    "sitting out), not {n}", n=len(names)), "players", len(names))
            return names, {p: (p,) for p in names}
        if sides:
            seated, teams = _seat_sides(rules, sides, players)
            return seated, dict(teams)
        names = check_names(players, "players")
        if len(names) not in (2, 3, 4):
            raise LedgerError(t("briscola.classica_table", "classica is played by 2 or 3 players, or 4 in two pairs, "
                                "not {n}", n=len(names)), "players", len(names))
        return pairs_by_seat(names, by_players=True)

    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """``classica``: ``wins`` (2) or ``hands`` (not both), ``tie_last_trick`` (off), and the
        stakes every game may be played for. ``chiamata``: ``hands`` (none), ``cappotto_double``
        (on), ``bid_multiplier`` (off), ``stake_cents`` (or ``stake``) per point and
        ``currency``. Both: ``first_dealer``. ``LedgerError`` on ``options.NAME``."""
        if rules == RuleSet.CHIAMATA.value:
            return self._chiamata_options(options, players)
        wins, hands = options.pop("wins", None), options.pop("hands", None)
        flags = read_flags(options, ("tie_last_trick",))
        options.pop("tie_last_trick", None)
        if wins is not None and hands is not None:
            raise LedgerError(t("briscola.wins_and_hands", "give wins or hands, not both"), "options.hands", hands)
        out = super().check_options(rules, options, players)
        if hands is not None:
            out["hands"] = as_int(hands, "options.hands", 1, 1000)
        else:
            out["wins"] = DEFAULT_WINS if wins is None else as_int(wins, "options.wins", 1, 1000)
        out["tie_last_trick"] = flags.get("tie_last_trick", False)
        return out

    def _chiamata_options(self, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        hands = options.pop("hands", None)
        flags = read_flags(options, ("cappotto_double", "bid_multiplier"))
        for k in ("cappotto_double", "bid_multiplier"):
            options.pop(k, None)
        stake = _own_stake(options)
        out = super().check_options(RuleSet.CHIAMATA.value, options, players)
        out["hands"] = None if hands is None else as_int(hands, "options.hands", 1, 1000)
        out["cappotto_double"] = flags.get("cappotto_double", True)
        out["bid_multiplier"] = flags.get("bid_multiplier", False)
        out.update(stake)
        return out

    def own_stake(self, setup: MatchSetup) -> tuple[int, str] | None:
        """A chiamata played for money keeps its own (each total × the stake per point); a
        classica's stakes are the ones every game has (``stake_per``): None."""
        cents = int(setup.options.get("stake_cents") or 0)
        return (cents, "point") if setup.rules == RuleSet.CHIAMATA.value and cents else None

    def state_class(self, setup: MatchSetup) -> type[JsonRecord]:
        return ChiamataState if setup.rules == RuleSet.CHIAMATA.value else ClassicaState

    def result_class(self, setup: MatchSetup) -> type[JsonRecord]:
        return ChiamataResult if setup.rules == RuleSet.CHIAMATA.value else ClassicaResult

    # --- one hand -----------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules: object = None) -> HandResult:
        """Score a lone hand document: ``classica`` (2 or 3 sides named as the document names
        them; two sides: even piles) or ``chiamata`` (its 5 ``players``). ``LedgerError`` for
        every impossible input of RULES.md "Briscola", naming the field."""
        rule_set = RuleSet(self.check_rules(rules if rules is not None else doc.get("rules")))
        check_keys(doc, set(CLASSICA_KEYS if rule_set is RuleSet.CLASSICA else CHIAMATA_KEYS))
        raw = doc.get("options") or {}
        if not isinstance(raw, Mapping):
            raise LedgerError(t("document.not_mapping", "expected an object"), "options", raw)
        check_keys(raw, set(LONE_OPTIONS[rule_set]), "options.")
        flags = read_flags(raw, LONE_OPTIONS[rule_set])
        if rule_set is RuleSet.CLASSICA:
            return classica_result(doc, named_sides(doc.get("sides")), None, classica_options(flags))
        return chiamata_result(doc, None, chiamata_options(flags))

    # --- a match ------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        """Every total 0 (hand wins, or points), the first dealer to deal."""
        first = self.dealer(setup, 0)
        stake = int(setup.options.get("stake_cents") or 0)
        extra: JsonRecord = (ChiamataState(first, settlement(dict.fromkeys(setup.players, 0), stake) if stake else None)
                             if setup.rules == RuleSet.CHIAMATA.value else ClassicaState(0, first))
        return MatchState(0, {s: 0 for s in setup.side_names}, False, None, extra)

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """The next hand: its result and the match after it. A hand after the match is over, a
        rule set or options other than the match's, are errors as well as bad input."""
        if state.finished:
            raise LedgerError(t("match.over", "the match is over: no more hands"), "hand", None)
        if doc.get("rules") is not None and self.check_rules(doc["rules"]) != setup.rules:
            raise LedgerError(t("scopa.other_rules", "this match is played with the {rules} rules", rules=setup.rules),
                              "rules", doc["rules"])
        chiamata = setup.rules == RuleSet.CHIAMATA.value
        check_keys(doc, set(CHIAMATA_KEYS if chiamata else CLASSICA_KEYS))
        _same_options(doc.get("options"), setup.options)
        return self._chiamata(setup, state, doc) if chiamata else self._classica(setup, state, doc)

    def _classica(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        options = classica_options(setup.options)
        result = classica_result(doc, setup.resolve_side, len(setup.players), options, setup.side_names)
        draws = state.extra_as(ClassicaState).draws
        tally, finished, winner = classica_apply(options, ClassicaTally(state.totals, draws, state.hands),
                                                 result.detail_as(ClassicaResult).winner)
        extra = ClassicaState(tally.draws, self.dealer(setup, tally.hands))
        return MatchState(tally.hands, dict(tally.wins), finished, winner, extra), result

    def _chiamata(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        options = chiamata_options(setup.options)
        result = chiamata_result(doc, setup, options)
        tally, finished, winner = chiamata_apply(options, ChiamataTally(state.totals, state.hands),
                                                 result.detail_as(ChiamataResult).points)
        money = settlement(tally.totals, options.stake_cents) if options.stake_cents else None
        extra = ChiamataState(self.dealer(setup, tally.hands), money)
        return MatchState(tally.hands, dict(tally.totals), finished, winner, extra), result

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended early: the side with the most hand wins (classica) or the highest total
        (chiamata) wins, nobody when they are equal (a chiamata's money is its totals' already)."""
        if state.finished:
            return state
        return MatchState(state.hands, state.totals, False, most(state.totals) if state.hands else None, state.extra)

    def settlement(self, state: MatchState) -> Mapping[str, int] | None:
        """A chiamata's nets in cents, each player's total × the stake per point: what a table
        settles whenever it stops (the totals are zero-sum, so are the nets); None for classica."""
        extra = state.extra
        return extra.settlement if isinstance(extra, ChiamataState) else None


    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str:
        return self.dealer(setup, state.hands)

    # --- presentation -------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """``classica``: per hand each side's card points and who won it, then the hand wins and
        draws; ``chiamata``: per hand the call and each player's points, then each player's
        total and money. Who won, or who deals next (to the right)."""
        if setup.rules == RuleSet.CHIAMATA.value:
            return boards.chiamata_board(self, setup, replay)
        return boards.classica_board(self, setup, replay)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """With ``result``: its summary (``NS 64, EW 56: NS wins``; ``Anna +2, Bruno -1 …``);
        without: what was entered (:func:`ledger.games.briscola.board.describe`)."""
        return boards.describe(doc, result)

    def hand_note(self, result: HandResult) -> str:
        """``Anna + Carla 78 / 70: made`` for a chiamata hand; nothing for classica (the winner
        has its own column)."""
        return boards.chiamata_note(result.detail) if isinstance(result.detail, ChiamataResult) else ""

    # --- entry ----------------------------------------------------------------------------------
    hand = declared.EVERY_FIELD  # the errors' labels; each rule set reads its own form (declared.form_of)

    def entry_help(self) -> Msg | None:
        """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
        return declared.HELP

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        """The words at the table → a partial hand document, by the declared hand of the rule set
        (:func:`ledger.games.briscola.hand.parse_entry`)."""
        return declared.parse_entry(setup, tokens)

    def hand_form(self, setup: MatchSetup) -> HandForm:
        """The declared hand of the match's rule set (classica or chiamata)."""
        return declared.form_of(setup)

    def entered(self, setup: MatchSetup, doc: JsonDict) -> JsonDict:
        """A caller alone made his own partner, the rest beside sides said as points
        (:func:`ledger.games.briscola.hand.completed`)."""
        return declared.completed(setup, doc)

    def entry_who(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc) -> Who:
        """Classica: the sides (a player names the pair); chiamata: the players."""
        return declared.entry_who(setup)

    def entry_skips(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc, field: Field) -> bool:
        """Who sits out is asked only of a chiamata at six (RULES.md "Briscola": with five nobody does).
        ``alone`` is never asked: it is said as the partner (``da solo``), its own word is for typing."""
        key = getattr(field, "key", None)
        return key == declared.ALONE or (key == "sitting_out" and len(setup.players) != 6)

    def questions(self, setup: MatchSetup, doc: JsonDoc,
                  state: MatchState | None = None) -> list[Question]:
        """What is still missing, one thing at a time (:func:`ledger.games.briscola.hand.questions`);
        who sits out is proposed as the dealer of the hand."""
        return declared.questions(setup, doc, self.dealer(setup, state.hands if state is not None else 0))


def _own_stake(options: JsonDict) -> JsonDict:
    """A chiamata's stake per point: ``stake_cents`` (or ``stake``, an amount) and ``currency``;
    ``stake_per`` may say ``point``, nothing else. ``{}`` for no stake."""
    per = options.pop("stake_per", None)
    if per is not None and check_per(per) != "point":
        raise LedgerError(t("briscola.stake_per_point", "chiamata is played for a stake per point"),
                          "options.stake_per", per)
    cents = 0
    if options.get("stake_cents") is not None:
        cents = parse_cents(options.pop("stake_cents"), "options.stake_cents")
    elif options.get("stake") is not None:
        cents = parse_money(options.pop("stake"), "options.stake")
    options.pop("stake_cents", None), options.pop("stake", None)
    currency = options.pop("currency", None)
    if not cents:
        return {}
    return {"stake_cents": cents, "currency": DEFAULT_CURRENCY if currency is None else check_currency(currency)}


def _same_options(value: object, options: JsonDoc) -> None:
    """A hand of a match may repeat the match's options, never change them."""
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise LedgerError(t("document.not_mapping", "expected an object"), "options", value)
    check_keys(value, set(options), "options.")
    for key, given in value.items():
        kept = options[key]
        same = as_bool(given, f"options.{key}") == kept if isinstance(kept, bool) else given == kept
        if not same:
            raise LedgerError(t("briscola.option_of_match", "the match is played with {option} = {value} (options "
                                "are set for the match)", option=key, value=kept), f"options.{key}", given)


GAME = BriscolaGame()
