"""``ledger stats`` reads the facts kept in each match's stored summary instead of replaying it:
the same figures as a replay, a replay for matches whose summary lacks them, and ``db check``
compares the summaries with a replay."""

from __future__ import annotations

from sqlmodel import select

from evening import simone
from ledger.report.stats import build_stats
from ledger.store.models import Match
from ledger.store.reports import choose_period, load_matches, load_outcomes
from ledger.store.service import Ledger



def checked(led) -> list[dict]:
    """``led.check()`` with each problem as the text shown (the store gives messages)."""
    return [{**p, "problem": str(p["problem"])} for p in led.check()]

def both_ways(led: Ledger, **asked) -> tuple[dict, dict]:
    """Statistics from the stored summaries and from replays of every match, as JSON."""
    with led.reads() as reads:
        period = choose_period(reads, latest=False, **asked)
        return (build_stats(load_outcomes(reads, period), period).to_json(),
                build_stats(load_matches(reads, period), period).to_json())


def a_varied_ledger(cli, ledger_db) -> Ledger:
    """The evening's seven matches and the demo night, a match ended early, one reopened, one
    played for money, one corrected."""
    cli("demo")
    led = Ledger(str(ledger_db))
    led.import_match(simone(["Anna", "Bruno", "Carla"], [{"Anna": 5, "Bruno": 10, "Carla": 20}], "2026-02-01",
                            target=3))
    cli("match", "end", "last")
    led.import_match(simone(["Anna", "Bruno"], [{"Anna": 9, "Bruno": 2}], "2026-02-08"))
    cli("match", "reopen", "last")
    led.import_match(simone(["Anna", "Dario"], [{"Anna": 1, "Dario": 2}, {"Anna": 4, "Dario": 2}], "2026-02-09",
                            target=3))
    cli("hand", "undo", "last")
    return led


def test_stats_from_summaries_equal_stats_from_replays(with_demo, cli, ledger_db):
    led = a_varied_ledger(cli, ledger_db)
    for asked in ({}, {"player": "Anna"}, {"player": "Anna", "vs": "Bruno"}, {"game": "bridge"}, {"demo": True},
                  {"demo": True, "player": "Anna"}):
        from_summaries, from_replays = both_ways(led, **asked)
        assert from_summaries == from_replays, asked
        assert from_summaries["matches"] > 0
    assert checked(led) == []


def test_stats_replay_only_what_the_summaries_lack(with_demo, cli, ledger_db):
    led = a_varied_ledger(cli, ledger_db)
    before = both_ways(led, demo=True)
    with led.transaction(write=True) as s:  # a ledger written before summaries held the facts
        for m in s.exec(select(Match)).all():
            m.summary = {k: v for k, v in (m.summary or {}).items() if k != "stats"} if m.id % 2 else None
            s.add(m)
    calls = []
    with led.reads() as reads:
        period = choose_period(reads, latest=False, demo=True)
        outcomes = load_outcomes(reads, period, lambda done, total: calls.append((done, total)))
    assert calls and calls[-1][1] == len(outcomes)  # every demo match replayed
    assert both_ways(led, demo=True) == before
    assert checked(led) == []


def test_a_reopened_match_is_replayed_and_its_summary_refreshed_by_the_next_change(with_demo, cli, ledger_db):
    led = a_varied_ledger(cli, ledger_db)
    calls = []
    with led.reads() as reads:
        load_outcomes(reads, choose_period(reads, latest=False), lambda done, total: calls.append((done, total)))
    assert calls[-1] == (1, 1)  # the reopened match only: its summary was taken while it was finished


def test_db_check_names_a_summary_that_differs_from_a_replay(with_demo, cli):
    led = with_demo
    with led.transaction(write=True) as s:
        m = s.get(Match, 1)
        facts = dict(m.summary["stats"])
        facts["finished"] = not facts["finished"]
        m.summary = {**m.summary, "stats": facts}
        s.add(m)
    problems = checked(led)
    assert [(p["match"], p["hand"]) for p in problems] == [(1, None)]
    assert "summary" in problems[0]["problem"]


def test_a_rename_keeps_summaries_true(with_demo, cli):
    led = with_demo
    cli("player", "rename", "Anna", "Annalisa")
    from_summaries, from_replays = both_ways(led)
    assert from_summaries == from_replays
    assert any(p["player"] == "Annalisa" for p in from_summaries["players"])
    assert checked(led) == []
