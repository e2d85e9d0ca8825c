"""An export read a line at a time (issue 17: ``ExportMatches.texts``, each line parsed where it is
read, by a worker process for a large import) stores what the export read as a stream stores; a
file laid out otherwise, or broken anywhere, is read as a stream instead, so that ``import`` gives
the same rows, or the same one-line error and nothing stored, as it always has.

Every case is imported twice, a line at a time and as a stream (``reading.TEXTS`` off), and the
two outcomes compared: exit code, output, error, and every row of the ledger.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from import_workers import workers_on
from ledger_rows import ledger_rows

from ledger.cli import inputs
from ledger.store import reading

pytestmark = [pytest.mark.slow, pytest.mark.sqlite_only]  # whole-ledger imports compared row by row


_LINES: list[bytes] = []  # the export, made by the first test that asks


@pytest.fixture
def export_lines(cli, tmp_path) -> list[bytes]:
    """The lines of a ledger export (every game, corrections, an ended and a reopened match) as
    ``export --all`` writes it."""
    if not _LINES:
        from test_robustness_backup import build_a_ledger

        build_a_ledger(cli)
        cli("export", "--all", "-o", str(tmp_path / "all.json"))
        _LINES.extend((tmp_path / "all.json").read_bytes().split(b"\n"))
    return list(_LINES)


def outcomes(cli, monkeypatch, tmp_path, data: bytes, name: str = "case") -> dict:
    """The outcome of importing ``data`` into a new ledger, read a line at a time and as a stream,
    and how many matches each way read as lines (in this process)."""
    path = tmp_path / f"{name}.json"
    path.write_bytes(data)
    out = {}
    for texts in (True, False):
        monkeypatch.setattr(reading, "TEXTS", texts)
        db = tmp_path / f"{name}-{texts}.db"
        for old in tmp_path.glob(f"{db.name}*"):
            old.unlink()
        r = cli("--db", str(db), "import", str(path), code=None)
        out[texts] = (r.exit_code, r.stdout, r.stderr, ledger_rows(db) if db.exists() else None)
    return out


@pytest.fixture
def lines_parsed(monkeypatch) -> list[int]:
    """Counts the lines parsed as matches (``ExportMatches.parse``) in this process."""
    parsed: list[int] = []
    real = inputs.parse_match_line
    monkeypatch.setattr(inputs, "parse_match_line", lambda line: (parsed.append(1), real(line))[1])
    return parsed


def test_an_export_as_written_is_read_a_line_at_a_time(cli, monkeypatch, tmp_path, export_lines, lines_parsed):
    got = outcomes(cli, monkeypatch, tmp_path, b"\n".join(export_lines))
    assert got[True] == got[False] and got[True][0] == 0
    matches = len(got[True][3]["match"])
    assert matches > 5 and len(lines_parsed) == matches  # every match, once, as a line


@pytest.mark.parametrize("case", ["as written", "not JSON in a match", "a comma after the last match", "a bad match"])
def test_worker_processes_read_the_lines(cli, monkeypatch, tmp_path, export_lines, case):
    pools = workers_on(monkeypatch)
    data = b"\n".join(export_lines) if case == "as written" else _cases(export_lines)[case]
    got = outcomes(cli, monkeypatch, tmp_path, data)
    assert got[True] == got[False] and got[True][0] == (0 if case == "as written" else 2)
    assert pools[:1] == [2]  # the lines read by the workers


def _cases(lines: list[bytes]) -> dict[str, bytes]:
    head, *matches, end = [line for line in lines if line]
    first = json.loads(matches[0].rstrip(b","))
    return {
        "a byte-order mark": b"\xef\xbb\xbf" + b"\n".join(lines),
        "Windows line ends": b"\r\n".join(lines),
        "two matches on a line": b"\n".join([head, matches[0] + matches[1], *matches[2:], end]),
        "a match over two lines": b"\n".join([head, matches[0][:40], matches[0][40:], *matches[1:], end]),
        "a blank line": b"\n".join([head, matches[0], b"", *matches[1:], end]),
        "a comma missing": b"\n".join([head, matches[0].rstrip(b","), *matches[1:], end]),
        "a comma after the last match": b"\n".join([head, *matches[:-1], matches[-1] + b",", end]),
        "not JSON in a match": b"\n".join([head, matches[0].replace(b'"hands"', b'"hands', 1), *matches[1:], end]),
        "NaN": b"\n".join([head, matches[0].replace(b'"id": ', b'"id": NaN, "x": ', 1), *matches[1:], end]),
        "half a character": b"\n".join([head, matches[0].replace(b'"note": null', b'"note": "\\ud800"', 1)
                                        if b'"note": null' in matches[0] else
                                        json.dumps({**first, "note": "\ud800"}).encode() + b",", *matches[1:], end]),
        "not UTF-8": b"\n".join([head, matches[0].replace(b'"hands"', b'"h\xffnds"', 1), *matches[1:], end]),
        "a field after the matches": b"\n".join([head, *matches, b'], "extra": 1}']),
        "the format after the matches": b"\n".join([head, *matches, b'], "format": "ledger-export"}']),
        "nothing after the matches": b"\n".join([head, *matches]),
        "indented": json.dumps(json.loads(b"\n".join(lines)), indent=2).encode(),
        "all on one line": json.dumps(json.loads(b"\n".join(lines))).encode(),
        "no matches": json.dumps({**json.loads(b"\n".join(lines)), "matches": []}).encode(),
        "a bad match": b"\n".join([head, json.dumps({**first, "game": "poker"}).encode() + b",", *matches[1:], end]),
    }


CASES = ["a byte-order mark", "Windows line ends", "two matches on a line", "a match over two lines", "a blank line",
         "a comma missing", "a comma after the last match", "not JSON in a match", "NaN", "half a character",
         "not UTF-8", "a field after the matches", "the format after the matches", "nothing after the matches",
         "indented", "all on one line", "no matches", "a bad match"]


@pytest.mark.parametrize("case", CASES)
def test_a_file_laid_out_otherwise_or_broken_imports_as_a_stream_does(cli, monkeypatch, tmp_path, export_lines, case):
    got = outcomes(cli, monkeypatch, tmp_path, _cases(export_lines)[case])
    assert got[True] == got[False]
    if case in ("a byte-order mark", "Windows line ends", "two matches on a line", "a blank line", "indented",
                "all on one line", "no matches", "a field after the matches"):  # JSON all the same
        assert got[True][0] == 0, got[True][2]
    elif case != "a match over two lines":  # (a line break in a text, or not)
        assert got[True][0] == 2 and got[True][2].startswith("error:"), got[True]
        assert got[True][3] is None or got[True][3]["match"] == []  # nothing stored (or no ledger made)


@pytest.mark.parametrize("limit", [3000, 9000])
def test_a_line_over_the_limit_of_a_value_imports_as_a_stream_does(cli, monkeypatch, tmp_path, export_lines, limit):
    """A line longer than a value may be (20 MB; here a few kB) is never read whole: the stream
    then reads the file, in bounded memory, and refuses the match that is too large, if any."""
    monkeypatch.setattr(inputs, "MAX_INPUT_BYTES", limit)
    assert max(map(len, export_lines)) > limit
    for data in (b"\n".join(export_lines), _cases(export_lines)["all on one line"]):
        got = outcomes(cli, monkeypatch, tmp_path, data)
        assert got[True] == got[False]


EDITS = st.lists(st.tuples(st.sampled_from(["join", "split", "insert", "drop"]), st.integers(0, 10 ** 6),
                           st.sampled_from([b",", b"]", b"}", b"{", b"\\", b'"', b" ", b"x", b"\n", b"]}", b"\\ud800"])),
                 min_size=1, max_size=3)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=EDITS)
def test_any_damage_to_the_lines_imports_as_a_stream_does(cli, monkeypatch, tmp_path, export_lines, edits):
    lines = list(export_lines)
    for op, where, text in edits:
        i = where % len(lines)
        if op == "join" and i + 1 < len(lines):
            lines[i:i + 2] = [lines[i] + lines[i + 1]]
        elif op == "split":
            k = where % (len(lines[i]) + 1)
            lines[i:i + 1] = [lines[i][:k], lines[i][k:]]
        elif op == "insert":
            k = where % (len(lines[i]) + 1)
            lines[i] = lines[i][:k] + text + lines[i][k:]
        elif op == "drop":
            k = where % (len(lines[i]) + 1)
            lines[i] = lines[i][:k] + lines[i][k + 1:]
    got = outcomes(cli, monkeypatch, tmp_path, b"\n".join(lines), "damaged")
    assert got[True] == got[False]
