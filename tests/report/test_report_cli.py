"""``ledger report`` end to end on the fixed evening (tests/report/evening.py): the terminal report,
its JSON, its CSV tables and its HTML page, and ``ledger settle`` with every game's stakes."""

from __future__ import annotations

import csv
import re

from evening import EARLIER, NIGHT
from ledger.cli.cmd_ledger import demo_documents

# every match's nets in cents (see evening.py): 37 at 0.10 a point, Trentuno's own, Simone 1.00 a
# match, bridge 0.10 per 100 (350 → 4); the canasta is still in play and not counted
NETS = {"Anna": 110 - 350 - 100, "Bruno": -610 - 150 + 300, "Carla": 500 - 350 - 100 + 40,
        "Dario": 1200 - 100 - 40, "Elena": -350 + 40, "Franco": -40}
TRANSFERS = [("Bruno", "Dario", 460), ("Anna", "Dario", 340), ("Elena", "Dario", 260), ("Elena", "Carla", 50),
             ("Franco", "Carla", 40)]


def test_the_json_report_of_the_most_recent_night(with_demo, cli):
    rep = cli.json("report")
    assert rep["period"]["nights"] == [NIGHT] and rep["period"]["demo"] is False
    ms = {m["id"]: m for m in rep["matches"]}
    assert list(ms) == [2, 3, 4, 5, 6, 7]
    assert [ms[i]["game"] for i in ms] == ["trentasette", "trentuno", "simone", "bridge", "canasta", "simone"]
    t37 = ms[2]
    assert (t37["hands"], t37["corrections"], t37["winner"], t37["totals"]) == \
        (7, 1, "Carla", {"Anna": 25, "Bruno": 1, "Carla": 38})
    assert t37["order"] == ["Carla", "Anna", "Bruno"]
    assert t37["result"] == "Carla won: Carla 38 · Anna 25 · Bruno 1"
    assert t37["money"]["nets"] == {"Anna": 110, "Bruno": -610, "Carla": 500}
    assert [r["totals"]["Carla"] for r in t37["running"]][:2] == [0, 12] and len(t37["running"]) == 8
    assert ms[3]["unit"] == "lives" and ms[3]["totals"]["Dario"] == 1 and ms[3]["winner"] == "Dario"
    bridge = ms[5]
    assert bridge["sides"] == {"NS": ["Carla", "Elena"], "EW": ["Dario", "Franco"]}
    assert bridge["winner"] == "NS" and bridge["winning_players"] == ["Carla", "Elena"]
    assert bridge["money"]["stake"] == "0.10 EUR per 100 points of margin (rounded)"
    canasta = ms[6]
    assert canasta["unfinished"] is True and canasta["status"] == "open" and canasta["winner"] is None
    assert canasta["result"].startswith("In play after 3 hands")
    assert canasta["money"]["nets"] is None


def test_the_settlement_adds_every_game_and_sums_to_zero(evening, cli):
    money = cli.json("report")["settlement"]
    eur = money["currencies"]["EUR"]
    assert eur["nets"] == NETS and sum(eur["nets"].values()) == 0
    assert [(t["payer"], t["payee"], t["cents"]) for t in eur["transfers"]] == TRANSFERS
    assert money["skipped"] == [6] and sorted(money["matches"]) == [2, 3, 4, 5]
    left = dict(eur["nets"])
    for t in eur["transfers"]:
        left[t["payer"]] += t["cents"]
        left[t["payee"]] -= t["cents"]
    assert set(left.values()) == {0}
    settled = cli.json("settle", "--night", NIGHT)
    assert settled["currencies"]["EUR"]["nets"] == NETS and settled["skipped"] == [6]


def test_standings_and_highlights(evening, cli):
    rep = cli.json("report")
    table = {s["player"]: s for s in rep["standings"]}
    assert rep["standings"][0]["player"] == "Carla"  # 37 and the rubber
    assert (table["Carla"]["played"], table["Carla"]["won"]) == (5, 2)
    assert table["Anna"]["games"]["simone"] == {"played": 2, "won": 0, "open": 0}
    assert table["Anna"]["open"] == 1 and table["Zoë <3"]["won"] == 1
    assert table["Dario"]["money"] == {"EUR": NETS["Dario"]}
    kinds = {(h["kind"], h["match"]) for h in rep["highlights"]}
    assert {("31", 3), ("run", 2), ("penalty", 5), ("biggest hand", 6), ("dirty pinelle canasta", 6)} <= kinds
    assert ("biggest winner", None) in kinds
    assert "Dario showed 31 (hand 7)" in [h["text"] for h in rep["highlights"]]


def test_the_terminal_report(evening, cli):
    out = cli("report").stdout
    for text in ("The night of Saturday 14 March 2026", "Trentasette", "Carla won", "Carla 38 · Anna 25 · Bruno 1",
                 "in play", "Standings", "Who pays whom", "Bruno pays Dario 4.60 EUR",
                 "Match 6 is still in play and not counted", "Highlights", "Dario showed 31",
                 "played for 0.10 EUR per point of margin", "1 corrected"):
        assert text in out, text
    assert "2026-03-07" not in out


def test_choosing_nights_players_games_and_the_demo(with_demo, cli):
    assert [m["id"] for m in cli.json("report", "--night", EARLIER)["matches"]] == [1]
    both = cli.json("report", "--from", EARLIER, "--to", NIGHT)
    assert both["period"]["nights"] == [EARLIER, NIGHT] and len(both["matches"]) == 7
    assert "2026-03-07" in cli("report", "--from", EARLIER, "--to", NIGHT).stdout
    anna = cli.json("report", "--player", "anna")
    assert anna["period"]["player"] == "Anna" and [m["id"] for m in anna["matches"]] == [2, 3, 4, 6, 7]
    elena = cli.json("report", "--player", "Elena", "--from", EARLIER)
    assert [m["id"] for m in elena["matches"]] == [3, 5]
    assert [m["id"] for m in cli.json("report", "--game", "simone", "--from", EARLIER)["matches"]] == [1, 4, 7]
    demo = cli.json("report", "--demo")
    assert demo["period"]["demo"] is True and {m["demo"] for m in demo["matches"]} == {True}
    assert len(demo["matches"]) == len(demo_documents())
    assert cli.json("report", "--night", "2026-01-01")["matches"] == []


def test_the_demo_night_stands_in_for_an_empty_ledger(cli):
    assert "No matches in the ledger yet." in cli("report").stdout
    for command in ("report", "stats"):
        assert "load the demo night with `ledger demo`" in cli(command, "--demo").stdout
    cli("demo")
    rep = cli.json("report")
    assert rep["period"]["demo_stands_in"] is True and len(rep["matches"]) == len(demo_documents())
    assert "This is the demo night" in cli("report").stdout


def test_bad_report_options_follow_the_error_contract(evening, cli):
    assert cli.error("report", "--player", "Nobody") == "error: player: no player called 'Nobody'"
    assert cli.error("report", "--night", "soon").startswith("error: night: 'soon' is not a date")
    assert cli.error("report", "--night", NIGHT, "--from", EARLIER).startswith("error: night:")
    assert cli.error("report", "--from", NIGHT, "--to", EARLIER).startswith("error: to:")
    assert cli.error("report", "--game", "poker").startswith("error: game:")


def test_csv_tables(evening, cli, tmp_path):
    out = tmp_path / "csv"
    result = cli("report", "--csv", str(out))
    assert "Wrote" in result.stdout
    files = {p.name for p in out.iterdir()}
    assert files == {"matches.csv", "hands.csv", "results.csv", "standings.csv", "transfers.csv"}

    def rows(name):
        with open(out / name, newline="", encoding="utf-8") as f:
            return list(csv.DictReader(f))

    matches = rows("matches.csv")
    assert [int(r["match"]) for r in matches] == [2, 3, 4, 5, 6, 7]
    assert matches[0]["winner"] == "Carla" and matches[0]["corrections"] == "1"
    assert matches[4]["status"] == "open" and matches[4]["winner"] == ""
    hands = rows("hands.csv")
    # one row per hand and side: 7×3 + 9×5 + 5×4 + 8×2 + 3×2 + 1×2
    assert len(hands) == 21 + 45 + 20 + 16 + 6 + 2
    first = [r for r in hands if r["match"] == "2" and r["hand"] == "1"]
    assert {r["side"]: (r["value"], r["total"]) for r in first} == \
        {"Anna": ("1", "1"), "Bruno": ("-8", "-8"), "Carla": ("12", "12")}
    results = rows("results.csv")
    nets = {}
    for r in results:
        if r["net"]:  # an amount in the currency, never cents
            nets[r["player"]] = nets.get(r["player"], 0) + round(float(r["net"]) * 100)
    assert nets == NETS
    assert {r["won"] for r in results if r["match"] == "6"} == {""}
    transfers = rows("transfers.csv")
    assert [(r["payer"], r["payee"], round(float(r["amount"]) * 100)) for r in transfers] == TRANSFERS
    assert transfers[0]["amount"] == "4.60" and transfers[0]["currency"] == "EUR"
    standings = rows("standings.csv")
    assert {"player": "Carla", "game": "all", "played": "5", "won": "2", "open": "1"} in standings


def test_csv_with_json_keeps_stdout_for_json(evening, cli, tmp_path):
    result = cli("report", "--json", "--csv", str(tmp_path / "c"))
    assert result.stdout.lstrip().startswith("{") and "Wrote" in result.stderr
    (tmp_path / "afile").write_text("x")
    assert cli.error("report", "--csv", str(tmp_path / "afile")).startswith("error: csv:")


EXTERNAL = re.compile(r"""(?:src|href|xlink:href)\s*=\s*["']?\s*(?!#)[^"'\s>]+|<link\b|<script\b|@import|url\(""",
                      re.IGNORECASE)


def test_the_html_page_is_self_contained_and_says_the_same(evening, cli, tmp_path):
    page_path = tmp_path / "night.html"
    result = cli("report", "--html", str(page_path))
    assert result.stdout.strip() == f"Wrote {page_path}"
    page = page_path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'name="viewport"' in page
    assert EXTERNAL.findall(page) == []
    assert not re.search(r"(?:https?|file|ftp):", page.replace("http://www.w3.org/2000/svg", ""))
    assert page.count("<svg") == 6  # one chart per match
    rep = cli.json("report")
    for m in rep["matches"]:
        assert f"Match {m['id']} · " in page
    for line in ("Bruno pays Dario 4.60 EUR", "Dario showed 31 (hand 7)", "in play",
                 "Carla won", "0.10 EUR per 100 points of margin (rounded)"):
        assert line in page, line
    assert "Zoë &lt;3" in page and "Zoë <3" not in page
    assert "Standings" in page and "Who pays whom" in page and "Highlights" in page


def test_the_html_page_of_the_demo_is_the_same_every_time(cli, tmp_path):
    cli("demo")
    cli("report", "--html", str(tmp_path / "a.html"))
    cli("report", "--html", str(tmp_path / "b.html"))
    assert (tmp_path / "a.html").read_text() == (tmp_path / "b.html").read_text()
    assert cli.error("report", "--html", str(tmp_path / "missing" / "x.html")).startswith("error: html:")


def test_a_narrow_screen_never_cuts_an_amount_or_a_game_short(cli, monkeypatch):
    """At 80 columns (a pipe) the demo standings have every game and every net in full."""
    import ledger.cli.render as render

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(render, "_console", None)
    cli("demo")
    out = cli("report").stdout
    # the one "…" allowed is the report's own line for the highlights it leaves to the HTML page
    assert not [line for line in out.splitlines() if "…" in line and not re.search(r"… and \d+ more", line)], out
    dario = [line for line in out.splitlines() if line.strip().startswith("Dario") and "+16.00" in line]  # the net in full
    assert dario, out
    for game in ("trentasette", "trentuno", "canasta"):
        assert game in out


def test_each_games_statistics_list_that_games_winners_first(cli):
    from ledger.report.text import stats_sections
    from ledger.report.stats import build_stats
    from ledger.store.reports import choose_period, load_outcomes
    from ledger.store.service import Ledger

    cli("demo")
    with Ledger().reads() as reads:
        period = choose_period(reads, latest=False, demo=True)
        stats = build_stats(load_outcomes(reads, period), period)
    _, sections = stats_sections(stats)
    trentuno = next(sec for sec in sections if sec.title == "Trentuno").tables[0]
    assert trentuno.rows[0][0] == "Dario" and trentuno.rows[0][2] == "1"  # the demo's Trentuno winner
    for sec in sections[1:]:
        if sec.tables and sec.title not in ("Head to head",):
            won = [int(r[2]) for r in sec.tables[0].rows]
            assert won == sorted(won, reverse=True), sec.title
