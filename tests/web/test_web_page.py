"""The page's HTML (ledger/web/page.py) from tonight's reads (ledger/web/tonight.py): the same
scoreboards as ``ledger show``, the report's standings and money, escaping, and the texts."""

from __future__ import annotations

import datetime as dt
import html
import re
from pathlib import Path

from ledger.cli.app import reading
from ledger.games import get_game
from ledger.web import page
from ledger.web.page import board_html, cell, escape
from ledger.web.texts import TEXTS, text
from ledger.web.tonight import change_token, read_tonight

WEB = Path(page.__file__).parent


def test_escape_writes_markup_and_control_characters_as_text():
    assert escape('<b a="1">&') == "&lt;b a=&quot;1&quot;&gt;&amp;"
    assert escape("a\r\nb\x00c\u2028") == r"a\r\nb\x00c\u2028"
    assert cell("one\ntwo <i>") == "one<br>two &lt;i&gt;"


def test_the_demo_night_shows_every_scoreboard_as_show_draws_it(cli):
    cli("demo")
    now = dt.datetime.now()
    with reading() as reads:
        tonight = read_tonight(reads, now)
        views = {c.summary.id: reads.view(c.summary.id) for c in tonight.cards}
    out = board_html(tonight, now)
    assert tonight.period.demo and text("demo_night") in html.unescape(out)
    assert len(tonight.cards) == len(views) >= 5
    for mid, view in views.items():
        board = get_game(view.match.game).board(view.setup, view.replay)  # what `show` prints
        start = out.index(f'id="match-{mid}"')
        card = out[start:out.index("</article>", start)]
        for t in board.tables:
            assert escape(t.title) in card
            for c in t.columns:
                assert f">{cell(c.header)}</th>" in card
            for row in t.rows:
                assert "".join(re.sub(r"<td[^>]*>", "", x) for x in re.findall(r"<tr[^>]*>(.*?)</tr>", card)) \
                    .count("") and all(f">{cell(v)}</td>" in card for v in row)
        for note in board.notes:
            assert f"<li>{escape(note)}</li>" in card
    # the report's standings and who pays whom (its model, not its text)
    for s in tonight.report.standings:
        assert f'<td class="l">{escape(s.player)}</td>' in out
    for cur, part in tonight.report.settlement["currencies"].items():
        for t in part["transfers"]:
            assert escape(f"{t['payer']} pays {t['payee']}") in out


def test_matches_in_play_come_first(cli):
    cli("demo")
    cli("match", "new", "simone", "--players", "Anna,Bruno")
    with reading() as reads:
        tonight = read_tonight(reads)
    first = tonight.cards[0].summary.id
    assert [c.summary.id for c in tonight.cards] == [first]  # a match of your own: the demo no longer stands in
    cli("match", "new", "simone", "--players", "Carla,Dario")
    cli("hand", "add", str(first), "Anna=12", "Bruno=17", "knock=Bruno")
    cli("match", "end", str(first))
    with reading() as reads:
        tonight = read_tonight(reads)
    assert [(c.summary.id, c.deals_next) for c in tonight.cards] == [(first + 1, "Carla"), (first, None)]


def test_the_change_token_changes_with_every_change_the_page_shows(cli):
    def token():
        with reading() as reads:
            return change_token(reads)

    seen = [token()]
    steps = [("match", "new", "simone", "--players", "Anna,Bruno"),
             ("hand", "add", "1", "Anna=12", "Bruno=17", "knock=Bruno"),
             ("hand", "undo", "1"),
             ("hand", "add", "1", "Anna=3", "Bruno=9", "knock=Anna"),
             ("match", "end", "1"),
             ("match", "reopen", "1"),
             ("player", "rename", "Anna", "Annalisa")]
    for step in steps:
        cli(*step)
        seen.append(token())
        assert seen[-1] != seen[-2], step
    assert token() == seen[-1]  # and only then
    with reading() as reads:  # the next night is another page
        assert change_token(reads, dt.datetime.now() + dt.timedelta(days=1)) != seen[-1]


def test_every_text_is_in_the_catalogue_and_every_entry_is_used():
    source = "\n".join(p.read_text(encoding="utf-8") for p in WEB.glob("*.py") if p.name != "texts.py")
    used = set(re.findall(r"""text\(\s*["']([\w.]+)["']\s*[,)]""", source))
    used |= {f"status.{s}" for s in ("open", "finished", "ended")}  # text("status." + m.status)
    used |= set(re.findall(r"""_message\(\d+,\s*["']([\w.]+)["']""", source))
    assert used <= set(TEXTS), used - set(TEXTS)
    assert set(TEXTS) <= used, set(TEXTS) - used
