"""The Scopa scoreboard: the hands table of a points game, then each side's points by kind."""

from __future__ import annotations

from dataclasses import replace

from ledger.games.base import Board, Column, Game, MatchSetup, Replay, Table, points_board, side_label
from ledger.games.scopa.records import ScopaResult
from ledger.games.scopa.rules import Options
from ledger.i18n import number, t


def scopa_board(game: Game, setup: MatchSetup, rp: Replay) -> Board:
    """The scoreboard: the hands table of a points game (:func:`points_board`) titled with the
    rule set and the target, then the points by kind (see :meth:`ledger.games.scopa.ScopaGame.board`)."""
    sides = setup.side_names
    board = points_board(game, setup, rp)
    versus = str(t("board.versus", " v "))
    title = str(t("scopa.board_title", "{game} — {sides}", game=game.titled(setup.rules),
                  sides=versus.join(side_label(setup, s) for s in sides)))
    caption = t("scopa.caption", "Game to {target}.", target=setup.options.get("target"))
    if setup.options.get("suits") == "italian":
        caption = t("scopa.caption_suits", "Game to {target}. Suits: denari (D), coppe (H), bastoni (C), spade (S).",
                    target=setup.options.get("target"))
    hands = replace(board.tables[0], title=title, caption=str(caption))
    kinds = Options(bool(setup.options.get("napola")), bool(setup.options.get("re_bello"))).kinds()
    sums = {s: dict.fromkeys(kinds, 0) for s in sides}
    for res in rp.results:
        for s, items in res.detail_as(ScopaResult).items.items():
            for it in items:
                if s in sums and it.item in sums[s]:
                    sums[s][it.item] += it.points
    by_kind = Table(str(t("scopa.by_kind", "Points by kind")),
                    (Column(str(t("board.side", "side") if setup.teams else t("scopa.col_player", "player")), "left"),
                     *(Column(k) for k in kinds),
                     Column(str(t("board.total", "total")))),
                    tuple((setup.shown_side(s), *(number(sums[s][k]) for k in kinds), number(rp.final.totals.get(s, 0)))
                          for s in sides))
    return Board((hands, by_kind), board.notes)
