"""Input that can be read only once: standard input (``-``), and a pipe named as a file (a FIFO,
the shell's ``<(…)``). It is read whole before anything looks at it, so a command that looks
at a file's first bytes first (is it a list? a whole-ledger export?) or reads a list twice
(``score`` of a list as tables: every hand checked, then printed) gets all of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent / "ledger"
BOARD = {"game": "bridge", "rules": "duplicate", "board": 3, "contract": "4S", "declarer": "N", "tricks": 11}
pytestmark = [pytest.mark.slow,  # real processes: python -m pytest -m "not slow" leaves them out
              pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed"),
              pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")]


def ledger(*args, tmp_path, input=None):
    env = {**os.environ, "LEDGER_DB": str(tmp_path / "l.db"), "COLUMNS": "100", "LANG": "C.UTF-8"}
    return subprocess.run([str(BIN), *args], input=input, capture_output=True, text=True, env=env, timeout=120)


def through_a_pipe(tmp_path, text: str, *args):
    """``ledger ARGS FIFO`` with ``text`` written into the named pipe FIFO as the command reads it."""
    fifo = tmp_path / "in.fifo"
    os.mkfifo(fifo)

    def feed():
        with open(fifo, "w", encoding="utf-8") as f:
            f.write(text)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        return ledger(*args, str(fifo), tmp_path=tmp_path)
    finally:
        writer.join(timeout=10)


def test_a_list_on_standard_input_is_scored_as_tables(tmp_path):
    r = ledger("score", "-", tmp_path=tmp_path, input=json.dumps([BOARD, {**BOARD, "tricks": 9}]))
    assert r.returncode == 0, r.stderr
    assert "4S by N +1: NS +450" in r.stdout and "4S by N -1" in r.stdout and r.stdout.count("Hand ") == 2


@pytest.mark.parametrize("text, said", [(json.dumps(BOARD), "4S by N +1: NS +450"),
                                        (json.dumps([BOARD, BOARD]), "Hand 2")])
def test_a_named_pipe_is_scored(tmp_path, text, said):
    r = through_a_pipe(tmp_path, text, "score")
    assert r.returncode == 0, r.stderr
    assert said in r.stdout


def test_a_whole_ledger_export_through_a_named_pipe_is_imported(tmp_path):
    assert ledger("demo", tmp_path=tmp_path).returncode == 0
    demo_matches = len(json.loads(ledger("match", "list", "--json", tmp_path=tmp_path).stdout))
    export = ledger("export", "--all", tmp_path=tmp_path).stdout
    (tmp_path / "l.db").unlink()
    r = through_a_pipe(tmp_path, export, "import")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"Imported {demo_matches} matches")
    assert ledger("db", "check", tmp_path=tmp_path).returncode == 0


def test_a_bad_document_through_a_named_pipe_is_one_line(tmp_path):
    r = through_a_pipe(tmp_path, '{"game": "bridge", ', "score")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("error: FILE: not valid JSON") and len(r.stderr.strip().splitlines()) == 1
