"""The pure parts of the report: periods, side names, highlights kept when there are many."""

from __future__ import annotations

import datetime as dt

from ledger.games.match_setup import MatchSetup
from ledger.report.model import Highlight, Period, Report, side_label
from ledger.games import available, get_game
from ledger.report.text import GENERIC_RARITY, MAX_HIGHLIGHTS, highlight_lines, rarity


def test_period_labels():
    d = dt.date(2026, 11, 29)
    assert Period(d, d).label() == "the night of Sunday 29 November 2026"
    assert Period(d, d, demo=True).label() == "the night of Sunday 29 November 2026 (demo)"
    assert Period(dt.date(2026, 11, 1), d).label() == "2026-11-01 to 2026-11-29"
    assert Period(d, None).label() == "since 2026-11-29" and Period(None, d).label() == "until 2026-11-29"
    assert Period().label() == "all time"


def test_side_labels():
    setup = MatchSetup("bridge", "rubber", ("A", "B", "C", "D"), {"NS": ("A", "C"), "EW": ("B", "D")})
    assert side_label(setup, "NS") == "NS (A & C)"
    duo = MatchSetup("trentasette", "standard", ("A", "B", "C", "D"), {"A & C": ("A", "C"), "B & D": ("B", "D")})
    assert side_label(duo, "A & C") == "A & C"
    assert side_label(MatchSetup("simone", "standard", ("A", "B"), {"A": ("A",), "B": ("B",)}), "A") == "A"


def test_many_highlights_keep_the_rarest_in_report_order():
    lights = [Highlight("biggest hand", f"big {k}") for k in range(MAX_HIGHLIGHTS)]
    lights.insert(7, Highlight("slam", "a grand slam"))
    lights.append(Highlight("31", "a 31"))
    report = Report(Period(), [], [], {}, lights)
    lines = highlight_lines(report)
    assert len(lines) == MAX_HIGHLIGHTS + 1
    assert "a grand slam" in lines and "a 31" in lines
    assert lines.index("a grand slam") < lines.index("a 31")
    assert lines[-1] == "… and 2 more (the page of ledger report --html lists them all)."


def test_rarity_is_the_generic_kinds_and_each_games_own_in_one_order():
    assert rarity() == ["player of the night", "biggest winner", "slam", "jolly canasta", "pure pinelle canasta",
                        "31", "final two", "bet", "dirty pinelle canasta", "rubber 2-0", "pure canasta of aces",
                        "penalty", "doubled made", "run", "lowest hand", "knock lost", "biggest hand", "in mano",
                        "cappotto", "accusi", "sette e mezzo reale", "alone"]
    ranks = [*GENERIC_RARITY.values(), *(r for g in available() for r in get_game(g).facts.rarity.values())]
    assert sorted(ranks) == list(range(len(ranks)))  # no two kinds share a rank
    assert get_game("canasta").facts.rarity["jolly canasta"] < get_game("bridge").facts.rarity["penalty"]
