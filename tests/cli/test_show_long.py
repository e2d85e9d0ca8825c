"""``show`` of a long match draws its last hands (issue 17): a line says how many earlier hands are
hidden and how to see them; ``--all`` and ``--last N`` choose; a normal match is shown whole."""

from __future__ import annotations

import json

import pytest

from fixtures.hands import piles
from ledger.cli import cmd_matches


@pytest.fixture
def long_match(cli, tmp_path, monkeypatch):
    """A 12-hand Trentasette match, with 'long' meaning more than 5 hands (the last 3 shown)."""
    monkeypatch.setattr(cmd_matches, "SHOW_ALL", 5)
    monkeypatch.setattr(cmd_matches, "SHOW_LAST", 3)
    doc = {"game": "trentasette", "players": ["Anna", "Bruno"], "options": {"target": 100000},
           "hands": [piles(seed, ["Anna", "Bruno"]) for seed in range(12)]}
    (tmp_path / "m.json").write_text(json.dumps(doc))
    return cli.json("import", str(tmp_path / "m.json"))["match"]["id"]


def hand_rows(text: str) -> list[str]:
    """The scoreboard's rows of hands: lines that start with a hand number."""
    return [line for line in text.splitlines() if line.split() and line.split()[0].isdigit()]


def test_a_long_match_shows_its_last_hands_and_says_how_to_see_the_rest(cli, long_match):
    whole = cli("show", str(long_match), "--all").stdout
    short = cli("show", str(long_match)).stdout
    assert [r.split()[0] for r in hand_rows(whole)] == [str(n) for n in range(1, 13)]
    assert hand_rows(short) == hand_rows(whole)[-3:]  # the same rows, drawn from the window alone
    assert f"(hands 1 to 9 are not shown: ledger show {long_match} --all, or --last N)" in short
    assert "not shown" not in whole
    # the totals and who deals next are the match's, whichever part is drawn
    assert short.splitlines()[-1] == whole.splitlines()[-1]


def test_last_n_shows_that_many(cli, long_match):
    out = cli("show", str(long_match), "--last", "4").stdout
    assert [r.split()[0] for r in hand_rows(out)] == ["9", "10", "11", "12"]
    assert "hands 1 to 8 are not shown" in out
    assert "not shown" not in cli("show", str(long_match), "--last", "50").stdout
    assert cli("show", str(long_match), "--last", "0", code=2).exit_code == 2


def test_json_is_always_the_whole_match(cli, long_match):
    assert len(cli.json("show", str(long_match))["hands"]) == 12


def test_a_normal_match_is_shown_whole(cli, tmp_path):
    doc = {"game": "trentasette", "players": ["Anna", "Bruno"], "options": {"target": 100000},
           "hands": [piles(seed, ["Anna", "Bruno"]) for seed in range(8)]}
    (tmp_path / "m.json").write_text(json.dumps(doc))
    mid = cli.json("import", str(tmp_path / "m.json"))["match"]["id"]
    out = cli("show", str(mid)).stdout
    assert out == cli("show", str(mid), "--all").stdout and "not shown" not in out
    assert len(hand_rows(out)) == 8


def test_the_window_read_alone_equals_the_end_of_the_whole_match(cli, long_match, ledger_db):
    from ledger.store.service import Ledger

    with Ledger(str(ledger_db)).reads() as reads:
        whole, window = reads.view(long_match), reads.view_tail(long_match, 3)
    assert window.replay.offset == 9 and len(window.hands) == 3
    assert window.replay.start == whole.replay.states[8]
    assert window.replay.states == whole.replay.states[9:]
    assert [r.to_json() for r in window.replay.results] == [r.to_json() for r in whole.replay.results[9:]]
    assert window.replay.final == whole.replay.final


def test_a_rubber_is_read_whole_for_its_sheet(cli, ledger_db):
    """Bridge rubber's scoreboard needs more than the last hands (Game.board_window): the whole
    match is read, and the window still drawn from it."""
    from ledger.store.service import Ledger

    cli("match", "new", "bridge", "-p", "Anna,Bruno,Carla,Dario")
    for _ in range(4):
        cli("hand", "add", "last", "2H", "N", "8")
    with Ledger(str(ledger_db)).reads() as reads:
        assert len(reads.view_tail("last", 2).hands) == 4
