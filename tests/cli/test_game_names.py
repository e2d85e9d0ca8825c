"""Games named on the command line: ``scopone`` is Scopa's rule set ``scopone`` (documents keep
``"game": "scopa"``, FORMATS.md), and an unknown game's error says what to type."""

from __future__ import annotations

import json

import pytest

from ledger.errors import LedgerError
from ledger.games import available, command_game

FOUR = ["--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario"]


def test_scopone_starts_a_match_of_scopa_with_the_scopone_rules(cli):
    out = cli("--lang", "it", "play", "scopone", *FOUR, input="esci\n").stdout
    assert "Partita 1 · Scopone ·" in out
    cli("match", "new", "Scopone", "-r", "scopone", *FOUR)
    exported = cli.json("export", "1")
    assert (exported["game"], exported["rules"]) == ("scopa", "scopone")  # the document is FORMATS.md's
    assert [m["rules"] for m in cli.json("match", "list")] == ["scopone", "scopone"]
    err = cli.error("--lang", "it", "match", "new", "scopone", "-r", "scopa", *FOUR)
    assert err == "errore: variante: scopone è scopa con le regole scopone, non scopa"
    assert "a match of scopone, give --players" in cli.error("play", "scopone", input="quit\n")
    assert cli.json("match", "list")[0]["id"] == 2  # nothing written by the refusals


def test_command_game_leaves_every_other_name_as_it_is():
    assert command_game("scopone") == ("scopa", "scopone")
    assert command_game(" SCOPONE ", "Scopone") == ("scopa", "scopone")
    assert command_game("bridge", "chicago") == ("bridge", "chicago")
    assert command_game("37") == ("37", None)
    with pytest.raises(LedgerError) as err:
        command_game("scopone", "rubber")
    assert err.value.field == "rules"


@pytest.mark.parametrize("typed, says", [
    ("chicago", "error: game: unknown game 'chicago': it is a rule set of bridge (type bridge -r chicago)"),
    ("duplicato", "error: game: unknown game 'duplicato': it is a rule set of bridge (type bridge -r duplicate)"),
    ("trentasete", "error: game: unknown game 'trentasete' (did you mean 'trentasette'?)"),
    ("poker", "error: game: unknown game 'poker' (known: " + ", ".join(available())
     + "; any other game: segnapunti --title poker, its score sheet)"),
])
def test_an_unknown_game_says_what_to_type(cli, typed, says):
    assert cli.error("play", typed, "-p", "Anna,Bruno,Carla,Dario", input="quit\n") == says
    assert cli.error("match", "new", typed, "-p", "Anna,Bruno,Carla,Dario") == says


SCOPONE_HAND = {"game": "scopone", "sides": {"NS": {"cards": "7D 6D AD KD 7C 7S", "scope": 2},
                                             "EW": {"cards": "rest", "scope": 0}}}
SCOPONE_MATCH = {"game": "scopone", "sides": {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}, "hands": []}


@pytest.mark.parametrize("command, doc", [("score", SCOPONE_HAND), ("replay", SCOPONE_MATCH),
                                          ("import", SCOPONE_MATCH)])
def test_a_document_names_scopa_not_scopone_and_is_told_the_fields_to_write(cli, command, doc):
    """A document takes the game ``scopa`` and the rule set ``scopone`` (FORMATS.md, Scopa): its
    advice names the document's fields and their values, not the command line's ``-r``."""
    text = json.dumps(doc)
    assert cli.error("--lang", "it", command, "-", input=text) == (
        "errore: gioco: gioco sconosciuto 'scopone': è una variante di scopa (nel documento scrivi "
        '"game": "scopa", "rules": "scopone")')
    assert cli.error(command, "-", input=text) == (
        "error: game: unknown game 'scopone': it is a rule set of scopa (in the document write "
        '"game": "scopa", "rules": "scopone")')
    assert cli.json("match", "list") == []  # nothing written
    fixed = {**doc, "game": "scopa", "rules": "scopone"}
    assert cli(command, "-", input=json.dumps(fixed)).exit_code == 0  # the advice, followed, is taken


def test_a_document_naming_a_bridge_rule_set_as_its_game_is_told_the_fields(cli):
    hand = {"game": "chicago", "contract": "3NT", "declarer": "S", "tricks": 9, "vulnerable": "None"}
    assert cli.error("score", "-", input=json.dumps(hand)) == (
        "error: game: unknown game 'chicago': it is a rule set of bridge (in the document write "
        '"game": "bridge", "rules": "chicago")')
    assert cli("score", "-", input=json.dumps({**hand, "game": "bridge", "rules": "chicago"})).exit_code == 0
