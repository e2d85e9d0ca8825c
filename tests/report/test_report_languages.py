"""The report, the statistics, the HTML page and the CSV files in Italian (issue 15): the same
content as in English, in the players' words and digits; the JSON the same in both languages.

Money is written as CLDR's Italian locale writes it: ``4,60\xa0€`` (a no-break space before the sign).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from contextlib import contextmanager

import pytest

from types import SimpleNamespace

from rich.cells import cell_len

from evening import NIGHT
from ledger import i18n
from ledger.i18n import Msg
from ledger.report.text import _pct, figure_header, hands_and_deals, won_open
from ledger.summary import Period
from tests.cli.test_widths import columns  # noqa: F401 (a fixture: the console COLUMNS wide)


def test_the_night_report_reads_in_italian(evening, cli):
    out = cli("--lang", "it", "report").stdout
    for text in ("La serata di sabato 14 marzo 2026", "6 partite · 5 giochi · 7 giocatori · 25 mani · 8 smazzate · 1 correzione",
                 "Partite", "Classifica", "Chi paga chi", "Momenti salienti", "Carla ha vinto",
                 "7 mani, 1 corretta", "In corso dopo 3 mani", "Anna & Carla 5.800 · Bruno & Dario 3.300",
                 "(vite)", "(mani vinte)", "Bruno paga Dario 4,60\xa0€", "+10,60",
                 "La partita 6 è ancora in corso e non è contata",
                 "Migliore della serata: Carla, 2 vittorie in 5 partite",
                 "Chi ha vinto di più: Dario, in attivo di 10,60\xa0€", "Trentuno (partita 3): "):
        assert text in out, text
    for english in ("The night of", "Matches", "Standings", "Who pays whom", "Highlights", " won", "In play",
                    "pays", "1.50 EUR", "(lives)"):
        assert english not in out, english
    # a game's notes put into words at once (bridge's rubber line) read in Italian, and stay English in the JSON
    assert "rubber 1: manche 2–1, premio di rubber 500" in " ".join(out.split())
    bridge = next(m for m in cli.json("--lang", "it", "report")["matches"] if m["game"] == "bridge")
    assert bridge["details"] == ["rubber 1: games 2–1, rubber bonus 500, margin 350"]


@pytest.mark.parametrize("lang, night, bridge, trentasette", [
    ("it", "25 mani · 8 smazzate", "8 smazzate", "7 mani"),
    ("en", "25 hands · 8 deals", "8 deals", "7 hands")])
def test_the_headline_counts_bridge_s_deals_apart_from_the_other_games_hands(evening, cli, lang, night, bridge,
                                                                            trentasette):
    """The night's 8 bridge deals are smazzate, the 25 hands of trentasette, trentuno, Simone and
    canasta mani (``Game.deals``), each counted with its own plural (docs/languages.md)."""
    assert night in cli("--lang", lang, "report").stdout.splitlines()[1]
    only_bridge = cli("--lang", lang, "report", "--game", "bridge").stdout.splitlines()[1]
    assert bridge in only_bridge and trentasette.split()[1] not in only_bridge
    only_37 = cli("--lang", lang, "report", "--game", "trentasette").stdout.splitlines()[1]
    assert trentasette in only_37 and bridge.split()[1] not in only_37


def test_hands_and_deals_counts_each_game_in_its_own_word():
    def night(*played):
        return [SimpleNamespace(game=game, hands=n) for game, n in played]

    with speaking("it"):
        shown = [[str(m) for m in hands_and_deals(night(*ms))] for ms in (
            [("trentasette", 7), ("bridge", 8), ("scopa", 5)], [("bridge", 1)], [("bridge", 2), ("bridge", 3)],
            [("simone", 1)], [("canasta", 0)], [], [("bridge", 0)], [("bridge", 0), ("burraco", 6)])]
    assert shown == [["12 mani", "8 smazzate"], ["1 smazzata"], ["5 smazzate"], ["1 mano"], ["0 mani"],
                     ["0 mani"], ["0 mani"], ["6 mani"]]
    assert [str(m) for m in hands_and_deals(night(("trentasette", 1), ("bridge", 1)))] == ["1 hand", "1 deal"]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_highlights_wrap_under_their_text_at_80_columns(cli, columns, lang):
    """The demo night's report at 80 columns: a highlight too long for its line goes on under
    its text, two cells in, as the other folded lists do (``ledger.cli.screen.wrap``)."""
    cli("demo")
    columns(80)
    out = cli("--lang", lang, "report").stdout.splitlines()
    start = out.index("Momenti salienti" if lang == "it" else "Highlights") + 1
    lights = out[start:]
    assert all(cell_len(line) <= 80 for line in out), [line for line in out if cell_len(line) > 80]
    assert lights and lights[0].startswith("• ")
    continued = [line for line in lights if not line.startswith("• ")]
    assert continued, "no highlight is wider than 80 columns: nothing to check"
    assert all(line.startswith("  ") and line[2] != " " for line in continued), continued
    # folded between words only: each highlight reads as it does on a screen wide enough for it
    columns(400)
    wide = cli("--lang", lang, "report").stdout.splitlines()
    one_line = wide[wide.index(out[start - 1]) + 1:]
    assert [x.strip() for x in " ".join(line.strip() for line in lights).split("• ")[1:]] == [x.removeprefix("• ") for x in one_line]
    assert len(one_line) < len(lights)


def test_the_same_report_in_english_is_unchanged(evening, cli):
    out = cli("--lang", "en", "report").stdout
    for text in ("The night of Saturday 14 March 2026", "Carla won", "In play after 3 hands",
                 "Anna & Carla 5800 · Bruno & Dario 3300", "Bruno pays Dario 4.60 EUR",
                 "Player of the night: Carla, 2 wins in 5 matches", "Biggest winner: Dario, up 10.60 EUR"):
        assert text in out, text


@pytest.mark.parametrize("args", [("report",), ("report", "--from", "2026-01-01"), ("stats",),
                                  ("stats", "--player", "Anna", "--vs", "Bruno"), ("stats", "--game", "bridge"),
                                  ("report", "--game", "simone")])
def test_json_is_byte_identical_in_both_languages(evening, cli, args):
    english = cli("--lang", "en", *args, "--json").stdout
    assert cli("--lang", "it", *args, "--json").stdout == english
    assert cli("--lang", "it", *args, "--json").stdout == cli(*args, "--json").stdout


@contextmanager
def speaking(lang: str):
    saved = i18n.language()
    i18n.use(lang)
    try:
        yield
    finally:
        i18n.use(saved)


def test_statistics_in_italian(evening, cli):
    out = cli("--lang", "it", "stats").stdout
    for text in ("Statistiche · tutte le serate", "Giocatori (7 partite)", "giocatore", "% vittorie",
                 "media per mano", "vite perse", "somma media", "50%", "17,6", "1.933,3", "+10,60"):
        assert text in out, text
    with speaking("it"):
        headers = [figure_header(k) for k in ("rubbers", "rubbers_won", "average_margin", "hands_won", "new_one")]
        assert won_open(2, 1) == "2 (1 in corso)" and won_open(12000, 0) == "12.000"
    assert headers == ["rubber", "rubber vinti", "scarto medio", "mani vinte", "new one"]
    with speaking("en"):
        assert won_open(2, 1) == "2 (1 open)" and won_open(12000, 0) == "12000"
    h2h = " ".join(cli("--lang", "it", "stats", "--player", "Anna", "--vs", "Bruno").stdout.split())  # unwrapped
    for text in ("Anna contro Bruno", "Uno contro l'altro: 5 partite: Anna ne ha vinta 1, Bruno ne ha vinta 1, "
                 "2 senza vincitore, 1 ancora in corso.", "Anna in queste partite: -3,40 €"):
        assert text in h2h, text  # (split() takes the no-break space for a space too)


def test_percentages_in_the_locale_rounded_half_up():
    assert (_pct(0.125), _pct(0.625), _pct(1.0), _pct(None)) == ("13 %", "63 %", "100 %", "—")
    i18n.use("it")
    assert (_pct(0.125), _pct(0.625), _pct(1.0), _pct(None)) == ("13%", "63%", "100%", "—")


def test_periods_in_words_in_each_language():
    d = dt.date(2026, 12, 1)
    assert Period(d, d).label_msg().render("it") == "la serata di martedì 1 dicembre 2026"
    assert Period(d, d, demo=True).label_msg().render("en") == "the night of Tuesday 1 December 2026 (demo)"
    assert Period(d, dt.date(2026, 12, 8)).label_msg().render("it") == "dal 2026-12-01 al 2026-12-08"
    assert Period().label_msg().render("it") == "tutte le serate"
    assert Period(d, d).to_json()["label"] == "the night of Tuesday 1 December 2026"


def test_the_html_report_in_italian(evening, cli, tmp_path):
    path = tmp_path / "r.html"
    cli("--lang", "it", "report", "--from", "2026-01-01", "--html", str(path))
    page = path.read_text(encoding="utf-8")
    assert '<html lang="it">' in page
    for text in ("Classifica", "Chi paga chi", "Momenti salienti", "Partita 5 · Bridge", "serata di sabato 14 marzo 2026",
                 "7 mani, 1 corretta", "Mano per mano", "<th>squadra</th><th>punti</th>", "<td>5.800</td>",
                 "Punti dopo ogni mano", "Vite dopo ogni mano", "Bruno paga Dario 4,60\xa0€", "Fatto con ledger"):
        assert text in page, text
    # the numbers on the charts: the axis of the Canasta match and its target
    assert ">4.000<" in page and ">obiettivo 15.000<" in page
    english = tmp_path / "e.html"
    cli("--lang", "en", "report", "--from", "2026-01-01", "--html", str(english))
    page = english.read_text(encoding="utf-8")
    assert '<html lang="en">' in page and ">4000<" in page and "night of Saturday 14 March 2026" in page


def _rows(path, delimiter):
    text = path.read_text(encoding="utf-8-sig")
    return list(csv.DictReader(io.StringIO(text), delimiter=delimiter))


def test_csv_in_the_languages_dialect_and_the_other_one_option_away(evening, cli, tmp_path):
    cli("--lang", "it", "report", "--csv", str(tmp_path / "it"))
    raw = (tmp_path / "it" / "transfers.csv").read_bytes()
    assert raw.startswith("\ufeff".encode()) and raw.decode("utf-8-sig").startswith("valuta;paga;riceve;importo\r\n")
    transfers = _rows(tmp_path / "it" / "transfers.csv", ";")
    assert {"valuta": "EUR", "paga": "Bruno", "riceve": "Dario", "importo": "4,60"} in transfers
    matches = _rows(tmp_path / "it" / "matches.csv", ";")
    assert [m["punteggio"] for m in matches if m["partita"] == "6"] == ["Anna & Carla 5.800 · Bruno & Dario 3.300"]
    assert {m["stato"] for m in matches} <= {"finita", "in corso", "chiusa in anticipo"}
    assert {m["dimostrativa"] for m in matches} == {"no"}
    results = _rows(tmp_path / "it" / "results.csv", ";")
    assert all("," in r["netto"] for r in results if r["netto"]) and "net_cents" not in results[0]
    assert {r["vinto"] for r in results} <= {"sì", "no", ""}
    assert _rows(tmp_path / "it" / "standings.csv", ";")[0].keys() == {"nome", "gioco", "giocate", "vinte", "in_corso"}
    cli("--lang", "it", "report", "--csv", str(tmp_path / "names"), "--csv-names")  # the machine names kept
    assert _rows(tmp_path / "names" / "transfers.csv", ";")[0] == {"currency": "EUR", "payer": "Bruno",
                                                                   "payee": "Dario", "amount": "4,60"}
    assert {m["status"] for m in _rows(tmp_path / "names" / "matches.csv", ";")} <= {"finished", "open", "ended"}
    cli("--lang", "it", "report", "--csv", str(tmp_path / "en"), "--csv-dialect", "comma")
    assert (tmp_path / "en" / "transfers.csv").read_text(encoding="utf-8").startswith("valuta,paga,riceve,importo")
    assert {"importo": "4.60"}.items() <= _rows(tmp_path / "en" / "transfers.csv", ",")[0].items()
    cli("report", "--csv", str(tmp_path / "plain"))
    assert (tmp_path / "plain" / "transfers.csv").read_bytes().startswith(b"currency,payer,payee,amount")  # English
    cli("report", "--csv", str(tmp_path / "semi"), "--csv-dialect", "SemiColon")
    assert _rows(tmp_path / "semi" / "transfers.csv", ";")[0]["amount"] == "4,60"


def test_a_csv_dialect_the_ledger_does_not_know_is_refused_in_the_language(evening, cli, tmp_path):
    line = cli.error("--lang", "it", "report", "--csv", str(tmp_path / "x"), "--csv-dialect", "fr")
    assert "csv-dialect: 'fr' non è un dialetto CSV (comma o semicolon)" in line
    assert "csv-dialect: 'fr' is not a CSV dialect (comma or semicolon)" in cli.error(
        "report", "--csv", str(tmp_path / "x"), "--csv-dialect", "fr")
    assert not (tmp_path / "x").exists()


def test_the_reports_messages_keep_their_codes(evening, cli):
    from ledger.cli.app import reading
    from ledger.report.build import build_report
    from ledger.store.reports import load_matches

    period = Period(dt.date.fromisoformat(NIGHT), dt.date.fromisoformat(NIGHT))
    with reading() as reads:
        report = build_report(load_matches(reads, period), period)
    carla = report.matches[0]
    assert isinstance(carla.result, Msg) and carla.result.render("it") == "Carla ha vinto: Carla 38 · Anna 25 · Bruno 1"
    assert carla.to_json()["result"] == "Carla won: Carla 38 · Anna 25 · Bruno 1"
    top = report.highlights[1]
    assert top.kind == "biggest winner" and top.text.code == "report.biggest_winner"
    assert report.to_json()["highlights"][1]["text"] == "Biggest winner: Dario, up 10.60 EUR"
