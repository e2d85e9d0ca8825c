"""Tressette's scoreboard: the hands of a points game with the accusi beside them, then what each
side's total came from (card points and accusi), who won or deals next (to the right)."""

from __future__ import annotations

from dataclasses import replace

from ledger.games.protocol import Game
from ledger.games.replay import Replay
from ledger.games.tables import Board, Column, Table, points_board
from ledger.games.match_setup import MatchSetup
from ledger.games.tressette.records import TressetteState
from ledger.i18n import number, t


def tressette_board(game: Game, setup: MatchSetup, rp: Replay) -> Board:
    """The hands table (:func:`points_board`) captioned with the target and whether accusi are
    played, then the match's card points, accusi and total per side."""
    board = points_board(game, setup, rp)
    target = setup.options.get("target")
    caption = (t("tressette.caption", "Game to {target}, with accusi.", target=target) if setup.options.get("accusi")
               else t("tressette.caption_no_accusi", "Game to {target}, without accusi.", target=target))
    hands = replace(board.tables[0], caption=str(caption))
    x = rp.final.extra_as(TressetteState)
    side_header = t("board.side", "side") if setup.teams else t("tressette.col_player", "player")
    sums = Table(str(t("tressette.by_kind", "Points by kind")),
                 (Column(str(side_header), "left"), Column(str(t("tressette.col_cards", "card points"))),
                  Column(str(t("tressette.col_accusi", "accusi"))), Column(str(t("board.total", "total")))),
                 tuple((setup.shown_side(s), number(x.card_points.get(s, 0)), number(x.accusi.get(s, 0)),
                        number(rp.final.totals.get(s, 0))) for s in setup.side_names))
    return Board((hands, sums), board.notes)
