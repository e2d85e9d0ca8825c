"""``score`` of many boards (issue 17): no suggestion is computed for a correct document, a board
met again is written from what was scored before, and the output is what scoring each gives."""

from __future__ import annotations

import json

import pytest

from ledger.cli import cmd_documents
from ledger.games import suggest

BOARDS = [{"game": "bridge", "rules": "duplicate", "board": b, "contract": c, "declarer": d, "result": r}
          for b, c, d, r in [(1, "4S", "N", "="), (2, "3NT", "E", "-1"), (1, "4S", "N", "="), (3, "6HX", "S", "+1"),
                             (2, "3NT", "E", "-1"), (5, "Pass", None, None)]]
for b in BOARDS:
    if b["contract"] == "Pass":
        del b["declarer"], b["result"]


@pytest.fixture
def no_suggestions(monkeypatch):
    def refuse(*_a, **_k):
        raise AssertionError("a suggestion was computed")

    import ledger.games.documents  # imported before suggest.nearest is replaced: it keeps its own

    monkeypatch.setattr("ledger.games.documents.nearest", refuse)
    monkeypatch.setattr(suggest, "nearest", refuse)


def test_correct_documents_pay_for_no_suggestion(cli, tmp_path, no_suggestions):
    (tmp_path / "b.json").write_text(json.dumps(BOARDS))
    assert len(cli.json("score", str(tmp_path / "b.json"))) == len(BOARDS)
    (tmp_path / "m.json").write_text(json.dumps({"game": "simone", "players": ["Anna", "Bruno"], "hands": []}))
    cli("replay", str(tmp_path / "m.json"))


def test_a_wrong_kind_is_still_named(cli, tmp_path):
    (tmp_path / "m.json").write_text(json.dumps({"game": "simone", "players": ["Anna", "Bruno"]}))
    assert "this is a match document" in cli.error("score", str(tmp_path / "m.json"))
    (tmp_path / "h.json").write_text(json.dumps({"game": "trentuno", "knocked_by": "Anna", "hands": {"Anna": 3}}))
    assert "this is a hand document" in cli.error("replay", str(tmp_path / "h.json"))


def test_boards_met_again_give_what_scoring_each_gives(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(cmd_documents, "_TEXTS", {})
    (tmp_path / "b.json").write_text(json.dumps(BOARDS))
    listed = cli("score", str(tmp_path / "b.json"), "--json").stdout
    one_by_one = [cli.json("score", "-", input=json.dumps(b)) for b in BOARDS]
    assert json.loads(listed) == one_by_one
    assert listed == json.dumps(one_by_one, ensure_ascii=False, indent=2) + "\n"
    assert len(cmd_documents._TEXTS) == 4  # the two boards met twice were scored once


def test_a_field_of_another_type_is_another_document(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(cmd_documents, "_TEXTS", {})
    board = {"game": "bridge", "rules": "duplicate", "board": 1, "contract": "1NT", "declarer": "N", "tricks": 7}
    (tmp_path / "b.json").write_text(json.dumps([board, {**board, "tricks": 7.0}, {**board, "board": True}]))
    error = cli.error("score", str(tmp_path / "b.json"), "--json")
    assert error.startswith("error: [") and "[0]" not in error


def test_one_deal_written_two_ways_is_written_once(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(cmd_documents, "_RESULT_TEXTS", {})
    monkeypatch.setattr(cmd_documents, "_TEXTS", {})  # a document met in an earlier test is not scored again
    board = {"game": "bridge", "rules": "duplicate", "board": 7, "contract": "3NT", "declarer": "S"}
    boards = [{**board, "tricks": 10}, {**board, "result": "+1"}, {"result": "+1", **board}, {**board, "tricks": 9}]
    (tmp_path / "b.json").write_text(json.dumps(boards))
    listed = cli("score", str(tmp_path / "b.json"), "--json").stdout
    one_by_one = [cli.json("score", "-", input=json.dumps(b)) for b in boards]
    assert listed == json.dumps(one_by_one, ensure_ascii=False, indent=2) + "\n"
    assert [b["score_ns"] for b in one_by_one] == [630, 630, 630, 600]
    assert len(cmd_documents._RESULT_TEXTS) == 2  # 3NT+1 written once, 3NT= once
