"""Club sessions in Italian (issue 15): errors, rankings, travellers, the HTML page and the stored
sessions' messages from the catalogue; the CSV in the spreadsheet dialect of the language (Italian:
``;`` and decimal commas), the other one a ``--csv-dialect`` away; ``--json`` the same in both
languages."""

from __future__ import annotations

import re

import pytest

from club_helpers import FIXTURES
from ledger.club import score_document
from ledger.club.report import csv_text, describe, fixed, ranking_tables
from ledger.errors import LedgerError
from ledger.i18n import use

SESSION = str(FIXTURES / "test_set.session.json")


@pytest.fixture
def italian():
    use("it")
    yield
    use("en")


def test_figures_in_the_language():
    assert fixed(54.1666, 2, "en") == "54.17" and fixed(54.1666, 2, "it") == "54,17"
    assert fixed(1234.5, 2, "it") == "1.234,50" and fixed(1234.5, 2, "en") == "1234.50"


def test_errors_read_in_italian():
    with pytest.raises(LedgerError) as info:
        score_document({"event": "pairs", "scoring": "imps", "boards": []})
    err = info.value
    assert err.code == "club.imps_teams_only" and err.field == "scoring"
    assert err.msg.render("en") == "scoring imps is for teams; pairs are scored by mp, mp-acbl, butler or cross-imps"
    assert err.msg.render("it") == ("il conteggio imps è per le squadre; per coppie si usa mp, mp-acbl, butler o "
                                    "cross-imps")
    with pytest.raises(LedgerError) as info:
        score_document({"event": "pairz"})
    assert info.value.msg.render("it") == "evento sconosciuto 'pairz' (forse intendevi 'pairs'?)"
    assert info.value.msg.render("en") == "unknown event 'pairz' (did you mean 'pairs'?)"


def test_ranking_and_description_in_italian(italian):
    import json

    scored = score_document(json.loads((FIXTURES / "test_set.session.json").read_text(encoding="utf-8")))
    assert describe(scored) == "Coppie · punti match · 28 smazzate, 616 risultati · classifica unica"
    table = ranking_tables(scored)[0]
    assert table.title == "Classifica · punti match"
    assert [c.header for c in table.columns][:2] == ["posto", "coppia"]
    assert "," in table.rows[0][2] and "." not in table.rows[0][2]  # 718,90


def test_csv_dialects(cli, tmp_path):
    it, en, comma = tmp_path / "it.csv", tmp_path / "en.csv", tmp_path / "comma.csv"
    said = tmp_path / "said.csv"  # headers and codes in Italian
    cli("--lang", "it", "club", "score", SESSION, "--csv", str(said))
    lines = said.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0] == "posizione;coppia;linea;nome;mp;percentuale;smazzate"
    assert "smazzata;zona;ns;eo;contratto;punti_ns;mp_ns;mp_eo;percentuale_ns;percentuale_eo" in lines
    assert not any(";EW;" in line or ";None;" in line for line in lines)  # EO, nessuno
    # with --csv-names the machine names: the dialect is then the separators and the decimals
    cli("--lang", "it", "club", "score", SESSION, "--csv", str(it), "--csv-names")
    cli("--lang", "en", "club", "score", SESSION, "--csv", str(en))
    cli("--lang", "it", "club", "score", SESSION, "--csv", str(comma), "--csv-dialect", "comma", "--csv-names")
    assert it.read_bytes().startswith(b"\xef\xbb\xbf") and not en.read_bytes().startswith(b"\xef")  # as report --csv
    first_it = it.read_text(encoding="utf-8-sig").splitlines()[:2]
    assert first_it[0] == "rank;pair;direction;name;mp;pct;boards"
    assert first_it[1].split(";")[4] == "718,9048"
    assert en.read_text(encoding="utf-8").splitlines()[1].split(",")[4] == "718.9048"
    # the dialect is the separators and the decimals; the contracts are said in the language
    def english(text):  # West is O (Ovest) in an Italian contract: 3NT O -3
        return re.sub(r"(,\d(?:NT|[SHDC])X{0,2}) O ", r"\1 W ", text.replace("passata", "passed out"))

    assert english(comma.read_text(encoding="utf-8")) == en.read_text(encoding="utf-8")
    semicolon = tmp_path / "semi.csv"
    cli("--lang", "en", "club", "score", SESSION, "--csv", str(semicolon), "--csv-dialect", "semicolon")
    assert semicolon.read_text(encoding="utf-8").replace("passed out", "passata") == \
        re.sub(r"(;\d(?:NT|[SHDC])X{0,2}) O ", r"\1 W ", it.read_text(encoding="utf-8"))
    line = cli.error("--lang", "it", "club", "score", SESSION, "--csv", str(tmp_path / "x.csv"), "--csv-dialect",
                     "tab")
    assert line.endswith("csv-dialect: 'tab' non è un dialetto CSV (comma o semicolon)")
    assert not (tmp_path / "x.csv").exists()


def test_json_is_the_same_in_both_languages(cli):
    assert cli("--lang", "it", "club", "score", SESSION, "--json").stdout == \
        cli("--lang", "en", "club", "score", SESSION, "--json").stdout


def test_report_and_html_in_italian(cli, tmp_path):
    page = tmp_path / "s.html"
    out = cli("--lang", "it", "club", "score", str(FIXTURES / "butler.pbn"), "--html", str(page)).stdout
    assert "Coppie · IMP Butler" in out and "Smazzata 28 · vulnerabili: NS · datum +90" in out
    assert f"scritto {page}" in out
    html = page.read_text(encoding="utf-8")
    assert "Viaggiatori" in html and "IMP progressivi dopo ogni smazzata" in html


def test_stored_session_in_italian(cli):
    out = cli("--lang", "it", "club", "new", "--title", "Martedì").stdout
    assert "Torneo 1 iniziato (coppie, mp): ledger club add 1 SMAZZATA NS EW 4SX O -2" in out
    out = cli("--lang", "it", "club", "add", "1", "1", "7", "12", "4SX", "W", "-2").stdout
    assert "Risultato 1 inserito: smazzata 1. La classifica: ledger club show 1" in out
    assert "Smazzata 1 · vulnerabili: nessuno · top 0" in out
    history = cli("--lang", "it", "club", "history", "1").stdout
    assert "Risultati come inseriti" in history and "7 contro 12: 4SX W 8 prese" in history
    assert cli.error("--lang", "it", "club", "add", "1", "1", "8", "13", "honours", "NS", "100").endswith(
        "honors: gli onori non si contano nel duplicato (Legge 77)")
    assert cli("--lang", "it", "club", "history", "1", "--json").stdout == \
        cli("--lang", "en", "club", "history", "1", "--json").stdout


def test_a_score_that_is_no_score(cli):
    from ledger.club.entry import result_words

    with pytest.raises(LedgerError) as info:
        result_words("pairs", ["7", "12", "score=abc"])
    assert info.value.field == "score_ns" and info.value.msg.render("it") == "'abc' non è un punteggio"
    assert info.value.msg.render("en") == "'abc' is not a score"
