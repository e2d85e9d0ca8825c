"""The bridge scoreboard: the score sheet the way a scorepad looks (plain tables, no rich).

Rubber and Chicago: the pad of the current rubber (round) in two columns, We = NS and They = EW.
Premiums are written above the line, growing upwards from it (the newest on top); trick points
below it, game by game, with a line drawn under each finished game; the totals at the bottom.
Then one row per deal with who dealt, the vulnerability, the contract and result, what each side
wrote and the running totals. Duplicate: one row per board. The notes say who is vulnerable,
the games, who deals next, and who won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.games.base import Board, Column, Game, MatchSetup, MatchState, Replay, Table
from ledger.games.bridge.summaries import bonus_text
from ledger.games.bridge.rules import board_dealer_player
from ledger.games.bridge.records import (
    ChicagoResult, ChicagoState, DealResult, DuplicateResult, DuplicateState, RubberResult, RubberState,
    RubberSummary,
)
from ledger.games.bridge.scoring import (
    SIDES, contract_text, item_text, seat_text, side_text, unfinished_text, vulnerability_cell, vulnerability_text,
)
from ledger.i18n import number, signed, t

DUPLICATE = "duplicate"


def bridge_board(game: Game, setup: MatchSetup, rp: Replay) -> Board:
    if setup.rules == DUPLICATE:
        return Board((deals_table(setup, rp),), tuple(duplicate_notes(setup, rp)))
    return Board((scorepad(setup, rp), deals_table(setup, rp)), tuple(sheet_notes(setup, rp)))


def _side_header(setup: MatchSetup, side: str) -> str:
    players = " & ".join(setup.sides[side])
    if side == "NS":
        return str(t("bridge.board.we", "We — {side} ({players})", side=side_text(side), players=players))
    return str(t("bridge.board.they", "They — {side} ({players})", side=side_text(side), players=players))


def _sheet_key(setup: MatchSetup) -> str:
    return "rubber" if setup.rules == "rubber" else "round"


def _sheet(state: MatchState) -> RubberState | ChicagoState:
    """The sheet part of a rubber's or a Chicago's state."""
    assert isinstance(state.extra, (RubberState, ChicagoState))
    return state.extra


def _sheet_number(x: RubberState | ChicagoState | RubberResult | ChicagoResult) -> int:
    """The rubber (Chicago round) a state or a deal is in."""
    return x.rubber if isinstance(x, (RubberState, RubberResult)) else x.round


def _stack_rows(ns: Sequence[int], ew: Sequence[int], upward: bool) -> list[tuple[str, str]]:
    """Two columns of numbers side by side; ``upward`` stacks them from the bottom (above the line)."""
    n = max(len(ns), len(ew))
    rows = []
    for r in range(n):
        k = n - 1 - r if upward else r
        rows.append((number(ns[k]) if k < len(ns) else "", number(ew[k]) if k < len(ew) else ""))
    return rows


def scorepad(setup: MatchSetup, rp: Replay) -> Table:
    """The current rubber's (Chicago round's) sheet above and below the line; the totals at its
    foot once the rubber (round) is over or the match was ended early."""
    key = _sheet_key(setup)
    final = rp.final
    ex = _sheet(final)
    current = _sheet_number(ex)
    deals = [r.detail for r in rp.results]
    results = [d for d in deals if isinstance(d, (RubberResult, ChicagoResult)) and _sheet_number(d) == current]
    above: dict[str, list[int]] = {s: [] for s in SIDES}
    below: dict[int, dict[str, list[int]]] = {}
    for d in results:
        for e in [*d.entries, *d.bonuses]:
            if e.line == "above":
                above[e.side].append(e.points)
            else:
                below.setdefault(d.game, {s: [] for s in SIDES})[e.side].append(e.points)
    unfinished = (ex.unfinished_premiums if isinstance(ex, RubberState) else None) or ()
    for e in unfinished:
        above[e.side].append(e.points)
    rows: list[tuple[str, str, str]] = []
    lines: list[int] = []
    top = _stack_rows(above["NS"], above["EW"], upward=True) or [("", "")]
    above_word = str(t("bridge.board.above", "above"))
    rows += [(above_word if i == 0 else "", a, b) for i, (a, b) in enumerate(top)]
    lines.append(len(rows) - 1)
    finished_games = ex.games["NS"] + ex.games["EW"]
    for g in sorted(below):
        block = _stack_rows(below[g]["NS"], below[g]["EW"], upward=False) or [("", "")]
        game_word = str(t("bridge.board.game", "game {game}", game=g))
        rows += [(game_word if i == 0 else "", a, b) for i, (a, b) in enumerate(block)]
        if g <= finished_games:
            lines.append(len(rows) - 1)
    if not below:
        rows.append((str(t("bridge.board.below", "below")), "", ""))
    over = ex.rubber_over if isinstance(ex, RubberState) else ex.round_over
    if over or ex.ended_early:  # the totals are written at the foot of the sheet once it is closed
        totals = ex.rubber_totals if isinstance(ex, RubberState) else ex.round_totals
        if lines[-1] != len(rows) - 1:
            lines.append(len(rows) - 1)
        rows.append((str(t("bridge.board.total", "total")), number(totals["NS"]), number(totals["EW"])))
    title = (t("bridge.board.rubber", "Rubber {rubber}", rubber=current) if key == "rubber" else
             t("bridge.board.chicago_round", "Chicago round {round}", round=current))
    cols = (Column("", "left"), Column(_side_header(setup, "NS")), Column(_side_header(setup, "EW")))
    caption = t("bridge.board.caption", "premiums above the line, trick points below; a line under each game")
    return Table(str(title), cols, tuple(rows), caption=str(caption), lines_after=tuple(lines))


def deals_table(setup: MatchSetup, rp: Replay) -> Table:
    """One row per deal: number, dealer, vulnerability, contract, declarer, result, each side's
    points for the deal (premiums included) and the running totals (before any premium for an
    unfinished rubber, which the notes and the pad's total show)."""
    dup = setup.rules == DUPLICATE
    cols = [Column(str(t("bridge.col.board", "board")) if dup else "#"),
            Column(str(t("bridge.col.dealer", "dealer")), "left"), Column(str(t("bridge.col.vul", "vul")), "left"),
            Column(str(t("bridge.col.contract", "contract")), "left", nowrap=True), Column(side_text("NS")), Column(side_text("EW")),
            Column(str(t("bridge.col.total_ns", "total NS"))), Column(str(t("bridge.col.total_ew", "total EW"))),
            Column(str(t("bridge.col.notes", "notes")), "left", below=True)]
    rows = []
    lines = []
    running = {s: rp.start.totals.get(s, 0) for s in SIDES}  # 0, or the totals before a window's first deal
    for i, res in enumerate(rp.results, rp.offset):
        d = res.detail
        assert isinstance(d, (RubberResult, ChicagoResult, DuplicateResult))
        deal_no = str(d.board_number if isinstance(d, DuplicateResult) else i + 1)
        pts = d.points
        running = {s: running[s] + pts[s] for s in SIDES}
        rows.append((deal_no, d.dealer, vulnerability_cell(d.vulnerable), _contract_text(d), _pts(pts["NS"]),
                     _pts(pts["EW"]), number(running["NS"]), number(running["EW"]), _deal_notes(d)))
        if not isinstance(d, DuplicateResult) and d.game_won:
            lines.append(i - rp.offset)
    title = t("bridge.board.boards", "Boards") if dup else t("bridge.board.deals", "Deals")
    return Table(str(title), tuple(cols), tuple(rows), lines_after=tuple(lines))


def _pts(n: int) -> str:
    return number(n) if n else ""


def _contract_text(d: DealResult) -> str:
    """``"4SX W -2"`` as players write it (``"4SX O -2"`` in Italian); ``"passed out"``."""
    if d.contract == "Pass":
        return str(t("bridge.passed_out", "passed out"))
    return f"{contract_text(d.contract)} {seat_text(d.declarer)} {d.result}"


def _deal_notes(d: RubberResult | ChicagoResult | DuplicateResult) -> str:
    notes = []
    if d.honors:
        notes.append(f"{item_text('honours')} {side_text(d.honors.side)} {d.honors.points}")
    if isinstance(d, DuplicateResult):
        return "; ".join(notes)
    if d.game_won and not any(b.item == "game" for b in d.bonuses):
        notes.append(f"{item_text('game')} {side_text(d.game_won)}")
    for b in d.bonuses:
        notes.append(f"{item_text(b.item)} {number(b.points)}" if b.item == "rubber bonus"
                     else bonus_text(b.item, b.side, b.points))
    return "; ".join(notes)


def _games_text(games: Mapping[str, int]) -> str:
    return str(t("bridge.note.games", "games NS {ns}, EW {ew}", ns=games["NS"], ew=games["EW"]))


_vul_text = vulnerability_text


def sheet_notes(setup: MatchSetup, rp: Replay) -> list[str]:
    """Vulnerability, games, finished rubbers (rounds), who deals next, who won."""
    ex = _sheet(rp.final)
    key = _sheet_key(setup)
    notes = []
    done_sheets = ex.rubbers if isinstance(ex, RubberState) else ex.rounds
    for done in done_sheets:
        w = done.winner
        won = (t("bridge.note.won_by", "{side} by {margin}", side=side_text(w),
                 margin=done.totals[w] - done.totals[_other(w)]) if w else t("bridge.note.level", "level"))
        tot, games = done.totals, _games_text(done.games)
        if isinstance(done, RubberSummary):
            notes.append(str(t("bridge.note.rubber_done", "Rubber {rubber}: NS {ns}, EW {ew} ({games}, rubber bonus "
                               "{bonus}) — {won}.", rubber=done.rubber, ns=tot["NS"], ew=tot["EW"], games=games,
                               bonus=done.rubber_bonus, won=won)))
        else:
            notes.append(str(t("bridge.note.round_done", "Round {round}: NS {ns}, EW {ew} ({games}) — {won}.",
                               round=done.round, ns=tot["NS"], ew=tot["EW"], games=games, won=won)))
    for e in (ex.unfinished_premiums if isinstance(ex, RubberState) else None) or ():
        notes.append(str(t("bridge.note.ended_early", "Rubber ended early (Law 80): {side} +{points} ({what}).",
                           side=side_text(e.side), points=e.points, what=unfinished_text(e.item))))
    final = rp.final
    if final.finished or ex.ended_early:
        tot = final.totals
        if final.winner:
            notes.append(str(t("bridge.note.wins", "{side} wins by {margin} points (NS {ns}, EW {ew}).",
                               side=side_text(final.winner), margin=abs(tot["NS"] - tot["EW"]), ns=tot["NS"], ew=tot["EW"])))
        else:
            notes.append(str(t("bridge.note.level_at", "Level at {points} each.", points=tot["NS"])))
        return notes
    tot = final.totals
    notes.append(str(t("bridge.note.so_far", "Totals so far: NS {ns}, EW {ew}.", ns=tot["NS"], ew=tot["EW"])))
    notes.append(str(t("bridge.note.vulnerable", "Vulnerable: {vulnerable}; {games}; partscores NS {ns}, EW {ew}.",
                       vulnerable=_vul_text(ex.vulnerable), games=_games_text(ex.games),
                       ns=ex.partscore["NS"], ew=ex.partscore["EW"])))
    if isinstance(ex, ChicagoState):
        deal = 1 if ex.round_over else ex.deal
        notes.append(str(t("bridge.note.next_deal", "Next: deal {deal} of 4, dealt by {dealer}.", deal=deal,
                           dealer=ex.next_dealer)))
    else:
        notes.append(str(t("bridge.note.next_dealer", "Next dealer: {dealer}.", dealer=ex.next_dealer)))
    return notes


def duplicate_notes(setup: MatchSetup, rp: Replay) -> list[str]:
    ex = rp.final.extra
    assert isinstance(ex, DuplicateState)
    tot = rp.final.totals
    notes = [str(t("bridge.note.duplicate_totals", "NS {ns}, EW {ew} (net NS {net}).", ns=tot["NS"], ew=tot["EW"],
                   net=signed(ex.score_ns)))]
    if rp.final.finished or ex.ended_early:
        notes.append(str(t("bridge.note.side_wins", "{side} wins.", side=side_text(rp.final.winner)) if rp.final.winner
                         else t("bridge.note.level_end", "Level.")))
    else:
        b = ex.next_board
        notes.append(str(t("bridge.note.next_board", "Next: board {board}, dealer {dealer}, vulnerable: {vulnerable}.",
                           board=str(b), dealer=board_dealer_player(setup, b), vulnerable=_vul_text(ex.vulnerable))))
    return notes


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"
