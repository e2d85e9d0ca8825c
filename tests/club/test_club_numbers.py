"""A pair's, player's or team's number is bounded as a board's is (issue 31, item 8): 0 to 9999,
from a session document, a PBN file or the words of ``club add``; ``1e20`` and ``10**20`` are
refused as ``-1`` is, one line naming the field and the value, exit 2, nothing written."""

from __future__ import annotations

import json

import pytest

from ledger.club.session import MAX_ENTRANT


def _pairs(ns) -> dict:
    return {"game": "bridge", "event": "pairs", "boards": [
        {"board": 1, "results": [{"ns": ns, "ew": 2, "score_ns": 420}, {"ns": 3, "ew": 4, "score_ns": -50}]}]}


def _teams(home) -> dict:
    return {"game": "bridge", "event": "teams", "matches": [{"home": home, "away": 2, "imps": [30, 12], "boards": 8}]}


def _score(cli, tmp_path, doc, code=0):
    path = tmp_path / "session.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    html = tmp_path / "out.html"
    if code:
        line = cli.error("club", "score", str(path), "--html", str(html))
        assert not html.exists()
        return line
    return cli("club", "score", str(path)).stdout


@pytest.mark.parametrize("make, field", [(_pairs, "boards[0].results[0].ns"), (_teams, "matches[0].home")])
@pytest.mark.parametrize("number, shown", [
    (MAX_ENTRANT + 1, "10000 is not a number of a pair, player or team (at most 9999)"),
    (10 ** 20, "1000000000000000000… is not a number of a pair, player or team (at most 9999)"),
    (-1, "-1 is not a number of a pair, player or team"),
])
def test_a_number_beyond_the_bounds_is_refused(cli, tmp_path, make, field, number, shown):
    assert _score(cli, tmp_path, make(number), code=2) == f"error: {field}: {shown}"


def test_a_float_number_is_refused_and_the_bounds_themselves_score(cli, tmp_path):
    text = json.dumps(_pairs(7)).replace('"ns": 7', '"ns": 1e20')
    assert "expected a number or a name, got 1e+20" in _score(cli, tmp_path, text, code=2)
    assert str(MAX_ENTRANT) in _score(cli, tmp_path, _pairs(MAX_ENTRANT))
    assert "Pairs" in _score(cli, tmp_path, _pairs(0))


def test_a_number_in_a_pbn_file_or_in_words_is_bounded_too(cli, tmp_path):
    pbn = tmp_path / "s.pbn"
    pbn.write_text('[Event "x"]\n[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\4R;Score_EW\\4R"]\n'
                   '12345 2 420 -\n3 4 - 50\n')
    line = cli.error("club", "score", str(pbn))
    assert line == "error: games[0].ScoreTable[0].ns: 12345 is not a number of a pair, player or team (at most 9999)"
    cli("club", "new")
    line = cli.error("club", "add", "last", "1", "123456789", "2", "NS", "420")
    assert "123456789 is not a number of a pair, player or team (at most 9999)" in line
    assert cli.json("club", "show", "last")["boards"] == []
    it = cli.error("--lang", "it", "club", "add", "last", "1", "10000", "2", "NS", "420")
    assert "10000 non è il numero di una coppia" in it and "al massimo 9999" in it
