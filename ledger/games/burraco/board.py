"""Burraco's presentation: the scoreboard with what each side still needs, a hand's note and
summary, and a hand told in a few words (``match history``). In the language in use."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ledger.games.base import Board, HandResult, Replay, points_board, side_label
from ledger.games.burraco.melds import RULE_SETS
from ledger.games.burraco.records import BurracoResult
from ledger.games.jsontypes import JsonDoc
from ledger.games.match_setup import MatchSetup
from ledger.i18n import number, t, tn

if TYPE_CHECKING:
    from ledger.games.base import Game


def board(game: Game, setup: MatchSetup, replay: Replay) -> Board:
    """Per hand each side's points and running total, and what happened (who closed, burrachi,
    a pozzetto not taken); under it who won or who deals next, and what each side needs."""
    target = setup.options.get("target", RULE_SETS[setup.rules].target)
    drawn = points_board(game, setup, replay)
    sides = str(t("board.versus", " v ")).join(side_label(setup, s) for s in setup.side_names)
    title = t("burraco.board_title", "Burraco ({rules}) — {sides}", rules=game.rules_name(setup.rules), sides=sides)
    table = replace(drawn.tables[0], title=str(title),
                    caption=str(t("burraco.caption", "Game to {target}.", target=target)))
    notes = list(drawn.notes)
    final = replay.final
    if not final.finished and final.winner is None and not setup.ended_early:
        notes.append(str(t("burraco.to_go", "To {target}: {needs}.", target=target, needs=", ".join(
            f"{setup.shown_side(s)} {number(max(target - final.totals.get(s, 0), 0))}" for s in setup.side_names))))
    return replace(drawn, tables=(table,), notes=tuple(notes))


def describe(doc: JsonDoc, result: JsonDoc | None) -> str:
    """With ``result``: its summary (``"NS +710 (closed), EW +25"``); without: who closed. Never raises."""
    points = result.get("points") if isinstance(result, Mapping) else None
    if isinstance(result, Mapping) and isinstance(points, Mapping) and all(isinstance(p, int) for p in points.values()):
        return hand_line(points, result.get("closed_by"))
    closed = doc.get("closed_by") if isinstance(doc, Mapping) else None
    return str(t("burraco.closed", "{side} closed", side=closed) if isinstance(closed, str) and closed else
               t("burraco.nobody_closed", "nobody closed"))


def hand_note(result: HandResult) -> str:
    """``"NS closed; NS 1 clean, 1 dirty; EW no pozzetto"``: who closed, the burrachi, the pozzetti not taken."""
    d = result.detail_as(BurracoResult)
    parts = [str(t("burraco.closed", "{side} closed", side=d.closed_by) if d.closed_by else
                 t("burraco.nobody_closed", "nobody closed"))]
    parts += [f"{s} {kinds_count(v.burraco)}" for s, v in d.sides.items() if v.burraco]
    parts += [str(t("burraco.no_pozzetto", "{side} no pozzetto", side=s)) for s, v in d.sides.items()
              if not v.pozzetto]
    return "; ".join(parts)


def hand_line(points: Mapping[str, int], closed_by: str | None) -> str:
    """The summary of a hand: ``"NS +710 (closed), EW +25"``, or the points then ``"; nobody closed"``."""
    summary = ", ".join(str(t("burraco.line_closed", "{side} {sign}{points} (closed)", side=n, sign="-" if p < 0 else "+",
                              points=abs(p)) if n == closed_by else
                            t("burraco.line_side", "{side} {sign}{points}", side=n, sign="-" if p < 0 else "+",
                              points=abs(p)))
                        for n, p in points.items())
    return summary if closed_by else str(t("burraco.line_nobody", "{points}; nobody closed", points=summary))


def kinds_count(kinds: Sequence[str]) -> str:
    """``["clean", "clean", "dirty"]`` → ``"2 clean, 1 dirty"`` (``"2 puliti, 1 sporco"``): in the
    language in use."""
    counts = Counter(kinds)
    return ", ".join(str(_KIND_COUNTS[k](n) if k in _KIND_COUNTS else f"{n} {k}") for k, n in counts.items())


_KIND_COUNTS = {
    "clean": lambda n: tn("burraco.n_clean", "{n} clean", "{n} clean", n),
    "semiclean": lambda n: tn("burraco.n_semiclean", "{n} semiclean", "{n} semiclean", n),
    "dirty": lambda n: tn("burraco.n_dirty", "{n} dirty", "{n} dirty", n),
}
