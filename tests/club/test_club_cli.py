"""``ledger club score``: the terminal report, the HTML page, the CSV and the files' checks."""

from __future__ import annotations

import csv
import io

from club_helpers import FIXTURES
from ledger.cli.render import console


def test_terminal_report_ranking_then_travellers(cli):
    out = cli("club", "score", str(FIXTURES / "liigaButler1b.session.json")).stdout
    assert out.index("Ranking NS · cross-IMPs") < out.index("Ranking EW · cross-IMPs") < out.index("Board 17")
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    row = next(line for line in lines if line.split()[:2] == ["5", "205"])
    assert row.split() == ["5", "205", "3NT", "E", "-1", "50", "+112", "-112"]


def test_terminal_report_matchpoints_and_names(cli):
    out = cli("club", "score", str(FIXTURES / "butler.pbn"), "--scoring", "mp").stdout
    assert "Ranking · matchpoints" in out and "Riku Mattila - Patrik Eriks…" in out
    assert "Board 1 · nobody vulnerable · top 4" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_terminal_report_teams(cli):
    out = cli("club", "score", str(FIXTURES / "team.session.json")).stdout
    assert "Ranking · victory points" in out and "Matches · WBF continuous VP scale" in out
    assert "15.75-4.25" in out


def test_html_page_with_chart(cli, tmp_path):
    page = tmp_path / "night.html"
    result = cli("club", "score", str(FIXTURES / "test_set.session.json"), "--html", str(page))
    assert f"wrote {page}" in result.stdout
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "<script" not in html
    assert "Running percentage after each board" in html and "http://" not in html.split("<svg", 1)[0]
    assert html.count("<details>") == 28 and "Ranking · matchpoints" in html


def test_csv_ranking_then_results(cli, tmp_path):
    path = tmp_path / "night.csv"
    cli("club", "score", str(FIXTURES / "test_set.session.json"), "--csv", str(path), "--json")
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert rows[0] == ["rank", "pair", "direction", "name", "mp", "pct", "boards"]
    assert rows[1][:2] == ["1", "44"] and rows[1][4] == "718.9048"  # printed 718.9 by the software
    blank = rows.index([])
    assert rows[blank + 1][:6] == ["board", "vulnerable", "ns", "ew", "contract", "score_ns"]
    assert len(rows) - blank - 2 == 28 * 22
    adjusted = next(r for r in rows[blank + 2:] if r[4] == "A-/A+")
    assert adjusted[5] == "" and adjusted[6:8] == ["16.8000", "25.2000"]


def test_json_stays_alone_on_stdout_with_files(cli, tmp_path):
    out = cli("club", "score", str(FIXTURES / "team.session.json"), "--json", "--pbn", str(tmp_path / "t.pbn"))
    assert out.stdout.lstrip().startswith("{") and "wrote" not in out.stdout
    assert "[TotalScoreTable" in (tmp_path / "t.pbn").read_text(encoding="utf-8")


def test_output_in_a_missing_folder_is_refused_first(cli, tmp_path):
    line = cli.error("club", "score", str(tmp_path / "nothing.json"), "--html", str(tmp_path / "no" / "x.html"))
    assert line == f"error: html: {tmp_path / 'no' / 'x.html'} is in a folder that does not exist"


def test_unknown_scoring_option(cli):
    line = cli.error("club", "score", str(FIXTURES / "team.session.json"), "--scoring", "mp")
    assert line == "error: scoring: a teams event is scored in imps (IMPs between its two tables)"
