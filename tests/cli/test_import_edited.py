"""An export edited by hand, laid out otherwise or broken anywhere: ``import`` reads it as a
stream, a match at a time, and either stores what the export stores (the file is JSON all the
same) or refuses it with one line, exit code 2, and nothing stored.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from ledger_rows import ledger_rows

from ledger.cli import inputs

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


def outcome(cli, tmp_path, data: bytes, name: str = "case") -> tuple:
    """The exit code, output, error and rows (None: no ledger made) of importing ``data`` into a
    new ledger."""
    path = tmp_path / f"{name}.json"
    path.write_bytes(data)
    db = tmp_path / f"{name}.db"
    for old in tmp_path.glob(f"{db.name}*"):
        old.unlink()
    r = cli("--db", str(db), "import", str(path), code=None)
    return r.exit_code, r.stdout, r.stderr, ledger_rows(db) if db.exists() else None


def refused(got: tuple) -> bool:
    """One line naming what is wrong, exit code 2, nothing stored (or no ledger made)."""
    code, _, err, rows = got
    return code == 2 and err.startswith("error:") and err.strip().count("\n") == 0 and \
        (rows is None or rows["match"] == [])


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


JSON = ("a byte-order mark", "Windows line ends", "two matches on a line", "a blank line", "indented",
        "all on one line", "a field after the matches")


@pytest.fixture
def as_written(cli, tmp_path, export_lines) -> tuple:
    return outcome(cli, tmp_path, b"\n".join(export_lines), "as-written")


@pytest.mark.parametrize("case", CASES)
def test_a_file_laid_out_otherwise_stores_the_same_or_is_refused(cli, tmp_path, export_lines, as_written, case):
    got = outcome(cli, tmp_path, _cases(export_lines)[case])
    assert as_written[0] == 0 and len(as_written[3]["match"]) > 5
    if case in JSON:  # JSON all the same: the same rows
        assert got[0] == 0 and got[3] == as_written[3], got[2]
    elif case == "no matches":
        assert got[0] == 0 and got[3]["match"] == []
    elif case != "a match over two lines":  # (a line break in a text, or not)
        assert refused(got), got[:3]


@pytest.mark.parametrize("limit", [3000, 9000])
def test_a_match_over_the_limit_of_a_value_is_refused(cli, monkeypatch, tmp_path, export_lines, limit):
    """A match larger than a value may be (20 MB; here a few kB) is never read whole: the
    stream refuses it, in bounded memory, however the file is laid out (read here in pieces
    of 512 bytes, so that the file is not read whole at once)."""
    monkeypatch.setattr(inputs, "MAX_INPUT_BYTES", limit)
    monkeypatch.setattr(inputs, "_CHUNK", 512)
    assert max(map(len, export_lines)) > limit
    for data in (b"\n".join(export_lines), _cases(export_lines)["all on one line"]):
        got = outcome(cli, tmp_path, data)
        assert refused(got) and "refused" in got[2], got[:3]


EDITS = st.lists(st.tuples(st.sampled_from(["join", "split", "insert", "drop"]), st.integers(0, 10 ** 6),
                           st.sampled_from([b",", b"]", b"}", b"{", b"\\", b'"', b" ", b"x", b"\n", b"]}", b"\\ud800"])),
                 min_size=1, max_size=3)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=EDITS)
def test_any_damage_stores_a_sound_ledger_or_is_refused(cli, tmp_path, export_lines, edits):
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
    got = outcome(cli, tmp_path, b"\n".join(lines), "damaged")
    if got[0] == 0:  # still an export (a space, a line break between values): every match or none stored
        assert cli("--db", str(tmp_path / "damaged.db"), "db", "check").exit_code == 0
    else:
        assert refused(got), got[:3]
