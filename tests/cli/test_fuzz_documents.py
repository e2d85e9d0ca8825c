"""Hypothesis over every kind of document the CLI reads, for every game in the registry (issue 14):
match documents (``import`` and ``replay`` alike), whole-ledger exports (``import``), PBN files
(``pbn import``), the word forms of ``hand add``, and a ``play`` session's lines as they come.
Each gets a clean refusal (exit 2, one line, nothing on standard output, nothing written) or a
correct acceptance (what is stored replays to what was printed; ``db check`` finds nothing);
never a traceback. ``score`` and ``hand add --file`` are fuzzed in test_robustness_hostile.py."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fixtures.hands import demo_matches
from ledger.games import available
from test_robustness_hostile import HYPOTHESIS, ODD, answered, mutated

pytestmark = pytest.mark.slow  # fuzzing, big inputs and whole-ledger round trips: left out of the fast loop

GAMES = available()
MATCHES = {g: next(m for m in demo_matches() if m["game"] == g) for g in GAMES}


def everything(cli) -> dict:
    """The whole ledger as an export (without the moment it was made)."""
    doc = json.loads(cli("export", "--all").stdout)
    doc.pop("exported_at", None)
    return doc


def refused_cleanly(cli, r, before: dict) -> None:
    assert not answered(r)
    assert everything(cli) == before  # nothing written


@pytest.mark.parametrize("game", GAMES)
def test_match_documents_are_imported_exactly_when_they_replay(cli, game):
    @HYPOTHESIS
    @given(doc=mutated([MATCHES[game]]))
    def run(doc):
        text = json.dumps(doc)
        replayed = cli("replay", "-", "--json", input=text, code=None)
        before = everything(cli)
        imported = cli("import", "-", "--json", input=text, code=None)
        if answered(replayed):
            assert answered(imported), imported.stderr
            mid = json.loads(imported.stdout)[0]["id"] if isinstance(json.loads(imported.stdout), list) \
                else json.loads(imported.stdout)["match"]["id"]
            assert cli.json("show", str(mid))["totals"] == json.loads(replayed.stdout)["totals"]
        else:
            assert imported.stderr == replayed.stderr  # the same field, the same words
            refused_cleanly(cli, imported, before)

    run()
    cli("db", "check")


def test_whole_ledger_exports_are_imported_whole_or_not_at_all(cli, tmp_path):
    for m in demo_matches():
        cli("import", "-", input=json.dumps(m))
    export = everything(cli)
    cli("match", "new", "simone", "-p", "Anna,Bruno")  # the ledger is not empty: numbers are new

    @HYPOTHESIS
    @given(doc=mutated([export]))
    def run(doc):
        before = everything(cli)
        r = cli("import", "-", "--json", input=json.dumps(doc), code=None)
        if answered(r):
            added = json.loads(r.stdout)
            assert len(everything(cli)["matches"]) == len(before["matches"]) + len(added)
        else:
            refused_cleanly(cli, r, before)

    run()
    cli("db", "check")


TAGS = ["Board", "Contract", "Declarer", "Result", "Vulnerable", "Scoring", "Dealer", "Event", "North"]
TAG_VALUES = ["1", "4S", "3NTX", "Pass", "-1S", "4S-", "8NT", "N", "S", "^W", "#", "?", "-", "9", "14", "-2",
              "None", "NS", "All", "Love", "Rubber", "Chicago", "", "\\\"", "{", "}", ";", "\x1b[2J"]
pbn_line = st.one_of(
    st.builds(lambda t, v: f'[{t} "{v}"]', st.sampled_from(TAGS), st.sampled_from(TAG_VALUES)),
    st.sampled_from(["", "", "% PBN 2.1", "{a comment", "}", "{ whole }", "; note", "[Contract", "[]", "\"", "1S 2H"]),
    st.text(max_size=20))


@given(lines=st.lists(pbn_line, max_size=30), rules=st.sampled_from([None, "duplicate", "rubber", "chicago"]))
@HYPOTHESIS
def test_pbn_files_are_scored_or_refused_in_one_line(cli, lines, rules):
    r = cli("pbn", "import", "-", "--json", *(["--rules", rules] if rules else []), input="\n".join(lines),
            code=None)
    if answered(r):
        out = json.loads(r.stdout)
        assert out["total_ns"] == sum(b["score_ns"] for b in out["boards"])


def players_of(game: str) -> list[str]:
    m = MATCHES[game]
    return list(m.get("players") or [p for side in m["sides"].values() for p in side])


def words_of(game: str) -> list[str]:
    """The vocabulary a scorekeeper types for ``game``: its players, cards, numbers and keywords,
    taken from its own example hands, with typos and odd values."""
    vocab = set(players_of(game))
    for h in MATCHES[game]["hands"]:
        for k, v in h.items():
            vocab.add(k)
            for x in (v.values() if isinstance(v, dict) else v if isinstance(v, list) else [v]):
                vocab.update(str(x).split()[:6])
    return sorted(vocab | {"rest", "=", "-2", "+1", "x", "3NT", "4SX", "W", "honours=NS", "100", "tris", "K",
                           "²", "AH", "ZZ", "JK"} | {str(o) for o in ODD if isinstance(o, str) and len(o) < 40})


@st.composite
def typed(draw, game: str) -> list[str]:
    vocab = words_of(game)
    keys = sorted({k for h in MATCHES[game]["hands"] for k in h} | set(players_of(game)))
    word = st.one_of(st.sampled_from(vocab),
                     st.builds(lambda k, v: f"{k}={v}", st.sampled_from(keys), st.sampled_from(vocab)),
                     st.text(max_size=6))
    return draw(st.lists(word, max_size=8))


def new_match(cli, game: str) -> int:
    m = MATCHES[game]
    who = (["-p", ",".join(m["players"])] if m.get("players") else
           [a for s, p in m["sides"].items() for a in ("--side", f"{s}={','.join(p)}")])
    opts = [f"-o{k}={v}" for k, v in (m.get("options") or {}).items()]
    return cli.json("match", "new", game, *who, "-r", m["rules"], *opts)["match"]["id"]


@pytest.mark.parametrize("game", GAMES)
def test_hand_add_words_are_stored_as_scored_or_refused_in_one_line(cli, game):
    mid = new_match(cli, game)

    @HYPOTHESIS
    @given(words=typed(game))
    def run(words):
        before = everything(cli)
        r = cli("hand", "add", str(mid), *words, "--json", input="", code=None)
        if answered(r):
            shown = json.loads(r.stdout)
            assert cli.json("show", str(mid))["totals"] == shown["totals"]
            cli("hand", "undo", str(mid), code=None)  # keep the match going (a finished one refuses)
            if cli.json("show", str(mid))["match"]["status"] != "open":
                cli("match", "reopen", str(mid))
        else:
            refused_cleanly(cli, r, before)

    run()
    cli("db", "check")


@pytest.mark.parametrize("game", GAMES)
def test_a_play_session_answers_every_line_as_it_comes(cli, game):
    mid = new_match(cli, game)
    vocab = words_of(game)
    line = st.one_of(st.lists(st.sampled_from(vocab), max_size=6).map(" ".join), st.sampled_from(
        ["", "undo", "show", "help", "new", "\x1b[2J", "'", "\"open", "quit now"]), st.text(max_size=12))

    @HYPOTHESIS
    @given(lines=st.lists(line, max_size=8))
    def run(lines):
        text = "".join(x.replace("\n", " ").replace("\r", " ") + "\n" for x in lines)
        r = cli("play", str(mid), input=text, code=None)
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
        assert "Traceback" not in r.stdout + r.stderr
        assert r.exit_code == 0, (r.exit_code, r.stderr)
        if cli.json("show", str(mid))["match"]["status"] != "open":
            cli("match", "reopen", str(mid), code=None)

    run()
    cli("db", "check")
