"""Scala 40: penalty points, the 101 and the rientro, with the pot settled (RULES.md "Scala 40
(no seed)", issue 33).

The rules are in :mod:`ledger.games.scala40.rules` (pure and typed), the JSON records in
:mod:`~ledger.games.scala40.records`, the words typed at the table in :mod:`~ledger.games.scala40.hand`,
the scoreboard in :mod:`~ledger.games.scala40.board`, the report's facts in
:mod:`~ledger.games.scala40.facts`. This module wires them to the :class:`~ledger.games.protocol.Game`
protocol.

A hand document (FORMATS.md "Scala 40 hand document")::

    {"game": "scala40", "closed_by": "Anna", "in_mano": false,
     "others": {"Bruno": "JK AS 7H", "Carla": 34, "Dario": {"opened": false}}}

A match (2 to 6 players, each for himself) keeps each player's running total of penalty
points; at ``limit`` (101) a player is out, he may re-enter (option ``reentries``) paying the
stake again, and the last one in takes the pot (option ``stake_cents``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.parsing import check_names
from ledger.games.protocol import Game
from ledger.games.replay import Replay
from ledger.games.results import HandResult, MatchState, items_of, sole_winner
from ledger.games.tables import Board, in_words
from ledger.games.declare import Who, Field
from ledger.games.match_setup import MatchSetup
from ledger.games.scala40 import board as board_view
from ledger.games.scala40 import hand as entry
from ledger.games.scala40 import rules
from ledger.games.scala40.facts import Scala40Notes
from ledger.games.scala40.records import Scala40Hand, Scala40Result, Scala40State
from ledger.games.settle import format_money
from ledger.i18n import Msg, t


class Scala40(Game):
    """The Scala 40 scorer (the module docstring says what it scores)."""

    name = "scala40"
    title = "Scala 40"
    version = "1"
    rule_sets = ("standard",)
    rule_words = {"standard": t("scala40.rules_standard", "standard")}
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    facts = Scala40Notes()
    own_stakes = "match"  # its own money: the stake paid into the pot at the start and at each re-entry
    state_extra = Scala40State
    result_type = Scala40Result
    samples = "ledger.games.scala40.sample"
    sample_weight = 10

    # --- setup ---------------------------------------------------------------------------------
    def check_options(self, rules_name: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """The options of RULES.md "Scala 40" with their defaults (:func:`rules.read_options`:
        English or Italian keys), ``first_dealer`` a player of the match. ``LedgerError`` on
        ``options.<key>``."""
        opts = rules.read_options(options)
        named = super().check_options(rules_name, {"first_dealer": opts.first_dealer}, players)
        return {**opts.to_json(), **named}

    @staticmethod
    def options_of(setup: MatchSetup) -> rules.Options:
        """The match's options as the typed :class:`rules.Options`."""
        return rules.Options(**setup.options)

    # --- one hand --------------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules_name: object = None) -> HandResult:
        """Score a lone hand document (``ledger score``): ``{"penalties": {player: points},
        "doubled": bool, "items": {player: [{"item", "points"}]}, "closed_by", "in_mano"}``.
        ``LedgerError`` for an unknown field or option, fewer than 2 or more than 6 players, a name
        twice, and every impossible entry of :func:`rules.read_hand`."""
        self.check_rules(rules_name if rules_name is not None else doc.get("rules"))
        raw_options = doc.get("options") or {}
        if not isinstance(raw_options, Mapping):
            raise LedgerError(t("scala40.options_shape", "expected an object of options"), "options", raw_options)
        options = rules.read_options(raw_options, rules.HAND_OPTION_KEYS)
        hand = rules.read_hand(doc, options)
        check_names([hand.closed_by, *hand.others], "others")
        self.check_player_count(1 + len(hand.others), "others")
        scored = rules.score(hand, options)
        result = Scala40Hand(scored.penalties, scored.doubled, items_of(scored.items), hand.closed_by, hand.in_mano)
        return HandResult(result, partial(board_view.penalties_line, scored.penalties, scored.doubled))

    # --- a match ---------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        options = self.options_of(setup)
        return self._state(setup, rules.start(setup.players, options), options)

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """Re-entries, then the hand: ``LedgerError`` for a match already won, a player not in the
        match, out, given twice or left out, a re-entry refused, and every impossible entry
        (:func:`rules.apply`, :func:`rules.read_hand`)."""
        options = self.options_of(setup)
        before = self._typed(setup, state)
        hand = self._match_hand(setup, rules.read_hand(doc, options, rules.MATCH_HAND_KEYS))
        outcome, after = rules.apply(options, before, hand)
        scored = outcome.scored
        result = Scala40Result(scored.penalties, scored.doubled, items_of(scored.items), hand.closed_by, hand.in_mano,
                               outcome.reentered, outcome.reentry_total, outcome.out, dict(after.totals),
                               after.pot_cents, outcome.dealt, after.winner)
        return (self._state(setup, after, options),
                HandResult(result, partial(board_view.penalties_line, scored.penalties, scored.doubled)))

    @staticmethod
    def _match_hand(setup: MatchSetup, hand: rules.Hand) -> rules.Hand:
        """``hand`` with every name the match's own (case as the match writes it)."""
        others: dict[str, rules.Other] = {}
        for key, other in hand.others.items():
            player = setup.resolve_player(key, f"others.{key}")
            if player in others:
                raise LedgerError(t("scala40.player_twice", "{player} is given twice", player=player),
                                  f"others.{key}", key)
            others[player] = other
        reentry = tuple(setup.resolve_player(n, "reentry") for n in hand.reentry)
        return rules.Hand(setup.resolve_player(hand.closed_by, "closed_by"), hand.in_mano, others, reentry)

    def _typed(self, setup: MatchSetup, state: MatchState) -> rules.State:
        """The typed state of the rules from a match state (as stored or just made)."""
        x = state.extra_as(Scala40State)
        return rules.State(setup.players, dict(state.totals), tuple(x.out), dict(x.reentries), x.pot_cents,
                           dict(x.paid_cents), x.dealer, sole_winner(state.winner) if state.finished else None, state.hands)

    def _state(self, setup: MatchSetup, st: rules.State, options: rules.Options,
               won: Mapping[str, int] | None = None, winner: str | None = None) -> MatchState:
        """The match state of the typed ``st``; ``won``: the pot as shared when ended early."""
        early = won is not None
        takes = rules.won_cents(st, options, False) if not early else won
        extra = Scala40State(st.out, dict(st.reentries),
                             {p: 0 if p in st.out else max(options.limit - n, 0) for p, n in st.totals.items()},
                             st.pot_cents, dict(st.paid_cents), rules.settlement(st, takes), st.dealer,
                             rules.next_dealer(st, options), options.limit, options.stake_cents, options.currency,
                             format_money(st.pot_cents, options.currency, "en"), dict(won) if won is not None else None)
        return MatchState(st.hands, dict(st.totals), st.finished, st.winner if not early else winner, extra)

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended by the scorekeeper: the unique lowest total still in wins (nobody on a tie), and
        the pot is shared among the players still in by points left (RULES.md "Stakes")."""
        if state.finished:
            return state
        options = self.options_of(setup)
        st = self._typed(setup, state)
        return self._state(setup, st, options, rules.won_cents(st, options, True), rules.early_winner(st))

    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str:
        """The next player still in after the last dealer, clockwise (the state keeps it)."""
        nxt = state.extra_as(Scala40State).next_dealer
        return nxt if nxt is not None else self.dealer(setup, state.hands)

    def settlement(self, state: MatchState) -> Mapping[str, int] | None:
        """Each player's net cents once the pot is won or shared (the state's ``settlement``)."""
        settled = state.extra_as(Scala40State).settlement
        return None if settled is None else dict(settled)

    # --- presentation ------------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Per hand each player's penalty and running total; the totals, the points left to the
        limit, who is out and who re-entered, the pot, the winner and who deals next."""
        return board_view.board(self, setup, replay)

    def hand_note(self, result: HandResult) -> str:
        """Who closed (in mano), who re-entered and who went out in the hand."""
        return board_view.hand_note(result.detail_as(Scala40Hand))

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """The hand's penalties (``"Anna 0, Bruno 43, Carla 32 — in mano"``) or, without a result,
        what was entered (``"Anna closed; Bruno JK AS 7H; Dario not opened"``)."""
        return in_words(lambda: board_view.describe(doc, result))

    # --- entry at the table -------------------------------------------------------------------------
    hand = entry.HAND

    def entry_help(self) -> Msg:
        return entry.entry_help()

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        """The words of the table (``chiude Anna; Bruno JK AS 7H; Carla 34; Dario non ha aperto``,
        ``Anna closed, ...``, ``in mano``, ``rientra Dario``) → a partial hand document, read by
        the declared hand (:data:`hand.HAND`) once a closing in mano said with the closer is split."""
        return super().parse_entry(setup, entry.split_in_mano(tokens))

    def correction_base(self, old: JsonDoc, new: JsonDoc) -> JsonDict:
        """The stored hand ``old`` less what a correction naming another closer makes wrong: the
        new closer's old cards or penalty (a closer has none) and the old closing in mano (it was
        the old closer's); the old closer must then be given his cards or penalty."""
        base = dict(old)
        closer = new.get("closed_by")
        if not isinstance(closer, str) or closer.strip().casefold() == str(old.get("closed_by", "")).casefold():
            return base
        base.pop("in_mano", None)
        others = base.get("others")
        if isinstance(others, Mapping):
            base["others"] = {p: v for p, v in others.items() if p.casefold() != closer.strip().casefold()}
        return base

    def entry_who(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc) -> Who:
        """The players a hand asks for: those still in (with the re-entries of ``doc``), but the closer."""
        out = set(state.extra_as(Scala40State).out) if state is not None else set()
        back = {n.casefold() for n in rules.read_names(doc.get("reentry"), "reentry")}
        closer = doc.get("closed_by")
        closer = closer.strip().casefold() if isinstance(closer, str) else None
        names = tuple(p for p in setup.players
                      if (p not in out or p.casefold() in back) and p.casefold() != closer)
        return Who(names, setup.resolve_player)

    def entry_skips(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc, field: Field) -> bool:
        """The re-entries are asked only when someone out may re-enter (RULES.md "Re-entry")."""
        if getattr(field, "key", None) != "reentry":
            return False
        if state is None:
            return True
        st, options = self._typed(setup, state), self.options_of(setup)
        return st.finished or options.reentries == 0 or len(st.players_in) < 2 or \
            not any(st.reentries[p] < options.reentries for p in st.out)


GAME = Scala40()
