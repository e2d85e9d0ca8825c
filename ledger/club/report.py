"""A scored session for people: the terminal tables, the CSV and the HTML page. Pure: text out.

- :func:`ranking_tables`: the ranking (NS and EW apart in a Mitchell), as plain
  :class:`ledger.games.tables.Table` values the CLI renders with rich (80 columns fit).
- :func:`traveller_table`: one board's traveller, each result with its matchpoints or IMPs.
- :func:`matches_table`: a teams event's matches with their IMPs and VPs.
- :func:`csv_text`: the ranking, then every result, as CSV (two blocks, each with its header).
- :func:`html_page`: one self-contained page (the report's style sheet, no script) with the
  ranking, a chart of each entrant's running percentage (running IMPs or VPs when not
  matchpoints) as inline SVG (pygal), and the travellers.
- :func:`running_totals`: what the chart draws, board by board.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Any

from ledger.club.output import ENTRANT_WORD, label
from ledger.club.scoring import ScoredBoard, ScoredResult, ScoredSession
from ledger.club.session import MATCHPOINT_SCORINGS, Entrant, Session
from ledger.games.tables import Column, Table
from ledger.games.bridge.summaries import passed_out_text
from ledger.games.bridge.scoring import (
    format_result, parse_contract, parse_seat, seat_text, tricks_from, vulnerability_text,
)
from ledger.i18n import language, number, t, tn

SCORING_TITLE = {"mp": t("club.scoring.mp", "matchpoints"), "mp-acbl": t("club.scoring.mp_acbl", "matchpoints (ACBL)"),
                 "butler": t("club.scoring.butler", "Butler IMPs"), "cross-imps": t("club.scoring.cross", "cross-IMPs"),
                 "imps": t("club.scoring.imps", "IMPs")}
EVENT_TITLE = {"pairs": t("club.title.pairs", "Pairs"), "individual": t("club.title.individual", "Individual"),
               "teams": t("club.title.teams", "Teams")}
ENTRANT_HEADER = {"pairs": t("club.col.pair", "pair"), "individual": t("club.col.player", "player"),
                  "teams": t("club.col.team", "team")}
NAME_WIDTH = 28


def fixed(value: float | int, places: int, lang: str | None = None) -> str:
    """``value`` with ``places`` decimals in the digits of ``lang`` (default: the language in
    use): ``54.17`` in English as always, ``54,17`` and ``1.234,50`` in Italian."""
    text = f"{value:.{places}f}"
    lang = lang or language()
    if lang == "en":
        return text
    from babel.numbers import format_decimal

    return format_decimal(Decimal(text), format="#,##0." + "0" * places if places else "#,##0", locale=lang)


def _fig(value: float | None, places: int = 2, lang: str | None = None) -> str:
    """A figure as shown: floats with ``places`` decimals, whole numbers as they are."""
    if value is None:
        return ""
    return fixed(value, places, lang) if isinstance(value, float) else number(value, lang)


def _signed(value: float | None) -> str:
    if value is None:
        return ""
    text = _fig(value)
    return f"+{text}" if value > 0 else text


def _short(text: str, width: int = NAME_WIDTH) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def entrant_text(session: Session, key: str) -> str:
    return str(label(session, key))


def _mp(session: Session) -> bool:
    return session.scoring in MATCHPOINT_SCORINGS


def ranking_tables(scored: ScoredSession) -> list[Table]:
    """The ranking: one table, or in a Mitchell one per direction."""
    s = scored.session
    names = bool(s.names)
    boards = Column(str(t("club.col.boards", "boards")))
    cols = [Column(str(t("club.col.rank", "rank"))), Column(str(ENTRANT_HEADER[s.event]))] + (
        [Column(str(t("club.col.name", "name")), "left")] if names else [])
    imps = Column(str(t("club.col.imps", "IMPs")))
    if s.event == "teams":
        cols += [Column("VP"), imps, boards]
    elif _mp(s):
        cols += [Column("MP"), Column("%"), boards]
    else:
        cols += [imps, boards]
    groups: dict[str | None, list] = {}
    for row in scored.ranking:
        groups.setdefault(row.direction if s.mitchell else None, []).append(row)
    tables = []
    for direction, rows in groups.items():
        out = []
        for r in rows:
            cells = [str(r.rank), entrant_text(s, r.entrant.key)]
            if names:
                cells.append(_short(s.names.get(r.entrant.key, "")))
            if s.event == "teams":
                cells += [fixed(r.total, 2), _fig(r.imps), str(r.boards)]
            elif _mp(s):
                cells += [fixed(r.total, 2), fixed(r.pct, 2), str(r.boards)]
            else:
                cells += [_signed(r.total), str(r.boards)]
            out.append(tuple(cells))
        unit = t("club.vp", "victory points") if s.event == "teams" else SCORING_TITLE[s.scoring]
        title = (t("club.ranking_direction", "Ranking {direction} · {unit}", direction=direction, unit=unit)
                 if direction else t("club.ranking", "Ranking · {unit}", unit=unit))
        tables.append(Table(str(title), tuple(cols), tuple(out)))
    return tables


def contract_text(sr: ScoredResult) -> str:
    """``4SX W -2``, ``3NT S =``, ``passed out``, ``A+/A-`` or the score as written (``NS 420``), in
    the language in use (``4SX O -2``, ``passata``)."""
    r = sr.result
    if r.adjusted:
        return "/".join(r.adjusted)
    given = r.given
    if given.get("contract") in (None, ""):
        assert r.score_ns is not None  # a result without an adjusted score or a contract has its score_ns
        return f"NS {r.score_ns}" if r.score_ns >= 0 else f"EW {-r.score_ns}"
    contract = parse_contract(given["contract"])
    if contract.passed:
        return passed_out_text()
    tricks = tricks_from(contract, given.get("tricks"), given.get("result"))
    return f"{contract} {seat_text(parse_seat(given['declarer']))} {format_result(contract, tricks)}"


def traveller_table(sb: ScoredBoard, session: Session) -> Table:
    """One board's traveller: per result the pairs (players, teams), the contract, the score for
    the side that gained it, and its matchpoints and percentages or its IMPs."""
    b = sb.board
    mp = _mp(session)
    numbered = any("number" in sr.result.given for sr in sb.results)  # a stored session's line numbers
    cols = [Column("#")] * numbered + [Column("NS"), Column("EW"), Column(str(t("club.col.contract", "contract")),
                                                                        "left"), Column("+NS"), Column("+EW")]
    cols += [Column("MP NS"), Column("MP EW"), Column("% NS")] if mp else [Column("IMP NS"), Column("IMP EW")]
    rows = []
    for sr in sb.results:
        r = sr.result
        ns = " ".join(entrant_text(session, e.key) for e in r.ns)
        ew = " ".join(entrant_text(session, e.key) for e in r.ew)
        score = r.score_ns
        cells = [str(r.given.get("number", ""))] * numbered + [
            ns, ew, contract_text(sr), number(score) if score and score > 0 else "",
            number(-score) if score and score < 0 else ""]
        cells += [_fig(sr.mp_ns), _fig(sr.mp_ew), _fig(sr.pct_ns, 1)] if mp else [_signed(sr.imp_ns),
                                                                               _signed(sr.imp_ew)]
        rows.append(tuple(cells))
    vul = vulnerability_text(b.vulnerable)
    if mp:
        title = t("club.traveller_top", "Board {board} · {vulnerable} vulnerable · top {top}", board=str(b.number),
                  vulnerable=vul, top=_fig(sb.top))
    elif sb.datum is not None:
        title = t("club.traveller_datum", "Board {board} · {vulnerable} vulnerable · datum {datum:+d}",
                  board=str(b.number), vulnerable=vul, datum=sb.datum)
    else:
        title = t("club.traveller", "Board {board} · {vulnerable} vulnerable", board=str(b.number), vulnerable=vul)
    return Table(str(title), tuple(cols), tuple(rows))


def matches_table(scored: ScoredSession) -> Table:
    s = scored.session
    rows = tuple((entrant_text(s, m.home), entrant_text(s, m.away), f"{_fig(m.imps[0])}-{_fig(m.imps[1])}",
                  str(m.boards), f"{fixed(m.vp[0], 2)}-{fixed(m.vp[1], 2)}") for m in scored.matches)
    cols = (Column(str(t("club.col.home", "home")), "left"), Column(str(t("club.col.away", "away")), "left"),
            Column(str(t("club.col.imps", "IMPs"))), Column(str(t("club.col.boards", "boards"))), Column("VP"))
    return Table(str(t("club.matches_title", "Matches · WBF continuous VP scale")), cols, rows)


def report_tables(scored: ScoredSession) -> Iterator[Table]:
    """Everything the terminal shows, in order: the ranking, the matches, the travellers; each
    made as it is asked for (a large session's travellers are never all held at once)."""
    yield from ranking_tables(scored)
    if scored.matches:
        yield matches_table(scored)
    for sb in scored.boards:
        yield traveller_table(sb, scored.session)


# --- CSV ----------------------------------------------------------------------------------------
def _csv_fig(value: float | int | None, places: int, decimal_comma: bool) -> str:
    """A figure in a CSV cell: ``places`` decimals for a float, no thousands separator."""
    text = _fig(value, places, "en")
    return text.replace(".", ",") if decimal_comma else text


CSV_HEADERS = {
    "rank": t("club.csv.rank", "rank"), "pair": t("club.csv.pair", "pair"), "player": t("club.csv.player", "player"),
    "team": t("club.csv.team", "team"), "direction": t("club.csv.direction", "direction"),
    "name": t("club.csv.name", "name"), "vp": t("club.csv.vp", "vp"), "mp": t("club.csv.mp", "mp"),
    "imps": t("club.csv.imps", "imps"), "pct": t("club.csv.pct", "pct"), "boards": t("club.csv.boards", "boards"),
    "home": t("club.csv.home", "home"), "away": t("club.csv.away", "away"),
    "imps_home": t("club.csv.imps_home", "imps_home"), "imps_away": t("club.csv.imps_away", "imps_away"),
    "vp_home": t("club.csv.vp_home", "vp_home"), "vp_away": t("club.csv.vp_away", "vp_away"),
    "board": t("club.csv.board", "board"), "vulnerable": t("club.csv.vulnerable", "vulnerable"),
    "ns": t("club.csv.ns", "ns"), "ew": t("club.csv.ew", "ew"), "contract": t("club.csv.contract", "contract"),
    "score_ns": t("club.csv.score_ns", "score_ns"), "mp_ns": t("club.csv.mp_ns", "mp_ns"),
    "mp_ew": t("club.csv.mp_ew", "mp_ew"), "pct_ns": t("club.csv.pct_ns", "pct_ns"),
    "pct_ew": t("club.csv.pct_ew", "pct_ew"), "imp_ns": t("club.csv.imp_ns", "imp_ns"),
    "imp_ew": t("club.csv.imp_ew", "imp_ew"), "datum": t("club.csv.datum", "datum"),
}
"""The CSV's column names (machine names, as the JSON's) → their headers for people."""


def csv_text(scored: ScoredSession, dialect: str | None = None, machine: bool | None = None) -> str:
    """The ranking, an empty line, then one line per result (board, vulnerability, pairs,
    contract, NS score, figures); teams given by match totals: the matches instead.

    ``dialect`` (:data:`ledger.report.csvout.DIALECTS`; default the language's, as the report's
    CSV): ``comma`` separates fields with ``,`` and writes ``54.1667``; ``semicolon`` uses ``;``
    and ``54,1667`` after a byte-order mark, so that a spreadsheet reads the file as UTF-8.
    The headers, the vulnerability and the direction are in the language in use (``smazzata``,
    ``zona``, ``EO``: :data:`CSV_HEADERS`); ``machine`` (default: in English only) keeps the
    machine names (the JSON's field names, ``EW``) in any language (``--csv-names``)."""
    from ledger.games.bridge.scoring import side_text, vulnerability_cell
    from ledger.i18n import language
    from ledger.report.csvout import DIALECTS, SafeWriter, csv_dialect

    s = scored.session
    conventions = DIALECTS[csv_dialect(dialect)]
    buf = io.StringIO()
    buf.write(conventions["bom"])
    comma = conventions["decimal"] == ","
    machine = language() == "en" if machine is None else machine
    raw = SafeWriter(csv.writer(buf, lineterminator="\r\n", delimiter=conventions["delimiter"]))
    w = _Writer(raw, machine)
    said_side = (lambda x: x) if machine else side_text
    said_vul = (lambda x: x) if machine else vulnerability_cell

    def fig(value: float | int | None, places: int = 4) -> str:
        return _csv_fig(value, places, comma)

    mp = _mp(s)
    total = "vp" if s.event == "teams" else "mp" if mp else "imps"
    w.header(["rank", ENTRANT_WORD[s.event], "direction", "name", total] + (["pct"] if mp else [])
             + (["imps"] if s.event == "teams" else []) + ["boards"])
    for r in scored.ranking:
        w.writerow([r.rank, entrant_text(s, r.entrant.key), said_side(r.direction or ""), s.names.get(r.entrant.key, ""),
                    fig(r.total)] + ([fig(r.pct)] if mp else [])
                   + ([fig(r.imps)] if s.event == "teams" else []) + [r.boards])
    w.writerow([])
    if scored.matches and not scored.boards:
        w.header(["home", "away", "imps_home", "imps_away", "boards", "vp_home", "vp_away"])
        for m in scored.matches:
            w.writerow([entrant_text(s, m.home), entrant_text(s, m.away), fig(m.imps[0]), fig(m.imps[1]),
                        m.boards, fig(float(m.vp[0]), 2), fig(float(m.vp[1]), 2)])
        return buf.getvalue()
    figures = ["mp_ns", "mp_ew", "pct_ns", "pct_ew"] if mp else ["imp_ns", "imp_ew"]
    w.header(["board", "vulnerable", "ns", "ew", "contract", "score_ns"] + figures
             + (["datum"] if s.scoring == "butler" else []))
    for sb in scored.boards:
        for sr in sb.results:
            res = sr.result
            values = [sr.mp_ns, sr.mp_ew, sr.pct_ns, sr.pct_ew] if mp else [sr.imp_ns, sr.imp_ew]
            w.writerow([sb.board.number, said_vul(sb.board.vulnerable), " ".join(entrant_text(s, e.key) for e in res.ns),
                        " ".join(entrant_text(s, e.key) for e in res.ew), contract_text(sr),
                        "" if res.score_ns is None else res.score_ns] + [fig(v) for v in values]
                       + ([sb.datum] if s.scoring == "butler" else []))
    return buf.getvalue()


class _Writer:
    """A csv writer whose header rows are the machine names or their headers for people."""

    def __init__(self, writer: Any, machine: bool):
        self.writer, self.machine = writer, machine

    def header(self, names: list[str]) -> None:
        self.writer.writerow(names if self.machine else [str(CSV_HEADERS[n]) if n in CSV_HEADERS else n
                                                         for n in names])

    def writerow(self, row: list[Any]) -> None:
        self.writer.writerow(row)


# --- HTML ---------------------------------------------------------------------------------------
def running_totals(scored: ScoredSession) -> dict[str, list[float | None]]:
    """Per entrant (its label), after each board of the session in order: its running percentage
    (matchpoints: total over the tops so far) or its running IMP total; None before its first
    board. Teams: running VPs match by match."""
    s = scored.session
    if s.event == "teams":
        series: dict[str, list] = {}
        totals: dict[str, float] = {}
        for k, m in enumerate(scored.matches):
            for team, vp in ((m.home, m.vp[0]), (m.away, m.vp[1])):
                totals[team] = totals.get(team, 0) + vp
            for team in totals:
                series.setdefault(team, [None] * k)
            for team, line in series.items():
                line.append(round(totals[team], 2) if team in totals else None)
        return {entrant_text(s, t): v for t, v in series.items()}
    mp = _mp(s)
    got: dict[Entrant, float] = {}
    tops: dict[Entrant, float] = {}
    by_entrant: dict[Entrant, list[float | None]] = {row.entrant: [] for row in scored.ranking}
    for sb in scored.boards:
        for sr in sb.results:
            for side in ("NS", "EW"):
                for e in sr.result.side(side):
                    got[e] = got.get(e, 0) + sr.points(side)
                    tops[e] = tops.get(e, 0) + (sb.top or 0)
        for e, line in by_entrant.items():
            if e not in got:
                line.append(None)
            elif mp:
                line.append(round(100 * got[e] / tops[e], 2) if tops[e] else 50.0)
            else:
                line.append(round(got[e], 2))
    return {_entrant_label(s, e): v for e, v in by_entrant.items()}


def _entrant_label(s: Session, e: Entrant) -> str:
    text = entrant_text(s, e.key)
    return f"{text} {e.direction}" if e.direction else text


def running_chart(scored: ScoredSession) -> str:
    """The inline SVG of :func:`running_totals` (pygal; no script, no link: see
    :mod:`ledger.report.charts`). Empty when there is nothing to draw."""
    import pygal
    from pygal.style import Style

    from ledger.report.charts import COLORS, HEIGHT, WIDTH, offline

    series = running_totals(scored)
    steps = max((len(v) for v in series.values()), default=0)
    if not steps:
        return ""
    s = scored.session
    unit = "VP" if s.event == "teams" else "%" if _mp(s) else "IMPs"
    style = Style(background="transparent", plot_background="#ffffff", foreground="#333333",
                  foreground_strong="#111111", foreground_subtle="#bbbbbb", colors=COLORS,
                  font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
                  label_font_size=12, major_label_font_size=12, legend_font_size=12, value_font_size=11,
                  tooltip_font_size=12, stroke_width="2")
    chart = pygal.Line(style=style, js=[], disable_xml_declaration=True, explicit_size=False, width=WIDTH,
                       height=HEIGHT + 14 * (len(series) // 4), legend_at_bottom=True, legend_at_bottom_columns=4,
                       truncate_legend=-1, show_x_guides=False, dots_size=2, margin=12, allow_interruptions=True,
                       x_title=str(t("club.chart.match", "match") if s.event == "teams" else t("club.chart.board", "board")),
                       y_title=unit, value_formatter=lambda v: "" if v is None else _fig(v))
    chart.add_xml_filter(offline(str(t("club.chart.title", "Running standings"))))
    chart.uuid = "club-running"
    chart.x_labels = [str(k + 1) for k in range(steps)] if s.event == "teams" else \
        [str(sb.board.number) for sb in scored.boards]
    if steps > 16:
        chart.x_labels_major_every = -(-steps // 10)
        chart.show_minor_x_labels = False
    for name, values in series.items():
        chart.add(name, values)
    return chart.render(is_unicode=True)


def html_page(scored: ScoredSession, title: str = "") -> str:
    """The session as one self-contained HTML page (UTF-8 text)."""
    from ledger.report.html import escaped, html_document, section_html, table_html

    s = scored.session
    title = title or s.title or str(t("club.html.title", "Club session"))
    body = [f"<header><h1>{escaped(title)}</h1><p>{escaped(describe(scored))}</p></header>"]
    for table in ranking_tables(scored):
        body.append(section_html("ranking", table.title, table_html([c.header for c in table.columns], table.rows,
                                                             escape_cells=True)))
    svg = running_chart(scored)
    if svg:
        caption = str(t("club.chart.pct", "Running percentage after each board") if _mp(s) and s.event != "teams"
                      else t("club.chart.vp", "Running VPs after each match") if s.event == "teams"
                      else t("club.chart.imps", "Running IMPs after each board"))
        body.append(f"<figure>{svg}<figcaption>{escaped(caption)}</figcaption></figure>")
    if scored.matches:
        mt = matches_table(scored)
        body.append(section_html("matches", mt.title, table_html([c.header for c in mt.columns], mt.rows, escape_cells=True)))
    boards = "".join(f'<details><summary>{escaped(tt.title)}</summary>'
                     f'{table_html([c.header for c in tt.columns], tt.rows, escape_cells=True)}</details>'
                     for tt in (traveller_table(sb, s) for sb in scored.boards))
    if boards:
        body.append(section_html("boards", str(t("club.html.travellers", "Travellers")), boards))
    return html_document(title, body)


def describe(scored: ScoredSession) -> str:
    """``"Pairs · matchpoints · 28 boards, 616 results · one ranking"`` (in the language in use)."""
    s = scored.session
    results = sum(len(b.board.results) for b in scored.boards)
    parts = [str(EVENT_TITLE[s.event]), str(SCORING_TITLE[s.scoring])]
    if scored.boards:
        boards = tn("club.boards", "{n} board", "{n} boards", len(scored.boards))
        counted = tn("club.results", "{n} result", "{n} results", results)
        parts.append(str(t("club.boards_results", "{boards}, {results}", boards=boards, results=counted)))
    if scored.matches:
        parts.append(str(tn("club.matches", "{n} match", "{n} matches", len(scored.matches))))
    if s.event == "pairs" and scored.boards:
        parts.append(str(t("club.mitchell", "Mitchell (NS and EW ranked apart)") if s.mitchell
                         else t("club.one_ranking", "one ranking")))
    return " · ".join(parts)


def summary_lines(scored: ScoredSession) -> Sequence[str]:
    """The lines above the terminal report."""
    s = scored.session
    return ([s.title] if s.title else []) + [describe(scored)]
