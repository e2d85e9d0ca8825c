"""Segnapunti: the score sheet for any game the ledger does not score itself (RULES.md "Generic
score sheet, game segnapunti"; FORMATS.md "Generic score sheet (segnapunti)").

Two or more sides, each a player or a team; every round each side still in gets whole points
(negative and 0 allowed). A hand (round) document::

    {"game": "segnapunti", "points": {"Anna": 12, "Bruno": -3, "Carla": 0}}

A match document carries a free ``title`` ("Cirulla", kept in the match's options) and the options
of :mod:`ledger.games.segnapunti.rules` (English keys or Italian names: ``obiettivo``, ``vince``
``alto``/``basso``, ``elimina_a``, ``pareggio``, ``partenza``, ``posta``, ``posta_punto`` …).
The package: :mod:`~.rules` (pure: options, a round, the sheet, money), :mod:`~.records` (the JSON
records), :mod:`~.hand` (entry at the table), :mod:`~.facts` (the report), :mod:`~.sample`
(random matches) and this module, the scorer behind :class:`ledger.games.protocol.Game` with its
scoreboard.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.parsing import check_keys, check_names, named_sides, need
from ledger.games.protocol import Game
from ledger.games.replay import Replay
from ledger.games.results import HandResult, MatchState, Winner
from ledger.games.tables import Board, Column, Table, board_title, cell, points_line, side_label
from ledger.games.declare import Who
from ledger.games.match_setup import MatchSetup, Seated
from ledger.games.segnapunti import hand as hand_form
from ledger.games.segnapunti import rules
from ledger.games.segnapunti.facts import SheetNotes
from ledger.games.segnapunti.records import Rank, SheetResult, SheetState
from ledger.games.segnapunti.rules import Mode, Options, Seating, Sheet
from ledger.games.settle import Money
from ledger.i18n import Msg, signed, t, tn

MAX_SIDES = 40
HAND_KEYS = {"points"}


def options_of(setup: MatchSetup) -> Options:
    """The match's options as :mod:`~.rules` reads them."""
    return rules.stored_options(setup.options)


def seating(setup: MatchSetup) -> Seating:
    return Seating(setup.sides, setup.players)


def sheet_of(state: MatchState) -> Sheet:
    """The pure sheet a stored match state stands for."""
    x = state.extra_as(SheetState)
    return Sheet(state.hands, state.totals, x.out, x.target_reached, state.finished, x.winners, x.next_dealer)


def state_of(setup: MatchSetup, sheet: Sheet, over: bool) -> MatchState:
    """The match state of ``sheet`` (``over``: finished or ended, so money is settled)."""
    opts = options_of(setup)
    ranks = tuple(Rank(r, s, n) for r, s, n in rules.ranking(sheet, opts.mode))
    money = rules.settle_sheet(opts, seating(setup), sheet) if over else None
    winner = sheet.winners[0] if len(sheet.winners) == 1 else None
    extra = SheetState(ranks, sheet.out, sheet.winners, money, sheet.next_dealer, sheet.reached)
    return MatchState(sheet.hands, dict(sheet.totals), sheet.finished, winner, extra)


class Segnapunti(Game):
    """The generic score sheet (see the module docstring)."""

    name = "segnapunti"
    title = "Segnapunti"
    version = "1"
    rule_sets = ("standard",)
    rule_words = {"standard": t("segnapunti.rules_standard", "standard")}
    min_players = 2
    max_players = MAX_SIDES
    own_stakes = "point"
    state_extra = SheetState
    result_type = SheetResult
    facts = SheetNotes()
    hand = hand_form.FORM
    samples = "ledger.games.segnapunti.sample"
    sample_weight = 10

    # --- setup --------------------------------------------------------------------------------
    def seat(self, rules_name: str, players: Sequence[str] | None,
             sides: Mapping[str, Sequence[str]] | None) -> Seated:
        """``players`` (each a side) or ``sides`` (side → its players; the seats then alternate:
        the first of each side, then the second of each …). 2 to :data:`MAX_SIDES` sides."""
        if not sides:
            return super().seat(rules_name, players, None)
        if not isinstance(sides, Mapping):
            raise LedgerError(t("segnapunti.sides_not_object", "expected each side with its players"), "sides", sides)
        names = check_names(list(sides), "sides")
        teams = {n: check_names(sides[n], f"sides.{n}") for n in names}
        if len(teams) < 2:  # counted in sides, not players: one team of two is still one side
            raise LedgerError(t("segnapunti.two_sides", "a sheet has at least 2 sides, not {n}", n=len(teams)),
                              "sides", len(teams))
        self.check_player_count(len(teams), "sides")
        longest = max(len(m) for m in teams.values())
        seats = check_names([m[i] for i in range(longest) for m in teams.values() if i < len(m)], "sides")
        return seats, teams

    def check_options(self, rules_name: str, options: JsonDict, players: tuple[str, ...]) -> JsonDict:
        """The sheet's options checked, defaults filled in (:func:`~.rules.read_options`)."""
        return rules.read_options(options, players).to_json()

    # --- one round ----------------------------------------------------------------------------
    def score(self, doc: JsonDoc, rules_name: object = None) -> HandResult:
        """A round on its own: ``{"points": {side: int}}``, at least 2 sides, whole numbers.
        Returns a :class:`~.records.SheetResult`; ``LedgerError`` on ``points``/``points.SIDE``."""
        self.check_rules(rules_name if rules_name is not None else doc.get("rules"))
        check_keys(doc, HAND_KEYS)
        raw = need(doc, "points")
        rnd = rules.read_round(raw, named_sides(raw))
        return _result(rnd.points)

    # --- a match ------------------------------------------------------------------------------
    def start(self, setup: MatchSetup) -> MatchState:
        return state_of(setup, rules.first_sheet(options_of(setup), seating(setup)), False)

    def apply(self, setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
        """The round ``doc`` added to the sheet (:func:`~.rules.apply`): ``LedgerError`` for a
        finished match, a side missing, unknown, out or given twice, a number not whole."""
        sheet = sheet_of(state)
        rules.check_open(sheet)  # before reading the round: a finished match takes none
        check_keys(doc, HAND_KEYS)
        rnd = rules.read_round(need(doc, "points"), setup.resolve_side)
        after = rules.apply(options_of(setup), seating(setup), sheet, rnd)
        return state_of(setup, after, after.finished), _result(rnd.points)

    def finish_early(self, setup: MatchSetup, state: MatchState) -> MatchState:
        """Ended by the scorekeeper (:func:`~.rules.end_early`), money settled."""
        if state.finished:
            return state
        return state_of(setup, rules.end_early(options_of(setup), sheet_of(state)), True)

    def next_dealer(self, setup: MatchSetup, state: MatchState) -> str | None:
        """Who deals next (None: no dealer is shown, or the match is over)."""
        return state.extra_as(SheetState).next_dealer

    def settlement(self, state: MatchState) -> Mapping[str, int] | None:
        return state.extra_as(SheetState).settlement

    def own_stake(self, setup: MatchSetup) -> tuple[int, str] | None:
        """The stake per point when there is one, else per match; None without a stake."""
        opts = options_of(setup)
        if opts.stake_per_point_cents:
            return opts.stake_per_point_cents, "point"
        return (opts.stake_cents, "match") if opts.stake_cents else None

    def own_match_stake(self, setup: MatchSetup) -> int:
        """The stake per match played beside the stake per point (RULES.md: both may be on)."""
        return options_of(setup).stake_cents

    def group(self, setup: MatchSetup) -> str:
        """``segnapunti: Cirulla``: each title has its own standings (``segnapunti`` without one)."""
        title = setup.options.get("title")
        return f"{self.name}: {title}" if title else self.name

    def winning(self, state: MatchState) -> Winner:
        """The winner, or the list of sides sharing the win (``winner`` is null then)."""
        winners = state.extra_as(SheetState).winners
        return list(winners) if len(winners) > 1 else state.winner

    def hand_prompt(self, setup: MatchSetup, state: MatchState, number: int, dealer: str | None) -> Msg:
        if not dealer:
            return t("segnapunti.round_prompt", "round {hand} > ", hand=number)
        return t("segnapunti.round_prompt_dealer", "round {hand} · {dealer} deals > ", hand=number, dealer=dealer)

    # --- the scoreboard -------------------------------------------------------------------------
    def board(self, setup: MatchSetup, replay: Replay) -> Board:
        """Each round (dealer, each side's points and running total), the ranking (who is out),
        then the winner(s) or who deals next, and the end rule."""
        return Board((_rounds_table(self, setup, replay), _ranking_table(replay)), tuple(_notes(setup, replay)))

    # --- entry at the table ---------------------------------------------------------------------
    def entry_help(self) -> Msg:
        return hand_form.entry_help()

    def entry_who(self, setup: MatchSetup, state: MatchState | None, doc: JsonDoc) -> Who:
        """The sides still in (a player's name names their side)."""
        out = state.extra_as(SheetState).out if state is not None else ()
        return Who(tuple(s for s in setup.side_names if s not in out), setup.resolve_side)

    def describe_hand(self, doc: JsonDoc, result: JsonDoc | None = None,
                      setup: MatchSetup | None = None) -> str:
        """``"Anna +12, Bruno -3, Carla 0"``: the round's points (as scored, else as entered)."""
        points = (result or {}).get("points")
        return points_line(points if isinstance(points, Mapping) else doc.get("points"))


def _result(points: Mapping[str, int]) -> HandResult:
    return HandResult(SheetResult(dict(points)), partial(points_line, dict(points)))


def sheet_title(setup: MatchSetup) -> str:
    """``"Segnapunti: Cirulla"``, or ``"Segnapunti"`` without a title."""
    title = setup.options.get("title")
    return str(t("segnapunti.titled", "Segnapunti: {title}", title=title)) if title else "Segnapunti"


def _rounds_table(game: Game, setup: MatchSetup, rp: Replay) -> Table:
    sides = setup.side_names
    dealing = setup.options.get("deal") is not None
    cols = [Column("#")] + ([Column(str(t("board.dealer", "dealer")), "left")] if dealing else [])
    for s in sides:
        cols += [Column(s), Column(str(t("board.total", "total")))]
    rows = []
    before = rp.start
    for i, (res, st) in enumerate(zip(rp.results, rp.states), rp.offset):
        pts = res.points or {}
        row = [str(i + 1)] + ([str(before.extra_as(SheetState).next_dealer or "")] if dealing else [])
        for s in sides:
            row += [signed(pts[s]) if s in pts else "", cell(st.totals.get(s, 0))]
        rows.append(tuple(row))
        before = st
    title = board_title(game, setup).replace(game.title, sheet_title(setup), 1)
    return Table(title, tuple(cols), tuple(rows), str(_caption(options_of(setup))))


def _ranking_table(rp: Replay) -> Table:
    final = rp.final.extra_as(SheetState)
    cols = (Column("#"), Column(str(t("segnapunti.col_side", "side")), "left"),
            Column(str(t("board.total", "total"))), Column(str(t("segnapunti.col_status", "status")), "left"))
    rows = tuple((str(r.rank), r.side, cell(r.total), _status(r.side, final)) for r in final.ranking)
    return Table(str(t("segnapunti.ranking", "Ranking")), cols, rows)


def _status(side: str, final: SheetState) -> str:
    if side in final.winners:
        return str(t("segnapunti.status_won", "won"))
    if side in final.out:
        return str(t("segnapunti.status_out", "out"))
    return ""


def _caption(opts: Options) -> Msg:
    best = t("segnapunti.high_wins", "highest wins") if opts.mode is Mode.HIGH else t("segnapunti.low_wins",
                                                                                     "lowest wins")
    if opts.target is not None:
        return t("segnapunti.caption_target", "{best} · ends when a side reaches {target}", best=best,
                 target=opts.target)
    if opts.eliminate_at is not None:
        if opts.eliminate_when is rules.EliminateWhen.AT_OR_ABOVE:
            return t("segnapunti.caption_out_above", "{best} · out at {limit} or more", best=best,
                     limit=opts.eliminate_at)
        return t("segnapunti.caption_out_below", "{best} · out at {limit} or less", best=best, limit=opts.eliminate_at)
    return t("segnapunti.caption_open", "{best} · the scorekeeper ends the match", best=best)


def _notes(setup: MatchSetup, rp: Replay) -> list[str]:
    final = rp.final
    x = final.extra_as(SheetState)
    notes: list[str] = []
    if x.winners:
        if final.finished:
            notes.append(str(tn("board.wins", "{names} wins.", "{names} share the win.", len(x.winners),
                                names=list(x.winners))))
        else:
            notes.append(str(tn("board.ended_wins", "Ended early: {names} wins (ahead when it was ended).",
                                "Ended early: {names} share the win (ahead when it was ended).", len(x.winners),
                                names=list(x.winners))))
    elif setup.ended_early:
        notes.append(str(t("board.ended_no_winner", "The match was ended early, with no winner.")))
    elif x.target_reached:
        notes.append(str(t("segnapunti.play_on", "The target is reached but the best totals are equal: play on.")))
    if x.out:
        notes.append(str(t("segnapunti.out_note", "Out: {sides}.", sides=list(x.out))))
    if x.next_dealer:
        notes.append(str(t("board.next_dealer", "Next dealer: {name}.", name=x.next_dealer)))
    if x.settlement is not None:
        currency = str(setup.options.get("currency") or "EUR")
        nets = ", ".join(f"{p} {Money(c, currency)}" for p, c in x.settlement.items())
        notes.append(str(t("segnapunti.money", "Money: {nets}.", nets=nets)))
    return notes


GAME = Segnapunti()
