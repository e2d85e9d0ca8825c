"""Trentuno's presentation: a hand's summary line (:func:`hand_line`), what a hand entered says
(:func:`describe`), and the scoreboard (:func:`trentuno_board`: lives after each hand, the money,
the notes). Pure: text in the language in use, from stored results and states."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.games.base import Board, Column, MatchSetup, MatchState, Replay, Table, cell
from ledger.games.jsontypes import JsonDoc
from ledger.games.settle import Money, format_money, settle
from ledger.games.trentuno.records import TrentunoHand, TrentunoResult, TrentunoState
from ledger.games.trentuno.rules import ENDING_FIELDS, Ending, split_names
from ledger.i18n import Msg, currency_sign, t, tn


def _who_pays(losers: Sequence[str]) -> Msg:
    if not losers:
        return t("trentuno.nobody_pays", "nobody pays")
    return tn("trentuno.lose_life", "{players} loses a life", "{players} lose a life", len(losers),
              players=names_list(losers))


def names_list(names: Sequence[str]) -> Msg | str:
    """Players in a hand's summary: ``Anna, Carla`` (the English kept as the history's JSON has
    it), ``Anna e Carla`` / ``Anna, Bruno e Carla`` in Italian."""
    if len(names) < 2:
        return "".join(names)
    return t("trentuno.names", "{first}, {last}", first=", ".join(names[:-1]), last=names[-1])


def result_line(result: TrentunoHand, currency: str | None = None) -> str:
    """:func:`hand_line` of a hand's result record."""
    return hand_line(result.to_json(), currency)


def hand_line(data: JsonDoc, currency: str | None = None) -> str:
    """The summary of a hand from its result data (what :meth:`Trentuno.score` or ``apply`` give):
    ``"re-entry Carla; Bruno knocks: Anna, Carla lose a life; Dario wins the pot of 4.50 EUR"`` (the pot's amount when the match's ``currency`` is given). ``""`` for data with no
    ending."""
    ending = Ending(*(data.get(f) if isinstance(data.get(f), str) else None for f in ENDING_FIELDS))
    if not (ending.knocked_by or ending.shown31 or ending.took_widow):
        return ""
    back = data.get("reentry")
    parts: list[Msg] = []
    if isinstance(back, list) and back:
        parts.append(t("trentuno.line_reentry", "re-entry {players}", players=names_list(list(map(str, back)))))
    if data.get("counts") is False:
        parts.append(t("trentuno.line_no_count", "{ending}: the hand does not count (everyone still in would be out); "
                       "deal again", ending=ending.text()))
    else:
        parts.append(t("trentuno.line_paid", "{ending}: {who}", ending=ending.text(),
                       who=_who_pays(list(map(str, data.get("lose_life") or [])))))
    if data.get("final_two"):
        parts.append(t("trentuno.line_final_two", "the final two are out, {players} come back with one life",
                       players=names_list(list(map(str, data.get("back_in") or [])))))
    bet = data.get("bet")
    if isinstance(bet, Mapping) and bet.get("won") and bet.get("drawn"):
        parts.append(t("trentuno.line_bet_won", "{player} wins the bet and re-enters", player=bet["drawn"]))
    if data.get("winner"):
        pot = data.get("pot_cents")
        if currency and isinstance(pot, int):
            parts.append(t("trentuno.line_pot_of", "{player} wins the pot of {amount}", player=data["winner"],
                           amount=Money(pot, currency)))
        else:
            parts.append(t("trentuno.line_pot", "{player} wins the pot", player=data["winner"]))
    return "; ".join(str(p) for p in parts)


def describe(doc: JsonDoc, result: JsonDoc | None = None,
             setup: MatchSetup | None = None) -> str:
    """With ``result``: the hand's summary (:func:`hand_line`, the pot in the currency of
    ``setup``'s match); without: re-entries, bets and how the hand ended, as entered."""
    currency = setup.options.get("currency") if setup is not None else None
    line = hand_line(result, currency) if isinstance(result, Mapping) else ""
    if line:
        return line
    parts = []
    if doc.get("reentry"):
        parts.append(str(t("trentuno.line_reentry", "re-entry {players}",
                           players=", ".join(split_names(doc["reentry"], "reentry")))))
    bet = doc.get("bet")
    if isinstance(bet, Mapping) and bet.get("players"):
        parts.append(str(t("trentuno.entered_bet", "bet on {number}: {players}", number=str(bet.get("number")),
                           players=", ".join(split_names(bet["players"], "bet")))))
    named = {f: doc.get(f) for f in ENDING_FIELDS if doc.get(f)}
    if named:
        parts.append(Ending(**named).text())
    return "; ".join(parts)


# --- the scoreboard ---------------------------------------------------------------------------------
def trentuno_board(setup: MatchSetup, replay: Replay) -> Board:
    """Per hand: each player's lives after it, the pot and what happened; then the money: lives,
    status, paid and net per player; notes with the winner and the pot."""
    return Board((_hands_table(setup, replay), _money_table(setup, replay)), tuple(_notes(setup, replay)))


def _money(cents: int | None, setup: MatchSetup) -> str:
    return "" if cents is None else format_money(cents, setup.options["currency"])


_RE, _BACK, _OUT = t("trentuno.mark_re", "re"), t("trentuno.mark_back", "back"), t("trentuno.out", "out")


def _hands_table(setup: MatchSetup, rp: Replay) -> Table:
    cols = [Column("#")] + [Column(p) for p in setup.players]
    cols += [Column(str(t("trentuno.col_pot", "pot {currency}", currency=currency_sign(setup.options["currency"])))),
             Column(str(t("trentuno.col_events", "what happened")), "left", below=True)]
    rows = []
    for i, (res, st) in enumerate(zip(rp.results, rp.states), rp.offset):
        d = res.detail_as(TrentunoResult)
        row = [str(i + 1)]
        for p in setup.players:
            row.append(_lives_cell(p, d, st))
        row += [format_money(d.pot_cents, ""), _event(d)]
        rows.append(tuple(row))
    o = setup.options
    parts = [tn("trentuno.caption_lives", "{n} life at {stake} each", "{n} lives at {stake} each", o["lives"],
                stake=Money(o["stake_cents"], o["currency"]))]
    if o.get("reentry"):
        parts.append(t("trentuno.caption_reentry", "re-entry once for {cost}",
                       cost=Money(o["reentry_cost_cents"], o["currency"])))
    cells = [c for row in rows for c in row[1:1 + len(setup.players)]]
    parts += [text for mark, text in ((_RE, t("trentuno.key_re", "re = re-entered before the hand")),
                                      (_BACK, t("trentuno.key_back", "back = came back after it")))
              if any(c.startswith(f"{mark} ") for c in cells)]
    caption = "; ".join(str(p) for p in parts)
    return Table(str(t("trentuno.hands_title", "Trentuno {rules} — lives after each hand (✗ lost a life)",
                       rules=setup.rules)), tuple(cols), tuple(rows), caption)


def _event(d: TrentunoResult) -> str:
    """A short line for the scoreboard: how the hand ended and what else happened."""
    parts = []
    if d.reentry:
        parts.append(t("trentuno.line_reentry", "re-entry {players}", players=", ".join(d.reentry)))
    if d.shown31 and d.knocked_by:
        parts.append(t("trentuno.event_31_after", "31 {player} after knock {knocker}", player=d.shown31,
                       knocker=d.knocked_by))
    elif d.shown31:
        parts.append(t("trentuno.event_31", "31 {player}", player=d.shown31))
    elif d.took_widow:
        parts.append(t("trentuno.event_widow", "widow {player}", player=d.took_widow))
    else:
        parts.append(t("trentuno.event_knock", "knock {player}", player=d.knocked_by))
    if not d.counts:
        parts.append(t("trentuno.event_no_count", "does not count"))
    if d.final_two:
        parts.append(t("trentuno.event_final_two", "final two: {players} back", players=", ".join(d.back_in)))
    if d.bet and d.bet.won:
        parts.append(t("trentuno.event_bet_won", "bet {number}: {player} back", number=str(d.bet.number),
                       player=d.bet.drawn))
    elif d.bet:
        parts.append(t("trentuno.event_bet_lost", "bet {number}: lost", number=str(d.bet.number)))
    if d.winner:
        parts.append(t("trentuno.event_wins", "{player} wins", player=d.winner))
    return "; ".join(str(p) for p in parts)


def _lives_cell(p: str, d: TrentunoResult, st: MatchState) -> str:
    """Lives after the hand: ``2✗`` lost one, ``out✗`` lost the last, ``re 1`` re-entered before it,
    ``back 1`` came back after it (bet won, final two), ``–`` not playing."""
    lives = st.extra_as(TrentunoState).lives[p]
    if p not in d.values:
        return f"{_BACK} {cell(lives)}" if lives else "–"
    mark = "✗" if p in d.lose_life else ""
    back = f"{_RE} " if p in d.reentry else ""
    return f"{back}{cell(lives) if lives else _OUT}{mark}"


def _money_table(setup: MatchSetup, rp: Replay) -> Table:
    x = rp.final.extra_as(TrentunoState)
    settled = x.settlement
    shares = x.pot_shares or {}
    cols = (Column(str(t("trentuno.col_player", "player")), "left"), Column(str(t("trentuno.col_lives", "lives"))),
            Column(str(t("trentuno.col_status", "status")), "left"), Column(str(t("trentuno.col_paid", "paid"))),
            Column(str(t("trentuno.col_won", "won"))), Column(str(t("trentuno.col_net", "net"))))
    rows = []
    for p in setup.players:
        status = _status(p, rp.final)
        won = shares.get(p, x.pot_cents if rp.final.winner == p and rp.final.finished else None)
        rows.append((p, cell(x.lives[p]), status, _money(x.paid_cents[p], setup),
                     _money(won, setup) if won else "", _money(settled[p], setup) if settled else ""))
    return Table(str(t("trentuno.money_title", "Money — pot {amount}", amount=_money(x.pot_cents, setup))), cols,
                 tuple(rows))


def _status(p: str, st: MatchState) -> str:
    x = st.extra_as(TrentunoState)
    tags = []
    if st.finished and st.winner == p:
        tags.append(t("trentuno.status_winner", "winner"))
    elif x.lives[p] > 0:
        tags.append(t("trentuno.status_in", "in"))
    else:
        tags.append(_OUT)
    if p in x.reentered:
        tags.append(t("trentuno.status_reentered", "re-entered"))
    return ", ".join(str(tag) for tag in tags)


def _notes(setup: MatchSetup, rp: Replay) -> list[str]:
    final = rp.final
    x = final.extra_as(TrentunoState)
    notes = []
    if final.finished:
        notes.append(str(t("trentuno.note_won", "{player} wins the pot of {amount}.", player=final.winner,
                           amount=_money(x.pot_cents, setup))))
    elif x.pot_shares is not None:
        parts = ", ".join(f"{p} {_money(c, setup)}" for p, c in x.pot_shares.items())
        notes.append(str(t("trentuno.note_shared", "Ended early: the pot of {amount} is shared by lives: {shares}.",
                           amount=_money(x.pot_cents, setup), shares=parts)))
    else:
        alive = [p for p in setup.players if x.lives[p] > 0]
        lives = ", ".join(f"{p} ({cell(x.lives[p])})" for p in alive)
        notes.append(str(t("trentuno.note_in_play", "Still in: {players}. Pot {amount}. Next dealer: {dealer}.",
                           players=lives, amount=_money(x.pot_cents, setup), dealer=x.next_dealer)))
    if x.settlement:
        for tr in settle(x.settlement):
            notes.append(str(t("trentuno.note_pays", "{transfer}.", transfer=tr.text(setup.options["currency"]))))
    return notes
