"""``club score`` of a 20 MB session in at most 400 MB of memory (issue 31, item 6; it took 1.08
GB, 55 times the input): the results are read once and shared (their documents, their pairs),
and ``--json`` writes the boards one at a time rather than holding the whole text. The peak
resident memory of the installed command is measured in a process of its own."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

LIMIT_KB = 400 * 1024
CONTRACTS = ("1NT", "2H", "2S", "3C", "3D", "3NT", "4H", "4S", "4SX", "5C", "5DX", "6NT", "3NTX")

# runs the command and prints its peak resident memory in kB (RUSAGE_CHILDREN: its children only)
MEASURE = ("import resource, subprocess, sys\n"
           "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
           "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.stderr[-300:])\n")


def _session(path, tables: int = 100, boards: int = 2800) -> int:
    """A Mitchell (NS 1-100, EW 101-200), every result a contract, declarer and tricks: about 20 MB."""
    rng = random.Random(31)
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"game": "bridge", "event": "pairs", "scoring": "mp", "boards": [')
        for b in range(1, boards + 1):
            results = [{"ns": t, "ew": 101 + (t + b) % tables, "contract": rng.choice(CONTRACTS),
                        "declarer": rng.choice("NSEW"), "tricks": rng.randint(6, 13)} for t in range(1, tables + 1)]
            f.write(("" if b == 1 else ", ") + json.dumps({"board": b, "results": results}))
        f.write("]}")
    return path.stat().st_size


@pytest.mark.slow
@pytest.mark.parametrize("output", [[], ["--json"]])
def test_a_20_mb_session_is_scored_in_at_most_400_mb(tmp_path, output):
    path = tmp_path / "session.json"
    size = _session(path)
    assert 19 * 1024 * 1024 < size <= 20 * 1024 * 1024
    done = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m", "ledger", "club", "score", str(path),
                           *output], capture_output=True, text=True, check=True)
    code, peak, _ = done.stdout.split(" ", 2)
    assert code == "0", done.stdout
    assert int(peak) <= LIMIT_KB, f"peak {int(peak) // 1024} MB for a {size // 2**20} MB session"


@pytest.mark.slow
def test_a_20_mb_pbn_file_is_scored_in_at_most_400_mb(tmp_path):
    """The same from a club PBN file (its games read one at a time, their lines let go)."""
    session, pbn = tmp_path / "session.json", tmp_path / "session.pbn"
    _session(session, boards=2900)
    subprocess.run([sys.executable, "-m", "ledger", "club", "score", str(session), "--pbn", str(pbn)],
                   stdout=subprocess.DEVNULL, check=True)
    assert 18 * 1024 * 1024 < pbn.stat().st_size <= 20 * 1024 * 1024
    done = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m", "ledger", "club", "score", str(pbn)],
                          capture_output=True, text=True, check=True)
    code, peak, _ = done.stdout.split(" ", 2)
    assert code == "0", done.stdout
    assert int(peak) <= LIMIT_KB, f"peak {int(peak) // 1024} MB"


def test_club_score_json_is_the_session_json_written_board_by_board(cli, tmp_path):
    """The boards written one at a time give the very text of ``session_json`` printed whole."""
    from ledger.cli.render import print_json  # noqa: F401 (the printer whose text is compared)
    from ledger.club import score_document
    from ledger.club.output import session_json
    from ledger.safetext import safe

    path = tmp_path / "s.json"
    _session(path, tables=4, boards=6)
    doc = json.loads(path.read_text())
    doc["title"] = "Martedì \u202e sera"
    path.write_text(json.dumps(doc))
    expect = safe(json.dumps(session_json(score_document(doc)), ensure_ascii=False, indent=2), json=True) + "\n"
    assert cli("club", "score", str(path), "--json").stdout == expect
