"""The quick paths of ``export --all`` and ``import`` (issue 17) write exactly what the plain ones do.

- the compact export splices each hand's stored document and result texts into its output
  (``ledger.store.export.match_text``) instead of decoding and encoding them: its bytes equal
  ``json.dumps`` of the same document, on the demo, on random matches of every game, and on texts
  that cannot be spliced (non-ASCII names, escapes, a hand-made bookkeeping key);
- it reads in plain SQL, with the standard library alone on an up-to-date SQLite ledger;
- ``import`` inserts SQLite rows through the DB-API cursor: the stored rows equal those of
  SQLAlchemy's insert, and a streamed export is parsed once.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import random
import sqlite3
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from ledger_rows import ledger_rows

from ledger.errors import LedgerError
from ledger.games import available, get_game
from ledger.store import export as ex
from ledger.store.backup import export_all, write_export
from ledger.store.service import Ledger

SAMPLED = [g for g in available() if get_game(g).samples]
REGULARS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]  # as many as any sampled game seats
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


def _compact(doc: dict) -> str:
    """The compact layout of docs/formats.md, from the whole document held in memory."""
    head = json.dumps({**doc, "matches": []}, ensure_ascii=False)[:-2]
    if not doc["matches"]:
        return json.dumps(doc, ensure_ascii=False)
    return head + "\n" + ",\n".join(json.dumps(m, ensure_ascii=False) for m in doc["matches"]) + "\n]}"


def _both(led: Ledger) -> tuple[str, str]:
    """The streamed (spliced) export and the plain json.dumps of the same document."""
    out = io.StringIO()
    write_export(led, out)
    whole = export_all(led)
    whole["exported_at"] = json.loads(out.getvalue().split("\n", 1)[0] + "]}")["exported_at"]
    return out.getvalue(), _compact(whole)


def _random_matches(led: Ledger, rng: random.Random, players: list[str], matches: int = 3) -> None:
    for _ in range(matches):
        game = get_game(rng.choice(SAMPLED))
        setup = game.sample_setup(players, rng)
        state, hands = game.start(setup), []
        for _ in range(60):
            if state.finished or len(hands) >= 6:
                break
            doc = game.sample_hand(setup, state, rng)
            try:
                state, _ = game.apply(setup, state, doc)
            except LedgerError:
                continue
            hands.append(doc)
        doc = {**setup.to_json(), "hands": hands}
        if not state.finished:
            doc["ended_early"] = True
        led.import_match(doc)


def test_the_spliced_export_is_the_plain_one_on_the_demo(cli, ledger_db):
    from test_robustness_backup import build_a_ledger

    build_a_ledger(cli)
    streamed, plain = _both(Ledger(str(ledger_db)))
    assert streamed == plain


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), names=st.lists(TEXT.map(str.strip).filter(bool), min_size=4, max_size=4,
                                                  unique_by=str.casefold))
def test_the_spliced_export_is_the_plain_one_on_random_matches(tmp_path_factory, seed, names):
    """Every sampled game; players with any names (accents, quotes, backslashes, controls: the
    texts that cannot be spliced take the plain path, hand by hand)."""
    db = tmp_path_factory.mktemp("random") / "ledger.db"
    led = Ledger(str(db))
    players = []
    for n in names:
        try:
            players.append(led.add_players([n])[0][0].name)
        except LedgerError:  # a name the ledger refuses
            players.append(f"P{len(players)}")
    _random_matches(led, random.Random(seed), list(dict.fromkeys([*players, *REGULARS]))[:6])
    streamed, plain = _both(led)
    assert streamed == plain


@pytest.mark.sqlite_only  # looks at (or changes) the SQLite file itself
def test_texts_that_cannot_be_spliced_are_written_as_json_dumps_would(ledger_db):
    """Stored texts this program would not write (changed by hand in the file): a bookkeeping key
    in a document, an escape, other spacing of a result are decoded and written afresh."""
    led = Ledger(str(ledger_db))
    _random_matches(led, random.Random(3), REGULARS, matches=2)
    con = sqlite3.connect(ledger_db)
    hid, doc, res = con.execute("SELECT id, document, result FROM hand ORDER BY id LIMIT 1").fetchone()
    other = con.execute("SELECT id FROM hand ORDER BY id LIMIT 1 OFFSET 1").fetchone()[0]
    con.execute("UPDATE hand SET document = ?, result = ? WHERE id = ?",
                [doc[:-1] + ', "entered_at": "x", "note": "caf\\u00e9 \\"x\\""}', json.dumps(json.loads(res)), hid])
    con.execute("UPDATE hand SET result = ? WHERE id = ?", ['{"points":{"Anna":1}}', other])
    con.commit()
    con.close()
    streamed, plain = _both(led)
    assert streamed == plain
    assert '"note": "café \\"x\\""' in streamed and '"result": {"points": {"Anna": 1}}' in streamed


def test_spliceable_says_which_texts_are_copied_as_they_are():
    assert ex.spliceable('{"a": 1}') and ex.spliceable('{"a": 1}', document=True)
    assert not ex.spliceable('{"a": "caf\\u00e9"}') and not ex.spliceable('{"a": "café"}')
    assert not ex.spliceable('{"voided": true}', document=True) and ex.spliceable('{"voided": true}')
    assert not ex.spliceable({"a": 1}) and not ex.spliceable("[1]") and not ex.spliceable(None)


JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | TEXT,
                       lambda inner: st.dictionaries(TEXT, inner, max_size=4), max_leaves=12)


@given(JSONISH)
def test_the_small_encoder_writes_what_json_dumps_writes(value):
    assert ex._encode(value) == json.dumps(value, ensure_ascii=False)
    assert ex._encode({"result": ex.Raw('{"x": 1}')}) == '{"result": {"x": 1}}'


@given(st.datetimes(min_value=dt.datetime(1, 1, 2), max_value=dt.datetime(9999, 12, 30)))
def test_a_stored_time_is_written_as_its_datetime_would_be(when):
    text = when.strftime("%Y-%m-%d %H:%M:%S.%f")  # SQLAlchemy's SQLite storage format
    assert len(text) != 26 or ex.iso(text) == ex.iso(ex.moment(text)) == ex.iso(when)
    assert ex.iso(when.replace(tzinfo=dt.timezone.utc)) == ex.iso(when)


EXPORT_IMPORTS = """
import sys
from ledger.cli.app import main
sys.argv = ["ledger", "export", "--all", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    assert not done.code, done.code
loaded = list(sys.modules)
from ledger.games import available
games = set(available())  # (this loads every game: after the look at what the export loaded)
print(sorted(m for m in loaded if m.split(".")[0] == "rich"
             or m.startswith("ledger.games.") and m.split(".")[2] in games), file=sys.stderr)
"""


@pytest.mark.slow  # runs the installed command in a process of its own
@pytest.mark.sqlite_only  # looks at (or changes) the SQLite file itself
def test_export_all_imports_neither_rich_nor_the_games(cli, ledger_db, tmp_path):
    """``export --all`` reads the ledger through the store, draws nothing and scores nothing: to a
    file (its ``wrote FILE`` line written without rich,
    :func:`ledger.cli.render.print_plain`) and to standard output, from a script (no terminal, no
    ``COLUMNS``); no game's own package (their shared protocol comes with the store)."""
    cli("demo")
    out = tmp_path / "all.json"
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    for args in (["-o", str(out)], []):
        r = subprocess.run([sys.executable, "-c", EXPORT_IMPORTS, *args], capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, env={**env, "LEDGER_DB": str(ledger_db)})
        assert r.stderr.strip().splitlines()[-1] == "[]", (args, r.stderr[-800:])
        if args:
            assert r.stdout == f"wrote {out}\n"
            assert json.loads(out.read_text(encoding="utf-8"))["matches"]
        else:
            assert json.loads(r.stdout)["matches"]


PLAIN_LINES = """
import sys
from ledger.cli.render import console, print_plain
for text in sys.argv[1:]:
    print_plain(text)
    print("|", flush=True)
    console().print(text, markup=False)
    print("#", flush=True)
"""


@pytest.mark.parametrize("env", [{}, {"COLUMNS": "30"}, {"COLUMNS": "200"}, {"FORCE_COLOR": "1"},
                                 {"TTY_COMPATIBLE": "1", "TERM": "xterm-256color"}, {"TERM": "dumb"}])
@pytest.mark.slow  # runs the installed command in a process of its own
def test_a_plain_line_is_what_the_rich_console_writes(env):
    """:func:`ledger.cli.render.print_plain` (without rich for a short plain line from a script)
    writes what ``console().print(text, markup=False)`` does: for lines short and long, with
    colons and emoji codes, spaces, tabs, accents, markup, under the environments rich reads."""
    texts = ["wrote /tmp/x.json", "wrote " + "d/" * 36 + "e.json", "wrote " + "d" * 73, "wrote " + "d" * 74,
             "wrote " + "d" * 75, "wrote /tmp/a b  c/" + "x " * 40, "wrote /tmp/:smile:.json", "wrote C:/x.json",
             "wrote /tmp/café.json", "wrote /tmp/a\tb", "wrote /tmp/x ", " wrote", "wrote [bold]x[/bold]",
             "wrote /tmp/\\x", "wrote /tmp/\u65e5\u672c.json", ""]
    base = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR")}
    r = subprocess.run([sys.executable, "-c", PLAIN_LINES, *texts], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, env={**base, **env}, timeout=60)
    assert r.returncode == 0, r.stderr[-800:]
    pairs = [chunk.split("|\n") for chunk in r.stdout.split("#\n")[:-1]]
    assert len(pairs) == len(texts), r.stdout
    for text, (plain, rich) in zip(texts, pairs):
        assert plain == rich, (text, env)


def test_the_club_sessions_are_exported_as_stored(cli, ledger_db):
    from sqlmodel import Session, select

    from ledger.store.models import ClubResult, ClubSession

    cli("club", "new", "--title", "Tuesday pairs", "--name", "1=Anna & Bruno")
    for line in (["1", "1", "11", "4S", "S", "10"], ["1", "2", "12", "4S", "N", "+1"], ["2", "1", "12", "3NTX", "E", "-2"]):
        cli("club", "add", "last", *line)
    cli("club", "void", "1", "1", "--reason", "wrong table")
    cli("club", "edit", "1", "2", "2", "13", "3NT", "E", "9")
    led = Ledger(str(ledger_db))
    with Session(led.engine) as s:
        want = [{"id": c.id, "title": c.title, "event": c.event, "scoring": c.scoring, "movement": c.movement,
                 "names": c.names, "boards": c.boards, "tables": c.tables, "created_at": c.created_at.isoformat(),
                 "results": [{"id": r.id, "number": r.position, "board": r.board, "result": r.document,
                              "entered_at": r.entered_at.isoformat(), "voided": r.voided,
                              "voided_at": r.voided_at.isoformat() if r.voided_at else None,
                              "void_reason": r.void_reason, "replaces": r.replaces_id}
                             for r in s.exec(select(ClubResult).where(ClubResult.session_id == c.id)
                                             .order_by(ClubResult.id))]}
                for c in s.exec(select(ClubSession).order_by(ClubSession.id))]
    assert any(r["voided"] for r in want[0]["results"])
    got = export_all(led)["club_sessions"]
    for a, b in zip(got[0]["results"], want[0]["results"]):
        assert a == b
    assert got == want


# --- import ---------------------------------------------------------------------------------
def test_rows_inserted_through_the_cursor_are_those_of_sqlalchemys_insert(cli, tmp_path, monkeypatch):
    from test_robustness_backup import build_a_ledger

    from ledger.store import reading

    build_a_ledger(cli)
    export = tmp_path / "all.json"
    cli("export", "--all", "-o", str(export))
    cli("--db", str(tmp_path / "raw.db"), "import", str(export))
    monkeypatch.setattr(reading, "RAW_INSERTS", False)
    cli("--db", str(tmp_path / "core.db"), "import", str(export))
    raw, core = ledger_rows(tmp_path / "raw.db"), ledger_rows(tmp_path / "core.db")
    assert raw == core and len(raw["hand"]) > 20
    assert cli("--db", str(tmp_path / "raw.db"), "db", "check").exit_code == 0


@pytest.mark.parametrize("layout", ["a match a line", "indented"])
def test_a_streamed_export_is_parsed_once(cli, tmp_path, monkeypatch, layout):
    """The matches of an export are read once, as a stream, however the file is laid out."""
    from ledger.cli import inputs

    cli("demo")
    export = tmp_path / "all.json"
    cli("export", "--all", "-o", str(export), *(["--indent", "2"] if layout == "indented" else []))
    reads = []
    real = inputs.ExportMatches.__iter__
    monkeypatch.setattr(inputs.ExportMatches, "__iter__", lambda self: (reads.append(1), real(self))[1])
    cli("--db", str(tmp_path / "other.db"), "import", str(export))
    assert reads == [1]


@pytest.mark.parametrize("drop", ["match", "hand"])
def test_an_export_with_a_number_missing_is_stored_with_new_numbers(cli, tmp_path, drop):
    """Numbers are kept only when every match and hand has its own: one missing far down the file
    rolls back what was stored with kept numbers and stores it all again, numbered afresh."""
    cli("demo")
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    doc = json.loads(cli("export", "--all").stdout)
    doc["matches"] = [m for m in doc["matches"] if m["hands"]]
    for m in doc["matches"]:
        m["stored"]["id"] += 100
        for h in m["hands"]:
            h["stored"]["id"] += 1000
    last = doc["matches"][-1]
    (last if drop == "match" else last["hands"][-1])["stored"].pop("id")
    (tmp_path / "some.json").write_text(json.dumps(doc), encoding="utf-8")
    other = ("--db", str(tmp_path / "other.db"))
    rows = cli.json(*other, "import", str(tmp_path / "some.json"))
    assert [r["id"] for r in rows] == list(range(1, len(doc["matches"]) + 1))
    (tmp_path / "all.json").write_text(json.dumps({**doc, "matches": doc["matches"][:-1]}), encoding="utf-8")
    kept = cli.json("--db", str(tmp_path / "kept.db"), "import", str(tmp_path / "all.json"))
    assert [r["id"] for r in kept] == [m["stored"]["id"] for m in doc["matches"][:-1]]


def test_a_bad_player_time_counts_only_when_the_numbers_are_kept(cli, tmp_path):
    cli("demo")
    doc = json.loads(cli("export", "--all").stdout)
    doc["players"][0]["created_at"] = "not a time"
    (tmp_path / "kept.json").write_text(json.dumps(doc), encoding="utf-8")
    assert "players.created_at" in cli.error("--db", str(tmp_path / "a.db"), "import", str(tmp_path / "kept.json"))
    doc["matches"][-1]["stored"].pop("id")
    (tmp_path / "new.json").write_text(json.dumps(doc), encoding="utf-8")
    assert len(cli.json("--db", str(tmp_path / "b.db"), "import", str(tmp_path / "new.json"))) == len(doc["matches"])
