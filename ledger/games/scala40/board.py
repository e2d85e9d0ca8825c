"""Scala 40's presentation: the scoreboard, the hand's one-line summary and its note (texts in the
language in use when shown; games never import rich)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ledger.games.jsontypes import JsonDoc
from ledger.games.replay import Replay
from ledger.games.results import Winner
from ledger.games.tables import Board, Column, Table, board_title, cell
from ledger.games.match_setup import MatchSetup
from ledger.games.scala40.records import Scala40Hand, Scala40Result, Scala40State
from ledger.games.settle import Money, format_money, settle
from ledger.i18n import currency_sign, t, tn

if TYPE_CHECKING:
    from ledger.games.protocol import Game


def penalties_line(penalties: Mapping[str, int], doubled: bool) -> str:
    """``"Anna 0, Bruno 43, Carla 32"`` (``— in mano, doubled`` when it was)."""
    line = ", ".join(f"{p} {n}" for p, n in penalties.items())
    return str(t("scala40.line_doubled", "{line} — in mano, doubled", line=line)) if doubled else line


def hand_note(d: Scala40Hand) -> str:
    """``Anna closed in mano · Dario re-entered · Bruno out``: what happened in the hand."""
    parts = [str(t("scala40.note_in_mano", "{player} closed in mano", player=d.closed_by)) if d.in_mano
             else str(t("scala40.note_closed", "{player} closed", player=d.closed_by))]
    if isinstance(d, Scala40Result):
        if d.reentry:
            parts.append(str(tn("scala40.note_reentered", "{players} re-entered at {total}",
                                "{players} re-entered at {total}", len(d.reentry), players=list(d.reentry),
                                total=d.reentry_total)))
        if d.out:
            parts.append(str(tn("scala40.note_out", "{players} out", "{players} out", len(d.out),
                                players=list(d.out))))
    return " · ".join(parts)


def describe(doc: JsonDoc, result: JsonDoc | None) -> str:
    """With ``result`` (as stored): its penalties line; else what ``doc`` entered."""
    pens = result.get("penalties") if isinstance(result, Mapping) else None
    if isinstance(pens, Mapping):
        return penalties_line({str(p): n for p, n in pens.items()}, bool(result.get("doubled")) if result else False)
    parts = []
    back = doc.get("reentry")
    if back and isinstance(back, (str, list)):
        parts.append(str(t("scala40.entered_reentry", "re-entry {players}",
                           players=", ".join(map(str, back)) if isinstance(back, list) else back)))
    if doc.get("closed_by"):
        parts.append(str(t("scala40.entered_closed", "{player} closed", player=doc["closed_by"])))
    others = doc.get("others")
    for p, v in (others.items() if isinstance(others, Mapping) else ()):
        if isinstance(v, Mapping) and not v.get("opened", True):
            parts.append(str(t("scala40.entered_not_opened", "{player} not opened", player=p)))
        else:
            parts.append(f"{p} {' '.join(map(str, v)) if isinstance(v, list) else v}")
    return "; ".join(parts)


def board(game: Game, setup: MatchSetup, rp: Replay) -> Board:
    """The hands table (each player's penalty, ``*`` on the closer, the running totals under
    them), then the standing (total, points to the limit, out, re-entries, paid, net) and the
    notes: the pot, the winner or who deals next, and who pays whom."""
    return Board((_hands_table(game, setup, rp), _standing_table(setup, rp)), tuple(_notes(game, setup, rp)))


def _hands_table(game: Game, setup: MatchSetup, rp: Replay) -> Table:
    players = setup.players
    stake = bool(setup.options.get("stake_cents"))
    cols = [Column("#"), Column(str(t("board.dealer", "dealer")), "left")] + [Column(p) for p in players]
    if stake:  # the pot after each hand (it grows at each re-entry)
        cols.append(Column(str(t("scala40.col_pot", "pot {currency}",
                                 currency=currency_sign(setup.options["currency"])))))
    cols.append(Column(str(t("board.notes", "notes")), "left", below=True))
    rows = []
    for i, res in enumerate(rp.results, rp.offset):
        d = res.detail_as(Scala40Result)
        row = [str(i + 1), d.dealer]
        for p in players:
            pen = d.penalties.get(p)
            star = "*" if p == d.closed_by else ""
            row.append("–" if pen is None else f"{cell(pen)}{star} ({cell(d.totals[p])})")
        if stake:
            row.append(format_money(d.pot_cents, ""))
        row.append(hand_note(d))
        rows.append(tuple(row))
    caption = t("scala40.caption", "* closed · penalty points (running total), lower is better · out at {limit}",
                limit=setup.options["limit"])
    return Table(board_title(game, setup), tuple(cols), tuple(rows), str(caption))


def _standing_table(setup: MatchSetup, rp: Replay) -> Table:
    final = rp.final
    x = final.extra_as(Scala40State)
    cur = x.currency
    cols = [Column(str(t("scala40.col_player", "player")), "left"), Column(str(t("board.total", "total"))),
            Column(str(t("scala40.col_to_limit", "to {limit}", limit=x.limit))),
            Column(str(t("scala40.col_status", "status")), "left"),
            Column(str(t("scala40.col_reentries", "re-entries")))]
    if x.stake_cents:
        cols += [Column(str(t("scala40.col_paid", "paid"))), Column(str(t("scala40.col_net", "net")))]
    rows = []
    for p in setup.players:
        row = [p, cell(final.totals[p]), cell(x.to_limit[p]), _status(p, final.winner, x), cell(x.reentries[p])]
        if x.stake_cents:
            net = x.settlement.get(p) if x.settlement is not None else None
            row += [str(Money(x.paid_cents[p], cur)), "" if net is None else str(Money(net, cur))]
        rows.append(tuple(row))
    title = (t("scala40.standing_title", "Standing — pot {amount}", amount=Money(x.pot_cents, cur)) if x.stake_cents
             else t("scala40.standing", "Standing"))
    return Table(str(title), tuple(cols), tuple(rows))


def _status(player: str, winner: Winner, x: Scala40State) -> str:
    if player == winner:
        return str(t("scala40.status_winner", "winner"))
    if player in x.out:
        return str(t("scala40.status_out", "out"))
    return str(t("scala40.status_in", "in"))


def _notes(game: Game, setup: MatchSetup, rp: Replay) -> list[str]:
    final = rp.final
    x = final.extra_as(Scala40State)
    cur = x.currency
    notes = []
    if final.finished and x.stake_cents:
        notes.append(str(t("scala40.won_pot", "{player} is the last one in and takes the pot of {amount}.",
                           player=final.winner, amount=Money(x.pot_cents, cur))))
    elif final.finished:
        notes.append(str(t("scala40.won", "{player} is the last one in and wins.", player=final.winner)))
    elif setup.ended_early:
        if final.winner is not None:
            notes.append(str(t("scala40.ended_winner", "Ended early: {player} wins with the lowest total.",
                               player=final.winner)))
        else:
            notes.append(str(t("scala40.ended_tie", "Ended early: the lowest totals are level, nobody wins.")))
        if x.pot_shares and x.pot_cents:
            shares = [str(t("scala40.share", "{player} {amount}", player=p, amount=Money(c, cur)))
                      for p, c in x.pot_shares.items()]
            notes.append(str(t("scala40.pot_shared", "The pot of {amount} is shared by points left: {shares}.",
                               amount=Money(x.pot_cents, cur), shares=", ".join(shares))))
    else:
        still = [p for p in setup.players if p not in x.out]
        notes.append(str(tn("scala40.still_in", "{n} player still in: {players}; pot {amount}.",
                            "{n} players still in: {players}; pot {amount}.", len(still), players=still,
                            amount=Money(x.pot_cents, cur)) if x.stake_cents
                         else tn("scala40.still_in_plain", "{n} player still in: {players}.",
                                 "{n} players still in: {players}.", len(still), players=still)))
        notes.append(str(t("board.next_dealer", "Next dealer: {name}.", name=game.next_dealer(setup, final))))
    if x.settlement and x.stake_cents:
        notes += [str(tr.message(cur)) for tr in settle(x.settlement)]
    return notes
