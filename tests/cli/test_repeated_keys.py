"""A JSON document that gives a key twice in one object is refused, naming the key, by every
reader (issue 31, item 5): a hand (``hand add --file``), a match (``score``), a ledger export
(``import``, read a line at a time or as a stream), a club session (``club score``). json alone
would keep the last value silently (``"scope": 5, "scope": 0`` stored as 0)."""

from __future__ import annotations

import json

import pytest

from ledger.cli.inputs import parse_json
from ledger.errors import LedgerError

HAND = {"sides": {"Anna": {"cards": 30, "denari": 8, "settebello": True, "primiera": 84, "scope": 5},
                  "Bruno": {"cards": 10, "denari": 2, "settebello": False, "primiera": 66}}}


def _twice(text: str, key: str, again: str) -> str:
    """``text`` with ``"key": …`` given a second time, ``again`` its value, right after the first."""
    mark = f'"{key}": '
    at = text.index(mark)
    return text[:at] + mark + again + ", " + text[at:]


def test_parse_json_names_the_repeated_key_at_any_depth():
    with pytest.raises(LedgerError) as err:
        parse_json('{"a": {"b": [{"scope": 5, "scope": 0}]}}', "--file", "hand.json")
    assert err.value.field == "--file" and "'scope'" in err.value.message and "twice" in err.value.message
    assert parse_json('{"a": 1, "b": {"a": 2}}') == {"a": 1, "b": {"a": 2}}  # one key per object: fine


def test_a_hand_with_a_repeated_key_is_refused_and_nothing_stored(cli, tmp_path):
    cli("match", "new", "scopa", "-p", "Anna,Bruno")
    path = tmp_path / "hand.json"
    path.write_text(_twice(json.dumps(HAND), "scope", "0"))
    line = cli.error("hand", "add", "last", "-f", str(path))
    assert line == "error: --file: not valid JSON (the key 'scope' is given twice in one object)"
    assert cli.json("show", "last")["hands"] == []
    it = cli.error("--lang", "it", "hand", "add", "last", "-f", str(path))
    assert "'scope'" in it and "due volte" in it


def test_a_match_document_with_a_repeated_key_is_refused(cli, tmp_path):
    doc = {"game": "scopa", "players": ["Anna", "Bruno"], "hands": [HAND]}
    path = tmp_path / "match.json"
    path.write_text(_twice(json.dumps(doc), "primiera", "90"))
    assert "'primiera'" in cli.error("score", str(path))


@pytest.mark.parametrize("indent", ["0", None])  # one key a line (a stream) and as export --all writes it
@pytest.mark.parametrize("key, again", [("denari", "1"), ("format", '"ledger-export"')])
def test_an_export_with_a_repeated_key_is_refused_and_nothing_imported(cli, tmp_path, indent, key, again):
    cli("match", "new", "scopa", "-p", "Anna,Bruno")
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(HAND))
    cli("hand", "add", "last", "-f", str(path))
    export = tmp_path / "export.json"
    cli("export", "--all", "-o", str(export), *(["--indent", indent] if indent else []))
    bad = tmp_path / "bad.json"
    bad.write_text(_twice(export.read_text(), key, again))
    cli("--db", str(tmp_path / "other.db"), "import", str(export))  # the export as written imports
    line = cli.error("--db", str(tmp_path / "new.db"), "import", str(bad))
    assert f"the key '{key}' is given twice" in line
    assert cli.json("--db", str(tmp_path / "new.db"), "match", "list") == []


def test_an_export_with_a_key_repeated_after_its_matches_is_refused(cli, tmp_path):
    cli("match", "new", "scopa", "-p", "Anna,Bruno")
    export = tmp_path / "export.json"
    cli("export", "--all", "-o", str(export))
    text = export.read_text().rstrip()
    assert text.endswith("]}")
    bad = tmp_path / "bad.json"
    bad.write_text(text[:-1] + ', "matches": []}')
    assert "'matches'" in cli.error("--db", str(tmp_path / "new.db"), "import", str(bad))


def test_a_club_session_with_a_repeated_key_is_refused(cli, tmp_path):
    doc = {"game": "bridge", "event": "pairs", "boards": [
        {"board": 1, "results": [{"ns": 1, "ew": 2, "score_ns": 420}, {"ns": 3, "ew": 4, "score_ns": -50}]}]}
    path = tmp_path / "session.json"
    path.write_text(_twice(json.dumps(doc), "score_ns", "-100"))
    assert "'score_ns'" in cli.error("club", "score", str(path))
    path.write_text(json.dumps(doc))
    cli("club", "score", str(path))
