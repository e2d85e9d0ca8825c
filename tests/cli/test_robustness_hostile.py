"""Hostile input: random and mutated hand documents of every game through ``score -`` and ``hand
add --file -`` always get a result or one line on standard error with exit code 2, never a
traceback, and an error never writes; oversized input is refused without being read whole; odd
player names are stored and shown exactly as given."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.hands import cases, demo_matches
from ledger.games import available
from ledger.store.service import Ledger

pytestmark = pytest.mark.slow  # fuzzing, big inputs and whole-ledger round trips: left out of the fast loop

GAMES = tuple(available())
BOOKKEEPING = ("entered_at", "voided", "voided_at", "void_reason", "replaces")
MATCHES = {g: next(m for m in demo_matches() if m["game"] == g) for g in GAMES}


def played(match: dict) -> list[dict]:
    return [{k: v for k, v in h.items() if k not in BOOKKEEPING} for h in match["hands"] if not h.get("voided")]


# valid documents to start from: the worked cases and the demo evening's hands
SCORED = {g: [c["doc"] for c in cases() if c["kind"] == "score" and c["doc"].get("game") == g
              and not c.get("expect_error")]
             + [{"game": g, "rules": m["rules"], **h} for m in demo_matches() if m["game"] == g for h in played(m)]
          for g in GAMES}
ODD = [None, True, False, 0, -1, 7, 13, 14, 31, 10**6, -(10**18), 2**63, 0.5, "", " ", "rest", "AH", "10S", "JK",
       "ZZ", "AH AH", "3NT", "8NT", "7NTXX", "NS", "N", "tris K", "=", "-2", "+1", "²", "٣", "9" * 5000,
       "Anna", "anna ", "Robert'); DROP TABLE hand;--", "\u202e", "🃏", "a\nb", "x" * 300, [], {}, ["AH"] * 60]

leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
                 st.text(max_size=12), st.sampled_from(ODD))
anything = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                          max_size=4),
                        max_leaves=10)


def spots(value, out=None) -> list:
    """Every (container, key) in a JSON value, for mutations."""
    out = [] if out is None else out
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in list(items):
        out.append((value, k))
        spots(v, out)
    return out


@st.composite
def mutated(draw, bases: list[dict]) -> dict:
    doc = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, 3))):
        where = spots(doc)
        if not where:
            break
        parent, key = draw(st.sampled_from(where))
        how = draw(st.sampled_from(["replace", "replace", "delete", "add", "grow"]))
        if how == "replace":  # a copy: ODD's lists and objects are shared by every example
            parent[key] = copy.deepcopy(draw(anything))
        elif how == "delete":
            del parent[key]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from([*parent, "x", "hands", "sides", "knocked_by", "contract", "tricks"]))] = \
                copy.deepcopy(draw(anything))
        elif how == "grow" and isinstance(parent[key], str):
            parent[key] += " " + draw(st.sampled_from(["AH", "JK", "ZZ", "rest", "10", "²"]))
        elif how == "grow" and isinstance(parent[key], list):
            parent[key] = parent[key] + parent[key]
    return doc


@st.composite
def random_document(draw, game: str) -> dict:
    keys = sorted({k for d in SCORED[game] for k in d} - {"game"})
    doc = draw(st.dictionaries(st.sampled_from(keys + ["x"]), anything, max_size=5))
    return {"game": game, **doc}


def documents(game: str):
    return st.one_of(mutated(SCORED[game]), mutated(SCORED[game]), random_document(game))


def answered(r) -> bool:
    """A result (exit 0, JSON on stdout) or the error contract; True for a result."""
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.stderr
    if r.exit_code == 0:
        json.loads(r.stdout)
        return True
    assert r.exit_code == 2, (r.exit_code, r.stderr)
    assert r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("error: "), r.stderr
    assert len(r.stderr) < 1000  # a huge value is not echoed whole
    return False


HYPOTHESIS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                             HealthCheck.too_slow])


@pytest.mark.parametrize("game", GAMES)
def test_score_answers_every_document(cli, game):
    @HYPOTHESIS
    @given(doc=documents(game))
    def run(doc):
        answered(cli("score", "-", "--json", input=json.dumps(doc), code=None))

    run()


@pytest.mark.parametrize("game", GAMES)
def test_hand_add_answers_every_document_and_writes_only_what_it_accepts(cli, game):
    m = MATCHES[game]
    led = Ledger()
    mid = led.new_match(game, m["rules"], m.get("players"), m.get("sides"), m.get("options")).match.id
    hands = [{k: v for k, v in h.items()} for h in played(m)]

    @HYPOTHESIS
    @given(doc=st.one_of(mutated(hands), mutated(hands), random_document(game)))
    def run(doc):
        before = led.history(mid)
        r = cli("hand", "add", str(mid), "--file", "-", "--json", input=json.dumps(doc), code=None)
        after = led.history(mid)
        if answered(r):
            assert after[:len(before)] == before and len(after) == len(before) + 1
            if led.view(mid).match.status != "open":
                led.reopen_match(mid)
            led.undo_hand(mid, "fuzz")  # keep the match open for the next example
        else:
            assert after == before

    run()
    assert led.check() == []


@pytest.mark.parametrize("text", ["", "{", "[1, 2", '{"game": "bridge", "tricks": NaN}', "Infinity", "1e999",
                                  '{"game": "simone", "x": ' + "9" * 5000 + "}", "[" * 100_000, "\x00", "\ufeff{}",
                                  '"just a string"', "null", '{"game": null}', '{"game": ["bridge"]}'])
def test_text_that_is_no_document_gets_one_line(cli, text):
    assert not answered(cli("score", "-", input=text, code=None))


@given(text=st.text(max_size=200))
@HYPOTHESIS
def test_any_text_gets_an_answer(cli, text):
    answered(cli("score", "-", "--json", input=text, code=None))


@pytest.mark.parametrize("args", [["score", "-"], ["replay", "-"], ["import", "-"],
                                  ["hand", "add", "1", "--file", "-"]])
def test_endless_input_is_refused_without_being_read_whole(cli, args):
    """Standard input that never ends (/dev/zero): a command reading it whole would never return."""
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    before = cli("export", "--all").stdout
    with open("/dev/zero", "rb") as endless:
        r = subprocess.run([sys.executable, "-m", "ledger", *args], stdin=endless, capture_output=True, text=True,
                           timeout=120)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.strip().splitlines() == [
        "error: FILE: input larger than 20 MB refused" if "--file" not in args else
        "error: --file: input larger than 20 MB refused"]
    assert json.loads(cli("export", "--all").stdout)["matches"] == json.loads(before)["matches"]


def test_a_file_over_20_mb_is_refused(cli, tmp_path):
    cli("match", "new", "simone", "-p", "Anna,Bruno")
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.write(b'{"hands": {"Anna": "' + b"AH " * (7 * 1024 * 1024 + 1) + b'"}}')
    assert "larger than 20 MB" in cli.error("hand", "add", "1", "--file", str(big))
    assert "larger than 20 MB" in cli.error("import", str(big))
    assert cli.json("show", "1")["hands"] == []


def first_card_field(doc) -> tuple:
    """The container and key of the first card list or card string in a hand document (or, for a
    game without cards in its hands, like bridge, of its first text field; for a score sheet, of
    its first value: a million cards where a number is wanted)."""
    for parent, key in spots(doc):
        v = parent[key]
        if isinstance(v, str) and len(v.split()) >= 3 and all(len(w) <= 3 for w in v.split()):
            return parent, key
        if isinstance(v, list) and len(v) >= 3 and all(isinstance(w, str) and len(w) <= 3 for w in v):
            return parent, key
    texts = [(p, k) for p, k in spots(doc) if isinstance(p[k], str) and k not in ("game", "rules")]
    values = [(p, k) for p, k in spots(doc) if k not in ("game", "rules") and not isinstance(p[k], (dict, list))]
    return (texts or values or [(None, None)])[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_million_cards_within_20_mb_get_a_one_line_answer(cli, game):
    base = next(d for d in SCORED[game] if first_card_field(d)[0] is not None)
    cli.json("match", "new", game, *(["-p", ",".join(MATCHES[game]["players"])] if "players" in MATCHES[game]
                                     else [a for s, p in MATCHES[game]["sides"].items()
                                           for a in ("--side", f"{s}={','.join(p)}")]),
             "-r", MATCHES[game]["rules"], *[f"-o{k}={v}" for k, v in MATCHES[game].get("options", {}).items()])
    for shape in (lambda: ["AH"] * 1_000_000, lambda: " ".join(["7C"] * 1_000_000), lambda: ["ZZ"] * 1_000_000):
        doc = copy.deepcopy(base)
        parent, key = first_card_field(doc)
        parent[key] = shape()
        text = json.dumps(doc)
        assert len(text) < 20 * 1024 * 1024
        assert not answered(cli("score", "-", input=text, code=None))
        hand = {k: v for k, v in doc.items() if k not in ("game", "rules")}
        assert not answered(cli("hand", "add", "1", "--file", "-", input=json.dumps(hand), code=None))
    assert cli.json("show", "1")["hands"] == []


NAMES = ["Zoë \"la rossa\"", "O'Brien", "李娜 🃏", "Robert'); DROP TABLE player;--", "[bold]Rich[/bold]",
         "%s %d {0}", "\\x00", "Ελένη"]


def test_names_with_quotes_unicode_emoji_and_sql_are_kept_as_given(cli):
    for i in range(0, len(NAMES), 4):
        group = NAMES[i:i + 4]
        shown = cli.json("match", "new", "simone", "-p", ",".join(group))
        assert shown["match"]["players"] == group
    assert sorted(p["name"] for p in cli.json("player", "list")) == sorted(NAMES)
    table = cli("player", "list").stdout + cli("match", "list").stdout
    for name in NAMES:
        assert name in table.replace("\n", "") or all(w in table for w in name.split())
    cli("player", "rename", "O'Brien", "O'Brien 'Tiger' 🐯")
    assert "O'Brien 'Tiger' 🐯" in cli.json("show", "1")["match"]["players"]
    hand = {"hands": {"Zoë \"la rossa\"": "AH 2H", "O'Brien 'Tiger' 🐯": "3C 4C", "李娜 🃏": "5D 6D",
                      "Robert'); DROP TABLE player;--": "7S 8S"}, "knocked_by": "李娜 🃏"}
    out = cli.json("hand", "add", "1", "--file", "-", input=json.dumps(hand, ensure_ascii=False))
    assert set(out["totals"]) == set(cli.json("show", "1")["match"]["players"])
    assert len(cli.json("player", "list")) == len(NAMES)  # nothing was dropped by the SQL fragment
    assert "control characters" in cli.error("player", "add", "Bad\x00Name")
    assert "control characters" in cli.error("player", "add", "Bad\x1bName")
