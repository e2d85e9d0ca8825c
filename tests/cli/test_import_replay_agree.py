"""``import`` and ``replay`` validate a match document the same way (issue 14, item 8): its night
within what ``match new --night`` allows, its times, and its voided hands as if they were live."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE = json.loads((ROOT / "ledger/demo/10_trentasette.json").read_text())[0]  # hands[1] is voided


def variant(change) -> dict:
    doc = copy.deepcopy(BASE)
    change(doc)
    return doc


BAD = {
    "night far ahead": (lambda d: d.update(night="9999-12-31"), "night"),
    "night not a date": (lambda d: d.update(night="2026-13-45"), "night"),
    "night a word": (lambda d: d.update(night="tonight"), "night"),
    "night a number": (lambda d: d.update(night=20261201), "night"),
    "entered_at not a time": (lambda d: d["hands"][0].update(entered_at="not a time"), "hands[0].entered_at"),
    "entered_at far ahead": (lambda d: d["hands"][0].update(entered_at="9999-12-31T20:00:00+00:00"),
                             "hands[0].entered_at"),
    "voided_at not a time": (lambda d: d["hands"][1].update(voided_at="soon"), "hands[1].voided_at"),
    "created_at not a time": (lambda d: d.update(created_at=17), "created_at"),
    "void_reason not text": (lambda d: d["hands"][1].update(void_reason=["x"]), "hands[1].void_reason"),
    "voided sides not sides": (lambda d: d["hands"][1].update(sides="not even sides"), "hands[1].sides"),
    "voided cards repeated": (lambda d: d["hands"][1]["sides"].update(Anna="4D 4D 4D 4D ZZ"), "hands[1].sides"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_import_and_replay_refuse_the_same_documents_naming_the_same_field(cli, tmp_path, name):
    change, field = BAD[name]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(variant(change)), encoding="utf-8")
    replayed = cli.error("replay", str(path))
    imported = cli.error("import", str(path))
    assert replayed == imported, (replayed, imported)
    assert replayed.startswith(f"error: {field}"), replayed
    assert cli.json("match", "list") == []  # nothing written


def test_the_documents_both_accept_are_stored_as_replayed(cli, tmp_path):
    doc = variant(lambda d: d.update(night="2026-11-29"))
    doc["hands"][0]["entered_at"] = "2026-11-29T21:05:00+00:00"
    path = tmp_path / "match.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    replayed = cli.json("replay", str(path))
    cli("import", str(path))
    exported = json.loads(cli("export", "1").stdout)
    assert exported["night"] == "2026-11-29"
    assert exported["hands"][0]["entered_at"] == "2026-11-29T21:05:00+00:00"
    assert exported["hands"][1]["voided"] is True
    assert cli.json("show", "1")["totals"] == replayed["totals"]


def test_a_backup_whose_stored_result_no_longer_fits_its_hand_is_refused(cli, tmp_path):
    """Found by the fuzz test: an export's hand changed in the file, its stored result kept."""
    cli("import", "-", input=json.dumps(BASE))
    export = json.loads(cli("export", "--all").stdout)
    hand = export["matches"][0]["hands"][0]
    hand["sides"]["Anna"], hand["sides"]["Bruno"] = hand["sides"]["Bruno"], hand["sides"]["Anna"]
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    line = cli.error("import", "-", input=json.dumps(export))
    assert line.startswith("error: matches[0].hands[0].stored.result: does not agree"), line
    cli("db", "check")
