"""The report and the statistics for people in a terminal, as plain sections of tables and lines.

The CLI renders these with rich (``ledger/cli/render.py``); nothing here knows rich. A
:class:`Section` is a heading, its :class:`ledger.games.tables.Table` values and its lines.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from ledger.games import available, get_game
from ledger.games.protocol import Game
from ledger.games.tables import Column, Table
from ledger.i18n import Msg, currency_sign, language, money, number, t, tn
from ledger.report.model import STATUS_TEXT, Report, shown_number
from ledger.report.stats import Stats


@dataclass(frozen=True)
class Section:
    title: str
    tables: tuple[Table, ...] = ()
    lines: tuple[str, ...] = ()


def report_heading(report: Report) -> tuple[str, list[str]]:
    """The title (``"The night of Sunday 29 November 2026"``) and the lines under it."""
    p = report.period
    title = capitalized(p.label())
    if p.player:
        title += f" · {p.player}"
    if p.game:
        title += f" · {get_game(p.game).title}"
    ms = report.matches
    if not ms:
        return title, [_nothing(p)]
    players = {pl for m in ms for pl in m.players}
    games = {m.game for m in ms}
    fixes = sum(m.corrections for m in ms)
    lines = [" · ".join(str(x) for x in (
        _matches(len(ms)), tn("report.count.games", "{n} game", "{n} games", len(games)),
        tn("report.count.players", "{n} player", "{n} players", len(players)), *hands_and_deals(ms),
        tn("report.count.corrections", "{n} correction", "{n} corrections", fixes) if fixes else "",
        tn("report.count.nights", "{n} night", "{n} nights", len(report.nights)) if len(report.nights) > 1 else "")
        if x)]
    if p.stand_in:
        lines.append(str(t("report.demo_stands_in", "This is the demo night: the ledger has no other match yet "
                           "(ledger demo --remove takes it out).")))
    return title, lines


def report_sections(report: Report, width: int | None = None) -> list[Section]:
    """Matches, standings, who pays whom, highlights.

    ``width``: the screen's, in cells; a standings table with a column per game that would be
    wider shows the games in a table of their own under it (:func:`games_tables`). None: one
    table, however wide (``report --wide``)."""
    if not report.matches:
        return []
    out = [Section(str(TITLES["matches"]), (matches_table(report),))]
    standings = standings_table(report)
    if width is not None and _games_of(report) and _width(standings) > width:
        standings = standings_table(report, by_game=False)
        out.append(Section(str(TITLES["standings"]), (standings, *games_tables(report, width))))
    else:
        out.append(Section(str(TITLES["standings"]), (standings,)))
    lines = money_lines(report)
    if lines:
        out.append(Section(str(TITLES["money"]), (), tuple(lines)))
    if report.highlights:
        out.append(Section(str(TITLES["highlights"]), (), tuple(f"• {line}" for line in highlight_lines(report))))
    return out


def matches_table(report: Report) -> Table:
    """One row per match: number, game and hands (and night over several nights), then the result:
    who won, the final score best first, and the notes (rubbers, pot, stakes, status)."""
    many_nights = len(report.nights) > 1
    cols = (Column("#"), Column(str(HEADERS["match"]), "left"), Column(str(HEADERS["result"]), "left"))
    rows = []
    for m in report.matches:
        game = get_game(m.game).titled(m.rules)
        about = [game, hands_fixed(get_game(m.game), m.hands, m.corrections)]
        if many_nights:
            about.append(m.night.isoformat())
        if m.unfinished:
            about.append(str(STATUS_TEXT[m.status]))
        head = str(m.headline())
        notes = [str(d) for d in m.details] + ([played_for(m.money)] if m.money is not None else [])
        result = [head, m.score_text()] + ([" · ".join(notes)] if notes else []) + ([m.note] if m.note else [])
        rows.append((str(m.id), "\n".join(about), "\n".join(result)))
    return Table("", cols, tuple(rows), lines_after=tuple(range(len(rows) - 1)))


def _games_of(report: Report) -> list[str]:
    """The games of the report's matches, in order, when there are several (else none)."""
    games = list(dict.fromkeys(m.counted_as for m in report.matches))
    return games if len(games) > 1 else []


def standings_table(report: Report, by_game: bool = True) -> Table:
    """Players, most wins first: played, won, still in play (when some are), per game won/played
    (several games, ``by_game``), money."""
    games = _games_of(report) if by_game else []
    currencies = sorted({c for s in report.standings for c in s.money})
    in_play = any(s.open for s in report.standings)
    cols = [Column(str(HEADERS["player"]), "left"), Column(str(HEADERS["played"])), Column(str(HEADERS["won"]))]
    cols += [Column(str(HEADERS["in play"]))] if in_play else []
    cols += [Column(g) for g in games]
    cols += [Column(currency_sign(c)) for c in currencies]
    rows = []
    for s in report.standings:
        row = [s.player, number(s.played), number(s.won)] + ([number(s.open) if s.open else ""] if in_play else [])
        row += [f"{s.games[g]['won']}/{s.games[g]['played']}" if g in s.games else "—" for g in games]
        row += [signed_amount(s.money[c]) if c in s.money else "—" for c in currencies]
        rows.append(tuple(row))
    notes = ([str(t("report.per_game", "per game: won/played"))] if games else []) + (
        [str(t("report.in_play_note", "in play: matches not over yet, neither won nor lost"))] if in_play else [])
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
    cols = (Column(str(HEADERS["game"]), "left"), *(Column(s.player) for s in players))
    rows = tuple((g, *(f"{s.games[g]['won']}/{s.games[g]['played']}" if g in s.games else "—" for s in players))
                 for g in games)
    return Table("", cols, rows, str(t("report.by_game", "by game: won/played")))


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
    a last line says how many more there are (the HTML page and ``--json`` have them all).
    """
    lights = list(report.highlights)
    if len(lights) > limit:
        rank = {kind: i for i, kind in enumerate(rarity())}
        keep = sorted(range(len(lights)), key=lambda i: (rank.get(lights[i].kind, len(rank)), i))[:limit]
        lights = [lights[i] for i in sorted(keep)]
    titles = {m.id: m.title for m in report.matches}
    out: list[tuple[int | None, str]] = [
        (h.match, str(t("report.highlight", "{game} (match {id}): {what}", game=titles[h.match], id=str(h.match),
                        what=h.text))) if h.match in titles else (None, str(h.text))
        for h in lights]
    if len(report.highlights) > len(lights):
        more = len(report.highlights) - len(lights)
        out.append((None, str(tn("report.more_highlights", "… and {n} more (the page of ledger report --html lists them all).",
                                 "… and {n} more (the page of ledger report --html lists them all).", more))))
    return out


def highlight_lines(report: Report, limit: int = MAX_HIGHLIGHTS) -> list[str]:
    """The lines of :func:`highlight_items`."""
    return [line for _, line in highlight_items(report, limit)]


def money_lines(report: Report) -> list[str]:
    """The transfers per currency, then the matches still in play that are not counted yet."""
    settled = report.settlement
    out: list[str] = []
    for cur, part in settled.get("currencies", {}).items():
        out.extend([pays_line(tr["payer"], tr["payee"], tr["cents"], cur) for tr in part["transfers"]]
                   or [str(t("report.square", "Everyone is square ({currency}).", currency=currency_sign(cur)))])
    for mid in settled.get("skipped", []):
        out.append(str(t("report.not_counted", "Match {id} is still in play and not counted "
                         "(end it with: ledger match end {id}).", id=str(mid))))
    return out


def pays_line(payer: str, payee: str, cents: int, currency: str) -> str:
    """``"Bruno pays Dario 4.60 EUR"`` (``"Bruno paga Dario 4,60 €"``)."""
    return str(t("report.pays", "{payer} pays {payee} {amount}", payer=payer, payee=payee,
                 amount=money(cents, currency)))


# --- statistics ---------------------------------------------------------------------------------
def _nothing(p) -> str:
    """What a report or statistics say when the period has no match."""
    if p.date_from or p.date_to or p.player or p.game:
        return str(t("report.no_matches", "No matches."))
    if p.demo:
        return str(t("report.no_demo", "No demo matches: load the demo night with `ledger demo`."))
    return str(t("report.empty", "No matches in the ledger yet."))


def stats_sections(stats: Stats) -> tuple[str, list[Section]]:
    """The title and the sections of ``ledger stats``: players overall, each game, head-to-head."""
    p = stats.period
    title = str(t("stats.title", "Statistics · {period}", period=p.label_msg())) + (
        f" · {get_game(p.game).title}" if p.game else "")
    note = [Section("", (), (str(t("stats.demo_stands_in", "This is the demo night: the ledger has no other "
                                   "match yet.")),))] if p.stand_in else []
    if not stats.players:
        return title, [Section("", (), (_nothing(p),))]
    currencies = sorted({c for s in stats.players for c in s.money})
    cols = _player_columns()
    cols += [Column(currency_sign(c)) for c in currencies]
    rows = [tuple([s.player, number(s.played), number(s.won), _pct(s.win_rate)]
                  + [signed_amount(s.money[c]) if c in s.money else "—" for c in currencies])
            for s in stats.players]
    open_ = any(s.open for s in stats.players)
    caption = str(t("stats.rate_caption", "{rate}: of the finished matches (those still in play do not count).",
                    rate=HEADERS["win rate"])) if open_ else ""
    out = note + [Section(str(t("stats.players", "Players ({matches})", matches=_matches(stats.matches))),
                          (Table("", tuple(cols), tuple(rows)),), (caption,) if caption else ())]
    for game in dict.fromkeys(g for s in stats.players for g in s.games):
        keys = list(dict.fromkeys(k for s in stats.players if game in s.games for k in s.games[game].figures()))
        gcols = _player_columns()
        gcols += [Column(figure_header(k)) for k in keys]
        grows = []
        # most wins of this game first, as the players' table (docs/reports.md)
        for s in sorted((s for s in stats.players if game in s.games),
                        key=lambda s: (-s.games[game].won, s.games[game].played, s.player.casefold())):
            g = s.games[game]
            f = g.figures()
            grows.append(tuple([s.player, number(g.played), number(g.won), _pct(g.win_rate)]
                               + [_plain(f.get(k)) for k in keys]))
        out.append(Section(group_title(game), (Table("", tuple(gcols), tuple(grows)),)))
    if stats.head_to_head is not None:
        out.append(head_to_head_section(stats))
    return title, out


def group_title(key: str) -> str:
    """The heading of a game's figures: the game's title, or with a group's own name
    (:meth:`ledger.games.protocol.Game.group`: ``segnapunti: Cirulla`` → ``Segnapunti: Cirulla``)."""
    game, _, own = key.partition(": ")
    title = get_game(game).title
    return f"{title}: {own}" if own else title


def head_to_head_section(stats: Stats) -> Section:
    h = stats.head_to_head
    assert h is not None  # the section is drawn only for a report on two players
    o, pa = h.opponents, h.partners
    against = [tn("stats.h2h.won", "{player} won {n}", "{player} won {n}", o["a_won"], player=h.a),
               tn("stats.h2h.won", "{player} won {n}", "{player} won {n}", o["b_won"], player=h.b)]
    against += [t("stats.h2h.neither", "{n} neither", n=o["neither"])] if o["neither"] else []
    against += [tn("stats.h2h.still_open", "{n} still open", "{n} still open", o["open"])] if o["open"] else []
    lines = [str(t("stats.h2h.against", "Against each other: {matches}: {record}.", matches=_matches(o["played"]),
                   record=_clauses(against)))]
    for game, g in h.games.items():
        if g["played"]:
            each = [t("stats.h2h.game_won", "{player} {n}", player=h.a, n=g["a_won"]),
                    t("stats.h2h.game_won", "{player} {n}", player=h.b, n=g["b_won"])]
            each += [t("stats.h2h.game_neither", "neither {n}", n=g["neither"])] if g["neither"] else []
            each += [t("stats.h2h.game_open", "open {n}", n=g["open"])] if g["open"] else []
            lines.append(f"  {group_title(game)}: {_clauses(each)}")
    if pa["played"]:
        together = [t("stats.h2h.partners_won", "won {n}", n=pa["won"])]
        together += [tn("stats.h2h.still_open", "{n} still open", "{n} still open", pa["open"])] if pa["open"] else []
        lines.append(str(t("stats.h2h.partners", "As partners: {matches}, {record}.", matches=_matches(pa["played"]),
                           record=_clauses(together))))
    for p, book in h.money.items():
        lines.append(str(t("stats.h2h.money", "{player} in these matches: {amounts}", player=p,
                           amounts=", ".join(_money(c, cur) for cur, c in book.items()))))
    return Section(str(t("stats.h2h.title", "{a} v {b}", a=h.a, b=h.b)), (), tuple(lines))


# --- words and numbers ---------------------------------------------------------------------------
TITLES = {"matches": t("report.section.matches", "Matches"), "standings": t("report.section.standings", "Standings"),
          "money": t("report.section.money", "Who pays whom"), "highlights": t("report.section.highlights", "Highlights")}
"""The report's section titles (the terminal's and the HTML page's)."""

HEADERS = {"match": t("report.col.match", "match"), "result": t("report.col.result", "result"),
           "player": t("report.col.player", "player"), "played": t("report.col.played", "played"),
           "won": t("report.col.won", "won"), "win rate": t("report.col.win_rate", "win rate"),
           "side": t("report.col.side", "side"), "hand": t("report.col.hand", "hand"),
           "in play": t("report.col.in_play", "in play"), "game": t("report.col.game", "game")}
"""The column headers of the report's and the statistics' tables."""

FIGURES = {"hands": t("stats.figure.hands", "hands"), "average_hand": t("stats.figure.average_hand", "average hand"),
           "rubbers": t("stats.figure.rubbers", "rubbers"), "rubbers_won": t("stats.figure.rubbers_won", "rubbers won"),
           "average_margin": t("stats.figure.average_margin", "average margin"),
           "lives_lost": t("stats.figure.lives_lost", "lives lost"),
           "hands_won": t("stats.figure.hands_won", "hands won"), "average_sum": t("stats.figure.average_sum", "average sum"),
           "closed": t("stats.figure.closed", "hands closed"), "reentries": t("stats.figure.reentries", "re-entries"),
           "banks": t("stats.figure.banks", "hands as banker"), "reali": t("stats.figure.reali", "reali")}
"""The headers of the games' own figures (:meth:`ledger.games.facts.GameNotes.figures`, by key)."""


def figure_header(key: str) -> str:
    """A game's figure as a column header (``average_hand`` → ``average hand`` / ``media per mano``)."""
    return str(FIGURES[key]) if key in FIGURES else key.replace("_", " ")


def capitalized(text: str) -> str:
    """``text`` with its first letter upper case (a heading made of a period's label)."""
    return text[:1].upper() + text[1:]


def hands_and_deals(matches) -> list[Msg]:
    """The hands of ``matches`` (:class:`ledger.report.model.MatchSummary` values) counted as their
    games name them: ``["51 hands", "8 deals"]`` for a night of trentasette and bridge (a game of
    deals, ``Game.deals``: bridge's *smazzate*), ``["12 hands"]`` or ``["8 deals"]`` for a night
    of one kind only, ``["0 hands"]`` for matches without any."""
    deals = sum(m.hands for m in matches if get_game(m.game).deals)
    hands = sum(m.hands for m in matches) - deals
    counted = [_hands(hands)] if hands or not deals else []
    return counted + ([_deals(deals)] if deals else [])


def hands_fixed(game: Game, hands: int, corrections: int) -> str:
    """``"7 hands"``, ``"7 hands, 1 corrected"`` (``"7 deals"`` for a game of deals: ``Game.named``)."""
    counted = str(game.named(_hands(hands), _deals(hands)))
    if not corrections:
        return counted
    return str(tn("report.hands_fixed", "{hands}, {n} corrected", "{hands}, {n} corrected", corrections,
                  hands=counted))


def won_open(won: int, open_: int) -> str:
    """``"2"``, ``"2 (1 open)"``: matches won, and those still open."""
    if not open_:
        return number(won)
    return str(tn("report.won_open", "{won} ({n} open)", "{won} ({n} open)", open_, won=won))


def played_for(stakes) -> str:
    """``"played for 0.10 EUR per point of margin"`` (a match's :class:`MatchMoney`)."""
    return str(t("report.played_for", "played for {stake}", stake=stakes.describe()))


def _player_columns() -> list[Column]:
    return [Column(str(HEADERS["player"]), "left"), Column(str(HEADERS["played"])), Column(str(HEADERS["won"])),
            Column(str(HEADERS["win rate"]))]


def _matches(n: int) -> Msg:
    return tn("report.count.matches", "{n} match", "{n} matches", n)


def _hands(n: int) -> Msg:
    return tn("report.count.hands", "{n} hand", "{n} hands", n)


def _deals(n: int) -> Msg:
    return tn("report.count.deals", "{n} deal", "{n} deals", n)


def _clauses(parts: list[Msg]) -> str:
    """The parts of a record (``Anna won 1``, ``1 still open``), each a whole message, joined by commas."""
    return ", ".join(str(x) for x in parts)


def _money(cents: int, cur: str) -> str:
    return ("+" if cents > 0 else "") + money(cents, cur)


def signed_amount(cents: int) -> str:
    """``+12.00``, ``-3.50``, ``0.00`` (the currency is in the column header); ``+12,00`` in Italian."""
    return ("+" if cents > 0 else "") + money(cents, "")


def _pct(r: float | None) -> str:
    """``0.125`` → ``"13 %"``: a rate in whole percent, halves rounded up as people round them
    (decimal rounding of the rate as written, not the float's binary value nor banker's rounding);
    in Italian as the locale writes it (Babel's ``format_percent``: ``13%``)."""
    if r is None:
        return "—"
    whole = (Decimal(str(r)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    if language() == "en":
        return f"{whole} %"
    from babel.numbers import format_percent

    return format_percent(whole / 100, locale=language())


def _plain(v: Any) -> str:
    return "—" if v is None else shown_number(v)
