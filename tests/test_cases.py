"""The worked cases of shared/cases (copied to tests/cases.json), each run through the CLI.

Each case feeds its document to ``ledger score - --json`` or ``ledger replay - --json`` and
checks the expected fields, or the error contract (exit 2, one line on stderr, empty stdout).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CASES = json.loads((Path(__file__).parent / "cases.json").read_text(encoding="utf-8"))


def _norm(v):
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return sorted(v)
    if isinstance(v, dict):
        return {k: _norm(x) for k, x in v.items()}
    return v


def _contains(expect, got, path=""):
    if isinstance(expect, dict):
        assert isinstance(got, dict), f"{path}: expected an object, got {got!r}"
        for k, v in expect.items():
            assert k in got, f"{path}.{k}: missing"
            _contains(v, got[k], f"{path}.{k}")
    else:
        assert _norm(expect) == _norm(got), f"{path}: expected {expect!r}, got {got!r}"


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(cli, case):
    verb = "score" if case["kind"] == "score" else "replay"
    doc = json.dumps(case["doc"])
    if case.get("expect_error"):
        cli.error(verb, "-", "--json", input=doc)
    else:
        out = json.loads(cli(verb, "-", "--json", input=doc).stdout)
        _contains(case["expect"], out)


def test_batch_of_score_cases_in_one_process(cli):
    batch = [c for c in CASES if c["kind"] == "score" and not c.get("expect_error")]
    out = json.loads(cli("score", "-", "--json", input=json.dumps([c["doc"] for c in batch])).stdout)
    assert len(out) == len(batch)
    for case, got in zip(batch, out):
        _contains(case["expect"], got)


def test_bad_document_in_a_batch_is_named_by_index(cli):
    good = next(c["doc"] for c in CASES if c["id"] == "trentasette-1-0")
    bad = next(c["doc"] for c in CASES if c["id"] == "error-t37-dup")
    line = cli.error("score", "-", "--json", input=json.dumps([good, bad]))
    assert line.startswith("error: [1].")
