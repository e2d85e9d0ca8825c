"""Contract bridge, the game of the ledger: rubber (the default), Chicago and duplicate (seed 003,
RULES.md "Bridge").

The package: :mod:`~ledger.games.bridge.scoring` is the Laws' scoring table of one deal;
:mod:`~ledger.games.bridge.document` reads a hand document into the typed deal;
:mod:`~ledger.games.bridge.rules` scores it and keeps the score sheet of a rubber, a Chicago round
or a duplicate match (its docstring has the rule sets); :mod:`~ledger.games.bridge.summaries`
says a deal in one line; :mod:`~ledger.games.bridge.board`
draws the scoreboard; :mod:`~ledger.games.bridge.hand` declares the hand (the players' words at
the table, the questions, the errors' labels);
:mod:`~ledger.games.bridge.pbn` reads and writes PBN. This module is the :class:`Bridge` scorer
that puts them behind the protocol of :mod:`ledger.games.base`. Entry and board import the
scoring modules, never the reverse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.i18n import t
from ledger.games.base import Game, MatchState, check_names, in_words
from ledger.games.bridge.facts import BridgeNotes
from ledger.games.bridge.board import bridge_board
from ledger.games.bridge import hand as table
from ledger.games.bridge.document import CHICAGO, DUPLICATE, RULE_SETS, RULE_WORDS, RUBBER, read_deal
from ledger.games.bridge.summaries import describe, result_line
from ledger.games.bridge.rules import (
    _leader, board_dealer_player, read_options, chicago_apply, chicago_start, duplicate_apply, duplicate_start,
    rubber_apply, rubber_finish_early, rubber_segments, rubber_start, score_hand,
)
from ledger.games.bridge.records import (
    ChicagoResult, ChicagoState, DealResult, DuplicateResult, DuplicateState, RubberResult, RubberState,
)
from ledger.games.bridge.scoring import SEATS, is_seat_word, parse_seat, parse_side, seat_text
from collections.abc import Iterable, Sequence  # noqa: F401 (annotations)
from ledger.games.base import Board, HandResult, Replay  # noqa: F401 (annotations)
from ledger.games.declare import Field, HandForm, Question, Who  # noqa: F401 (annotations)
from ledger.games.match_setup import MatchSetup, Seated  # noqa: F401 (annotations)
from ledger.games.record import JsonRecord  # noqa: F401 (annotations)
from ledger.i18n import Msg  # noqa: F401 (annotations)

if TYPE_CHECKING:  # the PBN reader is imported only when a file is read
    from ledger.games.bridge.pbn import PbnRead

_STATES = {RUBBER: RubberState, CHICAGO: ChicagoState, DUPLICATE: DuplicateState}
_RESULTS = {RUBBER: RubberResult, CHICAGO: ChicagoResult, DUPLICATE: DuplicateResult}


# --- the scorer ---------------------------------------------------------------------------------
class Bridge(Game):
    """Contract bridge scorer (see the module docstring): rule sets rubber, chicago, duplicate."""

    name = "bridge"
    samples = "ledger.games.bridge.sample"
    sample_weight = 15
    facts = BridgeNotes()
    title = "Bridge"
    version = "1"
    rule_sets = RULE_SETS
    rule_words = RULE_WORDS
    compass_sides = True
    own_options = ("unfinished_partscore", "rubbers", "rounds", "boards", "first_board")
    deals = True
    min_players = 4
    max_players = 4
    deal_files = "PBN"
    deal_rules = DUPLICATE
    result_type = DealResult

    def read_deals(self, text: str | Iterable[str]) -> PbnRead:
        """A PBN file's played games (:func:`ledger.games.bridge.pbn.read_pbn`)."""
        from ledger.games.bridge.pbn import read_pbn

        return read_pbn(text)

    def write_deals(self, setup: MatchSetup, results: Sequence[HandResult], event: str='', site: str='', date: str='') -> str:
        """A match's deals as PBN with their ``[Score]`` (:func:`ledger.games.bridge.pbn.write_pbn`)."""
        from ledger.games.bridge.pbn import write_pbn

        return write_pbn(setup, results, event=event, site=site, date=date)

    def deal_row(self, result: JsonDoc) -> tuple[object, ...]:
        """One scored PBN deal (``score --json``'s object) as the CLI's table shows it: board,
        vulnerability (in the language in use), contract, declarer, result, NS's score."""
        from ledger.games.bridge.scoring import vulnerability_cell

        return (result.get("board", ""), vulnerability_cell(result["vulnerable"]), result["contract"],
                result.get("declarer") or "", result.get("result") or "", result["score_ns"])

    # --- setup ----------------------------------------------------------------------------------
    def seat(self, rules: str, players: Sequence[str] | None, sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """Sides ``{"NS": [north, south], "EW": [east, west]}`` (also ``N-S``, ``Nord-Sud`` …) or four
        ``players`` in seat order North, East, South, West. Seat order is N, E, S, W."""
        if sides:
            if not isinstance(sides, Mapping) or len(sides) != 2:
                raise LedgerError(t("bridge.two_sides", "bridge is played by two sides, NS and EW"), "sides", sides)
            pairs: dict[str, tuple[str, ...]] = {}
            for key, members in sides.items():
                side = parse_side(str(key), f"sides.{key}")
                if side in pairs:
                    raise LedgerError(t("bridge.side_twice", "side {side} is given twice", side=side), f"sides.{key}",
                                      key)
                names = check_names(members, f"sides.{key}")
                if len(names) != 2:
                    raise LedgerError(t("bridge.side_players", "a side has two players, not {count}",
                                        count=len(names)), f"sides.{key}", list(names))
                pairs[side] = names
            (n, s), (e, w) = pairs["NS"], pairs["EW"]
            seated = check_names([n, e, s, w], "sides")
        else:
            seated = check_names(players, "players")
            self.check_player_count(len(seated))
        n, e, s, w = seated
        return seated, {"NS": (n, s), "EW": (e, w)}

    def check_new_match(self, setup: MatchSetup) -> None:
        """A player named as a seat (``N``, ``Est``, ``West``, ``O``) must sit at that seat: the
        declarer ``N`` typed is the seat, so a player ``N`` sitting East would hand East's
        contracts to North-South. ``LedgerError`` on ``players`` naming the player and both seats,
        after the checks of every game (:meth:`Rules.check_new_match`)."""
        super().check_new_match(setup)
        for seat, name in zip(SEATS, setup.players):
            if is_seat_word(name) and parse_seat(name) != seat:
                raise LedgerError(t("bridge.name_is_seat", "{name!r} sits at {seat}: a player named as another seat "
                                    "would be read as that seat; seat them there or add an initial", name=name,
                                    seat=seat_text(seat)), "players", name)

    def check_options(self, rules: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """Options by rule set (:func:`~ledger.games.bridge.rules.read_options`), then the base's."""
        own = read_options(rules, options)  # takes the game's own keys out of ``options``
        return {**super().check_options(rules, options, players), **own}

    # --- one hand -------------------------------------------------------------------------------
    score = score_hand  # one deal on its own: its docstring says what it returns

    # --- a match --------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        return {RUBBER: rubber_start, CHICAGO: chicago_start, DUPLICATE: duplicate_start}[setup.rules](setup)

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """Score ``doc`` as the next deal: the sheet, games and vulnerability move on. ``MatchState``
        extra: rubber ``games``, ``rubber_bonus``, ``vulnerable`` (for the next deal), ``above``,
        ``below``, ``partscore``, ``rubber_totals``, ``margin``, ``rubbers`` (finished ones),
        ``next_dealer``; Chicago the same with ``round``/``deal``/``rounds``; duplicate
        ``boards_played``, ``next_board``, ``score_ns``."""
        fn = {RUBBER: rubber_apply, CHICAGO: chicago_apply, DUPLICATE: duplicate_apply}[setup.rules]
        return fn(setup, state, doc)

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Rubber: Law 80's premiums for the unfinished rubber. Every rule set: the side with more
        points wins (None when level)."""
        if setup.rules == RUBBER:
            return rubber_finish_early(setup, state)
        if state.finished:
            return state
        return MatchState(state.hands, state.totals, False, _leader(state.totals),
                          replace(state.extra, ended_early=True))

    def state_class(self, setup: MatchSetup) -> type[JsonRecord]:
        """The state of its rule set: rubber, Chicago or duplicate."""
        return _STATES[setup.rules]

    def result_class(self, setup: MatchSetup) -> type[JsonRecord]:
        """A deal's result in its rule set."""
        return _RESULTS[setup.rules]

    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str:
        """Rubber and Chicago: the state's ``next_dealer`` (a passed-out Chicago deal is dealt
        again by the same dealer); duplicate: the dealer of the state's ``next_board`` (Law 2),
        which follows the last board entered, not the number of boards played."""
        ex = state.extra
        if isinstance(ex, DuplicateState):
            return board_dealer_player(setup, ex.next_board)
        return ex.next_dealer if isinstance(ex, (RubberState, ChicagoState)) else self.dealer(setup, state.hands)

    def hand_prompt(self, setup: MatchSetup, state: MatchState, number: int, dealer: str | None) -> Msg:
        """``deal 4 · Dario deals > `` (Italian: ``smazzata 4 · mazziere Dario > ``); duplicate: the
        next board, ``board 8 · Dario deals > ``."""
        ex = state.extra
        if isinstance(ex, DuplicateState):
            return t("bridge.board_prompt", "board {board} · {dealer} deals > ", board=str(ex.next_board),
                     dealer=dealer)
        return t("bridge.hand_prompt", "deal {hand} · {dealer} deals > ", hand=number, dealer=dealer)

    def hand_number(self, setup: MatchSetup, i: int | None, result: JsonDoc | None=None) -> int | None:
        """Duplicate: the board's number (its result's ``board``, what the scoreboard's column
        shows; a voided board's too); rubber and Chicago: the deal's place, ``i + 1``."""
        board = result.get("board") if setup.rules == DUPLICATE and isinstance(result, Mapping) else None
        if isinstance(board, int) and not isinstance(board, bool):
            return board
        return super().hand_number(setup, i, result)

    def hand_heading(self, setup: MatchSetup, number: int, result: HandResult) -> Msg:
        """``Deal 4: 4SX by W -2: NS +300`` (Italian: ``Smazzata 4: …``); duplicate: the board,
        ``Board 8: 7NT by N =: NS +1520``."""
        detail = result.to_json()
        if setup.rules == DUPLICATE and detail.get("board") is not None:
            return t("bridge.board_heading", "Board {board}: {summary}", board=str(detail["board"]),
                     summary=result_line(detail, board=False))
        return t("bridge.hand_heading", "Deal {hand}: {summary}", hand=number, summary=result.summary)

    def stake_segments(self, state: MatchState) -> list[Mapping[str, int]]:
        """Rubber: each rubber is settled on its own (:func:`~ledger.games.bridge.rules.rubber_segments`)."""
        return rubber_segments(state) if isinstance(state.extra, RubberState) else [state.totals]

    def dealer(self, setup: MatchSetup, hand_number: int) -> str:
        """Who deals hand ``hand_number`` (0-based). Duplicate: the board's dealer (Law 2), boards
        numbered on from ``first_board``. Rubber and Chicago: clockwise from the first dealer; in
        Chicago a passed-out deal is dealt again by the same dealer, which only the match state
        knows (``next_dealer``)."""
        if setup.rules == DUPLICATE:
            return board_dealer_player(setup, setup.options.get("first_board", 1) + hand_number)
        return super().dealer(setup, hand_number)

    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        return bridge_board(self, setup, replay)

    def board_window(self, setup: MatchSetup, replay: Replay, keep: int) -> Replay:
        """Duplicate: the last ``keep`` boards; rubber and Chicago: the whole match, whose sheet
        holds every deal of the current rubber (the CLI then cuts the deals table)."""
        return replay.tail(keep) if setup.rules == DUPLICATE else replay

    # --- entry at the table (hand.py) ------------------------------------------------------------
    hand: HandForm = table.FORM

    def entry_help(self) -> Msg | None:
        """How a player writes a hand in one line, for ``help`` in ``ledger play``."""
        return table.entry_help()

    def parse_entry(self, setup: MatchSetup, tokens: Sequence[str]) -> JsonDict:
        """Words as players say them (``4SX N -2``, ``3NT S =``, ``6H by E made 13``, ``pass``,
        ``3 senza atout Sud =``, ``4S contre O down 1``, ``honours NS 100``) and ``KEY=VALUE`` words
        (``contract=4SX declarer=N tricks=9 result=-1 honors="NS 100" vulnerable=NS board=5``) →
        a partial hand document: the phrase made parts (:func:`~ledger.games.bridge.hand.said_parts`),
        read by the declared hand (:data:`~ledger.games.bridge.hand.FORM`), settled against the
        contract (:func:`~ledger.games.bridge.hand.settle`). ``LedgerError`` on the field, or on
        ``entry`` for a word it cannot place."""
        read = self.hand.read_words(table.said_parts(setup, tokens), self.entry_who(setup, None, {}),
                                    table.seat_reader(setup))
        return table.settle(setup, read)

    def questions(self, setup: MatchSetup, doc: JsonDoc, state: MatchState | None = None) -> list[Question]:
        """What is missing, in order: contract, then declarer and tricks (not after a pass), then
        honours (rubber and Chicago only; Enter for none); each answer settled as the one-line
        entry is (:func:`~ledger.games.bridge.hand.asked`)."""
        asked = self.hand.questions(doc, self.entry_who(setup, state, doc), table.seat_reader(setup),
                                    lambda f: self.entry_skips(setup, state, doc, f))
        return [table.asked(setup, doc, q) for q in asked]

    def entry_who(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc) -> Who:
        """The four seats, the declarer's choices (:func:`~ledger.games.bridge.hand.seats`)."""
        return table.seats(setup)

    def entry_skips(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc, field: Field) -> bool:
        """Not asked: after a pass, in duplicate, when said otherwise (:func:`~ledger.games.bridge.hand.skipped`)."""
        return table.skipped(setup, doc, field)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None=None, setup: MatchSetup | None=None) -> str:
        """With ``result``: the deal's summary (:func:`result_line`, ``"4SX by W -2: NS +500"``);
        without: the deal as entered, ``"4SX by N -2"``, ``"passed out"`` (``""`` for a document
        that cannot be read). In the words of the language it is shown in (``4SX da O -2``),
        English in ``--json`` (:func:`~ledger.games.base.in_words`). Within its match (``setup``)
        the line leaves out the board, as the deal's summary does: the match says the deal's
        number beside it (``match history``'s column, ``play``'s undo question: a duplicate
        board's number, :meth:`hand_number`), and a rubber or Chicago deal is numbered in order
        whatever ``board`` it carries (a PBN file's [Board])."""
        return in_words(lambda: self._describe(doc, result, board=setup is None))

    def _describe(self, doc: JsonDoc, result: JsonDoc | None = None, board: bool = True) -> str:
        line = result_line(result, board=board) if isinstance(result, Mapping) else ""
        if line:
            return line
        try:
            return describe(read_deal(doc, RUBBER))
        except LedgerError:
            return ""


GAME = Bridge()
