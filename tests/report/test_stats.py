"""``ledger stats`` on a known small ledger: every number checked by hand.

Night 2026-02-01: Simone (Anna, Bruno, Carla), target 2: Anna wins both hands (sums 5 and 3).
Night 2026-02-08: Simone (Anna, Bruno), target 1: Bruno wins (Anna 9, Bruno 2);
                  Simone (Anna, Bruno), target 3, still open after one hand (Anna 1, Bruno 2);
                  Bridge rubber, NS Anna & Bruno v EW Carla & Dario, 1.00 EUR per 100 points: the demo
                  rubber, 1040 to 690 (margin 350 → 4.00 EUR each);
                  Bridge duplicate, same sides, one board of 3NT made (NS +400), ended early.
Night 2026-02-15: the demo Trentuno (Anna, Bruno, Carla, Dario, Elena; Dario wins the pot).
"""

from __future__ import annotations

import json

import pytest

from evening import demo_doc, simone
from ledger.report.model import MatchRecord
from ledger.store.reports import choose_period, load_matches
from ledger.store.service import Ledger


@pytest.fixture
def small(ledger_db) -> Ledger:
    led = Ledger(str(ledger_db))
    rubber = demo_doc("40_bridge.json")
    rubber.update(sides={"NS": ["Anna", "Bruno"], "EW": ["Carla", "Dario"]}, night="2026-02-08",
                  options={"stake": "1.00", "stake_per": "100"})
    duplicate = {"game": "bridge", "rules": "duplicate", "sides": {"NS": ["Anna", "Bruno"], "EW": ["Carla", "Dario"]},
                 "hands": [{"contract": "3NT", "declarer": "N", "tricks": 9, "board": 1}], "ended_early": True,
                 "night": "2026-02-08"}
    trentuno = demo_doc("20_trentuno.json")
    trentuno["night"] = "2026-02-15"
    docs = [simone(["Anna", "Bruno", "Carla"], [{"Anna": 5, "Bruno": 10, "Carla": 20},
                                                {"Anna": 3, "Bruno": 10, "Carla": 20}], "2026-02-01", target=2),
            simone(["Anna", "Bruno"], [{"Anna": 9, "Bruno": 2}], "2026-02-08"),
            simone(["Anna", "Bruno"], [{"Anna": 1, "Bruno": 2}], "2026-02-08", target=3),
            rubber, duplicate, trentuno]
    for doc in docs:
        led.import_match(doc)
    return led


def test_players_overall(small, cli):
    stats = cli.json("stats")
    assert stats["matches"] == 6
    rows = {p["player"]: p for p in stats["players"]}
    anna = rows["Anna"]
    # Simone 1 won, 1 lost, 1 open; both bridge matches won; Trentuno lost
    assert (anna["played"], anna["won"], anna["open"], anna["win_rate"]) == (6, 3, 1, 0.6)
    assert anna["money"] == {"EUR": 400 - 350}
    assert rows["Dario"]["money"] == {"EUR": -400 + 1200}
    assert rows["Carla"]["win_rate"] == 0.0 and rows["Elena"]["played"] == 1
    assert [p["player"] for p in stats["players"]][:2] == ["Anna", "Bruno"]


def test_figures_per_game(small, cli):
    anna = cli.json("stats", "--player", "ANNA")["players"]
    assert [p["player"] for p in anna] == ["Anna"]
    games = anna[0]["games"]
    assert games["simone"] == {"played": 3, "won": 1, "open": 1, "win_rate": 0.5, "hands": 4, "hands_won": 3,
                               "average_sum": 4.5}
    assert games["bridge"] == {"played": 2, "won": 2, "open": 0, "win_rate": 1.0, "rubbers": 2, "rubbers_won": 2,
                               "average_margin": 375.0}
    assert games["trentuno"]["lives_lost"] == 4
    carla = cli.json("stats", "--player", "carla")["players"][0]["games"]
    assert carla["bridge"]["average_margin"] == -375.0 and carla["simone"]["average_sum"] == 20.0
    assert cli.json("stats", "--player", "dario")["players"][0]["games"]["trentuno"]["lives_lost"] == 2


def test_a_period_and_a_game(small, cli):
    feb8 = cli.json("stats", "--from", "2026-02-08", "--to", "2026-02-08")
    assert feb8["matches"] == 4
    assert {p["player"] for p in feb8["players"]} == {"Anna", "Bruno", "Carla", "Dario"}
    only = cli.json("stats", "--game", "simone")
    assert only["matches"] == 3 and set(only["players"][0]["games"]) == {"simone"}
    since = cli.json("stats", "--from", "2026-02-15")
    assert since["matches"] == 1 and since["players"][0]["player"] == "Dario"


def test_head_to_head(small, cli):
    h = cli.json("stats", "--player", "Anna", "--vs", "Bruno")["head_to_head"]
    assert h["a"] == "Anna" and h["b"] == "Bruno"
    # against each other: Simone (Anna won, Bruno won, open) and Trentuno (Dario won: neither)
    assert h["opponents"] == {"played": 4, "a_won": 1, "b_won": 1, "neither": 1, "open": 1}
    assert h["partners"] == {"played": 2, "won": 2, "open": 0}
    assert h["games"]["simone"] == {"played": 3, "a_won": 1, "b_won": 1, "neither": 0, "open": 1}
    assert h["money"] == {"Anna": {"EUR": 50}, "Bruno": {"EUR": 400 - 150}}
    out = cli("stats", "--player", "Anna", "--vs", "Bruno").stdout
    assert "Against each other: 4 matches: Anna won 1, Bruno won 1, 1 neither, 1 still open." in out
    assert "As partners: 2 matches, won 2." in out


def test_the_terminal_stats(small, cli):
    out = cli("stats").stdout
    for text in ("Statistics · all time", "Players (6 matches)", "win rate", "60 %", "Bridge", "average margin",
                 "375.0", "lives lost", "average sum", "+8.00"):
        assert text in out, text


def test_bad_stats_options(small, cli):
    assert cli.error("stats", "--vs", "Bruno").startswith("error: vs:")
    assert cli.error("stats", "--player", "Anna", "--vs", "anna").startswith("error: vs:")
    assert cli.error("stats", "--player", "Anna", "--vs", "Zed") == "error: vs: no player called 'Zed'"


def test_matches_are_read_in_a_few_queries_and_replayed_with_progress(small):
    statements = []
    calls = []
    with small.reads() as reads:
        period = choose_period(reads, latest=False)
        rows = reads.rows
        reads.rows = lambda sql, params=(): statements.append(sql) or rows(sql, params)
        records = load_matches(reads, period, lambda done, total: calls.append((done, total)))
    assert len(statements) <= 3  # matches, seats, hands: however many matches there are
    assert all(isinstance(r, MatchRecord) for r in records) and len(records) == 6
    assert calls == [(k, 6) for k in range(7)]
    assert [r.corrections for r in records] == [0] * 6


def test_many_matches_keep_json_clean_off_a_terminal(ledger_db, cli):
    led = Ledger(str(ledger_db))
    for k in range(26):  # more than PROGRESS_FROM: the bar would show on a terminal, on stderr
        led.import_match(simone(["Anna", "Bruno"], [{"Anna": k % 3, "Bruno": 1}], "2026-04-01"))
    result = cli("stats", "--json")
    assert result.stderr == ""
    stats = json.loads(result.stdout)
    assert stats["matches"] == 26 and stats["players"][0]["played"] == 26
