"""Corrections with history: undo, edit (fix), void; a finished match is corrected only after an
explicit reopen; the scoreboard is always a replay of the live hands."""

from __future__ import annotations

import json
import random

from fixtures.hands import piles, words

NAMES = ["Anna", "Bruno"]
HD = " ".join(r + s for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())


def new_long_match(cli) -> None:
    cli("match", "new", "trentasette", "-p", ",".join(NAMES), "-o", "target=100000")


def replayed(cli, match: str) -> dict:
    """The match's export replayed from scratch: the truth the scoreboard must equal."""
    doc = cli("export", match).stdout
    return cli.json("replay", "-", input=doc)


def assert_board_is_a_replay(cli, match: str) -> None:
    shown, again = cli.json("show", match), replayed(cli, match)
    for key in ("totals", "winner", "finished", "hands"):
        assert shown[key] == again[key], key


def test_undo_takes_back_the_last_hand_and_keeps_it_in_the_history(cli):
    new_long_match(cli)
    for i in range(3):
        cli("hand", "add", "1", *words(piles(i, NAMES)))
    before = cli.json("show", "1")
    out = cli.json("hand", "undo", "1", "--reason", "entered twice")
    assert len(out["hands"]) == 2 and out["hands"] == before["hands"][:2]
    assert "Took back hand 2" in cli("hand", "undo", "1").stdout  # no reason: "undone"
    history = cli.json("match", "history", "1")
    assert [(h["number"], h["voided"], h["void_reason"]) for h in history] == [
        (1, False, None), (None, True, "undone"), (None, True, "entered twice")]
    assert all(h["voided_at"] >= h["entered_at"] for h in history if h["voided"])
    assert_board_is_a_replay(cli, "1")
    cli("hand", "undo", "1")
    assert "has no hand yet" in cli.error("hand", "undo", "1")
    assert len(cli.json("match", "history", "1")) == 3  # nothing is ever deleted


def test_edit_replaces_a_hand_fix_is_the_same_and_the_history_says_why(cli):
    new_long_match(cli)
    for i in range(3):
        cli("hand", "add", "1", *words(piles(i, NAMES)))
    assert "edit" in cli("hand", "--help").stdout
    cli("hand", "edit", "1", "2", *words(piles(10, NAMES)), "--reason", "piles swapped")
    cli("hand", "fix", "1", "3", *words(piles(11, NAMES)))
    history = cli.json("match", "history", "1")
    by_id = {h["id"]: h for h in history}
    fixed = [h for h in history if h["replaces"]]
    assert [(by_id[h["replaces"]]["void_reason"], h["number"]) for h in fixed] == [("piles swapped", 2),
                                                                                 ("corrected", 3)]
    shown = cli.json("show", "1")
    assert [h["result"]["points"] for h in shown["hands"][1:]] == [
        cli.json("score", "-", input=json.dumps({"game": "trentasette", **piles(s, NAMES)}))["points"]
        for s in (10, 11)]
    assert_board_is_a_replay(cli, "1")
    table = cli("match", "history", "1").stdout
    assert "swapped" in table and "corrected" in table


def finished_match(cli) -> dict:
    cli("match", "new", "trentasette", "-p", ",".join(NAMES), "-o", "target=3")
    cli("hand", "add", "1", f"Anna={HD}", "Bruno=rest")        # Anna 2, Bruno -1
    return cli.json("hand", "add", "1", f"Anna={HD}", "Bruno=rest")  # Anna 4: over


def test_a_finished_match_is_corrected_only_after_an_explicit_reopen(cli):
    assert finished_match(cli)["finished"]
    before = cli("export", "1").stdout
    for args in (["hand", "undo", "1"], ["hand", "void", "1", "1"],
                 ["hand", "edit", "1", "2", "Anna=rest", f"Bruno={HD}"]):
        line = cli.error(*args)
        assert "is over" in line and "ledger match reopen 1" in line
    assert cli("export", "1").stdout == before  # nothing written
    reopened = cli.json("match", "reopen", "1")
    assert reopened["match"]["status"] == "open" and reopened["finished"]  # the hands still finish it
    assert [m["id"] for m in cli.json("match", "list", "--open")] == [1]
    assert "is open already" in cli.error("match", "reopen", "1")
    # a correction that leaves the match finished closes it again
    again = cli.json("hand", "edit", "1", "1", f"Anna={HD}", "Bruno=rest", "--reason", "same")
    assert again["match"]["status"] == "finished"
    # reopened and undone, the match is in play again and takes hands
    cli("match", "reopen", "1")
    out = cli.json("hand", "undo", "1", "--reason", "scored too early")
    assert out["match"]["status"] == "open" and not out["finished"] and out["winner"] is None
    out = cli.json("hand", "add", "1", "Anna=rest", f"Bruno={HD}")
    assert out["totals"] == {"Anna": 1, "Bruno": 1}
    assert_board_is_a_replay(cli, "1")


def test_an_ended_match_is_corrected_only_after_reopen_and_can_end_again(cli):
    new_long_match(cli)
    cli("hand", "add", "1", *words(piles(1, NAMES)))
    cli("hand", "add", "1", *words(piles(2, NAMES)))
    cli("match", "end", "1")
    assert "was ended" in cli.error("hand", "undo", "1")
    assert cli.json("match", "reopen", "1")["match"]["status"] == "open"
    cli("hand", "undo", "1")
    ended = cli.json("match", "end", "1")
    assert ended["match"]["status"] == "ended" and len(ended["hands"]) == 1
    assert_board_is_a_replay(cli, "1")


def test_random_corrections_keep_the_scoreboard_equal_to_a_replay(cli):
    rnd = random.Random(8)
    new_long_match(cli)
    live = 0
    for step in range(30):
        op = rnd.choice(["add", "add", "undo", "void", "edit"]) if live else "add"
        seed = 1000 + step
        if op == "add":
            cli("hand", "add", "1", *words(piles(seed, NAMES)))
            live += 1
        elif op == "undo":
            cli("hand", "undo", "1")
            live -= 1
        elif op == "void":
            cli("hand", "void", "1", str(rnd.randint(1, live)), "--reason", f"step {step}")
            live -= 1
        else:
            cli("hand", "edit", "1", str(rnd.randint(1, live)), *words(piles(seed, NAMES)))
        assert len(cli.json("show", "1")["hands"]) == live
    assert_board_is_a_replay(cli, "1")
    assert cli.json("db", "check") == {"ok": True, "problems": []}


def test_editing_one_field_of_a_side_keeps_the_sides_other_fields(cli):
    """``hand edit M N EW.hand_points=40`` corrects that one count: the side's burrachi, melded
    points and pozzetto stay as entered (nested fields merge at every depth)."""
    cli("match", "new", "burraco", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    cli("hand", "add", "1", "NS=1 pulito, calate 100, in mano 0, chiuso", "EW=pozzetto preso, calate 0, in mano 20")
    cli("hand", "edit", "1", "1", "EW.hand_points=40", "--reason", "counted again")
    live = [r for r in cli.json("match", "history", "1") if not r["voided"]]
    assert live[0]["document"]["sides"]["EW"] == {"pozzetto": True, "melded_points": 0, "hand_points": 40,
                                                   "burraco": []}
    assert cli.json("show", "1")["totals"] == {"NS": 400, "EW": -40}
