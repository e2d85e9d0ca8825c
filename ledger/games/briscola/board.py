"""Briscola's presentation: the scoreboards, a hand's line and its note (plain tables: the CLI and
the players' page draw them)."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.jsontypes import JsonDoc
from ledger.games.protocol import Game
from ledger.games.record import JsonRecord
from ledger.games.replay import Replay
from ledger.games.tables import Board, Column, Table, board_title, cell, points_line, side_label, status_notes
from ledger.games.match_setup import MatchSetup
from ledger.games.briscola.hand import is_number
from ledger.games.scopa.document import is_rest
from ledger.games.briscola.records import ChiamataResult, ClassicaResult
from ledger.games.settle import Money
from ledger.i18n import signed, t, tn


def classica_line(points: Mapping[str, int], winner: str | None) -> str:
    """``"NS 64, EW 56: NS wins"``; ``"NS 60, EW 60: draw"``."""
    shown = ", ".join(f"{s} {n}" for s, n in points.items())
    if winner is None:
        return str(t("briscola.line_draw", "{points}: draw", points=shown))
    return str(t("briscola.line_wins", "{points}: {side} wins", points=shown, side=winner))


def chiamata_note(result: JsonRecord) -> str:
    """``"Anna (3D, 70) + Carla: 78, made"``, ``"Dario (AS, 85) alone: 120, made ×6"``."""
    if not isinstance(result, ChiamataResult):
        return ""
    who = (str(t("briscola.note_alone", "{caller} ({card}, {bid}) alone", caller=result.caller, card=result.called,
                 bid=result.bid)) if result.alone else
           str(t("briscola.note_pair", "{caller} ({card}, {bid}) + {partner}", caller=result.caller,
                 card=result.called, bid=result.bid, partner=result.partner)))
    how = str(t("briscola.made", "made") if result.made else t("briscola.lost", "lost"))
    times = f" ×{result.multiplier}" if result.multiplier > 1 else ""
    return f"{who}: {result.caller_side_points}, {how}{times}"


def describe(doc: JsonDoc, result: JsonDoc | None) -> str:
    """A hand's line: with its stored ``result`` what it scored, without it what was entered."""
    if isinstance(result, Mapping) and isinstance(result.get("points"), Mapping):
        if "made" in result:
            return points_line(result["points"])
        winner = result.get("winner")
        return classica_line(result["points"], winner if isinstance(winner, str) else None)
    if not isinstance(doc, Mapping):
        return ""
    sides = doc.get("sides")
    if isinstance(sides, Mapping):
        return ", ".join(f"{s} {_pile_text(v)}" for s, v in sides.items())
    if doc.get("caller") is not None:
        return str(t("briscola.entered_call", "{caller} calls {card} at {bid}, partner {partner}",
                     caller=doc.get("caller"), card=doc.get("called", "?"), bid=doc.get("bid", "?"),
                     partner=doc.get("partner", "?")))
    return ""


def _pile_text(value: object) -> str:
    if isinstance(value, list):
        return str(tn("briscola.entered_cards", "{n} card", "{n} cards", len(value)))
    if isinstance(value, str) and not is_rest(value) and not is_number(value):
        return str(tn("briscola.entered_cards", "{n} card", "{n} cards", len(value.split())))
    return str(value)


def classica_board(game: Game, setup: MatchSetup, rp: Replay) -> Board:
    """Per hand: the dealer, each side's card points and who won it; then each side's hand wins
    and the draws; who won the match, or who deals next."""
    sides = setup.side_names
    cols = (Column("#"), Column(str(t("board.dealer", "dealer")), "left"), *(Column(s) for s in sides),
            Column(str(t("briscola.col_winner", "winner")), "left"))
    rows = []
    for i, res in enumerate(rp.results, rp.offset):
        d = res.detail_as(ClassicaResult)
        won = d.winner if d.winner is not None else str(t("briscola.draw", "draw"))
        rows.append((str(i + 1), game.dealer(setup, i), *(cell(d.points.get(s, 0)) for s in sides), won))
    opts = setup.options
    caption = (t("briscola.caption_hands", "{hands} hands: the most hand wins wins.", hands=opts["hands"])
               if opts.get("hands") else
               t("briscola.caption_wins", "First to {wins} hand wins.", wins=opts.get("wins", 2)))
    hands = Table(board_title(game, setup), cols, tuple(rows), str(caption))
    final = rp.final
    draws = getattr(final.extra, "draws", 0)
    wins = Table(str(t("briscola.wins_title", "Hand wins")),
                 (Column(str(t("board.side", "side")), "left"), Column(str(t("briscola.col_wins", "wins")))),
                 tuple((side_label(setup, s), cell(final.totals.get(s, 0))) for s in sides)
                 + ((str(t("briscola.draws", "draws")), cell(draws)),))
    return Board((hands, wins), tuple(status_notes(game, setup, rp)))


def chiamata_board(game: Game, setup: MatchSetup, rp: Replay) -> Board:
    """Per hand: the dealer, the call (caller, card, bid, partner), the caller's side's card
    points, each player's points; then each player's total and money; who won, or who deals."""
    players = setup.players
    cols = (Column("#"), Column(str(t("board.dealer", "dealer")), "left"), *(Column(p) for p in players),
            Column(str(t("board.notes", "notes")), "left", below=True))
    rows = []
    for i, res in enumerate(rp.results, rp.offset):
        d = res.detail_as(ChiamataResult)
        row = [str(i + 1), game.dealer(setup, i)]
        row += [signed(d.points[p]) if p != d.sitting_out else "–" for p in players]
        rows.append((*row, chiamata_note(d)))
    title = str(t("board.title", "{game} — {sides}", game=game.titled(setup.rules), sides=", ".join(players)))
    hands = Table(title, cols, tuple(rows))
    stake = int(setup.options.get("stake_cents") or 0)
    currency = str(setup.options.get("currency") or "EUR")
    head = [Column(str(t("scopa.col_player", "player")), "left"), Column(str(t("board.total", "total")))]
    if stake:
        head.append(Column(str(t("briscola.col_money", "money"))))
    totals = rp.final.totals
    body = tuple((p, signed(totals.get(p, 0)), *([str(Money(totals.get(p, 0) * stake, currency))] if stake else []))
                 for p in players)
    caption = (str(t("briscola.caption_stake", "{amount} a point.", amount=Money(stake, currency))) if stake else "")
    standing = Table(str(t("briscola.points_title", "Points")), tuple(head), body, caption)
    return Board((hands, standing), tuple(status_notes(game, setup, rp)))
