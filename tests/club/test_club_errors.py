"""Bad session input: one line naming the board and result, exit code 2, nothing on stdout, no
file written (RULES.md "Bridge club sessions", FORMATS.md)."""

from __future__ import annotations

import copy
import json

import pytest

from club_helpers import session_doc


def _doc(**extra) -> dict:
    doc = {"game": "bridge", "event": "pairs", "scoring": "mp", "boards": [
        {"board": 1, "results": [{"ns": 1, "ew": 11, "contract": "4S", "declarer": "S", "tricks": 10},
                                 {"ns": 2, "ew": 12, "score_ns": 420},
                                 {"ns": 3, "ew": 13, "adjusted": {"ns": "A+", "ew": "A-"}}]},
        {"board": 2, "results": [{"ns": 1, "ew": 12, "contract": "3NT", "declarer": "N", "result": "="},
                                 {"ns": 2, "ew": 13, "contract": "Pass"}]}]}
    doc.update(extra)
    return doc


def _error(cli, tmp_path, doc) -> str:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    html = tmp_path / "out.html"
    line = cli.error("club", "score", str(path), "--html", str(html))
    assert not html.exists()
    return line


def test_good_document_scores(cli, tmp_path):
    path = tmp_path / "session.json"
    path.write_text(json.dumps(_doc()), encoding="utf-8")
    out = cli.json("club", "score", str(path))
    assert [r["score_ns"] for r in out["boards"][0]["results"]] == [420, 420, None]
    assert out["boards"][1]["vulnerable"] == "NS"  # Law 2: board 2
    assert [r["score_ns"] for r in out["boards"][1]["results"]] == [600, 0]


@pytest.mark.parametrize("change, message", [
    (lambda d: d["boards"][1]["results"][1].update(contract="8NT"),
     "error: boards[1].results[1].contract: '8NT': the level must be 1 to 7, not 8"),
    (lambda d: d["boards"][0]["results"][0].update(tricks=14),
     "error: boards[0].results[0].tricks: 14 is out of range (0 to 13)"),
    (lambda d: d["boards"][0]["results"][1].update(score_ns=425),
     "error: boards[0].results[1].score_ns: 425 is not a score bridge can produce with None vulnerable"),
    (lambda d: d["boards"][0]["results"][1].update(score_ns=620),
     "error: boards[0].results[1].score_ns: 620 is not a score bridge can produce with None vulnerable"),
    (lambda d: d["boards"][0]["results"][0].update(score_ns=450),
     "error: boards[0].results[0].score_ns: score_ns 450 disagrees with the contract, which scores 420"),
    (lambda d: d["boards"][0]["results"][2].update(adjusted={"ns": "A++", "ew": "A-"}),
     "error: boards[0].results[2].adjusted.ns: unknown adjusted score 'A++' (A+, A or A=, A-)"),
    (lambda d: d["boards"][0]["results"][2].update(adjusted="A+"),
     "error: boards[0].results[2].adjusted: 'A+' gives one side only: write both, e.g. \"A+/A-\""),
    (lambda d: d["boards"][0]["results"][1].update(ns=1),
     "error: boards[0].results[1].ns: pair 1 plays board 1 twice (also results[0])"),
    (lambda d: d["boards"][0]["results"][1].update(ew=2),
     "error: boards[0].results[1].ew: pair 2 cannot play against itself"),
    (lambda d: d["boards"][0]["results"][1].pop("score_ns"),
     "error: boards[0].results[1].contract: missing: give the contract (with declarer and tricks or result), "
     "score_ns or adjusted"),
    (lambda d: d["boards"][0]["results"][0].pop("declarer"), "error: boards[0].results[0].declarer: missing"),
    (lambda d: d["boards"][1]["results"][1].update(tricks=9),
     "error: boards[1].results[1].tricks: a passed-out board has no tricks (9)"),
    (lambda d: d["boards"][0]["results"][0].update(vulnerable="EW"),
     "error: boards[0].results[1].vulnerable: this board has results of two vulnerabilities (EW and NS)"),
    (lambda d: d["boards"][1].update(board=1), "error: boards[1].board: board 1 is given twice (also boards[0])"),
    (lambda d: d["boards"][1].update(bord=3), "error: boards[1].bord: unknown field 'bord' (did you mean 'board'?)"),
    (lambda d: d.update(scoring="matchpoints"),
     "error: scoring: unknown scoring 'matchpoints' (mp, mp-acbl, butler, cross-imps, imps)"),
    (lambda d: d.update(scoring="imps"),
     "error: scoring: scoring imps is for teams; pairs are scored by mp, mp-acbl, butler or cross-imps"),
    (lambda d: d.update(game="canasta"), "error: game: a club session is a bridge session, not 'canasta'"),
])
def test_one_line_naming_board_and_result(cli, tmp_path, change, message):
    doc = _doc()
    doc["boards"][0]["results"][1]["vulnerable"] = "NS" if "two vulnerabilities" in message else None
    if doc["boards"][0]["results"][1]["vulnerable"] is None:
        del doc["boards"][0]["results"][1]["vulnerable"]
    change(doc)
    assert _error(cli, tmp_path, doc) == message


def test_board_vulnerability_disagrees_with_a_result(cli, tmp_path):
    doc = _doc()
    doc["boards"][0]["vulnerable"] = "None"
    doc["boards"][0]["results"][1]["vulnerable"] = "All"
    assert _error(cli, tmp_path, doc) == ("error: boards[0].results[1].vulnerable: the board is None vulnerable, "
                                          "this result says All")


def test_teams_board_without_its_other_table(cli, tmp_path):
    doc = {"event": "teams", "boards": [{"board": 1, "results": [
        {"ns": "Lions", "ew": "Tigers", "score_ns": 420}, {"ns": "Tigers", "ew": "Bears", "score_ns": -50}]}]}
    assert _error(cli, tmp_path, doc).startswith(
        "error: boards[0].results[0].ew: board 1: the other table of team Lions (NS) against team Tigers (EW) "
        "is missing")


def test_bad_match_total(cli, tmp_path):
    doc = copy.deepcopy(session_doc("team"))
    doc["matches"][3]["imps"] = [24, -1]
    assert _error(cli, tmp_path, doc) == "error: matches[3].imps: expected the two teams' IMP totals, e.g. [25, 8]"


def test_individual_player_twice(cli, tmp_path):
    doc = {"event": "individual", "boards": [{"board": 1, "results": [
        {"players": {"N": 1, "S": 2, "E": 3, "W": 4}, "score_ns": 420},
        {"players": {"N": 5, "S": 6, "E": 7, "W": 2}, "score_ns": 450}]}]}
    assert _error(cli, tmp_path, doc) == "error: boards[0].results[1].players.W: player 2 plays board 1 twice (also results[0])"


def test_not_json_and_not_utf8(cli, tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b'{"boards": [\xff]}')
    assert cli.error("club", "score", str(path)) == f"error: FILE: not UTF-8 text"
    path.write_text('{"boards": [}', encoding="utf-8")
    assert cli.error("club", "score", str(path)).startswith("error: FILE: not valid JSON")
