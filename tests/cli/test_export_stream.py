"""A ledger export of any size: written match by match, read back as a stream from a file."""

from __future__ import annotations

import json

import pytest

from ledger.cli import inputs
from test_robustness_backup import build_a_ledger, everything

pytestmark = pytest.mark.slow  # fuzzing, big inputs and whole-ledger round trips: left out of the fast loop


def _whole(ledger_db, streamed: str) -> dict:
    from ledger.store.backup import export_all
    from ledger.store.service import Ledger

    whole = export_all(Ledger(str(ledger_db)))
    whole["exported_at"] = json.loads(streamed)["exported_at"]
    return whole


def test_export_all_is_compact_with_one_match_a_line(cli, ledger_db):
    build_a_ledger(cli)
    streamed = cli("export", "--all").stdout
    whole = _whole(ledger_db, streamed)
    lines = streamed.splitlines()
    assert len(whole["matches"]) > 1 and len(lines) == len(whole["matches"]) + 2
    assert lines[0] == json.dumps({**whole, "matches": []}, ensure_ascii=False)[:-2]
    assert lines[1:-1] == [json.dumps(m, ensure_ascii=False) + ("," if i < len(lines) - 3 else "")
                           for i, m in enumerate(whole["matches"])]
    assert lines[-1] == "]}"
    # without its line breaks: exactly the compact json.dumps of the whole document
    assert streamed.replace("[\n{", "[{").replace("},\n{", "}, {").replace("}\n]}", "}]}") == \
        json.dumps(whole, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("indent", [0, 1, 2, 4])
def test_export_all_with_indent_writes_the_same_bytes_as_the_whole_document(cli, ledger_db, indent):
    build_a_ledger(cli)
    streamed = cli("export", "--all", "--indent", str(indent)).stdout
    assert streamed == json.dumps(_whole(ledger_db, streamed), ensure_ascii=False, indent=indent) + "\n"


def test_export_import_export_is_byte_identical(cli, tmp_path):
    build_a_ledger(cli)
    first = cli("export", "--all").stdout
    (tmp_path / "all.json").write_text(first, encoding="utf-8")
    cli("--db", str(tmp_path / "other.db"), "import", str(tmp_path / "all.json"))
    again = cli("--db", str(tmp_path / "other.db"), "export", "--all").stdout
    stamp = json.loads(first)["exported_at"]
    assert again.replace(json.loads(again)["exported_at"], stamp) == first


def test_a_match_export_keeps_its_indentation_unless_told(cli):
    build_a_ledger(cli)
    doc = json.loads(cli("export", "last").stdout)
    assert cli("export", "last").stdout == json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    assert cli("export", "last", "--indent", "0").stdout == json.dumps(doc, ensure_ascii=False, indent=0) + "\n"
    assert cli.error("export", "--all", "--indent", "9").startswith("error: --indent:")


def test_an_empty_ledger_exports_and_imports(cli, tmp_path):
    (tmp_path / "all.json").write_text(cli("export", "--all").stdout, encoding="utf-8")
    assert json.loads((tmp_path / "all.json").read_text())["matches"] == []
    assert cli.json("--db", str(tmp_path / "other.db"), "import", str(tmp_path / "all.json")) == []


@pytest.fixture
def small_limit(monkeypatch):
    """Inputs limited to 40 kB (instead of 20 MB) and read 1 kB at a time: a small ledger's export
    is then 'larger than the limit', as a ledger of years is for the real one."""
    monkeypatch.setattr(inputs, "MAX_INPUT_BYTES", 40 * 1024)
    monkeypatch.setattr(inputs, "_CHUNK", 1024)


def test_an_export_over_the_input_limit_imports_from_a_file(cli, tmp_path, small_limit):
    build_a_ledger(cli)
    before = everything(cli)
    path = tmp_path / "all.json"
    cli("export", "--all", "-o", str(path))
    assert path.stat().st_size > inputs.MAX_INPUT_BYTES
    other = ("--db", str(tmp_path / "other.db"))
    # from standard input the limit holds: the size is not known before reading
    assert "larger than" in cli.error(*other, "import", "-", input=path.read_text(encoding="utf-8"))
    rows = cli.json(*other, "import", str(path))
    assert len(rows) == len(before["matches"])
    assert everything(cli, *other) == before
    # restore reads it the same way
    third = ("--db", str(tmp_path / "third.db"))
    assert cli.json(*third, "restore", str(path))["matches"] == len(rows)
    assert everything(cli, *third) == before


def test_a_hand_document_over_the_limit_is_still_refused(cli, tmp_path, small_limit):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"game": "simone", "note": "x" * 50_000}), encoding="utf-8")
    assert "larger than" in cli.error("import", str(path))


def test_a_streamed_export_with_a_fault_stores_nothing(cli, tmp_path, small_limit):
    build_a_ledger(cli)
    text = cli("export", "--all").stdout
    other = ("--db", str(tmp_path / "other.db"))
    cases = {
        "broken.json": (text[:len(text) * 2 // 3] + "}", "not valid JSON"),
        "nan.json": (text.replace('"hands": [', '"x": NaN, "hands": [', 1), "not valid JSON"),
        "late.json": (text[:text.rindex("}")] + ', "players": []}', "before the matches"),
        "huge.json": (text.replace('"hands": [', '"note": "%s", "hands": [' % ("y" * 50_000), 1), "larger than"),
    }
    for name, (bad, says) in cases.items():
        (tmp_path / name).write_text(bad, encoding="utf-8")
        assert says in cli.error(*other, "import", str(tmp_path / name)), name
        assert cli.json(*other, "match", "list") == []


def test_the_export_reader_names_the_line_of_a_fault(tmp_path, small_limit):
    from ledger.errors import LedgerError

    lines = ['{"format": "ledger-export",', '"matches": [', '{"a": 1},'] + ['{"b": 2},'] * 300 + ['{"c": }', ']}']
    (tmp_path / "e.json").write_text("\n".join(lines), encoding="utf-8")
    data = inputs.read_document(str(tmp_path / "e.json"))
    assert data["format"] == "ledger-export"
    with pytest.raises(LedgerError, match=r"line 304, column 7"):
        list(data["matches"])
