"""Games named on the command line: ``scopone`` is Scopa's rule set ``scopone`` (documents keep
``"game": "scopa"``, FORMATS.md), and an unknown game's error says what to type."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError
from ledger.games import command_game

FOUR = ["--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario"]


def test_scopone_starts_a_match_of_scopa_with_the_scopone_rules(cli):
    out = cli("--lang", "it", "play", "scopone", *FOUR, input="esci\n").stdout
    assert "Partita 1 · Scopone ·" in out
    cli("match", "new", "Scopone", "-r", "scopone", *FOUR)
    exported = cli.json("export", "1")
    assert (exported["game"], exported["rules"]) == ("scopa", "scopone")  # the document is FORMATS.md's
    assert [m["rules"] for m in cli.json("match", "list")] == ["scopone", "scopone"]
    err = cli.error("--lang", "it", "match", "new", "scopone", "-r", "scopa", *FOUR)
    assert err == "errore: rules: scopone è scopa con le regole scopone, non scopa"
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
    ("poker", "error: game: unknown game 'poker' (known: trentasette, trentuno, simone, bridge, canasta, burraco, "
              "scopa)"),
])
def test_an_unknown_game_says_what_to_type(cli, typed, says):
    assert cli.error("play", typed, "-p", "Anna,Bruno,Carla,Dario", input="quit\n") == says
    assert cli.error("match", "new", typed, "-p", "Anna,Bruno,Carla,Dario") == says


def test_a_document_names_scopa_not_scopone(cli):
    err = cli.error("--lang", "it", "score", "-", input='{"game": "scopone"}')
    assert err == "errore: game: gioco sconosciuto 'scopone': è una variante di scopa (scrivi scopa -r scopone)"
