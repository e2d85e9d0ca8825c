"""The report and the statistics for people in a terminal, as plain sections of tables and lines.

The CLI renders these with rich (``ledger/cli/render.py``); nothing here knows rich. A
:class:`Section` is a heading, its :class:`ledger.games.base.Table` values and its lines.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from ledger.games import available, get_game
from ledger.games.base import Column, Table
from ledger.games.settle import format_money
from ledger.report.model import STATUS_TEXT, Report
from ledger.report.stats import Stats


@dataclass(frozen=True)
class Section:
    title: str
    tables: tuple[Table, ...] = ()
    lines: tuple[str, ...] = ()


def report_heading(report: Report) -> tuple[str, list[str]]:
    """The title (``"The night of Sunday 29 November 2026"``) and the lines under it."""
    p = report.period
    label = p.label()
    title = label[0].upper() + label[1:]
    if p.player:
        title += f" · {p.player}"
    if p.game:
        title += f" · {get_game(p.game).title}"
    ms = report.matches
    if not ms:
        return title, [_nothing(p)]
    players = {pl for m in ms for pl in m.players}
    games = {m.game for m in ms}
    hands = sum(m.hands for m in ms)
    fixes = sum(m.corrections for m in ms)
    lines = [" · ".join(x for x in (
        _count(len(ms), "match", "matches"), _count(len(games), "game"), _count(len(players), "player"),
        _count(hands, "hand"), _count(fixes, "correction") if fixes else "",
        _count(len(report.nights), "night") if len(report.nights) > 1 else "") if x)]
    if p.stand_in:
        lines.append("This is the demo night: the ledger has no other match yet "
                     "(ledger demo --remove takes it out).")
    return title, lines


def report_sections(report: Report, width: int | None = None) -> list[Section]:
    """Matches, standings, who pays whom, highlights.

    ``width``: the screen's, in cells; a standings table with a column per game that would be
    wider shows the games in a table of their own under it (:func:`games_tables`). None: one
    table, however wide (``report --wide``)."""
    if not report.matches:
        return []
    out = [Section("Matches", (matches_table(report),))]
    standings = standings_table(report)
    if width is not None and _games_of(report) and _width(standings) > width:
        standings = standings_table(report, by_game=False)
        out.append(Section("Standings", (standings, *games_tables(report, width))))
    else:
        out.append(Section("Standings", (standings,)))
    money = money_lines(report)
    if money:
        out.append(Section("Who pays whom", (), tuple(money)))
    if report.highlights:
        out.append(Section("Highlights", (), tuple(f"• {line}" for line in highlight_lines(report))))
    return out


def matches_table(report: Report) -> Table:
    """One row per match: number, game and hands (and night over several nights), then the result:
    who won, the final score best first, and the notes (rubbers, pot, stakes, status)."""
    many_nights = len(report.nights) > 1
    cols = (Column("#"), Column("match", "left"), Column("result", "left"))
    rows = []
    for m in report.matches:
        game = m.title + ("" if len(get_game(m.game).rule_sets) == 1 else f" ({m.rules})")
        about = [game, _count(m.hands, "hand") + (f", {m.corrections} corrected" if m.corrections else "")]
        if many_nights:
            about.append(m.night.isoformat())
        if m.unfinished:
            about.append(STATUS_TEXT[m.status])
        head = m.result.split(": ", 1)[0]
        notes = list(m.details) + ([f"played for {m.money.describe()}"] if m.money is not None else [])
        result = [head, m.score_text()] + ([" · ".join(notes)] if notes else []) + ([m.note] if m.note else [])
        rows.append((str(m.id), "\n".join(about), "\n".join(result)))
    return Table("", cols, tuple(rows), lines_after=tuple(range(len(rows) - 1)))


def _games_of(report: Report) -> list[str]:
    """The games of the report's matches, in order, when there are several (else none)."""
    games = list(dict.fromkeys(m.game for m in report.matches))
    return games if len(games) > 1 else []


def standings_table(report: Report, by_game: bool = True) -> Table:
    """Players, most wins first: played, won, still in play (when some are), per game won/played
    (several games, ``by_game``), money."""
    games = _games_of(report) if by_game else []
    currencies = sorted({c for s in report.standings for c in s.money})
    in_play = any(s.open for s in report.standings)
    cols = [Column("player", "left"), Column("played"), Column("won")]
    cols += [Column("in play")] if in_play else []
    cols += [Column(g) for g in games]
    cols += [Column(c) for c in currencies]
    rows = []
    for s in report.standings:
        row = [s.player, str(s.played), str(s.won)] + ([str(s.open) if s.open else ""] if in_play else [])
        row += [f"{s.games[g]['won']}/{s.games[g]['played']}" if g in s.games else "—" for g in games]
        row += [_signed_amount(s.money[c]) if c in s.money else "—" for c in currencies]
        rows.append(tuple(row))
    notes = (["per game: won/played"] if games else []) + (
        ["in play: matches not over yet, neither won nor lost"] if in_play else [])
    return Table("", tuple(cols), tuple(rows), " · ".join(notes))


def games_tables(report: Report, width: int) -> list[Table]:
    """Won/played per game, one row a game and a column a player (as many players to a table as
    ``width`` holds): the standings' per-game columns on a narrow screen."""
    games = _games_of(report)
    players = [s for s in report.standings]
    tables: list[Table] = []
    start = 0
    while start < len(players):
        end = start + 1
        while end < len(players) and _width(_games_table(games, players[start:end + 1])) <= width:
            end += 1
        tables.append(_games_table(games, players[start:end]))
        start = end
    return tables


def _games_table(games: list[str], players: list) -> Table:
    cols = (Column("game", "left"), *(Column(s.player) for s in players))
    rows = tuple((g, *(f"{s.games[g]['won']}/{s.games[g]['played']}" if g in s.games else "—" for s in players))
                 for g in games)
    return Table("", cols, rows, "by game: won/played")


def _width(t: Table) -> int:
    """How wide ``t`` is when nothing in it wraps (padded cells, the box's edges and dividers)."""
    from ledger.safetext import safe

    widest = [_cells(safe(c.header)) for c in t.columns]
    for row in t.rows:
        for j, cell in enumerate(row):
            widest[j] = max([widest[j], *(_cells(x) for x in safe(cell, lines=True).split("\n"))])
    return sum(widest) + 3 * len(widest) + 1


def _cells(text: str) -> int:
    """The terminal cells ``text`` takes (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


# the highlight kinds any game's report has, by rank (0 the rarest); each game ranks its own among
# them (GameNotes.rarity), see rarity()
GENERIC_RARITY = {"player of the night": 0, "biggest winner": 1, "biggest hand": 16}


def rarity() -> list[str]:
    """Every highlight kind, the rarest first (kept first when there are too many to show): the
    generic kinds (:data:`GENERIC_RARITY`) and each game's own (its ``facts.rarity``), by rank."""
    ranks = dict(GENERIC_RARITY)
    for name in available():
        ranks.update(get_game(name).facts.rarity)
    return sorted(ranks, key=ranks.__getitem__)


MAX_HIGHLIGHTS = 20


def highlight_items(report: Report, limit: int = MAX_HIGHLIGHTS) -> list[tuple[int | None, str]]:
    """(match id or None, line) per highlight shown; a match's line is led by its game and number
    (``Trentuno (match 3): …``).

    Beyond ``limit`` (a report over many nights) the rarest kinds are kept, in report order, and
    a last line says how many more there are (``--json`` has them all).
    """
    lights = list(report.highlights)
    if len(lights) > limit:
        rank = {kind: i for i, kind in enumerate(rarity())}
        keep = sorted(range(len(lights)), key=lambda i: (rank.get(lights[i].kind, len(rank)), i))[:limit]
        lights = [lights[i] for i in sorted(keep)]
    titles = {m.id: m.title for m in report.matches}
    out: list[tuple[int | None, str]] = [(h.match, f"{titles[h.match]} (match {h.match}): {h.text}") if h.match in titles else (None, h.text)
           for h in lights]
    if len(report.highlights) > len(lights):
        more = len(report.highlights) - len(lights)
        out.append((None, f"… and {more} more (ledger report --json lists them all)."))
    return out


def highlight_lines(report: Report, limit: int = MAX_HIGHLIGHTS) -> list[str]:
    """The lines of :func:`highlight_items`."""
    return [line for _, line in highlight_items(report, limit)]


def money_lines(report: Report) -> list[str]:
    """The transfers per currency, then the matches still in play that are not counted yet."""
    money = report.settlement
    out: list[str] = []
    for cur, part in money.get("currencies", {}).items():
        out.extend(part["lines"] or [f"Everyone is square ({cur})."])
    for mid in money.get("skipped", []):
        out.append(f"Match {mid} is still in play and not counted (end it with: ledger match end {mid}).")
    return out


# --- statistics ---------------------------------------------------------------------------------
def _nothing(p) -> str:
    """What a report or statistics say when the period has no match."""
    if p.date_from or p.date_to or p.player or p.game:
        return "No matches."
    if p.demo:
        return "No demo matches: load the demo night with `ledger demo`."
    return "No matches in the ledger yet."


def stats_sections(stats: Stats) -> tuple[str, list[Section]]:
    """The title and the sections of ``ledger stats``: players overall, each game, head-to-head."""
    p = stats.period
    title = "Statistics · " + p.label() + (f" · {get_game(p.game).title}" if p.game else "")
    note = [Section("", (), ("This is the demo night: the ledger has no other match yet.",))] if p.stand_in else []
    if not stats.players:
        return title, [Section("", (), (_nothing(p),))]
    currencies = sorted({c for s in stats.players for c in s.money})
    cols = [Column("player", "left"), Column("played"), Column("won"), Column("win rate")]
    cols += [Column(c) for c in currencies]
    rows = [tuple([s.player, str(s.played), str(s.won), _pct(s.win_rate)]
                  + [_signed_amount(s.money[c]) if c in s.money else "—" for c in currencies])
            for s in stats.players]
    out = note + [Section(f"Players ({_count(stats.matches, 'match', 'matches')})",
                          (Table("", tuple(cols), tuple(rows)),))]
    for game in dict.fromkeys(g for s in stats.players for g in s.games):
        keys = list(dict.fromkeys(k for s in stats.players if game in s.games for k in s.games[game].figures()))
        gcols = [Column("player", "left"), Column("played"), Column("won"), Column("win rate")]
        gcols += [Column(k.replace("_", " ")) for k in keys]
        grows = []
        # most wins of this game first, as the players' table (docs/reports.md)
        for s in sorted((s for s in stats.players if game in s.games),
                        key=lambda s: (-s.games[game].won, s.games[game].played, s.player.casefold())):
            g = s.games[game]
            f = g.figures()
            grows.append(tuple([s.player, str(g.played), str(g.won), _pct(g.win_rate)]
                               + [_plain(f.get(k)) for k in keys]))
        out.append(Section(get_game(game).title, (Table("", tuple(gcols), tuple(grows)),)))
    if stats.head_to_head is not None:
        out.append(head_to_head_section(stats))
    return title, out


def head_to_head_section(stats: Stats) -> Section:
    h = stats.head_to_head
    assert h is not None  # the section is drawn only for a report on two players
    o, pa = h.opponents, h.partners
    lines = [f"Against each other: {_count(o['played'], 'match', 'matches')}: {h.a} won {o['a_won']}, "
             f"{h.b} won {o['b_won']}" + (f", {o['neither']} neither" if o["neither"] else "")
             + (f", {o['open']} still open" if o["open"] else "") + "."]
    for game, g in h.games.items():
        if g["played"]:
            lines.append(f"  {get_game(game).title}: {h.a} {g['a_won']}, {h.b} {g['b_won']}"
                         + (f", neither {g['neither']}" if g["neither"] else "")
                         + (f", open {g['open']}" if g["open"] else ""))
    if pa["played"]:
        lines.append(f"As partners: {_count(pa['played'], 'match', 'matches')}, won {pa['won']}"
                     + (f", {pa['open']} still open" if pa["open"] else "") + ".")
    for p, book in h.money.items():
        lines.append(f"{p} in these matches: " + ", ".join(_money(c, cur) for cur, c in book.items()))
    return Section(f"{h.a} v {h.b}", (), tuple(lines))


# --- formatting ----------------------------------------------------------------------------------
def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _money(cents: int, cur: str) -> str:
    return ("+" if cents > 0 else "") + format_money(cents, cur)


def _signed_amount(cents: int) -> str:
    """``+12.00``, ``-3.50``, ``0.00`` (the currency is in the column header)."""
    return ("+" if cents > 0 else "") + format_money(cents, "")


def _pct(r: float | None) -> str:
    """``0.125`` → ``"13 %"``: a rate in whole percent, halves rounded up as people round them
    (decimal rounding of the rate as written, not the float's binary value nor banker's rounding)."""
    if r is None:
        return "—"
    whole = (Decimal(str(r)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return f"{whole} %"


def _plain(v: Any) -> str:
    return "—" if v is None else str(v)
