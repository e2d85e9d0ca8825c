"""``score`` of a list and ``pbn import`` read their input as a stream (issue 14, item 10): the
list is parsed one element at a time and the output written as it comes, identical to what
``json.dumps`` prints; a bad element still prints nothing. Memory is measured in bench/."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from ledger.cli.inputs import read_items
from ledger.cli.json_list import JsonList
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.safetext import safe

BOARDS = [{"game": "bridge", "rules": "duplicate", "vulnerable": "NS", "contract": c, "declarer": d, "tricks": t}
          for c, d, t in [("4S", "N", 10), ("3NTX", "E", 7), ("6HXX", "S", 13), ("Pass", None, None)]]
for b in BOARDS:
    if b["contract"] == "Pass":
        del b["declarer"], b["tricks"]


def test_a_list_is_parsed_one_element_at_a_time(tmp_path):
    path = tmp_path / "list.json"
    path.write_text('[{"a": 1},\n {"b": 2},\n {"c": ]', encoding="utf-8")
    listed, doc = read_items(str(path), "a hand document")
    assert doc is None
    for _ in range(2):  # as many times as it is iterated, from the file again
        items = iter(listed)
        assert next(items) == {"a": 1} and next(items) == {"b": 2}  # read before the bad third one
        with pytest.raises(LedgerError, match="line 3"):
            next(items)


def test_a_single_document_is_read_whole(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(BOARDS[0]), encoding="utf-8")
    assert read_items(str(path), "a hand document") == (None, BOARDS[0])


@pytest.mark.parametrize("doc, key", [([], None), ([{"x": [1, {"y": "é\x9b"}]}, 2, "s"], None),
                                      ({"rules": "duplicate", "boards": [{"a": [1]}, {}], "total_ns": 3}, "boards"),
                                      ({"rules": "duplicate", "boards": [], "total_ns": 0}, "boards")])
def test_a_json_list_prints_as_json_dumps_does(doc, key):
    out = JsonList(key)
    for x in (doc if key is None else doc[key]):
        out.add(x)
    buf = io.StringIO()
    with redirect_stdout(buf):
        out.print(None if key is None else doc)
    assert buf.getvalue() == safe(json.dumps(doc, ensure_ascii=False, indent=2), json=True) + "\n"


def test_score_of_a_list_prints_every_result_as_before(cli, tmp_path):
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(BOARDS * 50), encoding="utf-8")
    game = get_game("bridge")
    want = [game.score(b, b["rules"]).to_json() for b in BOARDS * 50]
    assert cli.json("score", str(path)) == want
    assert cli("score", str(path)).stdout.count("Hand ") == 200
    assert json.loads(cli("score", "-", "--json", input=path.read_text()).stdout) == want


def test_score_of_a_list_with_a_bad_board_prints_nothing(cli, tmp_path):
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(BOARDS * 50 + [{"game": "bridge", "contract": "8NT", "declarer": "N", "tricks": 3}]),
                    encoding="utf-8")
    for extra in ((), ("--json",)):
        assert cli.error("score", str(path), *extra).startswith("error: [200].contract")


def test_pbn_games_are_read_one_at_a_time():
    from ledger.games.bridge.pbn import iter_games

    def lines():
        yield from ['[Board "1"]\n', '[Contract "3NT"] {a comment\n', '\n', 'going on} [Result "9"]\n', '\n']
        raise AssertionError("read past the first game")

    games = iter_games(lines())
    assert next(games) == {"Board": "1", "Contract": "3NT", "Result": "9"}


def test_pbn_import_prints_every_board_as_before(cli, tmp_path):
    games = "\n".join(f'[Board "{i}"]\n[Declarer "S"]\n[Contract "4S"]\n[Result "{i % 14}"]\n' for i in range(1, 41))
    (tmp_path / "night.pbn").write_text(games, encoding="utf-8")
    got = cli.json("pbn", "import", str(tmp_path / "night.pbn"))
    game = get_game("bridge")
    want = [game.score({"board": i, "contract": "4S", "declarer": "S", "tricks": i % 14}, "duplicate").to_json()
            for i in range(1, 41)]
    assert got == {"rules": "duplicate", "boards": want, "skipped": [], "total_ns": sum(w["score_ns"] for w in want)}
