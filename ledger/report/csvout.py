"""The report as tidy CSV tables (one observation per row, one variable per column), written with the
standard :mod:`csv` module: :func:`csv_tables` gives the rows, :func:`csv_files` the file texts.

- ``matches.csv``: one row per match: ``match, night, demo, game, rules, status, hands,
  corrections, unit, sides, winner, winning_players, score, stake, currency``.
- ``hands.csv``: one row per hand per side: ``match, night, game, hand, side, players, value,
  total``; ``value`` is what the side made in that hand in the game's own terms (points;
  Simone: the sum of the cards; Trentuno: the hand's value), ``total`` the running total after it
  (points, hands won, lives).
- ``results.csv``: one row per player per match: ``match, night, game, player, side, total, unit,
  won, status, net, currency`` (``won`` empty while the match is in play; ``net``, an amount in
  the currency, e.g. ``-4.60``, empty when it is not played for money or not over).
- ``standings.csv``: one row per player per game, and one with ``game`` ``all``: ``player, game,
  played, won, open``.
- ``transfers.csv``: the settle-up: ``currency, payer, payee, amount``.

Money is written in currency units with the dialect's decimal mark (``4.60``, ``4,60``), never
in cents.

Text is UTF-8, control characters in it written as visible escapes (``\\x1b``,
:func:`ledger.safetext.safe`); several names in one cell (a side's players) are joined with ``" & "``.

Two dialects (:data:`DIALECTS`, the words of ``ledger club``'s ``--csv-dialect`` too), so that a
spreadsheet in the user's locale opens the files in columns: ``comma`` writes commas between
fields and a decimal point (``4.60``), as Python's ``csv`` module does; ``semicolon`` semicolons
and a decimal comma (``4,60``), with a UTF-8 byte order mark (an Italian Excel or LibreOffice then
reads the accents right). The default is the language's: ``comma`` in English, ``semicolon`` in
Italian (``ledger report --csv DIR --csv-dialect comma`` for the other one).

The headers and the codes in the cells (rule set, status, unit, ``yes``/``no``, ``all``) are in
the language in use (``partita;serata;gioco``, ``finita``, ``sì``: :data:`HEADERS`, :data:`CODES`),
as a spreadsheet's reader reads them; ``machine=True`` (``ledger report --csv-names``) keeps the
English machine names, the same in every language as the JSON's field names. The score and the
stake are written in the language in use.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from ledger.errors import LedgerError
from ledger.i18n import Msg, language, t
from ledger.report.model import STATUS_TEXT, Report, unit_text
from ledger.safetext import safe

DIALECTS = {"comma": {"delimiter": ",", "decimal": ".", "bom": ""},
            "semicolon": {"delimiter": ";", "decimal": ",", "bom": "\ufeff"}}
"""The CSV dialects by name: the field separator, the decimal mark of amounts, the file's start."""

MATCHES = ("match", "night", "demo", "game", "rules", "status", "hands", "corrections", "unit", "sides",
           "winner", "winning_players", "score", "stake", "currency")
HANDS = ("match", "night", "game", "hand", "side", "players", "value", "total")
RESULTS = ("match", "night", "game", "player", "side", "total", "unit", "won", "status", "net", "currency")
STANDINGS = ("player", "game", "played", "won", "open")
TRANSFERS = ("currency", "payer", "payee", "amount")

HEADERS: dict[str, Msg] = {
    "match": t("csv.col.match", "match"), "night": t("csv.col.night", "night"), "demo": t("csv.col.demo", "demo"),
    "game": t("csv.col.game", "game"), "rules": t("csv.col.rules", "rules"), "status": t("csv.col.status", "status"),
    "hands": t("csv.col.hands", "hands"), "corrections": t("csv.col.corrections", "corrections"),
    "unit": t("csv.col.unit", "unit"), "sides": t("csv.col.sides", "sides"), "winner": t("csv.col.winner", "winner"),
    "winning_players": t("csv.col.winning_players", "winning_players"), "score": t("csv.col.score", "score"),
    "stake": t("csv.col.stake", "stake"), "currency": t("csv.col.currency", "currency"),
    "hand": t("csv.col.hand", "hand"), "side": t("csv.col.side", "side"), "players": t("csv.col.players", "players"),
    "value": t("csv.col.value", "value"), "total": t("csv.col.total", "total"),
    "player": t("csv.col.player", "player"), "won": t("csv.col.won", "won"), "net": t("csv.col.net", "net"),
    "played": t("csv.col.played", "played"), "open": t("csv.col.open", "open"),
    "payer": t("csv.col.payer", "payer"), "payee": t("csv.col.payee", "payee"), "amount": t("csv.col.amount", "amount"),
}
"""Each column's machine name → its header for people (a message; the machine name in English)."""

STANDINGS_WON = t("csv.col.wins", "won")
"""The header of standings.csv's ``won``: a count of matches won (``vinte``)."""

CODES: dict[str, Msg] = {"yes": t("csv.code.yes", "yes"), "no": t("csv.code.no", "no"), "all": t("csv.code.all", "all")}
"""The codes written in cells besides statuses, units and rule sets, for people."""


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


def csv_tables(report: Report, dialect: str = "comma",
               machine: bool = True) -> dict[str, tuple[tuple[str, ...], list[list[Any]]]]:
    """File name → (header, rows) for every table of the report (amounts with ``dialect``'s
    decimal mark); ``machine``: headers and codes as the machine names (English), else in the
    language in use (:data:`HEADERS`, :data:`CODES`)."""
    said = _Codes(machine)
    point = DIALECTS[dialect]["decimal"]
    matches, hands, results = [], [], []
    for m in report.matches:
        night = m.night.isoformat()
        money = m.money
        matches.append([m.id, night, said.yes(m.demo), m.game, said.rules(m.game, m.rules), said.status(m.status),
                        m.hands, m.corrections, said.unit(m.unit),
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
                won = "" if m.unfinished else said.yes(side in m.winners)
                results.append([m.id, night, m.game, p, side, _cell(m.totals.get(side)), said.unit(m.unit), won,
                                said.status(m.status), _amount(nets.get(p, 0), point) if nets is not None else "",
                                money.currency if money else ""])
    standings = []
    for s in report.standings:
        standings.append([s.player, said.code("all"), s.played, s.won, s.open])
        for g, v in s.games.items():
            standings.append([s.player, g, v["played"], v["won"], v["open"]])
    transfers = [[cur, tr["payer"], tr["payee"], _amount(tr["cents"], point)]
                 for cur, part in report.settlement.get("currencies", {}).items() for tr in part["transfers"]]
    tables = {"matches.csv": (MATCHES, matches), "hands.csv": (HANDS, hands), "results.csv": (RESULTS, results),
              "standings.csv": (STANDINGS, standings), "transfers.csv": (TRANSFERS, transfers)}
    own = {"standings.csv": {"won": STANDINGS_WON}}  # there: how many matches won, not yes or no
    return {name: (said.header(header, own.get(name, {})), rows) for name, (header, rows) in tables.items()}


class _Codes:
    """The header and the codes of the cells, as machine names or in the language in use."""

    def __init__(self, machine: bool):
        self.machine = machine

    def header(self, names: tuple[str, ...], own: dict[str, Msg]) -> tuple[str, ...]:
        """``names`` as the header: the machine names, or each one's header for people (a file's
        ``own`` header for a name that means something else there)."""
        return names if self.machine else tuple(str(own.get(n) or HEADERS[n]) for n in names)

    def code(self, code: str) -> str:
        return code if self.machine else str(CODES[code])

    def yes(self, flag: bool) -> str:
        return self.code("yes" if flag else "no")

    def status(self, status: str) -> str:
        word = STATUS_TEXT.get(status)
        return status if self.machine or word is None else str(word)

    def unit(self, unit: str) -> str:
        return unit if self.machine else str(unit_text(unit))

    def rules(self, game: str, rules: str) -> str:
        """A rule set by its name for people (``italiana``); a game this version does not know:
        as stored."""
        if self.machine:
            return rules
        from ledger.games import get_game

        try:
            return get_game(game).rules_name(rules)
        except LedgerError:
            return rules


def csv_files(report: Report, dialect: str | None = None, machine: bool | None = None) -> dict[str, str]:
    """File name → the CSV text in ``dialect`` (:func:`csv_dialect`; header first, ``\\r\\n``
    line ends as the csv module writes); ``machine`` (default: in English only) keeps the
    machine names of the headers and codes, else they are in the language in use."""
    dialect = csv_dialect(dialect)
    conventions = DIALECTS[dialect]
    out = {}
    machine = language() == "en" if machine is None else machine
    for name, (header, rows) in csv_tables(report, dialect, machine).items():
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


def _cell(v: Any) -> Any:
    return "" if v is None else v
