"""The three real sessions (fixtures/, copied from cases/club/): every printed figure reproduced,
in-process through the CLI and through the installed ``ledger`` command."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from club_helpers import FIXTURES, SESSIONS, differences, expect
from ledger.club import score_document
from ledger.club.output import session_json


@pytest.mark.parametrize("name", SESSIONS)
def test_session_reproduces_every_printed_figure(cli, name):
    ours = cli.json("club", "score", str(FIXTURES / f"{name}.session.json"))
    assert differences(ours, expect(name)) == []


def test_test_set_neuberg_board(cli):
    """Board 17 of the French final: 21 real scores and an A-/A+; Neuberg makes the real scores up
    to 22 results (top 42) and the artificial score is 40 % / 60 % of that top."""
    ours = cli.json("club", "score", str(FIXTURES / "test_set.session.json"))
    board = next(b for b in ours["boards"] if b["board"] == 17)
    assert board["top"] == 42
    first, adjusted = board["results"][0], board["results"][-1]
    assert first["score_ns"] == 510 and first["mp_ns"] == pytest.approx((40 + 1) * 22 / 21 - 1, abs=1e-4)
    assert adjusted["score_ns"] is None
    assert (adjusted["mp_ns"], adjusted["mp_ew"], adjusted["pct_ns"], adjusted["pct_ew"]) == (16.8, 25.2, 40, 60)


def test_liiga_is_a_mitchell_ranked_apart(cli):
    ours = cli.json("club", "score", str(FIXTURES / "liigaButler1b.session.json"))
    directions = {r["pair"]: r["direction"] for r in ours["ranking"]}
    assert directions[6] == "NS" and directions[305] == "EW"
    assert [r["rank"] for r in ours["ranking"] if r["direction"] == "NS"][:2] == [1, 2]
    assert [r["rank"] for r in ours["ranking"] if r["direction"] == "EW"][:2] == [1, 2]


def test_test_set_is_one_ranking(cli):
    """Pairs change direction during the French final (a Howell), so there is one list."""
    ours = cli.json("club", "score", str(FIXTURES / "test_set.session.json"))
    assert {r["direction"] for r in ours["ranking"]} == {None}
    assert [r["rank"] for r in ours["ranking"]][:2] == [1, 2] and ours["ranking"][0]["pair"] == 44


def test_standard_input(cli):
    text = (FIXTURES / "team.session.json").read_text(encoding="utf-8")
    ours = cli.json("club", "score", "-", input=text)
    assert ours["ranking"][0] == {"rank": 1, "team": "5", "direction": None, "vp": 75.23, "imps": 156,
                                  "boards": 48}


@pytest.mark.skipif(shutil.which("ledger") is None, reason="the ledger command is not installed")
def test_installed_command():
    name = "liigaButler1b"
    out = subprocess.run(["ledger", "club", "score", str(FIXTURES / f"{name}.session.json"), "--json"],
                         capture_output=True, text=True, check=True)
    assert differences(json.loads(out.stdout), expect(name)) == []


@pytest.mark.parametrize("name", SESSIONS)
def test_pure_package_gives_the_same(cli, name):
    doc = json.loads((FIXTURES / f"{name}.session.json").read_text(encoding="utf-8"))
    assert session_json(score_document(doc)) == cli.json("club", "score", str(FIXTURES / f"{name}.session.json"))


def test_mitchell_whose_directions_share_numbers(cli, tmp_path):
    """NS 1-2 and EW 1-2 are four pairs: a number playing one board in both directions says so."""
    doc = {"boards": [{"board": b, "results": [
        {"ns": 1, "ew": 1 + (b % 2), "score_ns": 420 if b == 1 else 140},
        {"ns": 2, "ew": 2 - (b % 2), "score_ns": 450 if b == 1 else 110}]} for b in (1, 2)]}
    path = tmp_path / "mitchell.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    ranking = cli.json("club", "score", str(path))["ranking"]
    assert [(r["rank"], r["pair"], r["direction"], r["mp"]) for r in ranking] == [
        (1, 1, "NS", 2.0), (1, 2, "NS", 2.0), (1, 2, "EW", 4.0), (2, 1, "EW", 0.0)]
    doc["movement"] = "howell"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert cli.error("club", "score", str(path)) == (
        "error: boards[0].results[1].ns: pair 2 plays board 1 twice (also results[0])")


def test_equal_totals_share_the_rank(cli):
    ranking = cli.json("club", "score", str(FIXTURES / "test_set.session.json"))["ranking"]
    tied = [(r["rank"], r["pair"]) for r in ranking if r["rank"] == 11]
    assert tied == [(11, 22), (11, 30)] and ranking[12]["rank"] == 13
