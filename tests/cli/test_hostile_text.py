"""Text from a person or a file never reaches the terminal raw (issue 14, item 1): a void reason
or an imported match note holding terminal escapes is shown with visible escapes by every renderer
(rich tables, plain lines, ``play``'s prompts and echoes, the report as text, CSV and HTML, JSON
and JSON lines), while rich markup in it prints literally and the HTML report escapes it."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.safetext import safe

ROOT = Path(__file__).resolve().parents[2]
ATTACK = "\x1b[2J\x1b]0;TITLE\x07\x9b31m\u202e\r\x08"
# what a terminal would act on: C0 controls but the line break, DEL and C1, bidirectional controls
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def evil_match(tmp_path: Path) -> Path:
    """The demo Trentasette match with a note and a void reason holding ``ATTACK``, and rich markup."""
    doc = json.loads((ROOT / "ledger/demo/10_trentasette.json").read_text())[0]
    doc["note"] = f"note{ATTACK} [b]x[/b] [red]y[/red]"
    doc["hands"][1]["void_reason"] = f"why{ATTACK}"
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def strings(value) -> list[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return [s for v in items for s in strings(v)]


def clean(text: str) -> str:
    assert not RAW.search(text), repr(RAW.search(text).group(0))
    return text


def test_safe_shows_control_characters_as_visible_escapes():
    assert safe("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert safe("\x9b\x7f\x07\t\n\r") == "\\x9b\\x7f\\x07\\t\\n\\r"
    assert safe("\u202eabc\u2066") == "\\u202eabc\\u2066"
    assert safe("two\nlines\x1b", lines=True) == "two\nlines\\x1b"
    assert safe("Niccolò ♠ 🃏 [bold]x[/bold] <b>") == "Niccolò ♠ 🃏 [bold]x[/bold] <b>"
    assert safe(7) == "7"


def test_safe_json_keeps_the_document_and_escapes_what_json_leaves_raw():
    text = json.dumps({"note": ATTACK}, ensure_ascii=False)
    out = safe(text, json=True)
    assert json.loads(out) == {"note": ATTACK}
    clean(out)


@given(st.text())
def test_safe_never_lets_a_control_character_through(text):
    clean(safe(text))
    as_json = safe(json.dumps(text, ensure_ascii=False), json=True)
    clean(as_json)
    assert json.loads(as_json) == text


def test_history_report_and_show_print_visible_escapes(cli, tmp_path):
    cli("import", str(evil_match(tmp_path)))
    history = clean(cli("match", "history", "1").stdout)
    assert "why\\x1b[2J" in history  # cut short in its column on 80 columns
    report = clean(cli("report").stdout)
    assert "[b]x[/b] [red]y[/red]" in report  # rich markup prints literally
    assert "\\x1b[2J" in report
    for args in (("show", "1"), ("match", "list"), ("stats",)):
        clean(cli(*args).stdout)


def test_json_and_json_lines_keep_the_text_and_print_it_safely(cli, tmp_path):
    cli("import", str(evil_match(tmp_path)))
    for args in (("match", "history", "1"), ("report",), ("show", "1"), ("export", "1")):
        out = cli(*args, *(("--json",) if args[0] != "export" else ())).stdout
        clean(out)
        if args[0] != "show":  # the scoreboard shows neither the note nor the voided hand
            assert any(ATTACK in x for x in strings(json.loads(out))), args  # the data is kept as it is


def test_csv_and_html_reports_neutralise_and_html_escapes(cli, tmp_path):
    path = evil_match(tmp_path)
    doc = json.loads(path.read_text())
    doc["note"] += "<script>alert(1)</script>"
    path.write_text(json.dumps(doc))
    cli("import", str(path))
    cli("report", "--csv", str(tmp_path / "csv"), "--html", str(tmp_path / "r.html"))
    html = clean((tmp_path / "r.html").read_text(encoding="utf-8"))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>" not in html
    assert "\\x1b[2J" in html
    for f in (tmp_path / "csv").iterdir():
        text = f.read_text(encoding="utf-8")
        rows = list(csv.reader(text.splitlines()))
        assert rows
        clean(text.replace("\r\n", "\n"))


def test_play_echoes_piped_input_and_errors_with_visible_escapes(cli):
    r = cli("play", "trentasette", "--players", "Anna,Bruno",
            input=f"Anna=AH{ATTACK}\nquit\n")
    clean(r.stdout)
    clean(r.stderr)
    assert "Anna=AH\\x1b[2J" in r.stdout


def test_play_json_lines_are_safe(cli):
    r = cli("play", "trentasette", "--players", "Anna,Bruno", "--json", input=f"x{ATTACK}\nquit\n")
    clean(r.stdout)
    clean(r.stderr)
    for line in r.stdout.splitlines():
        json.loads(line)


def test_an_error_quoting_hostile_text_is_one_safe_line(cli):
    line = cli.error("match", "new", "trentasette", "-p", "Anna,Bruno", "--night", f"2026{ATTACK}")
    clean(line)


@pytest.mark.parametrize("command", [("hand", "void", "1", "2", "--reason")])
def test_a_reason_typed_on_the_command_line_is_shown_safely(cli, command):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    pile = "AH 2H 3H 4H 5H 6H 7H JH QH KH AD 2D 3D 4D 5D 6D 7D JD QD KD"
    cli("hand", "add", "1", f"Anna={pile}", "Bruno=rest")
    cli("hand", "add", "1", f"Anna={pile}", "Bruno=rest")
    cli(*command, f"typo{ATTACK}")
    out = clean(cli("match", "history", "1").stdout)
    assert "typo\\x1b[2J" in out
