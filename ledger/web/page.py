"""The page of ``ledger serve`` as HTML: :func:`board_html` (what changes: the matches, standings
and money, sent again over server-sent events) and :func:`page_html` (the whole document around it,
with its style sheet and its small script inline, each carrying the response's CSP nonce).

Every text comes from :mod:`ledger.web.texts`; every value from the ledger (names, notes, the
scoreboards' cells) goes through :func:`escape`, which also writes control characters as visible
escapes (``\\r`` → ``\\r``), so nothing from the ledger can end an SSE line or an HTML element.
The page loads nothing from anywhere: no link, no image, no font; it fits a 390-pixel-wide phone
(one column; a table of many columns is stacked there, each row a block with each cell beside
its header: :data:`STACKED_FROM`; nothing is cut and nothing scrolls sideways).
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Iterable, Sequence

from ledger import __version__
from ledger.games.base import Table
from ledger.i18n import currency_sign, language, money, number
from ledger.report.model import Period, Report, shown_number, unit_text
from ledger.report.text import signed_amount
from ledger.web.texts import text
from ledger.web.tonight import MatchCard, Tonight

CSS = """
:root { color-scheme: light dark; --ink: #1d1d1f; --muted: #66666c; --line: #dcdce2; --bg: #f4f4f7;
        --card: #fff; --win: #0a7d32; --neg: #b3261e; --accent: #1f5fbf; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #ececf0; --muted: #a0a0a8; --line: #3a3a40; --bg: #121214; --card: #1e1e22;
          --win: #5fd38a; --neg: #ff8a80; --accent: #8ab4ff; } }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--ink);
       font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header, main, footer { max-width: 48rem; margin: 0 auto; padding: 0 .75rem; }
header { display: flex; align-items: baseline; justify-content: space-between; gap: .5rem; padding-top: .75rem; }
h1 { font-size: 1.3rem; margin: 0; }
h2 { font-size: 1.1rem; margin: 0 0 .3rem; }
p, li, h1, h2, h3 { overflow-wrap: anywhere; }
#state { font-size: .8rem; margin: 0; padding: .1rem .5rem; border-radius: 1rem; white-space: nowrap; }
#state.live { background: #d7f5e0; color: #0a5d28; }
#state.off { background: #fde7c8; color: #7a4b00; }
.meta { color: var(--muted); font-size: .85rem; margin: .2rem 0 .6rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .7rem; padding: .7rem .8rem;
        margin: 0 0 .9rem; min-width: 0; }
.badge { font-size: .75rem; padding: .05rem .45rem; border-radius: 1rem; background: #fff3cd; color: #7a5b00;
         vertical-align: middle; font-weight: normal; }
.badge.finished { background: #e3f4e8; color: #0a5d28; } .badge.ended { background: #e8e8ff; color: #33338a; }
.deal { font-weight: 600; margin: .2rem 0 .4rem; }
.result { font-weight: 600; margin: .2rem 0; }
.scroll { overflow-x: auto; max-width: 100%; margin: .3rem 0 .5rem; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; font-size: .9rem; }
table.totals { width: 100%; }
h3 { font-size: .95rem; margin: .6rem 0 .1rem; }
th, td { padding: .25rem .45rem; border-bottom: 1px solid var(--line); white-space: nowrap; text-align: right; }
th { color: var(--muted); font-weight: 600; }
.l { text-align: left; } .c { text-align: center; }
tr.sep td { border-bottom: 2px solid var(--muted); }
tr.win td { color: var(--win); font-weight: 600; }
.pos { color: var(--win); } .neg { color: var(--neg); }
.caption { color: var(--muted); font-size: .8rem; margin: .2rem 0 0; }
ul { margin: .3rem 0; padding-left: 1.1rem; }
ul.notes { color: var(--muted); font-size: .9rem; }
.error { border-color: var(--neg); color: var(--neg); }
footer { color: var(--muted); font-size: .75rem; text-align: center; padding-bottom: 1rem; }
/* a phone: a table of many columns is stacked, one block per row, each cell beside its header */
@media (max-width: 40rem) {
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack thead { display: none; }
  table.stack tr { border-bottom: 2px solid var(--line); padding: .25rem 0; }
  table.stack tr.sep { border-bottom-color: var(--muted); }
  table.stack td { display: flex; justify-content: space-between; gap: .75rem; border-bottom: 0;
                   padding: .05rem .2rem; white-space: normal; text-align: right; overflow-wrap: anywhere; }
  table.stack td:empty { display: none; }
  table.stack td::before { content: attr(data-label); color: var(--muted); font-weight: 600; text-align: left;
                           flex: 0 0 auto; max-width: 55%; overflow-wrap: normal; }  /* a header never cut mid-word */
  table { max-width: 100%; }
  th, td.l { white-space: normal; overflow-wrap: anywhere; }  /* a long header or name wraps: "Noi — NS (…)" */
}
"""
STACKED_FROM = 4
"""A table of this many columns or more is stacked on a phone (each row a block, each cell beside
its header), so that no table is wider than a 390-pixel screen."""

# Replaces the board when the server sends a new one; says whether the updates are live. The
# browser reconnects a dropped stream by itself; one the server refused (503: too many pages open)
# is tried again every RETRY seconds.
SCRIPT = """
(function () {
  var RETRY = 5000;
  var board = document.getElementById("board"), state = document.getElementById("state");
  var since = document.body.dataset.token;
  function say(live) { state.textContent = live ? state.dataset.live : state.dataset.off;
                       state.className = live ? "live" : "off"; }
  function connect() {
    var events = new EventSource("/events?since=" + encodeURIComponent(since));
    events.onopen = function () { say(true); };
    events.onerror = function () {
      say(false);
      if (events.readyState === EventSource.CLOSED) { setTimeout(connect, RETRY); }
    };
    events.addEventListener("board", function (e) {
      board.innerHTML = e.data; since = e.lastEventId || since; say(true);
    });
  }
  if (window.EventSource) { connect(); }
})();
"""


def escape(value: object) -> str:
    """``value`` as HTML text: ``<``, ``>``, ``&`` and quotes escaped, and control characters (line
    breaks, carriage returns, NUL...) written as visible escapes (:func:`ledger.cli.app.one_line`),
    so a name or note can neither open an element nor end a line of the event stream."""
    from ledger.safetext import one_line

    s = str(value)
    return html.escape(one_line(s, limit=len(s) + 1), quote=True)


def cell(value: object) -> str:
    """A scoreboard cell: its lines (a cell may hold several) escaped and joined by ``<br>``."""
    return "<br>".join(escape(part) for part in str(value).split("\n"))


def night_label(period: Period) -> str:
    """``The night of Tuesday 1 December 2026`` (``La serata di martedì 1 dicembre 2026``), or the
    demo night's label."""
    d = period.date_from
    if period.demo or d is None:
        return text("demo_night")
    return text("night", day=d)


def board_html(tonight: Tonight | None, now: dt.datetime, error: str | None = None) -> str:
    """The inside of ``<main id="board">``: the night, the matches (in play first), the standings
    and who pays whom; or the error that kept the ledger from being read (``tonight`` None).
    One line per element, no line break inside one: each line is one ``data:`` line of an event."""
    updated = f'<p class="meta">{escape(text("updated", time=now.strftime("%H:%M:%S")))}</p>'
    if tonight is None:
        return "\n".join([f'<section class="card error"><p>{escape(text("error", error=error or ""))}</p></section>',
                          updated])
    out = [f"<h2>{escape(night_label(tonight.period))}</h2>", updated]
    if not tonight.cards:
        out.append(f'<p class="card">{escape(text("no_match"))}</p>')
        return "\n".join(out)
    out.extend(match_html(c) for c in tonight.cards)
    out.append(standings_html(tonight.report))
    out.append(money_html(tonight.report))
    return "\n".join(out)


def match_html(card: MatchCard) -> str:
    """One match: heading with its status, who deals next, totals (best first, winners marked),
    the game's scoreboard tables and notes, and the scorekeeper's note."""
    m = card.summary
    game = _titled(m.game, m.title, m.rules)
    parts = [f'<article class="card match" id="match-{m.id}">',
             f'<h2>{escape(text("match", id=str(m.id), game=game))} '
             f'<span class="badge {escape(m.status)}">{escape(text("status." + m.status))}</span></h2>',
             f'<p class="meta">{escape(text("hands", n=m.hands))}</p>']
    if card.deals_next:
        parts.append(f'<p class="deal">{escape(text("deals_next", player=card.deals_next))}</p>')
    elif not m.unfinished:
        head = text("won", n=len(m.winning_players), winners=[m.labels[s] for s in m.winners]) if m.winners \
            else text("no_winner")
        parts.append(f'<p class="result">{escape(head)}</p>')
    rows = [(f'<tr class="win">' if side in m.winners else "<tr>")
            + f'<td class="l">{escape(m.labels[side])}</td><td>{escape(shown_number(m.totals.get(side)))}</td></tr>'
            for side in m.order]
    parts.append(f'<div class="scroll"><table class="totals"><thead><tr><th class="l">{escape(text("side"))}</th>'
                 f"<th>{escape(unit_text(m.unit))}</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>")
    parts.extend(table_html(t) for t in card.board.tables)
    if card.board.notes:
        parts.append(_list(card.board.notes, "notes"))
    if m.note:
        parts.append(f'<p class="meta">{escape(m.note)}</p>')
    parts.append("</article>")
    return "".join(parts)


_ALIGN = {"left": "l", "center": "c", "right": ""}


def _titled(game: str, title: str, rules: str) -> str:
    """The match's game with its rule set named in the language (``Canasta (italiana)``); a game
    this version does not know keeps its stored title and rule set."""
    from ledger.errors import LedgerError
    from ledger.games import get_game

    try:
        return get_game(game).titled(rules)
    except LedgerError:
        return title + ("" if rules == "standard" else f" ({rules})")


def table_html(t: Table) -> str:
    """A game's scoreboard table as ``show`` draws it: title, header, rows (a line after the rows
    it names), caption; it scrolls sideways inside its box on a narrow screen."""
    cls = [_ALIGN.get(c.justify, "") for c in t.columns]
    labels = [escape(c.header) for c in t.columns]

    def cells(values: Sequence[object], tag: str) -> str:
        out = []
        for k, v in enumerate(values):
            attrs = f' class="{cls[k]}"' if k < len(cls) and cls[k] else ""
            if tag == "td" and k < len(labels):  # its header beside it when the table is stacked
                attrs += f' data-label="{labels[k]}"'
            out.append(f"<{tag}{attrs}>{cell(v)}</{tag}>")
        return "".join(out)

    marks = set(t.lines_after)
    body = "".join(('<tr class="sep">' if i in marks else "<tr>") + cells(row, "td") + "</tr>"
                   for i, row in enumerate(t.rows))
    title = f"<h3>{escape(t.title)}</h3>" if t.title else ""  # outside the box: it wraps, never scrolls
    under = f'<p class="caption">{escape(t.caption)}</p>' if t.caption else ""
    stack = ' class="stack"' if len(t.columns) >= STACKED_FROM else ""
    return (f'{title}<div class="scroll"><table{stack}><thead><tr>{cells([c.header for c in t.columns], "th")}'
            f"</tr></thead><tbody>{body}</tbody></table></div>{under}")


def standings_html(report: Report) -> str:
    """The night's standings (report model): player, played, won (and still open), money per
    currency."""
    currencies = sorted({c for s in report.standings for c in s.money})
    head = (f'<th class="l">{escape(text("player"))}</th><th>{escape(text("played"))}</th>'
            f'<th>{escape(text("won_column"))}</th>' + "".join(f"<th>{escape(currency_sign(c))}</th>" for c in currencies))
    rows = []
    for s in report.standings:
        won = number(s.won) + (f" ({text('open_count', n=s.open)})" if s.open else "")
        money = "".join(f"<td>{_money(s.money[c])}</td>" if c in s.money else "<td>—</td>" for c in currencies)
        rows.append(f'<tr><td class="l">{escape(s.player)}</td><td>{escape(number(s.played))}</td><td>{escape(won)}</td>{money}</tr>')
    return (f'<section class="card" id="standings"><h2>{escape(text("standings"))}</h2><div class="scroll">'
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div></section>")


def money_html(report: Report) -> str:
    """Who pays whom (the report's settlement: transfers per currency), and the matches in play
    not counted yet."""
    lines = []
    settled = report.settlement
    for cur, part in settled.get("currencies", {}).items():
        lines += [text("pays", payer=tr["payer"], payee=tr["payee"], amount=money(tr["cents"], cur))
                  for tr in part["transfers"]] or [text("square", currency=cur)]
    lines += [text("not_counted", id=str(mid)) for mid in settled.get("skipped", [])]
    inner = _list(lines, "money") if lines else f"<p>{escape(text('no_money'))}</p>"
    return f'<section class="card" id="money"><h2>{escape(text("money"))}</h2>{inner}</section>'


def page_html(board: str, token: str, nonce: str, keeper: str = "") -> str:
    """The whole page around ``board`` (:func:`board_html`); ``token`` is the change token the
    board was read at (the event stream sends only what is newer), ``nonce`` the response's CSP
    nonce for the inline style and script. ``keeper``: the scorekeeper's part, above the board
    (:func:`ledger.web.keeper.keeper_html`), with its style and script; none on the players' page."""
    n = escape(nonce)
    css, script, footer = CSS, SCRIPT, text("footer", version=__version__)
    if keeper:
        from ledger.web.form import FORM_CSS
        from ledger.web.keeper import KEEPER_SCRIPT

        css, script, footer = CSS + FORM_CSS, SCRIPT + KEEPER_SCRIPT, text("keeper_footer", version=__version__)
    return ("<!DOCTYPE html>\n"
            f'<html lang="{escape(language())}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="no-referrer"><title>{escape(text("title"))}</title>'
            f'<style nonce="{n}">{css}</style></head>\n'
            f'<body data-token="{escape(token)}"><header><h1>{escape(text("title"))}</h1>'
            f'<p id="state" class="off" data-live="{escape(text("live"))}" data-off="{escape(text("reconnecting"))}">'
            f"</p></header>\n"
            + (f"<div class=\"keeper\">{keeper}</div>\n" if keeper else "")
            + f'<main id="board">\n{board}\n</main>\n'
            f'<footer>{escape(footer)}</footer>\n'
            f'<script nonce="{n}">{script}</script>\n</body></html>\n')


def message_html(message_key: str) -> str:
    """A short page for a refused request (403, 404, 405, 421, 503): no style, no script."""
    return (f'<!DOCTYPE html>\n<html lang="{escape(language())}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(text('title'))}</title></head>\n<body><h1>{escape(text('title'))}</h1>"
            f"<p>{escape(text(message_key))}</p></body></html>\n")


def _money(cents: int) -> str:
    cls = "pos" if cents > 0 else "neg" if cents < 0 else ""
    return f'<span class="{cls}">{escape(signed_amount(cents))}</span>'


def _list(lines: Iterable[str], cls: str) -> str:
    return f'<ul class="{cls}">' + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>"
