"""The report as one self-contained HTML page: :func:`render_html`.

Everything is inside the page: the style sheet in a ``<style>`` element, each match's chart as
inline SVG (:mod:`ledger.report.charts`), no script, no link, no image or font from anywhere, so
the page opens with no network (e.g. sent to a phone). It reads well on a narrow screen: one
column, tables that scroll sideways when they must, charts that scale to the width. Hand-by-hand
tables are folded in ``<details>`` elements (they open without JavaScript). Every name from the
ledger is HTML-escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from ledger import __version__
from ledger.games import get_game
from ledger.i18n import currency_sign, language, signed, t
from ledger.report.charts import running_chart
from ledger.report.model import STATUS_TEXT, MatchSummary, Report, shown_number, unit_text
from ledger.report.text import (HEADERS, TITLES, capitalized, hands_fixed, highlight_items, money_lines,
                                 played_for, report_heading, signed_amount, won_open)
from ledger.safetext import safe

CSS = """
:root { color-scheme: light; --ink: #1d1d1f; --muted: #6b6b70; --line: #e3e3e8; --win: #0a7d32;
        --bg: #f6f6f8; --card: #ffffff; --accent: #1f5fbf; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
       font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 52rem; margin: 0 auto; padding: 1rem; }
header h1 { font-size: 1.6rem; margin: .5rem 0 .25rem; }
header p { margin: .2rem 0; color: var(--muted); }
nav { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0; }
nav a { color: var(--accent); text-decoration: none; padding: .2rem .6rem; border: 1px solid var(--line);
        border-radius: 1rem; background: var(--card); font-size: .9rem; }
section { margin: 1.25rem 0; }
h2 { font-size: 1.25rem; margin: 0 0 .5rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: .9rem 1rem;
        margin: 0 0 1rem; }
.match h3 { font-size: 1.1rem; margin: 0 0 .25rem; }
.meta { color: var(--muted); font-size: .9rem; margin: 0 0 .5rem; }
.badge { display: inline-block; font-size: .75rem; padding: .05rem .5rem; border-radius: 1rem;
         background: #fff3cd; color: #7a5b00; vertical-align: middle; margin-left: .3rem; }
.badge.ended { background: #e8e8ff; color: #33338a; }
.result { font-weight: 600; margin: .25rem 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { padding: .35rem .5rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
thead th { color: var(--muted); font-weight: 600; }
tr.win td { color: var(--win); font-weight: 600; }
.neg { color: #b3261e; } .pos { color: var(--win); }
ul.notes { margin: .25rem 0 .5rem; padding-left: 1.1rem; color: var(--muted); }
ul.lights, ul.money { padding-left: 1.1rem; margin: 0; }
ul.lights li, ul.money li { margin: .2rem 0; }
ul.lights a { color: inherit; text-decoration: none; border-bottom: 1px dotted var(--muted); }
figure { margin: .5rem 0; }
figure svg { width: 100%; height: auto; display: block; }
figcaption { color: var(--muted); font-size: .85rem; text-align: center; }
details summary { cursor: pointer; color: var(--accent); margin: .25rem 0; }
footer { color: var(--muted); font-size: .8rem; text-align: center; margin: 2rem 0 1rem; }
"""


def render_html(report: Report) -> str:
    """The whole page (UTF-8 text): heading, standings, who pays whom, highlights, then each match
    with its result, notes, chart and hand-by-hand table."""
    title, lines = report_heading(report)
    body = [f"<header><h1>{escaped(title)}</h1>" + "".join(f"<p>{escaped(x)}</p>" for x in lines) + "</header>"]
    if report.matches:
        body.append("<nav>" + "".join(f'<a href="#{anchor}">{escaped(str(TITLES[key]))}</a>' for anchor, key in (
            ("standings", "standings"), ("money", "money"), ("highlights", "highlights"), ("matches", "matches")))
            + "</nav>")
        body.append(section_html("standings", str(TITLES["standings"]), _standings(report)))
        lines = money_lines(report)
        no_money = str(t("html.no_money", "No match was played for money."))
        body.append(section_html("money", str(TITLES["money"]),
                             _list(lines, "money") if lines else f"<p>{escaped(no_money)}</p>"))
        lights = "".join(f'<li><a href="#match-{mid}">{escaped(line)}</a></li>' if mid is not None
                         else f"<li>{escaped(line)}</li>" for mid, line in highlight_items(report, len(report.highlights)))
        body.append(section_html("highlights", str(TITLES["highlights"]),
                             f'<ul class="lights">{lights}</ul>' if lights else "<p>—</p>"))
        body.append(section_html("matches", str(TITLES["matches"]), "".join(_match(m) for m in report.matches)))
    return html_document(title, body)


def html_document(title: str, body: Sequence[str]) -> str:
    """A whole self-contained page: ``body`` (safe HTML parts) in ``<main>``, the style sheet
    inline, and a footer naming the ledger's version."""
    footer = str(t("html.footer", "Made by ledger {version}.", version=__version__))
    parts = [*body, f"<footer>{escaped(footer)}</footer>"]
    return (f"<!DOCTYPE html>\n<html lang=\"{language()}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{escaped(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<main>\n"
            + "\n".join(parts) + "\n</main>\n</body>\n</html>\n")


def _standings(report: Report) -> str:
    games = list(dict.fromkeys(m.counted_as for m in report.matches))
    titles = {m.counted_as: m.title if not m.group else m.group for m in report.matches}
    currencies = sorted({c for s in report.standings for c in s.money})
    head = [str(HEADERS[k]) for k in ("player", "played", "won")] + (
        [titles[g] for g in games] if len(games) > 1 else []) + [currency_sign(c) for c in currencies]
    rows = []
    for s in report.standings:
        cells = [escaped(s.player), shown_number(s.played), escaped(won_open(s.won, s.open))]
        if len(games) > 1:
            cells += [f"{s.games[g]['won']}/{s.games[g]['played']}" if g in s.games else "—" for g in games]
        cells += [_money(s.money[c]) if c in s.money else "—" for c in currencies]
        rows.append(cells)
    per_game = str(t("html.per_game", "Per game: won/played."))
    note = f'<p class="meta">{escaped(per_game)}</p>' if len(games) > 1 else ""
    return table_html(head, rows) + note


def _match(m: MatchSummary) -> str:
    badge = "" if m.status == "finished" else \
        f' <span class="badge {m.status}">{escaped(str(STATUS_TEXT[m.status]))}</span>'
    night = t("html.night_demo", "night of {night} (demo)", night=m.night) if m.demo else \
        t("html.night", "night of {night}", night=m.night)
    meta = [hands_fixed(get_game(m.game), m.hands, m.corrections), str(night)]
    head = str(m.headline())
    heading = str(t("html.match", "Match {id} · {game}", id=str(m.id), game=get_game(m.game).titled(m.rules)))
    parts = [f'<article class="card match" id="match-{m.id}">',
             f"<h3>{escaped(heading)}{badge}</h3>",
             f'<p class="meta">{escaped(" · ".join(meta))}</p>',
             f'<p class="result">{escaped(head)}</p>', _score_table(m)]
    notes = [str(d) for d in m.details]
    if m.money is not None:
        notes.append(played_for(m.money))
        if m.money.nets:
            notes.append(str(t("html.money", "money ({currency}): {nets}", currency=currency_sign(m.money.currency),
                               nets=", ".join(f"{p} {signed_amount(c)}" for p, c in m.money.nets.items()))))
    if m.note:
        notes.append(m.note)
    if notes:
        parts.append('<ul class="notes">' + "".join(f"<li>{escaped(n)}</li>" for n in notes) + "</ul>")
    svg = running_chart(m)
    if svg:
        caption = capitalized(str(t("html.chart", "{unit} after each hand", unit=unit_text(m.unit))))
        parts.append(f"<figure>{svg}<figcaption>{escaped(caption)}</figcaption></figure>")
    if m.hand_values:
        by_hand = str(t("html.hand_by_hand", "Hand by hand"))
        parts.append(f"<details><summary>{escaped(by_hand)}</summary>{_hands_table(m)}</details>")
    parts.append("</article>")
    return "\n".join(parts)


def _score_table(m: MatchSummary) -> str:
    rows = []
    for side in m.order:
        won = side in m.winners
        cls, mark = (' class="win"', "✓ ") if won else ("", "")
        rows.append(f"<tr{cls}><td>{mark}{escaped(m.labels[side])}</td><td>{escaped(shown_number(m.totals.get(side)))}</td></tr>")
    return (f'<div class="scroll"><table><thead><tr><th>{escaped(str(HEADERS["side"]))}</th>'
            f'<th>{escaped(str(unit_text(m.unit)))}</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def _hands_table(m: MatchSummary) -> str:
    """Per hand: what each side made and its running total (``+12 → 25``)."""
    head = [str(HEADERS["hand"])] + [m.labels[s] for s in m.sides]
    rows = []
    for k, values in enumerate(m.hand_values, start=1):
        cells = [str(k)]
        for s in m.sides:
            v, total = values.get(s), m.running[k].get(s)
            shown = "" if v is None else (signed(v) if isinstance(v, int) and m.unit == "points" else shown_number(v))
            cells.append(escaped(f"{shown} → {shown_number(total)}" if shown else shown_number(total)))
        rows.append(cells)
    return table_html(head, rows, escape_cells=False)


def table_html(head: Sequence[str], rows: Iterable[Sequence[str]], escape_cells: bool = False) -> str:
    """A table of the report's page (scrolling sideways on a phone): ``head`` is escaped here;
    the cells of ``rows`` must already be safe HTML, or are escaped with ``escape_cells``."""
    th = "".join(f"<th>{escaped(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escaped(c) if escape_cells else c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<div class="scroll"><table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>'


def section_html(anchor: str, title: str, inner: str) -> str:
    """A section of the report's page, ``#anchor``, headed by ``title`` (escaped) over ``inner`` (safe HTML)."""
    return f'<section id="{anchor}"><h2>{escaped(title)}</h2>{inner}</section>'


def _list(lines: Iterable[str], cls: str) -> str:
    return f'<ul class="{cls}">' + "".join(f"<li>{escaped(x)}</li>" for x in lines) + "</ul>"


def _money(cents: int) -> str:
    cls = "pos" if cents > 0 else "neg" if cents < 0 else ""
    return f'<span class="{cls}">{escaped(signed_amount(cents))}</span>'


def escaped(text: str) -> str:
    """``text`` as HTML: control characters shown as escapes (:func:`ledger.safetext.safe`: a
    page's source read in a terminal stays harmless), then ``<>&"'`` escaped."""
    return escape(safe(text), quote=True)
