"""Held-back style cases for Scala 40 and the score sheet, each worked out by hand from RULES.md
("Scala 40", "Generic score sheet") in tryout_cases.json: re-entries at the highest total, the
early-end pot share and its leftover cents, in mano doubling the flat, lone_ace_one, the limit;
low/high, target, elimination at_or_below, ties played on or shared, money per point and per match
with teams and leftover cents, the deal clockwise, counterclockwise or skipping a side out. They
run through the documents path of ``ledger score`` and ``ledger replay``; errors must name a field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.documents import replay_document, replay_json

CASES = json.loads((Path(__file__).parent / "tryout_cases.json").read_text())


def subset(expect, got):
    if isinstance(expect, dict):
        return isinstance(got, dict) and all(k in got and subset(v, got[k]) for k, v in expect.items())
    if isinstance(expect, list) and all(isinstance(x, str) for x in expect):
        return sorted(expect) == sorted(got)
    return expect == got


def run(case):
    doc = case["doc"]
    if case["kind"] == "score":
        return get_game(doc["game"]).score(doc).to_json()
    return replay_json(replay_document(doc)[1])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case):
    if case.get("expect_error"):
        with pytest.raises(LedgerError) as info:
            run(case)
        assert info.value.field, case["why"]
    else:
        got = run(case)
        assert subset(case["expect"], got), (case["expect"], got)


def test_the_cli_agrees_on_a_few(cli):
    for case in CASES[:3] + [c for c in CASES if c["id"] == "segnapunti-teams-leftover"]:
        verb = "score" if case["kind"] == "score" else "replay"
        assert subset(case["expect"], cli.json(verb, "-", input=json.dumps(case["doc"])))
