"""``ledger play``: a scoring session driven through piped input (CliRunner and a real process)."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import time
from pathlib import Path

import pytest
from ctrl_c import BIN, sigint_as_at_a_terminal

from ledger.cards import FRENCH_52
from ledger.cli.cmd_play import regroup
from ledger.games import get_game
from ledger.games.replay import replay

DECK = [str(c) for c in FRENCH_52.cards()]


def piles(seed: int, names=("Anna", "Bruno")) -> dict:
    """A Trentasette deal at random: each side's captured pile."""
    rnd = random.Random(seed)
    deck = DECK[:]
    rnd.shuffle(deck)
    cut = rnd.randint(18, 34)
    return {names[0]: " ".join(deck[:cut]), names[1]: " ".join(deck[cut:])}


def words(p: dict) -> str:
    """The hand as typed at the table: no quotes needed."""
    return " ".join(f"{k}={v}" for k, v in p.items())


def expected(docs, players=("Anna", "Bruno"), options=None):
    game = get_game("trentasette")
    setup = game.setup(None, list(players), None, options or {})
    return replay(game, setup, docs)


def session(cli, *args, lines, code=0):
    return cli("play", *args, input="".join(line + "\n" for line in lines), code=code)


def test_a_session_enters_hands_as_words_and_by_questions_and_stores_them(cli):
    a, b, c = piles(1), piles(2), piles(3)
    r = session(cli, "trentasette", "--players", "Anna,Bruno", lines=[
        words(a),                      # the whole hand in one line
        "", b["Anna"], b["Bruno"],     # Enter: asked pile by pile
        f"Anna={c['Anna']} Bruno=rest",
        "quit"])
    assert "Hand 1:" in r.stdout and "Hand 2:" in r.stdout and "Hand 3:" in r.stdout
    assert "Anna: captured pile" in r.stdout  # the game's own question
    shown = cli.json("show", "1")
    rp = expected([{"sides": a}, {"sides": b}, {"sides": c}])
    assert len(shown["hands"]) == 3
    assert shown["totals"] == dict(rp.final.totals)
    assert [h["result"]["points"] for h in shown["hands"]] == [res.to_json()["points"] for res in rp.results]
    assert "Match 1: 3 hands on the scoreboard, all saved." in r.stdout


def test_undo_show_help_and_a_bad_hand_keep_the_session_going(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    a, b = piles(4), piles(5)
    b["Bruno"] = "rest"
    r = session(cli, "1", lines=[
        words(a),
        "help",
        "Anna=AH AH Bruno=rest",       # a card twice: explained, nothing saved, the pile asked again
        b["Anna"],                     # only the refused pile is asked again
        "show",
        "undo", "y",                   # names hand 2, asks, voids it
        "", "undo", "quit"])           # undo inside a hand: back to the hand prompt
    assert "undo   at the hand prompt" in r.stdout  # help
    assert "AH appears 2 times" in r.stderr and "hand 2" in r.stderr
    assert "please answer again" in r.stdout
    assert "Undid hand 2" in r.stdout
    assert r.stdout.count("Match 1 · Trentasette") >= 4  # start, hand 1, hand 2, show, undo
    shown = cli.json("show", "1")
    assert len(shown["hands"]) == 1
    assert shown["totals"] == dict(expected([{"sides": a}]).final.totals)
    history = cli.json("match", "history", "1")
    assert [h["voided"] for h in history] == [False, True]


def test_undo_inside_a_hand_takes_back_the_last_answer(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    a, b = piles(6), piles(7)
    session(cli, "1", lines=["", b["Anna"], "undo", a["Anna"], a["Bruno"], "quit"])
    shown = cli.json("show", "1")
    assert shown["totals"] == dict(expected([{"sides": a}]).final.totals)


def test_a_bad_answer_is_asked_again(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    a = piles(8)
    r = session(cli, "1", lines=["", "ZZ 9X", a["Anna"], "rest", "quit"])
    assert "'ZZ' is not a card" in r.stderr
    assert len(cli.json("show", "1")["hands"]) == 1


def test_end_of_input_ends_the_session_and_keeps_every_hand(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    r = session(cli, "1", lines=[words(piles(9)), words(piles(10)), ""])  # EOF inside the last hand
    assert r.exit_code == 0
    assert len(cli.json("show", "1")["hands"]) == 2


def test_json_lines_agree_with_show_and_with_a_replay_of_the_export(cli, tmp_path):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno,Carla")
    names = ("Anna", "Bruno", "Carla")
    deals = []
    for seed in range(20, 24):
        rnd = random.Random(seed)
        deck = DECK[:]
        rnd.shuffle(deck)
        deals.append({"Anna": " ".join(deck[:17]), "Bruno": " ".join(deck[17:34]), "Carla": "rest"})
    r = session(cli, "1", "--json", lines=[words(d) for d in deals] + ["show", "quit"])
    lines = [json.loads(x) for x in r.stdout.splitlines()]  # stdout is JSON lines only
    assert [x["event"] for x in lines] == ["start", "hand", "hand", "hand", "hand", "show"]
    assert lines[0]["match"]["id"] == 1 and lines[0]["hands"] == []
    shown = cli.json("show", "1")
    assert [x["result"] for x in lines[1:5]] == [h["result"] for h in shown["hands"]]
    assert lines[4]["state"]["totals"] == shown["totals"] and lines[4]["number"] == 4
    assert {k: v for k, v in lines[-1].items() if k != "event"} == shown
    (tmp_path / "m.json").write_text(cli("export", "1").stdout)
    replayed = cli.json("replay", str(tmp_path / "m.json"))
    assert replayed["totals"] == shown["totals"] == dict(expected([{"sides": d} for d in deals], names).final.totals)


def test_a_finished_match_offers_a_new_one_with_the_same_players(cli):
    docs = []
    while not docs or not expected(docs, options={"target": 3}).final.finished:
        docs.append({"sides": piles(11 + len(docs))})
    r = session(cli, "trentasette", "-p", "Anna,Bruno", "-o", "target=3", lines=[
        *(words(d["sides"]) for d in docs), "Anna=AH", "new", "quit"])
    first = cli.json("show", "1")
    assert first["finished"] and first["winner"] in ("Anna", "Bruno")
    assert "match over" in r.stdout and "match 1 is over" in r.stdout
    second = cli.json("show", "2")
    assert second["match"]["players"] == ["Anna", "Bruno"] and second["match"]["options"]["target"] == 3
    # the deal goes on round the table: whoever would have dealt next deals first
    assert second["match"]["options"]["first_dealer"] == ["Anna", "Bruno"][len(docs) % 2]


def test_undoing_the_winning_hand_reopens_the_match(cli):
    r = session(cli, "trentasette", "-p", "Anna,Bruno", "-o", "target=1", lines=[words(piles(15)), "undo", "y", "quit"])
    assert "Undid hand 1" in r.stdout
    shown = cli.json("show", "1")
    assert shown["hands"] == [] and not shown["finished"] and shown["match"]["status"] == "open"


def test_starting_or_opening_needs_the_right_words(cli):
    assert "give --players" in cli.error("play", "trentasette", input="quit\n")
    assert "unknown game" in cli.error("play", "poker", input="quit\n")
    assert "no match 7" in cli.error("play", "7", input="quit\n")
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    assert cli.error("play", "1", "--rules", "standard", input="quit\n").startswith("error: --rules")
    assert "is played by 2 to 4 players" in cli.error("play", "trentasette", "-p", "Anna", input="quit\n")


def test_other_games_take_their_own_words(cli):
    r = session(cli, "simone", "-p", "Anna,Bruno,Carla", lines=[
        "Anna=KH JK 3S 5D Bruno=17 Carla=4C 4D 9S knock=Anna",
        "", "AH 2C", "QD QS", "3H 3D", "",   # field by field: Enter for nobody knocking
        "quit"])
    assert r.exit_code == 0
    shown = cli.json("show", "1")
    assert len(shown["hands"]) == 2
    r = session(cli, "bridge", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario",
                lines=["4SX W -2", "3NT S =", "quit"])  # typed: no honours unless said
    shown = cli.json("show", "2")
    assert len(shown["hands"]) == 2


def test_a_hand_typed_in_one_line_takes_the_defaults_and_the_next_line_is_the_next_hand(cli):
    """The optional parts (honours, who knocked) are not asked after a typed hand: `quit` or the
    next hand on the following line is never taken as their answer (README: a hand is saved the
    moment it is complete)."""
    r = session(cli, "bridge", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario",
                lines=["4SX W -2 honours=NS 100", "quit"])
    assert "Honours" not in r.stdout and "Match 1: 1 deal on the scoreboard" in r.stdout
    r = session(cli, "simone", "-p", "Anna,Bruno", lines=["Anna=5 Bruno=7", "Anna=9 Bruno=2"])
    assert "Match 2: 2 hands on the scoreboard" in r.stdout
    assert [h["result"]["points"] if "points" in h["result"] else h["result"]["sums"]
            for h in cli.json("show", "2")["hands"]] == [{"Anna": 5, "Bruno": 7}, {"Anna": 9, "Bruno": 2}]


def test_regroup_joins_words_to_the_value_before_them():
    assert regroup(["Anna=AH", "2H", "3H", "Bruno=rest"]) == ["Anna=AH 2H 3H", "Bruno=rest"]
    assert regroup(["4SX", "W", "-2"]) == ["4SX", "W", "-2"]  # free words are left alone
    assert regroup(["3NT", "S", "="]) == ["3NT", "S", "="]
    assert regroup(["4SX", "W", "-2", "honours=NS", "100"]) == ["4SX", "W", "-2", "honours=NS 100"]


# --- a real process: Ctrl-C --------------------------------------------------------------------------------
class Proc:
    """``ledger play`` in a subprocess, fed through a pipe, read until a prompt shows."""

    def __init__(self, db: Path, *args: str):
        env = {**os.environ, "LEDGER_DB": str(db), "COLUMNS": "100"}
        with sigint_as_at_a_terminal():
            self.p = subprocess.Popen([str(BIN), "play", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, env=env, bufsize=0)
        self.out = b""

    def wait_for(self, text: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while text.encode() not in self.out:
            ready, _, _ = select.select([self.p.stdout], [], [], max(0.0, end - time.monotonic()))
            assert ready, f"no {text!r} in {self.out.decode()[-500:]!r}"
            chunk = os.read(self.p.stdout.fileno(), 1 << 16)
            assert chunk, f"ended before {text!r}: {self.out.decode()[-500:]!r} {self.p.stderr.read()!r}"
            self.out += chunk

    def send(self, line: str) -> None:
        self.out = b""
        self.p.stdin.write((line + "\n").encode())


@pytest.mark.slow  # runs the installed command in a process of its own
@pytest.mark.skipif(not BIN.exists(), reason="the ledger console script is not installed next to python")
def test_ctrl_c_drops_the_hand_being_entered_and_twice_leaves_without_losing_a_saved_hand(tmp_path):
    db = tmp_path / "table.db"
    subprocess.run([str(BIN), "match", "new", "trentasette", "-p", "Anna,Bruno"], check=True,
                   env={**os.environ, "LEDGER_DB": str(db)}, capture_output=True)
    a, b = piles(30), piles(31)
    s = Proc(db, "1")
    s.wait_for("hand 1 · ")
    s.send(words(a))
    s.wait_for("hand 2 · ")             # hand 1 saved and shown
    s.send("")
    s.wait_for("Anna: captured pile")
    s.send(b["Anna"])
    s.wait_for("Bruno: captured pile")
    time.sleep(0.5)                     # the read begins just after the prompt (a Ctrl-C in between is one too)
    s.p.send_signal(signal.SIGINT)      # drop hand 2 half-way
    s.wait_for("hand 2 · ")
    assert b"dropped" in s.out
    time.sleep(0.5)
    s.p.send_signal(signal.SIGINT)      # Ctrl-C again at the hand prompt: leave
    s.p.wait(timeout=60)
    assert s.p.returncode == 0, s.p.stderr.read()
    shown = json.loads(subprocess.run([str(BIN), "show", "1", "--json"], capture_output=True, text=True,
                                      env={**os.environ, "LEDGER_DB": str(db)}, check=True).stdout)
    assert len(shown["hands"]) == 1
    assert shown["totals"] == dict(expected([{"sides": a}]).final.totals)


def test_ctrl_c_while_a_hand_is_being_saved_keeps_it_and_says_so(cli, monkeypatch, python_s_sigint_handler):
    """The SIGINT comes from inside the store's append, the moment the hand is being written: the
    hand is saved all the same, the session says so, and a quit after it still finds it saved."""
    from ledger.store.live import LiveMatch

    add = LiveMatch.add

    def interrupted_add(self, doc):
        os.kill(os.getpid(), signal.SIGINT)
        return add(self, doc)

    monkeypatch.setattr(LiveMatch, "add", interrupted_add)
    before = signal.getsignal(signal.SIGINT)
    a = piles(32)
    r = session(cli, "trentasette", "-p", "Anna,Bruno", lines=[words(a), "quit"])
    assert "(Ctrl-C: hand 1 was saved; Ctrl-C again or 'quit' to leave)" in r.stdout
    assert "Match 1: 1 hand on the scoreboard, all saved." in r.stdout
    assert cli.json("show", "1")["totals"] == dict(expected([{"sides": a}]).final.totals)
    assert signal.getsignal(signal.SIGINT) is before  # Ctrl-C is itself again once the hand is stored


def test_ctrl_c_while_a_hand_is_scored_inside_its_write_drops_it_and_the_session_goes_on(cli, monkeypatch, python_s_sigint_handler):
    """The SIGINT comes inside the hand's write transaction, as the store scores it (before the
    commit): the transaction is rolled back, the hand is dropped as at a prompt (nothing of it
    saved), and the hand typed next is saved."""
    from ledger.store.service import Ledger

    append, sent = Ledger.append, []

    def interrupted_append(self, *args, **kwargs):
        if not sent:
            sent.append(os.kill(os.getpid(), signal.SIGINT))
        return append(self, *args, **kwargs)

    monkeypatch.setattr(Ledger, "append", interrupted_append)
    a, b = piles(34), piles(35)
    r = session(cli, "trentasette", "-p", "Anna,Bruno", lines=[words(a), words(b), "quit"])
    assert "(Ctrl-C: the hand being entered is dropped" in r.stdout
    assert "Match 1: 1 hand on the scoreboard, all saved." in r.stdout
    assert cli.json("show", "1")["totals"] == dict(expected([{"sides": b}]).final.totals)
    assert cli("db", "check").stdout.strip() == "Every match replays to its stored results."


def test_ctrl_c_while_the_session_reads_the_ledger_drops_the_hand_and_the_session_goes_on(cli, monkeypatch, python_s_sigint_handler):
    """Before each prompt the session reads whether another scorekeeper changed the match. A SIGINT
    sent as that read's transaction ends (SQLAlchemy's own step, before it marks the transaction
    done) is the same Ctrl-C as at a prompt: the hand being entered is dropped, the session goes
    on, and the hand typed next is saved. Cut there, SQLAlchemy's commit turned the interrupt into
    an ``AssertionError`` and the session ended with a traceback (1 run in 14 under load)."""
    from sqlalchemy.engine.base import RootTransaction

    from ledger.store.live import LiveMatch

    changes, deactivate = LiveMatch.changes, RootTransaction._deactivate_from_connection
    reading, sent = [], []

    def interrupted_deactivate(self):
        if reading and not sent:  # the first read's transaction, as it ends
            sent.append(os.kill(os.getpid(), signal.SIGINT))
        return deactivate(self)

    def first_read_interrupted(self):
        reading.append(1)
        try:
            return changes(self)
        finally:
            reading.pop()

    monkeypatch.setattr(RootTransaction, "_deactivate_from_connection", interrupted_deactivate)
    monkeypatch.setattr(LiveMatch, "changes", first_read_interrupted)
    a = piles(33)
    r = session(cli, "trentasette", "-p", "Anna,Bruno", lines=[words(a), "quit"])
    assert "(Ctrl-C: the hand being entered is dropped" in r.stdout
    assert "Match 1: 1 hand on the scoreboard, all saved." in r.stdout
    assert cli.json("show", "1")["totals"] == dict(expected([{"sides": a}]).final.totals)


def test_ctrl_c_during_an_undo_lets_it_finish(cli, monkeypatch, python_s_sigint_handler):
    """A SIGINT sent from inside the undo's write (the winning hand voided, the match reopened)
    waits until it is done and drawn: the session says the hand was undone, then the Ctrl-C counts
    as at a prompt; the ledger holds the match open again with no hand."""
    from ledger.store.service import Ledger

    void_hand = Ledger.void_hand

    def interrupted_void(self, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)
        return void_hand(self, *args, **kwargs)

    monkeypatch.setattr(Ledger, "void_hand", interrupted_void)
    r = session(cli, "trentasette", "-p", "Anna,Bruno", "-o", "target=1", lines=[words(piles(15)), "undo", "y", "quit"])
    assert "Undid hand 1" in r.stdout and "(Ctrl-C: the hand being entered is dropped" in r.stdout
    shown = cli.json("show", "1")
    assert shown["hands"] == [] and shown["match"]["status"] == "open"


def test_a_typed_hand_refused_for_one_part_asks_that_part_and_never_fills_in_its_default(cli):
    r = session(cli, "trentuno", "--players", "Anna,Bruno,Carla,Dario,Elena", "-o", "lives=1", "-o", "reentry=yes",
                lines=["Anna=10 Bruno=20 Carla=25 Dario=30 Elena=28 knock=Dario",
                       "reentry=Carla Carla=25 Dario=30 Elena=28 knock=Dario",   # Carla is still in
                       "Bruno", "22", "quit"])
    assert "Re-entries before this hand" in r.stdout
    hands = cli.json("show", "1")["hands"]
    assert len(hands) == 2 and hands[1]["result"]["reentry"] == ["Bruno"]
