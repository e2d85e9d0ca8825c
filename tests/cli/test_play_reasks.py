"""``ledger play`` at the table (issue 16): a whole hand retyped in answer to a re-ask replaces the
hand, a side's refused number is asked again alone, ``undo`` names the hand and asks first, and a
Trentuno hand naming a player who is out says the re-entry word that brings him back."""

from __future__ import annotations

from tests.cli.test_play import expected, piles, session, words


def test_a_whole_line_typed_again_after_a_refusal_replaces_the_hand(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    good = piles(11)
    first_card = good["Anna"].split()[0]
    bad = {"Anna": f"{first_card} {good['Anna']}", "Bruno": "rest"}  # a card twice: refused
    r = session(cli, "1", lines=[words(bad), words(good), "quit"])
    assert "appears 2 times" in r.stderr
    assert "Anna: captured pile" in r.stdout  # only the refused pile was asked again ...
    assert "is not a card" not in r.stderr  # ... and the whole line typed in answer was taken
    assert "the line typed replaces the hand" in r.stdout
    shown = cli.json("show", "1")
    assert len(shown["hands"]) == 1
    assert shown["totals"] == dict(expected([{"sides": good}]).final.totals)


def test_a_bridge_hand_retyped_in_its_own_phrasing_replaces_the_one_asked(cli):
    cli("match", "new", "bridge", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    r = session(cli, "1", lines=["", "4S", "4SX W -2", "quit"])  # the contract, then the whole hand
    assert "the line typed replaces the hand" in r.stdout
    result = cli.json("show", "1")["hands"][0]["result"]
    assert (result["contract"], result["declarer"], result["result"]) == ("4SX", "W", "-2")
    assert result["points"] == {"NS": 300, "EW": 0}


def test_a_bad_canasta_number_asks_that_number_only(cli):
    cli("match", "new", "canasta", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    r = session(cli, "1", lines=["", "pure K, dirty 8", "40", "0", "1", "dirty 5", "95", "60", "1", "NS",
                                 "265", "quit"])
    assert "fewer than the cards of the canastas" in r.stderr
    asked_again = r.stdout.split("please answer again", 1)[1]
    assert "Anna & Carla melded card points" in asked_again  # NS, as the scoreboard shows it
    assert "canastas (e.g." not in asked_again and "red threes" not in asked_again
    entered = cli.json("match", "history", "1")[0]["document"]
    assert entered["sides"]["NS"]["melded_points"] == 265
    assert entered["sides"]["NS"]["red_threes"] == 1  # the other answers were kept


def test_undo_at_the_hand_prompt_names_the_hand_and_asks_first(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    r = session(cli, "1", lines=[words(piles(12)), "undo", "n", "undo", "yes", "quit"])
    line = next(x for x in r.stdout.splitlines() if "take back hand 1 (" in x)
    assert "Anna " in line and "Bruno " in line and "[y/N]" in line  # the hand's result, named
    assert "hand 1 stays" in r.stdout
    assert "Undid hand 1" in r.stdout
    assert cli.json("show", "1")["hands"] == []
    assert [h["voided"] for h in cli.json("match", "history", "1")] == [True]


def _trentuno_with_bruno_out(cli):
    cli("match", "new", "trentuno", "--rules", "52", "--players", "Anna,Bruno,Carla",
        "-o", "lives=1", "-o", "reentry=true")
    cli("hand", "add", "1", "Anna=AC JH 10S", "Bruno=2H 3S 4C", "Carla=JD 8D AS", "knock=Anna")
    assert cli.json("show", "1")["hands"][0]["result"]["out"] == ["Bruno"]


def test_a_hand_naming_a_player_who_is_out_says_the_reentry_word(cli):
    _trentuno_with_bruno_out(cli)
    err = cli.error("hand", "add", "1", "Anna=AC JH 10S", "Bruno=8H 7S 5S", "Carla=JD 8D AS", "knock=Carla")
    assert "Bruno is out" in err and "reentry=Bruno" in err
    # the word it names is the way back
    cli("hand", "add", "1", "Anna=AC JH 10S", "Bruno=8H 7S 5S", "Carla=JD 8D AS", "knock=Carla",
        "reentry=Bruno")
    shown = cli.json("show", "1")
    assert len(shown["hands"]) == 2


def test_in_play_the_reentry_hint_is_followed_by_the_line_retyped(cli):
    _trentuno_with_bruno_out(cli)
    r = session(cli, "1", lines=["Anna=AC JH 10S Bruno=8H 7S 5S Carla=JD 8D AS knock=Carla",
                                 "Anna=AC JH 10S Bruno=8H 7S 5S Carla=JD 8D AS knock=Carla reentry=Bruno", "quit"])
    assert "reentry=Bruno" in r.stderr
    assert len(cli.json("show", "1")["hands"]) == 2


def test_hand_add_at_a_terminal_takes_the_whole_hand_typed_again_too(cli):
    cli("match", "new", "trentasette", "--players", "Anna,Bruno")
    good = piles(13)
    first_card = good["Anna"].split()[0]
    r = cli("hand", "add", "1", "-i", f"Anna={first_card} {good['Anna']}", "Bruno=rest",
            input=words(good) + "\n")
    assert "appears 2 times" in r.stderr and "the line typed replaces the hand" in r.stderr
    assert cli.json("show", "1")["totals"] == dict(expected([{"sides": good}]).final.totals)
