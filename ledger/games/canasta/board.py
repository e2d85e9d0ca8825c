"""Canasta's presentation: the scoreboard (points, totals and the opening minimum each side needs
next), a hand's note and summary, and a hand told in a few words. In the language in use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ledger.games.base import Board, Column, Replay, Table, side_label, sides_shown_in, status_notes
from ledger.games.canasta.records import CanastaHand, CanastaResult, CanastaState
from ledger.games.canasta.rules import RULE_SETS
from ledger.games.jsontypes import JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.i18n import number, signed, t

if TYPE_CHECKING:
    from ledger.games.base import Game


def canasta_board(game: Game, setup: MatchSetup, rp: Replay) -> Board:
    """The scoreboard: one row per hand with each side's points, total and opening minimum next."""
    rs = RULE_SETS[setup.rules]
    sides = setup.side_names
    total, minimum = str(t("board.total", "total")), str(t("canasta.col_min", "min"))
    cols = [Column("#"), Column(str(t("board.dealer", "dealer")), "left")]
    for s in sides:
        cols += [Column(setup.shown_side(s)), Column(total), Column(minimum)]
    cols.append(Column(str(t("board.notes", "notes")), "left", below=True))
    rows = []
    for i, (res, st) in enumerate(zip(rp.results, rp.states), rp.offset):
        hand = res.detail_as(CanastaResult)
        pts, mins = hand.points, st.extra_as(CanastaState).opening_minimum
        row = [str(i + 1), game.dealer(setup, i)]
        for s in sides:
            row += [signed(pts.get(s, 0)), number(st.totals.get(s, 0)), _number(mins.get(s, ""))]
        row.append(sides_shown_in(setup, _board_note(hand)))
        rows.append(tuple(row))
    who = str(t("board.versus", " v ")).join(side_label(setup, s) for s in sides)
    table = Table(str(t("canasta.board_title", "Canasta ({rules}) — {sides}", rules=game.rules_name(setup.rules), sides=who)),
                  tuple(cols), tuple(rows),
                  caption=str(t("canasta.caption", "Game to {target}; 'min' is the opening minimum for the next hand.",
                                target=setup.options.get('target', rs.target))))
    final_min = rp.final.extra_as(CanastaState).opening_minimum
    notes = status_notes(game, setup, rp)
    if not (rp.final.finished or setup.ended_early):  # no next hand to open: no minimum to say
        notes.append(str(t("canasta.minimum_now", "Opening minimum now: {minimums}.",
                           minimums=", ".join(f"{setup.shown_side(s)} {_number(final_min.get(s))}" for s in sides))))
    return Board((table,), tuple(notes))


def _number(n: object) -> str:
    return number(n) if isinstance(n, int) and not isinstance(n, bool) else str(n)


def _board_note(hand: CanastaHand) -> str:
    """``NS closed``, ``nobody closed``, and which side had not opened."""
    closed = hand.closed_by
    if closed:
        note = t("canasta.closed_concealed", "{side} closed concealed", side=closed) if hand.concealed \
            else t("canasta.closed", "{side} closed", side=closed)
    else:
        note = t("canasta.nobody_closed", "nobody closed")
    idle = [s for s, v in hand.sides.items() if not v.opened]
    return str(note) + "".join(str(t("canasta.not_opened_note", "; {side} had not opened", side=s)) for s in idle)


def describe(doc: JsonDoc, result: JsonDoc | None) -> str:
    """With ``result``: the hand's summary (:func:`hand_line`, ``"NS +1460 (closed), EW +235"``);
    without: who closed, ``"NS closed"`` / ``"nobody closed"``."""
    points = result.get("points") if isinstance(result, Mapping) else None
    if isinstance(result, Mapping) and isinstance(points, Mapping) and all(isinstance(p, int) for p in points.values()):
        return hand_line(points, result.get("closed_by"), "concealed" in result)
    closed = doc.get("closed_by")
    return str(t("canasta.closed", "{side} closed", side=closed) if closed else
               t("canasta.nobody_closed", "nobody closed"))


def hand_line(points: Mapping[str, int], closed_by: str | None, classic: bool = False) -> str:
    """The summary of a hand: ``"NS +1460 (closed), EW +235"`` (classic: ``(went out)``), or the
    points then ``"; nobody closed"``; in the language in use."""
    closer = t("canasta.line_went_out", "{side} {sign}{points} (went out)") if classic else \
        t("canasta.line_closed", "{side} {sign}{points} (closed)")
    plain = t("canasta.line_side", "{side} {sign}{points}")
    summary = ", ".join(str(replace(closer if n == closed_by else plain, params={"side": n, "sign": "-" if p < 0 else "+",
                                                                           "points": abs(p)})) for n, p in points.items())
    return summary if closed_by else str(t("canasta.line_nobody", "{points}; nobody closed", points=summary))
