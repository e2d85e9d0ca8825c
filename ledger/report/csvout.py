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

Two dialects (:data:`DIALECTS`, the words of ``ledger club``'s ``--csv-dialect`` too), so that a
spreadsheet in the user's locale opens the files in columns: ``comma`` writes commas between
fields and a decimal point (``4.60``), as Python's ``csv`` module does; ``semicolon`` semicolons
and a decimal comma (``4,60``), with a UTF-8 byte order mark (an Italian Excel or LibreOffice then
reads the accents right). The default is the language's: ``comma`` in English, ``semicolon`` in
Italian (``ledger report --csv DIR --csv-dialect comma`` for the other one). Headers and codes (game, status,
unit, ``yes``/``no``) are the same in every dialect and language, as the JSON's field names; the
score and the stake are written in the language in use.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from ledger.errors import LedgerError
from ledger.i18n import language, t
from ledger.report.model import Report
from ledger.safetext import safe

DIALECTS = {"comma": {"delimiter": ",", "decimal": ".", "bom": ""},
            "semicolon": {"delimiter": ";", "decimal": ",", "bom": "\ufeff"}}
"""The CSV dialects by name: the field separator, the decimal mark of amounts, the file's start."""

MATCHES = ("match", "night", "demo", "game", "rules", "status", "hands", "corrections", "unit", "sides",
           "winner", "winning_players", "score", "stake", "currency")
HANDS = ("match", "night", "game", "hand", "side", "players", "value", "total")
RESULTS = ("match", "night", "game", "player", "side", "total", "unit", "won", "status", "net_cents", "currency")
STANDINGS = ("player", "game", "played", "won", "open")
TRANSFERS = ("currency", "payer", "payee", "cents", "amount")


def csv_dialect(name: str | None = None) -> str:
    """The dialect ``name`` (``comma``, ``semicolon``, any letter case; default: the language's,
    ``comma`` in English, ``semicolon`` in Italian); ``LedgerError`` on ``csv-dialect`` for another
    name."""
    if name is None:
        return "comma" if language() == "en" else "semicolon"
    word = name.strip().lower()
    if word not in DIALECTS:
        raise LedgerError(t("report.csv_dialect", "{value!r} is not a CSV dialect (comma or semicolon)", value=name),
                          "csv-dialect", name)
    return word


def csv_tables(report: Report, dialect: str = "comma") -> dict[str, tuple[tuple[str, ...], list[list[Any]]]]:
    """File name → (header, rows) for every table of the report (amounts with ``dialect``'s
    decimal mark)."""
    matches, hands, results = [], [], []
    for m in report.matches:
        night = m.night.isoformat()
        money = m.money
        matches.append([m.id, night, _yes(m.demo), m.game, m.rules, m.status, m.hands, m.corrections, m.unit,
                        "; ".join(f"{s}: {' & '.join(p)}" for s, p in m.sides.items()),
                        " & ".join(m.winners), " & ".join(m.winning_players), m.score_text(),
                        str(money.describe()) if money else "", money.currency if money else ""])
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
    point = DIALECTS[dialect]["decimal"]
    transfers = [[cur, tr["payer"], tr["payee"], tr["cents"], _amount(tr["cents"], point)]
                 for cur, part in report.settlement.get("currencies", {}).items() for tr in part["transfers"]]
    return {"matches.csv": (MATCHES, matches), "hands.csv": (HANDS, hands), "results.csv": (RESULTS, results),
            "standings.csv": (STANDINGS, standings), "transfers.csv": (TRANSFERS, transfers)}


def csv_files(report: Report, dialect: str | None = None) -> dict[str, str]:
    """File name → the CSV text in ``dialect`` (:func:`csv_dialect`; header first, ``\\r\\n``
    line ends as the csv module writes)."""
    dialect = csv_dialect(dialect)
    conventions = DIALECTS[dialect]
    out = {}
    for name, (header, rows) in csv_tables(report, dialect).items():
        buf = io.StringIO()
        buf.write(conventions["bom"])
        writer = csv.writer(buf, delimiter=conventions["delimiter"])
        writer.writerow(header)
        writer.writerows(safe_cells(row) for row in rows)
        out[name] = buf.getvalue()
    return out


def safe_cells(row: Sequence[Any]) -> list[Any]:
    """A CSV row with its text cells through :func:`ledger.safetext.safe` (a name, a note, a title
    from a file or a person never writes a control character into the file)."""
    return [safe(c) if isinstance(c, str) else c for c in row]


class SafeWriter:
    """A ``csv.writer`` whose rows pass :func:`safe_cells`."""

    def __init__(self, writer: Any):
        self.writer = writer

    def writerow(self, row: Sequence[Any]) -> Any:
        return self.writer.writerow(safe_cells(row))


def _amount(cents: int, point: str) -> str:
    """Cents as an amount with ``point`` as the decimal mark: ``460`` → ``4.60`` / ``4,60``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}{whole}{point}{part:02d}"


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _cell(v: Any) -> Any:
    return "" if v is None else v
