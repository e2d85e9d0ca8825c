"""The report as tidy CSV tables (one observation per row, one variable per column), written with the
standard :mod:`csv` module: :func:`csv_tables` gives the rows, :func:`csv_files` the file texts.

- ``matches.csv``: one row per match: ``match, night, demo, game, rules, status, hands,
  corrections, unit, sides, winner, winning_players, score, stake, currency``.
- ``hands.csv``: one row per hand per side: ``match, night, game, hand, side, players, value,
  total``; ``value`` is what the side made in that hand in the game's own terms (points;
  Simone: the sum of the cards; Trentuno: the hand's value), ``total`` the running total after it
  (points, hands won, lives).
- ``results.csv``: one row per player per match: ``match, night, game, player, side, total, unit,
  won, status, net_cents, currency`` (``won`` empty while the match is in play; ``net_cents``
  empty when it is not played for money or not over).
- ``standings.csv``: one row per player per game, and one with ``game`` ``all``: ``player, game,
  played, won, open``.
- ``transfers.csv``: the settle-up: ``currency, payer, payee, cents, amount``.

Text is UTF-8, control characters in it written as visible escapes (``\\x1b``,
:func:`ledger.safetext.safe`); several names in one cell (a side's players) are joined with ``" & "``.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ledger.games.settle import format_money
from ledger.report.model import Report
from ledger.safetext import safe

MATCHES = ("match", "night", "demo", "game", "rules", "status", "hands", "corrections", "unit", "sides",
           "winner", "winning_players", "score", "stake", "currency")
HANDS = ("match", "night", "game", "hand", "side", "players", "value", "total")
RESULTS = ("match", "night", "game", "player", "side", "total", "unit", "won", "status", "net_cents", "currency")
STANDINGS = ("player", "game", "played", "won", "open")
TRANSFERS = ("currency", "payer", "payee", "cents", "amount")


def csv_tables(report: Report) -> dict[str, tuple[tuple[str, ...], list[list[Any]]]]:
    """File name → (header, rows) for every table of the report."""
    matches, hands, results = [], [], []
    for m in report.matches:
        night = m.night.isoformat()
        money = m.money
        matches.append([m.id, night, _yes(m.demo), m.game, m.rules, m.status, m.hands, m.corrections, m.unit,
                        "; ".join(f"{s}: {' & '.join(p)}" for s, p in m.sides.items()),
                        " & ".join(m.winners), " & ".join(m.winning_players), m.score_text(),
                        money.describe() if money else "", money.currency if money else ""])
        for k, values in enumerate(m.hand_values, start=1):
            for side in m.sides:
                hands.append([m.id, night, m.game, k, side, " & ".join(m.sides[side]), _cell(values.get(side)),
                              _cell(m.running[k].get(side))])
        nets = money.nets if money and money.nets is not None else None
        for side, members in m.sides.items():
            for p in members:
                won = "" if m.unfinished else _yes(side in m.winners)
                results.append([m.id, night, m.game, p, side, _cell(m.totals.get(side)), m.unit, won, m.status,
                                nets.get(p, 0) if nets is not None else "", money.currency if money else ""])
    standings = []
    for s in report.standings:
        standings.append([s.player, "all", s.played, s.won, s.open])
        for g, v in s.games.items():
            standings.append([s.player, g, v["played"], v["won"], v["open"]])
    transfers = [[cur, t["payer"], t["payee"], t["cents"], format_money(t["cents"], "")]
                 for cur, part in report.settlement.get("currencies", {}).items() for t in part["transfers"]]
    return {"matches.csv": (MATCHES, matches), "hands.csv": (HANDS, hands), "results.csv": (RESULTS, results),
            "standings.csv": (STANDINGS, standings), "transfers.csv": (TRANSFERS, transfers)}


def csv_files(report: Report) -> dict[str, str]:
    """File name → the CSV text (header first, ``\\r\\n`` line ends as the csv module writes)."""
    out = {}
    for name, (header, rows) in csv_tables(report).items():
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(header)
        writer.writerows([safe(c) if isinstance(c, str) else c for c in row] for row in rows)
        out[name] = buf.getvalue()
    return out


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _cell(v: Any) -> Any:
    return "" if v is None else v
