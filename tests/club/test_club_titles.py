"""A club session's title comes from a file (the session JSON ``title``, the PBN ``[Event]``) or
a person (``club new --title``): its control characters never reach the terminal raw, and a
title written into a PBN tag can never start a new tag (issue 31, item 3)."""

from __future__ import annotations

import json

import pytest

from club_helpers import pbn_text
from ledger.club.pbn import pbn_games, read_club_pbn
from ledger.games.bridge.pbn import pbn_quote

HOSTILE = 'Night\x1b[2J\x1b]0;owned\x07\r\u202eX\n[Site "INJECTED"]\x9b1m'
RAW = ("\x1b", "\x07", "\r", "\u202e", "\x9b")


def _session(title: str) -> dict:
    return {"game": "bridge", "event": "pairs", "title": title, "boards": [
        {"board": 1, "results": [{"ns": 1, "ew": 2, "score_ns": 420}, {"ns": 3, "ew": 4, "score_ns": -50}]}]}


def _clean(text: str) -> None:
    assert not any(c in text for c in RAW), repr(text)


def test_pbn_quote_keeps_a_value_on_its_tag_s_line():
    quoted = pbn_quote('a\nb"c\\d\x1b')
    assert quoted == 'a\\\\nb\\"c\\\\d\\\\x1b'
    assert "\n" not in quoted


def test_a_session_title_is_shown_escaped_and_written_to_pbn_as_one_tag(cli, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(_session(HOSTILE)))
    out = tmp_path / "out.pbn"
    shown = cli("club", "score", str(path), "--pbn", str(out)).stdout
    _clean(shown)
    assert "Night\\x1b[2J\\x1b]0;owned\\x07\\r\\u202eX\\n[Site" in shown
    written = out.read_text()
    _clean(written)
    assert not any(line.startswith('[Site "INJECTED"]') for line in written.splitlines())
    assert [line for line in written.splitlines() if line.startswith("[Site")] == ['[Site ""]']
    back = read_club_pbn(written).document
    assert back["title"] == 'Night\\x1b[2J\\x1b]0;owned\\x07\\r\\u202eX\\n[Site "INJECTED"]\\x9b1m'


def test_a_pbn_event_is_shown_escaped(cli, tmp_path):
    text = pbn_text("butler.pbn")
    event = next(g.tags["Event"] for g in pbn_games(text) if "Event" in g.tags)
    path = tmp_path / "s.pbn"
    path.write_text(text.replace(f'[Event "{event}"]', '[Event "Club\x1b[31m\u202e night\x07"]', 1))
    shown = cli("club", "score", str(path)).stdout
    _clean(shown)
    assert "Club\\x1b[31m\\u202e night\\x07" in shown


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_stored_session_s_title_is_shown_escaped_by_new_add_and_show(cli, lang):
    new = cli("--lang", lang, "club", "new", "--title", HOSTILE).stdout
    add = cli("--lang", lang, "club", "add", "last", "1", "1", "2", "NS", "420").stdout
    show = cli("--lang", lang, "club", "show", "last").stdout
    listed = cli("--lang", lang, "club", "list").stdout
    for out in (new, add, show):
        assert "Night\\x1b[2J" in out
    for out in (new, add, show, listed):  # the list's cell may be folded, but holds no control character
        _clean(out)


def test_names_from_a_file_reach_the_csv_and_html_files_escaped(cli, tmp_path):
    doc = {**_session(HOSTILE), "names": {"1": "Anna\x1b[31m & Bruno\r", "3": "Carla\u202e & Dario"}}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    csv_file, html_file = tmp_path / "out.csv", tmp_path / "out.html"
    cli("club", "score", str(path), "--csv", str(csv_file), "--html", str(html_file))
    for written in (csv_file.read_text(encoding="utf-8-sig"), html_file.read_text()):
        _clean(written)
    assert "Anna\\x1b[31m & Bruno\\r" in csv_file.read_text(encoding="utf-8-sig")
