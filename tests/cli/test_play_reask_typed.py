"""A hand typed in one line whose one part is refused keeps its other parts: the refused part is
named (one line, the field and the value, in the user's language) and only it is asked again,
in ``ledger play`` and in ``ledger hand add -i``; then the hand is saved."""

from __future__ import annotations

from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.declare import parts_refused
from tests.cli.test_play import session

SCALA40 = ("scala40", "--players", "Anna,Bruno,Carla,Dario")


def _prompts(stdout: str) -> list[str]:
    """The questions asked inside a hand (the hand prompt left out), each up to its ``>``."""
    return [line.split(">", 1)[0].strip() for line in stdout.splitlines()
            if line.startswith("  ") and ">" in line and "·" not in line]


def _documents(cli) -> list[dict]:
    return [h["document"] for h in cli.json("match", "history", "1")]


def _entered(doc: dict) -> dict:
    return {k: doc[k] for k in ("closed_by", "in_mano", "others")}


def test_scala40_a_closer_typed_with_a_penalty_asks_who_closed_in_italian(cli):
    lines = ["chiude Anna; Anna 10; Bruno 25; Carla 40; Dario 5",
             "Dario",  # Dario closed: the 5 typed for him is dropped, Anna's penalty asked
             "10", "quit"]
    r = cli("--lang", "it", "play", *SCALA40, input="".join(line + "\n" for line in lines))
    assert "errore: mano 1: Anna: Anna ha chiuso: chi chiude non ha carte né penalità" in r.stderr
    assert "non è stata salvata" not in r.stdout
    asked = _prompts(r.stdout)
    assert asked[0].startswith("Chi ha chiuso?")
    assert asked[1].startswith("Anna: carte rimaste in mano")
    assert len(asked) == 2  # nothing else: Bruno's and Carla's numbers kept, no other question
    assert _entered(_documents(cli)[0]) == {"closed_by": "Dario", "in_mano": False,
                                           "others": {"Anna": 10, "Bruno": 25, "Carla": 40}}
    result = cli.json("show", "1")["hands"][0]["result"]
    assert (result["closed_by"], result["penalties"]) == ("Dario", {"Anna": 10, "Bruno": 25, "Carla": 40, "Dario": 0})


def test_scala40_the_same_closer_named_again_keeps_the_line_and_its_in_mano(cli):
    r = session(cli, *SCALA40, lines=["closed Anna, Anna 10, Bruno 25, Carla 40, Dario 5, in hand", "Anna", "quit"])
    assert "error: hand 1: Anna: Anna closed: the closer has no cards and no penalty" in r.stderr
    assert [q.split("?")[0] for q in _prompts(r.stdout)] == ["Who closed"]
    assert _entered(_documents(cli)[0]) == {"closed_by": "Anna", "in_mano": True,
                                           "others": {"Bruno": 25, "Carla": 40, "Dario": 5}}
    result = cli.json("show", "1")["hands"][0]["result"]
    assert (result["doubled"], result["penalties"]) == (True, {"Anna": 0, "Bruno": 50, "Carla": 80, "Dario": 10})


def test_a_penalty_out_of_range_in_the_line_asks_that_penalty_only(cli):
    r = session(cli, *SCALA40, lines=["closed Anna, Bruno 2000, Carla 40, Dario 5", "30", "quit"])
    assert "Bruno" in r.stderr and "2000" in r.stderr
    asked = _prompts(r.stdout)
    assert len(asked) == 1 and asked[0].startswith("Bruno: cards left in hand")
    assert _entered(_documents(cli)[0]) == {"closed_by": "Anna", "in_mano": False,
                                           "others": {"Bruno": 30, "Carla": 40, "Dario": 5}}


def test_briscola_points_out_of_range_are_refused_as_typed_and_asked_alone(cli):
    r = session(cli, "briscola", "--players", "Anna,Bruno", lines=["Anna 200; Bruno rest", "68", "quit"])
    assert "error: Anna: 200 is out of range (0 to 120)" in r.stderr
    asked = _prompts(r.stdout)
    assert len(asked) == 1 and asked[0].startswith("Anna: card points")
    assert cli.json("show", "1")["hands"][0]["result"]["points"] == {"Anna": 68, "Bruno": 52}


def test_a_misspelt_player_in_the_line_is_named_and_only_his_number_asked(cli):
    r = cli("--lang", "it", "play", *SCALA40,
            input="chiude Anna; Bruni 25; Carla 40; Dario 5\n25\nquit\n")
    assert "errore: mano: 'Bruni 25': intendevi 'Bruno'?" in r.stderr
    asked = _prompts(r.stdout)
    assert len(asked) == 1 and asked[0].startswith("Bruno: carte rimaste in mano")
    assert _entered(_documents(cli)[0]) == {"closed_by": "Anna", "in_mano": False,
                                           "others": {"Bruno": 25, "Carla": 40, "Dario": 5}}


def test_a_misspelt_optional_word_asks_the_optional_items(cli):
    r = session(cli, *SCALA40, lines=["closed Anna, Bruno 20, Carla 40, Dario 5, in hnad", "yes", "quit"])
    assert "'in hnad': did you mean 'in hand'?" in r.stderr
    asked = _prompts(r.stdout)
    assert len(asked) == 1 and asked[0].startswith("Did the closer close in mano")
    assert _entered(_documents(cli)[0])["in_mano"] is True


def test_a_line_with_no_part_understood_is_typed_again_whole(cli):
    r = session(cli, "segnapunti", "--players", "Anna,Bruno", lines=["Anan 12", "Anna 12 Bruno -3", "quit"])
    assert "'Anan 12': did you mean 'Anna'?" in r.stderr
    assert cli.json("show", "1")["hands"][0]["result"]["points"] == {"Anna": 12, "Bruno": -3}


def test_segnapunti_a_misspelt_player_in_english(cli):
    r = session(cli, "segnapunti", "--players", "Anna,Bruno", lines=["Anna 12; Bruni -3", "-3", "quit"])
    assert "'Bruni -3': did you mean 'Bruno'?" in r.stderr
    assert [q.split(" (")[0] for q in _prompts(r.stdout)] == ["Bruno: points this round"]
    assert cli.json("show", "1")["hands"][0]["result"]["points"] == {"Anna": 12, "Bruno": -3}


def test_bridge_honours_the_game_refuses_after_reading_the_line_are_asked_alone(cli):
    r = session(cli, "bridge", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario",
                lines=["4SX W -2 honours=XX 100", "NS 100", "quit"])
    assert "error: honors: 'XX' is not a player of this match" in r.stderr
    asked = _prompts(r.stdout)
    assert len(asked) == 1 and asked[0].startswith("Honours")
    result = cli.json("show", "1")["hands"][0]["result"]
    assert (result["contract"], result["declarer"], result["result"]) == ("4SX", "W", "-2")
    assert result["points"] == {"NS": 400, "EW": 0}  # 300 for the two down doubled, 100 for honours


def test_tressette_a_sides_pile_misspelt_asks_that_pile_only_in_italian(cli):
    r = cli("--lang", "it", "play", "tressette", "--players", "Anna,Bruno,Carla,Dario",
            input="Anna 3 assi 12 figure ultima, Bruno rsto\nresto\nquit\n")
    assert "errore: EW: 'rsto' non è una carta, un conteggio né un accuso (intendevi 'resto'?)" in r.stderr
    asked = _prompts(r.stdout)
    assert len(asked) == 1 and asked[0].startswith("Bruno & Dario: mazzetto di prese")
    assert cli.json("show", "1")["totals"] == {"NS": 8, "EW": 3}  # 3 aces 12 thirds 7, the last trick 1


def test_burraco_a_sides_line_out_of_range_asks_that_side_and_keeps_the_other(cli):
    r = session(cli, "burraco", "--players", "Anna,Bruno,Carla,Dario", lines=[
        'NS="2 clean, 1 dirty, melded 310, in hand 35, pozzetto taken, closed" EW="melded 9999, in hand 20"',
        "", "120", "20", "", "quit"])
    assert "error: EW, melded card points: 9999 is out of range (0 to 1080)" in r.stderr
    asked = _prompts(r.stdout)
    assert asked and all(q.startswith(("Bruno & Dario", "did Bruno & Dario")) for q in asked)
    sides = _documents(cli)[0]["sides"]
    assert sides["NS"]["melded_points"] == 310 and sides["EW"]["melded_points"] == 120


def test_sette_e_mezzo_a_player_refused_in_the_line_is_never_left_out_silently(cli):
    r = session(cli, "sette_e_mezzo", "--players", "Anna,Bruno,Carla", lines=[
        "banco Anna 6 e mezzo; Bruno 2 euro 9 e mezzo; Carla 1 euro sballato", "quit"])
    assert "9 e mezzo" in r.stderr
    assert "hand 1 was not saved" not in r.stdout  # refused before anything was asked: typed again
    assert cli.json("show", "1")["hands"] == []  # an absent player sits out: he is not asked, so not kept


def test_scopa_a_pile_the_scorer_refuses_asks_that_sides_pile_again(cli):
    r = session(cli, "scopa", "--players", "Anna,Bruno", lines=[
        'Anna="22 cards 6 denari settebello primiera 78" Bruno=rest', "18 cards 4 denari primiera 70", "no", "", "quit"])
    assert "error: hand 1: Bruno, cards: a side can be 'rest' only when every other side is given as cards" in r.stderr
    asked = _prompts(r.stdout)
    assert asked[0].startswith("Bruno: captured pile") and all(q.startswith("Bruno:") for q in asked)
    sides = _documents(cli)[0]["sides"]
    assert sides["Anna"] == {"cards": 22, "denari": 6, "settebello": True, "primiera": 78, "scope": 0}
    assert (sides["Bruno"]["cards"], sides["Bruno"]["denari"], sides["Bruno"]["primiera"]) == (18, 4, 70)


def test_hand_add_at_a_terminal_asks_the_refused_parts_of_its_words(cli):
    cli("match", "new", *SCALA40)
    r = cli("--lang", "it", "hand", "add", "1", "-i", "chiude Anna; Bruni 25; Carla 40; Dario 5", input="\n25\n")
    assert "'Bruni 25': intendevi 'Bruno'?" in r.stderr
    r = cli("hand", "add", "1", "-i", "closed Anna, Anna 10, Bruno 25, Carla 40, Dario 5", input="\nDario\n10\n")
    assert "Anna closed: the closer has no cards and no penalty — please answer again" in r.stderr
    assert [_entered(d) for d in _documents(cli)] == [
        {"closed_by": "Anna", "in_mano": False, "others": {"Bruno": 25, "Carla": 40, "Dario": 5}},
        {"closed_by": "Dario", "in_mano": False, "others": {"Anna": 10, "Bruno": 25, "Carla": 40}}]


def test_read_words_past_refused_parts_keeps_the_others_and_drops_a_contradicted_field():
    game = get_game("scala40")
    setup = game.setup("standard", ["Anna", "Bruno", "Carla", "Dario"], None, {})
    with parts_refused() as refused:
        doc = game.parse_entry(setup, ["chiude Anna; Bruno 20; Bruno 25; Carla 40; Darrio 5"])
    assert doc == {"closed_by": "Anna", "others": {"Carla": 40}}
    assert [e.path for e in refused] == ["others.Bruno", "entry"]
    assert all(isinstance(e, LedgerError) for e in refused)
    try:  # outside it, the first part refused is raised as before
        game.parse_entry(setup, ["chiude Anna; Bruno 20; Bruno 25"])
    except LedgerError as err:
        assert err.path == "others.Bruno"
    else:
        raise AssertionError("a contradiction read without parts_refused must be refused")
