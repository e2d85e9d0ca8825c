"""Il Gioco di Simone's presentation: a hand's summary (:func:`summary`), what a hand entered says
(:func:`describe`), and the scoreboard (:func:`simone_board`: each hand's sums, the standing, the
statistics, the winner or leader). Pure: text in the language in use, from results and states."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from ledger.games.base import Board, Column, Game, MatchSetup, MatchState, Replay, Table, cell
from ledger.games.jsontypes import JsonDoc
from ledger.games.simone.records import Place, SimoneResult, SimoneState
from ledger.games.simone.rules import leaders
from ledger.i18n import t, tn


def summary(sums: Mapping[str, int], winners: Sequence[str], knocked_by: str | None) -> str:
    """``Anna 25, Bruno 9 — Bruno wins; Bruno knocked``: a hand's summary in the language in use."""
    text = ", ".join(f"{p} {s}" for p, s in sums.items())
    if knocked_by:
        return str(tn("simone.summary_knock", "{sums} — {winners} wins; {knocker} knocked",
                      "{sums} — {winners} win; {knocker} knocked", len(winners), sums=text, winners=list(winners),
                      knocker=knocked_by))
    return str(tn("simone.summary", "{sums} — {winners} wins", "{sums} — {winners} win", len(winners), sums=text,
                  winners=list(winners)))


def describe(doc: JsonDoc, result: JsonDoc | None = None) -> str:
    """With ``result``: the hand's summary, ``"Anna 25, Bruno 9, Carla 16 — Bruno wins; Bruno
    knocked"``; without: what was entered, ``"Anna KH JK; Bruno 17; knock Anna"``."""
    sums = result.get("sums") if isinstance(result, Mapping) else None
    if result is not None and isinstance(sums, Mapping) and isinstance(result.get("winners"), list):
        return summary(sums, result["winners"], result.get("knocked_by"))
    hands = doc.get("hands") or {}
    parts = [f"{p} {v if not isinstance(v, list) else ' '.join(map(str, v))}" for p, v in hands.items()]
    if doc.get("knocked_by"):
        parts.append(str(t("simone.entered_knock", "knock {player}", player=doc["knocked_by"])))
    return "; ".join(parts)


# --- the scoreboard ---------------------------------------------------------------------------------
def simone_board(game: Game, setup: MatchSetup, replay: Replay) -> Board:
    """Hands (each sum, ``*`` on the winners, the knocker, the standing), then the statistics
    (once a hand is played), then the winner or leader and the next dealer."""
    tables = [_hands_table(game, setup, replay)]
    if replay.final.hands:
        tables.append(_stats_table(replay))
    return Board(tuple(tables), tuple(_notes(game, setup, replay)))


def _hands_table(game: Game, setup: MatchSetup, rp: Replay) -> Table:
    players = setup.players
    cols = [Column("#"), Column(str(t("board.dealer", "dealer")), "left")] + [Column(p) for p in players]
    standing_header = str(t("simone.standing", "standing (hands won)"))
    cols += [Column(str(t("simone.knocked", "knocked")), "left"),
             Column(standing_header, "left", below=True)]
    rows = []
    for i, (res, st) in enumerate(zip(rp.results, rp.states), rp.offset):
        d = res.detail_as(SimoneResult)
        row = [str(i + 1), game.dealer(setup, i)]
        row += [f"{cell(d.sums[p])}{'*' if p in d.winners else ''}" for p in players]
        row += [d.knocked_by or "", _standing_text(st.extra_as(SimoneState).standing, len(standing_header))]
        rows.append(tuple(row))
    final = rp.final
    lines: tuple[int, ...] = ()
    if rows:
        lines = (len(rows) - 1,)
        rows.append(("", str(t("simone.row_won", "won"))) + tuple(cell(final.totals[p]) for p in players) + ("", ""))
        rows.append(("", str(t("simone.row_sum", "sum"))) + tuple(cell(final.extra_as(SimoneState).sums[p])
                                                                for p in players) + ("", ""))
    target = setup.options.get("target")
    if target:
        caption = tn("simone.caption_target", "* won the hand · standing: hands won, then lower sum · target "
                     "{n} hand won", "* won the hand · standing: hands won, then lower sum · target {n} hands won",
                     target)
    else:
        caption = t("simone.caption", "* won the hand · standing: hands won, then lower sum · no target")
    return Table(str(t("board.title", "{game} — {sides}", game=game.title, sides=", ".join(players))),
                 tuple(cols), tuple(rows), str(caption), lines)


def _stats_table(rp: Replay) -> Table:
    cols = (Column("#"), Column(str(t("simone.col_player", "player")), "left"),
            Column(str(t("simone.col_won", "won"))), Column(str(t("simone.col_hands", "hands"))),
            Column(str(t("simone.col_sum", "sum"))), Column(str(t("simone.col_avg", "avg"))),
            Column(str(t("simone.col_best", "best"))), Column(str(t("simone.col_worst", "worst"))),
            Column(str(t("simone.col_knocks", "knocks"))), Column(str(t("simone.col_knock_wins", "knock wins"))))
    final = rp.final.extra_as(SimoneState)
    rows = []
    for r in final.standing:
        s = final.stats[r.player]
        rows.append((str(r.place), r.player, cell(s.hands_won), cell(s.hands),
                     cell(s.sum), cell(Decimal(s.average_sum)) if s.average_sum else "-",
                     _opt(s.best_hand), _opt(s.worst_hand), cell(s.knocks), cell(s.knocks_won)))
    k = final.knocks
    hands = tn("simone.knock_hands", "{n} hand with a knock", "{n} hands with a knock", k.hands)
    caption = (tn("simone.knock_won", "the knocker won {n} of {hands}", "the knocker won {n} of {hands}",
                  k.knocker_won, hands=hands)
               if k.hands else t("simone.no_knock", "no knock recorded yet"))
    return Table(str(t("simone.statistics", "Statistics")), cols, tuple(rows), str(caption))


def _notes(game: Game, setup: MatchSetup, rp: Replay) -> list[str]:
    final = rp.final
    notes = []
    if final.winner is not None:
        names = [final.winner] if isinstance(final.winner, str) else final.winner
        line = _player_line(final, names[0])
        if final.finished:
            note = tn("simone.won_target", "{names} wins (target reached): {line}.",
                      "{names} win (target reached): {line}.", len(names), names=list(names), line=line)
        else:
            note = tn("simone.won_early", "{names} wins (match ended early): {line}.",
                      "{names} win (match ended early): {line}.", len(names), names=list(names), line=line)
        notes.append(str(note))
    elif final.hands:
        first = leaders(final.extra_as(SimoneState).standing)
        notes.append(str(tn("simone.leads", "{names} leads: {line}.", "{names} lead: {line}.", len(first),
                            names=list(first), line=_player_line(final, first[0]))))
    if not final.finished and final.winner is None:
        notes.append(str(t("board.next_dealer", "Next dealer: {name}.", name=game.dealer(setup, final.hands))))
    return notes


def _standing_text(rows: Sequence[Place], cells: int) -> str:
    """``Carla 1 · Anna 0 ·`` / ``Bruno 0``: the standing on lines of at most ``cells``
    characters (its column's header), broken between two players (``·`` ending a line), so
    that the column, as wide as its header, never splits a player from their count."""
    lines: list[str] = []
    for part in (f"{r.player} {r.hands_won}" for r in rows):
        if lines and len(lines[-1]) + 5 + len(part) <= cells:
            lines[-1] += f" · {part}"
        elif lines:
            lines[-1] += " ·"
            lines.append(part)
        else:
            lines.append(part)
    return "\n".join(lines)


def _player_line(state: MatchState, player: str) -> str:
    won = state.totals[player]
    return str(tn("simone.player_line", "{n} hand won, sum {sum}", "{n} hands won, sum {sum}", won,
                  sum=state.extra_as(SimoneState).sums[player]))


def _opt(n: object) -> str:
    return "-" if n is None else str(n)
