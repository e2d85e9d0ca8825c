"""The CLI end to end on Trentasette matches (Typer's CliRunner, a temporary ledger per test)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from ledger.cards import FRENCH_52

DECK = [str(c) for c in FRENCH_52.cards()]


def hearts_and_diamonds():
    return " ".join(r + s for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())


def random_piles(seed, names):
    rnd = random.Random(seed)
    deck = DECK[:]
    rnd.shuffle(deck)
    cuts = sorted(rnd.sample(range(5, 47), len(names) - 1))
    bounds = [0] + cuts + [52]
    return {n: " ".join(deck[a:b]) for n, a, b in zip(names, bounds, bounds[1:])}


def entry(piles):
    return [f"{k}={v}" for k, v in piles.items()]


def play_to_37(cli, match, names, seed=0, fix_at=None):
    """Enter random hands until the match is won; optionally correct hand ``fix_at`` on the way."""
    for i in range(200):
        piles = random_piles(seed + i, names)
        out = cli.json("hand", "add", match, *entry(piles))
        if fix_at is not None and out["hands"] and len(out["hands"]) == fix_at:
            swapped = random_piles(10_000 + i, names)
            out = cli.json("hand", "fix", match, str(fix_at), *entry(swapped), "--reason", "wrong piles")
            fix_at = None
        if out["finished"]:
            return out
    raise AssertionError("no winner after 200 hands")


def test_three_players_to_37_with_a_correction_and_export_replay_agree(cli, tmp_path):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno,Carla")
    final = play_to_37(cli, "1", ["Anna", "Bruno", "Carla"], seed=1, fix_at=2)
    assert final["winner"] in ("Anna", "Bruno", "Carla")
    assert final["totals"][final["winner"]] >= 37
    shown = cli.json("show", "1")
    exported = cli("export", "1").stdout
    (tmp_path / "m.json").write_text(exported)
    replayed = cli.json("replay", str(tmp_path / "m.json"))
    for key in ("totals", "winner", "finished", "hands"):
        assert shown[key] == replayed[key]
    history = cli.json("match", "history", "1")
    assert sum(1 for h in history if h["voided"]) == 1
    assert any(h["replaces"] for h in history)
    assert cli.error("hand", "add", "1", *entry(random_piles(5, ["Anna", "Bruno", "Carla"]))).startswith(
        "error: match: match 1 is over")


def test_four_players_in_teams_to_37(cli):
    cli("match", "new", "trentasette", "--side", "Noi=Anna,Carla", "--side", "Voi=Bruno,Dario")
    final = play_to_37(cli, "last", ["Noi", "Voi"], seed=7, fix_at=1)
    assert final["winner"] in ("Noi", "Voi")
    shown = cli.json("show", "last")
    assert shown["match"]["sides"] == {"Noi": ["Anna", "Carla"], "Voi": ["Bruno", "Dario"]}
    # players' names also name their side when entering a hand
    cli("match", "new", "trentasette", "-p", "Anna,Bruno,Carla,Dario")
    out = cli.json("hand", "add", "last", f"carla={hearts_and_diamonds()}", "Dario=rest")
    assert out["totals"] == {"Anna & Carla": 2, "Bruno & Dario": -1}
    line = cli.error("hand", "add", "last", "Anna=AH 2H", "Carla=3H", "Dario=rest")
    assert "Anna and Carla play together; give their pair once" in line  # piles per player refused


def test_hand_from_a_file_and_from_prompts(cli, tmp_path):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    doc = tmp_path / "hand.json"
    doc.write_text(json.dumps({"sides": {"Anna": hearts_and_diamonds(), "Bruno": "rest"}}))
    assert cli.json("hand", "add", "1", "--file", str(doc))["totals"] == {"Anna": 2, "Bruno": -1}
    # prompting asks only what is missing: Bruno's pile, here as counts
    answers = "\n".join(["count", "26", "6", "none", "no", "yes", "yes", "S C", "H D"]) + "\n"
    r = cli("hand", "add", "1", f"Anna={hearts_and_diamonds()}", "-i", "--json", input=answers)
    out = json.loads(r.stdout[r.stdout.index("{"):])
    assert out["totals"] == {"Anna": 4, "Bruno": -2}
    # a bad answer is asked again, not fatal
    answers = "\n".join(["ZZ", "rest"]) + "\n"
    r = cli("hand", "add", "1", f"Anna={hearts_and_diamonds()}", "-i", input=answers)
    assert "is not a card" in r.stderr


def test_cards_left_on_the_table(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    piles = random_piles(3, ["Anna", "Bruno"])
    anna = piles["Anna"].split()
    table, anna = anna[:2], anna[2:]
    words = [f"Anna={' '.join(anna)}", f"Bruno={piles['Bruno']}", f"table={' '.join(table)}"]
    assert cli.error("hand", "add", "1", *words) == "error: last capture: missing (who made the last capture)"
    assert cli.error("hand", "add", "1", *words, "--json").startswith("error: last_capture: missing")
    out = cli.json("hand", "add", "1", f"Anna={' '.join(anna)}", f"Bruno={piles['Bruno']}",
                   f"table={' '.join(table)}", "last=Anna")
    assert out["hands"][0]["result"]["piles"]["Anna"]["cards"] == len(anna) + 2


def test_void_and_scoreboard_agree_with_the_live_hands(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    for i in range(3):
        cli("hand", "add", "1", *entry(random_piles(20 + i, ["Anna", "Bruno"])))
    before = cli.json("show", "1")
    after = cli.json("hand", "void", "1", "2", "--reason", "misdeal")
    assert len(after["hands"]) == 2
    expect = {s: before["hands"][0]["result"]["points"][s] + before["hands"][2]["result"]["points"][s]
              for s in ("Anna", "Bruno")}
    assert after["totals"] == expect
    assert cli.error("hand", "void", "1", "9").startswith("error: hand: match 1 has no hand 9")


def test_bad_input_writes_nothing(cli, ledger_db):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    before = cli("export", "1").stdout
    for args in (["hand", "add", "1", "Anna=AH AH", "Bruno=rest"],
                 ["hand", "add", "1", "Anna=AH XX", "Bruno=rest"],
                 ["hand", "add", "1", "Anna=AH", "Bruno=2H"],
                 ["hand", "add", "1", "Anna=rest", "Zoe=AH"],
                 ["hand", "add", "7", "Anna=rest"],
                 ["hand", "add", "1", "Anna=rest"],
                 ["match", "new", "trentasette", "-p", "Anna"],
                 ["match", "new", "poker", "-p", "Anna,Bruno"],
                 ["match", "new", "trentasette", "-p", "Anna,Bruno", "-o", "colour=red"]):
        line = cli.error(*args)
        assert line.startswith("error: ")
    assert cli("export", "1").stdout == before
    assert len(cli.json("match", "list")) == 1


def test_players_are_matched_without_regard_to_case(cli):
    cli("player", "add", "Anna", "Bruno")
    out = cli.json("player", "add", "anna")
    assert out == [{"id": 1, "name": "Anna", "new": False}]
    cli("match", "new", "trentasette", "-p", "ANNA,bruno")
    players = cli.json("player", "list")
    assert [(p["name"], p["matches"]) for p in players] == [("Anna", 1), ("Bruno", 1)]
    cli("player", "rename", "anna", "Annalisa")
    assert cli.json("show", "1")["match"]["players"] == ["Annalisa", "Bruno"]
    assert "already exists" in cli.error("player", "rename", "Bruno", "ANNALISA")
    assert "no player" in cli.error("player", "rename", "Zoe", "Z")


def test_export_import_export_is_the_same_document(cli, tmp_path):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno,Carla", "--night", "2026-11-20")
    for i in range(3):
        cli("hand", "add", "1", *entry(random_piles(40 + i, ["Anna", "Bruno", "Carla"])))
    cli("hand", "fix", "1", "2", *entry(random_piles(99, ["Anna", "Bruno", "Carla"])))
    first = cli("export", "1").stdout
    (tmp_path / "m.json").write_text(first)
    imported = cli.json("import", str(tmp_path / "m.json"))
    assert imported["match"]["id"] == 2 and imported["match"]["night"] == "2026-11-20"
    second = cli("export", "2").stdout
    assert json.loads(first) == json.loads(second)


def test_end_early_and_reopen(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    cli("hand", "add", "1", f"Anna={hearts_and_diamonds()}", "Bruno=rest")
    ended = cli.json("match", "end", "1")
    assert ended["match"]["status"] == "ended" and ended["winner"] == "Anna" and not ended["finished"]
    assert "was ended" in cli.error("hand", "add", "1", "Anna=rest", f"Bruno={hearts_and_diamonds()}")
    assert cli.json("match", "reopen", "1")["match"]["status"] == "open"
    assert cli.json("match", "list", "--open")[0]["id"] == 1


def test_score_and_replay_print_for_people(cli, tmp_path):
    doc = tmp_path / "h.json"
    doc.write_text(json.dumps({"game": "trentasette", "sides": {"Anna": hearts_and_diamonds(), "Bruno": "rest"}}))
    out = cli("score", str(doc)).stdout
    assert "ace of hearts" in out and "Anna" in out
    match = tmp_path / "m.json"
    match.write_text(json.dumps({"game": "trentasette", "players": ["Anna", "Bruno"],
                                 "hands": [{"sides": {"Anna": hearts_and_diamonds(), "Bruno": "rest"}}]}))
    assert "Next dealer: Bruno" in cli("replay", str(match)).stdout


def test_document_errors(cli, tmp_path):
    assert "not valid JSON" in cli.error("score", "-", input="{nope")
    assert "unknown game 'poker'" in cli.error("score", "-", input='{"game": "poker"}')
    assert "cannot read" in cli.error("score", str(tmp_path / "missing.json"))
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (20 * 1024 * 1024 + 10))
    assert "larger than 20 MB" in cli.error("score", str(big))
    bad_match = json.dumps({"game": "trentasette", "players": ["Anna", "Bruno"], "hands": [{"sides": {"Anna": "AH"}}]})
    assert cli.error("replay", "-", input=bad_match).startswith("error: hands[0].")
    assert cli.error("import", "-", input=bad_match).startswith("error: hands[0].")
    assert cli.json("match", "list") == []


def test_demo_adds_and_removes_its_night(cli):
    cli("player", "add", "Zoe")
    views = cli.json("demo")
    assert len(views) >= 2 and all(v["match"]["demo"] for v in views)
    games = {v["game"] for v in views}
    assert "trentasette" in games
    assert all(v["finished"] for v in views if v["game"] == "trentasette")
    cli.json("demo")  # again: replaces, does not duplicate
    assert len(cli.json("match", "list")) == len(views)
    assert cli.json("demo", "--remove") == {"removed_matches": len(views)}
    assert cli.json("match", "list") == []
    assert [p["name"] for p in cli.json("player", "list")] == ["Zoe"]


def test_version_games_db_check_and_path(cli, ledger_db):
    assert cli("--version").stdout.startswith("ledger ")
    games = {g["game"]: g for g in cli.json("games")}
    assert "trentasette" in games
    assert [games[g]["players"] for g in ("trentasette", "bridge", "canasta")] == ["2-4", "4", "2 or 4"]
    cli.json("demo")
    assert cli.json("db", "check") == {"ok": True, "problems": []}
    if isinstance(ledger_db, Path):  # a server's URL: tests/store/test_backends.py
        assert cli("db", "path").stdout.strip() == str(ledger_db)  # a path, not a URL
        assert cli.json("db", "path") == {"url": f"sqlite:///{ledger_db}", "file": str(ledger_db), "exists": True}


def test_a_refused_hand_at_the_prompts_is_asked_again_not_lost(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno,Carla")
    hd = hearts_and_diamonds().split()
    anna, bruno = " ".join(hd[:13]), " ".join(hd[13:])
    # Carla's pile typed with a card that is already Anna's: refused at the end, Carla asked again
    spades_clubs = [r + s for s in "SC" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    answers = "\n".join([" ".join(spades_clubs[:-1] + ["AH"]), "rest"]) + "\n"
    r = cli("hand", "add", "1", f"Anna={anna}", f"Bruno={bruno}", "-i", "--json", input=answers)
    assert "please answer again" in r.stderr
    out = json.loads(r.stdout[r.stdout.index("{"):])
    assert len(out["hands"]) == 1 and out["hands"][0]["result"]["rest"] == "Carla"


def test_editing_a_hand_starts_from_the_hand_as_entered(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    piles = random_piles(11, ["Anna", "Bruno"])
    anna = piles["Anna"].split()
    cli("hand", "add", "1", f"Anna={' '.join(anna[2:])}", f"Bruno={piles['Bruno']}",
        f"table={' '.join(anna[:2])}", "last=Bruno")
    out = cli.json("hand", "edit", "1", "1", "last=Anna", "--reason", "Anna took the last trick")
    assert out["hands"][0]["result"]["piles"]["Anna"]["cards"] == len(anna)
    history = cli.json("match", "history", "1")
    assert [h["voided"] for h in history] == [True, False]
    assert history[0]["void_reason"] == "Anna took the last trick"


def test_a_typo_in_a_hand_file_is_named_before_what_is_missing(cli, tmp_path):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    doc = tmp_path / "hand.json"
    doc.write_text(json.dumps({"sides": {"Anna": hearts_and_diamonds()}, "tabel": "2H"}))
    assert "unknown field 'tabel'" in cli.error("hand", "add", "1", "--file", str(doc))


def test_a_key_given_twice_is_refused(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno")
    assert cli.error("hand", "add", "1", "Anna=rest", "Bruno=AH 2H", "Bruno=AS 2S") == (
        "error: Bruno: 'Bruno=AS 2S' contradicts an earlier part (Bruno 'AH 2H')")


def test_match_document_errors_name_the_hand_by_its_place_in_the_list(cli):
    good = {"sides": {"Anna": hearts_and_diamonds(), "Bruno": "rest"}}
    doc = {"game": "trentasette", "players": ["Anna", "Bruno"],
           "hands": [{**good, "voided": True}, {"sides": {"Anna": "rest"}, "tabel": "2H"}]}
    assert cli.error("replay", "-", input=json.dumps(doc)).startswith("error: hands[1].tabel")
    assert cli.error("import", "-", input=json.dumps(doc)).startswith("error: hands[1].tabel")
    typo = {"game": "trentasette", "players": ["Anna", "Bruno"], "optons": {"target": 10}, "hands": []}
    assert "unknown field 'optons'" in cli.error("import", "-", input=json.dumps(typo))


def test_a_correction_that_breaks_a_later_hand_says_so(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno", "-o", "target=3")
    cli("hand", "add", "1", "Anna=rest", f"Bruno={hearts_and_diamonds()}")
    cli("hand", "add", "1", f"Anna={hearts_and_diamonds()}", "Bruno=rest")
    big = hearts_and_diamonds() + " 3S 3C"
    line = cli.error("hand", "edit", "1", "1", f"Bruno={big}")
    assert "this change would make hand 2 impossible" in line


def test_renaming_a_player_keeps_every_match_replaying(cli):
    cli.json("demo")
    cli("player", "rename", "anna", "Annalisa")
    assert cli.json("db", "check") == {"ok": True, "problems": []}
    for m in cli.json("match", "list"):
        shown = cli.json("show", str(m["id"]))
        assert "Anna" not in json.dumps(shown["match"].get("players", [])).replace("Annalisa", "")
    trentuno = next(m for m in cli.json("match", "list") if m["game"] == "trentuno")
    assert "Annalisa" in cli.json("show", str(trentuno["id"]))["lives"]


def test_a_player_named_like_a_field_can_be_renamed(cli):
    cli("match", "new", "simone", "-p", "hands,Bruno")
    cli("hand", "add", "1", "hands=5", "Bruno=7", "knock=hands")
    cli("player", "rename", "hands", "Anna")
    shown = cli.json("show", "1")
    assert shown["totals"] == {"Anna": 1, "Bruno": 0}
    assert cli.json("db", "check")["ok"]


def test_a_hand_the_match_cannot_take_is_refused_before_any_prompt(cli):
    cli("match", "new", "trentasette", "-p", "Anna,Bruno", "-o", "target=1")
    cli("hand", "add", "1", f"Anna={hearts_and_diamonds()}", "Bruno=rest")
    assert "is over" in cli.error("hand", "add", "1", "-i", input="\n")
    assert "reopen" in cli.error("hand", "edit", "1", "1", "-i", input="\n")
    cli("match", "reopen", "1")
    assert "has no hand 9" in cli.error("hand", "edit", "1", "9", "-i", input="\n")


def test_a_match_for_a_night_after_tomorrow_is_refused(cli):
    import datetime as dt

    from ledger.dates import night_date

    far = (night_date() + dt.timedelta(days=2)).isoformat()
    line = cli.error("match", "new", "simone", "-p", "Anna,Bruno", "--night", far)
    assert line.startswith("error: night: ") and "in the future" in line
    tomorrow = (night_date() + dt.timedelta(days=1)).isoformat()
    assert cli.json("match", "new", "simone", "-p", "Anna,Bruno", "--night", tomorrow)["match"]["night"] == tomorrow
