"""Contract bridge: rubber (the default), Chicago and duplicate scoring (seed 003, RULES.md "Bridge").

Four players in two sides, North-South against East-West, partners sitting opposite; the deal
passes clockwise N, E, S, W. The contract scoring of one deal (trick score, overtricks, the bonus
for making a doubled contract, slams, undertricks, honours) is the Laws' scoring table and lives in
:mod:`ledger.games.bridge.scoring`; this module scores a deal on the sheet and keeps the score sheet of
a match (the hand document is read by :mod:`ledger.games.bridge.document`).

Rule sets:

- ``rubber`` (default): *The Laws of Contract Bridge (Rubber Bridge)*, 1993 International Code,
  Laws 72-81. Trick points below the line, everything else above. A game is 100 trick points below
  the line, made in one deal or by adding partscores; a game cancels both sides' partscores (Law 73).
  A side with a game is vulnerable. The rubber ends when a side has two games: 700 to it if the
  other side has none, 500 if it has one (Law 74). The winner is the side with more points (not
  necessarily the side with two games). Honours 100 / 150 above the line for the side that held
  them. A scorekeeper who ends the rubber early (``ended_early``) gets Law 80's premiums: 300 to a
  side if only it has a game; 100 (option ``unfinished_partscore``: 50, the older value) to a side
  if only it has a partscore in the unfinished game. A passed-out deal scores nothing and the next
  dealer deals.
  One match is one rubber (option ``rubbers``: N rubbers in a row between the same four players,
  0 for "as many as the evening holds, until the scorekeeper ends the match"): every rubber has
  its own sheet; ``totals`` add the rubbers up.
- ``chicago``: four deals, North first unless ``first_dealer`` says otherwise; deal 1 nobody
  vulnerable, deals 2 and 3 the dealer's side, deal 4 both. Contract scoring and honours as in
  rubber; partscores carry over until a game is made (a game cancels both sides' partscores);
  completing a game earns 300, or 500 when the declaring side is vulnerable on that deal; a
  partscore made on deal 4 that does not complete a game earns 100. A passed-out deal is dealt
  again by the same dealer and does not count. Option ``rounds``: four-deal rounds in one match
  (default 1, 0 for open-ended).
- ``duplicate``: *The Laws of Duplicate Bridge 2017*, Law 77: every board scored on its own with
  the partscore premium 50 and the game premium 300 / 500; no honours. The board number gives the
  dealer and vulnerability (Law 2) when the hand gives no ``vulnerable``. A match is a series of
  boards (option ``boards``: how many; default 0, open-ended), each side's total the sum of the
  board scores it won.

A hand document (FORMATS.md)::

    {"game": "bridge", "rules": "duplicate", "contract": "4SX", "declarer": "N",
     "tricks": 9, "vulnerable": "NS", "honors": null}

``score`` returns ``{"ns": {"above": a, "below": b}, "ew": {...}, "score_ns": s, ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial

from ledger.errors import LedgerError
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.protocol import Rules
from ledger.games.record import Fields
from ledger.i18n import Msg, number, t
from ledger.games.base import HandResult, MatchSetup, MatchState, as_int
from ledger.games.bridge.records import (
    ChicagoResult, ChicagoState, DealResult, DealScore, DuplicateResult, DuplicateState, Honours, Line, RoundSummary,
    RubberResult, RubberState, RubberSummary,
)
from ledger.games.bridge.scoring import (
    BOARD_VULNERABILITY, BOOK, GAME_POINTS, SEATS, SIDES, Contract, Entry, Side, Vulnerability, board_dealer,
    board_vulnerability, contract_entries, entry, format_result, is_vulnerable, made_row, other_side, side_of,
    vulnerability_of,
)
from ledger.games.bridge.document import (
    CHICAGO, DUPLICATE, RUBBER, RULE_SETS, Deal, _SIDE_OF_SEAT, deal_parts, honours_of, read_deal,
)
from ledger.games.bridge.summaries import SHEETS_HELD, _summary, record_line

RUBBER_BONUS_TWO_NIL = 700
RUBBER_BONUS_TWO_ONE = 500
UNFINISHED_GAME = 300
UNFINISHED_PARTSCORE = 100
CHICAGO_DEALS = 4
CHICAGO_GAME = (300, 500)   # not vulnerable, vulnerable
CHICAGO_FOURTH_DEAL_PARTSCORE = 100

# --- options ------------------------------------------------------------------------------------
def read_options(rules: str, options: JsonDict) -> JsonDict:
    """A match's own options by rule set, taken out of ``options`` (the rest are the base's).
    rubber: ``unfinished_partscore`` (100 default, or 50: Law 80), ``rubbers`` (default 1; 0 =
    until ended); chicago: ``rounds`` (default 1; 0 = until ended); duplicate: ``boards``
    (default 0 = until ended), ``first_board`` (default 1). Rubber and Chicago also take
    ``first_dealer``; in duplicate the board number names the dealer (Law 2): ``LedgerError``
    on ``options.KEY``."""
    out: JsonDict = {}
    if rules == RUBBER:
        value = as_int(options.pop("unfinished_partscore", UNFINISHED_PARTSCORE),
                       "options.unfinished_partscore")
        if value not in (50, 100):
            raise LedgerError(t("bridge.unfinished_partscore", "the unfinished partscore premium is 100 or 50"),
                              "options.unfinished_partscore", value)
        out["unfinished_partscore"] = value
        out["rubbers"] = as_int(options.pop("rubbers", 1), "options.rubbers", 0, 1000)
    elif rules == CHICAGO:
        out["rounds"] = as_int(options.pop("rounds", 1), "options.rounds", 0, 1000)
    else:
        if options.get("first_dealer") is not None:
            raise LedgerError(t("bridge.first_dealer_duplicate", "in duplicate the board number names the dealer "
                                "(Law 2)"), "options.first_dealer", options["first_dealer"])
        options.pop("first_dealer", None)
        out["boards"] = as_int(options.pop("boards", 0), "options.boards", 0, 100000)
        out["first_board"] = as_int(options.pop("first_board", 1), "options.first_board", 1, 99999)
    return out


# --- scoring one deal ---------------------------------------------------------------------------
def deal_entries(deal: Deal, vulnerable: str, duplicate: bool = False) -> list[Entry]:
    """The contract's sheet entries (rubber Law 81 / duplicate Law 77) plus honours, and with
    ``duplicate`` Law 77's premium (:func:`duplicate_premium`)."""
    side = deal.declarer_side
    return sheet_entries(deal.contract, deal.tricks, side, is_vulnerable(vulnerable, side), deal.honours, duplicate)


def sheet_entries(contract: Contract, tricks: int | None, side: str | None, vulnerable: bool,
                  honours: tuple[Side, int] | None, duplicate: bool) -> list[Entry]:
    """:func:`deal_entries` of a deal's fields: ``side`` the declaring side (None when passed
    out), ``vulnerable`` whether it is vulnerable."""
    if contract.level == 0:  # passed out
        return [entry(honours[0], "above", "honours", honours[1])] if honours else []
    assert side is not None and tricks is not None  # a played deal has both
    out = contract_entries(contract, tricks, side, vulnerable)
    if honours:
        out.append(entry(honours[0], "above", "honours", honours[1]))
    if duplicate and tricks >= contract.level + BOOK:
        out.append(made_row(contract, side, vulnerable).premium)
    return out


def duplicate_premium(deal: Deal, vulnerable: str) -> list[Entry]:
    """Law 77's premium of a made contract on one board: game 300 / 500, partscore 50."""
    if not deal.made:
        return []
    side = deal.declarer_side
    assert side is not None  # a made contract has a declarer
    return [made_row(deal.contract, side, is_vulnerable(vulnerable, side)).premium]




def sheet_totals(entries: Sequence[Entry]) -> tuple[Line, Line, int]:
    """North-South's and East-West's :class:`Line` of some entries, and the net from
    North-South's side (:func:`net_ns`), in one pass."""
    ns_above = ns_below = ew_above = ew_below = net = 0
    for e in entries:
        points, line = e.points, e.line
        if e.side == "NS":
            net += points
            if line == "above":
                ns_above += points
            elif line == "below":
                ns_below += points
        else:
            net -= points
            if line == "above" and e.side == "EW":
                ew_above += points
            elif line == "below" and e.side == "EW":
                ew_below += points
    return _line(ns_above, ns_below), _line(ew_above, ew_below), net


_line = lru_cache(SHEETS_HELD)(Line)  # frozen: the same line is one value


def net_ns(entries: Sequence[Entry]) -> int:
    return sum(e.points if e.side == "NS" else -e.points for e in entries)


def deal_fields(deal: Deal, vulnerable: str, entries: Sequence[Entry]) -> Fields:
    """The fields of one scored deal (:class:`~ledger.games.bridge.records.DealResult`, FORMATS.md):
    what was entered, normalised, ``ns``/``ew`` above and below, ``score_ns``, every sheet entry."""
    ns, ew, net = sheet_totals(entries)
    return {"contract": str(deal.contract), "declarer": deal.declarer, "tricks": deal.tricks,
            "result": format_result(deal.contract, deal.tricks) if deal.tricks is not None else "",
            "vulnerable": vulnerable, "honors": honours_of(deal.honours), "board": deal.board,
            "ns": ns, "ew": ew, "score_ns": net, "entries": tuple(entries)}


TableCell = Mapping[str, object]
"""A cell of the scoring table (:func:`deal_sheet`): a :class:`DealResult`'s fields, in order
(read only: a cell is shared by every deal scored alike; :data:`~ledger.games.record.Fields`)."""


@lru_cache(SHEETS_HELD)
def deal_sheet(contract: Contract, tricks: int | None, side: str | None, vulnerable: bool,
               honours: tuple[Side, int] | None, duplicate: bool) -> TableCell:
    """The scoring table of one deal, each cell worked out once (a club's boards are played
    alike at many tables): the fields of its :class:`DealResult` in their order (FORMATS.md),
    the contract and the result as written (``"4SX"``, ``"-1"``; ``""`` when passed out), the
    tricks, the honours, the sheet entries of :func:`deal_entries` (with
    :func:`duplicate_premium` when ``duplicate``), each side's :class:`Line` and the net from
    North-South's side; ``declarer``, ``vulnerable`` and ``board``, the deal's own, are None (a
    template: :func:`score_hand` copies it and sets them). ``side``: the declaring side (None
    when passed out); ``vulnerable``: whether it is vulnerable (the table depends on nothing
    else of the deal's vulnerability: Law 77, rubber Law 81). Not to be changed."""
    entries = sheet_entries(contract, tricks, side, vulnerable, honours, duplicate)
    ns, ew, net = sheet_totals(entries)
    return {"contract": str(contract), "declarer": None, "tricks": tricks,
            "result": "" if tricks is None else format_result(contract, tricks), "vulnerable": None,
            "honors": None if honours is None else Honours(*honours), "board": None, "ns": ns, "ew": ew,
            "score_ns": net, "entries": tuple(entries)}


SCORED_HELD = 1 << 15
_SCORED: dict[str, dict[Deal, DealScore]] = {}  # rules -> deal -> it scored on its own


def score_hand(game: Rules, doc: JsonDoc, rules: object = None) -> DealScore:
    """Score one deal on its own (``ledger score``): ``Bridge.score`` itself (``game``: the
    :class:`~ledger.games.bridge.Bridge` scorer). Returns data ``{"contract", "declarer",
    "tricks", "result", "vulnerable", "honors", "ns": {"above", "below"}, "ew": {…},
    "score_ns", "entries": [{"side", "line", "item", "points"}]}`` (plus ``board``).

    ``vulnerable`` is required, except for a passed-out deal and in duplicate when ``board`` is
    given (Law 2). Rubber and Chicago scores leave out game and rubber premiums (they depend on
    the sheet). Raises ``LedgerError`` for bad input (see :func:`read_deal`, ``rules``:
    ``Game.check_rules``; who is vulnerable: :func:`deal_vulnerability`). Duplicate: with Law
    77's partscore / game premium. The result's fields come from the deal's cell of the scoring
    table (:func:`deal_sheet`, each distinct cell worked out once), copied, with the deal's own
    declarer, vulnerability and board set in them.

    Scoring is pure and the result frozen, so a deal met again (the same fields read by
    :func:`deal_parts`: a board played alike at several tables) is given the result already
    made (up to :data:`SCORED_HELD` deals a rule set; a refusal is never kept), its summary
    written in the language that reads it (:class:`~ledger.games.bridge.records.DealScore`)."""
    if rules is None:
        rules = doc.get("rules")
    if not (type(rules) is str and rules in RULE_SETS):  # check_rules' own first case, without the call
        rules = game.check_rules(rules)
    assert isinstance(rules, str)  # a rule set's key now (for mypy: the check above is by type())
    deal = deal_parts(doc, rules)
    kept = _SCORED.get(rules)
    if kept is None:
        kept = _SCORED[rules] = {}
    done = kept.get(deal)
    if done is not None:
        return done
    contract, declarer, tricks, given, honours, board = deal
    vulnerable = (BOARD_VULNERABILITY[(board - 1) % 16]  # Law 2 alone: deal_vulnerability's first case
                  if rules == DUPLICATE and board is not None and given is None else deal_vulnerability(deal, rules))
    side = _SIDE_OF_SEAT.get(declarer)
    fields = dict(deal_sheet(contract, tricks, side, vulnerable == "All" or vulnerable == side,  # is_vulnerable
                             honours, rules == DUPLICATE))
    fields["declarer"] = declarer
    fields["vulnerable"] = vulnerable
    fields["board"] = board
    scored = _new(DealResult)  # records.deal_record(fields), without the call
    _set_attribute(scored, "__dict__", fields)
    done = _new(DealScore)  # DealScore(scored) without its __init__: its summary is no field of its own
    _set_attribute(done, "_detail", scored)
    if len(kept) < SCORED_HELD:
        kept[deal] = done
    return done


_new = object.__new__
_set_attribute = object.__setattr__


def forget_scores() -> None:
    """Drop every deal scored and every table entry kept (a benchmark's cold start: bench/floors.py)."""
    from ledger.games.bridge import scoring

    _SCORED.clear()
    for memo in (deal_sheet, _summary, _line, scoring.entry, scoring.trick_score, scoring.undertrick_points,
                 scoring._contract_of_text, scoring._seat_of_text, scoring._result_of_text):
        memo.cache_clear()
    scoring._MADE_ROWS.clear()


def deal_vulnerability(deal: Deal, rules: str) -> str:
    """Who is vulnerable on a deal scored on its own: in duplicate by the board number when given
    (:func:`board_vul`), else as the hand says; a passed-out deal needs neither (``None``).
    ``LedgerError`` on ``vulnerable`` when it is missing."""
    if rules == DUPLICATE:
        board = deal.board
        vul = (board_vulnerability(board) if board is not None and deal.vulnerable is None  # Law 2 alone
               else board_vul(deal))
    else:
        vul = deal.vulnerable
    if vul is not None:
        return vul
    if deal.contract.passed:
        return "None"
    msg = (t("bridge.vulnerable_missing_board", "missing: say who is vulnerable (None, NS, EW, All) "
             "(or the board number)") if rules == DUPLICATE else
           t("bridge.vulnerable_missing", "missing: say who is vulnerable (None, NS, EW, All)"))
    raise LedgerError(msg, "vulnerable", None)


# --- the sheet of a rubber (a Chicago round) ----------------------------------------------------
def _zero() -> dict[str, int]:
    return {"NS": 0, "EW": 0}


@dataclass
class Sheet:
    """The score sheet of the current rubber (Chicago round) while a deal is written on it: games
    won, the partscores towards the current game, the points above and below the line, and the
    deals played. A working copy: the match state keeps it frozen (its fields of that name)."""

    games: dict[str, int] = field(default_factory=_zero)
    partscore: dict[str, int] = field(default_factory=_zero)
    above: dict[str, int] = field(default_factory=_zero)
    below: dict[str, int] = field(default_factory=_zero)
    deals: int = 0

    @classmethod
    def of(cls, state: RubberState | ChicagoState) -> "Sheet":
        return cls(dict(state.games), dict(state.partscore), dict(state.above), dict(state.below), state.deals)

    def fields(self) -> Fields:
        """The sheet's part of a match state (its keyword arguments)."""
        return {"games": dict(self.games), "partscore": dict(self.partscore), "above": dict(self.above),
                "below": dict(self.below), "deals": self.deals}

    def post(self, entries: Sequence[Entry]) -> None:
        """Write entries on the sheet; below-the-line points also count towards the current game."""
        for e in entries:
            getattr(self, e.line)[e.side] += e.points
            if e.line == "below":
                self.partscore[e.side] += e.points

    def game_won(self, deal: Deal) -> str | None:
        """Law 73: 100 trick points below the line win a game and wipe out both sides' partscores."""
        side = deal.declarer_side
        if side is None or self.partscore[side] < GAME_POINTS:
            return None
        self.games[side] += 1
        self.partscore = _zero()
        return side

    def totals(self) -> dict[str, int]:
        return {s: self.above[s] + self.below[s] for s in SIDES}

    @property
    def game_number(self) -> int:
        """The number of the game being played (1 before any game is won)."""
        return self.games["NS"] + self.games["EW"] + 1


def _leader(totals: Mapping[str, int]) -> str | None:
    if totals["NS"] == totals["EW"]:
        return None
    return "NS" if totals["NS"] > totals["EW"] else "EW"


def _plus(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    return {s: a[s] + b[s] for s in SIDES}


def _next_seat_player(setup: MatchSetup, player: str, step: int = 1) -> str:
    i = setup.players.index(player)
    return setup.players[(i + step) % len(setup.players)]


def board_dealer_player(setup: MatchSetup, board: int) -> str:
    """The player who deals duplicate board ``board`` (Law 2: board 1 North, 2 East, …)."""
    return setup.players[SEATS.index(board_dealer(board))]


def _first_dealer(setup: MatchSetup) -> str:
    return setup.options.get("first_dealer") or setup.players[0]


def _check_vulnerability(deal: Deal, expected: str, how: object) -> None:
    if deal.vulnerable is not None and deal.vulnerable != expected:
        raise LedgerError(t("bridge.vulnerability_is", "this deal's vulnerability is {expected} ({how}), not {given}",
                            expected=expected, how=how, given=deal.vulnerable), "vulnerable", deal.vulnerable)


def _premiums(entries: Sequence[Entry], bonuses: Sequence[Entry]) -> Fields:
    """A match deal's ``bonuses`` and each side's ``points`` (its entries and the bonuses)."""
    return {"bonuses": tuple(bonuses),
            "points": {s: sum(e.points for e in [*entries, *bonuses] if e.side == s) for s in SIDES}}


def _refuse_after_end(state: MatchState, over: Msg) -> None:
    """``LedgerError`` ``over`` on ``hand`` when the match ``state`` is finished: no deal after it."""
    if state.finished:
        raise LedgerError(over, "hand", None)


def _on_the_sheet(setup: MatchSetup, doc: JsonDoc, rules: str, ex: RubberState | ChicagoState, vul: Vulnerability,
                  how: Msg) -> tuple[Deal, Sheet, int, list[Entry], str | None]:
    """The opening of a rubber's or a Chicago round's deal (Laws 72-73): the deal read, its
    ``vulnerable`` checked against the sheet's ``vul`` (``how`` says why it is so; ``LedgerError``
    on ``vulnerable``), its entries posted on a working copy of ``ex``'s sheet. Returns the deal,
    the sheet, the number of the game it was played in, its entries and the side that won a game
    with it (None)."""
    deal = read_deal(doc, rules, setup)
    _check_vulnerability(deal, vul, how)
    sheet = Sheet.of(ex)
    game_no = sheet.game_number
    entries = deal_entries(deal, vul)
    sheet.post(entries)
    return deal, sheet, game_no, entries, sheet.game_won(deal)


def _after_deal(state: MatchState, totals: dict[str, int], finished: bool,
                extra: RubberState | ChicagoState | DuplicateState, result: DealResult) -> tuple[MatchState, HandResult]:
    """The match after a deal: one hand more, the new ``totals`` and ``extra``, the side ahead
    winning when ``finished``; and the deal's ``result`` with its line (:func:`record_line`)."""
    return (MatchState(state.hands + 1, totals, finished, _leader(totals) if finished else None, extra),
            HandResult(result, partial(record_line, result)))


# --- rubber -------------------------------------------------------------------------------------
def rubber_start(setup: MatchSetup) -> MatchState:
    ex = RubberState(rubber=1, **Sheet().fields(), rubber_bonus=0, vulnerable="None", rubber_over=False,
                     rubber_totals=_zero(), margin=0, previous=_zero(), rubbers=(), next_dealer=_first_dealer(setup))
    return MatchState(0, _zero(), False, None, ex)


def rubber_apply(setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
    """One deal of a rubber (Laws 72-74, 81): entries on the sheet, games, vulnerability, rubber."""
    _refuse_after_end(state, t("bridge.rubber_over", "the rubber is over: start a new match for the next rubber"))
    ex = state.extra_as(RubberState)
    if ex.rubber_over:
        ex = _new_rubber(ex)
    vul = ex.vulnerable
    deal, sheet, game_no, entries, game_won = _on_the_sheet(
        setup, doc, RUBBER, ex, vul, t("bridge.vulnerability_rubber", "in rubber it follows from the games won"))
    bonuses: list[Entry] = []
    rubber_bonus, over = ex.rubber_bonus, False
    if game_won and sheet.games[game_won] == 2:
        rubber_bonus = RUBBER_BONUS_TWO_NIL if sheet.games[other_side(game_won)] == 0 else RUBBER_BONUS_TWO_ONE
        bonuses.append(Entry(game_won, "above", "rubber bonus", rubber_bonus))
        sheet.post(bonuses)
        over = True
    sheet.deals += 1
    rubber_totals = sheet.totals()
    margin = abs(rubber_totals["NS"] - rubber_totals["EW"])
    rubbers = ex.rubbers
    if over:
        rubbers += (RubberSummary(ex.rubber, dict(sheet.games), rubber_bonus, dict(rubber_totals),
                                  _leader(rubber_totals), margin, sheet.deals),)
    wanted = setup.options.get("rubbers", 1)
    finished = over and wanted > 0 and len(rubbers) >= wanted
    vulnerable = ("None" if over and not finished
                  else vulnerability_of(sheet.games["NS"] > 0, sheet.games["EW"] > 0))
    after = RubberState(rubber=ex.rubber, **sheet.fields(), rubber_bonus=rubber_bonus, vulnerable=vulnerable,
                        rubber_over=over, rubber_totals=rubber_totals, margin=margin, previous=ex.previous,
                        rubbers=rubbers, next_dealer=_next_seat_player(setup, ex.next_dealer))
    totals = _plus(ex.previous, rubber_totals)
    result = RubberResult(**deal_fields(deal, vul, entries), **_premiums(entries, bonuses), dealer=ex.next_dealer,
                          rubber=ex.rubber, game=game_no, game_won=game_won)
    return _after_deal(state, totals, finished, after, result)


def _new_rubber(ex: RubberState) -> RubberState:
    """The next rubber between the same players: a clean sheet, the last one's points carried."""
    return replace(ex, previous=_plus(ex.previous, ex.rubber_totals), **Sheet().fields(), rubber=ex.rubber + 1,
                   rubber_bonus=0, vulnerable="None", rubber_over=False, rubber_totals=_zero(), margin=0)


def unfinished_premiums(sheet: Sheet | RubberState, partscore_value: int) -> list[Entry]:
    """Law 80 (RULES.md): when a rubber is ended before a side has two games, 300 to a side if only
    it has won a game (nothing at one game all), and ``partscore_value`` (100, or 50) to a side if
    only it has a partscore in the unfinished game."""
    out = []
    games, parts = sheet.games, sheet.partscore
    for side in SIDES:
        if games[side] and not games[other_side(side)]:
            out.append(Entry(side, "above", "unfinished rubber: game", UNFINISHED_GAME))
    for side in SIDES:
        if parts[side] and not parts[other_side(side)]:
            out.append(Entry(side, "above", "unfinished rubber: partscore", partscore_value))
    return out


def rubber_finish_early(setup: MatchSetup, state: MatchState) -> MatchState:
    if state.finished:
        return state
    ex = state.extra_as(RubberState)
    premiums: list[Entry] = []
    if not ex.rubber_over and ex.deals:
        sheet = Sheet.of(ex)
        premiums = unfinished_premiums(sheet, setup.options.get("unfinished_partscore", UNFINISHED_PARTSCORE))
        sheet.post(premiums)
        rubber_totals = sheet.totals()
        ex = replace(ex, **sheet.fields(), rubber_totals=rubber_totals,
                     margin=abs(rubber_totals["NS"] - rubber_totals["EW"]))
    ex = replace(ex, unfinished_premiums=tuple(premiums), ended_early=True)
    totals = _plus(ex.previous, ex.rubber_totals) if not ex.rubber_over else dict(state.totals)
    return MatchState(state.hands, totals, False, _leader(totals), ex)


def rubber_segments(state: MatchState) -> list[Mapping[str, int]]:
    """The scores a stake settles one by one: each finished rubber's totals, then the unfinished
    one's if the match was ended during it."""
    ex = state.extra_as(RubberState)
    segments: list[Mapping[str, int]] = [r.totals for r in ex.rubbers]
    if not ex.rubber_over and ex.deals:
        segments.append(ex.rubber_totals)
    return segments


# --- chicago ------------------------------------------------------------------------------------
def chicago_vulnerability(deal_number: int, dealer_seat: str) -> Vulnerability:
    """RULES.md: deal 1 nobody, deals 2 and 3 the dealer's side, deal 4 both."""
    if deal_number == 1:
        return "None"
    if deal_number == 4:
        return "All"
    return side_of(dealer_seat)


def chicago_start(setup: MatchSetup) -> MatchState:
    dealer = _first_dealer(setup)
    ex = ChicagoState(round=1, deal=1, **Sheet().fields(), round_over=False,
                      vulnerable=chicago_vulnerability(1, SEATS[setup.players.index(dealer)]),
                      round_totals=_zero(), previous=_zero(), rounds=(), next_dealer=dealer, passed_out=0)
    return MatchState(0, _zero(), False, None, ex)


def chicago_apply(setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
    """One deal of a Chicago round (RULES.md "Chicago")."""
    _refuse_after_end(state, t("bridge.chicago_over", "the Chicago is over: start a new match for the next round"))
    ex = state.extra_as(ChicagoState)
    if ex.round_over:
        ex = replace(ex, previous=_plus(ex.previous, ex.round_totals), **Sheet().fields(), round=ex.round + 1,
                     deal=1, round_over=False, round_totals=_zero())
    dealer = ex.next_dealer
    number = ex.deal
    vul = chicago_vulnerability(number, SEATS[setup.players.index(dealer)])
    deal, sheet, game_no, entries, game_won = _on_the_sheet(
        setup, doc, CHICAGO, ex, vul, t("bridge.vulnerability_chicago", "Chicago deal {deal}", deal=number))
    bonuses: list[Entry] = []
    if game_won:
        bonuses.append(Entry(game_won, "above", "game", CHICAGO_GAME[is_vulnerable(vul, game_won)]))
    elif deal.made and number == CHICAGO_DEALS:
        assert deal.declarer_side is not None  # a made contract has a declarer
        bonuses.append(Entry(deal.declarer_side, "above", "partscore on deal 4", CHICAGO_FOURTH_DEAL_PARTSCORE))
    sheet.post(bonuses)
    next_deal, next_dealer, passed_out = number, dealer, ex.passed_out
    if deal.contract.passed:
        passed_out += 1          # dealt again by the same dealer; the deal does not count
    else:
        next_deal += 1
        sheet.deals += 1
        next_dealer = _next_seat_player(setup, dealer)
    round_totals = sheet.totals()
    over, rounds = next_deal > CHICAGO_DEALS, ex.rounds
    if over:
        sheet.partscore = _zero()
        rounds += (RoundSummary(ex.round, dict(sheet.games), dict(round_totals), _leader(round_totals)),)
    wanted = setup.options.get("rounds", 1)
    finished = over and wanted > 0 and len(rounds) >= wanted
    vulnerable = chicago_vulnerability(1 if over else next_deal, SEATS[setup.players.index(next_dealer)])
    after = ChicagoState(round=ex.round, deal=next_deal, **sheet.fields(), round_over=over, vulnerable=vulnerable,
                         round_totals=round_totals, previous=ex.previous, rounds=rounds, next_dealer=next_dealer,
                         passed_out=passed_out)
    totals = _plus(ex.previous, round_totals)
    result = ChicagoResult(**deal_fields(deal, vul, entries), **_premiums(entries, bonuses), dealer=dealer,
                           round=ex.round, deal=number, game=game_no, game_won=game_won)
    return _after_deal(state, totals, finished, after, result)


# --- duplicate ----------------------------------------------------------------------------------
def duplicate_start(setup: MatchSetup) -> MatchState:
    first = setup.options.get("first_board", 1)
    ex = DuplicateState(boards_played=0, next_board=first, vulnerable=board_vulnerability(first), score_ns=0)
    return MatchState(0, _zero(), False, None, ex)


def board_vul(deal: Deal, board: int | None = None) -> str | None:
    """A duplicate board's vulnerability: by its number (Law 2); a ``vulnerable`` given as well
    must agree with it (``LedgerError`` on ``vulnerable`` otherwise). None when neither is known."""
    board = deal.board if deal.board is not None else board
    if board is None:
        return deal.vulnerable
    by_law = board_vulnerability(board)
    if deal.vulnerable is not None and deal.vulnerable != by_law:
        raise LedgerError(t("bridge.board_vulnerability", "board {board} is {by_law} vulnerable by Law 2, not "
                            "{given}", board=str(board), by_law=by_law, given=deal.vulnerable),
                          "vulnerable", deal.vulnerable)
    return by_law


def duplicate_apply(setup: MatchSetup, state: MatchState, doc: JsonDoc) -> tuple[MatchState, HandResult]:
    """One board (Law 77): its score goes to the side that gains it."""
    _refuse_after_end(state, t("bridge.boards_played", "all the boards of this match are played"))
    ex = state.extra_as(DuplicateState)
    deal = read_deal(doc, DUPLICATE, setup)
    board = deal.board if deal.board is not None else ex.next_board
    vul = board_vul(deal, board)
    assert vul is not None  # the board is known, so is its vulnerability
    entries = deal_entries(deal, vul, duplicate=True)
    score = net_ns(entries)
    totals = {"NS": state.totals["NS"] + max(score, 0), "EW": state.totals["EW"] + max(-score, 0)}
    after = replace(ex, boards_played=ex.boards_played + 1, next_board=board + 1,
                    vulnerable=board_vulnerability(board + 1), score_ns=ex.score_ns + score)
    wanted = setup.options.get("boards", 0)
    finished = wanted > 0 and after.boards_played >= wanted
    dealer = board_dealer_player(setup, board)
    result = DuplicateResult(**deal_fields(deal, vul, entries), next_board=None if deal.board is not None else board,
                             dealer=dealer, points={"NS": max(score, 0), "EW": max(-score, 0)})
    return _after_deal(state, totals, finished, after, result)
