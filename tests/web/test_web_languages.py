"""``ledger serve``'s page in the language the server was started in (docs/serve.md): the ``lang``
attribute, every text, the night's date, digits and money; the refusals too."""

from __future__ import annotations

import datetime as dt
import html
import socket
import time

import pytest
from starlette.testclient import TestClient

from ledger import i18n
from ledger.errors import LedgerError
from ledger.summary import Period
from ledger.web.app import create_app
from ledger.web.page import night_label
from ledger.web.server import bind
from ledger.web.texts import TEXTS, text

KEY = "k3y-for-the-tests"


@pytest.fixture
def italian():
    """The server started in Italian (``ledger --lang it serve``)."""
    i18n.use("it")
    yield
    i18n.use("en")


@pytest.fixture
def client(ledger_db, italian):
    with TestClient(create_app(KEY, poll=0.05), base_url="http://127.0.0.1:8037") as c:
        yield c


def test_the_page_speaks_italian(cli, client):
    cli("demo")  # a command run in this process speaks its own language (English here): not the server's
    client.get(f"/?key={KEY}")
    deadline = time.monotonic() + 10
    while "Partita 6" not in (page := html.unescape(client.get(f"/?key={KEY}").text)) and time.monotonic() < deadline:
        time.sleep(0.05)
    for wanted in ('<html lang="it">', "Stasera al tavolo", "Classifica", "Chi paga chi", "giocatore", "vinte",
                   "squadra", "punti", "Partita 6 · Canasta", "6 mani", "ha vinto", "Aggiornato alle ",
                   "paga Dario 3,50\xa0€", "15.020", 'data-live="In diretta"', "Sola lettura · si aggiorna da sé"):
        assert wanted in page, wanted
    for english in ("Tonight at the table", "Standings", "Who pays whom", "Live", "Read only"):
        assert english not in page, english


def test_the_server_keeps_the_language_it_was_started_in(cli, client):
    """The process's language changed after the server was made (another command in the same
    process, as the test above runs ``demo``) changes nothing the server says: each board it reads,
    every page and refusal. (The board used to be read in whatever language the process spoke at
    that moment: a board read while ``demo`` ran, finished after a test had asked for it again,
    stayed English: the page then never said "Partita 6" and the test above failed when slow.)"""
    i18n.use("en")
    cli("match", "new", "segnapunti", "--players", "Anna,Bruno")
    assert i18n.language() == "en"
    deadline = time.monotonic() + 10
    while "Partita 1" not in (page := html.unescape(client.get(f"/?key={KEY}").text)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert '<html lang="it">' in page and "Partita 1 · Segnapunti" in page and "Stasera al tavolo" in page
    assert "Tonight at the table" not in page and "Match 1" not in page
    client.cookies.clear()
    assert "Questa pagina vuole la sua chiave" in html.unescape(client.get("/").text)


def test_a_match_of_tonight_names_the_night_in_full(italian):
    d = dt.date(2026, 12, 1)
    assert night_label(Period(d, d)) == "La serata di martedì 1 dicembre 2026"
    assert night_label(Period(d, d, demo=True)) == text("demo_night")
    i18n.use("en")
    assert night_label(Period(d, d)) == "The night of Tuesday 1 December 2026"


def test_counted_texts_take_the_plural_forms(italian):
    assert (text("hands", n=1), text("hands", n=3)) == ("1 mano", "3 mani")
    assert text("won", n=2, winners=["Anna", "Bruno"]) == "Anna e Bruno hanno vinto"
    assert text("open_count", n=1) == "1 aperta"


def test_every_text_has_its_italian(italian):
    for key, msg in TEXTS.items():
        assert msg.code == f"web.{key}"
        italian = i18n.ngettext(msg.text, msg.plural, 2, msg.code) if msg.plural else i18n.gettext(msg.text, msg.code)
        assert italian != msg.text, key


def test_refusals_in_the_servers_language(client):
    assert "Questa pagina vuole la sua chiave" in html.unescape(client.get("/").text)
    assert "sola lettura" in client.post(f"/?key={KEY}").text
    misdirected = client.get(f"/?key={KEY}", headers={"host": "evil.example.com"})
    assert misdirected.status_code == 421
    assert "Questo server non risponde a quel nome" in html.unescape(misdirected.text)


def test_a_port_in_use_is_refused_in_the_language(italian):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        with pytest.raises(LedgerError) as caught:
            bind("127.0.0.1", taken.getsockname()[1])
    finally:
        taken.close()
    err = caught.value
    assert err.field == "port" and err.code == "serve.cannot_listen"
    assert err.message.startswith("impossibile ascoltare su 127.0.0.1:")
    assert err.msg.render("en").startswith("cannot listen on 127.0.0.1:")


def test_ledger_serve_started_in_italian_says_so(serve):
    s = serve("--lang", "it")
    assert "Sola lettura: i giocatori aprono l'indirizzo qui sopra" in "\n".join(s.errors)
